/// A parsed link pattern: `https://example.com/people/{id}/{rest*}?tab={tab?}`.
///
/// The scheme and host are literal and compared case-insensitively. Each path segment is
/// literal (percent-decoded once, compared case-sensitively) or a placeholder `{name}`
/// that captures one non-empty segment; the last may be `{name*}`, which captures one or
/// more segments. Each query item is `key={name}` (required) or `key={name?}` (optional).
struct LinkPattern: Sendable {
    enum Segment: Hashable, Sendable {
        case literal(String)
        case capture
    }

    /// Where a captured value comes from.
    enum Source: Hashable, Sendable {
        /// The path segment at this index, decoded.
        case segment(Int)
        /// The path from the segment at this index to its end, decoded as a whole.
        case rest(from: Int)
        /// The first value of this query key, decoded.
        case query(key: String, optional: Bool)
    }

    struct Capture: Hashable, Sendable {
        let name: String
        let source: Source
    }

    let text: String
    /// Lowercased.
    let scheme: String
    /// Lowercased; may hold a port (`example.com:8443`), compared as written.
    let host: String
    /// The segments before the wildcard, if there is one.
    let segments: [Segment]
    let hasWildcard: Bool
    /// Path captures in segment order, then the wildcard, then query captures.
    let captures: [Capture]

    init(parsing text: String, limits: PagePath.Limits) throws {
        self.text = text
        func invalid(_ reason: String) -> LinkMapError {
            LinkMapError(.invalidPattern, input: text, reason: reason)
        }
        guard text.utf8.count <= limits.maxLength else {
            throw invalid("it has \(text.utf8.count) bytes, more than the limit of \(limits.maxLength)")
        }
        guard !text.contains("#") else { throw invalid("a pattern cannot hold a `#` fragment") }
        let (tokens, authority, writtenSegments, query) = try LinkText.withUTF8(text) { bytes in
            let tokens = try LinkTokens(bytes, placeholders: true) { invalid($0) }
            return (tokens, LinkText.text(bytes, tokens.authority),
                    tokens.segments.map { LinkText.text(bytes, $0)[...] }, tokens.query.map { LinkText.text(bytes, $0) })
        }
        guard !authority.contains("{"), !authority.contains("}") else {
            throw invalid("the host must be literal: placeholders go in the path and the query")
        }
        scheme = tokens.scheme
        host = tokens.host

        var segments: [Segment] = []
        var captures: [Capture] = []
        var hasWildcard = false
        var rawSegments = writtenSegments
        if rawSegments.last?.isEmpty == true { rawSegments.removeLast() }  // one trailing `/`
        guard rawSegments.count <= limits.maxDepth else {
            throw invalid("it has more than \(limits.maxDepth) segments")
        }
        for (index, raw) in rawSegments.enumerated() {
            guard !raw.isEmpty else { throw invalid("segment \(index + 1) is empty") }
            guard !hasWildcard else {
                throw invalid("`{…*}` captures the rest of the path, so it must be the last segment")
            }
            if raw.first == "{", raw.last == "}" {
                var name = raw.dropFirst().dropLast()
                if name.last == "?" {
                    throw invalid("`{\(name)}`: a path segment cannot be optional; add a second pattern without it")
                }
                if name.last == "*" {
                    name = name.dropLast()
                    hasWildcard = true
                }
                try Self.checkName(name, in: raw, invalid)
                captures.append(Capture(name: String(name),
                                        source: hasWildcard ? .rest(from: index) : .segment(index)))
                if !hasWildcard { segments.append(.capture) }
            } else {
                guard !raw.contains("{"), !raw.contains("}") else {
                    throw invalid("`\(raw)`: a placeholder must be a whole segment, such as `{id}`")
                }
                guard let literal = LinkText.decoded(raw) else {
                    throw invalid("`\(raw)` is not valid percent-encoded UTF-8")
                }
                segments.append(.literal(literal))
            }
        }

        if let query {
            var keys: Set<String> = []
            for item in query.split(separator: "&", omittingEmptySubsequences: false) {
                guard let equals = item.firstIndex(of: "="), equals > item.startIndex else {
                    throw invalid("query item `\(item)` must be `key={name}` or `key={name?}`")
                }
                let value = item[item.index(after: equals)...]
                guard value.first == "{", value.last == "}", value.count > 2 else {
                    throw invalid("query item `\(item)` must be `key={name}` or `key={name?}`: "
                        + "a query value in a pattern is always captured")
                }
                guard let key = LinkText.decoded(item[..<equals]) else {
                    throw invalid("`\(item[..<equals])` is not valid percent-encoded UTF-8")
                }
                guard keys.insert(key).inserted else { throw invalid("query key `\(key)` is given twice") }
                var name = value.dropFirst().dropLast()
                let optional = name.last == "?"
                if optional { name = name.dropLast() }
                try Self.checkName(name, in: value, invalid)
                captures.append(Capture(name: String(name), source: .query(key: key, optional: optional)))
            }
        }

        var names: Set<String> = []
        for capture in captures where !names.insert(capture.name).inserted {
            throw invalid("placeholder `{\(capture.name)}` is used twice")
        }
        self.segments = segments
        self.hasWildcard = hasWildcard
        self.captures = captures
    }

    private static func checkName(
        _ name: Substring, in raw: Substring, _ invalid: (String) -> LinkMapError
    ) throws {
        guard LinkText.isPlaceholderName(name) else {
            throw invalid("`\(raw)`: a placeholder's name is letters, digits and `_`, not starting with a digit")
        }
    }

    /// How two patterns of one scheme and host relate.
    enum Overlap {
        /// No link matches both.
        case none
        /// The same shape: every link that matches one matches the other.
        case duplicate
        /// Some link matches both, and each is more specific somewhere.
        case ambiguous
        /// Some link matches both, and `self` is at least as specific at every segment.
        case moreSpecific
        /// Some link matches both, and `other` is at least as specific at every segment.
        case lessSpecific
    }

    /// Compares two patterns' shapes: a literal segment is more specific than a
    /// placeholder, and a placeholder more than the wildcard.
    /// - Complexity: O(*s*) in the number of segments.
    func overlap(with other: LinkPattern) -> Overlap {
        let count = segments.count
        let otherCount = other.segments.count
        // A wildcard matches one or more segments past its position.
        if count == otherCount {
            guard hasWildcard == other.hasWildcard else { return .none }
        } else if count < otherCount {
            guard hasWildcard else { return .none }
        } else {
            guard other.hasWildcard else { return .none }
        }
        var selfMore = count > otherCount
        var otherMore = otherCount > count
        for index in 0..<min(count, otherCount) {
            switch (segments[index], other.segments[index]) {
            case (.literal(let mine), .literal(let theirs)):
                if mine != theirs { return .none }
            case (.literal, .capture): selfMore = true
            case (.capture, .literal): otherMore = true
            case (.capture, .capture): break
            }
        }
        switch (selfMore, otherMore) {
        case (true, true): return .ambiguous
        case (false, false): return .duplicate
        case (true, false): return .moreSpecific
        case (false, true): return .lessSpecific
        }
    }
}
