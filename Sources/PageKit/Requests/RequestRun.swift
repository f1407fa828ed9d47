/// Carries out what a request's ``RequestStateMachine`` decides, during its turn in the
/// queue: it asks guards and pages, plans, makes pages, runs steps, and reports back.
/// It decides nothing.
@MainActor
final class RequestRun: TransitionLabeling {
    // Weak: a navigator let go by the app ends its requests rather than living for them.
    private weak var navigator: Navigator?
    private let request: NavigationRequest
    private var machine: RequestStateMachine
    private var guards: [NavigationGuard] = []
    private var valve: TransitionValve?
    /// The pages the plan made, by index; held only until the turn ends.
    private var made: [any Page] = []
    /// The pages the plan would remove that confirm leaving.
    private var leaving: [any LeaveConfirming] = []
    /// The visible chain read as the turn began, used by the first plan if nothing waited.
    private var route: Route?

    init(navigator: Navigator, request: NavigationRequest) {
        self.navigator = navigator
        self.request = request
        machine = RequestStateMachine(requested: request.target, mode: request.mode, source: request.source,
                                      payload: request.payload, keepsLeftPages: request.keepsLeftPages,
                                      maxRedirects: navigator.configuration.maxRedirects)
    }

    /// `open app://tab/settings`, or the move: how the queue names the request.
    var transitionLabel: String {
        switch request.target {
        case .path(let path)?: "open \(path)"
        case .move(let move)?: "\(move)"
        case nil: "open"
        }
    }

    /// Its turn came: the queue's operation body.
    func start(_ valve: TransitionValve) {
        self.valve = valve
        valve.onCancellation { [weak self] in
            guard let self else { return }
            self.perform(self.machine.cancelRequested())
        }
        guard let navigator else {
            return valve.fail(NavigationError(.cancelled, reason: "its navigator is gone"))
        }
        guards = navigator.activeGuards()
        let route = navigator.visibleRoute()
        self.route = route
        if let route { navigator.noticeUnreportedChange(route) }
        perform(machine.started(from: route?.path ?? SharedPath(), fromPath: route?.path.path ?? PagePath([]),
                                guardCount: guards.count))
    }

    /// The queue's turn is over, however it ended.
    func queueEnded(_ result: Result<Void, NavigationError>) {
        perform(machine.queueEnded(result, current: navigator?.visibleRoute()?.path ?? SharedPath()))
    }

    private func perform(_ first: RequestStateMachine.Action) {
        var action = first
        while true {
            guard let navigator else {
                return giveUp(action)
            }
            switch action {
            case .plan(let target):
                let result: Result<NavigationPlan, NavigationError>
                do {
                    result = .success(try navigator.makePlan(for: target, request: request, visible: route))
                } catch {
                    result = .failure(NavigationError(wrapping: error))
                }
                route = nil
                leaving = []
                if case .success(let plan) = result {
                    leaving = navigator.leavingPages(of: plan)
                }
                let leavers = leaving.map { RequestStateMachine.Leaver(id: ObjectIdentifier($0), description: $0.pageDescription) }
                action = machine.planned(result, leavers: leavers)
            case .askGuard(let index, let guardRequest):
                valve?.suspendTimeout()
                let decide = guards[index]
                Task { [weak self] in
                    let decision = await decide(guardRequest)
                    guard let self else { return }
                    self.perform(self.machine.guardAnswered(decision))
                }
                return
            case .askToLeave(let id, let leaveRequest):
                valve?.suspendTimeout()
                guard let page = leaving.first(where: { ObjectIdentifier($0) == id }) else {
                    preconditionFailure("a leaver the plan did not list")
                }
                Task { [weak self] in
                    let allowed = await page.canLeave(leaveRequest)
                    guard let self else { return }
                    self.perform(self.machine.leaveAnswered(allowed))
                }
                return
            case .makePages(let plan):
                do {
                    made = try navigator.makePages(for: plan, request: request)
                    action = machine.pagesMade(.success(()))
                } catch {
                    action = machine.pagesMade(.failure(NavigationError(wrapping: error)))
                }
            case .announce(let event, let then):
                navigator.emit(event)
                action = then
            case .runStep(let index, let plan, let keepingPopped):
                valve?.restartTimeout(animated: request.animated)
                let step = plan.steps[index]
                if keepingPopped { navigator.keepPages(poppedBy: step) }
                let context = StepRunner.Context(made: made, animated: request.animated) { [request] component in
                    try navigator.runAction(component, of: plan, for: request)
                }
                // A step that ends at once (a tab bar's selection) is followed up once it has
                // returned: what its end sets off, down to the queue's next operation, is not
                // the navigator's step, and the changes that operation reports are announced.
                let start = StepStart()
                navigator.stepsInProgress += 1
                navigator.steps.perform(step, context: context, completion: TransitionCompletion { [weak self] result in
                    guard let self else { return }
                    let ended = result.mapError { NavigationError(transition: "step \(index + 1) (\(step))", failedWith: $0) }
                    if start.isStarting {
                        start.endedAtOnce = ended
                    } else {
                        self.perform(self.machine.stepEnded(ended))
                    }
                })
                start.isStarting = false
                navigator.stepsInProgress -= 1
                guard let ended = start.endedAtOnce else { return }
                action = machine.stepEnded(ended)
            case .finish(let intent):
                let target = targetPage()
                if let intent, let receiver = target as? any IntentReceiving {
                    receiver.receive(intent)
                }
                action = machine.finished(at: navigator.visibleRoute()?.path ?? SharedPath(), target: target)
            case .fireValve:
                made = []
                valve?.fire()
                return
            case .failValve(let error):
                made = []
                valve?.fail(error)
                return
            case .complete(let outcome, let dropping, let event):
                navigator.record(outcome.toPath, droppingLast: dropping)
                // Resolved first, so whoever awaits a response from the target is waiting
                // before an observer can make the page respond.
                request.resolve(.success(outcome))
                navigator.emit(event)
                return
            case .abandon(let error, let event):
                made = []
                navigator.emit(event)
                request.resolve(.failure(error))
                return
            case .detour(let path):
                // Out of the queue, so the page the detour opens can appear.
                request.ticket = nil
                request.cancelWhileHeld = { [weak self] in
                    guard let self else { return }
                    self.perform(self.machine.cancelRequested())
                }
                // Held by the wait, the only thing left that will resume it.
                navigator.awaitResponse(opening: path) { ok in
                    self.request.cancelWhileHeld = nil
                    self.perform(self.machine.detourEnded(ok: ok))
                }
                valve?.fire()
                valve = nil
                return
            case .requeue:
                navigator.requeue(request, self)
                return
            case .none:
                return
            }
        }
    }

    /// Ends what can be ended once the navigator is gone: the valve, and the request.
    private func giveUp(_ action: RequestStateMachine.Action) {
        made = []
        switch action {
        case .complete(let outcome, _, _): request.resolve(.success(outcome))
        case .abandon(let error, _): request.resolve(.failure(error))
        case .fireValve: valve?.fire()
        case .failValve(let error): valve?.fail(error)
        case .none: break
        default: valve?.fail(NavigationError(.cancelled, reason: "its navigator is gone"))
        }
    }

    private func targetPage() -> (any Page)? {
        guard let plan = machine.currentPlan else { return nil }
        switch plan.target.kind {
        case .live, .provided: return plan.target.page
        case .new(let index): return made[index]
        }
    }
}

/// A step being started, and how it ended if it ended before its start returned.
@MainActor
private final class StepStart {
    var isStarting = true
    var endedAtOnce: Result<Void, NavigationError>?
}
