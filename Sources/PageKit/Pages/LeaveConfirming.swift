/// A page that may refuse to be removed, for instance to ask "Discard changes?".
///
/// Before any step of a request runs, every page the plan would remove (popped,
/// dismissed, replaced) that adopts this protocol is asked; one refusal fails the
/// request with ``NavigationError/Code/refused`` and leaves the hierarchy untouched.
///
/// The person's gestures are asked too: the back button, the swipe back and a sheet's
/// swipe down. The platform needs an answer before such a gesture may begin, so it reads
/// ``leavePolicy(for:)`` at once: the default, ``LeavePolicy/confirm``, holds the
/// gesture, asks ``canLeave(_:)``, and removes the page if it agrees.
///
/// Ask the person through ``Navigator/ask(_:)``: the page may be covered when it is asked
/// (a sheet, a page pushed above it, a tab not shown), and a dialog of its own would not
/// show. Once the queue stops waiting for the answer (``TransitionQueue/Timeouts/answer``,
/// a cancelled request), the task that called ``canLeave(_:)`` is cancelled.
///
/// ```swift
/// extension ComposePage: LeaveConfirming {
///     func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
///         draft.isEmpty ? .allow : .confirm     // a clean page swipes away as usual
///     }
///     func canLeave(_ request: LeaveRequest) async -> Bool {
///         draft.isEmpty ? true : await confirmDiscard()
///     }
/// }
/// ```
@MainActor
public protocol LeaveConfirming: Page {
    /// Whether the page may be removed.
    /// - Parameter request: The request or gesture that would remove it.
    /// - Returns: `true` to let it go.
    func canLeave(_ request: LeaveRequest) async -> Bool

    /// What happens, at once, when the person starts to leave the page by `gesture`; see
    /// ``LeavePolicy`` for the rules. The default is ``LeavePolicy/confirm``.
    /// - Parameter gesture: The back button, the swipe back, or the swipe down.
    /// - Returns: The policy.
    func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy
}

extension LeaveConfirming {
    /// ``LeavePolicy/confirm``: every gesture is held and the page asked.
    /// - Parameter gesture: Unused.
    /// - Returns: ``LeavePolicy/confirm``.
    public func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy { .confirm }
}
