/// The whole life of one navigation request, from its turn in the queue to its end, as a
/// value: it takes what happened and returns what to do next. Every decision about a
/// request is here: when guards are asked and what their answers do, when it is planned
/// and planned again, which pages are asked to leave, when its steps run and when it
/// stops, which page is told its intent, what enters the history, and every event it
/// reports. Its driver, `RequestRun`, only carries the actions out.
///
///     queued ─▶ [guards] ─▶ plan ─▶ [pages asked to leave ─▶ plan again] ─▶ make pages
///         ─▶ will start ─▶ step 1 … step n ─▶ tell the intent ─▶ the queue's turn ends
///         ─▶ history, did finish
///
/// - **Guards** are asked in order, each awaited with the queue held and no time-out. A
///   redirect is asked of every guard again; more than `maxRedirects`, or back to a path
///   already tried, is a redirect loop. A move is planned first to learn where it leads.
/// - **Leaving**: every page the plan removes that confirms leaving is asked, one at a
///   time; once all agreed, the request is planned again (the person may have moved
///   things while answering), and only pages not yet asked are asked.
/// - **Steps** run one at a time, each under a fresh time-out; a failed step ends the
///   request. Cancellation ends it at once while it waits for a guard or a page, and
///   between steps while they run; a request whose every step ran is done.
/// - **Events**: `willStart` just before the first step; exactly one of `didFinish`,
///   `failed` or `cancelled` at the end, after the queue's turn has ended (a time-out
///   reported by the queue included).
struct RequestStateMachine {
    /// A page the plan would remove, which confirms leaving.
    struct Leaver: Sendable {
        let id: ObjectIdentifier
        let description: String
    }

    enum Phase: Equatable {
        /// Queued, not started.
        case queued
        /// Planning a move only to learn where it leads, for the guards.
        case locating
        /// Waiting for guard `index`.
        case guarding(Int)
        /// Waiting for its plan.
        case planning
        /// Waiting for leaver `index` of the plan to answer.
        case confirming(Int)
        /// Waiting for its pages to be made.
        case making
        /// Waiting for step `index` to end.
        case running(Int)
        /// Every step ran; waiting for the queue's turn to end.
        case finishing
        /// Failed; waiting for the queue's turn to end.
        case failing
        /// Out of the queue, waiting for the page a guard's detour opened to answer.
        case detouring
        /// Over.
        case ended
    }

    /// What the driver does next.
    indirect enum Action {
        /// Plan `target` against the hierarchy as it is now, and list the plan's leavers.
        case plan(NavigationTarget)
        /// Ask guard `index`, with the queue's time-out suspended.
        case askGuard(Int, GuardRequest)
        /// Ask the leaver whether it may leave, with the queue's time-out suspended.
        case askToLeave(ObjectIdentifier, LeaveRequest)
        /// Make the plan's new pages.
        case makePages(NavigationPlan)
        /// Report `event`, then do `then`.
        case announce(NavigationEvent, then: Action)
        /// Run step `index`, under a fresh time-out; when `keepingPopped`, keep the pages
        /// it pops for a jump back.
        case runStep(Int, of: NavigationPlan, keepingPopped: Bool)
        /// Every step ran: tell the target `intent` when there is one, then report the
        /// current path with ``RequestStateMachine/finished(at:)``.
        case finish(intent: PageIntent?)
        /// End the queue's turn: it succeeded.
        case fireValve
        /// End the queue's turn with this failure.
        case failValve(NavigationError)
        /// It succeeded: drop the history's last `dropping` entries, record the outcome's
        /// path, resolve the request, then report `event`.
        case complete(NavigationOutcome, droppingHistory: Int, announcing: NavigationEvent)
        /// It failed: report `event`, then resolve the request with the error.
        case abandon(NavigationError, announcing: NavigationEvent)
        /// Open `path`, wait for the page it ends at to respond, and report the answer with
        /// ``RequestStateMachine/detourEnded(ok:)``; meanwhile end the queue's turn (the
        /// request does not end).
        case detour(PagePath)
        /// Queue the request again, for a new turn.
        case requeue
        /// Nothing to do.
        case none
    }

    /// What was asked for; `nil` for text that did not parse, which never starts.
    private let requested: NavigationTarget?
    private let mode: ResolutionMode
    private let source: NavigationSource
    private let payload: (any Sendable)?
    private let keepsLeftPages: Bool
    private let maxRedirects: Int
    private var guardCount = 0

    private(set) var phase = Phase.queued
    /// The plan, once made.
    var currentPlan: NavigationPlan? { plan }
    /// Where the request goes now: as asked, or where a guard redirected it.
    private var target: NavigationTarget
    /// The current path when it started, spelled out for guards and leavers.
    private var from = SharedPath()
    private var fromPath: PagePath?
    /// Where it goes, absolute, once known: for guards, leavers, events and errors.
    private var to: PagePath?
    private var tried: Set<PagePath> = []
    private var redirectedFrom: [PagePath] = []
    private var detours = 0
    private var plan: NavigationPlan?
    private var leavers: [Leaver] = []
    private var approved: Set<ObjectIdentifier> = []
    private var isCancellationRequested = false
    private var outcome: NavigationOutcome?
    private var failure: NavigationError?

    init(requested: NavigationTarget?, mode: ResolutionMode, source: NavigationSource, payload: (any Sendable)?,
         keepsLeftPages: Bool = false, maxRedirects: Int) {
        self.requested = requested
        self.mode = mode
        self.source = source
        self.payload = payload
        self.keepsLeftPages = keepsLeftPages
        self.maxRedirects = maxRedirects
        target = requested ?? .path(PagePath([]))
    }

    // MARK: Events

    /// Its turn came, with `guardCount` guards to ask. `from` is the current path;
    /// `fromPath`, the same spelled out, is needed only when there are guards.
    mutating func started(from: SharedPath, fromPath: @autoclosure () -> PagePath, guardCount: Int) -> Action {
        expect(.queued, "started")
        guard requested != nil else { preconditionFailure("a request for text that did not parse started") }
        self.from = from
        self.guardCount = guardCount
        guard guardCount > 0 else {
            phase = .planning
            return .plan(target)
        }
        self.fromPath = fromPath()
        switch target {
        case .path(let path):
            do {
                to = try path.resolved(against: self.fromPath!)
            } catch {
                return fail(NavigationError(wrapping: error))
            }
            tried = [to!]
            return askGuard(0)
        case .move:
            phase = .locating
            return .plan(target)
        }
    }

    /// The guard asked last answered.
    mutating func guardAnswered(_ decision: GuardDecision) -> Action {
        guard case .guarding(let index) = phase else { return .none }  // Cancelled meanwhile.
        switch decision {
        case .allow:
            guard index + 1 < guardCount else {
                phase = .planning
                return .plan(target)
            }
            return askGuard(index + 1)
        case .refuse(let reason):
            return fail(NavigationError(.refused, reason: reason))
        case .redirect(let redirect):
            let resolved: PagePath
            do {
                resolved = try redirect.resolved(against: fromPath!)
            } catch {
                return fail(NavigationError(wrapping: error))
            }
            guard redirectedFrom.count < maxRedirects, tried.insert(resolved).inserted else {
                let trail = (redirectedFrom + [to!, resolved]).map(\.description).joined(separator: " → ")
                return fail(NavigationError(.redirectLoop,
                                            reason: "guards redirected \(redirectedFrom.count + 1) times, through \(trail)"))
            }
            redirectedFrom.append(to!)
            to = resolved
            target = .path(redirect)
            return askGuard(0)
        case .detour(let path):
            guard detours < maxRedirects else {
                return fail(NavigationError(.redirectLoop, reason: "guards sent it on \(detours + 1) detours, the last to \(path)"))
            }
            detours += 1
            phase = .detouring
            return .detour(path)
        }
    }

    /// The page a detour opened answered: `ok` resumes the request in a new turn; anything
    /// else (another status, no answer, a detour that failed) cancels it.
    mutating func detourEnded(ok: Bool) -> Action {
        guard phase == .detouring else { return .none }
        guard ok else {
            phase = .ended
            let error = NavigationError(.cancelled, reason: "the detour a guard asked for did not end with `ok`")
                .naming(requested)
            return .abandon(error, announcing: event(.cancelled, to: to.map(SharedPath.init)))
        }
        phase = .queued
        tried = []
        redirectedFrom = []
        return .requeue
    }

    /// The plan asked for is made (or could not be), with the pages it would remove that
    /// confirm leaving.
    mutating func planned(_ result: Result<NavigationPlan, NavigationError>, leavers: [Leaver]) -> Action {
        let plan: NavigationPlan
        switch result {
        case .success(let made): plan = made
        case .failure(let error): return fail(error)
        }
        switch phase {
        case .locating:
            to = plan.path
            tried = [plan.path]
            return askGuard(0)
        case .planning:
            self.plan = plan
            self.leavers = leavers.filter { !approved.contains($0.id) }
            guard let first = self.leavers.first else {
                phase = .making
                return .makePages(plan)
            }
            phase = .confirming(0)
            return .askToLeave(first.id, leaveRequest(plan))
        default:
            preconditionFailure("planned in phase \(phase)")
        }
    }

    /// The leaver asked last answered.
    mutating func leaveAnswered(_ allowed: Bool) -> Action {
        guard case .confirming(let index) = phase, let plan else { return .none }  // Cancelled meanwhile.
        let leaver = leavers[index]
        guard allowed else {
            var error = NavigationError(.refused, reason: "`\(leaver.description)` refused to leave")
            error.component = leaver.description
            return fail(error)
        }
        approved.insert(leaver.id)
        if index + 1 < leavers.count {
            phase = .confirming(index + 1)
            return .askToLeave(leavers[index + 1].id, leaveRequest(plan))
        }
        // The person may have moved things while answering: plan again.
        phase = .planning
        return .plan(target)
    }

    /// The plan's pages are made (or a factory threw).
    mutating func pagesMade(_ result: Result<Void, NavigationError>) -> Action {
        expect(.making, "pagesMade")
        if case .failure(let error) = result { return fail(error) }
        guard let plan else { preconditionFailure("pages made without a plan") }
        let willStart = event(.willStart, to: plan.destination)
        guard !plan.steps.isEmpty else {
            phase = .finishing
            return .announce(willStart, then: .finish(intent: intent(for: plan)))
        }
        phase = .running(0)
        return .announce(willStart, then: .runStep(0, of: plan, keepingPopped: keepsLeftPages))
    }

    /// The step running ended, or failed.
    mutating func stepEnded(_ result: Result<Void, NavigationError>) -> Action {
        guard case .running(let index) = phase, let plan else { return .none }  // Late: the queue gave up on it.
        if case .failure(let error) = result {
            return fail(error)
        }
        guard index + 1 < plan.steps.count else {
            phase = .finishing
            return .finish(intent: intent(for: plan))
        }
        if isCancellationRequested {
            return fail(NavigationError(.cancelled, reason: "it was cancelled after \(index + 1) of \(plan.steps.count) steps"))
        }
        phase = .running(index + 1)
        return .runStep(index + 1, of: plan, keepingPopped: keepsLeftPages)
    }

    /// The intent is told; `current` is the current path now.
    mutating func finished(at current: SharedPath, target page: (any Page)?) -> Action {
        expect(.finishing, "finished")
        outcome = NavigationOutcome(plan: plan!, from: from, to: current, redirectedFrom: redirectedFrom, target: page)
        return .fireValve
    }

    /// Someone cancelled the request while it runs.
    mutating func cancelRequested() -> Action {
        isCancellationRequested = true
        switch phase {
        case .locating, .guarding, .confirming:
            return fail(NavigationError(.cancelled, reason: "it was cancelled before any step ran"))
        case .detouring:
            phase = .ended
            let error = NavigationError(.cancelled, reason: "it was cancelled during a detour").naming(requested)
            return .abandon(error, announcing: event(.cancelled, to: to.map(SharedPath.init)))
        default:
            return .none
        }
    }

    /// The queue's turn is over: as the request ended it, or timed out, or cancelled
    /// before it started. `current` is the current path, for a request that never started.
    mutating func queueEnded(_ result: Result<Void, NavigationError>, current: @autoclosure () -> SharedPath) -> Action {
        let ending = phase
        // On a detour the turn ends on purpose; the request waits out of the queue.
        if ending == .detouring || ending == .ended { return .none }
        if ending == .queued { from = current() }
        phase = .ended
        switch result {
        case .success:
            guard ending == .finishing, let outcome else {
                preconditionFailure("the queue ended a request in phase \(ending) as done")
            }
            let dropping = if case .move(.back(let count))? = requested { count + 1 } else { 0 }
            return .complete(outcome, droppingHistory: dropping,
                             announcing: event(.didFinish, to: outcome.toPath))
        case .failure(let queueError):
            let error = (failure ?? queueError).naming(requested)
            let kind: NavigationEvent.Kind = error.code == .cancelled ? .cancelled : .failed(error)
            return .abandon(error, announcing: event(kind, to: plan?.destination ?? to.map(SharedPath.init)))
        }
    }

    // MARK: Helpers

    private mutating func askGuard(_ index: Int) -> Action {
        phase = .guarding(index)
        return .askGuard(index, GuardRequest(from: fromPath!, to: to!, source: source, mode: mode))
    }

    private func leaveRequest(_ plan: NavigationPlan) -> LeaveRequest {
        LeaveRequest(from: fromPath ?? from.path, to: to ?? plan.path)
    }

    private mutating func fail(_ error: NavigationError) -> Action {
        failure = error.naming(requested)
        phase = .failing
        return .failValve(failure!)
    }

    /// The intent the page the request ends at is told when it was not made from the
    /// registry: a live page revealed, or a page the app provided (``Navigator/push(page:_:)``,
    /// kept pages brought back). Pages made get theirs from their factories.
    private func intent(for plan: NavigationPlan) -> PageIntent? {
        if case .new = plan.target.kind { return nil }
        guard !plan.isDelivery, !plan.isAction, let component = plan.destination.lastComponent else {
            return nil
        }
        return PageIntent(component: component, path: plan.destination, payload: payload, source: source)
    }

    private func event(_ kind: NavigationEvent.Kind, to: SharedPath?) -> NavigationEvent {
        NavigationEvent(kind: kind, requested: requested, source: source, plan: plan, from: from, to: to)
    }

    private func expect(_ expected: Phase, _ event: String) {
        guard phase == expected else { preconditionFailure("\(event) in phase \(phase), expected \(expected)") }
    }
}
