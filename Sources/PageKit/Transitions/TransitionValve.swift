/// The handle an operation's body uses to tell its ``TransitionQueue`` that the
/// transition has ended.
///
/// Fire it once, when the container reports the end. Firing after a time-out, or twice,
/// does nothing.
@MainActor
public struct TransitionValve {
    // The ticket holds its queue only until it resolves, so a valve never keeps a queue
    // alive, and a valve fired after the end finds no queue: it does nothing.
    private let ticket: TransitionTicket
    private var queue: TransitionQueue? { ticket.queue }
    private var id: UInt64 { ticket.id }

    init(ticket: TransitionTicket) {
        self.ticket = ticket
    }

    /// Reports that the transition has ended; the next operation starts.
    public func fire() {
        queue?.valveFired(id, failure: nil)
    }

    /// Reports that the transition failed; the operation ends with the error and the
    /// next one starts.
    /// - Parameter error: Why it failed.
    public func fail(_ error: NavigationError) {
        queue?.valveFired(id, failure: error)
    }

    /// Whether this operation is still the one running: `false` once it has ended, timed
    /// out or been cancelled and ended. A multi-step body checks it before each step.
    public var isActive: Bool {
        queue?.machine.isRunning(id) ?? false
    }

    /// Whether the operation's ticket asked it to stop. A multi-step body stops between
    /// steps and fails with ``NavigationError/Code/cancelled``.
    public var isCancellationRequested: Bool {
        queue?.machine.isCancellationRequested(id) ?? false
    }

    /// Calls `handler` when cancellation is requested (at once if it already was).
    /// - Parameter handler: What to do.
    public func onCancellation(_ handler: @escaping @MainActor () -> Void) {
        queue?.onCancellation(id, handler)
    }

    /// Starts a fresh time-out for the next part of a multi-step operation.
    /// - Parameter timeout: The new time-out.
    public func restartTimeout(_ timeout: Duration) {
        queue?.timeoutRequested(id, timeout)
    }

    /// Starts a fresh time-out from the queue's defaults.
    /// - Parameter animated: Whether the next part is animated.
    package func restartTimeout(animated: Bool) {
        guard let queue else { return }
        queue.timeoutRequested(id, queue.timeouts.duration(animated: animated))
    }

    /// Keeps the valve shut with no time-out, while the operation waits on something with
    /// no natural bound, such as a person answering "Discard changes?".
    public func suspendTimeout() {
        queue?.timeoutRequested(id, nil)
    }

    /// A completion that fires this valve when a container reports the end of its
    /// transition, or fails it with the container's error (a ``NavigationError`` as it
    /// is, anything else as ``NavigationError/Code/transitionFailed`` naming `step`).
    /// - Parameter step: What the container was asked to do, for the error message.
    /// - Returns: The completion to hand to the container.
    public func completion(for step: String) -> TransitionCompletion {
        TransitionCompletion(waitedFor: { isActive }, restarter: ticket) { result in
            switch result {
            case .success:
                fire()
            case .failure(let error):
                fail(NavigationError(transition: step, failedWith: error))
            }
        }
    }
}
