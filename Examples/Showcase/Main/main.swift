import Foundation
import PageKit
import PageKitContainers
import ShowcaseApp

// Opens the URLs of DESIGN.md's worked example, each on a demo app brought to the row's
// "before" state, and prints the plan, the live tree and the current URL.
//
// `--svg DIR` also writes each row's picture, the trees before and after with the plan
// between, as DIR/row-N.svg and as Mermaid text in DIR/row-N.mmd.

let usage = "usage: Showcase [--svg DIR]"

/// The directory given with `--svg`, or `nil`; anything else ends the program.
func picturesDirectory(in arguments: [String]) -> URL? {
    switch arguments.count {
    case 0:
        return nil
    case 2 where arguments[0] == "--svg" && !arguments[1].isEmpty:
        return URL(fileURLWithPath: arguments[1], isDirectory: true)
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
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
            try await app.navigator.open(row.before, .exact.animated(false))
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

let failures = await runShowcase(pictures: picturesDirectory(in: Array(CommandLine.arguments.dropFirst())))
exit(failures)
