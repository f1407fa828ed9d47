import PageKit
/// A link's target: a parsed absolute page path whose component names, parameter values
/// and query values may hold `{name}` placeholders.
///
/// The target is parsed before anything is substituted, and captured values go into the
/// parsed names and values as data: a captured `a,b)` is a value with a comma and a
/// parenthesis in it, which the path prints percent-encoded, never a second parameter.
struct LinkTarget: Sendable {
    /// Literal text, or text with placeholders.
    enum Text: Sendable {
        case literal(String)
        case template([Piece])
    }

    enum Piece: Sendable {
        case literal(String)
        /// The value of the pattern's capture at this index.
        case capture(Int)
    }

    struct Parameter: Sendable {
        let key: String
        let value: Text
    }

    struct Component: Sendable {
        /// The name as the target writes it, for messages.
        let written: String
        let name: Text
        let parameters: [Parameter]
        let presentation: PageComponent.Presentation
    }

    let text: String
    let scheme: String?
    let components: [Component]
    let query: [Parameter]

    /// Parses `text` and finds its placeholders among `captures`, the pattern's.
    init(parsing text: String, pattern: LinkPattern) throws {
        self.text = text
        func invalid(_ reason: String, underlying: (any Error)? = nil) -> LinkMapError {
            LinkMapError(.invalidTarget, input: pattern.text, reason: "the target `\(text)` \(reason)",
                         underlying: underlying)
        }
        let path: PagePath
        do {
            path = try PagePath(parsing: text)
        } catch {
            throw invalid("is not a page path: \(error)", underlying: error)
        }
        guard path.isAbsolute else {
            throw invalid("is relative; a link opens an absolute path, such as `/tab#contact`")
        }
        // Where a piece sits is spelled only for a message.
        func template(
            _ piece: String, where place: @autoclosure () -> String, inName: Bool = false, inQuery: Bool = false
        ) throws -> Text {
            let text = try Self.template(piece) { reason in invalid("has, in \(place()), \(reason)") } capture: { name in
                guard let index = pattern.captures.firstIndex(where: { $0.name == name }) else {
                    throw invalid("uses `{\(name)}` in \(place()), and the pattern captures no `{\(name)}`")
                }
                if inName, case .query(_, optional: true) = pattern.captures[index].source {
                    throw invalid("names a page with `{\(name)}`, which is optional: a page's name cannot be absent")
                }
                if case .queryList = pattern.captures[index].source, !inQuery || piece != "{\(name)}" {
                    throw invalid("uses `{\(name)}`, every value of a query key, in \(place()): a list fills a whole "
                        + "query item of the target, which is repeated for each value (`?tag={\(name)}`)")
                }
                return index
            }
            return text
        }
        func literalKey(_ key: String, where place: @autoclosure () -> String) throws -> String {
            // Bytes, not Foundation's substring search.
            guard !key.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else {
                throw invalid("has a placeholder in a key of \(place()); placeholders go in names and values")
            }
            return key
        }
        scheme = path.scheme
        components = try path.components.map { component in
            let place = { "component `\(component.name)`" }
            return Component(
                written: component.name,
                name: try template(component.name, where: place(), inName: true),
                parameters: try component.parameters.map { parameter in
                    Parameter(key: try literalKey(parameter.key, where: place()),
                              value: try template(parameter.value, where: "parameter `\(parameter.key)`"))
                },
                presentation: component.presentation
            )
        }
        query = try path.query.map { item in
            Parameter(key: try literalKey(item.key, where: "the query"),
                      value: try template(item.value, where: "query item `\(item.key)`", inQuery: true))
        }
    }

    /// Splits `text` into literal pieces and `{name}` placeholders.
    private static func template(
        _ text: String,
        invalid: (String) -> LinkMapError,
        capture: (String) throws -> Int
    ) throws -> Text {
        // The bytes are read in place: a brace is one byte, found as a search by characters
        // would find it.
        try LinkText.withUTF8(text) { bytes in
            guard var brace = LinkText.firstBrace(in: bytes, 0..<bytes.count) else { return .literal(text) }
            var pieces: [Piece] = []
            var start = 0
            while true {
                guard bytes[brace] == UInt8(ascii: "{") else {
                    throw invalid("a `}` that closes no placeholder (braces are reserved)")
                }
                if brace > start { pieces.append(.literal(LinkText.text(bytes, start..<brace))) }
                guard let close = LinkText.firstBrace(in: bytes, brace..<bytes.count, only: UInt8(ascii: "}")) else {
                    throw invalid("a `{` that opens a placeholder that never closes")
                }
                let name = LinkText.text(bytes, brace + 1..<close)
                guard LinkText.isPlaceholderName(name[...]) else {
                    throw invalid("`{\(name)}`, which is not a placeholder: a name is letters, digits and `_`")
                }
                pieces.append(.capture(try capture(name)))
                start = close + 1
                guard let next = LinkText.firstBrace(in: bytes, start..<bytes.count) else { break }
                brace = next
            }
            if start < bytes.count { pieces.append(.literal(LinkText.text(bytes, start..<bytes.count))) }
            return .template(pieces)
        }
    }

    func path(with values: [CapturedValue], link: String, pattern: String) throws -> PagePath {
        var components: [PageComponent] = []
        components.reserveCapacity(self.components.count)
        for component in self.components {
            guard let name = Self.render(component.name, values), !name.isEmpty else {
                throw LinkMapError(.missingParameter, input: link, pattern: pattern,
                                   reason: "the page name `\(component.written)` of the target `\(text)` "
                                       + "would be empty")
            }
            let parameters = PageParameters(capacity: component.parameters.count) { parameters in
                for parameter in component.parameters {
                    // An absent optional capture leaves its parameter out, as a nil route value does.
                    if let value = Self.render(parameter.value, values) {
                        parameters.append(PageParameter(key: parameter.key, value: value))
                    }
                }
            }
            // Keys are the target's own, already sorted and unique.
            components.append(PageComponent(name: name, canonicalParameters: parameters,
                                            presentation: component.presentation))
        }
        let query = PageParameters(capacity: self.query.count) { query in
            for item in self.query {
                if case .template(let pieces) = item.value, pieces.count == 1, case .capture(let index) = pieces[0],
                   case .many(let list) = values[index] {
                    for value in list { query.append(PageParameter(key: item.key, value: value)) }
                } else if let value = Self.render(item.value, values) {
                    query.append(PageParameter(key: item.key, value: value))
                }
            }
        }
        return PagePath(components, query: query, origin: .root, scheme: scheme)
    }

    /// The text, or `nil` when it uses a capture that is absent.
    private static func render(_ text: Text, _ values: [CapturedValue]) -> String? {
        switch text {
        case .literal(let literal):
            return literal
        case .template(let pieces):
            if pieces.count == 1, case .capture(let index) = pieces[0] { return values[index].single }
            var result = ""
            for piece in pieces {
                switch piece {
                case .literal(let literal): result += literal
                case .capture(let index):
                    guard let value = values[index].single else { return nil }
                    result += value
                }
            }
            return result
        }
    }
}

/// A value captured from a link for one of a pattern's placeholders.
enum CapturedValue: Equatable {
    case one(String)
    /// An optional query item the link does not have.
    case absent
    /// Every value of a query key, `key={name*}`.
    case many([String])

    /// The value, when there is exactly one; a list is only ever used whole, in a query.
    var single: String? {
        if case .one(let value) = self { return value }
        return nil
    }
}
