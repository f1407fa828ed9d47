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
