/// Carries out what a request's ``RequestStateMachine`` decides, and decides nothing: asks
/// guards and pages, plans, makes pages, runs each step against the containers and the
/// host (each checks its pages are still where the plan found them, else
/// ``NavigationError/Code/staleHierarchy``; a ``QueuedContainer`` with a queue of its own
/// gets the step through it), and reports back. With the machine, a request's whole life.
@MainActor
final class RequestDriver: TransitionLabeling {
    private weak var environment: (any RequestEnvironment)?  // Weak: a navigator let go ends its requests.
    let request: NavigationRequest
    private let host: any PageHost
    private let queue: TransitionQueue
    // Read and written at every step of every request, and never by overlapping
    // accesses (each ends before the driver calls out), so unchecked at run time.
    @exclusivity(unchecked) private var machine: RequestStateMachine
    @exclusivity(unchecked) private var guards: [NavigationGuard] = []
    @exclusivity(unchecked) private var valve: TransitionValve?
    /// The pages the plan made, by index; held only until the turn ends.
    @exclusivity(unchecked) private var made: [any Page] = []
    /// The pages the plan would remove that confirm leaving.
    @exclusivity(unchecked) private var leaving: [any LeaveConfirming] = []
    /// The turn's loads, once a plan needed one.
    @exclusivity(unchecked) private var loads: PageLoads?
    /// Counts the steps run, so that a step's completion knows whether its own start is
    /// still under way: kept here rather than in an object per step, which cost an
    /// allocation for every step of every request.
    @exclusivity(unchecked) private var stepsStarted = 0
    /// The count of the step whose start has not returned yet; 0 when none.
    @exclusivity(unchecked) private var startingStep = 0
    /// How the starting step ended, when it ended before its start returned.
    @exclusivity(unchecked) private var stepEndedAtOnce: Result<Void, NavigationError>?
    /// The time-out of the answer the request waits for, if any.
    private var answerTimer: (any TransitionTimer)?
    /// The task awaiting that answer: cancelled once nothing waits for it any more.
    private var answerTask: Task<Void, Never>?

    init(environment: any RequestEnvironment, request: NavigationRequest, host: any PageHost, queue: TransitionQueue,
         maxRedirects: Int, held: Bool) {
        self.environment = environment
        self.request = request
        self.host = host
        self.queue = queue
        machine = RequestStateMachine(requested: request.requested, mode: request.mode, source: request.source,
                                      payload: request.payload, keepsLeftPages: request.keepsLeftPages,
                                      maxRedirects: maxRedirects, held: held)
        request.driver = self
    }

    /// How the queue names the request: `open app://tab/settings`, or the move.
    var transitionLabel: String { request.label }

    // MARK: What happens to the request

    /// Its turn came: the queue's operation body.
    func start(_ valve: TransitionValve) {
        self.valve = valve
        valve.onCancellation { [weak self] in self?.cancel() }  // Running, not queued: the machine's cancel.
        guard let environment else { return perform(machine.navigatorGone()) }
        // Taken apart at once: the spelled-out path's autoclosure would otherwise capture,
        // and copy, the whole pair.
        let (path, turnGuards) = environment.beginTurn()
        guards = turnGuards
        perform(machine.started(from: path, fromPath: path.path, guardCount: turnGuards.count))
    }

    /// The queue's turn is over, however it ended.
    func queueEnded(_ result: Result<Void, NavigationError>) {
        stopAsking()
        perform(machine.queueEnded(result, current: environment?.livePath() ?? SharedPath()))
    }

    func rootInstalled() { perform(machine.rootInstalled()) }

    /// Its navigator was freed while it waited for loads, a guard or a page: it ends
    /// cancelled, its loads with it. A step that animates ends first, as every step does.
    func navigatorGone() {
        guard environment == nil else { return }  // Another navigator's, on a queue they share.
        if case .running = machine.state { return }
        perform(machine.navigatorGone())
    }

    /// A newer request was made, or the person acted: one that is loading ends, cancelled.
    func supersede(by newer: String) { perform(machine.superseded(by: newer)) }

    /// The components whose loads the request waits for.
    var pendingComponents: [PageComponent] { loads?.pending.map(\.component) ?? [] }

    /// Whether the request waits for its turn (or for a root).
    var isWaiting: Bool { switch machine.state { case .queued, .held: true; default: false } }

    /// Someone cancelled the request: the queue's ticket while it waits its turn, or the machine.
    func cancel() {
        if let ticket = request.ticket, case .queued = machine.state {
            ticket.cancel()
        } else {
            perform(machine.cancelRequested())
        }
    }

    // MARK: Carrying out the machine's actions

    private func perform(_ first: consuming RequestStateMachine.Action) {
        var action = first
        while true {
            guard let environment else {
                // What can still be done once the navigator is gone: end the valve, and the request.
                switch action {
                case .complete(let outcome, _, _): request.resolve(.success(outcome))
                case .abandon(let error, _, _): request.resolve(.failure(error))
                case .fireValve: valve?.fire()
                case .failValve(let error): valve?.fail(error)
                case .endLoads(_, let then):
                    loads?.reset()
                    action = then
                    continue
                case .ignore, .none: break
                default:
                    action = machine.navigatorGone()
                    continue
                }
                return letGoOfTurn()
            }
            switch action {
            case .enqueue:
                environment.enqueue(self)
                return
            case .plan(let target):
                // No closures here: one formed on the main actor checks its executor on each
                // call, and these run on every request.
                let result: Result<NavigationPlan, NavigationError>
                var needed: [PageComponent] = []
                do {
                    let plan = try environment.plan(target, for: request)
                    let planLoads = try environment.loads(for: plan, request: request)
                    if !planLoads.isEmpty || loads != nil {
                        let turnLoads = loads ?? PageLoads()
                        loads = turnLoads
                        needed = turnLoads.need(planLoads)
                    }
                    leaving = environment.pagesLeaving(plan)
                    result = .success(plan)
                } catch {
                    leaving = []
                    result = .failure(NavigationError(wrapping: error))
                }
                var leavers: [RequestStateMachine.Leaver] = []
                for page in leaving {
                    leavers.append(RequestStateMachine.Leaver(id: ObjectIdentifier(page), description: page.pageDescription))
                }
                action = machine.planned(result, leavers: leavers, loads: needed)
            case .askGuard(let index, let guardRequest):
                let decide = guards[index]
                return ask({ await decide(guardRequest) }, then: { $0.guardAnswered($1) })
            case .askToLeave(let id, let leaveRequest):
                guard let page = leaving.first(where: { ObjectIdentifier($0) == id }) else {
                    preconditionFailure("a leaver the plan did not list")
                }
                return ask({ await page.canLeave(leaveRequest) }, then: { $0.leaveAnswered($1) })
            case .startLoads(let event):
                return startLoads(announcing: event, environment)
            case .endLoads(let event, let then):
                loads?.stop()
                _ = environment.loading(self, started: false)
                environment.emit(event)
                action = then
            case .makePages(let plan):
                do {
                    made = try environment.makePages(for: plan, request: request, loads: loads)
                    action = machine.pagesMade(.success(()))
                } catch {
                    made = []
                    action = machine.pagesMade(.failure(NavigationError(wrapping: error)))
                }
            case .announce(let event, let then):
                environment.emit(event)
                action = then
            case .runStep(let index, let plan, let keepingPopped):
                guard let ended = runStep(plan.steps[index], number: index + 1, of: plan, keepingPopped: keepingPopped,
                                          environment: environment) else { return }
                action = machine.stepEnded(ended)
            case .finish(let givingIntent):
                let target = targetPage()
                if givingIntent, let receiver = target as? any IntentReceiving, let intent = machine.intentForTarget() {
                    receiver.receive(intent)
                }
                if let target, let loads { refresh(target, from: loads) }
                action = machine.finished(at: environment.livePath(), target: target)
            case .fireValve:
                letGoOfTurn()
                valve?.fire()
                return
            case .failValve(let error):
                letGoOfTurn()
                valve?.fail(error)
                return
            case .complete(let outcome, let dropping, let event):
                environment.record(outcome.toPath, droppingLast: dropping)
                // Resolved first, so whoever awaits a response from the target is waiting
                // before an observer can make the page respond.
                request.resolve(.success(outcome))
                environment.emit(event)
                return
            case .abandon(let error, let reached, let event):
                letGoOfTurn()
                if let reached { environment.record(reached, droppingLast: 0) }
                environment.emit(event)
                request.resolve(.failure(error))
                return
            case .detour(let path):
                // Out of the queue first, so the page the detour opens can appear; held by
                // the wait, the only thing left that will resume it.
                request.ticket = nil
                let turn = valve
                valve = nil
                turn?.fire()
                environment.detour(to: path) { ok in
                    self.perform(self.environment == nil ? self.machine.navigatorGone() : self.machine.detourEnded(ok: ok))
                }
                return
            case .ignore, .none:
                return
            }
        }
    }

    /// Lets go of what only the turn needed: the pages made and the loads.
    @inline(__always)
    private func letGoOfTurn() {
        made = []
        loads?.reset()
    }

    /// Asks, with the queue's time-out suspended under the answer's (a person may take a
    /// while, but a question never shown is never answered), and gives the machine the
    /// answer, or its time-out. When the answer is no longer awaited (it timed out, or the
    /// request's turn ended), the asking task is cancelled, so that a page can take its
    /// question off the screen.
    private func ask<Answer: Sendable>(
        _ question: @escaping @MainActor () async -> Answer,
        then answered: @escaping @MainActor (inout RequestStateMachine, Answer) -> RequestStateMachine.Action
    ) {
        valve?.suspendTimeout()
        if let limit = queue.timeouts.answer {
            answerTimer = queue.clock.schedule(after: limit) { [weak self] in
                guard let self else { return }
                self.answerTimer = nil  // Not cancelled: it is the one running.
                self.stopAsking()
                self.perform(self.machine.answerTimedOut(after: limit))
            }
        }
        answerTask = Task { [weak self] in
            let answer = await question()
            guard let self, !Task.isCancelled else { return }
            self.answerTask = nil  // Not cancelled: it is the one running.
            self.stopAsking()
            self.perform(answered(&self.machine, answer))
        }
    }

    /// Stops waiting for an answer: its time-out and its task.
    private func stopAsking() {
        answerTimer?.cancel()
        answerTimer = nil
        answerTask?.cancel()
        answerTask = nil
    }

    /// Starts the loads the plan needs, with the queue's time-out suspended under theirs;
    /// a newer request already waiting supersedes this one at once, and a change to the
    /// screen no container reported meanwhile (a plain `UINavigationController`'s back)
    /// once the loads are in.
    private func startLoads(announcing event: NavigationEvent, _ environment: any RequestEnvironment) {
        guard let loads else { preconditionFailure("loads started with none needed") }
        let newer = environment.loading(self, started: true)
        environment.emit(event)
        valve?.suspendTimeout()
        let timeout = queue.timeouts.load, before = environment.livePath()
        loads.start(clock: queue.clock, timeout: timeout, finished: { [weak self] result in
            guard let self else { return }
            guard let environment = self.environment else { return self.perform(self.machine.loadsFinished(result)) }
            // It may supersede the request, or wait for the person's gesture first.
            environment.loadsEnded(self, begunAt: before, result) { $0.perform($0.machine.loadsFinished(result)) }
        }, timedOut: { [weak self] in
            guard let self, let loads = self.loads else { return }
            self.perform(self.machine.loadTimedOut(after: timeout, waitingFor: loads.pending.map(\.component)))
        })
        if let newer { supersede(by: newer.target.map { "`\($0)`" } ?? "a newer request") }
    }

    /// Gives the live page the request ends at the value loaded to refresh it.
    private func refresh(_ page: any Page, from loads: PageLoads) {
        guard case .finishing(_, let plan) = machine.state, let component = plan.destination.lastComponent,
              let (value, loader) = loads.loadedToRefresh(component) else { return }
        // Its loader's type was checked against the page when the plan asked for the load.
        _ = loader.refresh(page, value)
    }

    private func targetPage() -> (any Page)? {
        guard case .finishing(_, let plan) = machine.state else { return nil }
        return plan.target.page(madeAs: made)
    }

    // MARK: Steps

    /// Runs step `number` under a fresh time-out; its result if it ended before this
    /// returned (a tab bar's selection), `nil` if it will report later. What a step that
    /// ended at once sets off, down to the queue's next operation, is not the request's own
    /// step: the changes that operation reports are announced.
    private func runStep(_ step: NavigationPlan.Step, number: Int, of plan: NavigationPlan, keepingPopped: Bool,
                         environment: any RequestEnvironment) -> Result<Void, NavigationError>? {
        valve?.restartTimeout(animated: request.animated)
        stepsStarted += 1
        let run = stepsStarted
        startingStep = run
        // A step that goes on with another animation (a pop of several levels, one at a
        // time) gets a fresh time-out for it, as each step does.
        let completion = TransitionCompletion(restarter: self, step: run) { [weak self] result in
            // While the step starts, `self` is the one starting it, so it is there.
            guard let self else { return }
            let ended = result.mapError { NavigationError(transition: "step \(number) (\(step))", failedWith: $0) }
            if self.startingStep == run {
                self.stepEndedAtOnce = ended
            } else {
                self.perform(self.machine.stepEnded(ended))
            }
        }
        environment.step(step, willRun: true, keepingPopped: keepingPopped, made: made)
        perform(step, of: plan, environment: environment, completion: completion)
        startingStep = 0
        environment.step(step, willRun: false, keepingPopped: keepingPopped, made: made)
        defer { stepEndedAtOnce = nil }
        return stepEndedAtOnce
    }

    private func perform(_ step: NavigationPlan.Step, of plan: NavigationPlan, environment: any RequestEnvironment,
                         completion: TransitionCompletion) {
        guard let queued = step.container?.page as? any QueuedContainer, queued.transitionQueue !== queue,
              !queued.adopt(queue) else {
            return performNow(step, of: plan, environment: environment, completion: completion)
        }
        // It could not move onto ours: its own queue holds work others asked of it. Wait
        // for our turn there.
        let ticket = queued.transitionQueue.enqueue("\(step)", animated: request.animated) { [weak self] valve in
            self?.performNow(step, of: plan, environment: environment, completion: valve.completion(for: "\(step)"))
            return .wait
        }
        ticket.onResolve { completion.end($0) }
    }

    private func performNow(_ step: NavigationPlan.Step, of plan: NavigationPlan, environment: any RequestEnvironment,
                            completion: TransitionCompletion) {
        step.apply(host: host, made: made, animated: request.animated, completion: completion) { component in
            try environment.runAction(component, of: plan, for: self.request)
        }
    }
}

extension RequestDriver: TimeoutRestarting {
    /// The step running goes on with another animation: a fresh time-out for it.
    func restartTimeout(forStep step: Int) {
        guard stepsStarted == step else { return }
        valve?.restartTimeout(animated: true)
    }
}
