/// What a ``TransitionQueue`` reports to its observers.
public enum TransitionQueueEvent: Sendable {
    /// An operation started.
    case started(label: String)
    /// An operation finished, after `duration` on the queue's clock.
    case finished(label: String, duration: Duration)
    /// An operation failed.
    case failed(label: String, error: NavigationError)
    /// An operation's valve was never fired; it was opened after `after`.
    case timedOut(label: String, after: Duration)
    /// An operation was cancelled.
    case cancelled(label: String)
    /// An interactive transition took hold of the queue.
    case interactionBegan(label: String)
    /// An interactive transition let go of the queue.
    case interactionEnded(label: String)
}
