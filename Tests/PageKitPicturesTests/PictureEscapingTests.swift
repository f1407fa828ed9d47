@testable import PageKit
@testable import PageKitPictures
import PageKitContainers
import PageKitTestSupport
import Testing

@Suite("Pictures escape what they print", .timeLimit(.minutes(10)))
struct PictureEscapingTests {
    @Test("Mermaid labels spell syntax and entity starts as entities", arguments: [
        ("say \"hi\"", "say #quot;hi#quot;"),
        ("[a](b){c}|d;e", "[a](b){c}|d;e"),
        ("<b>&amp;</b>", "#lt;b#gt;#amp;amp;#lt;/b#gt;"),
        ("#quot;", "#35;quot;"),
        ("`md`", "#96;md#96;"),
        ("a\nb\tc\u{7F}", "a␊b␉c␡"),
        ("日本語 é 👩‍👩‍👧", "日本語 é 👩‍👩‍👧"),
    ])
    func mermaid(_ text: String, _ escaped: String) {
        #expect(PictureText.mermaid(text) == escaped)
    }

    @Test("DOT strings escape quotes and backslashes, and spell & as an entity", arguments: [
        ("say \"hi\"", "say \\\"hi\\\""),
        ("a\\b", "a\\\\b"),
        ("a&amp;b", "a&amp;amp;b"),
        ("<b>{x}|y", "<b>{x}|y"),
        ("a\nb", "a␊b"),
        ("日本語 é", "日本語 é"),
    ])
    func dot(_ text: String, _ escaped: String) {
        #expect(PictureText.dot(text) == escaped)
    }

    @Test("XML text escapes the five special characters and replaces what XML cannot hold", arguments: [
        ("<a href=\"x\">Tom & Jerry's</a>", "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;"),
        ("a\u{0}b\u{1B}c\u{7F}", "a␀b␛c␡"),
        ("\u{FFFE}\u{FFFF}", "\u{FFFD}\u{FFFD}"),
        ("日本語 é 👩‍👩‍👧", "日本語 é 👩‍👩‍👧"),
    ])
    func xml(_ text: String, _ escaped: String) {
        #expect(PictureText.xml(text) == escaped)
    }

    /// Names and values that mean something to Mermaid, DOT, XML or paths.
    static let hostile: [(name: String, value: String)] = [
        ("say\"hi\"", "\"quoted\""),
        ("[x]{y}|z;", "a]b[c"),
        ("<script>", "&amp;<b>"),
        ("#quot;", "#35;"),
        ("`md`", "`**bold**`"),
        ("a\\b", "c\\d"),
        ("end", "-->"),
        ("it's", "%%"),
        ("日本語", "é 👩‍👩‍👧"),
        ("x", "line\nbreak\ttab"),
    ]

    @MainActor
    @Test("a hostile page draws as itself in every picture", arguments: hostile)
    func hostilePage(name: String, value: String) throws {
        let queue = TransitionQueue()
        let stack = PageStackModel(name: "s", pages: [TestPage(name, ["v": value])], queue: queue)
        let navigator = Navigator(root: stack, host: PageHostModel(queue: queue), queue: queue, identifiers: .sequential())
        let snapshot = try #require(navigator.snapshot())
        let label = snapshot.root.children[0].label

        // Mermaid: one line per node, edge and style; the label decodes back.
        let mermaid = snapshot.mermaid.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(mermaid.count == 7)
        let node = String(mermaid[2])
        #expect(node.hasPrefix("    n1[\"") && node.hasSuffix("<br/>parent\"]"))
        let quoted = node.dropFirst("    n1[\"".count).dropLast("<br/>parent\"]".count)
        #expect(!quoted.contains { "\"<>&`\n".contains($0) })
        #expect(Self.decodeMermaid(String(quoted)) == label)

        // DOT: one statement per line; no quote ends the label early; the label decodes back.
        let dot = snapshot.dot.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(dot.count == 7)
        let statement = dot[3]
        let prefix = "    n1 [label=\""
        #expect(statement.hasPrefix(prefix))
        let end = try #require(statement.firstRange(of: "\\nparent\""), "the label ends where the role begins")
        #expect(Self.decodeDOT(String(statement[statement.index(statement.startIndex, offsetBy: prefix.count)..<end.lowerBound]))
                == label)

        // SVG: well-formed, and its text is the label.
        let svg = try SVGDocument(parsing: snapshot.svg)
        #expect(svg.texts.contains(label))
    }

    @MainActor
    @Test("hostile titles and steps keep to their lines and read back from the SVG")
    func hostileSteps() throws {
        let queue = TransitionQueue()
        let stack = PageStackModel(name: "s", pages: [TestPage("a")], queue: queue)
        let snapshot = try #require(Navigator(root: stack, host: PageHostModel(queue: queue), queue: queue).snapshot())
        let plain = PlanPicture(before: snapshot, title: "title", steps: ["one", "two"], after: snapshot)
        let hostile = PlanPicture(before: snapshot, title: "a \"t\"\n<&>'", steps: ["x\ny", "`z` #quot; \\"],
                                  after: snapshot)
        #expect(hostile.mermaid.split(separator: "\n").count == plain.mermaid.split(separator: "\n").count)
        #expect(hostile.dot.split(separator: "\n").count == plain.dot.split(separator: "\n").count)
        let svg = try SVGDocument(parsing: hostile.svg)
        #expect(svg.title == "a \"t\"␊<&>'")
        #expect(svg.texts.contains("1. x␊y"))
        #expect(svg.texts.contains("2. `z` #quot; \\"))
    }

    /// Reads Mermaid's `#…;` entities back, in one pass.
    static func decodeMermaid(_ text: String) -> String {
        let entities = ["quot": "\"", "35": "#", "lt": "<", "gt": ">", "96": "`", "amp": "&"]
        var decoded = ""
        var rest = text[...]
        while let hash = rest.firstIndex(of: "#") {
            decoded += rest[..<hash]
            guard let end = rest[hash...].firstIndex(of: ";"),
                  let character = entities[String(rest[rest.index(after: hash)..<end])] else {
                return decoded + "(not an entity: \(rest[hash...]))"
            }
            decoded += character
            rest = rest[rest.index(after: end)...]
        }
        return decoded + rest
    }

    static func decodeDOT(_ text: String) -> String {
        var decoded = ""
        var escaping = false
        for character in text {
            if !escaping, character == "\"" { return decoded + "(a quote ends the string early)" }
            if escaping || character != "\\" {
                decoded.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        return decoded.replacing("&amp;", with: "&")
    }
}
