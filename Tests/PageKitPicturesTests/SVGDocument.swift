import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document as `XMLParser` reads it: what pictures are checked against, so a
/// test sees the text a browser would, with every entity decoded.
struct SVGDocument {
    /// A rectangle: a page's box.
    struct Frame: Equatable, CustomStringConvertible {
        let x: Int, y: Int, width: Int, height: Int

        func overlaps(_ other: Frame) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }

        var description: String { "(\(x), \(y), \(width)×\(height))" }
    }

    /// The root element's name and attributes.
    let rootName: String
    let rootAttributes: [String: String]
    /// The content of every `<text>`, in document order.
    let texts: [String]
    /// The `<title>`.
    let title: String
    /// Every `<rect>` whose class names a page, in document order.
    let pageBoxes: [Frame]
    /// Those on screen.
    let visibleBoxes: [Frame]

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// - Throws: ``ParseError`` when the text is not well-formed XML.
    init(parsing text: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = reader
        guard parser.parse(), reader.failure == nil else {
            throw ParseError(description: "not XML: \(reader.failure ?? parser.parserError.map { "\($0)" } ?? "?")")
        }
        rootName = reader.rootName
        rootAttributes = reader.rootAttributes
        texts = reader.texts
        title = reader.title
        pageBoxes = reader.pageBoxes.map(\.frame)
        visibleBoxes = reader.pageBoxes.filter(\.isVisible).map(\.frame)
    }

    /// Reads the elements a test looks at.
    private final class Reader: NSObject, XMLParserDelegate {
        var rootName = ""
        var rootAttributes: [String: String] = [:]
        var texts: [String] = []
        var title = ""
        var pageBoxes: [(frame: Frame, isVisible: Bool)] = []
        var failure: String?
        private var current: String?
        private var characters = ""

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            if rootName.isEmpty {
                rootName = elementName
                rootAttributes = attributes
            }
            if elementName == "text" || elementName == "title" {
                current = elementName
                characters = ""
            }
            if elementName == "rect", let classes = attributes["class"]?.split(separator: " "), classes.contains("page") {
                let numbers = ["x", "y", "width", "height"].compactMap { attributes[$0].flatMap { Int($0) } }
                guard numbers.count == 4 else {
                    failure = "a page box without whole-number x, y, width and height: \(attributes)"
                    return
                }
                pageBoxes.append((Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]),
                                  classes.contains("visible")))
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if current != nil { characters += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?) {
            guard elementName == current else { return }
            if elementName == "text" { texts.append(characters) } else { title = characters }
            current = nil
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            failure = "\(parseError) at line \(parser.lineNumber), column \(parser.columnNumber)"
        }
    }
}
