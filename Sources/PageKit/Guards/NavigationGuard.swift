/// A navigator-level guard: sees every request and allows, refuses or redirects it.
/// It may be `async`, to ask a server or a person; the queue waits, without a time-out.
public typealias NavigationGuard = @MainActor (GuardRequest) async -> GuardDecision
