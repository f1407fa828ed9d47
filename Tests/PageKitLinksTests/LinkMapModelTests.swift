import Foundation
import PageKit
@testable import PageKitLinks
import PageKitTestSupport
import Testing

/// A naive link matcher: every pattern is tried against every link, and which patterns
/// may live together is decided by brute force over every path of a small alphabet.
struct NaiveLinkMap {
    enum Segment: Equatable {
        case literal(String)
        case capture
        /// `{c:int}`: only a segment that reads as an `Int`.
        case int

        func takes(_ segment: String) -> Bool {
            switch self {
            case .literal(let literal): literal == segment
            case .capture: true
            case .int: Int(segment) != nil
            }
        }

        /// Literal 3, int 2, any 1 (the wildcard is 0).
        var specificity: Int {
            switch self {
            case .literal: 3
            case .int: 2
            case .capture: 1
            }
        }
    }

    struct Pattern {
        let index: Int
        let scheme: String
        let host: String
        let segments: [Segment]
        let wildcard: Bool
        /// Whether it captures the query item `q`, and whether that is optional.
        let query: (optional: Bool, present: Bool)

        var text: String {
            var text = "\(scheme)://\(host)"
            for (position, segment) in segments.enumerated() {
                switch segment {
                case .literal(let literal): text += "/\(literal)"
                case .capture: text += "/{c\(position)}"
                case .int: text += "/{c\(position):int}"
                }
            }
            if wildcard { text += "/{rest*}" }
            if query.present { text += query.optional ? "?q={q?}" : "?q={q}" }
            return text
        }

        var target: String {
            var parameters: [String] = []
            for (position, segment) in segments.enumerated() where segment == .capture || segment == .int {
                parameters.append("c\(position)={c\(position)}")
            }
            if wildcard { parameters.append("rest={rest}") }
            if query.present { parameters.append("q={q}") }
            return "/r\(index)" + (parameters.isEmpty ? "" : "(\(parameters.joined(separator: ",")))")
        }

        func matches(_ path: [String]) -> Bool {
            guard wildcard ? path.count > segments.count : path.count == segments.count else { return false }
            for (position, segment) in segments.enumerated() where !segment.takes(path[position]) {
                return false
            }
            return true
        }

        /// How specific the pattern is at each segment of `path`: literal 3, int 2,
        /// capture 1, wildcard 0.
        func specificity(along path: [String]) -> [Int] {
            path.indices.map { position in
                guard position < segments.count else { return 0 }
                return segments[position].specificity
            }
        }
    }

    /// Literals patterns may name; `7` is also an `Int`, so it meets `{c:int}` too.
    static let literals = ["x", "y", "7"]
    /// Every path of up to four segments over the literals and one other value: enough to
    /// find every ambiguity between patterns of at most three segments and a wildcard,
    /// since past a pattern's segments both patterns are equally (un)specific.
    static let universe: [[String]] = {
        var paths: [[String]] = [[]]
        var layer: [[String]] = [[]]
        for _ in 0..<4 {
            layer = layer.flatMap { path in (literals + ["other"]).map { path + [$0] } }
            paths += layer
        }
        return paths
    }()

    var patterns: [Pattern] = []

    /// The best of the patterns that match `path`: at least as specific as every other at
    /// every segment. `nil` when none matches; `.some(nil)` when there is no best.
    static func best(_ candidates: [Pattern], along path: [String]) -> Pattern?? {
        let matching = candidates.filter { $0.matches(path) }
        guard !matching.isEmpty else { return nil }
        for candidate in matching {
            let mine = candidate.specificity(along: path)
            let beatsAll = matching.allSatisfy { other in
                other.index == candidate.index || zip(mine, other.specificity(along: path)).allSatisfy { $0 >= $1 }
                    && mine != other.specificity(along: path)
            }
            if beatsAll { return .some(candidate) }
        }
        return .some(nil)
    }

    /// Why `pattern` cannot join the patterns, and the first of them, in the order they were
    /// added, that it conflicts with; `nil` when it can join: it has the shape of one of
    /// them, or some path matches it and one of them with neither at least as specific at
    /// every segment.
    func refusal(of pattern: Pattern) -> (code: LinkMapError.Code, pattern: String)? {
        // Pair by pair, so the order patterns are added in does not matter.
        for existing in patterns where existing.scheme == pattern.scheme && existing.host == pattern.host {
            if existing.segments == pattern.segments && existing.wildcard == pattern.wildcard {
                return (.duplicatePattern, existing.text)
            }
            for path in Self.universe {
                if case .some(nil) = Self.best([existing, pattern], along: path) { return (.ambiguousPattern, existing.text) }
            }
        }
        return nil
    }

    /// What the map should answer for a link with these parts.
    func expected(scheme: String, host: String, path: [String], query: String?) -> Result<PagePath, Failure> {
        let schemes = patterns.filter { $0.scheme == scheme }
        guard !schemes.isEmpty else { return .failure(.init(code: .foreignScheme)) }
        let hosts = schemes.filter { $0.host == host }
        guard !hosts.isEmpty else { return .failure(.init(code: .foreignHost)) }
        guard case .some(let best) = Self.best(hosts, along: path) else {
            return .failure(.init(code: .unmatchedPath))
        }
        guard let best else { preconditionFailure("the map holds an ambiguous pair") }
        var parameters: [PageParameter] = []
        for (position, segment) in best.segments.enumerated() where segment == .capture || segment == .int {
            parameters.append(PageParameter(key: "c\(position)", value: path[position]))
        }
        if best.wildcard {
            parameters.append(PageParameter(key: "rest", value: path[best.segments.count...].joined(separator: "/")))
        }
        if best.query.present {
            if let query {
                parameters.append(PageParameter(key: "q", value: query))
            } else if !best.query.optional {
                return .failure(.init(code: .missingParameter))
            }
        }
        return .success(PagePath([PageComponent("r\(best.index)", parameters: PageParameters(parameters))]))
    }

    struct Failure: Error, Equatable {
        let code: LinkMapError.Code
    }
}

@Suite("The link map against a naive matcher", .timeLimit(.minutes(10)))
struct LinkMapModelTests {
    static let schemes = ["https", "app"]
    static let hosts = ["a.com", "b.com"]
    /// Values that need percent-encoding in a link, and how to write them.
    static let encodedValues: [(value: String, written: String)] = [
        ("x", "%78"), ("a,b)", "a,b)"), ("a/b", "a%2Fb"), ("é", "%C3%A9"), ("%", "%25"), ("(", "("), ("a b", "a%20b"),
    ]

    static func randomPattern(_ random: inout SeededRandomNumberGenerator, index: Int) -> NaiveLinkMap.Pattern {
        let segments = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            random.chance(0.55) ? NaiveLinkMap.Segment.literal(random.pick(NaiveLinkMap.literals))
                : random.chance(0.6) ? .capture : .int
        }
        return NaiveLinkMap.Pattern(
            index: index, scheme: random.pick(schemes), host: random.pick(hosts), segments: segments,
            wildcard: random.chance(0.25), query: (optional: random.chance(0.5), present: random.chance(0.3))
        )
    }

    /// Maps `count` random links, half of them shaped like one of the patterns, and
    /// expects what the naive matcher expects.
    static func checkLinks(
        _ count: Int, _ links: LinkMap, _ naive: NaiveLinkMap, _ random: inout SeededRandomNumberGenerator,
        _ context: String
    ) {
        for _ in 0..<count {
            var scheme = random.chance(0.1) ? "ftp" : random.pick(Self.schemes)
            var host = random.chance(0.1) ? "c.com" : random.pick(Self.hosts)
            var path: [String] = []
            var written: [String] = []
            // Half the links follow a pattern's shape, so that most of them match.
            var shape: [NaiveLinkMap.Segment]?
            if random.chance(0.5), !naive.patterns.isEmpty {
                let pattern = random.pick(naive.patterns)
                scheme = pattern.scheme
                host = pattern.host
                shape = pattern.segments
                if pattern.wildcard {
                    shape?.append(contentsOf: Array(repeating: .capture, count: Int.random(in: 1...2, using: &random)))
                }
            }
            for position in 0..<(shape?.count ?? Int.random(in: 0...5, using: &random)) {
                if case .literal(let literal)? = shape?[position] {
                    path.append(literal)
                    written.append(literal)
                } else if random.chance(0.7) {
                    let literal = random.pick(NaiveLinkMap.literals + ["other", "42"])
                    path.append(literal)
                    written.append(literal)
                } else {
                    let (value, spelling) = random.pick(Self.encodedValues)
                    path.append(value)
                    written.append(spelling)
                }
            }
            let query = random.chance(0.5) ? random.pick(["", "v", "a,b)", "x&y", "é"]) : nil
            var link = (random.chance(0.5) ? scheme : scheme.uppercased()) + "://"
            link += random.chance(0.5) ? host : host.uppercased()
            link += written.map { "/" + $0 }.joined()
            if random.chance(0.2) { link += "/" }
            if let query {
                let encoded = query.replacingOccurrences(of: "&", with: "%26").replacingOccurrences(of: "é", with: "%C3%A9")
                link += random.chance(0.5) ? "?q=\(encoded)&utm=1" : "?utm=1&q=\(encoded)"
            } else if random.chance(0.3) {
                link += "?utm=1"
            }
            if random.chance(0.1) { link += "#fragment" }

            let expected = naive.expected(scheme: scheme, host: host, path: path, query: query)
            let context = "\(context), `\(link)`, patterns \(naive.patterns.map(\.text))"
            do {
                let actual = try links.path(for: link)
                #expect(Result<PagePath, NaiveLinkMap.Failure>.success(actual) == expected, "\(context)")
            } catch let error as LinkMapError {
                #expect(Result<PagePath, NaiveLinkMap.Failure>.failure(.init(code: error.code)) == expected,
                        "\(context): \(error)")
            } catch {
                Issue.record("\(context): not a LinkMapError: \(error)")
            }
        }
    }

    @Test("the trie and the naive matcher agree on random pattern sets, refusals and links, after every pattern added",
          arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func agreesWithNaive(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        for round in 0..<12 {
            let context = "seed \(seed), round \(round)"
            var naive = NaiveLinkMap()
            var links = LinkMap()
            for attempt in 0..<Int.random(in: 1...40, using: &random) {
                let pattern = Self.randomPattern(&random, index: attempt)
                let refusal = naive.refusal(of: pattern)
                do {
                    try links.add(pattern.text, to: pattern.target)
                    #expect(refusal == nil, "\(context): `\(pattern.text)` was added, expected a refusal")
                    guard refusal == nil else { return }
                    naive.patterns.append(pattern)
                    // The matcher is updated in place: check it after every pattern.
                    Self.checkLinks(5, links, naive, &random, context)
                } catch let error as LinkMapError {
                    // The pattern it conflicts with is named: the first added that does.
                    #expect(error.code == refusal?.code && error.pattern == refusal?.pattern,
                            "\(context): `\(pattern.text)`: \(error)")
                    if refusal == nil { return }
                }
            }
            #expect(links.count == naive.patterns.count)
            Self.checkLinks(150, links, naive, &random, context)
        }
    }
}
