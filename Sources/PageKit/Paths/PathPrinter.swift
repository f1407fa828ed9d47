/// Prints page paths in their canonical spelling.
///
/// Only bytes that would change the meaning where they stand are percent-encoded (plus
/// spaces, control bytes and, in app URLs, non-ASCII bytes), so a value such as
/// `url=http://x.com/a?b=1#c` prints as written.
enum PathPrinter {
    /// Where a piece of text stands, which decides the bytes it must encode.
    enum Context {
        case name, leadingName, parameterKey, parameterValue, queryKey, queryValue
    }

    static func print(_ path: PagePath) -> String {
        var text = ""
        // A relative path has no URL form: it prints as a path string.
        let asURL = path.scheme != nil && path.origin == .root
        var components = path.components[...]
        if asURL, let scheme = path.scheme {
            text += scheme
            text += "://"
            if let host = components.first, host.presentation == .shown || host.presentation == .child {
                appendComponentBody(host, to: &text, asURL: true)
                components = components.dropFirst()
            }
        } else {
            switch path.origin {
            case .root:
                if components.isEmpty { text += "/" }
            case .current(let levelsUp):
                if levelsUp == 0, components.isEmpty { text += "." }
                if levelsUp == 0, let first = components.first {
                    if first.presentation == .shown {
                        appendComponentBody(first, to: &text, asURL: false, leadsRelativePath: true)
                        components = components.dropFirst()
                    } else {
                        text += "."
                    }
                }
                for level in 0..<levelsUp {
                    if level > 0 { text += "/" }
                    text += ".."
                }
            }
        }
        for component in components {
            text += asURL ? urlSeparator(component.presentation) : component.presentation.separator
            appendComponentBody(component, to: &text, asURL: asURL)
        }
        if !path.query.isEmpty {
            text += "?"
            appendQuery(path.query, to: &text, asURL: asURL)
        }
        return text
    }

    /// A URL cannot say `#`: an internal child is reached with `/`.
    private static func urlSeparator(_ presentation: PageComponent.Presentation) -> String {
        switch presentation {
        case .shown, .child, .childStack: "/"
        case .modal: "!"
        case .modalStack: "!/"
        }
    }

    static func appendComponentBody(
        _ component: PageComponent,
        to text: inout String,
        asURL: Bool,
        leadsRelativePath: Bool = false
    ) {
        if component.name == "." || component.name == ".." || component.name == "^" {
            // Spelled as data, so they are not read as relative moves or the root marker.
            for byte in component.name.utf8 { text += byte == .caret ? "%5E" : "%2E" }
        } else if leadsRelativePath {
            // Nothing precedes it, so a leading `^` or a `scheme:` must not be read as such.
            var name = component.name[...]
            if name.utf8.first == .caret {
                text += "%5E"
                name = name.dropFirst()
            }
            append(String(name), .leadingName, to: &text, asURL: asURL)
        } else {
            append(component.name, .name, to: &text, asURL: asURL)
        }
        guard !component.parameters.isEmpty else { return }
        text += "("
        for (index, parameter) in component.parameters.enumerated() {
            if index > 0 { text += "," }
            append(parameter.key, .parameterKey, to: &text, asURL: asURL)
            text += "="
            append(parameter.value, .parameterValue, to: &text, asURL: asURL)
        }
        text += ")"
    }

    static func appendQuery(_ query: PageParameters, to text: inout String, asURL: Bool) {
        for (index, parameter) in query.enumerated() {
            if index > 0 { text += "&" }
            append(parameter.key, .queryKey, to: &text, asURL: asURL)
            text += "="
            append(parameter.value, .queryValue, to: &text, asURL: asURL)
        }
    }

    static func append(_ piece: String, _ context: Context, to text: inout String, asURL: Bool) {
        var needsEncoding = false
        for byte in piece.utf8 where mustEncode(byte, context, asURL: asURL) {
            needsEncoding = true
            break
        }
        guard needsEncoding else {
            text += piece
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.utf8.count + 8)
        for byte in piece.utf8 {
            if mustEncode(byte, context, asURL: asURL) {
                bytes.append(.percent)
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            } else {
                bytes.append(byte)
            }
        }
        text += String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func mustEncode(_ byte: UInt8, _ context: Context, asURL: Bool) -> Bool {
        if byte <= 0x20 || byte == 0x7F || byte == .percent { return true }
        if byte >= 0x80 { return asURL }
        switch context {
        case .leadingName:
            return byte == .colon || mustEncode(byte, .name, asURL: asURL)
        case .name:
            return byte == .slash || byte == .bang || byte == .hash || byte == .openParen
                || byte == .closeParen || byte == .questionMark
        case .parameterKey:
            return byte == .equals || byte == .comma || byte == .closeParen
        case .parameterValue:
            return byte == .comma || byte == .closeParen
        case .queryKey:
            return byte == .equals || byte == .ampersand || byte == .hash
        case .queryValue:
            return byte == .ampersand || byte == .hash
        }
    }
}
