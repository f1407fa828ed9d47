import PageKit

/// The elements of an SVG picture, in drawing order, each on its own line; every
/// coordinate is a whole number, so the same picture always prints the same text.
struct SVGCanvas {
    /// Where a text's `x` is.
    enum Anchor: String {
        case start, middle
    }

    static let ink = "#1b1b1b"
    static let faint = "#666666"

    private(set) var elements: [String] = []

    mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), color: String, dashed: Bool = false) {
        var element = "<line x1=\"\(start.x)\" y1=\"\(start.y)\" x2=\"\(end.x)\" y2=\"\(end.y)\" stroke=\"\(color)\""
        if dashed { element += " stroke-dasharray=\"6 4\"" }
        elements.append(element + "/>")
    }

    mutating func box(
        x: Int, y: Int, width: Int, height: Int, className: String, fill: String, stroke: String, strokeWidth: Int
    ) {
        elements.append(
            "<rect class=\"\(className)\" x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" rx=\"6\""
                + " fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\"/>")
    }

    mutating func text(
        _ text: String, x: Int, y: Int, size: Int = 12, bold: Bool = false, anchor: Anchor = .start,
        color: String = SVGCanvas.ink
    ) {
        var element = "<text x=\"\(x)\" y=\"\(y)\""
        if anchor != .start { element += " text-anchor=\"\(anchor.rawValue)\"" }
        if size != 12 { element += " font-size=\"\(size)\"" }
        if bold { element += " font-weight=\"bold\"" }
        if color != Self.ink { element += " fill=\"\(color)\"" }
        elements.append(element + ">" + PictureText.xml(text) + "</text>")
    }

    /// A standalone SVG document: its size, a title for assistive technology, a white
    /// ground (pictures are read on dark pages too), then the elements.
    func document(width: Int, height: Int, title: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
                + " viewBox=\"0 0 \(width) \(height)\" font-family=\"Menlo, Consolas, 'DejaVu Sans Mono', monospace\""
                + " font-size=\"12\">",
            "<title>" + PictureText.xml(title) + "</title>",
            "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
        ]
        lines.append(contentsOf: elements)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
