/// What a navigator guard sees of a request before it is planned.
public struct GuardRequest: Sendable {
    /// The current path.
    public let from: PagePath
    /// Where the request goes, absolute.
    public let to: PagePath
    /// Where the request comes from.
    public let source: NavigationSource
    /// The mode it resolves in.
    public let mode: ResolutionMode
}

/// A guard's answer.
public enum GuardDecision: Sendable {
    /// Let the request go on.
    case allow
    /// Refuse it; it fails with ``NavigationError/Code/refused`` and this reason.
    case refuse(reason: String)
    /// Go elsewhere instead (to a login page, say). Guards see the new path too;
    /// redirecting more than ``Navigator/Configuration/maxRedirects`` times, or back to a
    /// path already tried, fails with ``NavigationError/Code/redirectLoop``.
    case redirect(to: PagePath)
}

/// A navigator-level guard: sees every request and allows, refuses or redirects it.
/// It may be `async`, to ask a server or a person; the queue waits, without a time-out.
public typealias NavigationGuard = @MainActor (GuardRequest) async -> GuardDecision

/// What a page about to be removed is asked.
public struct LeaveRequest: Sendable {
    /// The current path.
    public let from: PagePath
    /// Where the request goes, absolute.
    public let to: PagePath
}

/// A page that may refuse to be removed, for instance to ask "Discard changes?".
///
/// Before any step of a request runs, every page the plan would remove (popped,
/// dismissed, replaced) that adopts this protocol is asked; one refusal fails the
/// request with ``NavigationError/Code/refused`` and leaves the hierarchy untouched.
///
/// ```swift
/// extension ComposePage: LeaveConfirming {
///     func canLeave(_ request: LeaveRequest) async -> Bool {
///         draft.isEmpty ? true : await confirmDiscard()
///     }
/// }
/// ```
@MainActor
public protocol LeaveConfirming: Page {
    /// Whether the page may be removed.
    /// - Parameter request: The request that would remove it.
    /// - Returns: `true` to let it go.
    func canLeave(_ request: LeaveRequest) async -> Bool
}
