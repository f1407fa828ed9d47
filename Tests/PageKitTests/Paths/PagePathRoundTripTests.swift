#if canImport(Foundation)
import Foundation
#endif
import PageKit
import PageKitTestSupport
import Testing

@Suite("Random paths round-trip", .timeLimit(.minutes(10)))
struct PagePathRoundTripTests {
    /// Every structural character, plus spaces, non-ASCII and the relative markers.
    static let alphabet: [String] = [
        "a", "b", "z", "0", "9", "_", "-", ".", "~", "/", "!", "#", "(", ")", "?", "%", "&", "=", ",",
        " ", ":", "^", "+", "é", "日", "😀", "\t",
        // Combining marks, alone and after a letter, and a composed letter beside its
        // decomposed twin: keys Unicode calls equal, which must sort and print by bytes.
        "\u{301}", "\u{593}", "e\u{301}",
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

    #if canImport(Foundation)
    /// An app URL PageKit prints is handed to the system (`UIApplication.open`, a
    /// notification, a share sheet), so Foundation must accept it and read the same host,
    /// path and query out of it as PageKit does, with no fragment.
    @Test("seeded random app URLs are URLs Foundation splits as PageKit does", arguments: [5, 6] as [UInt64])
    func foundationReadsPrintedURLs(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        var checked = 0
        for iteration in 0..<2_000 {
            let path = Self.randomPath(&random)
            guard path.scheme != nil, path.isAbsolute else { continue }
            let printed = path.description
            let context = "seed \(seed), iteration \(iteration): `\(printed)`"
            guard let url = URL(string: printed), let components = URLComponents(string: printed) else {
                Issue.record("Foundation rejects \(context)")
                continue
            }
            let afterScheme = printed.dropFirst("app://".count)
            let hostAndPath = afterScheme.prefix { $0 != "?" }
            let query = afterScheme.count > hostAndPath.count ? String(afterScheme.dropFirst(hostAndPath.count + 1)) : nil
            #expect((components.percentEncodedHost ?? "") + components.percentEncodedPath == String(hostAndPath), "\(context)")
            #expect(components.percentEncodedQuery == query, "\(context)")
            #expect(components.fragment == nil, "\(context)")
            #expect(try PagePath(url: url) == path, "\(context)")
            checked += 1
        }
        #expect(checked > 500)
    }

    @Test("in an app URL, bytes that would end the host or the path, or that URLs do not allow, are encoded")
    func urlOnlyEncoding() throws {
        let cases: [(PagePath, String)] = [
            // `:` and `@` would start a port or end a user name in the host; in the path they are data.
            (PagePath([PageComponent("a:b@c", parameters: ["k": "x:y"]), PageComponent("d:e@f")], scheme: "app"),
             "app://a%3Ab%40c(k=x%3Ay)/d:e@f"),
            // `?` and `#` in a component's parameters would start the query or a fragment.
            (PagePath([PageComponent("list"), PageComponent("item", parameters: ["q": "a?b#c"])], scheme: "app"),
             "app://list/item(q=a%3Fb%23c)"),
            // `/` in the host's parameters would end the host; in the path's it is data.
            (PagePath([PageComponent("list", parameters: ["u": "a/b"]), PageComponent("item", parameters: ["u": "a/b"])],
                      scheme: "app"),
             "app://list(u=a%2Fb)/item(u=a/b)"),
            // Bytes URLs never allow as they are.
            (PagePath([PageComponent("x"), PageComponent("a^b|c[d]")], query: ["k": "{v}\\"], scheme: "app"),
             "app://x/a%5Eb%7Cc%5Bd%5D?k=%7Bv%7D%5C"),
            // The query keeps `/` and `?` as they are, as URLs allow.
            (PagePath([PageComponent("x")], query: ["url": "http://h/a?b=1"], scheme: "app"),
             "app://x?url=http://h/a?b=1"),
            // A path string is not a URL: only its own separators are encoded.
            (PagePath([PageComponent("a:b"), PageComponent("c", parameters: ["q": "a?b#c"])]), "/a:b/c(q=a?b#c)"),
        ]
        for (path, printed) in cases {
            #expect(path.description == printed)
            #expect(try PagePath(parsing: printed) == path, "`\(printed)`")
        }
    }
    #endif
}

@Suite("Diffing and resolving paths", .timeLimit(.minutes(10)))
struct PagePathDifferenceTests {
    @Test("a diff keeps the common prefix, removes deepest first, adds outermost first")
    func difference() throws {
        let old = try PagePath(parsing: "/top/list_news/show_news(id=1)/comments")
        let new = try PagePath(parsing: "/top/list_news!share/sheet")
        let difference = new.difference(from: old)
        #expect(difference.commonPrefix.map(\.description) == ["/top", "/list_news"])
        #expect(difference.removed.map(\.description) == ["/comments", "/show_news(id=1)"])
        #expect(difference.added.map(\.description) == ["!share", "/sheet"])
        #expect(!difference.added.isEmpty)
    }

    @Test("components differ by name, presentation or parameters, never by the query")
    func componentEquality() throws {
        let base = try PagePath(parsing: "/a/b(id=1)?x=1")
        for (other, common) in [("/a/b(id=1)?x=2", 2), ("/a!b(id=1)", 1), ("/a/b(id=2)", 1), ("/a/c(id=1)", 1),
                                ("/a#b(id=1)", 1), ("/x", 0), ("/a/b(id=1)/c", 2)] {
            let difference = try PagePath(parsing: other).difference(from: base)
            #expect(difference.commonPrefix.count == common, "\(other)")
        }
        let same = try PagePath(parsing: "/a/b(id=1)").difference(from: base)
        #expect(same.removed.isEmpty && same.added.isEmpty)
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
