import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Styles on every move: pops and dismissals take the request's transition, or reverse the
/// one that showed the page leaving; an option a move cannot honour fails the request
/// with a typed error instead of being ignored.
@MainActor
@Suite("Styles on every move", .timeLimit(.minutes(10)))
struct MoveStyleTests {
    // MARK: Pops and dismissals carry a style

    @Test("a page pushed with a transition is popped with it, printed with the plan and handed to the stack")
    func popReversesPush() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact/list/person_detail?id=7", .mode(.exact).animated(false))
        #expect(try fixture.navigator.plan(for: "app://tab/contact/list").steps.map(\.description)
            == ["pop contact to list with flip"])
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.pop(1, .animated(false)).outcome()
        #expect(outcome.plan.steps.map(\.description) == ["pop contact to list with flip"])
        #expect(fixture.recorder.takeLog() == ["pop [person_detail(id=7)] in contact with flip"])
    }

    @Test("the request's transition wins over the reversed one, on pop, pop(to:), popToRoot, up, close and jump",
          arguments: ["pop", "pop(to:)", "popToRoot", "up", "close", "jump"])
    func requestTransitionWins(_ move: String) async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact/list/person_detail?id=7", .mode(.exact).animated(false))
        let top = try #require(fixture.contact.containedPages.last)
        let options = NavigationOptions.transition(.crossDissolve).animated(false)
        _ = fixture.recorder.takeLog()
        let request = switch move {
        case "pop": fixture.navigator.pop(1, options)
        case "pop(to:)": fixture.navigator.pop(to: fixture.list, options)
        case "popToRoot": fixture.navigator.popToRoot(options)
        case "up": fixture.navigator.up(1, options)
        case "close": fixture.navigator.close(top, options)
        default: fixture.navigator.jump(to: fixture.list, options)
        }
        let outcome = try await request.outcome()
        #expect(outcome.plan.steps.map(\.description) == ["pop contact to list with cross dissolve"])
        #expect(fixture.recorder.takeLog() == ["pop [person_detail(id=7)] in contact with cross dissolve"])
    }

    @Test("a page pushed with the platform's transition pops with it, even where a styled page stood before")
    func platformPushForgetsStyle() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact/list/person_detail?id=7", .mode(.exact).animated(false))
        try await fixture.navigator.pop(1, .animated(false)).outcome()
        try await fixture.navigator.push(PageComponent("detail"), .animated(false)).outcome()
        #expect(try await fixture.navigator.pop(1, .animated(false)).outcome().plan.steps.map(\.description)
            == ["pop contact to list"])
        // The same page, pushed again without a style, leaves without one.
        let page = TestPage("detail")
        try await fixture.navigator.push(page: page, .transition(.curl).animated(false)).outcome()
        try await fixture.navigator.pop(1, .animated(false)).outcome()
        try await fixture.navigator.push(page: page, .animated(false)).outcome()
        #expect(try await fixture.navigator.pop(1, .animated(false)).outcome().plan.steps.map(\.description)
            == ["pop contact to list"])
    }

    @Test("a page presented with a transition is dismissed with it reversed; a request's transition wins")
    func dismissReversesPresent() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact!compose", .transition(.crossDissolve).animated(false))
        #expect(try fixture.navigator.plan(for: "app://tab/settings").steps.map(\.description)
            == ["dismiss compose (presented by tab) with cross dissolve", "select settings in tab"])
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.up(1, .transition(.none).animated(false)).outcome()
        #expect(outcome.plan.steps.map(\.description) == ["dismiss compose (presented by tab) with none"])
        #expect(fixture.recorder.takeLog() == ["dismiss [compose] in tab with none"])
    }

    @Test("a `!/` stack presented with a transition is dismissed with it reversed")
    func dismissStackReversesPresent() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact!/attach/detail", .transition(.flip).animated(false))
        #expect(try fixture.navigator.plan(for: "app://tab/contact").steps.map(\.description)
            == ["dismiss stack (presented by tab) with flip"])
    }

    @Test("with no style anywhere, pops and dismissals print and run as the platform's")
    func defaultsStayPlain() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact!compose", .animated(false))
        #expect(try fixture.navigator.plan(for: "app://tab/contact/list").steps.map(\.description)
            == ["dismiss compose (presented by tab)", "pop contact to list"])
    }

    // MARK: What each move honours

    static let moves = ["push", "push(page:)", "push(identifiedBy:)", "pop", "pop(to:)", "popToRoot", "jump",
                        "back", "up", "update", "close"]

    /// The reference: the options each move may be given, as the documentation's table says.
    static let honoured: [String: Set<String>] = [
        "transition": Set(moves).subtracting(["update"]),
        "hidingBottomBar": ["push", "push(page:)", "push(identifiedBy:)", "jump", "back"],
        "presentation": ["back"],
        "keepingLeftPages": ["pop", "pop(to:)", "popToRoot", "jump", "back", "up", "close"],
        "mode(.exact)": [],
    ]

    static let options: [String: NavigationOptions] = [
        "transition": .transition(.flip),
        "hidingBottomBar": .hidingBottomBar(),
        "presentation": .presentation(.fullScreen),
        "keepingLeftPages": .keepingLeftPages(),
        "mode(.exact)": .mode(.exact),
    ]

    /// Runs `move` with `options` on a fresh fixture that has a history to go back in.
    static func run(_ move: String, _ options: NavigationOptions) async -> NavigationError? {
        let fixture = Fixture()
        do {
            try await fixture.navigator.open("app://tab/feed", .animated(false))
            try await fixture.navigator.open("app://tab/contact", .animated(false))
        } catch {
            Issue.record("the fixture could not be set up: \(error)")
        }
        let navigator = fixture.navigator
        let options = options.animated(false)
        let request = switch move {
        case "push": navigator.push(PageComponent("detail"), options)
        case "push(page:)": navigator.push(page: TestPage("detail"), options)
        case "push(identifiedBy:)": navigator.push(identifiedBy: navigator.identifier(of: fixture.list), options)
        case "pop": navigator.pop(1, options)
        case "pop(to:)": navigator.pop(to: fixture.list, options)
        case "popToRoot": navigator.popToRoot(options)
        case "jump": navigator.jump(to: fixture.list, options)
        case "back": navigator.back(1, options)
        case "up": navigator.up(1, options)
        case "update": navigator.update(["id": "6"], of: fixture.home, options)
        default: navigator.close(fixture.home, options)
        }
        do {
            _ = try await request.outcome()
            return nil
        } catch {
            return error as? NavigationError
        }
    }

    @Test("each move honours the options the table gives it and fails with unsupportedOption for the others",
          arguments: ["transition", "hidingBottomBar", "presentation", "keepingLeftPages", "mode(.exact)"])
    func honouredOrRefused(_ option: String) async throws {
        let given = try #require(Self.options[option])
        let honoured = try #require(Self.honoured[option])
        for move in Self.moves {
            let error = await Self.run(move, given)
            if honoured.contains(move) {
                #expect(error == nil, "\(move) with \(option): \(String(describing: error))")
            } else {
                #expect(error?.code == .unsupportedOption, "\(move) with \(option) should be refused")
                #expect(error.map { "\($0)".contains(option) } == true, "the message names `\(option)`")
            }
        }
    }

    @Test("a refused option changes nothing and names the move")
    func refusalChangesNothing() async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.pop(1, .presentation(.fullScreen)).outcome() } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .unsupportedOption && "\(error)".contains("pop(1)")
        }
        #expect(fixture.snapshot == before)
    }

    @Test("a move keeps the source it is given: guards and events see it")
    func sourceHonoured() async throws {
        let fixture = Fixture()
        var seen: [NavigationSource] = []
        let token = fixture.navigator.addGuard { request in
            seen.append(request.source)
            return .allow
        }
        try await fixture.navigator.pop(1, .source(.user)).outcome()
        #expect(seen == [.user])
        token.cancel()
    }
}
