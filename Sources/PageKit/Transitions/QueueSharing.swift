/// Something whose transitions and reports go through a ``TransitionQueue``: a container
/// such as `QueueNavigationController`, or a host.
///
/// A navigator moves each one it meets (its host, and every container in its hierarchy,
/// whoever made it) onto its own queue, so that everything waits in one line and every
/// change the person makes reaches the navigator. A storyboard's navigation controller,
/// made before any navigator existed, starts on a queue of its own; it moves over as the
/// navigator installs it or first meets it. One that cannot move now (its queue is busy)
/// or never (``adopt(_:)`` says no) stays where it is: the navigator then listens to its
/// queue too, and waits its turn there for the steps it runs on it.
@MainActor
public protocol QueueSharing: AnyObject {
    /// The queue its transitions go through and its changes are reported on.
    var transitionQueue: TransitionQueue { get }

    /// Moves onto `queue` when it can, and says whether its transitions now go through it.
    ///
    /// Move only while the queue it is on is idle, so nothing waiting there is stranded.
    /// The default moves nothing: it answers whether it already is on `queue`.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``transitionQueue`` is `queue` now.
    func adopt(_ queue: TransitionQueue) -> Bool
}
