import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// What the original designs let an app express, case by case: handlers with their own
/// parameters, relative paths that climb, jumps that keep pages, tab containers inside a
/// stack, and asking about any page.
@MainActor
@Suite("Seed fidelity: what the original designs could express", .timeLimit(.minutes(10)))
struct SeedFidelityTests {
    nonisolated static let start = "/tab#contact/list/person_detail(id=5)/home_page(id=5)"

    // MARK: 1. Handlers with parameters

    struct HandlerCase: Sendable, CustomStringConvertible {
        let url: String
        /// The value `event` reads in the delivered event, or the error's code.
        let event: String?
        let error: NavigationError.Code?
        var description: String { url }
    }

    nonisolated static let handlerCases: [HandlerCase] = [
        // The handler's own parameters, the owner named by its component.
        HandlerCase(url: "app://tab/contact/person_detail(id=5)/handler(event=unfriended)", event: "unfriended", error: nil),
        // The owner named by the query, the event by the handler's component.
        HandlerCase(url: "app://tab/contact/person_detail/handler(event=blocked)?id=5", event: "blocked", error: nil),
        // The handler's component wins over the query for its own keys.
        HandlerCase(url: "app://tab/contact/person_detail(id=5)/handler(event=a)?event=b", event: "a", error: nil),
        // No parameters: read from the query, as before.
        HandlerCase(url: "app://tab/contact/person_detail/handler?id=5&event=c", event: "c", error: nil),
        // The owner is not live: no page is made to receive an event.
        HandlerCase(url: "app://tab/contact/person_detail(id=9)/handler(event=x)", event: nil, error: .notRegistered),
        // A handler holds no pages.
        HandlerCase(url: "app://tab/contact/person_detail(id=5)/handler(event=x)/compose", event: nil, error: .handlerNotLast),
    ]

    @Test("a handler matches by its name, whatever parameters its component carries", arguments: handlerCases)
    func handlerParameters(_ testCase: HandlerCase) async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        do {
            try await fixture.navigator.open(testCase.url)
            #expect(testCase.error == nil)
            #expect(fixture.handlerEvents.map { $0.parameter("event") } == [testCase.event])
        } catch let error as NavigationError {
            #expect(error.code == testCase.error, "\(error)")
            #expect(fixture.handlerEvents.isEmpty)
        }
        #expect(fixture.snapshot == before, "an event moves nothing")
    }

    // MARK: 2. Climbing above the root

    @Test("climbing above the root is out of range whichever API asks: open, request, plan, up")
    func climbingAboveTheRoot() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/settings")
        let navigator = fixture.navigator
        let climb = "../../../../../profile"
        await #expect { try await navigator.open(climb) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        #expect { try navigator.plan(for: climb) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        await #expect { try await navigator.up(5).outcome() } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        // With a guard, the request is made absolute before it is planned: the same code.
        let token = navigator.addGuard { _ in .allow }
        await #expect { try await navigator.open(climb) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        token.cancel()
        // Climbing exactly to the root is not above it.
        #expect(try navigator.plan(for: "../..").steps.isEmpty)
    }

    // MARK: 3. Relative paths that climb, in reuse mode

    struct ClimbCase: Sendable, CustomStringConvertible {
        let path: String
        let steps: [String]
        let after: String
        var description: String { path }
    }

    nonisolated static let climbCases: [ClimbCase] = [
        // What a climbing path names lies at the climbed position, in reuse mode too.
        ClimbCase(path: "../../../compose", steps: ["replace the stack of contact with compose"],
                  after: "/tab#contact/compose"),
        ClimbCase(path: "../compose", steps: ["pop contact to person_detail(id=5)", "push compose onto contact"],
                  after: "/tab#contact/list/person_detail(id=5)/compose"),
        ClimbCase(path: "../../person_detail(id=5)", steps: ["pop contact to person_detail(id=5)"],
                  after: "/tab#contact/list/person_detail(id=5)"),
        ClimbCase(path: "../../person_detail(id=6)",
                  steps: ["pop contact to list", "push person_detail(id=6) onto contact"],
                  after: "/tab#contact/list/person_detail(id=6)"),
        // A path that does not climb still reuses: `compose` goes on top as it stands.
        ClimbCase(path: "compose", steps: ["push compose onto contact"], after: start + "/compose"),
        // Climbing to the stack shows it at its first page; to the tab container, leaves
        // what it shows as it is.
        ClimbCase(path: "../../..", steps: ["pop contact to list"], after: "/tab#contact/list"),
        ClimbCase(path: "../../../..", steps: [], after: start),
    ]

    @Test("a climbing relative path names what lies above, position by position, in reuse mode",
          arguments: climbCases)
    func climbing(_ testCase: ClimbCase) async throws {
        let fixture = Fixture()
        let outcome = try await fixture.navigator.open(testCase.path)
        #expect(outcome.plan.steps.map(\.description) == testCase.steps)
        #expect(fixture.navigator.currentPath.description == testCase.after)
    }

    @Test("up(n) is `..` n times: up(3) and up(2) both leave contact at its first page; up(4) changes nothing")
    func upToContainers() async throws {
        for (count, steps) in [(2, ["pop contact to list"]), (3, ["pop contact to list"]), (4, [])] as [(Int, [String])] {
            let fixture = Fixture()
            let outcome = try await fixture.navigator.up(count).outcome()
            #expect(outcome.plan.steps.map(\.description) == steps, "up(\(count))")
        }
    }

    // MARK: 4. Jumps that keep pages

    @Test("a jump that keeps the pages it pops can jump back to them; without it they are freed")
    func jumpKeepingPages() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        let homeID = navigator.identifier(of: fixture.home)
        let home = fixture.home
        try await navigator.jump(to: fixture.list, .keepingLeftPages()).outcome()
        #expect(fixture.contact.pages.map(\.pageDescription) == ["list"])
        // Back to home: the run up to it is pushed back above list.
        let back = try await navigator.jump(toIdentifier: homeID).outcome()
        #expect(back.plan.steps.map(\.description) == ["push person_detail(id=5), home_page(id=5) onto contact"])
        #expect(navigator.currentPath.description == Self.start)
        #expect(fixture.contact.pages[2] === home, "the very page that was kept")

        // Kept one level at a time: jump to detail keeping home, then back to home.
        try await navigator.jump(to: fixture.detail, .keepingLeftPages()).outcome()
        try await navigator.jump(toIdentifier: homeID).outcome()
        #expect(navigator.currentPath.description == Self.start)

        // Kept on a page itself kept: jump to detail keeping home, then to list keeping
        // detail. Back to home brings detail back first, in the one push.
        let detail = fixture.detail
        try await navigator.jump(to: fixture.detail, .keepingLeftPages()).outcome()
        try await navigator.jump(to: fixture.list, .keepingLeftPages()).outcome()
        #expect(fixture.contact.pages.map(\.pageDescription) == ["list"])
        let twice = try await navigator.jump(toIdentifier: homeID).outcome()
        #expect(twice.plan.steps.map(\.description) == ["push person_detail(id=5), home_page(id=5) onto contact"])
        #expect(navigator.currentPath.description == Self.start)
        #expect(fixture.contact.pages[1] === detail && fixture.contact.pages[2] === home)
        // Both back in the stack, neither is kept any more: popped without keeping, both
        // are out of reach.
        let detailID = navigator.identifier(of: detail)
        try await navigator.jump(to: fixture.list).outcome()
        for id in [homeID, detailID] {
            await #expect { try await navigator.jump(toIdentifier: id).outcome() } throws: {
                ($0 as? NavigationError)?.code == .unknownIdentifier
            }
        }
        try await navigator.push(page: detail).outcome()
        try await navigator.push(page: home).outcome()

        // Without keeping, the popped page is gone.
        try await navigator.jump(to: fixture.list).outcome()
        await #expect { try await navigator.jump(toIdentifier: homeID).outcome() } throws: {
            ($0 as? NavigationError)?.code == .unknownIdentifier
        }
    }

    @Test("a kept page the app showed again itself is not pushed a second time: the jump back fails, and nothing moves")
    func keptPageShownElsewhere() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        let homeID = navigator.identifier(of: fixture.home)
        try await navigator.jump(to: fixture.detail, .keepingLeftPages()).outcome()
        try await navigator.jump(to: fixture.list, .keepingLeftPages()).outcome()
        // The app pushes detail, kept, onto the feed stack without the navigator.
        fixture.feedStack.queued.push(fixture.detail)
        let before = fixture.snapshot
        await #expect { try await navigator.jump(toIdentifier: homeID).outcome() } throws: {
            ($0 as? NavigationError)?.code == .alreadyInHierarchy
        }
        #expect(fixture.snapshot == before)
    }

    @Test("kept pages are let go when forgotten, beyond the capacity, or when their place is gone")
    func keptPagesAreBounded() async throws {
        do {
            let fixture = Fixture()
            let homeID = fixture.navigator.identifier(of: fixture.home)
            try await fixture.navigator.jump(to: fixture.list, .keepingLeftPages()).outcome()
            fixture.navigator.forgetKeptPages()
            await #expect { try await fixture.navigator.jump(toIdentifier: homeID).outcome() } throws: {
                ($0 as? NavigationError)?.code == .unknownIdentifier
            }
        }
        do {
            let fixture = Fixture()
            fixture.navigator.configuration.keptPagesCapacity = 1
            let detailID = fixture.navigator.identifier(of: fixture.detail)
            // Two pages popped: more than the capacity, so the run is let go.
            try await fixture.navigator.jump(to: fixture.list, .keepingLeftPages()).outcome()
            await #expect { try await fixture.navigator.jump(toIdentifier: detailID).outcome() } throws: {
                ($0 as? NavigationError)?.code == .unknownIdentifier
            }
        }
        do {
            // The run stood on detail; detail is popped without keeping: nowhere to go back to.
            let fixture = Fixture()
            let homeID = fixture.navigator.identifier(of: fixture.home)
            try await fixture.navigator.jump(to: fixture.detail, .keepingLeftPages()).outcome()
            try await fixture.navigator.pop().outcome()
            await #expect { try await fixture.navigator.jump(toIdentifier: homeID).outcome() } throws: {
                ($0 as? NavigationError)?.code == .unknownIdentifier
            }
        }
    }

    // MARK: 5. A tab container inside a navigation stack

    /// A root stack `[top, friend]`, `friend` a tab container of `list` and `other`.
    @MainActor
    final class NestedTabs {
        let top = TestPage("top")
        let list = TestPage("list")
        let other = TestPage("other")
        let friend: PageTabModel
        let stack: PageStackModel
        let navigator: Navigator

        init() {
            let queue = TransitionQueue()
            friend = PageTabModel(name: "friend", tabs: [list, other], queue: queue, ending: .atOnce)
            stack = PageStackModel(pages: [top, friend], queue: queue, ending: .atOnce)
            navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue,
                                  identifiers: .sequential())
            for name in ["top", "detail"] {
                navigator.registry.replace(name) { intent in TestPage(intent.component.name) }
            }
        }
    }

    struct NestedCase: Sendable, CustomStringConvertible {
        let path: String
        let steps: [String]?
        let error: NavigationError.Code?
        var description: String { path }
    }

    nonisolated static let nestedCases: [NestedCase] = [
        // `/` under a tab of a container that sits in a stack pushes on that stack.
        NestedCase(path: "/top/friend#list/top", steps: ["push top onto stack"], error: nil),
        NestedCase(path: "/top/friend#other/detail/top", steps: ["select other in friend", "push detail, top onto stack"],
                   error: nil),
        // Exact mode does the same, position by position.
        NestedCase(path: "/top/friend#list/detail", steps: ["push detail onto stack"], error: nil),
        // Presented, the page has no stack to push on.
        NestedCase(path: "/top/friend#list!detail/top", steps: nil, error: .cannotShow),
    ]

    @Test("a tab container pushed on a stack: its tabs push on that stack", arguments: nestedCases)
    func tabsInsideAStack(_ testCase: NestedCase) async throws {
        let app = NestedTabs()
        do {
            let plan = try app.navigator.plan(for: testCase.path)
            #expect(plan.steps.map(\.description) == testCase.steps)
            try await app.navigator.open(testCase.path)
            // The path of what is now on screen opens as a no-op.
            #expect(try app.navigator.plan(for: app.navigator.currentPath, .mode(.exact)).steps.isEmpty)
        } catch let error as NavigationError {
            #expect(error.code == testCase.error, "\(error)")
        }
    }

    @Test("from a page pushed above the tab container, `..` pops back to it")
    func upFromAbove() async throws {
        let app = NestedTabs()
        try await app.navigator.open("/top/friend#list/detail")
        #expect(app.navigator.currentPath.description == "/top/friend#list/detail")
        try await app.navigator.open("..")
        #expect(app.stack.pages.count == 2)
        #expect(app.navigator.currentPath.description == "/top/friend#list")
    }

    @Test("the current path names the selected tab of a tab container below the top of its stack")
    func buriedTabIsNamed() async throws {
        let app = NestedTabs()
        try await app.navigator.open("/top/friend#list/top", .mode(.exact))
        #expect(app.navigator.currentPath.description == "/top/friend#list/top")
        #expect(app.navigator.currentURL(scheme: "app") == "app://top/friend/list/top")
        // The same text, the current path and the current URL all open as no-ops.
        for text in ["/top/friend#list/top", app.navigator.currentPath.description, "app://top/friend/list/top"] {
            #expect(try app.navigator.plan(for: text, .mode(.exact)).steps.isEmpty, "\(text)")
            #expect(try app.navigator.plan(for: text).steps.isEmpty, "\(text)")
        }
        // Another tab selected by the app, the stack unchanged: the path follows.
        try app.friend.userSelectsTab(1)
        #expect(app.navigator.currentPath.description == "/top/friend#other/top")
        #expect(try app.navigator.plan(for: "/top/friend#other/top", .mode(.exact)).steps.isEmpty)
        #expect(try app.navigator.plan(for: "/top/friend#list/top", .mode(.exact)).steps.map(\.description)
            == ["select list in friend"])
        #expect(try app.navigator.path(to: app.stack.pages[2]).description == "/top/friend#other/top")
        #expect(try app.navigator.path(to: app.list).description == "/top/friend#list")
    }

    @Test("restoring the path on a fresh app selects the tab that was selected, not the first")
    func buriedTabRestores() async throws {
        let app = NestedTabs()
        try await app.navigator.open("/top/friend#other/detail/top")
        let saved = app.navigator.currentPath
        #expect(saved.description == "/top/friend#other/detail/top")
        let fresh = NestedTabs()
        let outcome = try await fresh.navigator.open(saved, .mode(.exact))
        #expect(outcome.plan.steps.map(\.description) == ["select other in friend", "push detail, top onto stack"])
        #expect(fresh.friend.visiblePage === fresh.other)
        #expect(fresh.navigator.currentPath == saved)
        #expect(try fresh.navigator.plan(for: saved, .mode(.exact)).steps.isEmpty)
    }

    @Test("an exact path that stops at the tab pops what lies above the container, before it selects")
    func buriedTabExactStop() async throws {
        let app = NestedTabs()
        try await app.navigator.open("/top/friend#list/top", .mode(.exact))
        let plan = try app.navigator.plan(for: "/top/friend#other", .mode(.exact))
        #expect(plan.steps.map(\.description) == ["pop stack to friend", "select other in friend"])
        // Reuse finds the page above the container again rather than pushing a second one.
        #expect(try app.navigator.plan(for: "/top/friend#list/top").steps.isEmpty)
        #expect(try app.navigator.plan(for: "/top/friend#other/top").steps.map(\.description)
            == ["select other in friend"])
    }

    // MARK: 6. Asking about any page

    @Test("the path of any live page, visible or not; a page not live is a typed error")
    func pathToAnyPage() throws {
        let fixture = Fixture()
        fixture.present(TestPage("sheet"), from: fixture.tabs)
        let navigator = fixture.navigator
        #expect(try navigator.path(to: fixture.card).description == "/tab#contact/list/person_detail(id=5)/card")
        #expect(try navigator.path(to: fixture.post).description == "/tab#/feed/post(id=1)")
        #expect(try navigator.path(to: fixture.settings).description == "/tab#settings")
        #expect(try navigator.path(to: fixture.detail.containedPages[0]).description
            == "/tab#contact/list/person_detail(id=5)/handler")
        let sheet = try #require(fixture.host.presentedPage(of: fixture.tabs))
        #expect(try navigator.path(to: sheet).description == "/tab!sheet")
        #expect { try navigator.path(to: TestPage("gone")) } throws: { ($0 as? NavigationError)?.code == .notLive }
    }

    @Test("the page a path would end at, live or made, without showing it")
    func pageForAPath() throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        let before = fixture.snapshot
        guard case .live(let live) = try navigator.page(for: "app://tab/contact/person_detail?id=5") else {
            Issue.record("person 5 is live")
            return
        }
        #expect(live === fixture.detail)
        guard case .made(let made) = try navigator.page(for: "app://tab/contact/person_detail?id=9", .payload(1)) else {
            Issue.record("person 9 is not live")
            return
        }
        #expect(made.pageDescription == "person_detail(id=9)")
        #expect(fixture.made == ["person_detail"], "only the page the path ends at is made")
        #expect(fixture.snapshot == before, "nothing is shown")
        guard case .live(let owner) = try navigator.page(for: "app://tab/contact/person_detail/handler?id=5") else {
            Issue.record("the handler's owner is not live")
            return
        }
        #expect(owner === fixture.detail.containedPages[0])
        #expect { try navigator.page(for: "app://tab/contact/home_page?id=7", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        #expect { try navigator.page(for: "app://tab//x") } throws: { ($0 as? NavigationError)?.code == .invalidPath }
        struct Refused: Error {}
        navigator.registry.replace("compose") { _ in throw Refused() }
        #expect { try navigator.page(for: "app://tab/contact!compose") } throws: {
            ($0 as? NavigationError)?.code == .factoryFailed
        }
    }
}
