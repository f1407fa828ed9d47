public import PageKit
/// Declared patterns from outside links (https universal links, custom schemes) to page
/// paths; anything not declared is refused with a typed error.
///
/// ```swift
/// var links = LinkMap()
/// try links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
/// try links.add("https://www.example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
/// try links.add("example://people/{id}?tab={tab?}", to: "/tab#contact/person_detail(id={id},tab={tab})")
/// try links.add("https://example.com/help/{topic*}", to: "/tab#settings/help(topic={topic})")
///
/// try links.path(for: "https://Example.com/people/5?utm=x")   // /tab#contact/person_detail(id=5)
/// try links.path(for: "example://people/5?tab=photos")        // …/person_detail(id=5,tab=photos)
/// try links.path(for: "https://example.com/help/a/b")         // …/help(topic=a/b)
/// try links.path(for: "https://evil.example/people/5")        // throws LinkMapError, .foreignHost
/// ```
///
/// **Patterns.** `scheme://host/segment/…?key={name}&…`. The scheme and host are literal
/// and compare case-insensitively (a port is part of the host, compared as written).
/// Each path segment is literal, compared after percent-decoding (case-sensitively,
/// unless the map is made with `ignoresPathCase: true`); a placeholder `{name}` that captures one non-empty
/// segment, or `{name:type}` one that fits `int`, `float`, `bool` or `uuid` (a segment
/// that does not fit declines the pattern, so another can take the link); or literal text
/// with placeholders inside it, `{first}_{last}` or `{id:int}.json`, each taking the
/// shortest text that lets the rest match. The last segment may be `{name*}`, which
/// captures one or more segments (the rest of the path, decoded as one value: `a/b`). A
/// custom-scheme link such as `example://people/5` has the host `people`, as in any URL.
/// Each query item of a pattern captures: `key={name}` is required (a link without it is
/// ``LinkMapError/Code/missingParameter``), `key={name?}` is optional, and `key={name*}`
/// takes every value of a repeated key, for a target query item that repeats once per
/// value. Query items a pattern does not name (`utm_source`) are ignored, and a repeated
/// key gives its first value otherwise. One trailing `/`, an empty `?` and a `#fragment`
/// in a link, and an empty `?` ending a pattern, are ignored. Braces are reserved for
/// placeholders, in patterns and targets.
///
/// **Targets.** An absolute page path, in either spelling, whose component names,
/// parameter values and query values may hold placeholders (alone or inside text:
/// `item_{kind}`). The target is parsed once, when it is added, and captured values are
/// put into its parsed names and values as data: a captured `a,b)` stays one value and
/// is printed percent-encoded, so an outside link can never change a path's structure.
/// A parameter whose value uses an absent optional capture is left out, as a route's
/// `nil` is. A link's own query is not carried over: only what the target names is.
///
/// **Which pattern wins.** Among the patterns that match a link, the most specific: at
/// each segment, a literal beats a placeholder it fits, a placeholder whose segments all
/// fit another's beats that one (`{id:int}` beats `{id:float}` and `{id}`; `{id}.json`
/// beats `{id}`), and any placeholder beats the wildcard. So
/// `https://example.com/people/me` and `https://example.com/people/{id}` can both be added,
/// and `/people/me` opens the first. Adding a pattern with the same shape as another
/// (``LinkMapError/Code/duplicatePattern``), or one that some link would match together
/// with another with neither more specific at every segment
/// (``LinkMapError/Code/ambiguousPattern``: `{a}_{b}` beside `{a}.{b}`), is refused; a
/// template whose shape does not show whether it shares segments with another is refused
/// as ambiguous too. Query items never decide a match.
///
/// **Cost.** Patterns are indexed by scheme and host, then by a trie over their segments
/// compiled into a deterministic automaton, so mapping a link costs one dictionary
/// lookup per segment, plus one check per typed or template placeholder at that place
/// (at most 8 kinds), not one comparison per pattern. Adding a pattern compares it only
/// with the patterns the trie shows could share a link with it, so adding *n* patterns
/// that begin with different literal segments costs O(*n*), not O(*n*²).
public struct LinkMap: Sendable {
    struct Rule: Sendable {
        let pattern: LinkPattern
        let target: LinkTarget
    }

    /// The bounds a link must keep: its length in bytes, its number of path segments
    /// (``PagePath/Limits/maxDepth``). Patterns keep them too.
    package let limits: PagePath.Limits
    /// Whether literal path text compares without regard to case: `/People/5` matches
    /// `/people/{id}`. Captured values keep the case the link wrote them in. Schemes and
    /// hosts always compare without regard to case.
    package let ignoresPathCase: Bool
    private(set) var rules: [Rule] = []
    /// The rules by the pages their targets name, for links out.
    private(set) var targets = LinkTargetIndex()
    /// Scheme, then host, both lowercased, to an index into `tries`.
    private var hosts: [String: [String: Int]] = [:]
    /// Read in place, by index, so a match copies none of a trie's storage.
    private var tries: [LinkPatternTrie] = []

    /// An empty map.
    /// - Parameters:
    ///   - limits: The bounds that links and patterns must keep.
    ///   - ignoresPathCase: Whether literal path text compares without regard to case.
    public init(limits: PagePath.Limits = .default, ignoresPathCase: Bool = false) {
        self.limits = limits
        self.ignoresPathCase = ignoresPathCase
    }

    /// The most typed and template placeholders of one scheme and host at one place in
    /// the path: a segment is checked against each, and the matcher keeps a transition
    /// for each combination.
    static let maxPlaceholderKinds = 8

    /// How many patterns the map has.
    package var count: Int { rules.count }

    /// The patterns, in the order they were added.
    public var patterns: [String] { rules.map(\.pattern.text) }

    /// Maps links that match `pattern` to `target`, with the pattern's captured values
    /// substituted into the target.
    ///
    /// ```swift
    /// try links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
    /// try links.add("example://open/{page}?ref={ref?}", to: "app://tab/{page}?ref={ref}")
    /// ```
    /// - Parameters:
    ///   - pattern: `scheme://host/segment/…?key={name}`, with placeholders `{name}` or
    ///     `{name:type}`, placeholders inside segments (`{id}.json`), a trailing
    ///     `{name*}`, and query captures `key={name}`, `key={name?}` or `key={name*}`.
    ///   - target: An absolute page path (a path string or an app URL) whose component
    ///     names, parameter values and query values may use the pattern's placeholders.
    /// - Throws: ``LinkMapError`` with ``LinkMapError/Code/invalidPattern``,
    ///   ``LinkMapError/Code/invalidTarget``, ``LinkMapError/Code/duplicatePattern`` or
    ///   ``LinkMapError/Code/ambiguousPattern``; the map is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments when the patterns it could share
    ///   a link with are few: it is compared only with those, found through the trie, not
    ///   with every pattern of its scheme and host, and the matcher is updated where it
    ///   branches off. A placeholder segment looks at every literal segment at its place,
    ///   and a trailing `{name*}` at every pattern that goes on past it.
    public mutating func add(_ pattern: String, to target: String) throws {
        let parsed = try LinkPattern(parsing: pattern, limits: limits, ignoresCase: ignoresPathCase)
        let compiled = try LinkTarget(parsing: target, pattern: parsed)
        let trie = hosts[parsed.scheme]?[parsed.host]
        // Only the patterns some link matches together with this one can conflict with it;
        // the first of them that does, in the order they were added, is the one reported.
        for index in trie.map({ tries[$0].overlapping(parsed) }) ?? [] {
            let existing = rules[index].pattern
            switch parsed.overlap(with: existing) {
            case .duplicate:
                throw LinkMapError(.duplicatePattern, input: pattern, pattern: existing.text,
                                   reason: "it has the same shape as `\(existing.text)`, so they match the same links")
            case .ambiguous:
                throw LinkMapError(.ambiguousPattern, input: pattern, pattern: existing.text,
                                   reason: "a link can match both it and `\(existing.text)`, and neither is more "
                                       + "specific at every segment; make one of them more specific")
            case .none, .moreSpecific, .lessSpecific:
                continue
            }
        }
        let kinds = trie.map { tries[$0].placeholderKinds(with: parsed) }
            ?? LinkPatternTrie().placeholderKinds(with: parsed)
        if let (place, classes) = kinds.first(where: { $0.kinds.count > Self.maxPlaceholderKinds }) {
            throw LinkMapError(.invalidPattern, input: pattern,
                               reason: "segment \(place + 1) would be one of \(classes.count) kinds of typed or template "
                                   + "placeholder for `\(parsed.scheme)://\(parsed.host)`, more than \(Self.maxPlaceholderKinds)")
        }
        rules.append(Rule(pattern: parsed, target: compiled))
        targets.insert(compiled, rule: rules.count - 1)
        let allRules = rules
        let trieIndex = trie ?? tries.count
        if trie == nil {
            tries.append(LinkPatternTrie())
            hosts[parsed.scheme, default: [:]][parsed.host] = trieIndex
        }
        tries[trieIndex].insert(parsed, rule: allRules.count - 1) { first, second in
            allRules[first].pattern.overlap(with: allRules[second].pattern) == .lessSpecific ? second : first
        }
    }

    /// The page path a link maps to.
    ///
    /// The link is read by PageKit's own tokenizer: its scheme and host pick the
    /// patterns, its path is split while still encoded and each segment is
    /// percent-decoded once, so `%2F` is data inside a segment.
    /// - Parameter link: The link, such as `https://example.com/people/5?utm=x`.
    /// - Returns: The target of the most specific matching pattern, with the captured
    ///   values substituted.
    /// - Throws: ``LinkMapError`` with ``LinkMapError/Code/invalidURL``,
    ///   ``LinkMapError/Code/foreignScheme``, ``LinkMapError/Code/foreignHost``,
    ///   ``LinkMapError/Code/unmatchedPath`` or ``LinkMapError/Code/missingParameter``.
    /// - Complexity: O(*m*) in the length of the link: one dictionary lookup per path
    ///   segment, whatever the number of patterns.
    public func path(for link: String) throws -> PagePath {
        try match(link).path
    }

    /// The page path a link maps to, and the index of the rule that maps it.
    /// - Throws: ``LinkMapError`` as ``path(for:)-(String)`` does.
    func match(_ link: String) throws -> (path: PagePath, rule: Int) {
        guard link.utf8.count <= limits.maxLength else {
            throw LinkMapError(.invalidURL, input: link,
                               reason: "it has \(link.utf8.count) bytes, more than the limit of \(limits.maxLength)")
        }
        return try LinkText.withUTF8(link) { bytes in try match(bytes, link: link) }
    }

    private func match(_ bytes: UnsafeBufferPointer<UInt8>, link: String) throws -> (path: PagePath, rule: Int) {
        func failure(_ code: LinkMapError.Code, _ reason: String, pattern: String? = nil) -> LinkMapError {
            LinkMapError(code, input: link, pattern: pattern, reason: reason)
        }
        let tokens = try LinkTokens(bytes, placeholders: false) { failure(.invalidURL, $0) }
        guard let schemeHosts = hosts[tokens.scheme] else {
            throw failure(.foreignScheme, "no pattern has the scheme `\(tokens.scheme)`")
        }
        guard let trie = schemeHosts[tokens.host] else {
            throw failure(.foreignHost, "no pattern has the host `\(tokens.host)` for the scheme `\(tokens.scheme)`")
        }

        var raw = tokens.segments
        if raw.last?.isEmpty == true { raw.removeLast() }  // one trailing `/`
        guard raw.count <= limits.maxDepth else {
            throw failure(.invalidURL, "its path has more than \(limits.maxDepth) segments")
        }
        var segments: [String] = []
        segments.reserveCapacity(raw.count)
        for (index, range) in raw.enumerated() {
            guard !range.isEmpty else {
                throw failure(.unmatchedPath, "segment \(index + 1) of its path is empty, and no pattern has one")
            }
            guard let decoded = LinkText.decoded(bytes, range) else {
                throw failure(.invalidURL,
                              "path segment `\(LinkText.text(bytes, range))` is not valid percent-encoded UTF-8")
            }
            segments.append(decoded)
        }

        guard let index = tries[trie].automaton.match(segments, ignoringCase: ignoresPathCase) else {
            throw failure(.unmatchedPath, "no pattern for `\(tokens.scheme)://\(tokens.host)` matches its path")
        }
        let pattern = rules[index].pattern
        let captures = pattern.captures
        var values: [CapturedValue] = []
        values.reserveCapacity(captures.count)
        var templateValues: [Int: [String]] = [:]
        for capture in captures {
            switch capture.source {
            case .segment(let segment):
                values.append(.one(segments[segment]))
            case .piece(let segment, let piece):
                if templateValues[segment] == nil, case .capture(.template(let template)) = pattern.segments[segment] {
                    templateValues[segment] = template.match(segments[segment])
                }
                guard let pieces = templateValues[segment], piece < pieces.count else {
                    preconditionFailure("the matcher chose a pattern whose template does not match `\(segments[segment])`")
                }
                values.append(.one(pieces[piece]))
            case .rest(let first):
                // Decoded as a whole; each segment decoded alone, so this cannot fail.
                values.append(LinkText.decoded(bytes, raw[first].lowerBound..<raw[raw.count - 1].upperBound)
                    .map(CapturedValue.one) ?? .absent)
            case .query(let key, let optional):
                let value = try Self.queryValues(key, in: bytes, tokens.query, all: false) {
                    failure(.invalidURL, "query item `\(LinkText.text(bytes, $0))` is not valid percent-encoded UTF-8")
                }.first
                if value == nil, !optional {
                    throw failure(.missingParameter, "the pattern `\(pattern.text)` requires the query parameter `\(key)`",
                                  pattern: pattern.text)
                }
                values.append(value.map(CapturedValue.one) ?? .absent)
            case .queryList(let key):
                values.append(.many(try Self.queryValues(key, in: bytes, tokens.query, all: true) {
                    failure(.invalidURL, "query item `\(LinkText.text(bytes, $0))` is not valid percent-encoded UTF-8")
                }))
            }
        }
        return (try rules[index].target.path(with: values, link: link, pattern: pattern.text), index)
    }

    /// The values of `key` in a still-encoded query, decoded once: the first, or every one
    /// in order.
    private static func queryValues(
        _ key: String, in bytes: UnsafeBufferPointer<UInt8>, _ query: Range<Int>?, all: Bool,
        invalid: (Range<Int>) -> LinkMapError
    ) throws -> [String] {
        guard let query else { return [] }
        var values: [String] = []
        var itemStart = query.lowerBound
        while itemStart < query.upperBound {
            var itemEnd = itemStart
            var equals: Int?
            while itemEnd < query.upperBound, bytes[itemEnd] != .ampersand {
                if equals == nil, bytes[itemEnd] == .equals { equals = itemEnd }
                itemEnd += 1
            }
            let keyEnd = equals ?? itemEnd
            // An item whose key does not decode cannot be the one asked for: skip it.
            if keyEnd > itemStart, LinkText.decoded(bytes, itemStart..<keyEnd) == key {
                if let equals {
                    guard let value = LinkText.decoded(bytes, equals + 1..<itemEnd) else {
                        throw invalid(itemStart..<itemEnd)
                    }
                    values.append(value)
                } else {
                    values.append("")
                }
                if !all { return values }
            }
            itemStart = itemEnd + 1
        }
        return values
    }
}
