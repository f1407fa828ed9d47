import PageKit
@testable import PageKitRoutes
import PageKitTestSupport
import Testing

/// Strings, integers, booleans, optionals and enums, random but repeatable.
struct RouteGenerator {
    var random: SeededRandomNumberGenerator

    /// Every structural character of a path, spaces, non-ASCII, and percent signs.
    static let alphabet: [String] = [
        "a", "Z", "0", "_", "-", ".", "~", ",", ")", "(", "/", "!", "#", "?", "&", "=", "%", "%2F", "%zz", " ", "+",
        ":", "^", "é", "日本", "😀", "\t", "\n", "{", "}", "..",
    ]

    mutating func text() -> String {
        let length = Int.random(in: 0...8, using: &random)
        return (0..<length).map { _ in random.pick(Self.alphabet) }.joined()
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T {
        if random.chance(0.3) { return random.pick([T.min, T.max, 0, T.min + 1, T.max - 1]) }
        return T.random(in: T.min...T.max, using: &random)
    }

    mutating func double() -> Double {
        while true {
            let value = Double(bitPattern: random.next())
            if !value.isNaN { return random.chance(0.3) ? random.pick([0, -0.0, 0.1, -1e300, .infinity, 5]) : value }
        }
    }

    mutating func float() -> Float {
        while true {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if !value.isNaN { return value }
        }
    }

    mutating func optional<T>(_ make: (inout Self) -> T) -> T? {
        random.chance(0.5) ? make(&self) : nil
    }

    mutating func everything() -> Everything {
        Everything(
            int: integer(), int8: integer(), int16: integer(), int32: integer(), int64: integer(),
            uint: integer(), uint8: integer(), uint16: integer(), uint32: integer(), uint64: integer(),
            double: double(), float: float(), flag: random.chance(0.5), text: text(),
            mood: random.pick(Mood.allCases), priority: random.pick(Priority.allCases),
            note: optional { $0.text() }, count: optional { $0.integer() },
            maybeMood: optional { $0.random.pick(Mood.allCases) }, maybeFlag: optional { $0.random.chance(0.5) }
        )
    }

    mutating func search() -> Search { Search(query: text(), scope: optional { $0.text() }) }
    mutating func profile() -> Profile {
        Profile(personID: integer(), section: optional { $0.random.pick(Mood.allCases) })
    }
    mutating func person() -> PersonDetail { PersonDetail(id: integer()) }
}

/// A route of any of several types, with a way to read one back.
struct AnyTestRoute: Equatable, Sendable {
    let route: any PageRoute
    let read: @Sendable (PageComponent, PageParameters) throws -> AnyTestRoute
    let equals: @Sendable (any PageRoute) -> Bool

    init<Route: PageRoute & Equatable>(_ route: Route) {
        self.route = route
        read = { AnyTestRoute(try Route(decoding: $0, query: $1)) }
        equals = { ($0 as? Route) == route }
    }

    static func == (lhs: AnyTestRoute, rhs: AnyTestRoute) -> Bool { lhs.equals(rhs.route) }
}

@Suite("Random routes round-trip", .timeLimit(.minutes(10)))
struct RouteRoundTripTests {
    static func randomRoute(_ generator: inout RouteGenerator) -> AnyTestRoute {
        switch Int.random(in: 0..<6, using: &generator.random) {
        case 0, 1: AnyTestRoute(generator.everything())
        case 2: AnyTestRoute(generator.search())
        case 3: AnyTestRoute(generator.profile())
        case 4: AnyTestRoute(generator.person())
        default: AnyTestRoute(Compose())
        }
    }

    @Test("route → component → printed text → parsed → route is the identity", arguments: [1, 2, 3, 4] as [UInt64])
    func componentRoundTrip(seed: UInt64) throws {
        var generator = RouteGenerator(random: SeededRandomNumberGenerator(seed: seed))
        for iteration in 0..<500 {
            let route = Self.randomRoute(&generator)
            let path = try route.route.pagePath(limits: .default)
            let printed = path.description
            let parsed: PagePath
            do {
                parsed = try PagePath(parsing: printed)
            } catch {
                Issue.record("seed \(seed), iteration \(iteration): `\(printed)` does not parse: \(error)")
                return
            }
            #expect(parsed == path, "seed \(seed), iteration \(iteration): `\(printed)`")
            #expect(try route.read(parsed.components[0], parsed.query) == route,
                    "seed \(seed), iteration \(iteration): `\(printed)`")
        }
    }

    @Test("a composed path of random routes round-trips as a path string and as an app URL",
          arguments: [5, 6, 7, 8] as [UInt64])
    func pathRoundTrip(seed: UInt64) throws {
        var generator = RouteGenerator(random: SeededRandomNumberGenerator(seed: seed))
        for iteration in 0..<300 {
            var routes: [AnyTestRoute] = []
            var path = PagePath.root
            for _ in 0..<Int.random(in: 1...5, using: &generator.random) {
                let route = Self.randomRoute(&generator)
                routes.append(route)
                switch Int.random(in: 0..<5, using: &generator.random) {
                case 0: path = try path.showing(route.route)
                case 1: path = try path.presenting(route.route)
                case 2: path = try path.presenting(route.route, inNavigationStack: true)
                case 3: path = try path.embedding(route.route)
                default: path = try path.embedding(route.route, inNavigationStack: true)
                }
            }
            let context = "seed \(seed), iteration \(iteration)"
            let printed = path.description
            let parsed = try PagePath(parsing: printed)
            #expect(parsed == path, "\(context): `\(printed)`")
            #expect(parsed.description == printed, "\(context)")

            // A URL cannot say `#`, so compare the routes it reads back as. A first
            // component inside a stack of its own (`#/`) has no URL spelling: the host
            // would be empty.
            guard path.components[0].presentation != .childStack else { continue }
            let url = path.urlString(scheme: "app")
            let parsedURL: PagePath
            do {
                parsedURL = try PagePath(parsing: url)
            } catch {
                Issue.record("\(context): `\(url)` does not parse: \(error)")
                continue
            }
            #expect(parsedURL.components.count == routes.count, "\(context): `\(url)`")
            for (index, route) in routes.enumerated() where index < parsedURL.components.count {
                #expect(try route.read(parsedURL.components[index], parsedURL.query) == route, "\(context): `\(url)`")
                #expect(try route.read(parsed.components[index], parsed.query) == route, "\(context): `\(printed)`")
            }
        }
    }
}
