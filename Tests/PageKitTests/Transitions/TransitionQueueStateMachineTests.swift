@testable import PageKit
import Testing

/// The machine's states, each reached by a fixed sequence of events. Every state but
/// `open` has operation 2 waiting behind the running operation 1 (or interaction 5),
/// unless it is one of the `…Alone` states.
enum MachineState: String, CaseIterable, Sendable {
    case open, starting, startingFired, waitingArmed, waitingUnarmed, interacting
    case startingAlone, waitingAlone, interactingAlone
}

/// Every event the machine takes.
enum MachineEvent: String, CaseIterable, Sendable {
    case enqueue3
    case bodyReturnedDone, bodyReturnedWaitArmed, bodyReturnedWaitUnarmed
    case valveFiredRunning, valveFiredOther
    case timerElapsedCurrent, timerElapsedStale
    case armTimer, disarmTimer
    case cancelPending, cancelRunning, cancelUnknown
    case interactionBegan, interactionEndedCurrent, interactionEndedOther
    case pendingRemoved
}

typealias Machine = TransitionQueueStateMachine<Int>

@Suite("The transition queue's state machine", .timeLimit(.minutes(2)))
struct TransitionQueueStateMachineTests {
    static func make(_ state: MachineState) -> Machine {
        var machine = Machine()
        func enqueue(_ id: UInt64) { _ = machine.enqueued(id, Int(id)) }
        switch state {
        case .open:
            break
        case .starting, .startingAlone:
            enqueue(1)
        case .startingFired:
            enqueue(1)
            _ = machine.valveFired(1)
        case .waitingArmed, .waitingAlone:
            enqueue(1)
            _ = machine.bodyReturned(1, waits: true)
        case .waitingUnarmed:
            enqueue(1)
            _ = machine.bodyReturned(1, waits: true, armsTimer: false)
        case .interacting, .interactingAlone:
            _ = machine.interactionBegan(5)
        }
        if ![.open, .startingAlone, .waitingAlone, .interactingAlone].contains(state) {
            enqueue(2)
        }
        return machine
    }

    /// Applies `event` and describes the action it returned and the state after, or
    /// returns nil where the event cannot happen in that state.
    static func apply(_ event: MachineEvent, to machine: inout Machine) -> String? {
        let isStarting: Bool = if case .running(1, .starting) = machine.valve { true } else { false }
        let action: String
        switch event {
        case .enqueue3:
            action = switch machine.enqueued(3, 3) {
            case .start(let id, _): "start(\(id))"
            case .wait: "wait"
            }
        case .bodyReturnedDone, .bodyReturnedWaitArmed, .bodyReturnedWaitUnarmed:
            // Only the driver reports a body's return, and only while it starts.
            guard isStarting else { return nil }
            action = describe(machine.bodyReturned(1, waits: event != .bodyReturnedDone,
                                                   armsTimer: event == .bodyReturnedWaitArmed))
        case .valveFiredRunning, .valveFiredOther:
            action = switch machine.valveFired(event == .valveFiredRunning ? 1 : 9) {
            case .recordedWhileStarting: "recorded"
            case .finished(let next): "finished → \(describe(next))"
            case .ignored: "ignored"
            }
        case .timerElapsedCurrent, .timerElapsedStale:
            action = switch machine.timerElapsed(1, generation: event == .timerElapsedCurrent ? 1 : 0) {
            case .timedOut(let next): "timedOut → \(describe(next))"
            case .ignored: "ignored"
            }
        case .armTimer, .disarmTimer:
            action = switch machine.timerRequested(1, arm: event == .armTimer) {
            case .arm(let generation): "arm(\(generation))"
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
            case .cancelRunning: "cancelRunning"
            case .ignored: "ignored"
            }
        case .interactionBegan:
            action = switch machine.interactionBegan(7) {
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
        return "\(action) | \(describe(machine.valve)) | pending \(machine.pendingCount)"
    }

    static func describe(_ action: Machine.BodyReturnedAction) -> String {
        switch action {
        case .finished(let next): "finished → \(describe(next))"
        case .armTimer(let generation): "armTimer(\(generation))"
        case .waitWithoutTimer: "waitWithoutTimer"
        }
    }

    static func describe(_ next: Machine.Next) -> String {
        switch next {
        case .start(let id, _): "start(\(id))"
        case .idle: "idle"
        }
    }

    static func describe(_ valve: Machine.Valve) -> String {
        switch valve {
        case .open: "open"
        case .running(let id, .starting(let fired)): "running(\(id), starting\(fired ? ", fired" : ""))"
        case .running(let id, .waiting(let timer?)): "running(\(id), waiting, timer \(timer))"
        case .running(let id, .waiting(nil)): "running(\(id), waiting, no timer)"
        case .interacting(let id): "interacting(\(id))"
        }
    }

    /// The whole table: for each state, for each event, the action and the state after.
    /// `nil`: the event cannot happen in that state.
    static let table: [MachineState: [MachineEvent: String?]] = [
        .open: [
            .enqueue3: "start(3) | running(3, starting) | pending 0",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "ignored | open | pending 0",
            .valveFiredOther: "ignored | open | pending 0",
            .timerElapsedCurrent: "ignored | open | pending 0",
            .timerElapsedStale: "ignored | open | pending 0",
            .armTimer: "ignored | open | pending 0",
            .disarmTimer: "ignored | open | pending 0",
            .cancelPending: "ignored | open | pending 0",
            .cancelRunning: "ignored | open | pending 0",
            .cancelUnknown: "ignored | open | pending 0",
            .interactionBegan: "granted | interacting(7) | pending 0",
            .interactionEndedCurrent: "ignored | open | pending 0",
            .interactionEndedOther: "ignored | open | pending 0",
            .pendingRemoved: "removed [] | open | pending 0",
        ],
        .starting: [
            .enqueue3: "wait | running(1, starting) | pending 2",
            .bodyReturnedDone: "finished → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWaitArmed: "armTimer(1) | running(1, waiting, timer 1) | pending 1",
            .bodyReturnedWaitUnarmed: "waitWithoutTimer | running(1, waiting, no timer) | pending 1",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting) | pending 1",
            .armTimer: "ignored | running(1, starting) | pending 1",
            .disarmTimer: "ignored | running(1, starting) | pending 1",
            .cancelPending: "removed(2) | running(1, starting) | pending 0",
            .cancelRunning: "cancelRunning | running(1, starting) | pending 1",
            .cancelUnknown: "ignored | running(1, starting) | pending 1",
            .interactionBegan: "refused | running(1, starting) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting) | pending 0",
        ],
        .startingFired: [
            .enqueue3: "wait | running(1, starting, fired) | pending 2",
            .bodyReturnedDone: "finished → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWaitArmed: "finished → start(2) | running(2, starting) | pending 0",
            .bodyReturnedWaitUnarmed: "finished → start(2) | running(2, starting) | pending 0",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 1",
            .valveFiredOther: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .timerElapsedStale: "ignored | running(1, starting, fired) | pending 1",
            .armTimer: "ignored | running(1, starting, fired) | pending 1",
            .disarmTimer: "ignored | running(1, starting, fired) | pending 1",
            .cancelPending: "removed(2) | running(1, starting, fired) | pending 0",
            .cancelRunning: "cancelRunning | running(1, starting, fired) | pending 1",
            .cancelUnknown: "ignored | running(1, starting, fired) | pending 1",
            .interactionBegan: "refused | running(1, starting, fired) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, starting, fired) | pending 1",
            .interactionEndedOther: "ignored | running(1, starting, fired) | pending 1",
            .pendingRemoved: "removed [2] | running(1, starting, fired) | pending 0",
        ],
        .waitingArmed: [
            .enqueue3: "wait | running(1, waiting, timer 1) | pending 2",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "finished → start(2) | running(2, starting) | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, timer 1) | pending 1",
            .timerElapsedCurrent: "timedOut → start(2) | running(2, starting) | pending 0",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1) | pending 1",
            .armTimer: "arm(2) | running(1, waiting, timer 2) | pending 1",
            .disarmTimer: "disarm | running(1, waiting, no timer) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, timer 1) | pending 0",
            .cancelRunning: "cancelRunning | running(1, waiting, timer 1) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, timer 1) | pending 1",
            .interactionBegan: "refused | running(1, waiting, timer 1) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, waiting, timer 1) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, timer 1) | pending 0",
        ],
        .waitingUnarmed: [
            .enqueue3: "wait | running(1, waiting, no timer) | pending 2",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "finished → start(2) | running(2, starting) | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, no timer) | pending 1",
            .timerElapsedCurrent: "ignored | running(1, waiting, no timer) | pending 1",
            .timerElapsedStale: "ignored | running(1, waiting, no timer) | pending 1",
            .armTimer: "arm(1) | running(1, waiting, timer 1) | pending 1",
            .disarmTimer: "disarm | running(1, waiting, no timer) | pending 1",
            .cancelPending: "removed(2) | running(1, waiting, no timer) | pending 0",
            .cancelRunning: "cancelRunning | running(1, waiting, no timer) | pending 1",
            .cancelUnknown: "ignored | running(1, waiting, no timer) | pending 1",
            .interactionBegan: "refused | running(1, waiting, no timer) | pending 1",
            .interactionEndedCurrent: "ignored | running(1, waiting, no timer) | pending 1",
            .interactionEndedOther: "ignored | running(1, waiting, no timer) | pending 1",
            .pendingRemoved: "removed [2] | running(1, waiting, no timer) | pending 0",
        ],
        .interacting: [
            .enqueue3: "wait | interacting(5) | pending 2",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "ignored | interacting(5) | pending 1",
            .valveFiredOther: "ignored | interacting(5) | pending 1",
            .timerElapsedCurrent: "ignored | interacting(5) | pending 1",
            .timerElapsedStale: "ignored | interacting(5) | pending 1",
            .armTimer: "ignored | interacting(5) | pending 1",
            .disarmTimer: "ignored | interacting(5) | pending 1",
            .cancelPending: "removed(2) | interacting(5) | pending 0",
            .cancelRunning: "ignored | interacting(5) | pending 1",
            .cancelUnknown: "ignored | interacting(5) | pending 1",
            .interactionBegan: "refused | interacting(5) | pending 1",
            .interactionEndedCurrent: "ended → start(2) | running(2, starting) | pending 0",
            .interactionEndedOther: "ignored | interacting(5) | pending 1",
            .pendingRemoved: "removed [2] | interacting(5) | pending 0",
        ],
        .startingAlone: [
            .enqueue3: "wait | running(1, starting) | pending 1",
            .bodyReturnedDone: "finished → idle | open | pending 0",
            .bodyReturnedWaitArmed: "armTimer(1) | running(1, waiting, timer 1) | pending 0",
            .bodyReturnedWaitUnarmed: "waitWithoutTimer | running(1, waiting, no timer) | pending 0",
            .valveFiredRunning: "recorded | running(1, starting, fired) | pending 0",
            .valveFiredOther: "ignored | running(1, starting) | pending 0",
            .timerElapsedCurrent: "ignored | running(1, starting) | pending 0",
            .timerElapsedStale: "ignored | running(1, starting) | pending 0",
            .armTimer: "ignored | running(1, starting) | pending 0",
            .disarmTimer: "ignored | running(1, starting) | pending 0",
            .cancelPending: "ignored | running(1, starting) | pending 0",
            .cancelRunning: "cancelRunning | running(1, starting) | pending 0",
            .cancelUnknown: "ignored | running(1, starting) | pending 0",
            .interactionBegan: "refused | running(1, starting) | pending 0",
            .interactionEndedCurrent: "ignored | running(1, starting) | pending 0",
            .interactionEndedOther: "ignored | running(1, starting) | pending 0",
            .pendingRemoved: "removed [] | running(1, starting) | pending 0",
        ],
        .waitingAlone: [
            .enqueue3: "wait | running(1, waiting, timer 1) | pending 1",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "finished → idle | open | pending 0",
            .valveFiredOther: "ignored | running(1, waiting, timer 1) | pending 0",
            .timerElapsedCurrent: "timedOut → idle | open | pending 0",
            .timerElapsedStale: "ignored | running(1, waiting, timer 1) | pending 0",
            .armTimer: "arm(2) | running(1, waiting, timer 2) | pending 0",
            .disarmTimer: "disarm | running(1, waiting, no timer) | pending 0",
            .cancelPending: "ignored | running(1, waiting, timer 1) | pending 0",
            .cancelRunning: "cancelRunning | running(1, waiting, timer 1) | pending 0",
            .cancelUnknown: "ignored | running(1, waiting, timer 1) | pending 0",
            .interactionBegan: "refused | running(1, waiting, timer 1) | pending 0",
            .interactionEndedCurrent: "ignored | running(1, waiting, timer 1) | pending 0",
            .interactionEndedOther: "ignored | running(1, waiting, timer 1) | pending 0",
            .pendingRemoved: "removed [] | running(1, waiting, timer 1) | pending 0",
        ],
        .interactingAlone: [
            .enqueue3: "wait | interacting(5) | pending 1",
            .bodyReturnedDone: nil, .bodyReturnedWaitArmed: nil, .bodyReturnedWaitUnarmed: nil,
            .valveFiredRunning: "ignored | interacting(5) | pending 0",
            .valveFiredOther: "ignored | interacting(5) | pending 0",
            .timerElapsedCurrent: "ignored | interacting(5) | pending 0",
            .timerElapsedStale: "ignored | interacting(5) | pending 0",
            .armTimer: "ignored | interacting(5) | pending 0",
            .disarmTimer: "ignored | interacting(5) | pending 0",
            .cancelPending: "ignored | interacting(5) | pending 0",
            .cancelRunning: "ignored | interacting(5) | pending 0",
            .cancelUnknown: "ignored | interacting(5) | pending 0",
            .interactionBegan: "refused | interacting(5) | pending 0",
            .interactionEndedCurrent: "ended → idle | open | pending 0",
            .interactionEndedOther: "ignored | interacting(5) | pending 0",
            .pendingRemoved: "removed [] | interacting(5) | pending 0",
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

    @Test("a late completion after a time-out is ignored, and the next time-out is fresh")
    func lateCompletion() {
        var machine = Self.make(.waitingArmed)
        guard case .timedOut(.start(2, _)) = machine.timerElapsed(1, generation: 1) else {
            Issue.record("the armed time-out should time out")
            return
        }
        guard case .ignored = machine.valveFired(1) else {
            Issue.record("the late completion of 1 should be ignored")
            return
        }
        guard case .armTimer(let generation) = machine.bodyReturned(2, waits: true) else {
            Issue.record("operation 2 should wait")
            return
        }
        #expect(generation == 2)
        guard case .ignored = machine.timerElapsed(2, generation: 1) else {
            Issue.record("operation 1's stale timer must not time 2 out")
            return
        }
    }

    @Test("operations start in the order they were queued")
    func fifo() {
        var machine = Machine()
        _ = machine.enqueued(1, 1)
        for id in 2...50 as ClosedRange<UInt64> { _ = machine.enqueued(id, Int(id)) }
        var started: [UInt64] = [1]
        var next = machine.bodyReturned(1, waits: false)
        while case .finished(.start(let id, _)) = next {
            started.append(id)
            next = machine.bodyReturned(id, waits: false)
        }
        #expect(started == Array(1...50))
        #expect(machine.valve == .open)
    }
}
