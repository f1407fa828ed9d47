import Foundation
import Testing

@Suite("The showcase runs", .timeLimit(.minutes(10)))
struct ShowcaseRunTests {
    @Test("swift run Showcase prints every row of the worked example and exits 0, with no prompt when input is not a terminal")
    func runsShowcase() throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("Showcase")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "built at \(binary.path)")
        let process = Process()
        process.executableURL = binary
        let output = Pipe()
        process.standardOutput = output
        // As in CI: not the terminal the tests may run in, which would open the prompt.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        for number in 1...8 {
            #expect(text.contains("── \(number). before "))
        }
        #expect(text.contains("plan for app://tab/contact/person_detail?id=5 (reuse)\n  1. push person_detail onto contact"))
        #expect(text.contains("current URL: app://tab/contact/list/person_detail(id=5)\n"))
        #expect(text.contains("  1. dismiss compose (presented by tab)\n  2. select settings in tab"))
        #expect(text.contains("person_detail(id=5) received: unfriended"))
        #expect(!text.contains("error:"))
        #expect(!text.contains("pagekit> "))
        #expect(text.hasSuffix("current URL: app://tab/settings\n\n"), "ends after the last row")
    }
}
