/// What an operation's body tells the queue when it returns.
public enum TransitionStart: Sendable {
    /// Finished already: the next operation starts in the same turn.
    case done
    /// The valve stays shut until the body's ``TransitionValve`` is fired, failed, or its
    /// time-out elapses.
    case wait
}
