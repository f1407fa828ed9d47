/// The logic of ``TransitionQueue``: a value type that takes events and returns what to
/// do, with no clock, no closures and no UI.
///
/// One operation runs at a time. It *starts* (its body is called); the body either
/// finishes at once, or shuts the valve until the valve is fired, a time-out elapses, or
/// it is cancelled. An interactive pop holds the valve in the same way. Each event
/// returns an action the driver carries out; events that arrive late (a completion after
/// its time-out, a stale timer) are answered with an `ignored` action.
struct TransitionQueueStateMachine<Payload> {
    typealias ID = UInt64

    enum Valve: Equatable {
        /// Idle: nothing runs and nothing waits.
        case open
        /// An operation runs.
        case running(ID, Phase)
        /// An interactive transition holds the queue.
        case interacting(ID)
    }

    enum Phase: Equatable {
        /// Its body is being called; `fired` records a valve fired from inside it.
        case starting(fired: Bool)
        /// Its body returned and the valve is shut; `timer` is the generation of the
        /// armed time-out, if any.
        case waiting(timer: UInt64?)
    }

    /// What comes after an operation ends.
    enum Next {
        case start(ID, Payload)
        case idle
    }

    enum EnqueueAction {
        case start(ID, Payload)
        case wait
    }

    enum BodyReturnedAction {
        case finished(Next)
        case armTimer(generation: UInt64)
        case waitWithoutTimer
    }

    enum ValveFiredAction {
        case recordedWhileStarting
        case finished(Next)
        case ignored
    }

    enum TimerElapsedAction {
        case timedOut(Next)
        case ignored
    }

    enum TimerRequestAction {
        case arm(generation: UInt64)
        case disarm
        case ignored
    }

    enum CancelAction {
        case removed(Payload)
        case cancelRunning
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

    private(set) var valve: Valve = .open
    private var pending = Ring<(id: ID, payload: Payload)>()
    private var generation: UInt64 = 0

    /// How many operations wait behind the running one.
    var pendingCount: Int { pending.count }

    /// The running operation, if any.
    var runningID: ID? {
        if case .running(let id, _) = valve { return id }
        return nil
    }

    // MARK: Events

    mutating func enqueued(_ id: ID, _ payload: Payload) -> EnqueueAction {
        if valve == .open {
            valve = .running(id, .starting(fired: false))
            return .start(id, payload)
        }
        pending.append((id, payload))
        return .wait
    }

    /// The body of the starting operation returned: `waits` when it shut the valve, and
    /// `armsTimer` when the wait is bounded by a time-out.
    mutating func bodyReturned(_ id: ID, waits: Bool, armsTimer: Bool = true) -> BodyReturnedAction {
        guard case .running(id, .starting(let fired)) = valve else {
            preconditionFailure("a body returned for operation \(id) that is not starting (\(valve))")
        }
        if !waits || fired {
            return .finished(advance())
        }
        guard armsTimer else {
            valve = .running(id, .waiting(timer: nil))
            return .waitWithoutTimer
        }
        generation &+= 1
        valve = .running(id, .waiting(timer: generation))
        return .armTimer(generation: generation)
    }

    mutating func valveFired(_ id: ID) -> ValveFiredAction {
        switch valve {
        case .running(id, .starting):
            valve = .running(id, .starting(fired: true))
            return .recordedWhileStarting
        case .running(id, .waiting):
            return .finished(advance())
        default:
            return .ignored
        }
    }

    mutating func timerElapsed(_ id: ID, generation elapsed: UInt64) -> TimerElapsedAction {
        guard case .running(id, .waiting(timer: elapsed?)) = valve, elapsed == generation else {
            return .ignored
        }
        return .timedOut(advance())
    }

    /// The running operation, its body returned, asks for a fresh time-out (`arm`), as
    /// each step of a multi-step operation does, or for none while it waits on something
    /// unbounded. While the body is still starting, the driver keeps the request and
    /// passes it to ``bodyReturned(_:waits:armsTimer:)``.
    mutating func timerRequested(_ id: ID, arm: Bool) -> TimerRequestAction {
        guard case .running(id, .waiting) = valve else { return .ignored }
        if arm {
            generation &+= 1
            valve = .running(id, .waiting(timer: generation))
            return .arm(generation: generation)
        }
        valve = .running(id, .waiting(timer: nil))
        return .disarm
    }

    mutating func cancelRequested(_ id: ID) -> CancelAction {
        if let removed = pending.remove(where: { $0.id == id }) {
            return .removed(removed.payload)
        }
        if runningID == id {
            return .cancelRunning
        }
        return .ignored
    }

    /// Removes every waiting operation, in order; the running one is not touched.
    mutating func pendingRemoved() -> [Payload] {
        pending.removeAll().map(\.payload)
    }

    mutating func interactionBegan(_ id: ID) -> InteractionBeganAction {
        guard valve == .open else { return .refused }
        valve = .interacting(id)
        return .granted
    }

    mutating func interactionEnded(_ id: ID) -> InteractionEndedAction {
        guard valve == .interacting(id) else { return .ignored }
        return .ended(advance())
    }

    private mutating func advance() -> Next {
        guard let (id, payload) = pending.popFirst() else {
            valve = .open
            return .idle
        }
        valve = .running(id, .starting(fired: false))
        return .start(id, payload)
    }
}
