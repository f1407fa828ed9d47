/// A navigator-level guard: sees every request and allows, refuses or redirects it.
/// It may be `async`, to ask a server or a person; the queue waits for the answer up to
/// ``TransitionQueue/Timeouts-swift.struct/answer``, then the request fails with
/// ``NavigationError/Code/answerTimedOut``.
public typealias NavigationGuard = @MainActor (GuardRequest) async -> GuardDecision
