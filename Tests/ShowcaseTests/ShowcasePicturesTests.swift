import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PageKit
import PageKitPictures
import ShowcaseApp
import Testing

/// Runs the built showcase binary with `arguments`, its standard input a pipe that holds
/// `input` and then ends (never the terminal the tests may run in, which would open its
/// prompt).
/// - Returns: Its exit status, standard output and standard error.
func runShowcaseBinary(_ arguments: [String], input: String = "") throws
    -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = Bundle.main.bundleURL.appendingPathComponent("Showcase")
    process.arguments = arguments
    let output = Pipe(), errors = Pipe(), typed = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = typed
    try process.run()
    typed.fileHandleForWriting.write(Data(input.utf8))
    try typed.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}

/// What a test reads of an SVG file: whether it is XML, its root and its texts.
final class SVGReader: NSObject, XMLParserDelegate {
    private(set) var root: (name: String, attributes: [String: String])?
    private(set) var texts: [String] = []
    private var text: String?

    /// - Returns: `nil` when `data` is well-formed XML, else what is wrong.
    func read(_ data: Data) -> String? {
        let parser = XMLParser(data: data)
        parser.delegate = self
        return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)"
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = (elementName, attributes) }
        if elementName == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName: String?) {
        if elementName == "text", let text {
            texts.append(text)
            self.text = nil
        }
    }
}

@Suite("The showcase draws the worked example", .timeLimit(.minutes(10)))
struct ShowcasePicturesTests {
    @Test("--svg DIR writes each row as SVG and Mermaid; every SVG parses as XML")
    func writesPictures() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("showcase-pictures-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try runShowcaseBinary(["--svg", directory.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let rows = 1...WorkedExampleRow.table.count
        #expect(files == rows.flatMap { ["row-\($0).mmd", "row-\($0).svg"] }.sorted())
        for number in rows {
            let svg = try Data(contentsOf: directory.appendingPathComponent("row-\(number).svg"))
            let reader = SVGReader()
            #expect(reader.read(svg) == nil, "row-\(number).svg")
            #expect(reader.root?.name == "svg")
            for attribute in ["width", "height", "viewBox"] {
                #expect(reader.root?.attributes[attribute] != nil, "row-\(number).svg has no \(attribute)")
            }
            #expect(reader.texts.contains { $0.hasPrefix("plan for \(WorkedExampleRow.table[number - 1].url) ") })
            #expect(reader.texts.contains { $0.hasPrefix("1. ") })
            let mermaid = try String(contentsOf: directory.appendingPathComponent("row-\(number).mmd"), encoding: .utf8)
            #expect(mermaid.hasPrefix("flowchart LR\n    subgraph before[\"before\"]\n"))
        }
        #expect(run.output.contains("wrote \(directory.appendingPathComponent("row-8.svg").path), "))

        // Apart from saying what it wrote, the showcase prints what it prints without the option.
        let plain = try runShowcaseBinary([])
        let withoutWrites = run.output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("wrote ") }.joined(separator: "\n")
        #expect(withoutWrites == plain.output)
    }

    @Test("an argument it does not know is refused with its usage",
          arguments: [["--svg"], ["--png", "x"], ["x"], ["--svg", "--interactive"], ["--interactive", "--interactive"],
                      ["--svg", "a", "--svg", "b"]])
    func refusesUnknownArguments(_ arguments: [String]) throws {
        let run = try runShowcaseBinary(arguments)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors == "usage: Showcase [--svg DIR] [--interactive]\n")
    }

    @MainActor
    @Test("the README's diagrams are what the showcase writes for rows 3 and 8", arguments: [3, 8])
    func readmeDiagrams(row number: Int) async throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let picture = try await WorkedExampleRow.table[number - 1].picture()
        #expect(text.contains("```mermaid\n" + picture.mermaid + "```\n"),
                "regenerate with `swift run Showcase --svg DIR` and paste DIR/row-\(number).mmd")
    }
}
