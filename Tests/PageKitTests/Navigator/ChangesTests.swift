import PageKit
import PageKitContainers
import PageKitTestStore
import PageKitTesting
import PageKitTestSupport
import Testing

/// Changes the navigator did not make: each source of change becomes an event with its
/// source and the paths before and after, enters the history so `back()` returns, and
/// asks a page that confirms leaving wherever the platform lets it refuse. The fixture's
/// containers are the models with SwiftUI's gestures; what UIKit's gestures do differently
/// runs on the behaviour model of UIKit.
@MainActor
@Suite("Changes you did not make", .timeLimit(.minutes(10)))
struct ChangesTests {
    nonisolated static let start = "/tab#contact/list/person_detail(id=5)/home_page(id=5)"

    /// The fixture, and every event it reports from now on.
    @MainActor
    final class Watched {
        let fixture: Fixture
        var events: [NavigationEvent] = []
        private var token: ObservationToken?

        init(_ fixture: Fixture = Fixture()) {
            self.fixture = fixture
            token = fixture.navigator.observe { [unowned self] in self.events.append($0) }
        }

        var changes: [(HierarchyChange, NavigationSource, String, String)] {
            events.compactMap { event in
                guard case .changed(let change) = event.kind else { return nil }
                return (change, event.source, event.from.description, event.to?.description ?? "-")
            }
        }
    }

    /// A change, as each case expects it.
    struct Expected: Sendable, CustomStringConvertible {
        let source: String
        let kind: HierarchyChange.Kind
        let source2: NavigationSource
        let after: String
        var before = ChangesTests.start
        var description: String { source }
    }

    nonisolated static let sources: [Expected] = [
        Expected(source: "back button", kind: .popped, source2: .user, after: "/tab#contact/list/person_detail(id=5)"),
        Expected(source: "swipe back finished", kind: .popped, source2: .user,
                 after: "/tab#contact/list/person_detail(id=5)"),
        Expected(source: "tab tap", kind: .selected, source2: .user, after: "/tab#settings"),
        Expected(source: "sheet swipe-down", kind: .dismissed, source2: .user, after: start, before: start + "!sheet"),
        Expected(source: "direct push", kind: .pushed, source2: .app, after: start + "/x"),
        Expected(source: "direct pop", kind: .popped, source2: .app, after: "/tab#contact/list"),
        Expected(source: "direct present", kind: .presented, source2: .app, after: start + "!x"),
        Expected(source: "queued push", kind: .pushed, source2: .app, after: start + "/x"),
    ]

    /// Makes the change the case names.
    static func act(_ source: String, on watched: Watched) async throws {
        let fixture = watched.fixture
        switch source {
        case "back button":
            guard case .leaving(let ticket) = try fixture.contact.userTapsBack() else {
                Issue.record("the back button should pop")
                return
            }
            try await ticket.finished()
        case "swipe back finished":
            #expect(try fixture.contact.userSwipesBack(finishing: true).name == "left")
        case "tab tap":
            try fixture.tabs.userSelectsTab(2)
        case "sheet swipe-down":
            #expect(try fixture.host.userSwipesDownModal(finishing: true).name == "left")
        case "direct push":
            fixture.contact.push([TestPage("x")], animated: false, style: .default, completion: TransitionCompletion { _ in })
        case "direct pop":
            fixture.contact.pop(to: fixture.list, animated: false, style: .default, completion: TransitionCompletion { _ in })
        case "direct present":
            fixture.present(TestPage("x"), from: fixture.home)
        case "queued push":
            try await fixture.contact.queued.push(TestPage("x"), animated: false).finished()
        default:
            Issue.record("no such source \(source)")
        }
    }

    @Test("each source of change is an event with its source, a history entry, and back() returns",
          arguments: sources)
    func sourceOfChange(_ expected: Expected) async throws {
        let fixture = Fixture()
        if expected.source == "sheet swipe-down" { fixture.present(TestPage("sheet"), from: fixture.tabs) }
        let watched = Watched(fixture)
        let navigator = fixture.navigator
        try await Self.act(expected.source, on: watched)
        let changes = watched.changes
        try #require(changes.count == 1, "\(watched.events.map(\.description))")
        let (change, source, from, to) = changes[0]
        #expect(change.kind == expected.kind)
        #expect(source == expected.source2)
        #expect(from == expected.before)
        #expect(to == expected.after)
        #expect(navigator.currentPath.description == expected.after)
        #expect(navigator.history.entries.map(\.description).suffix(2) == [expected.before, expected.after])
        // back() restores the path shown before the change.
        try await navigator.back().outcome()
        #expect(navigator.currentPath.description == expected.before)
    }

    @Test("a swipe abandoned midway changes nothing and reports nothing")
    func swipeCancelled() async throws {
        let fixture = Fixture()
        let store = NavigationTestStore(navigator: fixture.navigator, clock: fixture.clock)
        #expect(try await store.userSwipesBack(finishing: false).name == "abandoned")
        await store.finish()    // no event, and the path did not change
        #expect(fixture.navigator.currentPath.description == Self.start)
        #expect(fixture.navigator.history.entries.count == 1)
    }

    @Test("changes the navigator makes itself are announced once, by its request")
    func ownChangesOnce() async throws {
        let watched = Watched()
        try await watched.fixture.navigator.open("app://tab/settings")
        try await watched.fixture.navigator.open("app://tab/contact/list")
        #expect(watched.changes.isEmpty)
        #expect(watched.events.map { "\($0.kind)" }.filter { $0 == "didFinish" }.count == 2)
    }

    @Test("pushing a page already shown is refused with a typed error, nothing changes, the failure is announced")
    func doublePush() async throws {
        let watched = Watched()
        let fixture = watched.fixture
        let before = fixture.snapshot
        var failure: NavigationError.Code?
        fixture.contact.push([fixture.home], animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .alreadyInHierarchy)
        // Through the queue, as a double tap would.
        await #expect { try await fixture.contact.queued.push(fixture.detail).finished() } throws: {
            ($0 as? NavigationError)?.code == .alreadyInHierarchy
        }
        // Through the navigator.
        await #expect { try await fixture.navigator.push(page: fixture.list).outcome() } throws: {
            ($0 as? NavigationError)?.code == .alreadyInHierarchy
        }
        // Presented twice.
        let sheet = TestPage("sheet")
        fixture.present(sheet, from: fixture.tabs)
        var presentFailure: NavigationError.Code?
        fixture.host.present(sheet, from: sheet, animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { presentFailure = error.code }
        })
        #expect(presentFailure == .alreadyInHierarchy)
        try await fixture.navigator.open("app://tab/contact")
        #expect(fixture.snapshot == before)
        let failures = watched.events.filter { if case .failed(let error) = $0.kind { error.code == .alreadyInHierarchy } else { false } }
        #expect(failures.count >= 3, "\(watched.events.map(\.description))")
        #expect(failures.allSatisfy { $0.source == .app })
    }

    // MARK: Leave confirmation for gestures

    struct GestureCase: Sendable, CustomStringConvertible {
        let gesture: LeaveGesture
        let policy: LeavePolicy
        /// What the page answers when asked (for `.confirm`).
        let answer: Bool?
        let leaves: Bool
        var description: String { "\(gesture), \(policy), \(String(describing: answer))" }
    }

    nonisolated static let gestures: [GestureCase] = [LeaveGesture.backButton, .swipeBack, .swipeDown].flatMap { gesture in
        [
            GestureCase(gesture: gesture, policy: .allow, answer: nil, leaves: true),
            GestureCase(gesture: gesture, policy: .refuse, answer: nil, leaves: false),
            GestureCase(gesture: gesture, policy: .confirm, answer: true, leaves: true),
            GestureCase(gesture: gesture, policy: .confirm, answer: false, leaves: false),
        ]
    }

    /// A page that confirms leaving has PageKit's back button, which turns the system's
    /// swipe back off, and a sheet that holds one cannot be swiped down
    /// (`interactiveDismissDisabled`): those gestures never begin, and nobody is asked.
    /// Such a page is left through PageKit's back button, or a sheet's Cancel button, which
    /// ask it. On UIKit the gestures begin and ask: see `uikitGesturesAsk`.
    @Test("a page that confirms leaving is asked before the back button removes it, and turns the swipes off; a refusal leaves the screen as it is",
          arguments: gestures)
    func leaveConfirmation(_ testCase: GestureCase) async throws {
        let watched = Watched()
        let fixture = watched.fixture
        let page = ConfirmingPage("draft", allowsLeaving: nil)
        page.policy = testCase.policy
        if testCase.gesture == .swipeDown {
            fixture.present(page, from: fixture.tabs)
        } else {
            try await fixture.navigator.push(page: page).outcome()
        }
        let before = fixture.navigator.currentPath
        watched.events.removeAll()
        let attempt: LeaveAttempt = switch testCase.gesture {
        case .backButton: try fixture.contact.userTapsBack()
        case .swipeBack: try fixture.contact.userSwipesBack(finishing: true)
        case .swipeDown: try fixture.host.userSwipesDownModal(finishing: true)
        case .tabReselected: preconditionFailure("a tab model does not pop on a second tap")
        }
        switch (testCase.policy, attempt) {
        case (.refuse, .refused):
            break
        case (.allow, .left) where testCase.gesture != .backButton:
            break
        case (.allow, .leaving(let ticket)) where testCase.gesture == .backButton:
            try await ticket.finished()
        case (.confirm, .refused) where testCase.gesture != .backButton:
            #expect(page.leaveRequests.isEmpty, "a gesture that never begins asks nobody")
        case (.confirm, .leaving(let ticket)):
            #expect(await yieldUntil { page.isAsking }, "the page is asked")
            #expect(page.leaveRequests.last?.gesture == testCase.gesture)
            #expect(page.leaveRequests.last?.from == before)
            #expect(fixture.navigator.currentPath == before, "nothing moves while it is asked")
            page.answerLeave(testCase.answer ?? true)
            #expect(await yieldUntil { ticket.isResolved })
            if testCase.answer == false {
                #expect(ticket.errorCode == .refused)
            }
        default:
            Issue.record("unexpected \(attempt)")
        }
        if testCase.leaves, testCase.gesture == .backButton || testCase.policy != .confirm {
            #expect(fixture.navigator.currentPath != before)
            #expect(watched.changes.map { $0.1 } == [.user])
        } else {
            #expect(fixture.navigator.currentPath == before, "the page stays")
            #expect(watched.changes.isEmpty)
        }
    }

    /// On UIKit, the edge swipe and the swipe down of a page that confirms leaving begin,
    /// are held, and ask it (`NavigationControllerCore`, `PresentationCore`); the page
    /// leaves through the queue if it agrees. The same cases as `leaveConfirmation`, on the
    /// behaviour model of UIKit, with the form made dirty.
    @Test("on UIKit, a page that confirms leaving is asked when the edge swipe or the swipe down would remove it",
          arguments: [LeaveGesture.swipeBack, .swipeDown], [true, false])
    func uikitGesturesAsk(_ gesture: LeaveGesture, answer: Bool) async throws {
        let app = UIKitModelApp()
        try await app.open(gesture == .swipeDown ? "app://tab/contact!compose" : "app://tab/contact/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        app.queue.leavePolicyChanged(of: form)
        let before = app.navigator.currentPath
        _ = app.takeChanges()
        if gesture == .swipeDown {
            let sheet = try #require(app.tabs.presentedViewController)
            #expect(sheet.personSwipesDown()?.start == .refused, "held while the page is asked")
        } else {
            #expect(app.contact.personSwipesBack() == nil, "held while the page is asked")
        }
        #expect(await yieldUntil { form.isAsking }, "the page is asked")
        #expect(form.requests.last?.gesture == gesture)
        #expect(form.requests.last?.from == before)
        #expect(app.navigator.currentPath == before, "nothing moves while it is asked")
        form.answer(answer)
        await app.run()
        #expect(form.timesAsked == 1)
        if answer {
            #expect(app.navigator.currentPath != before)
            #expect(app.takeChanges() == [gesture == .swipeDown ? "dismissed [compose] by the user" : "popped [compose] by the user"])
        } else {
            #expect(app.navigator.currentPath == before, "the page stays")
            #expect(app.takeChanges().isEmpty)
        }
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: Noticed changes

    /// A stack that changes without telling anyone.
    @MainActor
    final class SilentStack: StackContainer {
        var pageName: String { "silent" }
        var pages: [any Page]
        init(_ pages: [any Page]) { self.pages = pages }
        var containedPages: [any Page] { pages }
        func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
            self.pages += pages
            completion.finish()
        }
        func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
            while let last = pages.last, last !== page { pages.removeLast() }
            completion.finish()
        }
        func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
            self.pages = pages
            completion.finish()
        }
    }

    /// Tabs that select at once, as `UITabBarController` and SwiftUI's `TabView` do.
    final class InstantTabs: TabContainer {
        var pageName: String { "tab" }
        let tabs: [any Page]
        private(set) var selected = 0
        init(_ tabs: [any Page]) { self.tabs = tabs }
        var containedPages: [any Page] { tabs }
        var visiblePage: (any Page)? { tabs[selected] }
        func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
            selected = tabs.firstIndex { $0 === page } ?? selected
            completion.finish()
        }
    }

    @Test("a change the queue's next operation makes is announced, even when the request before it ended with a step that ends at once")
    func changeAfterAStepThatEndsAtOnce() async throws {
        var registry = PageRegistry()
        registry.replace("sheet") { _ in TestPage("sheet") }
        let store = try NavigationTestStore(registry: registry, start: "/tab#contact/list!sheet") { parts in
            InstantTabs([parts.stack("contact", [TestPage("list")]), TestPage("settings")])
        }
        let contact = try #require((store.navigator.root as? InstantTabs)?.tabs.first as? PageStackModel)
        // Dismisses the sheet in 0.35 s, then selects at once and ends: the queue starts
        // the push while the selection's step is still on the call stack.
        let (settings, push) = await store.send { navigator in
            (navigator.request("/tab#settings"), contact.queued.push(TestPage("x")))
        }
        store.receive(.willStart, .path("/tab#contact/list"))
        await store.advance(by: .seconds(1))
        store.receive(
            .didFinish, .path("/tab#settings"),
            "changed (pushed [x] in contact by the app): /tab#settings → /tab#settings"
        )
        #expect(settings.isResolved && push.isResolved && push.errorCode == nil)
        #expect(store.navigator.history.entries.last?.description == "/tab#settings")
        await store.finish()
    }

    @Test("a change no container reports is noticed at the next request, or when told hierarchyDidChange()")
    func noticed() async throws {
        let a = TestPage("a"), b = TestPage("b"), c = TestPage("c")
        let stack = SilentStack([a, b])
        let queue = TransitionQueue()
        let navigator = Navigator(root: stack, host: PageHostModel(queue: queue), queue: queue, identifiers: .sequential())
        var events: [NavigationEvent] = []
        let token = navigator.observe { events.append($0) }
        stack.pages = [a, b, c]
        try await navigator.open("/silent/a/b/c")
        guard case .changed(let change) = events.first?.kind else {
            Issue.record("the change should be noticed first: \(events)")
            return
        }
        #expect(change.kind == .noticed)
        #expect(events.first?.from.description == "/silent/a/b")
        #expect(events.first?.to?.description == "/silent/a/b/c")
        // A replacement that keeps the ends and the count is seen once the app says so.
        stack.pages = [a, TestPage("x"), c]
        events.removeAll()
        navigator.hierarchyDidChange()
        #expect(events.count == 1)
        #expect(navigator.currentPath.description == "/silent/a/x/c")
        #expect(navigator.history.entries.map(\.description).suffix(2) == ["/silent/a/b/c", "/silent/a/x/c"])
        token.cancel()
    }
}

extension LeaveAttempt {
    /// `left`, `leaving`, `abandoned` or `refused`, for assertions.
    var name: String {
        switch self {
        case .left: "left"
        case .leaving: "leaving"
        case .abandoned: "abandoned"
        case .refused: "refused"
        }
    }
}
