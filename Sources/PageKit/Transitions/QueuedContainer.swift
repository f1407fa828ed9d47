
extension QueueSharing {
    /// Moves nothing: whether it already is on `queue`.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``transitionQueue`` is `queue`.
    public func adopt(_ queue: TransitionQueue) -> Bool { transitionQueue === queue }
}

/// A container whose own transitions go through a ``TransitionQueue``, such as
/// `QueueNavigationController`.
///
/// When it shares the navigator's queue, the navigator drives it directly from inside its
/// own operation. When it has a queue of its own, each step the navigator runs on it is
/// queued there too, so it never overlaps what others asked of that container.
@MainActor
public protocol QueuedContainer: ParentPage, QueueSharing {}
