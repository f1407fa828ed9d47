import PageKit
/// A parsed link pattern: `https://example.com/people/{id:int}/{rest*}?tab={tab?}`.
///
/// The scheme and host are literal and compared case-insensitively. Each path segment is
/// literal (percent-decoded once, compared case-sensitively unless the map ignores case),
/// a placeholder `{name}` that captures one non-empty segment or `{name:type}` one that
/// fits the type, or a template of literal text and placeholders (`{first}_{last}`); the
/// last may be `{name*}`, which captures one or more segments. Each query item is
/// `key={name}` (required), `key={name?}` (optional) or `key={name*}` (every value).
struct LinkPattern: Sendable {
    enum Segment: Hashable, Sendable {
        /// Lowercased when the map ignores case.
        case literal(String)
        case capture(SegmentClass)
    }

    /// Where a captured value comes from.
    enum Source: Hashable, Sendable {
        /// The path segment at this index, decoded.
        case segment(Int)
        /// The `index`-th placeholder of the template at segment `segment`.
        case piece(segment: Int, index: Int)
        /// The path from the segment at this index to its end, decoded as a whole.
        case rest(from: Int)
        /// The first value of this query key, decoded.
        case query(key: String, optional: Bool)
        /// Every value of this query key, in order, decoded; possibly none.
        case queryList(key: String)
    }

    struct Capture: Hashable, Sendable {
        let name: String
        let source: Source
    }

    /// A piece of a path segment as a link writes it.
    enum LinkPiece: Hashable, Sendable {
        /// Literal text, decoded, in the case the pattern writes it.
        case literal(String)
        /// The value of the capture at this index of ``captures``.
        case capture(Int)
    }

    /// A segment's pieces as a link writes it: one, kept in line (a literal segment, or a
    /// placeholder that is the whole segment: nearly every segment), or several.
    enum LinkPieces: Sendable, Sequence {
        case one(LinkPiece)
        case many([LinkPiece])

        func makeIterator() -> Iterator {
            switch self {
            case .one(let piece): Iterator(one: piece, many: nil)
            case .many(let pieces): Iterator(one: nil, many: pieces.makeIterator())
            }
        }

        struct Iterator: IteratorProtocol {
            fileprivate var one: LinkPiece?
            fileprivate var many: IndexingIterator<[LinkPiece]>?

            mutating func next() -> LinkPiece? {
                if let piece = one {
                    one = nil
                    return piece
                }
                return many?.next()
            }
        }
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
    /// The segments before the wildcard as a link writes them, in step with `segments`.
    let linkSegments: [LinkPieces]
    /// Whether the pattern's path ends in `/`, as the links it gives do then.
    let endsWithSlash: Bool

    init(parsing text: String, limits: PagePath.Limits, ignoresCase: Bool = false) throws {
        self.text = text
        func invalid(_ reason: String) -> LinkMapError {
            LinkMapError(.invalidPattern, input: text, reason: reason)
        }
        guard text.utf8.count <= limits.maxLength else {
            throw invalid("it has \(text.utf8.count) bytes, more than the limit of \(limits.maxLength)")
        }
        // Bytes, not Foundation's substring search, which a `String` argument would pick.
        guard !text.utf8.contains(UInt8(ascii: "#")) else { throw invalid("a pattern cannot hold a `#` fragment") }
        let (tokens, authority, writtenSegments, query) = try LinkText.withUTF8(text) { bytes in
            let tokens = try LinkTokens(bytes, placeholders: true) { invalid($0) }
            return (tokens, LinkText.text(bytes, tokens.authority),
                    tokens.segments.map { LinkText.text(bytes, $0)[...] }, tokens.query.map { LinkText.text(bytes, $0) })
        }
        guard !authority.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else {
            throw invalid("the host must be literal: placeholders go in the path and the query")
        }
        scheme = tokens.scheme
        host = tokens.host

        var rawSegments = writtenSegments
        endsWithSlash = rawSegments.last?.isEmpty == true
        if endsWithSlash { rawSegments.removeLast() }  // one trailing `/`
        guard rawSegments.count <= limits.maxDepth else {
            throw invalid("it has more than \(limits.maxDepth) segments")
        }
        var segments: [Segment] = []
        var linkSegments: [LinkPieces] = []
        var captures: [Capture] = []
        segments.reserveCapacity(rawSegments.count)
        linkSegments.reserveCapacity(rawSegments.count)
        captures.reserveCapacity(rawSegments.count + 2)
        var hasWildcard = false
        // One buffer for every segment's pieces, emptied for each.
        var pieces: [WrittenPiece] = []
        for (index, raw) in rawSegments.enumerated() {
            guard !raw.isEmpty else { throw invalid("segment \(index + 1) is empty") }
            guard !hasWildcard else {
                throw invalid("`{…*}` captures the rest of the path, so it must be the last segment")
            }
            pieces.removeAll(keepingCapacity: true)
            try Self.split(raw, into: &pieces, invalid)
            if pieces.count == 1, case .literal(let literal) = pieces[0] {
                // Literal text only, the most common segment.
                linkSegments.append(.one(.literal(literal)))
                segments.append(.literal(ignoresCase ? literal.lowercased() : literal))
            } else if pieces.count == 1, case .placeholder(let name, let type, let marker) = pieces[0] {
                if marker == "?" {
                    throw invalid("`\(raw)`: a path segment cannot be optional; add a second pattern without it")
                }
                if marker == "*" {
                    guard type == nil else { throw invalid("`\(raw)`: the rest of the path has no type") }
                    hasWildcard = true
                    captures.append(Capture(name: name, source: .rest(from: index)))
                } else {
                    linkSegments.append(.one(.capture(captures.count)))
                    captures.append(Capture(name: name, source: .segment(index)))
                    segments.append(.capture(type.map { .typed($0) } ?? .any))
                }
            } else {
                var templatePieces: [SegmentTemplate.Piece] = []
                var linkPieces: [LinkPiece] = []
                var previousWasPlaceholder = false
                for piece in pieces {
                    switch piece {
                    case .literal(let literal):
                        linkPieces.append(.literal(literal))
                        templatePieces.append(.literal(literal.map { ignoresCase ? $0.lowercased() : String($0) }))
                        previousWasPlaceholder = false
                    case .placeholder(let name, let type, let marker):
                        guard marker == nil else {
                            throw invalid("`\(raw)`: a placeholder inside a segment is neither optional nor the rest of the path")
                        }
                        guard !previousWasPlaceholder else {
                            throw invalid("`\(raw)`: two placeholders need literal text between them, "
                                + "or no link could say where one ends")
                        }
                        linkPieces.append(.capture(captures.count))
                        captures.append(Capture(name: name, source: .piece(segment: index, index: templatePieces.filter {
                            if case .capture = $0 { return true }
                            return false
                        }.count)))
                        templatePieces.append(.capture(type))
                        previousWasPlaceholder = true
                    }
                }
                segments.append(.capture(.template(SegmentTemplate(pieces: templatePieces, ignoresCase: ignoresCase))))
                linkSegments.append(.many(linkPieces))
            }
        }

        // A pattern ending in `?` has no query, as a link ending in one has none.
        if let query, !query.isEmpty {
            var keys: Set<String> = []
            for item in query.split(separator: "&", omittingEmptySubsequences: false) {
                guard let equals = item.firstIndex(of: "="), equals > item.startIndex else {
                    throw invalid("query item `\(item)` must be `key={name}` or `key={name?}`")
                }
                let value = item[item.index(after: equals)...]
                guard value.first == "{", value.last == "}", value.count > 2 else {
                    throw invalid("query item `\(item)` must be `key={name}`, `key={name?}` or `key={name*}`: "
                        + "a query value in a pattern is always captured")
                }
                guard let key = LinkText.decoded(item[..<equals]) else {
                    throw invalid("`\(item[..<equals])` is not valid percent-encoded UTF-8")
                }
                guard keys.insert(key).inserted else { throw invalid("query key `\(key)` is given twice") }
                var name = value.dropFirst().dropLast()
                let marker = name.last == "?" || name.last == "*" ? name.last : nil
                if marker != nil { name = name.dropLast() }
                guard !name.utf8.contains(UInt8(ascii: ":")) else {
                    throw invalid("`\(value)`: a query capture has no type; types go on path placeholders")
                }
                try Self.checkName(name, in: value, invalid)
                captures.append(Capture(name: String(name), source: marker == "*"
                    ? .queryList(key: key) : .query(key: key, optional: marker == "?")))
            }
        }

        // A pattern has a handful of captures: comparing each with those before it costs
        // less than hashing them all into a set.
        for (index, capture) in captures.enumerated()
        where captures[..<index].contains(where: { $0.name == capture.name }) {
            throw invalid("placeholder `{\(capture.name)}` is used twice")
        }
        self.segments = segments
        self.linkSegments = linkSegments
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

    /// A piece of a written segment: literal text, decoded, or a placeholder.
    private enum WrittenPiece {
        case literal(String)
        /// `{name}`, `{name:type}`, `{name?}` or `{name*}`: the name, the type, the marker.
        case placeholder(String, PlaceholderType?, Character?)
    }

    /// Splits a still-encoded segment into literal text and placeholders, appended to
    /// `pieces`. Its bytes are read in place: a brace is one byte, found as a search by
    /// characters would find it.
    private static func split(_ raw: Substring, into pieces: inout [WrittenPiece],
                              _ invalid: (String) -> LinkMapError) throws {
        try LinkText.withUTF8(raw) { bytes in
            var start = 0
            while start < bytes.count {
                guard let open = LinkText.firstBrace(in: bytes, start..<bytes.count) else {
                    pieces.append(.literal(try decoded(bytes, start..<bytes.count, invalid)))
                    break
                }
                guard bytes[open] == UInt8(ascii: "{") else {
                    throw invalid("`\(raw)`: a `}` that closes no placeholder")
                }
                if open > start { pieces.append(.literal(try decoded(bytes, start..<open, invalid))) }
                guard let close = LinkText.firstBrace(in: bytes, open..<bytes.count, only: UInt8(ascii: "}")) else {
                    throw invalid("`\(raw)`: a `{` that opens a placeholder that never closes")
                }
                var end = close
                var marker: Character?
                if end > open + 1, bytes[end - 1] == UInt8(ascii: "?") || bytes[end - 1] == UInt8(ascii: "*") {
                    marker = Character(Unicode.Scalar(bytes[end - 1]))
                    end -= 1
                }
                var type: PlaceholderType?
                if let colon = (open + 1..<end).first(where: { bytes[$0] == UInt8(ascii: ":") }) {
                    let typeName = LinkText.text(bytes, colon + 1..<end)
                    guard let known = PlaceholderType(rawValue: typeName) else {
                        throw invalid("`\(raw)`: `\(typeName)` is not a placeholder type; the types are "
                            + PlaceholderType.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                    }
                    type = known
                    end = colon
                }
                let name = LinkText.text(bytes, open + 1..<end)
                try checkName(name[...], in: raw, invalid)
                pieces.append(.placeholder(name, type, marker))
                start = close + 1
            }
        }
    }

    /// The literal text `bytes[range]` of a segment, percent-decoded once.
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                _ invalid: (String) -> LinkMapError) throws -> String {
        guard let literal = LinkText.decoded(bytes, range) else {
            throw invalid("`\(LinkText.text(bytes, range))` is not valid percent-encoded UTF-8")
        }
        return literal
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
    /// placeholder that matches it, a placeholder whose segments all fit another's is more
    /// specific than that one (`{id:int}` than `{id:float}`, either than `{id}`, and a
    /// template such as `{id}.json` than `{id}`), and any placeholder is more specific
    /// than the wildcard. Two that share no segment at some place share no link.
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
            case (.literal(let literal), .capture(let theirs)):
                guard theirs.fits(literal) else { return .none }
                selfMore = true
            case (.capture(let mine), .literal(let literal)):
                guard mine.fits(literal) else { return .none }
                otherMore = true
            case (.capture(let mine), .capture(let theirs)):
                switch mine.relation(to: theirs) {
                case .equal: break
                case .narrower: selfMore = true
                case .wider: otherMore = true
                case .disjoint: return .none
                case .overlapping:
                    selfMore = true
                    otherMore = true
                }
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
