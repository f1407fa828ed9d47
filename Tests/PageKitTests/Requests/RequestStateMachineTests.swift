@testable import PageKit
import Testing

/// The request's life, event by event, with no navigator, no queue and no clock: each
/// test feeds the machine what happened and checks what it says to do next.
@MainActor
@Suite("A request's state machine", .timeLimit(.minutes(10)))
struct RequestStateMachineTests {
    typealias Machine = RequestStateMachine
    typealias Action = RequestStateMachine.Action

    static let settings = try! PagePath(parsing: "/tab#settings")
    static let current = try! PagePath(parsing: "/tab#contact/list")
    static let login = try! PagePath(parsing: "/tab!login")

    static func machine(_ target: NavigationTarget = .path(settings), maxRedirects: Int = 5,
                        payload: (any Sendable)? = nil) -> Machine {
        Machine(requested: RequestedTarget(target), mode: .reuse, source: .app, payload: payload, maxRedirects: maxRedirects)
    }

    static func plan(steps: Int, to path: PagePath = settings) -> NavigationPlan {
        let page = PlainPageForMachine()
        let steps = Array(repeating: NavigationPlan.Step.select(PageReference(live: page), in: PageReference(live: page)),
                          count: steps)
        return NavigationPlan(destination: SharedPath(path), mode: .reuse, steps: steps, newComponents: [],
                              target: PageReference(new: PageComponent("settings"), index: 0))
    }

    /// A short name for an action, for assertions.
    static func name(_ action: Action) -> String {
        switch action {
        case .plan(let target): "plan(\(target))"
        case .askGuard(let index, let request): "askGuard(\(index), to: \(request.to))"
        case .askToLeave(_, let request): "askToLeave(to: \(request.to))"
        case .makePages: "makePages"
        case .startLoads(let event): "startLoads(\(name(event.kind)))"
        case .endLoads(let event, let then): "endLoads(\(name(event.kind))) then \(name(then))"
        case .announce(let event, let then): "announce(\(name(event.kind))) then \(name(then))"
        case .runStep(let index, _, _): "runStep(\(index))"
        case .finish(let givingIntent): givingIntent ? "finish(intent)" : "finish"
        case .fireValve: "fireValve"
        case .failValve(let error): "failValve(\(error.code))"
        case .complete(_, let dropping, let event): "complete(dropping \(dropping), \(name(event.kind)))"
        case .abandon(let error, _, let event): "abandon(\(error.code), \(name(event.kind)))"
        case .detour(let path): "detour(\(path))"
        case .enqueue: "enqueue"
        case .ignore(let late): "ignore(\(late))"
        case .none: "none"
        }
    }

    static func name(_ kind: NavigationEvent.Kind) -> String {
        switch kind {
        case .willStart: "willStart"
        case .didFinish: "didFinish"
        case .failed(let error): "failed(\(error.code))"
        case .cancelled: "cancelled"
        case .changed(let change): "changed(\(change.kind))"
        case .loadStarted(let components):
            "loadStarted(\(components.map { PageReference.describe(name: $0.name, parameters: $0.parameters) }.joined(separator: ", ")))"
        case .loadEnded: "loadEnded"
        }
    }

    static let noLeavers: [Machine.Leaver] = []
    static let gone = NavigationError(.cancelled, reason: "the queue's own error, which the request's replaces")

    @Test("without guards: plan, make pages, announce, run each step, finish, fire, complete")
    func happyPath() {
        var machine = Self.machine()
        #expect(Self.name(machine.started(from: SharedPath(Self.current), fromPath: Self.current, guardCount: 0))
            == "plan(/tab#settings)")
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 2)), leavers: Self.noLeavers)) == "makePages")
        #expect(Self.name(machine.pagesMade(.success(()))) == "announce(willStart) then runStep(0)")
        #expect(Self.name(machine.stepEnded(.success(()))) == "runStep(1)")
        #expect(Self.name(machine.stepEnded(.success(()))) == "finish")
        #expect(Self.name(machine.finished(at: SharedPath(Self.settings), target: nil)) == "fireValve")
        #expect(Self.name(machine.queueEnded(.success(()), current: SharedPath())) == "complete(dropping 0, didFinish)")
        guard case .ended = machine.state else { return #expect(Bool(false), "the request is over") }
        #expect(Self.name(machine.stepEnded(.success(()))) == "ignore(stepEnd)", "a late completion does nothing")
    }

    @Test("a plan whose path goes on inside a page it makes: planned again, absolute and in its mode, announced once, and the outcome holds both plans")
    func continuesInside() throws {
        let relative = try PagePath(parsing: ".!picker#recent")
        let inside = try PagePath(parsing: "/tab#contact/list!picker#recent")
        var machine = Self.machine(.path(relative))
        _ = machine.started(from: SharedPath(Self.current), fromPath: Self.current, guardCount: 0)
        let page = PlainPageForMachine()
        let first = NavigationPlan(destination: SharedPath(inside), mode: .exact,
                                   steps: [.present([PageReference(new: PageComponent("picker"), index: 0)], inNewStack: false,
                                                    from: PageReference(live: page), style: .default)],
                                   newComponents: [PageComponent("picker")],
                                   target: PageReference(new: PageComponent("picker"), index: 0),
                                   continuation: NavigationPlan.Continuation(shownBefore: nil))
        #expect(Self.name(machine.planned(.success(first), leavers: Self.noLeavers)) == "makePages")
        #expect(Self.name(machine.pagesMade(.success(()))) == "announce(willStart) then runStep(0)")
        let again = machine.stepEnded(.success(()))
        guard case .plan(let target) = again else { return #expect(Bool(false), "planned again: \(Self.name(again))") }
        #expect(target.target.description == inside.description, "the path the first plan led to, not the relative one")
        #expect(target.mode == .exact)
        let second = NavigationPlan(destination: SharedPath(inside), mode: .exact,
                                    steps: [.select(PageReference(live: page), in: PageReference(live: page))],
                                    newComponents: [], target: PageReference(live: page))
        #expect(Self.name(machine.planned(.success(second), leavers: Self.noLeavers)) == "makePages")
        #expect(Self.name(machine.pagesMade(.success(()))) == "runStep(0)", "willStart is announced once")
        // The page it ends at was made by the container, not by a factory of the registry:
        // it is told its intent as a page revealed is.
        #expect(Self.name(machine.stepEnded(.success(()))) == "finish(intent)")
        _ = machine.finished(at: SharedPath(inside), target: page)
        guard case .succeeding(let outcome) = machine.state else { return #expect(Bool(false), "succeeding") }
        #expect(outcome.plan.steps.count == 2)
        #expect(outcome.plan.newComponents.map(\.name) == ["picker"])

        // A plan that keeps going on inside pages it made, more times than its path has
        // components, fails.
        var endless = Self.machine(.path(inside))
        _ = endless.started(from: SharedPath(Self.current), fromPath: Self.current, guardCount: 0)
        var last = Action.none
        for _ in 0...inside.components.count {
            _ = endless.planned(.success(first), leavers: Self.noLeavers)
            _ = endless.pagesMade(.success(()))
            last = endless.stepEnded(.success(()))
        }
        #expect(Self.name(last) == "failValve(cannotShow)")
    }

    @Test("a plan with no step is announced and finishes at once")
    func emptyPlan() {
        var machine = Self.machine()
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = machine.planned(.success(Self.plan(steps: 0)), leavers: Self.noLeavers)
        #expect(Self.name(machine.pagesMade(.success(()))) == "announce(willStart) then finish")
    }

    @Test("guards are asked in order; a refusal fails before anything is planned, with the request's error")
    func refusingGuard() {
        var machine = Self.machine()
        #expect(Self.name(machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 2))
            == "askGuard(0, to: /tab#settings)")
        #expect(Self.name(machine.guardAnswered(.allow)) == "askGuard(1, to: /tab#settings)")
        #expect(Self.name(machine.guardAnswered(.refuse(reason: "locked"))) == "failValve(refused)")
        #expect(Self.name(machine.queueEnded(.failure(Self.gone), current: SharedPath())) == "abandon(refused, failed(refused))")
    }

    @Test("a redirect is asked of every guard again; a loop or too many redirects fail")
    func redirects() {
        var machine = Self.machine()
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 2)
        #expect(Self.name(machine.guardAnswered(.redirect(to: Self.login))) == "askGuard(0, to: /tab!login)")
        #expect(Self.name(machine.guardAnswered(.allow)) == "askGuard(1, to: /tab!login)")
        #expect(Self.name(machine.guardAnswered(.allow)) == "plan(/tab!login)")

        var looping = Self.machine()
        _ = looping.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        _ = looping.guardAnswered(.redirect(to: Self.login))
        #expect(Self.name(looping.guardAnswered(.redirect(to: Self.settings))) == "failValve(redirectLoop)")

        var bounded = Self.machine(maxRedirects: 1)
        _ = bounded.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        _ = bounded.guardAnswered(.redirect(to: Self.login))
        #expect(Self.name(bounded.guardAnswered(.redirect(to: try! PagePath(parsing: "/tab#feed"))))
            == "failValve(redirectLoop)")
    }

    @Test("a detour ends the turn without ending the request; ok requeues it and the guards are asked again")
    func detours() {
        var machine = Self.machine()
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        #expect(Self.name(machine.guardAnswered(.detour(to: Self.login))) == "detour(/tab!login)")
        #expect(Self.name(machine.queueEnded(.success(()), current: SharedPath())) == "none",
                "the turn ends on purpose; the request waits")
        #expect(Self.name(machine.detourEnded(ok: true)) == "enqueue")
        #expect(Self.name(machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 1))
            == "askGuard(0, to: /tab#settings)")
        #expect(Self.name(machine.guardAnswered(.allow)) == "plan(/tab#settings)")

        var declined = Self.machine()
        _ = declined.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        _ = declined.guardAnswered(.detour(to: Self.login))
        #expect(Self.name(declined.detourEnded(ok: false)) == "abandon(cancelled, cancelled)")
        #expect(Self.name(declined.detourEnded(ok: true)) == "ignore(detourEnd)", "a late answer is ignored")

        var cancelled = Self.machine()
        _ = cancelled.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        _ = cancelled.guardAnswered(.detour(to: Self.login))
        #expect(Self.name(cancelled.cancelRequested()) == "abandon(cancelled, cancelled)")
        #expect(Self.name(cancelled.detourEnded(ok: true)) == "ignore(detourEnd)")

        var bounded = Self.machine(maxRedirects: 1)
        _ = bounded.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        _ = bounded.guardAnswered(.detour(to: Self.login))
        _ = bounded.detourEnded(ok: true)
        _ = bounded.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        #expect(Self.name(bounded.guardAnswered(.detour(to: Self.login))) == "failValve(redirectLoop)")
    }

    @Test("a move with guards is planned first to learn where it leads, then planned again")
    func moveWithGuards() {
        var machine = Self.machine(.move(.pop(1)))
        #expect(Self.name(machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)) == "plan(pop(1))")
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: Self.noLeavers))
            == "askGuard(0, to: /tab#settings)")
        #expect(Self.name(machine.guardAnswered(.allow)) == "plan(pop(1))")
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: Self.noLeavers)) == "makePages")
    }

    @Test("leavers are asked one at a time, then the request is planned again; a refusal fails it")
    func leaving() {
        let pages = [PlainPageForMachine(), PlainPageForMachine()]
        let a = Machine.Leaver(id: ObjectIdentifier(pages[0]), description: "a")
        let b = Machine.Leaver(id: ObjectIdentifier(pages[1]), description: "b")
        defer { withExtendedLifetime(pages) {} }
        var machine = Self.machine()
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [a, b])) == "askToLeave(to: /tab#settings)")
        #expect(Self.name(machine.leaveAnswered(true)) == "askToLeave(to: /tab#settings)")
        #expect(Self.name(machine.leaveAnswered(true)) == "plan(/tab#settings)")
        // Planned again: the pages that agreed are not asked twice.
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [a, b])) == "makePages")

        var refused = Self.machine()
        _ = refused.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = refused.planned(.success(Self.plan(steps: 1)), leavers: [a])
        #expect(Self.name(refused.leaveAnswered(false)) == "failValve(refused)")
    }

    @Test("cancelled while it waits for a guard or a page, it ends at once; while steps run, before the next")
    func cancellation() {
        var guarding = Self.machine()
        _ = guarding.started(from: SharedPath(), fromPath: Self.current, guardCount: 1)
        #expect(Self.name(guarding.cancelRequested()) == "failValve(cancelled)")
        #expect(Self.name(guarding.guardAnswered(.allow)) == "ignore(guardAnswer)", "the guard's late answer is ignored")
        #expect(Self.name(guarding.queueEnded(.failure(Self.gone), current: SharedPath())) == "abandon(cancelled, cancelled)")

        var running = Self.machine()
        _ = running.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = running.planned(.success(Self.plan(steps: 3)), leavers: Self.noLeavers)
        _ = running.pagesMade(.success(()))
        #expect(Self.name(running.cancelRequested()) == "none", "a step on screen is never cut short")
        #expect(Self.name(running.stepEnded(.success(()))) == "failValve(cancelled)")

        var late = Self.machine()
        _ = late.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = late.planned(.success(Self.plan(steps: 1)), leavers: Self.noLeavers)
        _ = late.pagesMade(.success(()))
        _ = late.cancelRequested()
        #expect(Self.name(late.stepEnded(.success(()))) == "finish", "every step ran: it is done")
    }

    @Test("a step that fails, a factory that throws, a plan that cannot be made: each fails the request")
    func failures() {
        var step = Self.machine()
        _ = step.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = step.planned(.success(Self.plan(steps: 2)), leavers: Self.noLeavers)
        _ = step.pagesMade(.success(()))
        #expect(Self.name(step.stepEnded(.failure(NavigationError(.staleHierarchy, reason: "moved")))) == "failValve(staleHierarchy)")

        var factory = Self.machine()
        _ = factory.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = factory.planned(.success(Self.plan(steps: 1)), leavers: Self.noLeavers)
        #expect(Self.name(factory.pagesMade(.failure(NavigationError(.factoryFailed, reason: "threw")))) == "failValve(factoryFailed)")

        var planning = Self.machine()
        _ = planning.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        #expect(Self.name(planning.planned(.failure(NavigationError(.cannotShow, reason: "no")), leavers: Self.noLeavers))
            == "failValve(cannotShow)")
    }

    @Test("the queue's own failures end a running request: a time-out, a cancellation before its turn")
    func queueFailures() {
        var timedOut = Self.machine()
        _ = timedOut.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = timedOut.planned(.success(Self.plan(steps: 2)), leavers: Self.noLeavers)
        _ = timedOut.pagesMade(.success(()))
        #expect(Self.name(timedOut.queueEnded(.failure(NavigationError(.timedOut, reason: "slow")), current: SharedPath()))
            == "abandon(timedOut, failed(timedOut))")
        #expect(Self.name(timedOut.stepEnded(.success(()))) == "ignore(stepEnd)", "the late end of the step is ignored")

        var waiting = Self.machine()
        let action = waiting.queueEnded(.failure(NavigationError(.cancelled, reason: "before its turn")),
                                        current: SharedPath(Self.current))
        #expect(Self.name(action) == "abandon(cancelled, cancelled)")
        if case .abandon(let error, _, let event) = action {
            #expect(error.path == "/tab#settings", "the error names the request")
            #expect(event.from == Self.current, "the event says where the app was")
        }
    }

    @Test("a live page the request ends at is told its intent, with the payload; back(n) drops n + 1 entries")
    func intentAndHistory() {
        var machine = Self.machine(.move(.back(2)), payload: 7)
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        let page = PlainPageForMachine()
        let plan = NavigationPlan(destination: SharedPath(Self.settings), mode: .exact, steps: [], newComponents: [],
                                  target: PageReference(live: page))
        _ = machine.planned(.success(plan), leavers: Self.noLeavers)
        let action = machine.pagesMade(.success(()))
        #expect(Self.name(action) == "announce(willStart) then finish(intent)")
        let intent = machine.intentForTarget()
        #expect(intent?.component.name == "settings")
        #expect(intent?.payload(as: Int.self) == 7)
        _ = machine.finished(at: SharedPath(Self.settings), target: page)
        #expect(Self.name(machine.queueEnded(.success(()), current: SharedPath())) == "complete(dropping 3, didFinish)")
    }

    @Test("the intent is made when the driver asks, while finishing, and none for a page the plan makes")
    func intentOnlyWhileFinishing() {
        var machine = Self.machine(payload: 3)
        _ = machine.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        _ = machine.planned(.success(Self.plan(steps: 1)), leavers: Self.noLeavers)
        #expect(machine.intentForTarget() == nil, "not finishing yet")
        _ = machine.pagesMade(.success(()))
        #expect(Self.name(machine.stepEnded(.success(()))) == "finish")
        #expect(machine.intentForTarget() == nil, "a page made gets its intent from its factory")

        var live = Self.machine(payload: 3)
        _ = live.started(from: SharedPath(), fromPath: Self.current, guardCount: 0)
        let page = PlainPageForMachine()
        _ = live.planned(.success(NavigationPlan(destination: SharedPath(Self.settings), mode: .reuse, steps: [],
                                                 newComponents: [], target: PageReference(live: page))),
                         leavers: Self.noLeavers)
        #expect(live.intentForTarget() == nil, "not finishing yet")
        #expect(Self.name(live.pagesMade(.success(()))) == "announce(willStart) then finish(intent)")
        #expect(live.intentForTarget()?.path == Self.settings)
        #expect(live.intentForTarget()?.payload(as: Int.self) == 3)
        _ = live.finished(at: SharedPath(Self.settings), target: page)
        #expect(live.intentForTarget() == nil, "finished")
    }

    @Test("loads come before leavers are asked; each plan made again may load again, up to a bound")
    func loadingRounds() {
        var machine = Self.machine()
        let person = PageComponent("person")
        let leaver = Machine.Leaver(id: ObjectIdentifier(PlainPageForMachine.self), description: "form")
        _ = machine.started(from: SharedPath(Self.current), fromPath: Self.current, guardCount: 0)
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver], loads: [person]))
            == "startLoads(loadStarted(person))", "nobody is asked to leave before the loads")
        for round in 2...Machine.maxLoadRounds {
            #expect(Self.name(machine.loadsFinished(.success(()))) == "endLoads(loadEnded) then plan(/tab#settings)")
            #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver], loads: [person]))
                == "startLoads(loadStarted(person))", "round \(round)")
        }
        #expect(Self.name(machine.loadsFinished(.success(()))) == "endLoads(loadEnded) then plan(/tab#settings)")
        let action = machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver], loads: [person])
        #expect(Self.name(action) == "failValve(loadFailed)")
        if case .failValve(let error) = action {
            #expect(error.description == "cannot open `/tab#settings` at `person`: the hierarchy changed during 3 rounds "
                + "of loading, and `person` still needed loading")
        }
    }

    @Test("with its loads done, the plan made again asks its leavers, then makes its pages")
    func loadsThenLeavers() {
        var machine = Self.machine()
        let leaver = Machine.Leaver(id: ObjectIdentifier(PlainPageForMachine.self), description: "form")
        _ = machine.started(from: SharedPath(Self.current), fromPath: Self.current, guardCount: 0)
        _ = machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver], loads: [PageComponent("person")])
        _ = machine.loadsFinished(.success(()))
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver])) == "askToLeave(to: /tab#settings)")
        #expect(Self.name(machine.leaveAnswered(true)) == "plan(/tab#settings)")
        #expect(Self.name(machine.planned(.success(Self.plan(steps: 1)), leavers: [leaver])) == "makePages")
    }
}

/// A page for building plans in these tests.
@MainActor
final class PlainPageForMachine: Page {
    var pageName: String { "plain" }
}
