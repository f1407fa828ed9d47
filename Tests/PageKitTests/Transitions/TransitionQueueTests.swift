import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

@MainActor
@Suite("The transition queue", .timeLimit(.minutes(10)))
struct TransitionQueueTests {
    @Test("an operation that finishes at once lets the next start in the same turn")
    func sameTurn() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var log: [String] = []
        let first = queue.enqueue("a") { _ in log.append("a"); return .done }
        let second = queue.enqueue("b") { valve in log.append("b"); valve.fire(); return .wait }
        let third = queue.enqueue("c") { _ in log.append("c"); return .done }
        #expect(log == ["a", "b", "c"])
        #expect(first.result != nil && second.result != nil && third.result != nil)
        #expect(queue.isIdle)
    }

    @Test("a long chain of operations finishing at once runs in a loop, not recursion")
    func noRecursion() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var count = 0
        func next() {
            queue.enqueue("step") { _ in
                count += 1
                if count < 100_000 { next() }
                return .done
            }
        }
        next()
        #expect(count == 100_000)
        #expect(queue.isIdle)
    }

    @Test("a shut valve holds the next operation until it is fired")
    func holds() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var valve: TransitionValve?
        var log: [String] = []
        let first = queue.enqueue("a") { log.append("a"); valve = $0; return .wait }
        queue.enqueue("b") { _ in log.append("b"); return .done }
        #expect(log == ["a"])
        #expect(queue.pendingCount == 1)
        #expect(queue.runningLabel == "a")
        valve?.fire()
        #expect(log == ["a", "b"])
        #expect(first.result.map { (try? $0.get()) != nil } == true)
        valve?.fire()  // A second fire does nothing.
        #expect(queue.isIdle)
    }

    @Test("a valve never fired times out, is reported, and the late completion is ignored")
    func timeout() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock, timeouts: .init(animated: .seconds(2), nonAnimated: .milliseconds(500)))
        var events: [String] = []
        let token = queue.observe { events.append("\($0)") }
        var lost: TransitionValve?
        let first = queue.enqueue("lost", animated: true) { lost = $0; return .wait }
        let second = queue.enqueue("quick", animated: false) { _ in .wait }
        clock.advance(by: .milliseconds(1_999))
        #expect(first.result == nil)
        #expect(lost?.isActive == true)
        clock.advance(by: .milliseconds(1))
        #expect(first.errorCode == .timedOut)
        #expect(queue.runningLabel == "quick")
        #expect(lost?.isActive == false, "an operation that timed out is no longer the one running")
        lost?.fire()  // Late: ignored; `quick` is still the one running.
        #expect(queue.runningLabel == "quick")
        clock.advance(by: .milliseconds(500))
        #expect(second.errorCode == .timedOut)
        #expect(queue.isIdle)
        #expect(events == [
            "started(label: \"lost\")",
            "timedOut(label: \"lost\", after: 2.0 seconds)",
            "started(label: \"quick\")",
            "timedOut(label: \"quick\", after: 0.5 seconds)",
        ])
        token.cancel()
    }

    @Test("a timer armed for one operation never times out the next")
    func staleTimer() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        var valve: TransitionValve?
        queue.enqueue("a") { valve = $0; return .wait }
        let second = queue.enqueue("b") { _ in .wait }
        clock.advance(by: .seconds(1))
        valve?.fire()
        clock.advance(by: .seconds(1.5))  // a's timer would have elapsed at 2 s.
        #expect(second.result == nil)
        clock.advance(by: .seconds(0.5))
        #expect(second.errorCode == .timedOut)
    }

    @Test("each step of a multi-step operation gets a fresh time-out; a suspended one has none")
    func restartAndSuspend() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        var valve: TransitionValve?
        let ticket = queue.enqueue("steps") { valve = $0; return .wait }
        clock.advance(by: .seconds(1.5))
        valve?.restartTimeout(animated: true)
        clock.advance(by: .seconds(1.5))
        #expect(ticket.result == nil, "3 s in, but the second step started 1.5 s ago")
        valve?.suspendTimeout()
        clock.advance(by: .seconds(60))
        #expect(ticket.result == nil, "no time-out while suspended")
        valve?.restartTimeout(.milliseconds(100))
        clock.advance(by: .milliseconds(100))
        #expect(ticket.errorCode == .timedOut)
    }

    @Test("a waiting operation is cancelled at once; a running one is asked to stop")
    func cancellation() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var valve: TransitionValve?
        var runningValve: TransitionValve?
        var stopAsked = 0
        let running = queue.enqueue("running") { valve in
            runningValve = valve
            valve.onCancellation { stopAsked += 1 }
            return .wait
        }
        _ = running
        let waiting = queue.enqueue("waiting") { valve = $0; return .done }
        waiting.cancel()
        #expect(waiting.errorCode == .cancelled)
        #expect(runningValve?.isCancellationRequested == false)
        running.cancel()
        running.cancel()
        #expect(stopAsked == 1)
        #expect(runningValve?.isCancellationRequested == true, "a multi-step body reads it between steps")
        #expect(running.result == nil, "a transition on screen is never cut short")
        #expect(valve == nil, "the cancelled operation never ran")
        queue.cancelAll()
        #expect(stopAsked == 1)
    }

    @Test("cancelAll cancels every waiting operation in order")
    func cancelAll() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var order: [String] = []
        queue.enqueue("hold") { _ in .wait }
        let tickets = (0..<5).map { index in queue.enqueue("w\(index)") { _ in .done } }
        for ticket in tickets { ticket.onResolve { _ in order.append(ticket.label) } }
        queue.cancelAll()
        #expect(order == ["w0", "w1", "w2", "w3", "w4"])
        #expect(tickets.allSatisfy { $0.errorCode == .cancelled })
    }

    @Test("an interaction holds the queue; it cannot begin while a transition runs")
    func interaction() {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        let interaction = queue.beginInteraction("swipe")
        #expect(interaction != nil)
        #expect(queue.isInteracting)
        var ran = false
        queue.enqueue("after") { _ in ran = true; return .done }
        #expect(!ran)
        #expect(queue.beginInteraction() == nil, "one at a time")
        interaction?.end()
        #expect(ran)
        queue.enqueue("busy") { _ in .wait }
        #expect(queue.beginInteraction() == nil)
    }

    /// A SwiftUI stack's swipe in a column beside the one animating cannot be refused:
    /// it holds the queue from the end of what runs, or with the swipe in another column,
    /// so nothing that waits starts under either finger, and what runs is not disturbed.
    @Test("an interaction the platform cannot refuse holds the queue whatever holds it: from the end of what runs, or with another")
    func interactionEvenIfBusy() throws {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var log: [String] = []
        var valve: TransitionValve?
        let running = queue.enqueue("running") { started in valve = started; return .wait }
        queue.enqueue("waiting") { _ in log.append("waiting ran"); return .done }
        #expect(queue.beginInteraction("tap") == nil, "one that can be refused is, while busy")
        let swipe = try #require(queue.beginInteraction("swipe", evenIfBusy: true))
        let other = try #require(queue.beginInteraction("other column", evenIfBusy: true))
        #expect(queue.beginInteraction("tap") == nil)
        valve?.fire()
        #expect(running.isResolved && running.errorCode == nil, "what ran ends as it would")
        #expect(log.isEmpty && queue.isInteracting, "what waits, waits for the fingers")
        swipe.end()
        #expect(log.isEmpty && queue.isInteracting, "and for the last of them")
        other.end()
        #expect(log == ["waiting ran"] && queue.isIdle)

        // Ended before what runs has, it starts nothing, and what waits then runs in turn.
        queue.enqueue("running again") { started in valve = started; return .wait }
        queue.enqueue("waiting again") { _ in log.append("waiting again ran"); return .done }
        try #require(queue.beginInteraction("swipe", evenIfBusy: true)).end()
        #expect(log == ["waiting ran"] && !queue.isInteracting)
        valve?.fire()
        #expect(log == ["waiting ran", "waiting again ran"] && queue.isIdle)
    }

    @Test("perform returns once the operation has ended, and throws its error")
    func performAsync() async {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        await #expect(throws: Never.self) {
            try await queue.perform("done") { _ in .done }
        }
        await #expect { try await queue.perform("failed") { valve in
            valve.fail(NavigationError(.transitionFailed, reason: "no"))
            return .wait
        } } throws: { ($0 as? NavigationError)?.code == .transitionFailed }
    }

    @Test("a queue nobody else holds lives until the work someone waits for has ended")
    func queueLivesForItsTickets() {
        let clock = ManualTransitionClock()
        weak var weakQueue: TransitionQueue?
        let waiting: TransitionTicket
        do {
            let queue = TransitionQueue(clock: clock)
            weakQueue = queue
            queue.enqueue("lost") { _ in .wait }
            waiting = queue.enqueue("waiting") { _ in .done }
        }
        #expect(weakQueue != nil)
        clock.advance(by: .seconds(2))
        #expect(waiting.isResolved, "the lost one timed out and the waiting one ran")
        #expect(weakQueue == nil, "then the queue was let go")
    }

    @Test("a burst of 1,000 opens issued in one turn completes in order, one transition at a time")
    func burst() throws {
        let app = Fixture(animationDuration: .milliseconds(350))
        var finished: [Int] = []
        var requests: [NavigationRequest] = []
        for index in 0..<1_000 {
            let path = try PagePath(parsing: index.isMultiple(of: 2)
                ? "app://tab/contact/detail(id=\(index))" : "app://tab/feed/detail(id=\(index))")
            let request = app.navigator.request(path)
            request.onResolve { _ in finished.append(index) }
            requests.append(request)
        }
        app.clock.runUntilIdle()
        #expect(finished == Array(0..<1_000))
        #expect(requests.allSatisfy { (try? $0.result?.get()) != nil })
        #expect(app.timedDriver?.maxInFlight == 1)
        #expect(app.contact.pages.count == 3 + 500)
        #expect(app.feedStack.pages.count == 2 + 500)
    }
}

extension TransitionTicket {
    /// The error code it ended with, if it failed.
    var errorCode: NavigationError.Code? {
        if case .failure(let error) = result { return error.code }
        return nil
    }
}
