import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// One resolution over the fixture: the plan's steps, or the error's code.
struct ResolveCase: Sendable, CustomStringConvertible {
    enum Setup: Sendable { case none, composeOverContact, composeInStackOverContact, sheetOverHome }
    let path: String
    let mode: ResolutionMode
    let setup: Setup
    let steps: [String]?
    let error: NavigationError.Code?

    init(_ path: String, mode: ResolutionMode = .reuse, setup: Setup = .none, _ steps: [String]) {
        self.path = path
        self.mode = mode
        self.setup = setup
        self.steps = steps
        error = nil
    }

    init(_ path: String, mode: ResolutionMode = .reuse, setup: Setup = .none, fails code: NavigationError.Code) {
        self.path = path
        self.mode = mode
        self.setup = setup
        steps = nil
        error = code
    }

    var description: String { "\(path) (\(mode), \(setup))" }
}

@MainActor
@Suite("Resolving paths against the live hierarchy", .timeLimit(.minutes(10)))
struct ResolverTests {
    nonisolated static let group0: [ResolveCase] = [
        // A page that answers is revealed; the root's name may be omitted.
        ResolveCase("app://tab/contact/person_detail?id=5", ["pop contact to person_detail(id=5)"]),
        ResolveCase("app://contact/person_detail?id=5", ["pop contact to person_detail(id=5)"]),
        ResolveCase("/tab#contact/list/person_detail(id=5)", ["pop contact to person_detail(id=5)"]),
        ResolveCase("app://tab/contact/home_page?id=5", []),
        ResolveCase("app://tab/contact/list", ["pop contact to list"]),
        ResolveCase("app://tab/contact", []),
    ]

    nonisolated static let group1: [ResolveCase] = [
        // No page answers: made, and pushed on top of the stack as it stands (reuse).
        ResolveCase("app://tab/contact/person_detail?id=7", ["push person_detail onto contact"]),
        ResolveCase("app://tab/contact/list/compose", ["push compose onto contact"]),
        ResolveCase("app://tab/contact/person_detail/attach/sheet?id=5", ["push attach, sheet onto contact"]),
    ]

    nonisolated static let group2: [ResolveCase] = [
        // Exact mode: stacks hold exactly what the path names, positionally.
        ResolveCase("/tab#contact/list/compose", mode: .exact, ["pop contact to list", "push compose onto contact"]),
        ResolveCase("/tab#contact/compose", mode: .exact, ["replace the stack of contact with compose"]),
        ResolveCase("/tab#contact/list/home_page(id=5)", mode: .exact,
                    ["pop contact to list", "push home_page(id=5) onto contact"]),
        ResolveCase("/tab#contact", mode: .exact, ["pop contact to list"]),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)", mode: .exact, []),
    ]

    nonisolated static let group3: [ResolveCase] = [
        // Tabs: a match selects; a transparent stack stands for its first page.
        ResolveCase("app://tab/settings", ["select settings in tab"]),
        ResolveCase("app://tab/feed", ["select stack in tab", "pop stack to feed"]),
        ResolveCase("app://tab/feed/post?id=1", ["select stack in tab"]),
        ResolveCase("/tab#/feed/post(id=1)", ["select stack in tab"]),
        ResolveCase("app://tab/feed/post?id=2", ["select stack in tab", "push post onto stack"]),
        ResolveCase("app://tab/unknown", fails: .cannotShow),
        ResolveCase("app://tab/settings/compose", fails: .cannotShow),
        // `#` under a navigation stack means what `/` does: its children are its pages.
        ResolveCase("/tab#contact#compose", ["push compose onto contact"]),
    ]

    nonisolated static let group4: [ResolveCase] = [
        // Contained pages: an event handler only receives; an embedded page is revealed.
        ResolveCase("app://tab/contact/person_detail/handler?id=5&event=unfriended",
                    ["deliver to handler of person_detail(id=5) with ?id=5&event=unfriended"]),
        ResolveCase("app://tab/settings!compose/../x", fails: .invalidPath),
        ResolveCase("app://tab/contact/person_detail/handler/compose?id=5", fails: .handlerNotLast),
        ResolveCase("app://tab/contact/person_detail/handler?id=9", fails: .notRegistered),
        ResolveCase("app://tab/contact/person_detail/card?id=5", ["pop contact to person_detail(id=5)"]),
    ]

    nonisolated static let group5: [ResolveCase] = [
        // Modals: presented from where the path stands; covering ones dismissed first.
        ResolveCase("app://tab/contact!compose", ["present compose from contact"]),
        ResolveCase("app://tab/contact/home_page!compose!sheet?id=5",
                    ["present compose from home_page(id=5)", "present sheet from compose"]),
        ResolveCase("app://tab/contact!/compose/attach", ["present [compose, attach] in a new stack from contact"]),
        ResolveCase("app://tab/contact!compose/attach", fails: .cannotShow),
        ResolveCase("app://tab/contact/person_detail!compose?id=5",
                    ["pop contact to person_detail(id=5)", "present compose from person_detail(id=5)"]),
        ResolveCase("!compose", ["present compose from tab"]),
        ResolveCase("app://tab/settings", setup: .composeOverContact,
                    ["dismiss compose (presented by tab)", "select settings in tab"]),
        ResolveCase("app://tab/contact!compose", setup: .composeOverContact, []),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose", mode: .exact,
                    setup: .composeOverContact, []),
        // A presented page stands for `!` and `!/` alike in reuse mode; exact mode makes the
        // presentation what the path says, wrapped in a stack of its own or not.
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!/compose", setup: .composeOverContact, []),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!/compose", mode: .exact,
                    setup: .composeOverContact,
                    ["dismiss compose (presented by tab)", "present [compose] in a new stack from home_page(id=5)"]),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose", setup: .composeInStackOverContact, []),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!/compose", mode: .exact,
                    setup: .composeInStackOverContact, []),
        ResolveCase("/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose", mode: .exact,
                    setup: .composeInStackOverContact,
                    ["dismiss stack (presented by tab)", "present compose from home_page(id=5)"]),
        ResolveCase("app://tab/contact/home_page?id=5", setup: .composeOverContact,
                    ["dismiss compose (presented by tab)"]),
        ResolveCase("app://tab/contact/list", setup: .composeOverContact,
                    ["dismiss compose (presented by tab)", "pop contact to list"]),
        ResolveCase("app://tab/contact!other", setup: .composeOverContact,
                    ["dismiss compose (presented by tab)", "present other from contact"]),
        ResolveCase("app://tab/contact/person_detail/handler?id=5", setup: .composeOverContact,
                    ["deliver to handler of person_detail(id=5) with ?id=5"]),
        ResolveCase("app://tab/contact/home_page!sheet!compose?id=5", setup: .sheetOverHome,
                    ["present compose from sheet"]),
        ResolveCase("app://tab/contact/home_page?id=5", setup: .sheetOverHome,
                    ["dismiss sheet (presented by tab)"]),
    ]

    nonisolated static let cases: [ResolveCase] = group0 + group1 + group2 + group3 + group4 + group5

    @Test("each path plans the expected steps, or fails with the expected code", arguments: cases)
    func resolve(_ testCase: ResolveCase) throws {
        let fixture = Fixture()
        fixture.navigator.registry.replace("other") { _ in TestPage("other") }
        switch testCase.setup {
        case .none: break
        case .composeOverContact: fixture.present(TestPage("compose"), from: fixture.contact)
        case .composeInStackOverContact:
            fixture.present(PageStackModel(pages: [TestPage("compose")], queue: fixture.queue, ending: .atOnce),
                            from: fixture.contact)
        case .sheetOverHome: fixture.present(TestPage("sheet"), from: fixture.home)
        }
        let before = fixture.snapshot
        do {
            let plan = try fixture.navigator.plan(for: testCase.path, .mode(testCase.mode))
            #expect(testCase.error == nil, "expected \(String(describing: testCase.error)), got \(plan)")
            #expect(plan.steps.map(\.description) == testCase.steps, "\(plan)")
        } catch let error as NavigationError {
            #expect(error.code == testCase.error, "\(error)")
            #expect(error.description.contains(testCase.path) || error.code == .invalidPath, "names the path: \(error)")
        } catch {
            Issue.record("not a NavigationError: \(error)")
        }
        // Planning has no side effect: nothing moved, nothing was made.
        #expect(fixture.snapshot == before)
        #expect(fixture.made.isEmpty)
        #expect(fixture.handlerEvents.isEmpty)
    }

    @Test("a plan prints a header and numbered steps")
    func planDescription() throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose"), from: fixture.contact)
        let plan = try fixture.navigator.plan(for: "app://tab/settings")
        #expect(plan.description == """
            plan for app://tab/settings (reuse)
              1. dismiss compose (presented by tab)
              2. select settings in tab
            """)
        let empty = try Fixture().navigator.plan(for: "app://tab/contact/home_page?id=5")
        #expect(empty.description == "plan for app://tab/contact/home_page?id=5 (reuse): nothing to do")
        #expect(empty.steps.isEmpty)
    }

    @Test("errors name the path and the component")
    func errorMessages() {
        let fixture = Fixture()
        #expect { try fixture.navigator.plan(for: "app://tab/unknown") } throws: { error in
            "\(error)" == "cannot open `app://tab/unknown` at `unknown`: no tab of `tab` answers it, "
                + "and it does not accept new tabs"
        }
        #expect { try fixture.navigator.plan(for: "app://tab/contact/person_detail/handler?id=9") } throws: { error in
            "\(error)".hasPrefix("cannot open `app://tab/contact/person_detail/handler?id=9` at `handler`: ")
        }
    }

    @Test("a tab container that accepts new tabs adds one for an unknown component")
    func newTabs() throws {
        let fixture = Fixture(acceptsNewTabs: true)
        #expect(try fixture.navigator.plan(for: "app://tab/compose").steps.map(\.description)
            == ["add tab compose to tab"])
        #expect(try fixture.navigator.plan(for: "/tab#/compose/attach").steps.map(\.description)
            == ["add tab [compose, attach] in a new stack to tab"])
    }

    @Test("canRespond is asked only of pages whose name matches")
    func canRespondOnlyOnNameMatch() throws {
        let fixture = Fixture()
        let counting = CountingPage("counted")
        fixture.contact.push([counting, TestPage("other")], animated: false, style: .default, completion: TransitionCompletion { _ in })
        _ = try fixture.navigator.plan(for: "app://tab/contact/person_detail?id=5")
        #expect(counting.asked == 0)
        _ = try fixture.navigator.plan(for: "app://tab/contact/counted")
        #expect(counting.asked == 1)
    }

    @Test("the default canRespond compares the component's parameters, and query keys the page has")
    func defaultCanRespond() {
        let page = PlainPage("p", ["id": "5", "tab": "a"])
        #expect(page.canRespond(to: PageComponent("p"), query: [:]))
        #expect(page.canRespond(to: PageComponent("p", parameters: ["id": "5"]), query: [:]))
        #expect(!page.canRespond(to: PageComponent("p", parameters: ["id": "6"]), query: [:]))
        #expect(!page.canRespond(to: PageComponent("p", parameters: ["missing": "1"]), query: [:]))
        #expect(page.canRespond(to: PageComponent("p"), query: ["id": "5", "other": "x"]))
        #expect(!page.canRespond(to: PageComponent("p"), query: ["id": "6"]))
        // The component's own parameter wins over the query.
        #expect(page.canRespond(to: PageComponent("p", parameters: ["id": "5"]), query: ["id": "6"]))
        #expect(PlainPage("q").canRespond(to: PageComponent("q"), query: ["id": "6"]))
    }

    @Test("external opens reach only externally openable pages")
    func externalOpens() throws {
        let fixture = Fixture()
        #expect(try fixture.navigator.plan(for: "app://tab/contact/person_detail?id=7", .source(.external))
            .steps.count == 1)
        #expect(throws: NavigationError.self) {
            try fixture.navigator.plan(for: "app://tab/contact!compose", .source(.external))
        }
        #expect { try fixture.navigator.plan(for: "app://tab/contact/home_page?id=5", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        // An event reaches a handler when its owner is allowed.
        #expect(try fixture.navigator.plan(for: "app://tab/contact/person_detail/handler?id=5", .source(.external))
            .isDelivery)
    }
}

/// A page that counts how often it is asked `canRespond`.
@MainActor
final class CountingPage: Page {
    let pageName: String
    var asked = 0
    init(_ name: String) { pageName = name }
    func canRespond(to component: PageComponent, query: PageParameters) -> Bool {
        asked += 1
        return true
    }
}
