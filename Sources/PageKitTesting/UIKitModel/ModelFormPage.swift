public import PageKit
import PageKitContainers

/// A page of the ``UIKitModel`` that confirms leaving, as a form with a draft does: its
/// policy is `.allow` while the draft is clean, `.confirm` once edited, and it waits for
/// the test to answer when asked.
@MainActor
public final class ModelFormPage: ModelScreen, LeaveConfirming {
    /// What the person typed; a page that changes its policy says so on the queue.
    public var draft = ""
    /// A policy that overrides the draft's, for a test.
    public var policy: LeavePolicy?
    /// How often it was asked.
    public private(set) var timesAsked = 0
    /// The gestures or requests it was asked about.
    public private(set) var requests: [LeaveRequest] = []
    private let pending = PendingAnswers()
    /// The answer of an edited form, or `nil` to wait for ``answer(_:)`` (a clean form
    /// answers `true` at once).
    public var answer: Bool?

    public func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
        policy ?? (draft.isEmpty ? .allow : .confirm)
    }

    public func canLeave(_ request: LeaveRequest) async -> Bool {
        timesAsked += 1
        requests.append(request)
        // A clean form lets go at once, as the docs' example does.
        if draft.isEmpty, policy == nil { return true }
        if let answer { return answer }
        return await pending.wait()
    }

    /// Answers a waiting question.
    public func answer(_ allowed: Bool) {
        pending.answer(allowed)
    }

    /// Whether it is being asked.
    public var isAsking: Bool { pending.isAsking }
}
