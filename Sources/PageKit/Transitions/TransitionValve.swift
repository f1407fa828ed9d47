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
        queue?.isRunning(id) ?? false
    }

    /// Whether the operation's ticket asked it to stop. A multi-step body stops between
    /// steps and fails with ``NavigationError/Code/cancelled``.
    public var isCancellationRequested: Bool {
        queue?.isCancellationRequested(id) ?? false
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
    public func restartTimeout(animated: Bool) {
        guard let queue else { return }
        queue.timeoutRequested(id, queue.timeouts.duration(animated: animated))
    }

    /// Keeps the valve shut with no time-out, while the operation waits on something with
    /// no natural bound, such as a person answering "Discard changes?".
    public func suspendTimeout() {
        queue?.timeoutRequested(id, nil)
    }
}

/// How an operation queued on a ``TransitionQueue`` ended, and a way to cancel it.
@MainActor
public final class TransitionTicket {
    /// The operation's label.
    public let label: String
    let id: UInt64
    // Strong until resolved: a queue with work someone waits for must live to finish it
    // (its time-outs guarantee it does). Dropped on resolution, so no cycle remains.
    @exclusivity(unchecked) fileprivate private(set) var queue: TransitionQueue?
    @exclusivity(unchecked) private var handlers: [(Result<Void, NavigationError>) -> Void] = []

    /// How it ended, once it has: success, or the error it failed, timed out or was
    /// cancelled with.
    @exclusivity(unchecked) public private(set) var result: Result<Void, NavigationError>?

    init(label: String, id: UInt64, queue: TransitionQueue) {
        self.label = label
        self.id = id
        self.queue = queue
    }

    /// Whether it has ended.
    public var isResolved: Bool { result != nil }

    /// Cancels it: a waiting operation ends at once with
    /// ``NavigationError/Code/cancelled``; a running one is asked to stop, and a
    /// multi-step one stops before its next step. A transition already on screen is
    /// never cut short.
    public func cancel() {
        guard result == nil else { return }
        queue?.cancel(id: id)
    }

    /// Calls `handler` with the result once it ends (at once if it has).
    /// - Parameter handler: Receives the result.
    public func onResolve(_ handler: @escaping @MainActor (Result<Void, NavigationError>) -> Void) {
        if let result {
            handler(result)
        } else {
            handlers.append(handler)
        }
    }

    /// Returns once the operation has ended.
    /// - Throws: Always a ``NavigationError`` when it failed, timed out or was cancelled. Cancelling
    ///   the calling task cancels the operation.
    public func finished() async throws {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, NavigationError>, Never>) in
                onResolve { continuation.resume(returning: $0) }
            }
        } onCancel: {
            Task { @MainActor in self.cancel() }
        }
        if case .failure(let error) = result { throw error }
    }

    func resolve(_ result: Result<Void, NavigationError>) {
        guard self.result == nil else { return }
        self.result = result
        queue = nil
        let handlers = self.handlers
        self.handlers = []
        for handler in handlers { handler(result) }
    }
}

/// An interactive transition holding a ``TransitionQueue``, such as a swipe back. Every
/// other operation waits until it ends.
@MainActor
public final class TransitionInteraction {
    private weak var queue: TransitionQueue?
    private let id: UInt64
    /// The interaction's label.
    public let label: String
    /// Whether ``end()`` has been called.
    public private(set) var isEnded = false

    init(queue: TransitionQueue, id: UInt64, label: String) {
        self.queue = queue
        self.id = id
        self.label = label
    }

    /// Releases the queue, whether the interaction finished or was cancelled. Calling it
    /// again does nothing.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        queue?.interactionEnded(id, label: label)
    }
}
