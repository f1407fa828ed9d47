@testable import PageKit
import Testing

/// The machine's states, each reached by a fixed sequence of events. Every state but
/// `open` has operation 2 waiting behind the running operation 1 (or interaction 5),
/// unless it is one of the `…Alone` states.
enum MachineState: String, CaseIterable, Codable, Sendable {
    case open, starting, startingFired, startingFailed, startingUnbounded, startingCancelling
    case waitingArmed, waitingUnarmed, waitingCancelling, interacting
    /// Operation 1 waits, and interaction 5, begun meanwhile, holds the queue after it.
    case waitingThenInteracting
    case startingAlone, waitingAlone, interactingAlone
}

/// Every event the machine takes.
enum MachineEvent: String, CaseIterable, Codable, Sendable {
    case enqueue3, startTimed
    case bodyReturnedDone, bodyReturnedWait
    case valveFiredRunning, valveFailedRunning, valveFiredOther
    case timerElapsedCurrent, timerElapsedStale
    case timeoutRequested, timeoutSuspended, timeoutRequestedOther
    case cancelPending, cancelRunning, cancelUnknown
    case interactionBegan, interactionBeganEvenIfBusy, interactionEndedCurrent, interactionEndedOther
    case pendingRemoved
}

typealias Machine = TransitionQueueStateMachine<Int>

@Suite("The transition queue's state machine", .timeLimit(.minutes(10)))
struct TransitionQueueStateMachineTests {
    static let timeout = Duration.seconds(2)

    static func make(_ state: MachineState) -> Machine {
        var machine = Machine()
        func enqueue(_ id: UInt64) { _ = machine.enqueued(id, Int(id), timeout: timeout) }
        switch state {
        case .open:
            break
        case .starting, .startingAlone:
            enqueue(1)
        case .startingFired:
            enqueue(1)
            _ = machine.valveFired(1, failure: nil)
        case .startingFailed:
            enqueue(1)
            _ = machine.valveFired(1, failure: NavigationError(.transitionFailed, reason: "no"))
        case .startingUnbounded:
            enqueue(1)
            _ = machine.timeoutRequested(1, nil)
        case .startingCancelling:
            enqueue(1)
            _ = machine.cancelRequested(1)
        case .waitingArmed, .waitingAlone:
            enqueue(1)
            _ = machine.bodyReturned(1, waits: true)
        case .waitingUnarmed:
            enqueue(1)
            _ = machine.timeoutRequested(1, nil)
            _ = machine.bodyReturned(1, waits: true)
        case .waitingCancelling:
            enqueue(1)
            _ = machine.bodyReturned(1, waits: true)
            _ = machine.cancelRequested(1)
        case .interacting, .interactingAlone:
            _ = machine.interactionBegan(5)
        case .waitingThenInteracting:
            enqueue(1)
            _ = machine.bodyReturned(1, waits: true)
            _ = machine.interactionBegan(5, evenIfBusy: true)
        }
        if ![.open, .startingAlone, .waitingAlone, .interactingAlone].contains(state) {
            enqueue(2)
        }
        return machine
    }

    /// Applies `event` and describes the action it returned and the state after, or
    /// returns nil where the event cannot happen in that state (the machine would stop
    /// with a precondition failure naming both).
    static func apply(_ event: MachineEvent, to machine: inout Machine) -> String? {
        let isStarting: Bool = if case .starting? = machine.running?.phase { true } else { false }
        let isFreshStart = machine.running?.phase == .starting(fired: false) && machine.running?.startedAt == nil
        let action: String
        switch event {
        case .enqueue3:
            action = switch machine.enqueued(3, 3, timeout: timeout) {
            case .start(let id): "start(\(id))"
            case .wait: "wait"
            }
        case .startTimed:
            // Only the driver reports the start time, and only before calling the body.
            guard isFreshStart else { return nil }
            machine.startTimed(1, at: .seconds(7))
            action = "timed at \(machine.running?.startedAt ?? .zero)"
        case .bodyReturnedDone, .bodyReturnedWait:
            // Only the driver reports a body's return, and only while it starts.
            guard isStarting else { return nil }
            action = switch machine.bodyReturned(1, waits: event == .bodyReturnedWait) {
            case .ended(let ended, let next): "ended(\(describe(ended))) → \(describe(next))"
            case .armTimer(let generation, let after): "armTimer(\(generation), after \(after))"
            case .waitWithoutTimer: "waitWithoutTimer"
            }
        case .valveFiredRunning, .valveFailedRunning, .valveFiredOther:
            let failure = event == .valveFailedRunning ? NavigationError(.transitionFailed, reason: "no") : nil
            action = switch machine.valveFired(event == .valveFiredOther ? 9 : 1, failure: failure) {
            case .recordedWhileStarting: "recorded"
            case .ended(let ended, let next): "ended(\(describe(ended))) → \(describe(next))"
            case .ignored: "ignored"
            }
        case .timerElapsedCurrent, .timerElapsedStale:
            action = switch machine.timerElapsed(1, generation: event == .timerElapsedCurrent ? 1 : 0) {
            case .timedOut(let ended, let next): "timedOut(\(describe(ended))) → \(describe(next))"
            case .ignored: "ignored"
            }
        case .timeoutRequested, .timeoutSuspended, .timeoutRequestedOther:
            let timeout: Duration? = event == .timeoutSuspended ? nil : .seconds(5)
            action = switch machine.timeoutRequested(event == .timeoutRequestedOther ? 9 : 1, timeout) {
            case .recordedWhileStarting: "recorded"
            case .arm(let generation, let after): "arm(\(generation), after \(after))"
            case .disarm: "disarm"
            case .ignored: "ignored"
            }
        case .cancelPending, .cancelRunning, .cancelUnknown:
            let id: UInt64 = switch event {
            case .cancelPending: 2
            case .cancelRunning: 1
            default: 9
            }
            action = switch machine.cancelRequested(id) {
            case .removed(let payload): "removed(\(payload))"
            case .stopRunning(let id): "stopRunning(\(id))"
            case .ignored: "ignored"
            }
        case .interactionBegan, .interactionBeganEvenIfBusy:
            action = switch machine.interactionBegan(7, evenIfBusy: event == .interactionBeganEvenIfBusy) {
            case .granted: "granted"
            case .refused: "refused"
            }
        case .interactionEndedCurrent, .interactionEndedOther:
            action = switch machine.interactionEnded(event == .interactionEndedCurrent ? 5 : 9) {
            case .ended(let next): "ended → \(describe(next))"
            case .ignored: "ignored"
            }
        case .pendingRemoved:
            action = "removed \(machine.pendingRemoved())"
        }
        return "\(action) | \(machine)"
    }

    static func describe(_ ended: Machine.Ended) -> String {
        let ending = switch ended.ending {
        case .finished: "finished"
        case .failed(let error): "failed \(error.code)"
        case .timedOut(let after): "timed out after \(after)"
        }
        return "\(ended.id) \(ending)"
    }

    static func describe(_ next: Machine.Next) -> String {
        switch next {
        case .start(let id, _): "start(\(id))"
        case .idle: "idle"
        }
    }

    /// The whole table: for each state, for each event, the action and the state after.
    /// `nil`: the event cannot happen in that state.
    static let table: [MachineState: [MachineEvent: String?]] = [
        .open: [
            .enqueue3: "start(3) | running(3, starting) | pending 0",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ignored | open | pending 0",
            .valveFailedRunning: "ignored | open | pending 0",
            .valveFiredOther: "ignored | open | pending 0",
            .timerElapsedCurrent: "ignored | open | pending 0",
            .timerElapsedStale: "ignored | open | pending 0",
            .timeoutRequested: "ignored | open | pending 0",
            .timeoutSuspended: "ignored | open | pending 0",
            .timeoutRequestedOther: "ignored | open | pending 0",
            .cancelPending: "ignored | open | pending 0",
            .cancelRunning: "ignored | open | pending 0",
            .cancelUnknown: "ignored | open | pending 0",
            .interactionBegan: "granted | interacting(7) | pending 0",
            .interactionBeganEvenIfBusy: "granted | interacting(7) | pending 0",
            .interactionEndedCurrent: "ignored | open | pending 0",
            .interactionEndedOther: "ignored | open | pending 0",
            .pendingRemoved: "removed [] | open | pending 0",
        ],
        .starting: [
            .enqueue3: "wait | running(1, starting) | pending 2",
            .startTimed: "timed at 7.0 seconds | running(1, starting) | pending 1",
            .bodyReturnedDone: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWait: "armTimer(1, after 2.0 seconds) | running(1, waiting, timer 1) | pending 1",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFailedRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting) | pending 1",
            .timeoutRequested: "recorded | running(1, starting) | pending 1",
            .timeoutSuspended: "recorded | running(1, starting) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, starting) | pending 1",
            .cancelPending: "removed(2) | running(1, starting) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, starting, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, starting) | pending 1",
            .interactionBegan: "refused | running(1, starting) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, starting), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting) | pending 0",
        ],
        .startingFired: [
            .enqueue3: "wait | running(1, starting, fired) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWait: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFailedRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting, fired) | pending 1",
            .timeoutRequested: "recorded | running(1, starting, fired) | pending 1",
            .timeoutSuspended: "recorded | running(1, starting, fired) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, starting, fired) | pending 1",
            .cancelPending: "removed(2) | running(1, starting, fired) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, starting, fired, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, starting, fired) | pending 1",
            .interactionBegan: "refused | running(1, starting, fired) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, starting, fired), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting, fired) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting, fired) | pending 0",
        ],
        .startingFailed: [
            .enqueue3: "wait | running(1, starting, fired) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: "ended(1 failed transitionFailed) → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWait: "ended(1 failed transitionFailed) → start(2) | running(2, starting) | pending 0",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFailedRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting, fired) | pending 1",
            .timeoutRequested: "recorded | running(1, starting, fired) | pending 1",
            .timeoutSuspended: "recorded | running(1, starting, fired) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, starting, fired) | pending 1",
            .cancelPending: "removed(2) | running(1, starting, fired) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, starting, fired, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, starting, fired) | pending 1",
            .interactionBegan: "refused | running(1, starting, fired) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, starting, fired), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting, fired) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting, fired) | pending 0",
        ],
        .startingUnbounded: [
            .enqueue3: "wait | running(1, starting) | pending 2",
            .startTimed: "timed at 7.0 seconds | running(1, starting) | pending 1",
            .bodyReturnedDone: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWait: "waitWithoutTimer | running(1, waiting, no timer) | pending 1",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFailedRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting) | pending 1",
            .timeoutRequested: "recorded | running(1, starting) | pending 1",
            .timeoutSuspended: "recorded | running(1, starting) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, starting) | pending 1",
            .cancelPending: "removed(2) | running(1, starting) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, starting, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, starting) | pending 1",
            .interactionBegan: "refused | running(1, starting) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, starting), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting) | pending 0",
        ],
        .startingCancelling: [
            .enqueue3: "wait | running(1, starting, cancelling) | pending 2",
            .startTimed: "timed at 7.0 seconds | running(1, starting, cancelling) | pending 1",
            .bodyReturnedDone: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWait: "armTimer(1, after 2.0 seconds) | running(1, waiting, timer 1, cancelling) | pending 1",
            .valveFiredRunning: "recorded | running(1, starting, fired, cancelling) | pending 1",
            .valveFailedRunning: "recorded | running(1, starting, fired, cancelling) | pending 1",
            .valveFiredOther: "ignored | running(1, starting, cancelling) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting, cancelling) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting, cancelling) | pending 1",
            .timeoutRequested: "recorded | running(1, starting, cancelling) | pending 1",
            .timeoutSuspended: "recorded | running(1, starting, cancelling) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, starting, cancelling) | pending 1",
            .cancelPending: "removed(2) | running(1, starting, cancelling) | pending 0",
            .cancelRunning: "ignored | running(1, starting, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, starting, cancelling) | pending 1",
            .interactionBegan: "refused | running(1, starting, cancelling) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, starting, cancelling), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting, cancelling) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting, cancelling) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting, cancelling) | pending 0",
        ],
        .waitingArmed: [
            .enqueue3: "wait | running(1, waiting, timer 1) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .valveFailedRunning: "ended(1 failed transitionFailed) → start(2) | running(2, starting) | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, timer 1) | pending 1",
            .timerElapsedCurrent: "timedOut(1 timed out after 2.0 seconds) → start(2) | running(2, starting) | pending 0",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1) | pending 1",
            .timeoutRequested: "arm(2, after 5.0 seconds) | running(1, waiting, timer 2) | pending 1",
            .timeoutSuspended: "disarm | running(1, waiting, no timer) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, waiting, timer 1) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, timer 1) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, waiting, timer 1, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, timer 1) | pending 1",
            .interactionBegan: "refused | running(1, waiting, timer 1) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, waiting, timer 1), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, waiting, timer 1) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, timer 1) | pending 0",
        ],
        .waitingUnarmed: [
            .enqueue3: "wait | running(1, waiting, no timer) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .valveFailedRunning: "ended(1 failed transitionFailed) → start(2) | running(2, starting) | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, no timer) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, waiting, no timer) | pending 1",
            .timerElapsedStale: "ignored | running(1, waiting, no timer) | pending 1",
            .timeoutRequested: "arm(1, after 5.0 seconds) | running(1, waiting, timer 1) | pending 1",
            .timeoutSuspended: "disarm | running(1, waiting, no timer) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, waiting, no timer) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, no timer) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, waiting, no timer, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, no timer) | pending 1",
            .interactionBegan: "refused | running(1, waiting, no timer) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, waiting, no timer), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, waiting, no timer) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, no timer) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, no timer) | pending 0",
        ],
        .waitingCancelling: [
            .enqueue3: "wait | running(1, waiting, timer 1, cancelling) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ended(1 finished) → start(2) | running(2, starting) | pending 0",
            .valveFailedRunning: "ended(1 failed transitionFailed) → start(2) | running(2, starting) | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .timerElapsedCurrent: "timedOut(1 timed out after 2.0 seconds) → start(2) | running(2, starting) | pending 0",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .timeoutRequested: "arm(2, after 5.0 seconds) | running(1, waiting, timer 2, cancelling) | pending 1",
            .timeoutSuspended: "disarm | running(1, waiting, no timer, cancelling) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, timer 1, cancelling) | pending 0",
            .cancelRunning: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .interactionBegan: "refused | running(1, waiting, timer 1, cancelling) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, waiting, timer 1, cancelling), then interacting(7) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1, cancelling) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, timer 1, cancelling) | pending 0",
        ],
        .interacting: [
            .enqueue3: "wait | interacting(5) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ignored | interacting(5) | pending 1",
            .valveFailedRunning: "ignored | interacting(5) | pending 1",
            .valveFiredOther: "ignored | interacting(5) | pending 1",
            .timerElapsedCurrent: "ignored | interacting(5) | pending 1",
            .timerElapsedStale: "ignored | interacting(5) | pending 1",
            .timeoutRequested: "ignored | interacting(5) | pending 1",
            .timeoutSuspended: "ignored | interacting(5) | pending 1",
            .timeoutRequestedOther: "ignored | interacting(5) | pending 1",
            .cancelPending: "removed(2) | interacting(5) | pending 0",
            .cancelRunning: "ignored | interacting(5) | pending 1",
            .cancelUnknown: "ignored | interacting(5) | pending 1",
            .interactionBegan: "refused | interacting(5) | pending 1",
            .interactionBeganEvenIfBusy: "granted | interacting(5, 7) | pending 1",
            .interactionEndedCurrent: "ended → start(2) | running(2, starting) | pending 0",
            .interactionEndedOther: "ignored | interacting(5) | pending 1",
            .pendingRemoved: "removed [2] | interacting(5) | pending 0",
        ],
        .startingAlone: [
            .enqueue3: "wait | running(1, starting) | pending 1",
            .startTimed: "timed at 7.0 seconds | running(1, starting) | pending 0",
            .bodyReturnedDone: "ended(1 finished) → idle | open | pending 0",
            .bodyReturnedWait: "armTimer(1, after 2.0 seconds) | running(1, waiting, timer 1) | pending 0",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 0",
            .valveFailedRunning: "recorded | running(1, starting, fired) | pending 0",
            .valveFiredOther: "ignored | running(1, starting) | pending 0",
            .timerElapsedCurrent: "ignored | running(1, starting) | pending 0",
            .timerElapsedStale: "ignored | running(1, starting) | pending 0",
            .timeoutRequested: "recorded | running(1, starting) | pending 0",
            .timeoutSuspended: "recorded | running(1, starting) | pending 0",
            .timeoutRequestedOther: "ignored | running(1, starting) | pending 0",
            .cancelPending: "ignored | running(1, starting) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, starting, cancelling) | pending 0",
            .cancelUnknown: "ignored | running(1, starting) | pending 0",
            .interactionBegan: "refused | running(1, starting) | pending 0",
            .interactionBeganEvenIfBusy: "granted | running(1, starting), then interacting(7) | pending 0",
            .interactionEndedCurrent: "ignored | running(1, starting) | pending 0",
            .interactionEndedOther: "ignored | running(1, starting) | pending 0",
            .pendingRemoved: "removed [] | running(1, starting) | pending 0",
        ],
        .waitingAlone: [
            .enqueue3: "wait | running(1, waiting, timer 1) | pending 1",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ended(1 finished) → idle | open | pending 0",
            .valveFailedRunning: "ended(1 failed transitionFailed) → idle | open | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, timer 1) | pending 0",
            .timerElapsedCurrent: "timedOut(1 timed out after 2.0 seconds) → idle | open | pending 0",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1) | pending 0",
            .timeoutRequested: "arm(2, after 5.0 seconds) | running(1, waiting, timer 2) | pending 0",
            .timeoutSuspended: "disarm | running(1, waiting, no timer) | pending 0",
            .timeoutRequestedOther: "ignored | running(1, waiting, timer 1) | pending 0",
            .cancelPending: "ignored | running(1, waiting, timer 1) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, waiting, timer 1, cancelling) | pending 0",
            .cancelUnknown: "ignored | running(1, waiting, timer 1) | pending 0",
            .interactionBegan: "refused | running(1, waiting, timer 1) | pending 0",
            .interactionBeganEvenIfBusy: "granted | running(1, waiting, timer 1), then interacting(7) | pending 0",
            .interactionEndedCurrent: "ignored | running(1, waiting, timer 1) | pending 0",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1) | pending 0",
            .pendingRemoved: "removed [] | running(1, waiting, timer 1) | pending 0",
        ],
        .interactingAlone: [
            .enqueue3: "wait | interacting(5) | pending 1",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ignored | interacting(5) | pending 0",
            .valveFailedRunning: "ignored | interacting(5) | pending 0",
            .valveFiredOther: "ignored | interacting(5) | pending 0",
            .timerElapsedCurrent: "ignored | interacting(5) | pending 0",
            .timerElapsedStale: "ignored | interacting(5) | pending 0",
            .timeoutRequested: "ignored | interacting(5) | pending 0",
            .timeoutSuspended: "ignored | interacting(5) | pending 0",
            .timeoutRequestedOther: "ignored | interacting(5) | pending 0",
            .cancelPending: "ignored | interacting(5) | pending 0",
            .cancelRunning: "ignored | interacting(5) | pending 0",
            .cancelUnknown: "ignored | interacting(5) | pending 0",
            .interactionBegan: "refused | interacting(5) | pending 0",
            .interactionBeganEvenIfBusy: "granted | interacting(5, 7) | pending 0",
            .interactionEndedCurrent: "ended → idle | open | pending 0",
            .interactionEndedOther: "ignored | interacting(5) | pending 0",
            .pendingRemoved: "removed [] | interacting(5) | pending 0",
        ],
        .waitingThenInteracting: [
            .enqueue3: "wait | running(1, waiting, timer 1), then interacting(5) | pending 2",
            .startTimed: nil,
            .bodyReturnedDone: nil,
            .bodyReturnedWait: nil,
            .valveFiredRunning: "ended(1 finished) → idle | interacting(5) | pending 1",
            .valveFailedRunning: "ended(1 failed transitionFailed) → idle | interacting(5) | pending 1",
            .valveFiredOther: "ignored | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .timerElapsedCurrent: "timedOut(1 timed out after 2.0 seconds) → idle | interacting(5) | pending 1",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .timeoutRequested: "arm(2, after 5.0 seconds) | running(1, waiting, timer 2), then interacting(5) | pending 1",
            .timeoutSuspended: "disarm | running(1, waiting, no timer), then interacting(5) | pending 1",
            .timeoutRequestedOther: "ignored | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, timer 1), then interacting(5) | pending 0",
            .cancelRunning: "stopRunning(1) | running(1, waiting, timer 1, cancelling), then interacting(5) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .interactionBegan: "refused | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .interactionBeganEvenIfBusy: "granted | running(1, waiting, timer 1), then interacting(5, 7) | pending 1",
            .interactionEndedCurrent: "ended → idle | running(1, waiting, timer 1) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1), then interacting(5) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, timer 1), then interacting(5) | pending 0",
        ],
    ]

    @Test("every event in every state returns the expected action and state", arguments: MachineState.allCases)
    func everyEvent(_ state: MachineState) throws {
        let row = try #require(Self.table[state])
        #expect(row.count == MachineEvent.allCases.count, "the table covers every event")
        for event in MachineEvent.allCases {
            var machine = Self.make(state)
            let expected = try #require(row[event], "\(state) × \(event) is in the table")
            let actual = Self.apply(event, to: &machine)
            #expect(actual == expected, "\(state) × \(event)")
        }
    }

    /// The cells where an event cannot come: the machine stops there, naming both.
    static var trapCells: [(MachineState, MachineEvent)] {
        MachineState.allCases.flatMap { state in
            MachineEvent.allCases.filter { table[state]?[$0] == .some(nil) }.map { (state, $0) }
        }
    }

    #if compiler(>=6.2)
    @Test("an event that cannot come in a state stops the machine", arguments: trapCells)
    func traps(_ state: MachineState, _ event: MachineEvent) async {
        await #expect(processExitsWith: .failure) { [state, event] in
            var machine = Self.make(state)
            switch event {
            case .startTimed: machine.startTimed(1, at: .seconds(7))
            case .bodyReturnedDone, .bodyReturnedWait: _ = machine.bodyReturned(1, waits: event == .bodyReturnedWait)
            default: _ = Self.apply(event, to: &machine)
            }
        }
    }
    #endif

    @Test("a late completion after a time-out is ignored, and the next time-out is fresh")
    func lateCompletion() {
        var machine = Self.make(.waitingArmed)
        guard case .timedOut(let ended, .start(2, _)) = machine.timerElapsed(1, generation: 1) else {
            Issue.record("the armed time-out should time out")
            return
        }
        #expect(ended.id == 1)
        guard case .ignored = machine.valveFired(1, failure: nil) else {
            Issue.record("the late completion of 1 should be ignored")
            return
        }
        guard case .armTimer(let generation, _) = machine.bodyReturned(2, waits: true) else {
            Issue.record("operation 2 should wait")
            return
        }
        #expect(generation == 2)
        guard case .ignored = machine.timerElapsed(2, generation: 1) else {
            Issue.record("operation 1's stale timer must not time 2 out")
            return
        }
    }

    @Test("a failure reported first is the one an operation ends with")
    func firstFailureWins() {
        var machine = Self.make(.startingFailed)
        _ = machine.valveFired(1, failure: NavigationError(.cancelled, reason: "later"))
        guard case .ended(let ended, _) = machine.bodyReturned(1, waits: true),
              case .failed(let error) = ended.ending else {
            Issue.record("the operation should end failed")
            return
        }
        #expect(error.code == .transitionFailed)
    }

    @Test("operations start in the order they were queued")
    func fifo() {
        var machine = Machine()
        _ = machine.enqueued(1, 1, timeout: Self.timeout)
        for id in 2...50 as ClosedRange<UInt64> { _ = machine.enqueued(id, Int(id), timeout: Self.timeout) }
        var started: [UInt64] = [1]
        var next = machine.bodyReturned(1, waits: false)
        while case .ended(_, .start(let id, _)) = next {
            started.append(id)
            next = machine.bodyReturned(id, waits: false)
        }
        #expect(started == Array(1...50))
        #expect(machine.isIdle)
    }
}
