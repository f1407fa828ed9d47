import Foundation
import PageKit
import PageKitContainers
import PageKitTestStore
import PageKitTestSupport
import Testing

/// The failures a store reports, kept for the test to assert instead of failing it.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [NavigationTestStore.Failure] = []

    var failures: [NavigationTestStore.Failure] { lock.withLock { kept } }
    var messages: [String] { failures.map(\.message) }

    func record(_ failure: NavigationTestStore.Failure) {
        lock.withLock { kept.append(failure) }
    }
}

/// A small app: tabs `tab` with the stack `contact` (list) and `settings`; the registry
/// makes person_detail, home_page and compose.
@MainActor
func makeStore(
    start: String? = "/tab#contact/list",
    records: NavigationTestStore.Records = [.events, .paths],
    exhaustivity: NavigationTestStore.Exhaustivity = .on,
    log: FailureLog? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> NavigationTestStore {
    var registry = PageRegistry()
    for name in ["person_detail", "home_page", "compose"] {
        registry.replace(name) { intent in TestPage(intent.component.name, Fixture.parameters(of: intent)) }
    }
    let report: @Sendable (NavigationTestStore.Failure) -> Void = if let log {
        { log.record($0) }
    } else {
        NavigationTestStore.Failure.record
    }
    return try NavigationTestStore(
        registry: registry, start: start, records: records, exhaustivity: exhaustivity,
        reportFailure: report,
        fileID: fileID, filePath: filePath, line: line, column: column
    ) { parts in
        parts.tabs("tab", [parts.stack("contact", [TestPage("list")]), TestPage("settings")])
    }
}

@MainActor
@Suite("The navigation test store passes a test that receives everything", .timeLimit(.minutes(10)))
struct NavigationTestStorePassingTests {
    @Test("an animated open: will start and the new path at once, did finish when the clock passes its animation")
    func animatedOpen() async throws {
        let store = try makeStore()
        let request = await store.open("/tab#contact/list/person_detail(id=5)")
        store.receive(
            "will start: /tab#contact/list → /tab#contact/list/person_detail(id=5)",
            .path("/tab#contact/list/person_detail(id=5)")
        )
        #expect(!request.isResolved)
        await store.advance(by: .milliseconds(349))
        #expect(store.unreceived.isEmpty)
        await store.advance(by: .milliseconds(1))
        store.receive(.didFinish)
        #expect(request.isResolved)
        await store.finish()
    }

    @Test("an open without animation reports will start, did finish, then the path it reached")
    func instantOpen() async throws {
        let store = try makeStore()
        await store.open("/tab#settings", .animated(false))
        store.receive(.willStart, .didFinish, .path("/tab#settings"))
        await store.back(1, .animated(false))
        store.receive(.willStart, .didFinish, .path("/tab#contact/list"))
        await store.finish()
    }

    @Test("the person's gestures are received as changes by the user, each with the path it left")
    func gestures() async throws {
        let store = try makeStore(start: "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        try await store.userTapsBack()
        store.receive(.changed(.popped), .path("/tab#contact/list/person_detail(id=5)"))
        await store.advance(by: .milliseconds(350))        // the pop's animation
        try await store.userSwipesBack()
        store.receive(.changed(.popped), .path("/tab#contact/list"))
        try await store.userSelectsTab("settings")
        store.receive(.changed(.selected), .path("/tab#settings"))
        await store.open("/tab#settings!compose", .animated(false))
        store.receive(.willStart, .didFinish, .path("/tab#settings!compose"))
        try await store.userSwipesDownModal()
        store.receive(.changed(.dismissed), .path("/tab#settings"))
        await store.finish()
    }

    @Test("a lost end of a transition: the queue's time-out fails the request on the clock")
    func timeOut() async throws {
        let store = try makeStore()
        store.driver?.dropNextCompletion()
        await store.open("/tab#contact/list/person_detail(id=5)")
        store.receive(.willStart, .path("/tab#contact/list/person_detail(id=5)"))
        await store.advance(by: .seconds(2))
        store.receive(.failed(.timedOut))
        await store.finish()
    }

    @Test("the transitions the containers ran are entries too, when asked for")
    func transitions() async throws {
        let store = try makeStore(records: [.events, .paths, .transitions])
        await store.open("/tab#settings!compose", .animated(false))
        store.receive(
            .willStart,
            .transition("select [settings] in tab"),
            .transition("present [compose] in tab"),
            .didFinish,
            .path("/tab#settings!compose")
        )
        await store.finish()
    }

    @Test("a request that fails before it starts reports only how it ended")
    func refused() async throws {
        let store = try makeStore()
        let request = await store.open("/tab#contact/list/unknown")
        store.receive(.failed(.notRegistered))
        #expect(request.isResolved)
        await store.finish()
    }

    @Test("a page asked whether it may leave: the store lets its answer run before the next check")
    func leaveConfirmation() async throws {
        let store = try makeStore()
        let form = ConfirmingPage("form", allowsLeaving: true)
        store.navigator.registry.replace("form") { _ in form }
        await store.open("/tab#contact/list/form", .animated(false))
        store.receive(.willStart, .didFinish, .path("/tab#contact/list/form"))
        // The form answers at once, but asynchronously: the open ends a few turns later.
        let leaving = await store.open("/tab#contact/list", .animated(false))
        #expect(leaving.isResolved)
        store.receive(.willStart, .didFinish, .path("/tab#contact/list"))
        // Now it waits for the test's answer.
        form.allowsLeaving = nil
        await store.open("/tab#contact/list/form", .animated(false))
        store.receive(.willStart, .didFinish, .path("/tab#contact/list/form"))
        let waiting = await store.open("/tab#contact/list", .animated(false))
        #expect(!waiting.isResolved && form.isAsking)
        #expect(store.unreceived.isEmpty)
        await store.send { _ in form.answerLeave(true) }
        store.receive(.willStart, .didFinish, .path("/tab#contact/list"))
        #expect(form.leaveRequests.count == 2)
        await store.finish()
    }

    @Test("not exhaustive: a receive skips what came before its match, and actions drop the rest")
    func nonExhaustive() async throws {
        let log = FailureLog()
        let store = try makeStore(exhaustivity: .off, log: log)
        await store.open("/tab#contact/list/person_detail(id=5)", .animated(false))
        store.receive(.path("/tab#contact/list/person_detail(id=5)"))
        await store.open("/tab#settings")
        await store.advance(by: .seconds(1))
        store.receive(.didFinish)
        await store.open("/tab#contact/list/person_detail(id=6)")   // never finished, never checked
        await store.finish()
        #expect(log.failures.isEmpty)
    }
}

@MainActor
@Suite("The navigation test store fails a test that misses something", .timeLimit(.minutes(10)))
struct NavigationTestStoreFailingTests {
    @Test("a receive that differs shows what was expected against what happened, as a diff")
    func receiveDiff() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        await store.open("/tab#settings", .animated(false))
        store.receive(.willStart, .path("/tab#settings"), .didFinish)
        #expect(log.messages == [
            """
            What happened differs from what was expected (- expected, + happened):
              will start: /tab#contact/list → /tab#settings
            - path: /tab#settings
              did finish: /tab#contact/list → /tab#settings
            + path: /tab#settings
            """,
        ])
        // The entries compared are taken as received, so one mistake fails once.
        #expect(store.unreceived.isEmpty)
        await store.finish()
        #expect(log.failures.count == 1)
    }

    @Test("a receive when nothing happened says so")
    func receiveNothing() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        store.receive(.didFinish)
        await store.finish()
        #expect(log.messages == [
            "Expected 1 entry, but nothing happened that was not received:\n- did finish",
        ])
    }

    @Test("an action taken while entries are unreceived lists them, at the action's line")
    func actionWithUnreceived() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        await store.open("/tab#settings", .animated(false))
        let line = #line + 1
        await store.open("/tab#contact/list", .animated(false))
        #expect(log.messages == [
            """
            `open /tab#contact/list` was sent while 3 entries had not been received \
            (receive them, or skip them with `skipEvents()`):
            + will start: /tab#contact/list → /tab#settings
            + did finish: /tab#contact/list → /tab#settings
            + path: /tab#settings
            """,
        ])
        #expect(log.failures.first?.location.line == line)
        #expect(log.failures.first?.location.fileID == #fileID)
        store.skipEvents()
        await store.finish()
    }

    @Test("finish fails on what is unreceived, requests not ended, a busy queue and timers still due")
    func finishWithWorkLeft() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        store.driver?.setNext(.after(.seconds(3)))
        await store.send { navigator in
            navigator.request("/tab#contact/list/person_detail(id=5)")
            return navigator.request("/tab#settings")
        }
        let line = #line + 1
        await store.finish()
        #expect(log.messages == [
            """
            The test ended with work left:
            2 entries were not received:
            + will start: /tab#contact/list → /tab#contact/list/person_detail(id=5)
            + path: /tab#contact/list/person_detail(id=5)
            1 request has not ended: `send (/tab#settings)`
            the queue is busy: `open /tab#contact/list/person_detail(id=5)` runs, 1 operation waits
            2 timers are still due on the clock, the next at 2.0 seconds (now 0.0 seconds): advance the clock
            """,
        ])
        #expect(log.failures.first?.location.line == line)
    }

    @Test("a late completion still due on the clock fails finish, after the request timed out")
    func lateCompletion() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        store.driver?.setNext(.after(.seconds(3)))
        await store.open("/tab#contact/list/person_detail(id=5)")
        store.receive(.willStart, .path("/tab#contact/list/person_detail(id=5)"))
        await store.advance(by: .seconds(2))
        store.receive(.failed(.timedOut))
        await store.finish()
        #expect(log.messages == [
            """
            The test ended with work left:
            1 timer is still due on the clock, the next at 3.0 seconds (now 2.0 seconds): advance the clock
            """,
        ])
    }

    @Test("a store let go without finish reports it where it was made")
    func forgottenFinish() async throws {
        let log = FailureLog()
        let line = #line + 1
        var store: NavigationTestStore? = try makeStore(log: log)
        await store?.open("/tab#settings", .animated(false))
        store?.skipEvents()
        store = nil
        #expect(log.messages == [
            "The store was let go without `await store.finish()`: what happened last and any work still in flight were never checked",
        ])
        #expect(log.failures.first?.location.line == line)
    }

    @Test("a store that is not exhaustive may be let go without finish")
    func forgottenFinishWhenNotExhaustive() throws {
        let log = FailureLog()
        weak var weakStore: NavigationTestStore?
        do {
            let store = try makeStore(exhaustivity: .off, log: log)
            weakStore = store
        }
        #expect(weakStore == nil)
        #expect(log.failures.isEmpty)
    }

    @Test("a skip with nothing to skip fails unless told otherwise")
    func strictSkip() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        store.skipEvents(strict: false)
        #expect(log.failures.isEmpty)
        store.skipEvents()
        #expect(log.messages == ["`skipEvents()` found nothing to skip: everything that happened was received"])
        await store.finish()
    }

    @Test("not exhaustive, a receive of what never happened fails and lists what did")
    func nonExhaustiveMiss() async throws {
        let log = FailureLog()
        let store = try makeStore(exhaustivity: .off, log: log)
        await store.open("/tab#settings", .animated(false))
        store.receive(.didFinish, .failed(.timedOut), .path("/tab#settings"))
        #expect(log.messages == [
            """
            Expected failed (timedOut), which has not happened; not received so far:
            - failed (timedOut)
            - path: /tab#settings
            + path: /tab#settings
            """,
        ])
        await store.finish()
    }

    @Test("a start path that fails is thrown, and the store is not reported as forgotten")
    func badStart() throws {
        let log = FailureLog()
        #expect { try makeStore(start: "/tab#contact/list/unknown", log: log) } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        #expect(log.failures.isEmpty)
    }

    @Test("a gesture with nothing on screen to act on throws, and is an action all the same")
    func gestureWithoutTarget() async throws {
        let log = FailureLog()
        let store = try makeStore(log: log)
        await #expect { try await store.userSwipesDownModal() } throws: {
            ($0 as? NavigationError)?.code == .staleHierarchy
        }
        await #expect { try await store.userSelectsTab("nowhere") } throws: {
            ($0 as? NavigationError)?.code == .notLive
        }
        await store.finish()
        #expect(log.failures.isEmpty)
    }
}

@Suite("The store's diff of expected lines against what happened", .timeLimit(.minutes(10)))
struct LineDiffTests {
    @Test("lines shared are kept; missing lines come before the lines that happened instead")
    func diff() {
        let happened: [NavigationTestStore.Entry] = [.transition("a"), .transition("b"), .transition("d")]
        #expect(diffLines(["transition: a", "transition: c", "transition: d"], happened) == [
            "  transition: a",
            "- transition: c",
            "+ transition: b",
            "  transition: d",
        ])
        #expect(diffLines([], happened) == ["+ transition: a", "+ transition: b", "+ transition: d"])
        #expect(diffLines(["transition: x"], []) == ["- transition: x"])
    }

    private func diffLines(_ expected: [NavigationTestStore.Expectation],
                           _ happened: [NavigationTestStore.Entry]) -> [String] {
        NavigationTestStore.diff(expected: expected, happened: happened)
    }
}
