import PageKit

/// Escaping for the text pictures print, so that any page name, parameter value or step
/// draws as itself and never as syntax.
enum PictureText {
    /// Text for a quoted Mermaid label (`"…"`): the characters Mermaid reads as syntax
    /// or as the start of an entity become `#…;` entities.
    static func mermaid(_ text: String) -> String {
        escape(text) { scalar in
            switch scalar {
            case "\"": "#quot;"
            case "#": "#35;"
            case "&": "#amp;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "`": "#96;"  // "` opens a Markdown label
            default: nil
            }
        }
    }

    /// Text for a quoted Graphviz string: quotes and backslashes escaped, and `&` spelled
    /// as an entity, since Graphviz decodes entities in every label.
    static func dot(_ text: String) -> String {
        escape(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "&": "&amp;"
            default: nil
            }
        }
    }

    /// Text for XML character data and attribute values; characters XML 1.0 does not
    /// allow even as references are replaced.
    static func xml(_ text: String) -> String {
        escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        }
    }

    /// `text` with each scalar `replacement` names replaced, and every other one
    /// `printable(_:)`.
    private static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                escaped += replaced
            } else {
                escaped.unicodeScalars.append(printable(scalar))
            }
        }
        return escaped
    }

    /// A control character as its Unicode control picture (a newline shows as `␊`), so it
    /// neither breaks a line of syntax nor vanishes; anything else as itself.
    private static func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? scalar
        case 0x7F: "\u{2421}"
        default: scalar
        }
    }

    /// About how wide `text` draws in a monospaced font whose characters are `unit`
    /// wide: East Asian wide characters and emoji count twice, combining marks not at all.
    static func width(of text: String, unit: Int) -> Int {
        var units = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: break
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                units += 2
            default: units += 1
            }
        }
        return units * unit
    }
}
