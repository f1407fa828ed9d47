import Foundation
import PageKit
import PageKitContainers
import PageKitPictures
import ShowcaseApp

// Opens the URLs of the worked example, each on a demo app brought to the row's
// "before" state, and prints the plan, the live tree and the current URL.
//
// `--svg DIR` also writes each row's picture, the trees before and after with the plan
// between, as DIR/row-N.svg and as Mermaid text in DIR/row-N.mmd.
//
// Then, when standard input is a terminal or `--interactive` is given, it opens a prompt
// on a fresh demo app: each line is a URL, a path or a move (`help` lists them), run by a
// `ShowcaseSession`. Piped input (CI, `< /dev/null`) skips the prompt unless asked for.

let usage = "usage: Showcase [--svg DIR] [--interactive]"

/// What the command line asks for.
struct Options {
    /// The directory given with `--svg`, if any.
    var pictures: URL?
    /// Whether `--interactive` was given.
    var interactive = false
}

/// Reads the arguments; anything it does not know ends the program with status 2.
func readOptions(_ arguments: [String]) -> Options {
    func refuse() -> Never {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
    var options = Options()
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "--svg" where options.pictures == nil:
            guard let directory = rest.popFirst(), !directory.isEmpty, !directory.hasPrefix("--") else { refuse() }
            options.pictures = URL(fileURLWithPath: directory, isDirectory: true)
        case "--interactive" where !options.interactive:
            options.interactive = true
        default:
            refuse()
        }
    }
    return options
}

/// Writes a row's picture as `row-N.svg` and `row-N.mmd` in `directory`.
func write(_ picture: PlanPicture, number: Int, to directory: URL) throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let svg = directory.appendingPathComponent("row-\(number).svg")
    let mermaid = directory.appendingPathComponent("row-\(number).mmd")
    try picture.svg.write(to: svg, atomically: true, encoding: .utf8)
    try picture.mermaid.write(to: mermaid, atomically: true, encoding: .utf8)
    print("wrote \(svg.path), \(mermaid.path)")
}

@MainActor
func runShowcase(pictures: URL?) async -> Int32 {
    var failures: Int32 = 0
    for (number, row) in WorkedExampleRow.table.enumerated() {
        let app = DemoApp()
        print("── \(number + 1). before \(row.before)")
        do {
            try await app.navigator.open(row.before, .mode(.exact).animated(false))
            let before = app.navigator.snapshot()
            print("open \(row.url)")
            let plan = try app.navigator.plan(for: row.url)
            print(plan)
            try await app.navigator.open(row.url)
            print(app.liveDescription)
            if let detail = app.contact.pages.compactMap({ $0 as? PersonDetailPage }).first,
               !detail.receivedEvents.isEmpty {
                print("person_detail(id=\(detail.personID)) received: \(detail.receivedEvents.joined(separator: ", "))")
            }
            if let pictures, let before, let after = app.navigator.snapshot() {
                try write(PlanPicture(before: before, plan: plan, after: after), number: number + 1, to: pictures)
            }
        } catch {
            print("error: \(error)")
            failures += 1
        }
        print("")
    }
    return failures
}

/// Reads lines at a prompt and runs them on a fresh demo app until `quit` or the end of
/// input. Piped lines are echoed after the prompt, so the output reads as a terminal would
/// show it.
@MainActor
func runPrompt(echoingInput: Bool) async {
    let session = ShowcaseSession()
    print("── your turn, on a fresh app")
    print(session.greeting)
    while !session.isFinished {
        print("pagekit> ", terminator: "")
        fflush(nil)
        guard let line = readLine() else {
            print("")
            break
        }
        if echoingInput { print(line) }
        let text = await session.run(line)
        if !text.isEmpty { print(text) }
    }
}

let options = readOptions(Array(CommandLine.arguments.dropFirst()))
let failures = await runShowcase(pictures: options.pictures)
let inputIsTerminal = isatty(STDIN_FILENO) == 1
if options.interactive || inputIsTerminal {
    await runPrompt(echoingInput: !inputIsTerminal)
}
exit(failures)
