import PageKit
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

/// One move over the fixture: the plan it ran and the current path after, or an error.
struct MoveCase: Sendable, CustomStringConvertible {
    enum Move: Sendable {
        case pop(Int), popTo(String), popToRoot, jump(String), up(Int), back(Int)
        case push(String, PageParameters), pushPage(String), pushExisting(String), open(String)
    }

    let move: Move
    let steps: [String]?
    let after: String?
    let error: NavigationError.Code?

    init(_ move: Move, _ steps: [String], after: String) {
        self.move = move
        self.steps = steps
        self.after = after
        error = nil
    }

    init(_ move: Move, fails error: NavigationError.Code) {
        self.move = move
        steps = nil
        after = nil
        self.error = error
    }

    var description: String { "\(move)" }
}

@MainActor
@Suite("Moves: push, pop, pop-to, jump, back, up and relative paths", .timeLimit(.minutes(10)))
struct MovesTests {
    nonisolated static let stackMoves: [MoveCase] = [
        MoveCase(.pop(1), ["pop contact to person_detail(id=5)"], after: "/tab#contact/list/person_detail(id=5)"),
        MoveCase(.pop(2), ["pop contact to list"], after: "/tab#contact/list"),
        MoveCase(.pop(3), fails: .outOfRange),
        MoveCase(.pop(0), fails: .outOfRange),
        MoveCase(.popToRoot, ["pop contact to list"], after: "/tab#contact/list"),
        MoveCase(.popTo("detail"), ["pop contact to person_detail(id=5)"], after: "/tab#contact/list/person_detail(id=5)"),
        MoveCase(.popTo("home"), [], after: "/tab#contact/list/person_detail(id=5)/home_page(id=5)"),
        MoveCase(.popTo("post"), fails: .outOfRange),
        MoveCase(.popTo("gone"), fails: .unknownIdentifier),
    ]

    nonisolated static let jumps: [MoveCase] = [
        MoveCase(.jump("post"), ["select stack in tab"], after: "/tab#/feed/post(id=1)"),
        MoveCase(.jump("feed"), ["select stack in tab", "pop stack to feed"], after: "/tab#/feed"),
        MoveCase(.jump("list"), ["pop contact to list"], after: "/tab#contact/list"),
        MoveCase(.jump("card"), ["pop contact to person_detail(id=5)"], after: "/tab#contact/list/person_detail(id=5)"),
        MoveCase(.jump("settings"), ["select settings in tab"], after: "/tab#settings"),
        MoveCase(.jump("gone"), fails: .unknownIdentifier),
    ]

    nonisolated static let upsAndRelative: [MoveCase] = [
        MoveCase(.up(1), ["pop contact to person_detail(id=5)"], after: "/tab#contact/list/person_detail(id=5)"),
        // Climbing to the stack itself shows it at its first page, as up(2) does.
        MoveCase(.up(3), ["pop contact to list"], after: "/tab#contact/list"),
        MoveCase(.up(6), fails: .outOfRange),
        MoveCase(.open("../detail"), ["pop contact to person_detail(id=5)", "push detail onto contact"],
                 after: "/tab#contact/list/person_detail(id=5)/detail"),
        MoveCase(.open("detail"), ["push detail onto contact"],
                 after: "/tab#contact/list/person_detail(id=5)/home_page(id=5)/detail"),
        MoveCase(.open("..!compose"),
                 ["pop contact to person_detail(id=5)", "present compose from person_detail(id=5)"],
                 after: "/tab#contact/list/person_detail(id=5)!compose"),
        MoveCase(.open("../../home_page(id=5)"), ["pop contact to list", "push home_page(id=5) onto contact"],
                 after: "/tab#contact/list/home_page(id=5)"),
        MoveCase(.open("^/settings"), ["select settings in tab"], after: "/tab#settings"),
    ]

    nonisolated static let pushes: [MoveCase] = [
        MoveCase(.push("person_detail", ["id": "5"]), ["push person_detail(id=5) onto contact"],
                 after: "/tab#contact/list/person_detail(id=5)/home_page(id=5)/person_detail(id=5)"),
        MoveCase(.push("unregistered", [:]), fails: .notRegistered),
        MoveCase(.pushPage("fresh"), ["push fresh onto contact"],
                 after: "/tab#contact/list/person_detail(id=5)/home_page(id=5)/fresh"),
        MoveCase(.pushPage("list"), fails: .alreadyInHierarchy),
        MoveCase(.pushExisting("list"),
                 ["replace the stack of contact with person_detail(id=5), home_page(id=5), list"],
                 after: "/tab#contact/person_detail(id=5)/home_page(id=5)/list"),
        MoveCase(.pushExisting("home"), [], after: "/tab#contact/list/person_detail(id=5)/home_page(id=5)"),
        MoveCase(.pushExisting("post"), fails: .cannotShow),
    ]

    static func page(_ name: String, in fixture: Fixture) -> any Page {
        switch name {
        case "list": fixture.list
        case "detail": fixture.detail
        case "home": fixture.home
        case "card": fixture.card
        case "post": fixture.post
        case "feed": fixture.feed
        case "settings": fixture.settings
        case "gone": TestPage("gone")
        default: TestPage(name)
        }
    }

    static func request(_ move: MoveCase.Move, on fixture: Fixture) throws -> NavigationRequest {
        let navigator = fixture.navigator
        func id(_ name: String) -> PageIdentifier { navigator.identifier(of: page(name, in: fixture)) }
        return switch move {
        case .pop(let count): navigator.pop(count)
        case .popTo(let name): navigator.pop(toIdentifier: id(name))
        case .popToRoot: navigator.popToRoot()
        case .jump(let name): navigator.jump(toIdentifier: id(name))
        case .up(let count): navigator.up(count)
        case .back(let count): navigator.back(count)
        case .push(let name, let parameters): navigator.push(PageComponent(name, parameters: parameters))
        case .pushPage(let name): navigator.push(page: page(name, in: fixture))
        case .pushExisting(let name): navigator.push(identifiedBy: id(name))
        case .open(let text): navigator.request(try PagePath(parsing: text))
        }
    }

    @Test("each move plans the expected steps and ends where expected",
          arguments: stackMoves + jumps + upsAndRelative + pushes)
    func move(_ testCase: MoveCase) async throws {
        let fixture = Fixture()
        let request = try Self.request(testCase.move, on: fixture)
        do {
            let outcome = try await request.outcome()
            #expect(testCase.error == nil, "expected \(String(describing: testCase.error))")
            #expect(outcome.plan.steps.map(\.description) == testCase.steps)
            #expect(fixture.navigator.currentPath.description == testCase.after)
        } catch let error as NavigationError {
            #expect(error.code == testCase.error, "\(error)")
            #expect(fixture.navigator.currentPath.description
                == "/tab#contact/list/person_detail(id=5)/home_page(id=5)", "a failed move changes nothing")
        }
    }

    @Test("a move is planned at its turn: pop(to:) of a page popped meanwhile fails, and frees it")
    func plannedAtTurn() async throws {
        let fixture = Fixture(animationDuration: .milliseconds(350))
        let first = fixture.navigator.pop()
        let second = fixture.navigator.pop(to: fixture.home)
        fixture.clock.runUntilIdle()
        #expect((try? first.result?.get()) != nil)
        guard case .failure(let error) = second.result else {
            Issue.record("pop(to:) of a popped page should fail")
            return
        }
        #expect(error.code == .unknownIdentifier)
    }

    /// Two tabs with the same name and parameters have the same path: the second's pages
    /// cannot be reached by one, and a move that would plan through that path fails
    /// rather than act on the first tab.
    @Test("a jump to or close of a page its path cannot tell apart from a page beside it fails with staleHierarchy, and changes nothing")
    func pageItsPathCannotTellApart() async throws {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        let first = PageStackModel(name: "twin", pages: [TestPage("list")], queue: queue, ending: .atOnce)
        let second = PageStackModel(name: "twin", pages: [TestPage("list"), TestPage("detail")], queue: queue, ending: .atOnce)
        let tabs = PageTabModel(name: "tab", tabs: [first, second], queue: queue, ending: .atOnce)
        let navigator = Navigator(root: tabs, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue)
        try tabs.userSelectsTab(1)
        let secondList = second.pages[0], detail = second.pages[1]
        for request in [navigator.jump(to: secondList), navigator.close(detail)] {
            let error = try await #require(throws: NavigationError.self) { try await request.outcome() }
            #expect(error.code == .staleHierarchy && error.description.contains("cannot be told apart"), "\(error)")
        }
        #expect(tabs.selectedIndex == 1 && second.pages.count == 2 && first.pages.count == 1)
        #expect(navigator.currentPath.description == "/tab#twin/list/detail")
    }

    @Test("back restores earlier paths in exact mode and the history forgets the steps walked back")
    func back() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        let start = navigator.currentPath
        try await navigator.open("app://tab/settings")
        try await navigator.open("app://tab/feed")
        #expect(navigator.history.entries.map(\.description)
            == [start.description, "/tab#settings", "/tab#/feed"])
        let outcome = try await navigator.back().outcome()
        #expect(outcome.plan.steps.map(\.description) == ["select settings in tab"])
        #expect(navigator.history.entries.map(\.description) == [start.description, "/tab#settings"])
        try await navigator.back().outcome()
        #expect(navigator.currentPath == start)
        #expect(navigator.history.entries == [start])
        await #expect { try await navigator.back().outcome() } throws: {
            ($0 as? NavigationError)?.code == .outOfRange
        }
    }

    @Test("back rebuilds what was popped since")
    func backRebuilds() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact/list")
        #expect(fixture.contact.pages.count == 1)
        try await fixture.navigator.back().outcome()
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        #expect(fixture.made == ["person_detail", "home_page"])
    }

    @Test("the history is bounded")
    func boundedHistory() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        for id in 1...2 {
            try await navigator.open("app://tab/contact/list/detail(id=\(id))")
        }
        #expect(navigator.history.entries.count == 3)
        navigator.configuration.historyCapacity = 2
        #expect(navigator.history.entries.count == 2, "a smaller capacity drops the oldest at once")
        navigator.configuration.historyCapacity = 3
        for id in 1...5 {
            try await navigator.open("app://tab/contact/list/detail(id=\(id))")
        }
        #expect(navigator.history.capacity == 3)
        #expect(navigator.history.entries.map { $0.components.last?.description }
            == ["/detail(id=3)", "/detail(id=4)", "/detail(id=5)"])
    }
}
