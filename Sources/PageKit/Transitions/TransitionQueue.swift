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
        /// For an interaction (a swipe back, a sheet following the finger) whose end the
        /// platform never reports: the queue is released after this long. Default: 30
        /// seconds, far longer than a finger rests on the screen.
        public var interaction: Duration
        /// For the loads a request needs before its pages are made (``PageLoader``): the
        /// request holds the queue while they run, and fails with
        /// ``NavigationError/Code/loadTimedOut`` after this long, letting go of it. Each
        /// round of loading (see <doc:Loaders>) gets it afresh. Default: 10 seconds.
        public var load: Duration
        /// For each answer the queue waits for while it is held: a guard's decision, a
        /// page's answer to whether it may leave for a request, or the answers of the pages
        /// a person's back button, swipe or swipe-down would remove. An answer that does
        /// not come in time fails the request or the gesture with
        /// ``NavigationError/Code/answerTimedOut``, letting go of the queue; the task that
        /// asks is cancelled (a question shown with ``Navigator/ask(_:)`` leaves the screen)
        /// and an answer that comes later is ignored. It bounds a question that was never
        /// shown: UIKit refuses to present from a page that is covered or in a tab not
        /// shown, and then nothing ever answers. `nil` waits for ever. Default: 60 seconds,
        /// far longer than a person takes to read a question and tap.
        public var answer: Duration?

        /// Creates time-outs.
        /// - Parameters:
        ///   - animated: For animated transitions.
        ///   - nonAnimated: For transitions without animation.
        ///   - interaction: For interactions.
        ///   - load: For the loads a request needs before its pages are made.
        ///   - answer: For each answer of a guard or a page asked whether it may leave;
        ///     `nil` for none.
        public init(animated: Duration = .seconds(2), nonAnimated: Duration = .milliseconds(500),
                    interaction: Duration = .seconds(30), load: Duration = .seconds(10),
                    answer: Duration? = .seconds(60)) {
            self.animated = animated
            self.nonAnimated = nonAnimated
            self.interaction = interaction
            self.load = load
            self.answer = answer
        }

        /// The time-out for a transition.
        /// - Parameter animated: Whether it is animated.
        func duration(animated: Bool) -> Duration {
            animated ? self.animated : nonAnimated
        }
    }

    /// What the state machine keeps for each operation: its ticket, which holds its body
    /// until it starts (one object per operation, nothing copied but a reference).
    typealias Machine = TransitionQueueStateMachine<TransitionTicket>

    /// The clock time-outs are measured on.
    public let clock: any TransitionClock
    /// The time-outs new operations get unless they name their own.
    @exclusivity(unchecked) public var timeouts: Timeouts

    // Main-actor state whose accesses never overlap: the dynamic exclusivity checks would
    // cost a quarter of each operation and catch nothing.
    /// All of the queue's state; this class only carries out what it returns.
    @exclusivity(unchecked) private(set) var machine = Machine()
    @exclusivity(unchecked) private var observers = ObserverList<TransitionQueueEvent>()
    /// The navigators told of changes containers report (see `TransitionQueue+Changes.swift`).
    @exclusivity(unchecked) var watchers: [WeakWatcher] = []
    /// The person's attempts to leave a page that are queued or asking, by the page's
    /// identity: one per page (see `TransitionQueue+Changes.swift`).
    /// The containers told when a page's leave policy changes.
    @exclusivity(unchecked) var leavePolicyObservers = ObserverList<PageReference>()
    @exclusivity(unchecked) var pendingLeaves: [ObjectIdentifier: PendingLeave] = [:]
    /// The running operation's time-out, as scheduled on the clock.
    @exclusivity(unchecked) private var timer: (any TransitionTimer)?
    /// What to run when the running operation is asked to stop, by operation.
    @exclusivity(unchecked) private var cancellationHandlers: [UInt64: [@MainActor () -> Void]] = [:]
    /// The first handler of an operation that had none, kept apart: an operation usually
    /// has one (its request's), which then costs neither an array nor hashing. It runs
    /// before the operation's handlers in `cancellationHandlers`, which came after it.
    @exclusivity(unchecked) private var firstHandler: (id: UInt64, run: @MainActor () -> Void)?
    // A trampoline, not state: an operation started while another one's body runs waits
    // here, so a chain of operations that finish at once runs in a loop, not recursion.
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var nextStart: (UInt64, TransitionTicket)?

    /// Creates a queue.
    /// - Parameters:
    ///   - clock: Where time comes from; ``SystemTransitionClock`` by default.
    ///   - timeouts: The default time-outs.
    public init(clock: any TransitionClock = SystemTransitionClock(), timeouts: Timeouts = Timeouts()) {
        self.clock = clock
        self.timeouts = timeouts
    }

    /// Whether nothing runs and nothing waits.
    public var isIdle: Bool { machine.isIdle }

    /// Whether an interactive transition holds the queue.
    public var isInteracting: Bool { !machine.interactions.isEmpty }

    /// The label of the running operation, if any.
    public var runningLabel: String? { machine.runningPayload?.label }

    /// What names the running operation, when an object does: the request it runs, say.
    var runningLabeling: (any TransitionLabeling)? { machine.runningPayload?.labeling }

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
        enqueue(.text(label), animated: animated, timeout: timeout, body)
    }

    /// Adds an operation named by `label`, spelled only when someone asks.
    func enqueue(
        _ label: consuming TransitionLabel,
        animated: Bool,
        timeout: Duration? = nil,
        _ body: @escaping @MainActor (TransitionValve) -> TransitionStart
    ) -> TransitionTicket {
        let id = machine.nextID()
        let ticket = TransitionTicket(label: label, id: id, queue: self, body: body)
        switch machine.enqueued(id, ticket, timeout: timeout ?? timeouts.duration(animated: animated)) {
        case .start(let id): start(id, ticket)
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
    package func perform(
        _ label: String,
        animated: Bool = true,
        timeout: Duration? = nil,
        _ body: @escaping @MainActor (TransitionValve) -> TransitionStart
    ) async throws {
        try await enqueue(label, animated: animated, timeout: timeout, body).finished()
    }

    /// Cancels every waiting operation, and asks the running one to stop.
    public func cancelAll() {
        for ticket in machine.pendingRemoved() {
            resolveCancelled(ticket)
        }
        if let ticket = machine.runningPayload {
            cancel(id: ticket.id)
        }
    }

    /// Holds the queue for an interactive transition, such as a swipe back, if it is
    /// idle.
    ///
    /// An interaction whose end never comes (a platform callback that is lost) is ended
    /// after ``Timeouts/interaction``, with a ``TransitionQueueEvent/timedOut(label:after:)``
    /// event, so the queue is never held for good.
    /// - Parameter label: A name for events.
    /// - Returns: The interaction, which must be ended; `nil` when the queue is busy,
    ///   in which case the interaction should not begin.
    public func beginInteraction(_ label: String = "interactive transition") -> TransitionInteraction? {
        beginInteraction(label, evenIfBusy: false)
    }

    /// Holds the queue for an interaction, which one the platform cannot refuse
    /// (`evenIfBusy`) does whatever holds the queue: if an operation runs, from its end,
    /// ahead of every operation waiting, and if another interaction holds it, with that
    /// one, so that nothing starts under either finger.
    /// - Parameters:
    ///   - label: A name for events.
    ///   - evenIfBusy: Whether it begins while the queue is busy.
    /// - Returns: The interaction, which must be ended; `nil` when the queue is busy and
    ///   it may be refused.
    package func beginInteraction(_ label: String, evenIfBusy: Bool) -> TransitionInteraction? {
        let id = machine.nextID()
        switch machine.interactionBegan(id, evenIfBusy: evenIfBusy) {
        case .granted:
            notify(.interactionBegan(label: label))
            let interaction = TransitionInteraction(queue: self, id: id, label: label)
            let timeout = timeouts.interaction
            interaction.timer = clock.schedule(after: timeout) { [weak self, weak interaction] in
                guard let self, let interaction, !interaction.isEnded else { return }
                self.notify(.timedOut(label: label, after: timeout))
                interaction.end()
            }
            return interaction
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

    /// Runs `work` on the turn after no interaction holds the queue any more (at once
    /// when none does): what was begun under the person's gesture waits for its end, and
    /// for the change it reports.
    package func afterInteractions(_ work: @escaping @MainActor () -> Void) {
        guard isInteracting else { return work() }
        let watch = InteractionWatch()
        watch.token = observe { [weak self, watch] _ in
            guard let self, !isInteracting, let token = watch.token else { return }
            watch.token = nil
            token.cancel()
            _ = clock.schedule(after: .zero, work)
        }
    }

    /// The observation that waits for the queue's interactions to end, until they have.
    private final class InteractionWatch {
        var token: ObservationToken?
    }

    /// Sends an event, built only when someone observes.
    private func notify(_ event: @autoclosure () -> TransitionQueueEvent) {
        guard !observers.isEmpty else { return }
        observers.send(event())
    }

    // MARK: Carrying out the machine's actions

    private func start(_ id: UInt64, _ ticket: TransitionTicket) {
        guard !isDraining else {
            nextStart = (id, ticket)
            return
        }
        isDraining = true
        defer { isDraining = false }
        run(id, ticket)
        while let (id, ticket) = nextStart {
            nextStart = nil
            run(id, ticket)
        }
    }

    private func run(_ id: UInt64, _ ticket: TransitionTicket) {
        if !observers.isEmpty {
            // The clock is read only for observers, who are told durations.
            machine.startTimed(id, at: clock.now)
            observers.send(.started(label: ticket.label))
        }
        let start = ticket.takeBody()(TransitionValve(ticket: ticket))
        switch machine.bodyReturned(id, waits: start == .wait) {
        case .ended(let ended, let next):
            end(ended)
            proceed(next)
        case .armTimer(let generation, let timeout):
            arm(id, generation: generation, after: timeout)
        case .waitWithoutTimer:
            break
        }
    }

    private func proceed(_ next: Machine.Next) {
        if case .start(let id, let ticket) = next {
            start(id, ticket)
        }
    }

    private func arm(_ id: UInt64, generation: UInt64, after timeout: Duration) {
        timer?.cancel()
        timer = clock.schedule(after: timeout) { [weak self] in
            self?.timerElapsed(id, generation: generation)
        }
    }

    private func end(_ ended: Machine.Ended) {
        timer?.cancel()
        timer = nil
        if let first = firstHandler, first.id == ended.id { firstHandler = nil }
        if !cancellationHandlers.isEmpty { cancellationHandlers[ended.id] = nil }
        let ticket = ended.payload
        switch ended.ending {
        case .finished:
            if !observers.isEmpty {
                observers.send(.finished(label: ticket.label, duration: clock.now - (ended.startedAt ?? clock.now)))
            }
            ticket.resolve(.success(()))
        case .failed(let error):
            if !observers.isEmpty {
                observers.send(error.code == .cancelled ? .cancelled(label: ticket.label)
                    : .failed(label: ticket.label, error: error))
            }
            ticket.resolve(.failure(error))
        case .timedOut(let timeout):
            notify(.timedOut(label: ticket.label, after: timeout))
            ticket.resolve(.failure(NavigationError(
                .timedOut, reason: "`\(ticket.label)` did not report its end within \(timeout)")))
        }
    }

    // MARK: Valve and ticket entry points

    func valveFired(_ id: UInt64, failure: NavigationError?) {
        switch machine.valveFired(id, failure: failure) {
        case .recordedWhileStarting, .ignored:
            break
        case .ended(let ended, let next):
            end(ended)
            proceed(next)
        }
    }

    func timeoutRequested(_ id: UInt64, _ timeout: Duration?) {
        switch machine.timeoutRequested(id, timeout) {
        case .arm(let generation, let timeout):
            arm(id, generation: generation, after: timeout)
        case .disarm:
            timer?.cancel()
            timer = nil
        case .recordedWhileStarting, .ignored:
            break
        }
    }

    private func timerElapsed(_ id: UInt64, generation: UInt64) {
        guard case .timedOut(let ended, let next) = machine.timerElapsed(id, generation: generation) else { return }
        end(ended)
        proceed(next)
    }

    func cancel(id: UInt64) {
        switch machine.cancelRequested(id) {
        case .removed(let ticket):
            resolveCancelled(ticket)
        case .stopRunning(let id):
            var handlers = cancellationHandlers.removeValue(forKey: id) ?? []
            if let first = firstHandler, first.id == id {
                firstHandler = nil
                handlers.insert(first.run, at: 0)
            }
            for handler in handlers { handler() }
        case .ignored:
            break
        }
    }

    private func resolveCancelled(_ ticket: TransitionTicket) {
        notify(.cancelled(label: ticket.label))
        ticket.resolve(.failure(NavigationError(.cancelled, reason: "`\(ticket.label)` was cancelled before it ran")))
    }

    func onCancellation(_ id: UInt64, _ handler: @escaping @MainActor () -> Void) {
        guard machine.isRunning(id) else { return }
        if machine.isCancellationRequested(id) {
            handler()
        } else if firstHandler == nil, cancellationHandlers.isEmpty || cancellationHandlers[id] == nil {
            firstHandler = (id, handler)
        } else {
            cancellationHandlers[id, default: []].append(handler)
        }
    }

    func interactionEnded(_ id: UInt64, label: String) {
        guard case .ended(let next) = machine.interactionEnded(id) else { return }
        notify(.interactionEnded(label: label))
        proceed(next)
    }
}
