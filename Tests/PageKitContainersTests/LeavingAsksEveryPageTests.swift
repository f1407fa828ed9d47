import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// A gesture asks every page it removes, not only the one the platform hands over: a `!/`
/// sheet closed by the person takes its whole stack. One attempt to leave waits per page.
/// On the container models, a sheet whose stack holds a page that confirms cannot be
/// swiped down, and its Cancel button asks; UIKit's swipe down asks too
/// (`UIKitFidelityTests`, 1).
@MainActor
@Suite("Leaving asks every page it removes", .timeLimit(.minutes(10)))
struct LeavingAsksEveryPageTests {
    /// The fixture with `compose` a page that confirms leaving and waits for its answer.
    static func fixture() -> (Fixture, ConfirmingPage) {
        let fixture = Fixture()
        let compose = ConfirmingPage("compose", allowsLeaving: nil)
        fixture.navigator.registry.replace("compose") { _ in compose }
        return (fixture, compose)
    }

    @Test("a `!/` sheet whose stack holds a page that confirms cannot be swiped down; its Cancel asks the page, and stays when it refuses")
    func sheetWithStack() async throws {
        let (fixture, compose) = Self.fixture()
        try await fixture.navigator.open("app://tab/contact!/compose")
        let before = fixture.navigator.currentPath.description
        #expect(before.hasSuffix("!/compose"))
        #expect(try fixture.host.userSwipesDownModal().isRefused, "the swipe reads the sheet's whole stack")
        #expect(compose.leaveRequests.isEmpty)
        guard case .leaving(let ticket) = try fixture.host.userDismisses(compose) else {
            Issue.record("Cancel was not held for compose")
            return
        }
        #expect(await yieldUntil { compose.isAsking })
        compose.answerLeave(false)
        await #expect(throws: NavigationError.self) { try await ticket.finished() }
        #expect(compose.leaveRequests.count == 1)
        #expect(compose.leaveRequests.first?.gesture == .swipeDown)
        #expect(fixture.navigator.currentPath.description == before)
    }

    @Test("a `!/` sheet closed by its Cancel leaves once its page agrees, and the request names the path without the sheet")
    func sheetWithStackAgrees() async throws {
        let (fixture, compose) = Self.fixture()
        try await fixture.navigator.open("app://tab/contact!/compose")
        guard case .leaving(let ticket) = try fixture.host.userDismisses(compose) else {
            Issue.record("Cancel was not held for compose")
            return
        }
        #expect(await yieldUntil { compose.isAsking })
        compose.answerLeave(true)
        try await ticket.finished()
        #expect(compose.leaveRequests.first?.to.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        #expect(fixture.host.presentedPage(of: fixture.tabs) == nil)
    }

    @Test("a page that refuses at once refuses the whole sheet")
    func refusalAnywhereRefuses() async throws {
        let (fixture, compose) = Self.fixture()
        compose.policy = .refuse
        try await fixture.navigator.open("app://tab/contact!/compose")
        #expect(try fixture.host.userSwipesDownModal().isRefused)
        #expect(compose.leaveRequests.isEmpty)
        #expect(fixture.host.presentedPage(of: fixture.tabs) != nil)
    }

    @Test("the back button tapped twice on a page being asked queues one leave")
    func oneLeavePerPage() async throws {
        let (fixture, compose) = Self.fixture()
        try await fixture.navigator.open("app://tab/contact/compose")
        guard case .leaving(let first) = try fixture.contact.userTapsBack(),
              case .leaving(let second) = try fixture.contact.userTapsBack() else {
            Issue.record("the taps were not held for compose")
            return
        }
        #expect(first === second)
        #expect(await yieldUntil { compose.isAsking })
        compose.answerLeave(true)
        try await first.finished()
        #expect(compose.leaveRequests.count == 1)
        #expect(fixture.contact.pages.last?.pageName == "home_page", "one page popped, not two")
    }

    @Test("a leave that waited its turn reads the page's policy when it runs: a page that refuses by then stays, unasked")
    func policyReadWhenTheLeaveRuns() async throws {
        let (fixture, compose) = Self.fixture()
        try await fixture.navigator.open("app://tab/contact/compose")
        var hold: TransitionValve?
        fixture.queue.enqueue("hold") { valve in
            hold = valve
            return .wait
        }
        guard case .leaving(let leave) = try fixture.contact.userTapsBack() else {
            Issue.record("the tap was not queued")
            return
        }
        compose.policy = .refuse
        fixture.navigator.leavePolicyChanged(of: compose)
        hold?.fire()
        await #expect { try await leave.finished() } throws: { ($0 as? NavigationError)?.code == .refused }
        #expect(compose.leaveRequests.isEmpty, "refused at once, not asked")
        #expect(fixture.contact.pages.last === compose)
        #expect(fixture.queue.isIdle)
    }

    @Test("a leave cancelled while its page is asked ends cancelled: the page stays, and its late answer moves nothing")
    func cancelledWhileAsked() async throws {
        let (fixture, compose) = Self.fixture()
        try await fixture.navigator.open("app://tab/contact/compose")
        guard case .leaving(let leave) = try fixture.contact.userTapsBack() else {
            Issue.record("the tap was not queued")
            return
        }
        #expect(await yieldUntil { compose.isAsking })
        leave.cancel()
        // At once, though the page has not answered: the queue is not held for an answer
        // nobody awaits (a page's question may stay up for a long while).
        #expect(leave.isResolved && leave.errorCode == .cancelled, "\(String(describing: leave.result))")
        #expect(fixture.queue.isIdle)
        compose.answerLeave(true)
        #expect(await yieldUntil { compose.answersNobodyAwaited == 1 })
        #expect(fixture.contact.pages.last === compose)
        #expect(fixture.queue.isIdle)
    }

    @Test("a leave cancelled once its page agreed is not cut short: the pop's transition runs to its end, the queue held")
    func cancelledAfterTheAnswer() async throws {
        let fixture = Fixture(animationDuration: .milliseconds(350))
        let compose = ConfirmingPage("compose", allowsLeaving: nil)
        fixture.navigator.registry.replace("compose") { _ in compose }
        let open = fixture.navigator.request("app://tab/contact/compose", .animated(false))
        fixture.clock.advance(by: .seconds(1))
        #expect(open.isResolved)
        guard case .leaving(let leave) = try fixture.contact.userTapsBack() else {
            Issue.record("the tap was not queued")
            return
        }
        #expect(await yieldUntil { compose.isAsking })
        compose.answerLeave(true)
        #expect(await yieldUntil { fixture.contact.pages.last !== compose }, "the pop starts")
        fixture.queue.cancelAll()
        #expect(!leave.isResolved, "the pop's animation still runs")
        #expect(!fixture.queue.isIdle)
        fixture.clock.advance(by: .milliseconds(350))
        try await leave.finished()
        #expect(fixture.queue.isIdle)
        #expect(fixture.timedDriver?.maxInFlight == 1)
    }

    @Test("a policy over several pages is the strictest of theirs")
    func strictest() {
        let queue = TransitionQueue()
        let allow = ConfirmingPage("a")
        allow.policy = .allow
        let confirm = ConfirmingPage("c")
        let refuse = ConfirmingPage("r")
        refuse.policy = .refuse
        let plain = PlainPage("p")
        #expect(queue.leavePolicy(for: [plain, allow], by: .swipeDown) == .allow)
        #expect(queue.leavePolicy(for: [plain, confirm, allow], by: .swipeDown) == .confirm)
        #expect(queue.leavePolicy(for: [confirm, refuse], by: .swipeDown) == .refuse)
        #expect(queue.leavePolicy(for: [any Page](), by: .swipeDown) == .allow)
    }
}

extension LeaveAttempt {
    var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}
