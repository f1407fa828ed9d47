/// What a page answers, at once, when the person starts to leave it: the platform asks
/// before a gesture may begin, and cannot wait for an `async` answer.
///
/// The rules, for every gesture (``LeaveGesture``):
/// - ``allow``: the gesture proceeds as usual (the swipe begins, the sheet follows the
///   finger, the back button pops).
/// - ``refuse``: nothing happens; the page stays.
/// - ``confirm``: the gesture does not proceed; instead the page is asked
///   ``LeaveConfirming/canLeave(_:)``, and if it agrees, PageKit removes it (pops it, or
///   dismisses it) through the transition queue, as a change the person made.
///
/// A page that does not adopt ``LeaveConfirming`` always allows.
public enum LeavePolicy: Hashable, Sendable {
    /// The gesture proceeds.
    case allow
    /// The gesture is refused; the page stays.
    case refuse
    /// The gesture is held, the page is asked, and it leaves if it agrees.
    case confirm
}
