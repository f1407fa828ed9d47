public import PageKit
import PageKitTesting

/// A plain page for tests: a name, parameters, and optionally held pages. It records the
/// responses and intents it receives.
public final class TestPage: ParentPage, ResponseReceiving, IntentReceiving, ParametersUpdating {
    public let pageName: String
    public var pageParameters: PageParameters
    public var pageIdentifier: PageIdentifier?
    /// Pages it holds (event handlers, embedded pages).
    public var containedPages: [any Page] = []
    /// Answers `receive(_:)` with this; records what it was offered.
    public var consumesResponses = false
    public private(set) var receivedResponses: [PageResponse.Status] = []
    /// The responses it was offered, whole.
    public private(set) var offeredResponses: [PageResponse] = []
    public private(set) var receivedIntents: [PageIntent] = []

    public init(_ name: String, _ parameters: PageParameters = [:], identifier: PageIdentifier? = nil) {
        pageName = name
        pageParameters = parameters
        pageIdentifier = identifier
    }

    public func receive(_ response: PageResponse) -> Bool {
        receivedResponses.append(response.status)
        offeredResponses.append(response)
        return consumesResponses
    }

    public func updateParameters(_ parameters: PageParameters) {
        pageParameters = parameters
    }

    public func receive(_ intent: PageIntent) {
        receivedIntents.append(intent)
    }
}

/// A page that never consumes anything and adopts no optional protocol: the minimum.
public final class PlainPage: Page {
    public let pageName: String
    public var pageParameters: PageParameters
    public init(_ name: String, _ parameters: PageParameters = [:]) {
        pageName = name
        pageParameters = parameters
    }
}

/// A page asked before it is removed: it answers at once, or waits for the test.
public final class ConfirmingPage: LeaveConfirming {
    public let pageName: String
    /// The answer; `nil` to wait until `answerLeave(_:)`.
    public var allowsLeaving: Bool?
    /// What it answers at once to a gesture.
    public var policy: LeavePolicy = .confirm
    public private(set) var leaveRequests: [LeaveRequest] = []
    /// The answers given after the asker stopped waiting: its task was cancelled.
    public private(set) var answersNobodyAwaited = 0
    private let pending = PendingAnswers()

    public init(_ name: String, allowsLeaving: Bool? = true) {
        pageName = name
        self.allowsLeaving = allowsLeaving
    }

    public func canLeave(_ request: LeaveRequest) async -> Bool {
        leaveRequests.append(request)
        if let allowsLeaving { return allowsLeaving }
        let answer = await pending.wait()
        if Task.isCancelled { answersNobodyAwaited += 1 }
        return answer
    }

    public func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
        policy
    }

    /// Answers a waiting `canLeave`.
    public func answerLeave(_ allowed: Bool) {
        pending.answer(allowed)
    }

    /// Whether a `canLeave` waits for an answer.
    public var isAsking: Bool { pending.isAsking }
}

/// Lets other main-actor work run, a turn at a time, until `condition` holds or `limit`
/// turns have passed; never sleeps.
/// - Returns: Whether the condition holds.
@MainActor
public func yieldUntil(limit: Int = 1_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
