import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// How pages are shown, and what the original designs let pages say: presentation and
/// transition styles as plan data, per-page options, reserved query keys, payloads on
/// every move, responses that name their sender, parameters updated in place, event
/// handler filters, and actions that show no page.
@MainActor
@Suite("How pages are shown, and what pages can say", .timeLimit(.minutes(10)))
struct ShowingTests {
    // MARK: Styles are plan data

    struct StyleCase: Sendable, CustomStringConvertible {
        let url: String
        let options: NavigationOptions
        let steps: [String]
        /// What the containers recorded, transition by transition.
        let recorded: [String]
        var description: String { url }
    }

    nonisolated static let styleCases: [StyleCase] = [
        StyleCase(url: "app://tab/contact!compose", options: .default,
                  steps: ["present compose from contact as sheet (medium, large)"],
                  recorded: ["present [compose] in tab as sheet (medium, large)"]),
        StyleCase(url: "app://tab/contact!compose", options: .presentation(.fullScreen),
                  steps: ["present compose from contact as full screen"],
                  recorded: ["present [compose] in tab as full screen"]),
        StyleCase(url: "app://tab/contact!compose", options: .presentation(.popover(anchor: "share")),
                  steps: ["present compose from contact as popover from \"share\""],
                  recorded: ["present [compose] in tab as popover from \"share\""]),
        StyleCase(url: "app://tab/contact!compose", options: .presentation(.custom("card")).transition(.crossDissolve),
                  steps: ["present compose from contact as custom \"card\" with cross dissolve"],
                  recorded: ["present [compose] in tab as custom \"card\" with cross dissolve"]),
        StyleCase(url: "app://tab/contact/person_detail?id=7", options: .default,
                  steps: ["push person_detail onto contact with flip hiding the tab bar"],
                  recorded: ["push [person_detail(id=7)] in contact with flip hiding the tab bar"]),
        StyleCase(url: "app://tab/contact/person_detail?id=7", options: .transition(.moveIn(from: .top)),
                  steps: ["push person_detail onto contact with move in from top hiding the tab bar"],
                  recorded: ["push [person_detail(id=7)] in contact with move in from top hiding the tab bar"]),
        StyleCase(url: "app://tab/contact/detail", options: .transition(.none),
                  steps: ["push detail onto contact with none"], recorded: ["push [detail] in contact with none"]),
        StyleCase(url: "app://tab/contact!/attach/detail", options: .default,
                  steps: ["present [attach, detail] in a new stack from contact in a `branded` stack"],
                  recorded: ["present [stack] in tab in a `branded` stack"]),
    ]

    /// The fixture with `compose` a medium/large sheet, `person_detail` flipping and
    /// hiding the tab bar, and `attach` in a `branded` stack.
    static func styledFixture() -> Fixture {
        let fixture = Fixture()
        let make: PageRegistry.Factory = { intent in TestPage(intent.component.name, Fixture.parameters(of: intent)) }
        fixture.navigator.registry.replace("compose", options: ShowStyle(presentation: .sheet(detents: [.medium, .large])),
                                           factory: make)
        fixture.navigator.registry.replace("person_detail", options: ShowStyle(transition: .flip, hidesBottomBar: true),
                                           factory: make)
        fixture.navigator.registry.replace("attach", options: ShowStyle(stack: "branded"), factory: make)
        return fixture
    }

    @Test("presentation and transition styles come from registrations and requests, print with the plan, and reach the containers",
          arguments: styleCases)
    func styles(_ testCase: StyleCase) async throws {
        let fixture = Self.styledFixture()
        let plan = try fixture.navigator.plan(for: testCase.url, testCase.options)
        #expect(plan.steps.map(\.description) == testCase.steps)
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.open(testCase.url, testCase.options.animated(false))
        #expect(fixture.recorder.takeLog() == testCase.recorded)
    }

    @Test("the stack `!/` makes is of the kind the page's registration names")
    func stackKind() async throws {
        let fixture = Self.styledFixture()
        try await fixture.navigator.open("app://tab/contact!/attach")
        let stack = try #require(fixture.host.presentedPage(of: fixture.tabs) as? PageStackModel)
        #expect(stack.kind == "branded")
        #expect(fixture.host.presentationStyle(of: stack)?.stack == "branded")
    }

    // MARK: Reserved query keys

    @Test("reserved query keys are data by default, and options once turned on")
    func reservedQueryKeys() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact/detail?animated=false&modal=true&q=1")
        #expect(fixture.navigator.currentPath.components.last?.name == "detail", "pushed, not presented")
        #expect(fixture.recorder.takeLog().last?.hasSuffix("(animated)") == true)

        let configured = Fixture()
        configured.navigator.configuration.reservedQueryKeys = [.animated, .modal]
        var intents: [PageIntent] = []
        configured.navigator.registry.replace("detail") { intent in
            intents.append(intent)
            return TestPage("detail")
        }
        _ = configured.recorder.takeLog()
        let outcome = try await configured.navigator.open("app://tab/contact/detail?animated=false&modal=true&q=1")
        #expect(outcome.plan.steps.map(\.description) == ["present detail from contact"])
        #expect(configured.recorder.takeLog() == ["present [detail] in tab"], "not animated")
        #expect(intents.first?.query == ["q": "1"], "pages never see the reserved keys")
        await #expect { try await configured.navigator.open("app://tab/settings?animated=maybe") } throws: {
            ($0 as? NavigationError)?.code == .invalidPath
        }
    }

    // MARK: Payloads on every move

    struct Draft: Sendable, Equatable { let text: String }

    @Test("jump, pop(to:), back and up carry a payload to the page they reveal")
    func payloadsOnMoves() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try await navigator.pop(to: fixture.list, .payload(Draft(text: "pop"))).outcome()
        #expect(fixture.list.receivedIntents.last?.payload(as: Draft.self) == Draft(text: "pop"))
        try await navigator.jump(to: fixture.post, .payload(Draft(text: "jump"))).outcome()
        #expect(fixture.post.receivedIntents.last?.payload(as: Draft.self) == Draft(text: "jump"))
        try await navigator.open("app://tab/contact/list/detail")
        try await navigator.up(1, .payload(Draft(text: "up"))).outcome()
        #expect(fixture.list.receivedIntents.last?.payload(as: Draft.self) == Draft(text: "up"))
        try await navigator.open("app://tab/settings")
        try await navigator.back(1, .payload(Draft(text: "back"))).outcome()
        #expect(fixture.list.receivedIntents.last?.payload(as: Draft.self) == Draft(text: "back"))
    }

    // MARK: Responses name their sender

    @Test("a response names its sender, and says to each page whether it opened the sender or passes it on")
    func responsesNameTheirSender() throws {
        let fixture = Fixture()
        let delivery = fixture.navigator.send(PageResponse(.ok), from: fixture.home)
        guard case .unhandled = delivery else {
            Issue.record("nobody consumes it: \(delivery)")
            return
        }
        let toDetail = try #require(fixture.detail.offeredResponses.last)
        let toList = try #require(fixture.list.offeredResponses.last)
        #expect(toDetail.sender?.refers(to: fixture.home) == true)
        #expect(toDetail.passedThrough == false, "detail opened home")
        #expect(toList.passedThrough == true, "list only passes it on")
    }

    // MARK: Parameters updated in place

    @Test("a page's parameters change in place: no transition, the page is told, the path and history follow")
    func parametersInPlace() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        _ = fixture.recorder.takeLog()
        let outcome = try await navigator.update(["id": "6"], of: fixture.detail).outcome()
        #expect(outcome.plan.steps.map(\.description) == ["update person_detail(id=5) to person_detail(id=6)"])
        #expect(fixture.recorder.takeLog().isEmpty, "nothing moves")
        #expect(fixture.detail.pageParameters == ["id": "6"])
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=6)/home_page(id=5)")
        #expect(navigator.history.last?.description == navigator.currentPath.description)
        await #expect { try await navigator.update(["x": "1"], of: PlainPageHolder.page(in: fixture)).outcome() } throws: {
            ($0 as? NavigationError)?.code == .cannotUpdate
        }
    }

    // MARK: Event handler filters

    @Test("a handler takes only the events its filter admits; the rest fall through, or fail when none admits them")
    func handlerFilters() async throws {
        let fixture = Fixture()
        final class Owner: ParentPage {
            var pageName: String { "owner" }
            var containedPages: [any Page] = []
            var follows: [String] = []
            var others: [String] = []
        }
        let owner = Owner()
        owner.containedPages = [
            EventHandler("handler", owner: owner, filter: { $0.parameter("event") == "followed" }) { owner, event in
                owner.follows.append(event.parameter("event") ?? "")
            },
            EventHandler("handler", owner: owner, filter: { $0.parameter("event") != "spam" }) { owner, event in
                owner.others.append(event.parameter("event") ?? "")
            },
        ]
        try await fixture.navigator.push(page: owner).outcome()
        try await fixture.navigator.open("app://tab/contact/owner/handler(event=followed)")
        try await fixture.navigator.open("app://tab/contact/owner/handler(event=liked)")
        #expect(owner.follows == ["followed"])
        #expect(owner.others == ["liked"])
        await #expect { try await fixture.navigator.open("app://tab/contact/owner/handler(event=spam)") } throws: {
            ($0 as? NavigationError)?.code == .eventRefused
        }
    }

    @Test("a handler whose owner is freed fails the event with handlerOwnerGone, and the screen is unchanged")
    func handlerOwnerGone() async throws {
        let fixture = Fixture()
        final class Holder: ParentPage {
            var pageName: String { "holder" }
            var containedPages: [any Page] = []
        }
        final class Owner {
            var events = 0
        }
        let holder = Holder()
        var owner: Owner? = Owner()
        // The holder lists a handler owned by another object, which goes away first.
        holder.containedPages = [EventHandler("handler", owner: owner!) { owner, _ in owner.events += 1 }]
        try await fixture.navigator.push(page: holder).outcome()
        try await fixture.navigator.open("app://tab/contact/holder/handler")
        #expect(owner?.events == 1)
        owner = nil
        let before = fixture.navigator.currentPath
        await #expect { try await fixture.navigator.open("app://tab/contact/holder/handler") } throws: {
            ($0 as? NavigationError)?.code == .handlerOwnerGone
        }
        #expect(fixture.navigator.currentPath == before)
    }

    // MARK: Actions without a page

    @Test("an action runs where its path leads, shows no page, is guarded and reports its events")
    func actions() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        var runs: [String] = []
        struct Broken: Error {}
        try navigator.registry.registerAction("logout") { _ in runs.append("logout") }
        try navigator.registry.registerAction("share", externallyOpenable: true) { intent in
            runs.append("share \(intent.parameter("id") ?? "-")")
        }
        try navigator.registry.registerAction("broken") { _ in throw Broken() }
        var events: [String] = []
        let token = navigator.observe { events.append("\($0.kind)") }

        let logout = try await navigator.open("app://logout")
        #expect(logout.plan.steps.map(\.description) == ["run logout"])
        #expect(events == ["willStart", "didFinish"])
        let share = try await navigator.open("app://tab/settings/share?id=5", .source(.external))
        #expect(share.plan.steps.map(\.description) == ["select settings in tab", "run share"])
        #expect(runs == ["logout", "share 5"])
        #expect(navigator.currentPath.description == "/tab#settings", "the action shows no page")

        await #expect { try await navigator.open("app://logout", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        await #expect { try await navigator.open("app://logout/settings") } throws: {
            ($0 as? NavigationError)?.code == .actionNotLast
        }
        await #expect { try await navigator.open("app://broken") } throws: {
            ($0 as? NavigationError)?.code == .actionFailed
        }
        let guardToken = navigator.addGuard { request in
            request.to.components.last?.name == "logout" ? .refuse(reason: "not now") : .allow
        }
        await #expect { try await navigator.open("app://logout") } throws: { ($0 as? NavigationError)?.code == .refused }
        #expect(runs == ["logout", "share 5"])
        guardToken.cancel()
        token.cancel()
    }

    @Test("an action after pages the request makes runs once they are shown, on the page made, or in a stack presented for it")
    func actionAfterPagesMade() async throws {
        let fixture = Fixture(presentsTabs: true)
        let navigator = fixture.navigator
        var runs: [String] = []
        try navigator.registry.registerAction("share") { intent in
            runs.append("share \(intent.path)")
        }
        let pushed = try await navigator.open("app://tab/contact/list/person_detail(id=9)/share")
        #expect(pushed.plan.steps.map(\.description) == ["push person_detail(id=9) onto contact", "run share"])
        #expect(runs == ["share app://tab/contact/list/person_detail(id=9)/share"])
        // Default mode pushes on the stack as it stands.
        let top = "/tab#contact/list/person_detail(id=5)/home_page(id=5)/person_detail(id=9)"
        #expect(navigator.currentPath.description == top, "the action shows no page")
        #expect(navigator.history.last == navigator.currentPath)

        // A presented stack made for the path: the action runs inside it, once it is shown.
        let presented = try await navigator.open("app://tab/contact/list/person_detail(id=9)!/compose/share")
        #expect(presented.plan.steps.last?.description == "run share")
        #expect(runs.last == "share app://tab/contact/list/person_detail(id=9)!/compose/share")
        #expect(navigator.currentPath.description == top + "!/compose")
        try await navigator.open("app://tab/contact/list", .mode(.exact))

        // Tabs made for the path: the rest, the action, is planned again inside them.
        let tabs = try await navigator.open("/tab#contact/list!picker#recent/share")
        #expect(tabs.plan.steps.last?.description == "run share")
        #expect(runs.count == 3)
        #expect(navigator.currentPath.description == "/tab#contact/list!picker#recent")
        #expect(fixture.made.suffix(2) == ["compose", "picker"])
    }
}

/// A page that cannot change its parameters in place, pushed on the fixture.
@MainActor
enum PlainPageHolder {
    static func page(in fixture: Fixture) -> any Page {
        let page = PlainPage("plain")
        fixture.contact.push([page], animated: false, style: .default, completion: TransitionCompletion { _ in })
        return page
    }
}
