/// What an operation's body tells the queue when it returns.
public enum TransitionStart: Sendable {
    /// Finished already: the next operation starts in the same turn.
    case done
    /// The valve stays shut until the body's ``TransitionValve`` is fired, failed, or its
    /// time-out elapses.
    case wait
}

/// A serial queue of transitions on the main actor: at most one runs at a time, so
/// animations never overlap.
///
/// Each operation gets a ``TransitionValve``. Its body either finishes at once
/// (``TransitionStart/done``, and the next operation starts in the same turn, with no
/// extra hop) or returns ``TransitionStart/wait`` and fires the valve when its container
/// reports the end of the transition. A time-out opens a valve that is never fired,
/// fails that operation with ``NavigationError/Code/timedOut`` and reports it in an event,
/// so a lost completion can never wedge the queue. A completion arriving after its
/// time-out is ignored.
///
/// ```swift
/// let queue = TransitionQueue()
/// queue.enqueue("push detail") { valve in
///     navigationController.pushViewController(detail, animated: true)
///     navigationController.transitionCoordinator?.animate(alongsideTransition: nil) { _ in
///         valve.fire()
///     }
///     return .wait
/// }
/// ```
///
/// Nothing is dropped: every operation runs and finishes, fails, times out, or is
/// cancelled with ``NavigationError/Code/cancelled``, and its ``TransitionTicket`` says
/// which. The logic is a pure state machine; this class only carries out its actions.
@MainActor
public final class TransitionQueue {
    /// How long a shut valve may stay shut before it is opened by force.
    public struct Timeouts: Hashable, Sendable {
        /// For animated transitions. Default: 2 seconds, well above UIKit's 0.35 s pushes
        /// and 0.5 s sheets, so a slow custom animation is not cut short.
        public var animated: Duration
        /// For transitions without animation. Default: 0.5 seconds.
        public var nonAnimated: Duration

        /// Creates time-outs.
        /// - Parameters:
        ///   - animated: For animated transitions.
        ///   - nonAnimated: For transitions without animation.
        public init(animated: Duration = .seconds(2), nonAnimated: Duration = .milliseconds(500)) {
            self.animated = animated
            self.nonAnimated = nonAnimated
        }

        /// The time-out for a transition.
        /// - Parameter animated: Whether it is animated.
        public func duration(animated: Bool) -> Duration {
            animated ? self.animated : nonAnimated
        }
    }

    struct Operation {
        let ticket: TransitionTicket
        let body: (TransitionValve) -> TransitionStart
        let timeout: Duration
    }

    /// The running operation, mutated in place: no copy per event. `id` 0 means none
    /// (operations are numbered from 1).
    private struct Running {
        var id: UInt64 = 0
        var ticket: TransitionTicket?
        var startedAt: Duration = .zero
        var timeout: Duration = .zero
        var armsTimer = true
        var timer: (any TransitionTimer)?
        var failure: NavigationError?
        var isCancellationRequested = false
        var cancellationHandlers: [() -> Void] = []
    }

    /// The clock time-outs are measured on.
    public let clock: any TransitionClock
    /// The time-outs new operations get unless they name their own.
    @exclusivity(unchecked) public var timeouts: Timeouts

    // Main-actor state whose accesses never overlap: the dynamic exclusivity checks would
    // cost a quarter of each operation and catch nothing.
    @exclusivity(unchecked) private var machine = TransitionQueueStateMachine<Operation>()
    @exclusivity(unchecked) private var running = Running()
    @exclusivity(unchecked) private var lastID: UInt64 = 0
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var nextStart: (UInt64, Operation)?
    @exclusivity(unchecked) private var observers = ObserverList<TransitionQueueEvent>()

    /// Creates a queue.
    /// - Parameters:
    ///   - clock: Where time comes from; ``SystemTransitionClock`` by default.
    ///   - timeouts: The default time-outs.
    public init(clock: any TransitionClock = SystemTransitionClock(), timeouts: Timeouts = Timeouts()) {
        self.clock = clock
        self.timeouts = timeouts
    }

    /// Whether nothing runs and nothing waits.
    public var isIdle: Bool { machine.valve == .open }

    /// Whether an interactive transition holds the queue.
    public var isInteracting: Bool {
        if case .interacting = machine.valve { return true }
        return false
    }

    /// The label of the running operation, if any.
    public var runningLabel: String? { running.id == 0 ? nil : running.ticket?.label }

    /// How many operations wait behind the running one.
    public var pendingCount: Int { machine.pendingCount }

    /// Adds an operation; it starts at once if the queue is idle.
    /// - Parameters:
    ///   - label: A name for events and messages, such as `push detail`.
    ///   - animated: Chooses the default time-out.
    ///   - timeout: A time-out of its own, instead of the default.
    ///   - body: Starts the transition and says whether it is done or must be waited for.
    /// - Returns: A ticket that tells how the operation ended, and can cancel it.
    /// - Complexity: O(1) amortized.
    @discardableResult
    public func enqueue(
        _ label: String,
        animated: Bool = true,
        timeout: Duration? = nil,
        _ body: @escaping @MainActor (TransitionValve) -> TransitionStart
    ) -> TransitionTicket {
        lastID += 1
        let id = lastID
        let ticket = TransitionTicket(label: label, id: id, queue: self)
        let operation = Operation(ticket: ticket, body: body, timeout: timeout ?? timeouts.duration(animated: animated))
        switch machine.enqueued(id, operation) {
        case .start(let id, let operation): start(id, operation)
        case .wait: break
        }
        return ticket
    }

    /// Adds an operation and returns once it has ended.
    /// - Parameters:
    ///   - label: A name for events and messages.
    ///   - animated: Chooses the default time-out.
    ///   - timeout: A time-out of its own, instead of the default.
    ///   - body: Starts the transition and says whether it is done or must be waited for.
    /// - Throws: Always a ``NavigationError`` when it failed, timed out, or was cancelled
    ///   (cancelling the calling task cancels it).
    public func perform(
        _ label: String,
        animated: Bool = true,
        timeout: Duration? = nil,
        _ body: @escaping @MainActor (TransitionValve) -> TransitionStart
    ) async throws {
        try await enqueue(label, animated: animated, timeout: timeout, body).finished()
    }

    /// Cancels every waiting operation, and asks the running one to stop.
    public func cancelAll() {
        for operation in machine.pendingRemoved() {
            resolveCancelled(operation.ticket)
        }
        if running.id != 0 {
            cancel(id: running.id)
        }
    }

    /// Holds the queue for an interactive transition, such as a swipe back, if it is
    /// idle.
    /// - Parameter label: A name for events.
    /// - Returns: The interaction, which must be ended; `nil` when the queue is busy,
    ///   in which case the interaction should not begin.
    public func beginInteraction(_ label: String = "interactive transition") -> TransitionInteraction? {
        lastID += 1
        let id = lastID
        switch machine.interactionBegan(id) {
        case .granted:
            notify(.interactionBegan(label: label))
            return TransitionInteraction(queue: self, id: id, label: label)
        case .refused:
            return nil
        }
    }

    /// Calls `handler` with every event of the queue until the token is cancelled or
    /// freed.
    /// - Parameter handler: Receives each event.
    /// - Returns: The token that keeps the observation.
    public func observe(_ handler: @escaping @MainActor (TransitionQueueEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Sends an event, built only when someone observes.
    private func notify(_ event: @autoclosure () -> TransitionQueueEvent) {
        guard !observers.isEmpty else { return }
        observers.send(event())
    }

    // MARK: Driving the state machine

    private func start(_ id: UInt64, _ operation: Operation) {
        nextStart = (id, operation)
        guard !isDraining else { return }
        isDraining = true
        defer { isDraining = false }
        // A loop, not recursion: a thousand operations that finish at once run in one
        // frame.
        while let (id, operation) = nextStart {
            nextStart = nil
            run(id, operation)
        }
    }

    private func run(_ id: UInt64, _ operation: Operation) {
        running = Running()
        running.id = id
        running.ticket = operation.ticket
        running.timeout = operation.timeout
        if !observers.isEmpty {
            // The clock is read only for observers, who are told durations.
            running.startedAt = clock.now
            observers.send(.started(label: operation.ticket.label))
        }
        let start = operation.body(TransitionValve(ticket: operation.ticket))
        switch machine.bodyReturned(id, waits: start == .wait, armsTimer: running.armsTimer) {
        case .finished(let next):
            end(id, failure: running.failure)
            proceed(next)
        case .armTimer(let generation):
            armTimer(id, generation: generation)
        case .waitWithoutTimer:
            break
        }
    }

    private func proceed(_ next: TransitionQueueStateMachine<Operation>.Next) {
        if case .start(let id, let operation) = next {
            start(id, operation)
        }
    }

    private func armTimer(_ id: UInt64, generation: UInt64) {
        guard running.id == id else { return }
        running.timer?.cancel()
        running.timer = clock.schedule(after: running.timeout) { [weak self] in
            self?.timerElapsed(id, generation: generation)
        }
    }

    private func end(_ id: UInt64, failure: NavigationError?) {
        guard running.id == id, let ticket = running.ticket else { return }
        running.timer?.cancel()
        let startedAt = running.startedAt
        let timeout = running.timeout
        running = Running()
        if let failure {
            let label = ticket.label
            if !observers.isEmpty {
                let event: TransitionQueueEvent = switch failure.code {
                case .cancelled: .cancelled(label: label)
                case .timedOut: .timedOut(label: label, after: timeout)
                default: .failed(label: label, error: failure)
                }
                observers.send(event)
            }
            ticket.resolve(.failure(failure))
        } else {
            notify(.finished(label: ticket.label, duration: clock.now - startedAt))
            ticket.resolve(.success(()))
        }
    }

    // MARK: Valve and ticket entry points

    func valveFired(_ id: UInt64, failure: NavigationError?) {
        guard running.id == id else { return }
        if running.failure == nil { running.failure = failure }
        switch machine.valveFired(id) {
        case .recordedWhileStarting, .ignored:
            break
        case .finished(let next):
            end(id, failure: running.failure)
            proceed(next)
        }
    }

    func timeoutRequested(_ id: UInt64, _ timeout: Duration?) {
        guard running.id == id else { return }
        if let timeout { running.timeout = timeout }
        if case .running(id, .starting) = machine.valve {
            running.armsTimer = timeout != nil
            return
        }
        switch machine.timerRequested(id, arm: timeout != nil) {
        case .arm(let generation):
            armTimer(id, generation: generation)
        case .disarm:
            running.timer?.cancel()
            running.timer = nil
        case .ignored:
            break
        }
    }

    private func timerElapsed(_ id: UInt64, generation: UInt64) {
        guard case .timedOut(let next) = machine.timerElapsed(id, generation: generation),
              running.id == id else { return }
        let label = running.ticket?.label ?? ""
        let error = NavigationError(
            .timedOut, reason: "`\(label)` did not report its end within \(running.timeout)")
        running.failure = error
        end(id, failure: error)
        proceed(next)
    }

    func cancel(id: UInt64) {
        switch machine.cancelRequested(id) {
        case .removed(let operation):
            resolveCancelled(operation.ticket)
        case .cancelRunning:
            guard running.id == id, !running.isCancellationRequested else { return }
            running.isCancellationRequested = true
            let handlers = running.cancellationHandlers
            running.cancellationHandlers = []
            for handler in handlers { handler() }
        case .ignored:
            break
        }
    }

    private func resolveCancelled(_ ticket: TransitionTicket) {
        notify(.cancelled(label: ticket.label))
        ticket.resolve(.failure(NavigationError(.cancelled, reason: "`\(ticket.label)` was cancelled before it ran")))
    }

    func isRunning(_ id: UInt64) -> Bool {
        running.id == id
    }

    func isCancellationRequested(_ id: UInt64) -> Bool {
        running.id == id && running.isCancellationRequested
    }

    func onCancellation(_ id: UInt64, _ handler: @escaping () -> Void) {
        guard running.id == id else { return }
        if running.isCancellationRequested {
            handler()
        } else {
            running.cancellationHandlers.append(handler)
        }
    }

    func interactionEnded(_ id: UInt64, label: String) {
        guard case .ended(let next) = machine.interactionEnded(id) else { return }
        notify(.interactionEnded(label: label))
        proceed(next)
    }
}

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
