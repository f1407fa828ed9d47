/// A transition coordinator as the UIKit layer's decisions see it: UIKit's
/// `UIViewControllerTransitionCoordinator` on a device, the behaviour model's in tests.
///
/// What UIKit promises about it (`UIViewControllerTransitionCoordinator.h`): it exists
/// only while an animated transition runs and is released when it ends; the completion
/// of `animate(alongsideTransition:completion:)` runs when it ends, "even if the
/// animations are not" queued, and the call returns whether they were; the interaction
/// callback runs each time the transition moves between interactive and not, and says
/// whether it was cancelled.
@MainActor
package protocol TransitionCoordination {
    /// Whether a finger drives the transition now.
    var isInteractive: Bool { get }
    /// Whether a finger drove the transition when it began (`initiallyInteractive`): a
    /// sheet swiped away, even once the finger has lifted.
    var isInitiallyInteractive: Bool { get }
    /// Whether the interaction was cancelled: the finger let go early, and what it moved
    /// springs back (`isCancelled`).
    var isCancelled: Bool { get }
    /// How long the transition's animation takes (`transitionDuration`): the longest a
    /// cancelled interaction can take to spring back once the finger has lifted.
    var transitionDuration: Duration { get }

    /// Calls `handler` when the transition completes (UIKit's
    /// `animate(alongsideTransition: nil, completion:)`).
    /// - Parameter handler: Told whether the transition was cancelled.
    /// - Returns: UIKit's answer: whether the (empty) animations were queued. `false`
    ///   does not say the completion will not run, nor that it will.
    func whenCompleted(_ handler: @escaping @MainActor (_ cancelled: Bool) -> Void) -> Bool

    /// Calls `handler` each time the transition moves between interactive and not
    /// (UIKit's `notifyWhenInteractionChanges`).
    /// - Parameter handler: Told whether the transition was cancelled.
    func whenInteractionChanges(_ handler: @escaping @MainActor (_ cancelled: Bool) -> Void)
}
