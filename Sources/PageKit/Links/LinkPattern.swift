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
        let parts = try LinkURLParts(text, placeholders: true) { invalid($0) }
        guard !parts.authority.contains("{"), !parts.authority.contains("}") else {
            throw invalid("the host must be literal: placeholders go in the path and the query")
        }
        scheme = parts.scheme
        host = parts.host

        var segments: [Segment] = []
        var captures: [Capture] = []
        var hasWildcard = false
        var rawSegments = parts.rawSegments
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
                guard let literal = LinkText.percentDecoded(raw) else {
                    throw invalid("`\(raw)` is not valid percent-encoded UTF-8")
                }
                segments.append(.literal(literal))
            }
        }

        if let query = parts.query {
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
                guard let key = LinkText.percentDecoded(item[..<equals]) else {
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

/// The pieces of `scheme://authority/path?query`, before any decoding. A `#` fragment
/// is dropped.
///
/// Scanned byte by byte: every delimiter is ASCII, so a UTF-8 index that finds one is a
/// valid place to slice the text.
struct LinkURLParts {
    /// Lowercased.
    let scheme: String
    let authority: Substring
    /// The authority lowercased.
    let host: String
    /// The path split at every `/`, still encoded; empty when there is no path.
    let rawSegments: [Substring]
    /// The text after `?`, up to any `#`.
    let query: Substring?

    /// - Parameters:
    ///   - text: The link or pattern.
    ///   - placeholders: Whether `{…}` is a placeholder, whose `?` (as in `{id?}`) does
    ///     not start the query: true for patterns.
    ///   - invalid: Makes the error for a reason.
    init(_ text: String, placeholders: Bool = false, _ invalid: (String) -> LinkMapError) throws {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: .colon), colon > utf8.startIndex,
              utf8[utf8.startIndex].isASCIILetter,
              utf8[..<colon].allSatisfy(\.isSchemeCharacter)
        else {
            throw invalid("it has no scheme, as in `https://`")
        }
        var position = utf8.index(after: colon)
        for _ in 0..<2 {
            guard position < utf8.endIndex, utf8[position] == .slash else {
                throw invalid("`//` must follow the scheme")
            }
            position = utf8.index(after: position)
        }
        scheme = LinkText.asciiLowercased(text[..<colon])

        let authorityStart = position
        while position < utf8.endIndex, utf8[position] != .slash, utf8[position] != .questionMark,
              utf8[position] != .hash {
            position = utf8.index(after: position)
        }
        authority = text[authorityStart..<position]
        guard !authority.utf8.contains(UInt8(ascii: "@")) else {
            throw invalid("user information before the host (`…@`) is not accepted")
        }
        host = LinkText.asciiLowercased(authority)

        var segments: [Substring] = []
        if position < utf8.endIndex, utf8[position] == .slash {
            position = utf8.index(after: position)
            var segmentStart = position
            var inPlaceholder = false
            while true {
                if placeholders, position < utf8.endIndex {
                    if utf8[position] == UInt8(ascii: "{") { inPlaceholder = true }
                    if utf8[position] == UInt8(ascii: "}") { inPlaceholder = false }
                }
                let atEnd = position == utf8.endIndex
                    || (!inPlaceholder && (utf8[position] == .questionMark || utf8[position] == .hash))
                if atEnd || utf8[position] == .slash {
                    segments.append(text[segmentStart..<position])
                    if atEnd { break }
                    position = utf8.index(after: position)
                    segmentStart = position
                } else {
                    position = utf8.index(after: position)
                }
            }
        }
        rawSegments = segments

        if position < utf8.endIndex, utf8[position] == .questionMark {
            let queryStart = utf8.index(after: position)
            let queryEnd = utf8[queryStart...].firstIndex(of: .hash) ?? utf8.endIndex
            query = text[queryStart..<queryEnd]
        } else {
            query = nil
        }
    }
}

/// Text helpers shared by patterns and links.
enum LinkText {
    /// `text` percent-decoded once, or `nil` when a `%` is not followed by two
    /// hexadecimal digits or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        guard text.utf8.contains(.percent) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == .percent else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next()?.hexValue, let low = iterator.next()?.hexValue else { return nil }
            bytes.append(high << 4 | low)
        }
        guard PathParser.isValidUTF8(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with ASCII capitals made small; other characters as they are.
    static func asciiLowercased(_ text: Substring) -> String {
        guard text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(text)
        }
        let bytes = text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Letters, digits and `_`, not starting with a digit.
    static func isPlaceholderName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return name.utf8.allSatisfy {
            $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
        }
    }
}
