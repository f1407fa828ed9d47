import Foundation
import ShowcaseApp
import Testing

/// A C library function, looked up at run time: Swift's Glibc module leaves out the
/// X/Open pseudo-terminal calls.
func cFunction<Function>(_ name: String, as type: Function.Type) throws -> Function {
    guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, name) else {
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "no `\(name)` in the C library"])
    }
    return unsafeBitCast(symbol, to: type)
}

/// Runs the built showcase binary with no arguments, its standard input a pseudo-terminal
/// into which `input` is typed, as a person at a terminal would.
/// - Returns: Its exit status and standard output (a pipe, so the terminal's echo of the
///   typed lines is not in it).
func runShowcaseInTerminal(typing input: String) throws -> (status: Int32, output: String) {
    typealias DescriptorCall = @convention(c) (Int32) -> Int32
    let openController = try cFunction("posix_openpt", as: DescriptorCall.self)
    let grant = try cFunction("grantpt", as: DescriptorCall.self)
    let unlock = try cFunction("unlockpt", as: DescriptorCall.self)
    let nameOfTerminal = try cFunction("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    let controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no pseudo-terminal: errno \(errno)"])
    }
    defer { close(controller) }
    guard grant(controller) == 0, unlock(controller) == 0, let name = nameOfTerminal(controller),
          let terminal = FileHandle(forUpdatingAtPath: String(cString: name)) else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot open the pseudo-terminal"])
    }
    let process = Process()
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("Showcase")
    let output = Pipe()
    process.standardOutput = output
    process.standardInput = terminal
    try process.run()
    try terminal.close()
    // The terminal keeps what is typed until the program reads it, a line at a time.
    let typed = Array(input.utf8)
    let written = typed.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    #expect(written == typed.count)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

@Suite("The showcase's prompt", .timeLimit(.minutes(10)))
struct ShowcasePromptTests {
    @Test("--interactive reads piped lines after the worked example: a bad one prints its error, quit ends with 0")
    func drivenThroughStdin() throws {
        let lines = [
            "app://tab/contact/person_detail?id=5",
            "up x",
            "tap back",
            "tap tab settings",
            "back",
            "quit",
            "app://tab/contact!compose",
        ]
        let run = try runShowcaseBinary(["--interactive"], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.errors.isEmpty)
        #expect(run.output.contains("── 8. before /tab#contact/list!compose\n"), "the worked example comes first")
        let transcript = try #require(run.output.split(separator: "── your turn, on a fresh app\n").last)
        let atList = ShowcaseSessionTests.atList
        #expect(transcript == """
            Type a URL, a path or a move; `help` lists the commands, `quit` ends.
            \(atList)
            pagekit> app://tab/contact/person_detail?id=5
            plan for app://tab/contact/person_detail?id=5 (reuse)
              1. push person_detail onto contact
            \(ShowcaseSessionTests.atPersonDetail)
            pagekit> up x
            error: `up x`: `x` is not a count; `up` takes a whole number from 1, as in `up 2`
            pagekit> tap back
            reported: popped [person_detail(id=5)] in contact by the user
            \(atList)
            pagekit> tap tab settings
            reported: selected [settings] in tab by the user
            live tree:
              tab [tabs] *
              - contact [stack]
                - list
              - settings *
            current URL: app://tab/settings
            pagekit> back
            plan for back(1) → /tab#contact/list (exact)
              1. select contact in tab
            \(atList)
            pagekit> quit

            """, "nothing runs after quit")
    }

    @Test("the end of piped input ends the session with 0")
    func endOfInput() throws {
        let run = try runShowcaseBinary(["--interactive"], input: "help\n")
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.hasSuffix("pagekit> help\n" + ShowcaseCommand.helpText + "\npagekit> \n"))
    }

    @Test("at a terminal the prompt opens without --interactive, and typed lines are not echoed twice")
    func drivenThroughTerminal() throws {
        let run = try runShowcaseInTerminal(typing: "tap tab settings\nswipe down\nquit\n")
        #expect(run.status == 0, "\(run.output)")
        let transcript = try #require(run.output.split(separator: "── your turn, on a fresh app\n").last)
        #expect(transcript.hasPrefix("Type a URL, a path or a move;"))
        #expect(transcript.contains("current URL: app://tab/contact/list\npagekit> reported: selected [settings] in tab by the user\n"))
        #expect(transcript.contains("current URL: app://tab/settings\npagekit> error: "))
        #expect(!transcript.contains("tap tab settings"), "the terminal echoes what is typed, not the showcase")
        #expect(transcript.hasSuffix("pagekit> "))
    }
}
