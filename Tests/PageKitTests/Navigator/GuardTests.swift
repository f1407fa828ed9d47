import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

@MainActor
@Suite("Guards and pages that refuse to leave", .timeLimit(.minutes(10)))
struct GuardTests {
    /// A page that confirms leaving, pushed on the contact stack as the app pushes one.
    static func pushConfirming(_ name: String, allowsLeaving: Bool?, on fixture: Fixture) -> ConfirmingPage {
        let page = ConfirmingPage(name, allowsLeaving: allowsLeaving)
        fixture.contact.push([page], animated: false, style: .default, completion: TransitionCompletion { _ in })
        return page
    }

    @Test("a guard sees from, to and source, and can refuse with a typed error")
    func refuse() async throws {
        let fixture = Fixture()
        var seen: [GuardRequest] = []
        let token = fixture.navigator.addGuard { request in
            seen.append(request)
            return request.to.components.contains { $0.name == "settings" } ? .refuse(reason: "settings are locked") : .allow
        }
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/settings", .source(.external)) } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .refused && "\(error)".contains("settings are locked")
        }
        #expect(fixture.snapshot == before)
        #expect(seen.count == 1)
        #expect(seen[0].from.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        #expect(seen[0].to.description == "app://tab/settings")
        #expect(seen[0].source == .external)
        try await fixture.navigator.open("app://tab/feed")
        token.cancel()
        try await fixture.navigator.open("app://tab/settings")
        #expect(fixture.navigator.currentPath.description == "/tab#settings")
    }

    @Test("a guard can redirect, and the outcome says where from")
    func redirect() async throws {
        let fixture = Fixture()
        let login = try PagePath(parsing: "app://tab/contact!compose")
        let token = fixture.navigator.addGuard { request in
            request.to.components.last?.name == "settings" ? .redirect(to: login) : .allow
        }
        let outcome = try await fixture.navigator.open("app://tab/settings")
        #expect(outcome.redirectedFrom.map(\.description) == ["app://tab/settings"])
        #expect(fixture.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose")
        token.cancel()
    }

    @Test("a redirect loop is an error, and nothing moves")
    func redirectLoop() async {
        let fixture = Fixture()
        let a = try! PagePath(parsing: "app://tab/feed")
        let b = try! PagePath(parsing: "app://tab/settings")
        let token = fixture.navigator.addGuard { request in
            request.to == a ? .redirect(to: b) : .redirect(to: a)
        }
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open(a) } throws: {
            ($0 as? NavigationError)?.code == .redirectLoop
        }
        #expect(fixture.snapshot == before)
        token.cancel()
    }

    @Test("redirects are bounded even without a loop")
    func redirectBound() async {
        let fixture = Fixture()
        fixture.navigator.configuration.maxRedirects = 3
        var counter = 0
        let token = fixture.navigator.addGuard { _ in
            counter += 1
            return .redirect(to: try! PagePath(parsing: "app://tab/contact/detail(id=\(counter))"))
        }
        await #expect { try await fixture.navigator.open("app://tab/settings") } throws: {
            ($0 as? NavigationError)?.code == .redirectLoop
        }
        #expect(counter == 4)
        token.cancel()
    }

    /// A guard that keeps a request to settings waiting for its answer, that request, and
    /// a request to the feed queued behind it.
    @MainActor
    final class HeldBehindAGuard {
        var answer: CheckedContinuation<GuardDecision, Never>?
        var token: ObservationToken?
        var first: NavigationRequest?
        var second: NavigationRequest?

        init(_ fixture: Fixture) async throws {
            token = fixture.navigator.addGuard { [weak self] request in
                guard request.to.components.last?.name == "settings" else { return .allow }
                return await withCheckedContinuation { self?.answer = $0 }
            }
            first = fixture.navigator.request(try PagePath(parsing: "app://tab/settings"))
            second = fixture.navigator.request(try PagePath(parsing: "app://tab/feed"))
            #expect(await yieldUntil { self.answer != nil })
        }

        var neitherResolved: Bool { first?.isResolved == false && second?.isResolved == false }
    }

    @Test("an async guard holds the queue until it answers; later requests wait, with no time-out when none is set")
    func asyncGuard() async throws {
        let fixture = Fixture()
        fixture.queue.timeouts.answer = nil
        let held = try await HeldBehindAGuard(fixture)
        fixture.clock.advance(by: .seconds(3_600))
        #expect(held.neitherResolved, "the person is still deciding; no time-out")
        held.answer?.resume(returning: .allow)
        _ = try await held.first?.outcome()
        _ = try await held.second?.outcome()
        #expect(fixture.navigator.currentPath.description == "/tab#/feed")
        held.token?.cancel()
    }

    @Test("a guard that does not answer in time fails the request and lets the queue go; its late answer is ignored")
    func guardAnswerTimesOut() async throws {
        let fixture = Fixture()
        let held = try await HeldBehindAGuard(fixture)
        fixture.clock.advance(by: .seconds(59))
        #expect(held.neitherResolved, "the person may still be reading")
        fixture.clock.advance(by: .seconds(1))
        await #expect { try await held.first?.outcome() } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .answerTimedOut && error.reason == "guard 1 of 1 did not answer within 60.0 seconds"
        }
        _ = try await held.second?.outcome()
        #expect(fixture.navigator.currentPath.description == "/tab#/feed")
        held.answer?.resume(returning: .allow)
        #expect(await yieldUntil { fixture.queue.isIdle })
        #expect(fixture.navigator.currentPath.description == "/tab#/feed", "the late answer opens nothing")
        held.token?.cancel()
    }

    @Test("a page that does not answer whether it may leave in time fails the request, and nothing moves")
    func leaveAnswerTimesOut() async throws {
        let fixture = Fixture()
        let editor = Self.pushConfirming("editor", allowsLeaving: nil, on: fixture)
        let request = fixture.navigator.request(try PagePath(parsing: "app://tab/contact/list"))
        let next = fixture.navigator.request(try PagePath(parsing: "app://tab/settings"))
        #expect(await yieldUntil { editor.isAsking })
        fixture.clock.advance(by: .seconds(60))
        await #expect { try await request.outcome() } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .answerTimedOut && error.component == "editor"
        }
        _ = try await next.outcome()
        #expect(fixture.contact.pages.count == 4, "the page and what it holds stay")
        editor.answerLeave(true)
        #expect(await yieldUntil { fixture.queue.isIdle })
        #expect(fixture.contact.pages.count == 4, "the late answer removes nothing")
        #expect(await yieldUntil { editor.answersNobodyAwaited == 1 }, "the asking was cancelled at the time-out")
    }

    @Test("the person's back tap on a page that does not answer in time fails, and lets the queue go")
    func gestureAnswerTimesOut() async throws {
        let fixture = Fixture()
        let editor = Self.pushConfirming("editor", allowsLeaving: nil, on: fixture)
        guard case .leaving(let ticket) = try fixture.contact.userTapsBack() else {
            Issue.record("the back button should queue a leave")
            return
        }
        #expect(await yieldUntil { editor.isAsking })
        fixture.clock.advance(by: .seconds(60))
        #expect(ticket.result.map { if case .failure(let error) = $0 { error.code == .answerTimedOut } else { false } } == true)
        #expect(fixture.queue.isIdle)
        editor.answerLeave(true)
        for _ in 0..<10 { await Task.yield() }
        #expect(fixture.contact.pages.last === editor, "the late answer removes nothing")
        #expect(editor.answersNobodyAwaited == 1, "the asking was cancelled at the time-out")
    }

    @Test("a page that refuses to leave fails the request and leaves the hierarchy untouched")
    func canLeaveRefusal() async throws {
        let fixture = Fixture()
        let draft = ConfirmingPage("compose", allowsLeaving: false)
        fixture.present(draft, from: fixture.tabs)
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/settings") } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .refused && error.component == "compose"
        }
        #expect(fixture.snapshot == before)
        #expect(draft.leaveRequests.count == 1)
        #expect(draft.leaveRequests[0].to.description == "app://tab/settings")
        draft.allowsLeaving = true
        try await fixture.navigator.open("app://tab/settings")
        #expect(fixture.host.presentedPage(of: fixture.tabs) == nil)
    }

    @Test("can-leave is asked of every page the plan removes, and an async answer is awaited")
    func canLeaveAsync() async throws {
        let fixture = Fixture()
        let editor = Self.pushConfirming("editor", allowsLeaving: nil, on: fixture)
        let request = fixture.navigator.request(try PagePath(parsing: "app://tab/contact/list"))
        #expect(await yieldUntil { editor.isAsking })
        #expect(!request.isResolved)
        #expect(fixture.contact.pages.count == 4, "nothing moves while the page decides")
        editor.answerLeave(true)
        _ = try await request.outcome()
        #expect(fixture.contact.pages.count == 1)
    }

    @Test("pages kept by the plan are not asked, even when their stack is reordered")
    func onlyRemovedPagesAreAsked() async throws {
        let fixture = Fixture()
        let kept = Self.pushConfirming("kept", allowsLeaving: false, on: fixture)
        try await fixture.navigator.open("app://tab/settings")
        #expect(kept.leaveRequests.isEmpty)
        try await fixture.navigator.open("app://tab/contact/kept")
        try await fixture.navigator.push(identifiedBy: fixture.navigator.identifier(of: fixture.list)).outcome()
        #expect(kept.leaveRequests.isEmpty, "a reorder removes no page")
        #expect(fixture.contact.pages.last === fixture.list)
    }
}
