/// Prints page paths in their canonical spelling.
///
/// Only bytes that would change the meaning where they stand are percent-encoded (plus
/// spaces, control bytes and, in app URLs, every byte RFC 3986 does not allow where it
/// stands), so a query value such as `url=http://x.com/a?b=1` prints as written, and an
/// app URL is one that Foundation's `URL(string:)` accepts and splits into the same host,
/// path and query.
package enum PathPrinter {
    /// Where a piece of text stands, which decides the bytes it must encode.
    package enum Context {
        case name, leadingName, parameterKey, parameterValue, queryKey, queryValue
    }

    /// Where in an app URL a piece stands: the host (what precedes the first `/`: the
    /// first component and the modals it presents, with their parameters), the path, or
    /// the query; `nil` for a path string.
    package enum URLPart {
        case host, path, query
    }

    static func print(_ path: PagePath) -> String {
        var text = ""
        // A relative path has no URL form: it prints as a path string.
        let asURL = path.scheme != nil && path.origin == .root
        var components = path.components[...]
        // In a URL, what comes before the first `/` is the authority: the host, and the
        // modals it presents (`app://tab!menu/list`).
        var inAuthority = asURL
        if asURL, let scheme = path.scheme {
            text += scheme
            text += "://"
            // A URL cannot say `#` or `#/`: a first component so shown is the host too.
            if let host = components.first, host.presentation != .modal, host.presentation != .modalStack {
                appendComponentBody(host, to: &text, asURL: true, isHost: true)
                components = components.dropFirst()
            }
        } else {
            switch path.origin {
            case .root:
                if components.isEmpty { text += "/" }
            case .current(let climbed):
                // A negative count has no spelling: it prints as the current page, and
                // resolving or planning it throws.
                let levelsUp = max(climbed, 0)
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
            let separator = asURL ? urlSeparator(component.presentation) : component.presentation.separator
            text += separator
            if separator.utf8.last == .slash { inAuthority = false }
            appendComponentBody(component, to: &text, asURL: asURL, isHost: inAuthority)
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

    package static func appendComponentBody(
        _ component: PageComponent,
        to text: inout String,
        asURL: Bool,
        isHost: Bool = false,
        leadsRelativePath: Bool = false
    ) {
        let part: URLPart? = asURL ? (isHost ? .host : .path) : nil
        if component.name == "." || component.name == ".." || component.name == "^" {
            // Spelled as data, so they are not read as relative moves or the root marker.
            for byte in component.name.utf8 { text += byte == .caret ? "%5E" : "%2E" }
        } else if leadsRelativePath {
            // Nothing precedes it, so a leading `^` or a `scheme:` must not be read as such.
            // The `^` is one byte, dropped as such: as a character it would take the
            // combining marks that follow it along.
            var name = component.name
            if name.utf8.first == .caret {
                text += "%5E"
                name = String(decoding: name.utf8.dropFirst(), as: UTF8.self)
            }
            append(name, .leadingName, to: &text, in: part)
        } else {
            append(component.name, .name, to: &text, in: part)
        }
        guard !component.parameters.isEmpty else { return }
        // `parameters` is a public `var`: whatever order code gave it, print the canonical one.
        let parameters = component.parameters.isCanonical ? component.parameters : .canonical(component.parameters)
        text += "("
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { text += "," }
            append(parameter.key, .parameterKey, to: &text, in: part)
            text += "="
            append(parameter.value, .parameterValue, to: &text, in: part)
        }
        text += ")"
    }

    package static func appendQuery(_ query: PageParameters, to text: inout String, asURL: Bool) {
        for (index, parameter) in query.enumerated() {
            if index > 0 { text += "&" }
            append(parameter.key, .queryKey, to: &text, in: asURL ? .query : nil)
            text += "="
            append(parameter.value, .queryValue, to: &text, in: asURL ? .query : nil)
        }
    }

    package static func append(_ piece: String, _ context: Context, to text: inout String, in part: URLPart?) {
        var needsEncoding = false
        for byte in piece.utf8 where mustEncode(byte, context, in: part) {
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
            if mustEncode(byte, context, in: part) {
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

    private static func mustEncode(_ byte: UInt8, _ context: Context, in part: URLPart?) -> Bool {
        if byte <= 0x20 || byte == 0x7F || byte == .percent { return true }
        if let part, !isAllowed(byte, in: part) { return true }
        if byte >= 0x80 { return false }
        switch context {
        case .leadingName:
            return byte == .colon || mustEncode(byte, .name, in: part)
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

    /// Whether RFC 3986 allows `byte` as it is in `part` of a URL: unreserved, a
    /// sub-delimiter; `/`, `:` or `@` in the path and the query (not in the host, where
    /// they would end it, start a port or end a user name); and `?` in the query. Anything
    /// else, `#`, `?` in the path, `[`, `^`, `|` or a non-ASCII byte, is percent-encoded.
    private static func isAllowed(_ byte: UInt8, in part: URLPart) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        case UInt8(ascii: ":"), UInt8(ascii: "@"):
            return part != .host
        case UInt8(ascii: "/"):
            return part != .host
        case UInt8(ascii: "?"):
            return part == .query
        default:
            return false
        }
    }
}
