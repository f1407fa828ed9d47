@testable import PageKit
import Testing

/// The request machine's states, each reached by a fixed sequence of events.
enum RequestState: String, CaseIterable, Codable, Sendable {
    case held, queued, locating, guarding, planning, loading, confirming, making, running, finishing
    case succeeding, failing, detouring, ended
}

/// Every event the request machine takes.
enum RequestEvent: String, CaseIterable, Codable, Sendable {
    case rootInstalled, cancelRequested, navigatorGone, started, guardAllowed, detourOK, planned, leaveAllowed
    case pagesMade, stepEnded, finished, queueSucceeded, queueFailed
    case plannedWithLoads, loadsFinished, loadFailed, loadTimedOut, superseded, answerTimedOut
}

/// Every event in every state of the request machine, as a table: the action and the
/// state after, or `traps` where the event cannot come in that state (the machine stops,
/// naming both; exit tests check it really does).
@MainActor
@Suite("The request's state machine, event by event in every state", .timeLimit(.minutes(10)))
struct RequestStateMachineTableTests {
    typealias Machine = RequestStateMachine

    static let settings = try! PagePath(parsing: "/tab#settings")
    static let current = try! PagePath(parsing: "/tab#contact/list")
    static let page = PlainPageForMachine()
    static let person = PageComponent("person", parameters: ["id": "5"])

    static func plan(steps: Int) -> NavigationPlan {
        RequestStateMachineTests.plan(steps: steps)
    }

    /// A machine in `state`.
    static func make(_ state: RequestState) -> Machine {
        let guarded: Set<RequestState> = [.guarding, .failing, .detouring, .ended, .locating]
        let target: NavigationTarget = state == .locating ? .move(.pop(1)) : .path(settings)
        var machine = Machine(requested: RequestedTarget(target), mode: .reuse, source: .app, payload: nil, maxRedirects: 5,
                              held: state == .held)
        guard state != .held, state != .queued else { return machine }
        _ = machine.started(from: SharedPath(current), fromPath: current, guardCount: guarded.contains(state) ? 1 : 0)
        switch state {
        case .held, .queued, .locating, .guarding, .planning:
            break
        case .loading:
            _ = machine.planned(.success(plan(steps: 1)), leavers: [], loads: [person])
        case .confirming:
            _ = machine.planned(.success(plan(steps: 1)),
                                leavers: [Machine.Leaver(id: ObjectIdentifier(page), description: "plain")])
        case .making:
            _ = machine.planned(.success(plan(steps: 1)), leavers: [])
        case .running, .finishing, .succeeding:
            _ = machine.planned(.success(plan(steps: 1)), leavers: [])
            _ = machine.pagesMade(.success(()))
            if state != .running { _ = machine.stepEnded(.success(())) }
            if state == .succeeding { _ = machine.finished(at: SharedPath(settings), target: nil) }
        case .failing, .ended:
            _ = machine.guardAnswered(.refuse(reason: "no"))
            if state == .ended { _ = machine.queueEnded(.failure(NavigationError(.refused, reason: "no")), current: SharedPath()) }
        case .detouring:
            _ = machine.guardAnswered(.detour(to: current))
        }
        return machine
    }

    /// Applies `event`; the action's short name and the state after.
    static func apply(_ event: RequestEvent, to machine: inout Machine) -> String {
        let action: Machine.Action = switch event {
        case .rootInstalled: machine.rootInstalled()
        case .cancelRequested: machine.cancelRequested()
        case .navigatorGone: machine.navigatorGone()
        case .started: machine.started(from: SharedPath(), fromPath: current, guardCount: 0)
        case .guardAllowed: machine.guardAnswered(.allow)
        case .detourOK: machine.detourEnded(ok: true)
        case .planned: machine.planned(.success(plan(steps: 1)), leavers: [])
        case .leaveAllowed: machine.leaveAnswered(true)
        case .pagesMade: machine.pagesMade(.success(()))
        case .stepEnded: machine.stepEnded(.success(()))
        case .finished: machine.finished(at: SharedPath(settings), target: nil)
        case .queueSucceeded: machine.queueEnded(.success(()), current: SharedPath())
        case .queueFailed: machine.queueEnded(.failure(NavigationError(.timedOut, reason: "late")), current: SharedPath())
        case .plannedWithLoads: machine.planned(.success(plan(steps: 1)), leavers: [], loads: [person])
        case .loadsFinished: machine.loadsFinished(.success(()))
        case .loadFailed: machine.loadsFinished(.failure(NavigationError(.loadFailed, reason: "offline")))
        case .loadTimedOut: machine.loadTimedOut(after: .seconds(10), waitingFor: [person])
        case .superseded: machine.superseded(by: "`\(current)`")
        case .answerTimedOut: machine.answerTimedOut(after: .seconds(60))
        }
        return "\(RequestStateMachineTests.name(action)) → \(name(machine.state))"
    }

    static func name(_ state: Machine.State) -> String {
        switch state {
        case .held: "held"
        case .queued: "queued"
        case .locating: "locating"
        case .guarding(_, let index): "guarding(\(index))"
        case .planning: "planning"
        case .loading: "loading"
        case .confirming(_, _, _, let index): "confirming(\(index))"
        case .making: "making"
        case .running(_, _, let index, let cancelling): "running(\(index)\(cancelling ? ", cancelling" : ""))"
        case .finishing: "finishing"
        case .succeeding: "succeeding"
        case .failing(let error, _, _): "failing(\(error.code))"
        case .detouring: "detouring"
        case .ended: "ended"
        }
    }

    nonisolated static let traps = "traps"

    /// Every cell: the action and the state after, or ``traps``.
    nonisolated static let table: [RequestState: [RequestEvent: String]] = [
        .held: [
            .rootInstalled: "enqueue → queued",
            .cancelRequested: "abandon(cancelled, cancelled) → ended",
            .navigatorGone: "abandon(cancelled, cancelled) → ended",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → held",
            .answerTimedOut: "traps",
        ],
        .queued: [
            .rootInstalled: "none → queued",
            .cancelRequested: "none → queued",
            .navigatorGone: "abandon(cancelled, cancelled) → ended",
            .started: "plan(/tab#settings) → planning",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → queued",
            .answerTimedOut: "traps",
        ],
        .locating: [
            .rootInstalled: "none → locating",
            .cancelRequested: "failValve(cancelled) → failing(cancelled)",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "askGuard(0, to: /tab#settings) → guarding(0)",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "askGuard(0, to: /tab#settings) → guarding(0)",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → locating",
            .answerTimedOut: "traps",
        ],
        .guarding: [
            .rootInstalled: "none → guarding(0)",
            .cancelRequested: "failValve(cancelled) → failing(cancelled)",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "plan(/tab#settings) → planning",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → guarding(0)",
            .answerTimedOut: "failValve(answerTimedOut) → failing(answerTimedOut)",
        ],
        .planning: [
            .rootInstalled: "none → planning",
            .cancelRequested: "none → planning",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "makePages → making",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "startLoads(loadStarted(person(id=5))) → loading",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → planning",
            .answerTimedOut: "traps",
        ],
        .loading: [
            .rootInstalled: "none → loading",
            .cancelRequested: "endLoads(loadEnded) then failValve(cancelled) → failing(cancelled)",
            .navigatorGone: "endLoads(loadEnded) then failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "endLoads(loadEnded) then abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "endLoads(loadEnded) then plan(/tab#settings) → planning",
            .loadFailed: "endLoads(loadEnded) then failValve(loadFailed) → failing(loadFailed)",
            .loadTimedOut: "endLoads(loadEnded) then failValve(loadTimedOut) → failing(loadTimedOut)",
            .superseded: "endLoads(loadEnded) then failValve(cancelled) → failing(cancelled)",
            .answerTimedOut: "traps",
        ],
        .confirming: [
            .rootInstalled: "none → confirming(0)",
            .cancelRequested: "failValve(cancelled) → failing(cancelled)",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "plan(/tab#settings) → planning",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → confirming(0)",
            .answerTimedOut: "failValve(answerTimedOut) → failing(answerTimedOut)",
        ],
        .making: [
            .rootInstalled: "none → making",
            .cancelRequested: "none → making",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "announce(willStart) then runStep(0) → running(0)",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → making",
            .answerTimedOut: "traps",
        ],
        .running: [
            .rootInstalled: "none → running(0)",
            .cancelRequested: "none → running(0, cancelling)",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "finish → finishing",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → running(0)",
            .answerTimedOut: "traps",
        ],
        .finishing: [
            .rootInstalled: "none → finishing",
            .cancelRequested: "none → finishing",
            .navigatorGone: "failValve(cancelled) → failing(cancelled)",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "traps",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "fireValve → succeeding",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → finishing",
            .answerTimedOut: "traps",
        ],
        .succeeding: [
            .rootInstalled: "none → succeeding",
            .cancelRequested: "none → succeeding",
            .navigatorGone: "none → succeeding",
            .started: "traps",
            .guardAllowed: "ignore(guardAnswer) → succeeding",
            .detourOK: "ignore(detourEnd) → succeeding",
            .planned: "traps",
            .leaveAllowed: "ignore(leaveAnswer) → succeeding",
            .pagesMade: "traps",
            .stepEnded: "ignore(stepEnd) → succeeding",
            .finished: "traps",
            .queueSucceeded: "complete(dropping 0, didFinish) → ended",
            .queueFailed: "abandon(timedOut, failed(timedOut)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "ignore(loadEnd) → succeeding",
            .loadFailed: "ignore(loadEnd) → succeeding",
            .loadTimedOut: "ignore(loadTimeout) → succeeding",
            .superseded: "none → succeeding",
            .answerTimedOut: "ignore(answerTimeout) → succeeding",
        ],
        .failing: [
            .rootInstalled: "none → failing(refused)",
            .cancelRequested: "none → failing(refused)",
            .navigatorGone: "none → failing(refused)",
            .started: "traps",
            .guardAllowed: "ignore(guardAnswer) → failing(refused)",
            .detourOK: "ignore(detourEnd) → failing(refused)",
            .planned: "traps",
            .leaveAllowed: "ignore(leaveAnswer) → failing(refused)",
            .pagesMade: "traps",
            .stepEnded: "ignore(stepEnd) → failing(refused)",
            .finished: "traps",
            .queueSucceeded: "traps",
            .queueFailed: "abandon(refused, failed(refused)) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "ignore(loadEnd) → failing(refused)",
            .loadFailed: "ignore(loadEnd) → failing(refused)",
            .loadTimedOut: "ignore(loadTimeout) → failing(refused)",
            .superseded: "none → failing(refused)",
            .answerTimedOut: "ignore(answerTimeout) → failing(refused)",
        ],
        .detouring: [
            .rootInstalled: "none → detouring",
            .cancelRequested: "abandon(cancelled, cancelled) → ended",
            .navigatorGone: "abandon(cancelled, cancelled) → ended",
            .started: "traps",
            .guardAllowed: "traps",
            .detourOK: "enqueue → queued",
            .planned: "traps",
            .leaveAllowed: "traps",
            .pagesMade: "traps",
            .stepEnded: "traps",
            .finished: "traps",
            .queueSucceeded: "none → detouring",
            .queueFailed: "none → detouring",
            .plannedWithLoads: "traps",
            .loadsFinished: "traps",
            .loadFailed: "traps",
            .loadTimedOut: "traps",
            .superseded: "none → detouring",
            .answerTimedOut: "traps",
        ],
        .ended: [
            .rootInstalled: "none → ended",
            .cancelRequested: "none → ended",
            .navigatorGone: "none → ended",
            .started: "traps",
            .guardAllowed: "ignore(guardAnswer) → ended",
            .detourOK: "ignore(detourEnd) → ended",
            .planned: "traps",
            .leaveAllowed: "ignore(leaveAnswer) → ended",
            .pagesMade: "traps",
            .stepEnded: "ignore(stepEnd) → ended",
            .finished: "traps",
            .queueSucceeded: "ignore(queueEnd) → ended",
            .queueFailed: "ignore(queueEnd) → ended",
            .plannedWithLoads: "traps",
            .loadsFinished: "ignore(loadEnd) → ended",
            .loadFailed: "ignore(loadEnd) → ended",
            .loadTimedOut: "ignore(loadTimeout) → ended",
            .superseded: "none → ended",
            .answerTimedOut: "ignore(answerTimeout) → ended",
        ],
    ]

    @Test("every event in every state does what the table says", arguments: RequestState.allCases)
    func table(_ state: RequestState) {
        for event in RequestEvent.allCases {
            let expected = Self.table[state]?[event] ?? "?"
            guard expected != Self.traps else { continue }
            var machine = Self.make(state)
            let got = Self.apply(event, to: &machine)
            #expect(got == expected, "\(state) + \(event)")
        }
    }

    nonisolated static var trapCells: [(RequestState, RequestEvent)] {
        RequestState.allCases.flatMap { state in
            RequestEvent.allCases.filter { table[state]?[$0] == traps }.map { (state, $0) }
        }
    }

    #if compiler(>=6.2)
    @Test("an event that cannot come in a state stops the machine", arguments: trapCells)
    func traps(_ state: RequestState, _ event: RequestEvent) async {
        await #expect(processExitsWith: .failure) { [state, event] in
            await MainActor.run {
                var machine = Self.make(state)
                _ = Self.apply(event, to: &machine)
            }
        }
    }
    #endif
}
