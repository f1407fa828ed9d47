/// One request's turn in the queue: resolve, guard, plan, ask leaving pages, make pages,
/// then run the steps one at a time, each under a fresh time-out.
///
/// Every stage runs in the same turn unless it has to wait: on an `async` guard or a
/// ``LeaveConfirming`` page (the valve stays shut with no time-out meanwhile), or on a
/// container's completion. After any wait the hierarchy is planned again, so a plan is
/// never run against a stale hierarchy.
@MainActor
final class OpenOperation {
    private let navigator: Navigator
    private let request: NavigationRequest
    private let valve: TransitionValve
    private var from = PagePath([])
    /// Where the request goes, as asked or as a guard redirected it: planned at its turn.
    private var target = NavigationTarget.path(PagePath([]))
    /// `target` made absolute against `from`, for guards and events.
    private var to = PagePath([])
    private var isResolved = false
    /// A move's plan made to learn where it leads, used as it is unless the operation waits
    /// (a guard, a page asked to leave) before it plans again.
    private var preplannedMove: Navigator.PlannedMove?
    private var redirectedFrom: [PagePath] = []
    private var plan: NavigationPlan?
    private var made: [any Page] = []
    /// Pages a move shows that the registry does not make.
    private var presetPages: [any Page]?
    private var approvedToLeave = Set<ObjectIdentifier>()

    init(navigator: Navigator, request: NavigationRequest, valve: TransitionValve) {
        self.navigator = navigator
        self.request = request
        self.valve = valve
    }

    /// The open's outcome, set just before the valve is fired.
    private(set) var outcome: NavigationOutcome?
    /// The current path when the open started.
    var startPath: PagePath { from }
    /// The plan, once made.
    var currentPlan: NavigationPlan? { plan }
    /// The absolute path, once resolved.
    var destination: PagePath? { plan?.path ?? (isResolved ? to : nil) }

    func start() {
        from = navigator.currentPath
        target = request.target
        do {
            switch target {
            case .path(let path):
                to = try path.resolved(against: from)
            case .move(let move):
                let planned = try navigator.plan(move)
                to = planned.destination
                preplannedMove = planned
            }
            isResolved = true
        } catch {
            return fail(NavigationError(wrapping: error))
        }
        if navigator.mayHaveGuards {
            preplannedMove = nil  // The hierarchy may change while the guards decide.
            valve.suspendTimeout()
            Task { await runGuards(navigator.activeGuards()) }
        } else {
            planAndConfirm()
        }
    }

    // MARK: Guards

    private func runGuards(_ guards: [NavigationGuard]) async {
        var tried: Set<PagePath> = [to]
        var index = 0
        while index < guards.count {
            let decision = await guards[index](
                GuardRequest(from: from, to: to, source: request.source, mode: request.mode))
            guard valve.isActive else { return }
            if valve.isCancellationRequested { return cancelled() }
            switch decision {
            case .allow:
                index += 1
            case .refuse(let reason):
                return fail(NavigationError(.refused, path: to.description, reason: reason))
            case .redirect(let redirect):
                let resolved: PagePath
                do {
                    resolved = try redirect.resolved(against: from)
                } catch {
                    return fail(NavigationError(wrapping: error))
                }
                guard redirectedFrom.count < navigator.configuration.maxRedirects,
                      tried.insert(resolved).inserted else {
                    return fail(NavigationError(
                        .redirectLoop, path: to.description,
                        reason: "guards redirected \(redirectedFrom.count + 1) times, through "
                            + (redirectedFrom + [to, resolved]).map(\.description).joined(separator: " → ")))
                }
                redirectedFrom.append(to)
                to = resolved
                target = .path(redirect)
                index = 0
            }
        }
        planAndConfirm()
    }

    // MARK: Planning and leaving

    private func planAndConfirm() {
        let plan: NavigationPlan
        do {
            switch target {
            case .path(let path):
                plan = try navigator.makePlan(for: path, mode: request.mode, source: request.source)
                presetPages = nil
            case .move(let move):
                let planned = try preplannedMove ?? navigator.plan(move)
                preplannedMove = nil
                plan = planned.plan
                presetPages = planned.pages
            }
        } catch {
            return fail(NavigationError(wrapping: error))
        }
        self.plan = plan
        let leaving = navigator.pagesRemoved(by: plan).compactMap { page -> (any LeaveConfirming)? in
            guard !approvedToLeave.contains(ObjectIdentifier(page)) else { return nil }
            return page as? any LeaveConfirming
        }
        if leaving.isEmpty {
            return makePagesAndRun(plan)
        }
        valve.suspendTimeout()
        Task { await confirmLeaving(leaving) }
    }

    private func confirmLeaving(_ pages: [any LeaveConfirming]) async {
        let leave = LeaveRequest(from: from, to: to)
        for page in pages {
            let allowed = await page.canLeave(leave)
            guard valve.isActive else { return }
            if valve.isCancellationRequested { return cancelled() }
            guard allowed else {
                return fail(NavigationError(.refused, path: to.description, component: page.pageName,
                                            reason: "`\(page.pageDescription)` refused to leave"))
            }
            approvedToLeave.insert(ObjectIdentifier(page))
        }
        // The person may have moved things while answering: plan again.
        planAndConfirm()
    }

    // MARK: Running

    private func makePagesAndRun(_ plan: NavigationPlan) {
        do {
            made = try presetPages ?? navigator.makePages(for: plan, payload: request.payload, source: request.source)
        } catch {
            return fail(NavigationError(wrapping: error))
        }
        navigator.emit(.willStart, requested: request.path, from: from, to: plan.path, plan: plan, source: request.source)
        runStep(0)
    }

    private func runStep(_ index: Int) {
        guard valve.isActive, let plan else { return }
        guard index < plan.steps.count else {
            return finish(plan)  // Every step ran: done, even if cancellation came late.
        }
        if valve.isCancellationRequested {
            return cancelled(afterSteps: index)
        }
        valve.restartTimeout(animated: request.animated)
        let completion = TransitionCompletion { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.runStep(index + 1)
            case .failure(let error as NavigationError):
                self.fail(error.naming(plan.path))
            case .failure(let error):
                self.fail(NavigationError(.transitionFailed, path: plan.path.description,
                                          reason: "step \(index + 1) (\(plan.steps[index])) failed", underlying: error))
            }
        }
        navigator.perform(plan.steps[index], made: made, animated: request.animated, completion: completion)
    }

    private func finish(_ plan: NavigationPlan) {
        let target: (any Page)? = switch plan.target.kind {
        case .live: plan.target.page
        case .new(let index): made[index]
        }
        if case .live = plan.target.kind, let receiver = target as? any IntentReceiving,
           let component = plan.path.components.last {
            receiver.receive(PageIntent(component: component, path: plan.path, payload: request.payload,
                                        source: request.source))
        }
        outcome = NavigationOutcome(plan: plan, from: from, to: navigator.currentPath,
                                    redirectedFrom: redirectedFrom, target: target)
        made = []
        valve.fire()
    }

    private func cancelled(afterSteps steps: Int = 0) {
        let reason = steps == 0 ? "it was cancelled before any step ran"
            : "it was cancelled after \(steps) of \(plan?.steps.count ?? 0) steps"
        fail(NavigationError(.cancelled, path: to.description, reason: reason))
    }

    private func fail(_ error: NavigationError) {
        made = []
        valve.fail(error.naming(request.path))
    }
}
