import Foundation
import PageKit
import PageKitRoutes
@testable import PageKitLinks
import PageKitContainers
import PageKitTestSupport
import Testing

/// The person_detail page's typed route, as an app declares it.
private struct PersonRoute: PageRoute {
    static let pageName = "person_detail"
    var id: Int
}

@MainActor
@Suite("The link of the page on screen, through the navigator", .timeLimit(.minutes(10)))
struct CurrentLinkTests {
    static func error(_ makeLink: () throws -> String) -> LinkMapError? {
        linkError("the screen", makeLink)
    }

    @Test("the link leaves out the pages below the top of a stack, and opens this screen again")
    func leavesOutStackPages() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try navigator.links.add("example://people/{id}", to: "/tab#contact/person_detail(id={id})")
        try await navigator.open("/tab#contact/person_detail(id=5)")
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(try navigator.currentLink() == "https://example.com/people/5")
        #expect(try navigator.currentLink(scheme: "example") == "example://people/5")

        // Followed here, the link changes nothing; it names the page on screen.
        let before = fixture.snapshot
        try await navigator.openLink(try navigator.currentLink())
        #expect(fixture.snapshot == before)
        #expect(fixture.made.isEmpty)

        // A page pushed above: its own link, the pages below it left out.
        try await navigator.push(PersonRoute(id: 8)).outcome()
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/person_detail(id=8)")
        #expect(try navigator.currentLink() == "https://example.com/people/8")
    }

    @Test("a pattern whose target has the whole current path comes first")
    func exactPathFirst() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try navigator.links.add("https://example.com/list/{id}", to: "/tab#contact/list/person_detail(id={id})")
        try await navigator.open("/tab#contact/person_detail(id=5)")
        #expect(try navigator.currentLink() == "https://example.com/list/5")
    }

    @Test("a shorter path that would move anything is not the screen's link")
    func shorterPathMustChangeNothing() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        navigator.registry.replace("compose", externallyOpenable: true) { intent in TestPage(intent.component.name) }
        try navigator.links.add("https://example.com/people/{id}/compose", to: "/tab#contact/person_detail(id={id})!compose")
        // Compose over home_page: the pattern's path leaves out home_page, which is above
        // person_detail, so opening it would pop home_page and present compose again.
        try await navigator.open("/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose", .mode(.exact))
        let shorter = try PagePath(parsing: "/tab#contact/person_detail(id=5)!compose")
        #expect(try !navigator.plan(for: shorter, .source(.external)).steps.isEmpty)
        let error = try #require(Self.error { try navigator.currentLink() })
        #expect(error.code == .noPatternForPath)
        #expect(error.input == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose")

        // Compose over person_detail: the same pattern names this screen.
        try await navigator.open(shorter)
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(try navigator.currentLink() == "https://example.com/people/5/compose")
    }

    @Test("a page that is not externally openable has no link, whatever the map says")
    func notExternallyOpenable() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}/home", to: "/tab#contact/home_page(id={id})")
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        let error = try #require(Self.error { try navigator.currentLink() })
        #expect(error.code == .notExternallyOpenable)
        #expect(error.description == "cannot make a link for `/tab#contact/list/person_detail(id=5)/home_page(id=5)`: "
            + "`home_page` is not registered as externally openable, so the navigator would refuse its link")
        #expect(Self.error { try navigator.link(for: "/tab#contact/home_page(id=5)") }?.code == .notExternallyOpenable)
        // The map alone does not know the registry.
        #expect(try navigator.links.link(for: "/tab#contact/home_page(id=5)") == "https://example.com/people/5/home")
        // Once registered as openable, the same screen has its link.
        navigator.registry.replace("home_page", externallyOpenable: true) { intent in
            TestPage(intent.component.name, intent.component.parameters)
        }
        #expect(try navigator.currentLink() == "https://example.com/people/5/home")
    }

    @Test("a destination is resolved against the current path, and given its link as written")
    func destinations() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/list/person_detail(id={id})")
        try navigator.links.add("https://example.com/friends/{id}/{friend}",
                                to: "/tab#contact/list/person_detail(id={id})/person_detail(id={friend})")
        try await navigator.open("/tab#contact/person_detail(id=5)")
        #expect(try navigator.link(for: "/tab#contact/list/person_detail(id=7)") == "https://example.com/people/7")
        #expect(try navigator.link(for: PersonRoute(id: 9)) == "https://example.com/friends/5/9")
        try await navigator.push(PersonRoute(id: 9)).outcome()
        #expect(try navigator.link(for: "..") == "https://example.com/people/5")
    }

    @Test("each way a destination fails is a typed error naming it")
    func destinationErrors() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        let above = try #require(Self.error { try navigator.link(for: "../../../../../..") })
        #expect(above.code == .invalidPath)
        #expect(above.underlying is PagePathError)
        #expect(Self.error { try navigator.link(for: "/tab((") }?.code == .invalidPath)
        #expect(Self.error { try navigator.link(for: "/tab#contact/person_detail(id=5)", scheme: "ftp") }?.code
            == .noPatternForPath)
        #expect(Self.error { try navigator.link(for: "/tab#contact/person_detail(id=)") }?.code == .valueDoesNotFit)
    }

    @Test("an activity carries the screen's https link and the whole navigation state")
    func activity() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("example://people/{id}", to: "/tab#contact/person_detail(id={id})")
        try await navigator.open("/tab#contact/person_detail(id=5)")
        // Only a custom scheme gives this page a link: no web link, so no activity.
        let error = try #require(Self.error { _ = try navigator.currentActivity(type: "t"); return "" })
        #expect(error.code == .noPatternForPath)

        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        let activity = try navigator.currentActivity(type: "com.example.person", title: "Ada")
        #expect(activity.webpageURL.absoluteString == "https://example.com/people/5")
        #expect(activity.state == navigator.state)
        #expect(activity.state.path.description == "/tab#contact/list/person_detail(id=5)")
        #expect(activity.type == "com.example.person" && activity.title == "Ada")
    }
}

/// Random moves through a navigator, the current link checked after each against a
/// reference that tries every path the map's targets give for the ids in play: a link
/// exactly when one of them is the current path with pages left out (any of them, not
/// only those the navigator lines up) and opening it changes nothing.
@MainActor
@Suite("The current link after random moves, against every path the map gives", .timeLimit(.minutes(10)))
struct CurrentLinkModelTests {
    static let ids = [5, 7, 8]
    static let rules: [(String, String)] = [
        ("https://example.com/people/{id}", "/tab#contact/person_detail(id={id})"),
        ("https://example.com/people/{id}/compose", "/tab#contact/person_detail(id={id})!compose"),
        ("https://example.com/people/{id}/friends/{friend}",
         "/tab#contact/person_detail(id={id})/person_detail(id={friend})"),
        ("https://example.com/posts/{id}", "/tab#/feed/post(id={id})"),
        ("example://detail/{id}", "/tab#contact/list/person_detail(id={id})"),
    ]

    /// Every path the rules' targets give for two ids each: the reference's candidates.
    static let linkedPaths: [PagePath] = {
        var paths: [PagePath] = []
        for id in ids {
            paths.append(try! PagePath(parsing: "/tab#contact/person_detail(id=\(id))"))
            paths.append(try! PagePath(parsing: "/tab#contact/person_detail(id=\(id))!compose"))
            paths.append(try! PagePath(parsing: "/tab#/feed/post(id=\(id))"))
            paths.append(try! PagePath(parsing: "/tab#contact/list/person_detail(id=\(id))"))
            for friend in ids {
                paths.append(try! PagePath(parsing: "/tab#contact/person_detail(id=\(id))/person_detail(id=\(friend))"))
            }
        }
        return paths
    }()

    /// Whether `path` is `current`, or `current` with pages left out, its first and last
    /// kept: any way its pages can line up.
    static func isLeavingPagesOut(_ path: PagePath, of current: PagePath) -> Bool {
        let (pages, all) = (path.components, current.components)
        guard pages.count >= 2, pages.count <= all.count, pages.first == all.first, pages.last == all.last else {
            return pages == all
        }
        // The earliest place for each page between finds a way whenever there is one.
        var next = 1
        for page in pages.dropFirst().dropLast() {
            guard let index = all[next..<(all.count - 1)].firstIndex(of: page) else { return false }
            next = index + 1
        }
        return true
    }

    static func move(_ navigator: Navigator, _ random: inout SeededRandomNumberGenerator) async -> String {
        let (id, other) = (random.pick(ids), random.pick(ids))
        let mode: NavigationOptions = random.chance(0.3) ? .mode(.exact) : .default
        let destination = random.pick([
            "/tab#contact/person_detail(id=\(id))", "/tab#contact/person_detail(id=\(id))/person_detail(id=\(other))",
            "/tab#contact/person_detail(id=\(id))!compose", "/tab#contact/list/person_detail(id=\(id))/home_page(id=5)",
            "/tab#contact/person_detail(id=\(id))/home_page(id=\(other))!compose", "/tab#feed/post(id=\(id))",
            "/tab#settings", "/tab#contact/list",
        ])
        if random.chance(0.2) {
            _ = try? await navigator.push(PageComponent("person_detail", parameters: ["id": "\(id)"])).outcome()
            return "push person_detail(id=\(id))"
        }
        _ = try? await navigator.open(destination, mode)
        return "open \(destination) \(mode.mode)"
    }

    @Test("a link exactly when some path the map gives opens this screen unchanged, and the link is one",
          arguments: [71, 72, 73, 74] as [UInt64])
    func randomMoves(seed: UInt64) async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        for name in ["compose", "post"] {
            navigator.registry.replace(name, externallyOpenable: true) { intent in
                TestPage(intent.component.name, intent.component.parameters)
            }
        }
        for (pattern, target) in Self.rules { try navigator.links.add(pattern, to: target) }
        var random = SeededRandomNumberGenerator(seed: seed)
        var moves: [String] = []
        var tally = (links: 0, errors: 0)
        for _ in 0..<60 {
            moves.append(await Self.move(navigator, &random))
            let current = navigator.currentPath
            let context = "seed \(seed) after \(moves), at `\(current)`"
            let openable = current.components.last.map { navigator.registry.isExternallyOpenable($0.name) } ?? false
            let opensThisScreen = Self.linkedPaths.filter { path in
                Self.isLeavingPagesOut(path, of: current)
                    && (try? navigator.plan(for: path, .source(.external)))?.steps.isEmpty == true
            }
            do {
                let link = try navigator.currentLink()
                tally.links += 1
                let path = try navigator.links.path(for: link)
                #expect(opensThisScreen.contains(path), "\(context): `\(link)` maps to `\(path)`")
                #expect(openable, "\(context): a link `\(link)` to a page that is not externally openable")
                #expect(path.components.last == current.components.last, "\(context): `\(link)` ends elsewhere")
            } catch let error as LinkMapError {
                tally.errors += 1
                #expect(!openable || opensThisScreen.isEmpty,
                        "\(context): \(error), and \(opensThisScreen.map(\.description)) open this screen")
                #expect(error.code == (openable ? .noPatternForPath : .notExternallyOpenable), "\(context): \(error)")
            }
        }
        #expect(tally.links > 5 && tally.errors > 5, "seed \(seed): \(tally)")
    }
}
