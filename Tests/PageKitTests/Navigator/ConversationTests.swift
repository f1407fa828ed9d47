import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

@MainActor
@Suite("Responses bubble to the pages that opened the sender", .timeLimit(.minutes(10)))
struct ResponseTests {
    @Test("a response is offered to the pages below in the stack, then the containers, until one consumes it")
    func bubbling() {
        let fixture = Fixture()
        fixture.list.consumesResponses = true
        let delivery = fixture.navigator.send(PageResponse(.ok, payload: "saved"), from: fixture.home)
        guard case .consumed(let page) = delivery else {
            Issue.record("expected the list to consume it, got \(delivery)")
            return
        }
        #expect(page.name == "list")
        #expect(fixture.detail.receivedResponses == [.ok], "skipped: it returned false")
        #expect(fixture.list.receivedResponses == [.ok])
        #expect(fixture.home.receivedResponses.isEmpty, "the sender is not offered its own response")
    }

    @Test("no page consumes it: it reaches the root and is reported unhandled")
    func unhandled() {
        let fixture = Fixture()
        #expect({ if case .unhandled = fixture.navigator.send(PageResponse(.cancelled), from: fixture.post) {
            return true
        } else { return false } }())
        #expect(fixture.feed.receivedResponses == [.cancelled])
        #expect(fixture.detail.receivedResponses.isEmpty, "pages of other tabs are not openers")
    }

    @Test("a response from a modal goes first to the page it was presented over")
    func fromModal() async throws {
        let fixture = Fixture()
        let outcome = try await fixture.navigator.open("app://tab/contact/home_page!compose?id=5")
        let compose = try #require(outcome.target)
        fixture.detail.consumesResponses = true
        guard case .consumed(let page) = fixture.navigator.send(PageResponse(.ok), from: compose) else {
            Issue.record("expected a consumer")
            return
        }
        #expect(page.name == "person_detail")
        #expect(fixture.home.receivedResponses == [.ok], "the page under the modal is asked first")
    }

    @Test("a page removed from the hierarchy never receives a response, and cannot send one")
    func removedPages() async throws {
        let fixture = Fixture()
        let home = fixture.home
        try await fixture.navigator.open("app://tab/contact/person_detail?id=5")
        guard case .senderNotLive = fixture.navigator.send(PageResponse(.ok), from: home) else {
            Issue.record("a removed sender has no openers")
            return
        }
        fixture.contact.push([TestPage("other")], animated: false, style: .default, completion: TransitionCompletion { _ in })
        _ = fixture.navigator.send(PageResponse(.ok), from: fixture.contact.pages.last!)
        #expect(home.receivedResponses.isEmpty)
        #expect(fixture.detail.receivedResponses == [.ok])
    }

    @Test("an awaited response across a modal presented from a tab's stack reaches its opener")
    func awaited() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact/home_page!compose?id=5", expecting: String.self)
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        fixture.list.consumesResponses = true
        let delivery = fixture.navigator.send(PageResponse(.ok, payload: "draft"), from: compose)
        #expect({ if case .awaited = delivery { return true } else { return false } }())
        let received = try await reply
        #expect(received?.status == .ok)
        #expect(received?.payload == "draft")
        #expect(fixture.list.receivedResponses.isEmpty, "an awaited response does not bubble")
    }

    @Test("an awaited open that fails throws its error, and waits for no response")
    func awaitedOpenFails() async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/contact!unknown", expecting: String.self) }
            throws: { ($0 as? NavigationError)?.code == .notRegistered }
        #expect(fixture.snapshot == before)
        // A page that leaves without responding ends the wait with nothing, not an error.
        let gone = TestPage("gone")
        #expect(await fixture.navigator.response(from: gone) == nil, "a page that is not live sends nothing")
    }

    @Test("a response sent in the very turn the open finishes is awaited, not bubbled")
    func respondsAtOnce() async throws {
        let fixture = Fixture()
        fixture.list.consumesResponses = true
        var delivery: ResponseDelivery?
        let token = fixture.navigator.observe { event in
            guard case .didFinish = event.kind, let compose = fixture.host.presentedPage(of: fixture.tabs) else { return }
            delivery = fixture.navigator.send(PageResponse(.ok, payload: 1), from: compose)
        }
        let reply = try await fixture.navigator.open("app://tab/contact!compose", expecting: Int.self)
        #expect(reply?.payload == 1)
        #expect({ if case .awaited = delivery { return true } else { return false } }())
        #expect(fixture.list.receivedResponses.isEmpty)
        token.cancel()
    }

    @Test("an observer may navigate while the navigator tells it of an event")
    func observerNavigates() async throws {
        let fixture = Fixture()
        var opened = false
        let token = fixture.navigator.observe { event in
            guard case .didFinish = event.kind, !opened else { return }
            opened = true
            _ = fixture.navigator.request("app://tab/settings")   // starts at once on an idle queue
        }
        try await fixture.navigator.open("app://tab/feed")
        #expect(await yieldUntil { fixture.navigator.currentPath.description == "/tab#settings" })
        token.cancel()
    }

    @Test("the awaited form returns nil when the page is popped unanswered")
    func poppedUnanswered() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact/list/detail(id=3)", expecting: Int.self)
        #expect(await yieldUntil { fixture.contact.pages.last?.pageName == "detail" })
        try await fixture.navigator.open("app://tab/contact/list")
        #expect(try await reply == nil)
    }

    // MARK: Flows

    @Test("a flow of several pages finishes with the reply of whichever page ends it, and is dismissed as a unit")
    func presentedFlow() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact!/attach/detail", expecting: Int.self)
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        let sheet = try #require(fixture.host.presentedPage(of: fixture.tabs) as? PageStackModel)
        // A page the flow opens later is part of it.
        try await fixture.navigator.open("compose")
        let compose = try #require(sheet.containedPages.last)
        #expect(compose.pageName == "compose")
        fixture.list.consumesResponses = true
        let delivery = fixture.navigator.send(PageResponse(.ok, payload: 7), from: compose)
        #expect({ if case .awaited = delivery { return true } else { return false } }())
        let received = try await reply
        #expect(received?.payload == 7)
        #expect(received?.sender?.refers(to: compose) == true)
        #expect(fixture.host.presentedPage(of: fixture.tabs) == nil, "the whole sheet is gone")
        #expect(fixture.list.receivedResponses.isEmpty, "the flow's reply does not bubble")
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
    }

    @Test("a flow pushed on a stack is popped as a unit when a page of it replies; pages below it stay")
    func pushedFlow() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact/list/person_detail(id=5)/home_page(id=5)/detail/compose",
                                                 expecting: String.self)
        #expect(await yieldUntil { fixture.contact.pages.last?.pageName == "compose" })
        let detail = try #require(fixture.contact.pages.dropLast().last)
        _ = fixture.navigator.send(PageResponse(.ok, payload: "done"), from: detail)
        #expect(try await reply?.payload == "done")
        #expect(fixture.contact.pages.map(\.pageName) == ["list", "person_detail", "home_page"])
    }

    @Test("the reply is returned once the closing transition has ended")
    func replyAfterTeardown() async throws {
        let fixture = Fixture(animationDuration: .milliseconds(300))
        let finished = Flag()
        let task = Task { @MainActor in
            let reply = try await fixture.navigator.open("app://tab/contact!compose", expecting: Int.self)
            finished.isSet = true
            return reply
        }
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        fixture.clock.advance(by: .milliseconds(300))
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        #expect(await yieldUntil { fixture.navigator.queue.isIdle })
        _ = fixture.navigator.send(PageResponse(.ok, payload: 1), from: compose)
        for _ in 0..<50 { await Task.yield() }
        #expect(!finished.isSet, "the sheet is still being dismissed")
        fixture.clock.advance(by: .milliseconds(300))
        #expect(try await task.value?.payload == 1)
        #expect(fixture.host.presentedPage(of: fixture.tabs) == nil)
    }

    @Test("a flow the person swipes away ends with no reply, and a late response from it reaches no one")
    func swipedAway() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact!compose", expecting: Int.self)
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        _ = try fixture.host.userSwipesDownModal()
        #expect(try await reply == nil)
        let late = fixture.navigator.send(PageResponse(.ok, payload: 2), from: compose)
        #expect({ if case .senderNotLive = late { return true } else { return false } }())
    }

    @Test("a flow answered while a request already takes it away ends with the reply, and its close, gone at its turn, fails nothing")
    func answeredWhileTakenAway() async throws {
        let fixture = Fixture(animationDuration: .milliseconds(300))
        var failures: [NavigationError] = []
        let token = fixture.navigator.observe { event in
            if case .failed(let error) = event.kind { failures.append(error) }
        }
        let task = Task { @MainActor in
            try await fixture.navigator.open("app://tab/contact!compose", expecting: Int.self)
        }
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        fixture.clock.advance(by: .milliseconds(300))
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        #expect(await yieldUntil { fixture.navigator.queue.isIdle })
        // The app goes elsewhere; while a guard decides, the sheet's page answers.
        var answer: CheckedContinuation<GuardDecision, Never>?
        let guardToken = fixture.navigator.addGuard { request in
            guard request.to.components.last?.name == "settings", answer == nil else { return .allow }
            return await withCheckedContinuation { answer = $0 }
        }
        let elsewhere = fixture.navigator.request("app://tab/settings")
        #expect(await yieldUntil { answer != nil })
        let delivery = fixture.navigator.send(PageResponse(.ok, payload: 3), from: compose)
        #expect({ if case .awaited = delivery { return true } else { return false } }())
        answer?.resume(returning: .allow)
        // The sheet's dismissal, the tab's selection, then the flow's close, if it moves.
        for _ in 0..<4 {
            fixture.clock.advance(by: .milliseconds(300))
            _ = await yieldUntil { fixture.navigator.queue.isIdle }
        }
        #expect(fixture.navigator.queue.isIdle)
        #expect(try await task.value?.payload == 3)
        #expect(try await elsewhere.outcome().target?.pageName == "settings")
        #expect(fixture.host.presentedPage(of: fixture.tabs) == nil)
        #expect(failures.isEmpty, "the flow's close found it gone: done, not failed (\(failures))")
        #expect(fixture.navigator.currentPath.description == "/tab#settings")
        token.cancel()
        guardToken.cancel()
    }

    @Test("cancelling the awaiting task closes the flow and ends it with no reply")
    func cancelled() async throws {
        let fixture = Fixture()
        let task = Task { @MainActor in
            try await fixture.navigator.open("app://tab/contact!/attach/detail", expecting: Int.self)
        }
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        task.cancel()
        #expect(try await task.value == nil)
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) == nil })
    }

    @Test("an open that revealed a live page waits for that page and closes nothing")
    func revealedPage() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact/list", expecting: Int.self)
        #expect(await yieldUntil { fixture.contact.pages.count == 1 })
        _ = fixture.navigator.send(PageResponse(.ok, payload: 3), from: fixture.list)
        #expect(try await reply?.payload == 3)
        #expect(fixture.contact.pages.map(\.pageName) == ["list"])
    }

    @Test("a payload of another type is a typed error")
    func mismatch() async throws {
        let fixture = Fixture()
        async let reply = fixture.navigator.open("app://tab/contact!compose", expecting: Int.self)
        #expect(await yieldUntil { fixture.host.presentedPage(of: fixture.tabs) != nil })
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        _ = fixture.navigator.send(PageResponse(.ok, payload: "not a number"), from: compose)
        do {
            _ = try await reply
            Issue.record("a String payload awaited as an Int should fail")
        } catch {
            #expect((error as? NavigationError)?.code == .responseTypeMismatch)
        }
    }
}

@MainActor
@Suite("Intents reach the page being opened", .timeLimit(.minutes(10)))
struct IntentTests {
    @Test("a factory receives the component's parameters, the query, and the payload if it is the target")
    func factoryIntent() async throws {
        let fixture = Fixture()
        var intents: [PageIntent] = []
        fixture.navigator.registry.replace("detail") { intent in
            intents.append(intent)
            return TestPage("detail", intent.component.parameters)
        }
        struct Draft: Sendable, Equatable { let text: String }
        try await fixture.navigator.open("app://tab/contact/list/detail(id=1)/detail(id=2)?q=x",
                                         .payload(Draft(text: "hello")))
        #expect(intents.count == 2)
        #expect(intents.map { $0.parameter("id") } == ["1", "2"])
        #expect(intents.map { $0.parameter("q") } == ["x", "x"])
        #expect(intents[0].payload(as: Draft.self) == nil, "only the target gets the payload")
        #expect(intents[1].payload(as: Draft.self) == Draft(text: "hello"))
        #expect(intents[1].payload(as: Int.self) == nil, "asked as another type, it is nil")
        #expect(intents[1].source == .app)
    }

    @Test("a live page revealed by an open is told the intent, so it can update")
    func revealedIntent() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact/person_detail?id=5&tab=photos", .payload(42))
        let intent = try #require(fixture.detail.receivedIntents.last)
        #expect(intent.parameter("tab") == "photos")
        #expect(intent.payload(as: Int.self) == 42)
        #expect(fixture.home.receivedIntents.isEmpty)
    }
}

@MainActor
@Suite("Cold start and links from outside the app", .timeLimit(.minutes(10)))
struct ColdStartTests {
    @Test("a request made before the root is installed is held and runs when it is")
    func held() async throws {
        let fixture = Fixture()
        let navigator = Navigator(host: fixture.host, registry: fixture.navigator.registry,
                                  queue: TransitionQueue(clock: ManualTransitionClock()))
        #expect(navigator.currentPath.components.isEmpty)
        let request = navigator.request(try PagePath(parsing: "app://tab/feed/post?id=1"))
        #expect(!request.isResolved)
        navigator.install(root: fixture.tabs)
        _ = try await request.outcome()
        #expect(navigator.currentPath.description == "/tab#/feed/post(id=1)")
    }

    @Test("a newer link replaces a held one, which ends cancelled; a held one can be cancelled")
    func replaced() async throws {
        let fixture = Fixture()
        let navigator = Navigator(host: fixture.host, registry: fixture.navigator.registry)
        var events: [String] = []
        let token = navigator.observe { events.append("\($0.kind)") }
        let older = navigator.request(try PagePath(parsing: "app://tab/settings"))
        let newer = navigator.request(try PagePath(parsing: "app://tab/feed"))
        guard case .failure(let error) = older.result else {
            Issue.record("the older held request should be cancelled")
            return
        }
        #expect(error.code == .cancelled)
        navigator.install(root: fixture.tabs)
        _ = try await newer.outcome()
        #expect(navigator.currentPath.description == "/tab#/feed")
        let third = Navigator(host: fixture.host).request(try PagePath(parsing: "app://tab/settings"))
        third.cancel()
        guard case .failure(let thirdError) = third.result else {
            Issue.record("a cancelled held request ends at once")
            return
        }
        #expect(thirdError.code == .cancelled)
        #expect(events == ["cancelled", "willStart", "didFinish"])
        token.cancel()
    }

    @Test("a request held by a navigator that is freed ends cancelled")
    func heldByFreedNavigator() async throws {
        let request: NavigationRequest
        do {
            let queue = TransitionQueue()
            let navigator = Navigator(host: PageHostModel(queue: queue), queue: queue)
            request = navigator.request(try PagePath(parsing: "app://tab/settings"))
        }
        #expect(await yieldUntil { request.isResolved })
        guard case .failure(let error) = request.result else {
            Issue.record("expected a cancellation")
            return
        }
        #expect(error.code == .cancelled)
    }

    @Test("an external open of a page not registered as externally openable is refused and changes nothing")
    func externalRefused() async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/contact!compose", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        await #expect { try await fixture.navigator.open("app://tab/contact/home_page?id=5", .source(.external)) }
            throws: { ($0 as? NavigationError)?.code == .notExternallyOpenable }
        #expect(fixture.snapshot == before)
        #expect(fixture.made.isEmpty)
        try await fixture.navigator.open("app://tab/contact/person_detail?id=8", .source(.external))
        #expect(fixture.made == ["person_detail"])
    }
}

@MainActor
@Suite("Navigation events as a stream", .timeLimit(.minutes(10)))
struct EventStreamTests {
    @Test("the event stream yields every event, in order, and ends when the navigator is freed")
    func stream() async throws {
        var fixture: Fixture? = Fixture()
        let events = fixture!.navigator.events()
        try await fixture!.navigator.open("app://tab/settings")
        await #expect { try await fixture!.navigator.open("app://tab/nowhere") } throws: { _ in true }
        fixture = nil
        var kinds: [String] = []
        for await event in events {
            kinds.append("\(event.kind)")
        }
        #expect(kinds.count == 3)
        #expect(kinds[0] == "willStart" && kinds[1] == "didFinish")
        #expect(kinds[2].hasPrefix("failed"))
    }
}

/// A flag a task sets, read by the test.
@MainActor
final class Flag {
    var isSet = false
}
