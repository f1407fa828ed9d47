/// The logic of ``TransitionQueue``: a value that takes events and returns what to do,
/// with no clock, no UI and no side effect. It holds all of the queue's state: the
/// operations waiting, and everything about the running one.
///
/// One operation runs at a time:
///
///     enqueued ──▶ starting ──body returned, done or fired──▶ ended ──▶ next starts
///                     │
///                     └─body returned, waits──▶ waiting ──fired / timed out──▶ ended
///
/// While it *starts* (its body is being called), a fire, a failure, a time-out request
/// or a cancellation is recorded and takes effect when the body returns. While it
/// *waits*, its valve is shut until fired, failed or timed out; each wait may have a
/// timer, identified by a generation so a stale timer never ends a later wait. An
/// interactive transition (a swipe back) holds the queue the same way, without a timer;
/// one the platform cannot refuse (a SwiftUI stack's swipe in a column beside the one
/// animating) may begin while an operation runs, and holds the queue from its end, or
/// while another interaction holds it, and holds it with that one.
///
/// Events that arrive late (a completion after a time-out, a timer of an earlier wait)
/// are answered with `ignored`; events the driver can never send in a state (a body
/// returning for an operation that is not starting) are a `preconditionFailure` naming
/// the event and the state.
struct TransitionQueueStateMachine<Payload> {
    typealias ID = UInt64

    /// The running operation: its payload and every fact about its run. Kept in place,
    /// with `id` 0 for none, so events change it without copying it.
    struct Running {
        var id: ID = 0
        var payload: Payload?
        var phase = Phase.starting(fired: false)
        /// The time-out of the next wait.
        var timeout = Duration.zero
        /// Whether the next wait is bounded; a body may ask, while starting, for none.
        var bounded = true
        /// The first failure reported, which the operation ends with.
        var failure: NavigationError?
        var isCancellationRequested = false
        /// When it started on the driver's clock, if the driver read it.
        var startedAt: Duration?

        /// Starts over for a new operation (`id` 0 and no payload for none), field by
        /// field: assigning a whole new value would go through the generic value
        /// witnesses of `Payload`, a tenth of a queue operation. A new field is reset
        /// here too, to the default it is declared with.
        mutating func reset(id: ID, payload: consuming Payload?, timeout: Duration) {
            self.id = id
            self.payload = payload
            phase = .starting(fired: false)
            self.timeout = timeout
            bounded = true
            failure = nil
            isCancellationRequested = false
            startedAt = nil
        }
    }

    enum Phase: Equatable {
        /// Its body is being called; `fired` records an end reported from inside it.
        case starting(fired: Bool)
        /// Its body returned and the valve is shut; `timer` is the generation of the
        /// armed time-out, if any.
        case waiting(timer: UInt64?)
    }

    /// How an operation ended.
    enum Ending {
        case finished
        case failed(NavigationError)
        case timedOut(after: Duration)
    }

    /// An operation that has ended, for the driver to report and resolve.
    struct Ended {
        let id: ID
        let payload: Payload
        let ending: Ending
        let startedAt: Duration?
    }

    /// What comes after an operation or an interaction ends.
    enum Next {
        case start(ID, Payload)
        case idle
    }

    enum EnqueueAction {
        /// Start the operation just enqueued: the driver holds its payload already.
        case start(ID)
        case wait
    }

    enum BodyReturnedAction {
        case ended(Ended, Next)
        case armTimer(generation: UInt64, after: Duration)
        case waitWithoutTimer
    }

    enum ValveFiredAction {
        case recordedWhileStarting
        case ended(Ended, Next)
        case ignored
    }

    enum TimerElapsedAction {
        case timedOut(Ended, Next)
        case ignored
    }

    enum TimeoutRequestedAction {
        case recordedWhileStarting
        case arm(generation: UInt64, after: Duration)
        case disarm
        case ignored
    }

    enum CancelRequestedAction {
        /// It was waiting its turn: removed, never started.
        case removed(Payload)
        /// It runs: the driver tells whoever listens for its cancellation, once.
        case stopRunning(ID)
        case ignored
    }

    enum InteractionBeganAction {
        case granted
        case refused
    }

    enum InteractionEndedAction {
        case ended(Next)
        case ignored
    }

    private var run = Running()
    /// The interactions holding the queue: one at most, but for those the platform
    /// cannot refuse, which may hold it together (the person's pops in two columns).
    private(set) var interactions: [ID] = []

    /// The running operation, if any.
    var running: Running? { run.id == 0 ? nil : run }

    /// The running operation's payload, if one runs.
    var runningPayload: Payload? { run.payload }
    private var pending = Ring<(id: ID, payload: Payload, timeout: Duration)>()
    private var generation: UInt64 = 0
    private var lastID: ID = 0

    /// Whether nothing runs, nothing interacts and nothing waits.
    var isIdle: Bool { run.id == 0 && interactions.isEmpty }

    /// How many operations wait behind the running one.
    var pendingCount: Int { pending.count }

    /// Whether `id` is the running operation.
    func isRunning(_ id: ID) -> Bool { run.id == id }

    /// Whether `id` runs and has been asked to stop.
    func isCancellationRequested(_ id: ID) -> Bool {
        run.id == id && run.isCancellationRequested
    }

    /// A fresh identifier for an operation or an interaction.
    mutating func nextID() -> ID {
        lastID += 1
        return lastID
    }

    // MARK: Events

    mutating func enqueued(_ id: ID, _ payload: consuming Payload, timeout: Duration) -> EnqueueAction {
        guard isIdle else {
            pending.append((id, payload, timeout))
            return .wait
        }
        run.reset(id: id, payload: payload, timeout: timeout)
        return .start(id)
    }

    /// The driver read its clock as the operation started, for the durations it reports.
    mutating func startTimed(_ id: ID, at now: Duration) {
        guard run.id == id, run.phase == .starting(fired: false) else {
            preconditionFailure("startTimed(\(id)) in state \(self)")
        }
        run.startedAt = now
    }

    /// The body of the starting operation returned: `waits` when it shut the valve.
    mutating func bodyReturned(_ id: ID, waits: Bool) -> BodyReturnedAction {
        guard run.id == id, case .starting(let fired) = run.phase else {
            preconditionFailure("bodyReturned(\(id)) in state \(self)")
        }
        if !waits || fired {
            return .ended(end(), advance())
        }
        guard run.bounded else {
            run.phase = .waiting(timer: nil)
            return .waitWithoutTimer
        }
        generation &+= 1
        run.phase = .waiting(timer: generation)
        return .armTimer(generation: generation, after: run.timeout)
    }

    /// The running operation's valve was fired, or failed with `failure`.
    mutating func valveFired(_ id: ID, failure: NavigationError?) -> ValveFiredAction {
        guard run.id == id, id != 0 else { return .ignored }
        if run.failure == nil { run.failure = failure }
        switch run.phase {
        case .starting:
            run.phase = .starting(fired: true)
            return .recordedWhileStarting
        case .waiting:
            return .ended(end(), advance())
        }
    }

    mutating func timerElapsed(_ id: ID, generation elapsed: UInt64) -> TimerElapsedAction {
        guard run.id == id, id != 0, run.phase == .waiting(timer: elapsed) else { return .ignored }
        let timeout = run.timeout
        return .timedOut(end(.timedOut(after: timeout)), advance())
    }

    /// The running operation asks for a fresh time-out (`timeout`), as each step of a
    /// multi-step operation does, or for none (`nil`) while it waits on something with no
    /// natural bound.
    mutating func timeoutRequested(_ id: ID, _ timeout: Duration?) -> TimeoutRequestedAction {
        guard run.id == id, id != 0 else { return .ignored }
        if let timeout { run.timeout = timeout }
        run.bounded = timeout != nil
        switch run.phase {
        case .starting:
            return .recordedWhileStarting
        case .waiting:
            guard let timeout else {
                run.phase = .waiting(timer: nil)
                return .disarm
            }
            generation &+= 1
            run.phase = .waiting(timer: generation)
            return .arm(generation: generation, after: timeout)
        }
    }

    mutating func cancelRequested(_ id: ID) -> CancelRequestedAction {
        if let removed = pending.remove(where: { $0.id == id }) {
            return .removed(removed.payload)
        }
        guard run.id == id, id != 0, !run.isCancellationRequested else { return .ignored }
        run.isCancellationRequested = true
        return .stopRunning(id)
    }

    /// Removes every waiting operation, in order; the running one is not touched.
    mutating func pendingRemoved() -> [Payload] {
        pending.removeAll().map(\.payload)
    }

    /// An interaction begins: granted while the queue is idle. One the platform cannot
    /// refuse (`evenIfBusy`) is granted whatever holds the queue: begun while an operation
    /// runs, it holds the queue from that operation's end, ahead of the operations
    /// waiting; begun while another interaction holds it, it holds it with that one. The
    /// queue is let go when every interaction has ended.
    mutating func interactionBegan(_ id: ID, evenIfBusy: Bool = false) -> InteractionBeganAction {
        guard isIdle || evenIfBusy else { return .refused }
        interactions.append(id)
        return .granted
    }

    mutating func interactionEnded(_ id: ID) -> InteractionEndedAction {
        guard let index = interactions.firstIndex(of: id) else { return .ignored }
        interactions.remove(at: index)
        // While another holds the queue, or the operation it came after still runs, it
        // starts nothing.
        return .ended(run.id == 0 ? advance() : .idle)
    }

    // MARK: Transitions

    private mutating func end(_ timedOut: Ending? = nil) -> Ended {
        let ending = timedOut ?? run.failure.map(Ending.failed) ?? .finished
        // Moved out with `swap`, not copied: `Optional.take()` is newer than iOS 16.
        var taken: Payload?
        swap(&taken, &run.payload)
        guard let payload = taken else { preconditionFailure("an operation ended with no payload") }
        let ended = Ended(id: run.id, payload: payload, ending: ending, startedAt: run.startedAt)
        run.reset(id: 0, payload: nil, timeout: .zero)
        return ended
    }

    private mutating func advance() -> Next {
        // An interaction begun while the operation ran holds the queue now.
        guard interactions.isEmpty, let next = pending.popFirst() else { return .idle }
        run.reset(id: next.id, payload: next.payload, timeout: next.timeout)
        return .start(next.id, next.payload)
    }
}

extension TransitionQueueStateMachine: CustomStringConvertible {
    /// The state in a line: `running(1, waiting, timer 2) | pending 3`.
    var description: String {
        let held = interactions.map(String.init).joined(separator: ", ")
        let state: String
        if let running {
            let phase = switch running.phase {
            case .starting(let fired): fired ? "starting, fired" : "starting"
            case .waiting(let timer?): "waiting, timer \(timer)"
            case .waiting(nil): "waiting, no timer"
            }
            state = "running(\(running.id), \(phase)\(running.isCancellationRequested ? ", cancelling" : ""))"
                + (interactions.isEmpty ? "" : ", then interacting(\(held))")
        } else if !interactions.isEmpty {
            state = "interacting(\(held))"
        } else {
            state = "open"
        }
        return "\(state) | pending \(pending.count)"
    }
}
