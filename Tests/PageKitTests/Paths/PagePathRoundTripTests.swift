import PageKit
import PageKitTestSupport
import Testing

@Suite("Random paths round-trip", .timeLimit(.minutes(2)))
struct PagePathRoundTripTests {
    /// Every structural character, plus spaces, non-ASCII and the relative markers.
    static let alphabet: [String] = [
        "a", "b", "z", "0", "9", "_", "-", ".", "~", "/", "!", "#", "(", ")", "?", "%", "&", "=", ",",
        " ", ":", "^", "+", "é", "日", "😀", "\t",
    ]

    static func text(_ random: inout SeededRandomNumberGenerator, allowEmpty: Bool) -> String {
        if random.chance(0.05) { return random.pick([".", "..", "^", "%2E"]) }
        let length = Int.random(in: (allowEmpty ? 0 : 1)...6, using: &random)
        return (0..<length).map { _ in random.pick(alphabet) }.joined()
    }

    static func randomPath(_ random: inout SeededRandomNumberGenerator) -> PagePath {
        let asURL = random.chance(0.4)
        let origin: PagePath.Origin = asURL || random.chance(0.5)
            ? .root : .current(levelsUp: Int.random(in: 0...3, using: &random))
        let presentations: [PageComponent.Presentation] = asURL
            ? [.shown, .modal, .modalStack] : PageComponent.Presentation.allCases
        var components: [PageComponent] = []
        for index in 0..<Int.random(in: 0...5, using: &random) {
            var parameters: [PageParameter] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                parameters.append(PageParameter(key: text(&random, allowEmpty: false),
                                                value: text(&random, allowEmpty: true)))
            }
            let presentation = asURL && index == 0 && random.chance(0.7) ? .shown : random.pick(presentations)
            components.append(PageComponent(text(&random, allowEmpty: false),
                                             parameters: PageParameters(parameters), presentation: presentation))
        }
        var query: [PageParameter] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            query.append(PageParameter(key: text(&random, allowEmpty: false), value: text(&random, allowEmpty: true)))
        }
        return PagePath(components, query: PageParameters(query), origin: origin, scheme: asURL ? "app" : nil)
    }

    @Test("seeded random paths print and re-parse to the same value", arguments: [1, 2, 3, 4] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        for iteration in 0..<2_000 {
            let path = Self.randomPath(&random)
            let printed = path.description
            let reparsed: PagePath
            do {
                reparsed = try PagePath(parsing: printed)
            } catch {
                Issue.record("seed \(seed), iteration \(iteration): `\(printed)` does not parse: \(error)")
                return
            }
            #expect(reparsed == path, "seed \(seed), iteration \(iteration): `\(printed)`")
            #expect(reparsed.description == printed, "seed \(seed), iteration \(iteration)")
        }
    }
}

@Suite("Diffing and resolving paths", .timeLimit(.minutes(2)))
struct PagePathDifferenceTests {
    @Test("a diff keeps the common prefix, removes deepest first, adds outermost first")
    func difference() throws {
        let old = try PagePath(parsing: "/top/list_news/show_news(id=1)/comments")
        let new = try PagePath(parsing: "/top/list_news!share/sheet")
        let difference = new.difference(from: old)
        #expect(difference.commonPrefix.map(\.description) == ["/top", "/list_news"])
        #expect(difference.removed.map(\.description) == ["/comments", "/show_news(id=1)"])
        #expect(difference.added.map(\.description) == ["!share", "/sheet"])
        #expect(!difference.isEmpty)
    }

    @Test("components differ by name, presentation or parameters, never by the query")
    func componentEquality() throws {
        let base = try PagePath(parsing: "/a/b(id=1)?x=1")
        for (other, common) in [("/a/b(id=1)?x=2", 2), ("/a!b(id=1)", 1), ("/a/b(id=2)", 1), ("/a/c(id=1)", 1),
                                ("/a#b(id=1)", 1), ("/x", 0), ("/a/b(id=1)/c", 2)] {
            let difference = try PagePath(parsing: other).difference(from: base)
            #expect(difference.commonPrefix.count == common, "\(other)")
        }
        #expect(try PagePath(parsing: "/a/b(id=1)").difference(from: base).isEmpty)
    }

    static let resolutions: [(relative: String, base: String, expected: String)] = [
        ("top/profile", "/home", "/home/top/profile"),
        ("..", "/top/news(id=10)", "/top"),
        ("../profile", "/top/news(id=10)", "/top/profile"),
        ("..!profile", "/top/news(id=10)", "/top!profile"),
        ("../..", "/top/news(id=10)", "/"),
        (".!compose", "/tab#contact/list", "/tab#contact/list!compose"),
        ("^/settings", "/tab#contact/list", "/settings"),
        ("/settings", "/tab#contact/list", "/settings"),
        ("..?x=1", "/a/b?y=2", "/a?x=1"),
        ("comments", "app://top/news(id=10)?q=1", "app://top/news(id=10)/comments"),
    ]

    @Test("relative paths resolve against a base", arguments: resolutions.indices)
    func resolve(_ index: Int) throws {
        let (relative, base, expected) = Self.resolutions[index]
        let resolved = try PagePath(parsing: relative).resolved(against: PagePath(parsing: base))
        #expect(resolved.description == expected)
    }

    @Test("climbing above the root, or resolving against a relative base, is a typed error")
    func resolveErrors() throws {
        #expect { try PagePath(parsing: "../../..").resolved(against: PagePath(parsing: "/a/b")) } throws: {
            ($0 as? PagePathError)?.code == .aboveRoot
        }
        #expect { try PagePath(parsing: "x").resolved(against: PagePath(parsing: "../a")) } throws: {
            ($0 as? PagePathError)?.code == .relativeBase
        }
    }
}
