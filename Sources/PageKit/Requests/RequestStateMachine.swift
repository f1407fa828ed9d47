/// The whole life of one navigation request, as a value: it takes what happened and
/// returns what to do next, and holds everything the request knows. Its driver,
/// ``RequestDriver``, carries the actions out and decides nothing.
///
///     held ─▶ queued ─▶ [locating] ─▶ [guarding ─▶ detouring ─▶ queued] ─▶ planning
///         ─▶ [loading ─▶ planning] ─▶ [confirming ─▶ planning] ─▶ making
///         ─▶ running(0 … n-1) ─▶ [planning: the rest, inside pages made]
///         ─▶ finishing ─▶ succeeding / failing ─▶ ended
///
/// Guards are asked in order with the queue held, each under the answer's time-out (no
/// answer in time fails the request; a later one is ignored); a redirect is asked of
/// every guard again, and more than `maxRedirects`, or a path already tried, is a loop. The
/// pages a plan removes that confirm leaving are asked one at a time, then the request is
/// planned again and only pages not yet asked are asked. The loads a plan needs run before
/// anyone is asked to leave, with the queue's own time-out suspended under the loads' one;
/// then the request is planned again against the hierarchy as it is now, and a plan that
/// needs a load not yet made loads again, at most ``maxLoadRounds`` times in a turn. A
/// newer request supersedes one that is loading. Steps run one at a time under
/// fresh time-outs. `willStart` comes before the first step, and exactly one of
/// `didFinish`, `failed`, `cancelled` after the queue's turn ends. `rootInstalled`,
/// `navigatorGone`, `cancelRequested` and `superseded` may come in any state; any other event out of
/// place traps, naming both, except an answer that comes after the request stopped waiting
/// for it, which is ``Action/ignore(_:)`` with its own ``Late`` case.
struct RequestStateMachine {
    /// A page the plan would remove, which confirms leaving.
    struct Leaver: Sendable {
        let id: ObjectIdentifier
        let description: String
    }

    /// What one turn in the queue has learned: the current path when it began (spelled
    /// out only for guards), where the request goes now (as asked, or redirected) and, once
    /// known, absolutely; the redirects and detours so far; the leavers that agreed. Kept
    /// copy-on-write: every event copies the state, and a turn copied field by field cost
    /// several hundred instructions each time.
    typealias Turn = CopyOnWrite<TurnFields>

    struct TurnFields {
        var from: SharedPath
        var fromPath: KnownPath
        /// Where the request goes now: as asked, or where a guard redirected it.
        var target: RequestedTarget
        /// Where it goes, absolute, once known.
        var to: KnownPath
        let guardCount: Int
        var tried: Set<PagePath> = []
        var redirectedFrom: [PagePath] = []
        var detours: Int
        /// Leavers that agreed, not to be asked again when the plan is made again.
        var approved: Set<ObjectIdentifier> = []
        /// How many times the turn has loaded.
        var loadRounds = 0
    }

    /// Where the request is. Held: made before the navigator had a root. Queued: waits for
    /// its turn. Locating: plans a move only to learn where it leads, for the guards.
    /// Guarding, confirming: waits for a guard, for a leaver. Planning, making: waits for
    /// its plan, its pages. Loading: waits for the loads its plan needs, the queue held
    /// under the loads' time-out. Running: waits for a step to end (`cancelling`: asked to stop
    /// before the next). Finishing: every step ran, waits to learn the current path.
    /// Succeeding, failing: waits for the queue's turn to end. Detouring: out of the
    /// queue, waits for the page a guard's detour opened to answer.
    enum State {
        case held(detours: Int), queued(detours: Int)
        case locating(Turn), guarding(Turn, index: Int), planning(Turn)
        case loading(Turn, NavigationPlan)
        case confirming(Turn, NavigationPlan, leavers: [Leaver], index: Int)
        case making(Turn, NavigationPlan)
        case running(Turn, NavigationPlan, index: Int, cancelling: Bool)
        case finishing(Turn, NavigationPlan)
        case succeeding(NavigationOutcome)
        case failing(NavigationError, plan: NavigationPlan?, to: KnownPath)
        case detouring(Turn)
        case ended
    }

    /// A path once known: what `PagePath?` says, as an enum of its own, because the turn
    /// and the state are copied at every event and the compiler copies and destroys the
    /// optional through its type metadata, several times slower than this enum in line.
    /// `current`: a step changed the screen, so a failure ends where the screen is then.
    enum KnownPath {
        case unknown, current
        case path(PagePath)

        /// The path, if known.
        var path: PagePath? { if case .path(let path) = self { path } else { nil } }
    }

    /// An answer that comes after the request stopped waiting for it.
    enum Late: Equatable {
        case guardAnswer, leaveAnswer, answerTimeout, loadEnd, loadTimeout, stepEnd, detourEnd, queueEnd
    }

    /// How many times one turn may load: the first plan's loads, and again when the plan
    /// made again after loading, or after pages agreed to leave, needs a load not yet made
    /// (the person moved meanwhile). Beyond it the request fails with
    /// ``NavigationError/Code/loadFailed``: the hierarchy would not hold still.
    static let maxLoadRounds = 3

    /// What the driver does next. Only the cases that hold a further action are boxed:
    /// boxing every case cost an allocation for nearly each action of every request.
    enum Action {
        /// Queue the request (its root is there, or a detour earned it a new turn).
        case enqueue
        /// Plan `target` against the hierarchy as it is now, and list the plan's leavers.
        case plan(RequestedTarget)
        /// Ask a guard, or a leaver, with the queue's time-out suspended.
        case askGuard(Int, GuardRequest), askToLeave(ObjectIdentifier, LeaveRequest)
        /// Make the plan's new pages.
        case makePages(NavigationPlan)
        /// Report `event`, then start the loads the plan needs, under the loads' time-out.
        case startLoads(announcing: NavigationEvent)
        /// Stop the loads still running (their results are discarded), report `event` when
        /// a navigator is left to, then do `then`.
        indirect case endLoads(announcing: NavigationEvent, then: Action)
        /// Report `event`, then do `then`.
        indirect case announce(NavigationEvent, then: Action)
        /// Run a step under a fresh time-out, keeping what it pops when asked to.
        case runStep(Int, of: NavigationPlan, keepingPopped: Bool)
        /// Tell the target its intent (``RequestStateMachine/intentForTarget()``) when there
        /// is one to give and it receives intents, then call
        /// ``RequestStateMachine/finished(at:target:)``. The intent is made only for a target
        /// that adopts ``IntentReceiving``: most pages an open ends at do not.
        case finish(givingIntent: Bool)
        /// End the queue's turn, succeeded or failed.
        case fireValve, failValve(NavigationError)
        /// Succeeded: trim and record the history, resolve the request, then report `event`.
        case complete(NavigationOutcome, droppingHistory: Int, announcing: NavigationEvent)
        /// Failed: record the current path when a step changed the screen, report `event`
        /// (when a navigator is left to), then resolve the request.
        case abandon(NavigationError, recording: SharedPath?, announcing: NavigationEvent)
        /// Open `path` and wait, out of the queue, for its page's answer; end this turn.
        case detour(PagePath)
        /// Nothing: an answer that came too late, or nothing to do.
        case ignore(Late), none
    }

    private let requested: RequestedTarget?
    private let mode: ResolutionMode
    private let source: NavigationSource
    private let payload: (any Sendable)?
    private let keepsLeftPages: Bool
    private let maxRedirects: Int
    private(set) var state: State
    /// The plans the turn ran before the one it plans now, one after the other, when the
    /// path went on inside pages they made (``NavigationPlan/continuesInside``); kept out
    /// of the turn, which is copied at every event, as nearly every request has none.
    private var ran: NavigationPlan?
    /// How many times the turn planned again inside pages it made.
    private var continuations = 0

    /// A machine for a request whose target is kept in `requested`, shared, not copied.
    init(requested: RequestedTarget?, mode: ResolutionMode, source: NavigationSource, payload: (any Sendable)?,
         keepsLeftPages: Bool = false, maxRedirects: Int, held: Bool = false) {
        self.requested = requested
        self.mode = mode
        self.source = source
        self.payload = payload
        self.keepsLeftPages = keepsLeftPages
        self.maxRedirects = maxRedirects
        state = held ? .held(detours: 0) : .queued(detours: 0)
    }

    /// The navigator's root was installed: a held request is queued.
    mutating func rootInstalled() -> Action {
        guard case .held(let detours) = state else { return .none }
        state = .queued(detours: detours)
        return .enqueue
    }

    /// Someone cancelled the request: at once while held, asking or on a detour; between
    /// steps while they run; a queued one's ticket is cancelled by the queue.
    mutating func cancelRequested() -> Action {
        switch state {
        case .held:
            return end(NavigationError(.cancelled, reason: "it was cancelled before the root was installed"))
        case .detouring:
            return end(NavigationError(.cancelled, reason: "it was cancelled during a detour"))
        case .locating, .guarding, .confirming:
            return fail(NavigationError(.cancelled, reason: "it was cancelled before any step ran"))
        case .loading(let turn, let plan):
            return endLoads(turn, plan, then: fail(NavigationError(.cancelled, reason: "it was cancelled while it loaded"),
                                                   plan: plan, to: turn.to))
        case .running(let turn, let plan, let index, _):
            state = .running(turn, plan, index: index, cancelling: true)
            return .none
        case .queued, .planning, .making, .finishing, .succeeding, .failing, .ended:
            return .none
        }
    }

    /// A newer request was made, or the person acted (`newer` says which): one that is
    /// loading ends, cancelled (a load is never worth more than what the person asked for
    /// since); in any other state it goes on.
    mutating func superseded(by newer: String) -> Action {
        guard case .loading(let turn, let plan) = state else { return .none }
        return endLoads(turn, plan, then: fail(NavigationError(.cancelled, reason: "\(newer) superseded it while it loaded"),
                                               plan: plan, to: turn.to))
    }

    /// The navigator was let go: the request ends, cancelled.
    mutating func navigatorGone() -> Action {
        let error = NavigationError(.cancelled, reason: "its navigator is gone")
        switch state {
        case .held, .queued, .detouring: return end(error)
        case .loading(let turn, let plan): return endLoads(turn, plan, then: fail(error, plan: plan, to: turn.to))
        case .locating, .guarding, .planning, .confirming, .making, .running, .finishing: return fail(error)
        case .succeeding, .failing, .ended: return .none
        }
    }

    /// Its turn came, with `guardCount` guards to ask. `from` is the current path;
    /// `fromPath`, the same spelled out, is needed only when there are guards.
    mutating func started(from: SharedPath, fromPath: @autoclosure () -> PagePath, guardCount: Int) -> Action {
        guard case .queued(let detours) = state else { trap("started") }
        guard let requested else { trap("started (text that did not parse never starts)") }
        var turn = Turn(TurnFields(from: from, fromPath: .unknown, target: requested, to: .unknown, guardCount: guardCount,
                                   detours: detours))
        guard guardCount > 0 else {
            state = .planning(turn)
            return .plan(requested)
        }
        let fromPath = fromPath()
        turn.fromPath = .path(fromPath)
        guard case .path(let path) = requested.target else {
            state = .locating(turn)
            return .plan(requested)
        }
        do {
            let to = try path.resolved(against: fromPath)
            (turn.to, turn.tried) = (.path(to), [to])
        } catch {
            return fail(NavigationError(wrapping: error))
        }
        return askGuard(0, turn)
    }

    /// The guard asked last answered.
    mutating func guardAnswered(_ decision: GuardDecision) -> Action {
        guard case .guarding(var turn, let index) = state else { return late(.guardAnswer, "guardAnswered") }
        switch decision {
        case .allow:
            guard index + 1 < turn.guardCount else { return replan(turn) }
            return askGuard(index + 1, turn)
        case .refuse(let reason):
            return fail(NavigationError(.refused, reason: reason), to: turn.to)
        case .redirect(let redirect):
            guard case .path(let fromPath) = turn.fromPath, case .path(let to) = turn.to else {
                trap("guardAnswered without a path")
            }
            let resolved: PagePath
            do {
                resolved = try redirect.resolved(against: fromPath)
            } catch {
                return fail(NavigationError(wrapping: error), to: .path(to))
            }
            guard turn.redirectedFrom.count < maxRedirects, turn.tried.insert(resolved).inserted else {
                let trail = (turn.redirectedFrom + [to, resolved]).map(\.description).joined(separator: " → ")
                return fail(NavigationError(.redirectLoop, reason: "guards redirected \(turn.redirectedFrom.count + 1) times, "
                                                + "through \(trail)"), to: .path(to))
            }
            turn.redirectedFrom.append(to)
            turn.to = .path(resolved)
            turn.target = RequestedTarget(.path(redirect))
            return askGuard(0, turn)
        case .detour(let path):
            guard turn.detours < maxRedirects else {
                return fail(NavigationError(.redirectLoop, reason: "guards sent it on \(turn.detours + 1) detours, "
                                                + "the last to \(path)"), to: turn.to)
            }
            turn.detours += 1
            state = .detouring(turn)
            return .detour(path)
        }
    }

    /// The page a detour opened answered: `ok` resumes the request in a new turn; anything
    /// else (another status, no answer, a detour that failed) cancels it.
    mutating func detourEnded(ok: Bool) -> Action {
        guard case .detouring(let turn) = state else { return late(.detourEnd, "detourEnded") }
        guard ok else {
            return end(NavigationError(.cancelled, reason: "the detour a guard asked for did not end with `ok`"), to: turn.to)
        }
        state = .queued(detours: turn.detours)
        return .enqueue
    }

    /// The plan asked for is made (or could not be), with the pages it would remove that
    /// confirm leaving and how many loads it needs that the turn has not made yet.
    mutating func planned(_ result: Result<NavigationPlan, NavigationError>, leavers: [Leaver],
                          loads: [PageComponent] = []) -> Action {
        let locating = if case .locating = state { true } else { false }
        switch takeState() {
        case .locating(var turn), .planning(var turn):
            let plan: NavigationPlan
            switch result {
            case .success(let made): plan = made
            case .failure(let error): return fail(error, to: turn.to)  // Unknown while locating.
            }
            if locating {
                // Where the move leads is known now: the guards are asked about it.
                turn.to = .path(plan.path)
                turn.tried = [plan.path]
                return askGuard(0, turn)
            }
            if !loads.isEmpty {
                guard turn.loadRounds < Self.maxLoadRounds else {
                    let names = loads.map { "`\(PageReference.describe(name: $0.name, parameters: $0.parameters))`" }
                    return fail(NavigationError(.loadFailed, component: loads[0].name,
                                                reason: "the hierarchy changed during \(Self.maxLoadRounds) rounds of loading, "
                                                    + "and \(names.joined(separator: ", ")) still needed loading"),
                                plan: plan, to: turn.to)
                }
                turn.loadRounds += 1
                state = .loading(turn, plan)
                return .startLoads(announcing: event(.loadStarted(loads), plan: plan, from: turn.from, to: plan.destination))
            }
            let leavers = leavers.filter { !turn.approved.contains($0.id) }
            guard let first = leavers.first else {
                state = .making(turn, plan)
                return .makePages(plan)
            }
            state = .confirming(turn, plan, leavers: leavers, index: 0)
            return .askToLeave(first.id, leaveRequest(turn, plan))
        case let other:
            state = other  // For the trap's message.
            trap("planned")
        }
    }

    /// The state, taken out for a transition that sets the next one on every path, and
    /// `.ended` meanwhile: a state matched in place was copied whole, and the copy freed,
    /// at each step of every request. Callers check the case first, or put the state
    /// back before they trap, so that a trap still prints the state it came in.
    private mutating func takeState() -> State {
        var taken = State.ended
        swap(&taken, &state)
        return taken
    }

    /// The leaver asked last answered.
    mutating func leaveAnswered(_ allowed: Bool) -> Action {
        guard case .confirming(var turn, let plan, let leavers, let index) = state else {
            return late(.leaveAnswer, "leaveAnswered")
        }
        guard allowed else {
            var error = NavigationError(.refused, reason: "`\(leavers[index].description)` refused to leave")
            error.component = leavers[index].description
            return fail(error, plan: plan, to: turn.to)
        }
        turn.approved.insert(leavers[index].id)
        guard index + 1 < leavers.count else {
            // The person may have moved things while answering: plan again.
            return replan(turn)
        }
        state = .confirming(turn, plan, leavers: leavers, index: index + 1)
        return .askToLeave(leavers[index + 1].id, leaveRequest(turn, plan))
    }

    /// The guard or the leaver asked last did not answer within `timeout`: the request
    /// fails and lets go of the queue; the answer, if it ever comes, is late.
    mutating func answerTimedOut(after timeout: Duration) -> Action {
        switch state {
        case .guarding(let turn, let index):
            return fail(NavigationError(.answerTimedOut, reason: "guard \(index + 1) of \(turn.guardCount) did not answer "
                                            + "within \(timeout)"), to: turn.to)
        case .confirming(let turn, let plan, let leavers, let index):
            let page = leavers[index].description
            var error = NavigationError(.answerTimedOut, reason: "`\(page)` did not answer whether it may leave within "
                                            + "\(timeout); a page covered by a presentation, or in a tab not shown, "
                                            + "cannot present a question itself")
            error.component = page
            return fail(error, plan: plan, to: turn.to)
        default:
            return late(.answerTimeout, "answerTimedOut")
        }
    }

    /// Every load the plan needed finished, or the first of them failed.
    mutating func loadsFinished(_ result: Result<Void, NavigationError>) -> Action {
        guard case .loading(let turn, let plan) = state else { return late(.loadEnd, "loadsFinished") }
        if case .failure(let error) = result { return endLoads(turn, plan, then: fail(error, plan: plan, to: turn.to)) }
        // The person may have moved things while it loaded: plan again.
        return endLoads(turn, plan, then: replan(turn))
    }

    /// The loads took longer than `timeout`: the request fails and lets go of the queue.
    mutating func loadTimedOut(after timeout: Duration, waitingFor pending: [PageComponent]) -> Action {
        guard case .loading(let turn, let plan) = state else { return late(.loadTimeout, "loadTimedOut") }
        let names = pending.map { "`\(PageReference.describe(name: $0.name, parameters: $0.parameters))`" }
        var error = NavigationError(.loadTimedOut, reason: "its loads took longer than \(timeout)"
                                        + (names.isEmpty ? "" : ", waiting for \(names.joined(separator: ", "))"))
        error.component = pending.first?.name
        return endLoads(turn, plan, then: fail(error, plan: plan, to: turn.to))
    }

    /// The plan's pages are made (or a factory threw).
    mutating func pagesMade(_ result: Result<Void, NavigationError>) -> Action {
        guard case .making = state, case .making(let turn, let plan) = takeState() else { trap("pagesMade") }
        if case .failure(let error) = result { return fail(error, plan: plan, to: turn.to) }
        // The steps planned inside pages made go on from the first plan's: announced once.
        if ran != nil { return runWithoutAnnouncing(turn, plan) }
        let willStart = event(.willStart, plan: plan, from: turn.from, to: plan.destination)
        guard !plan.steps.isEmpty else {
            state = .finishing(turn, plan)
            return .announce(willStart, then: .finish(givingIntent: plan.hasIntentForTarget))
        }
        state = .running(turn, plan, index: 0, cancelling: false)
        return .announce(willStart, then: .runStep(0, of: plan, keepingPopped: keepsLeftPages))
    }

    /// Runs the steps planned inside pages made, which go on from the plans before.
    private mutating func runWithoutAnnouncing(_ turn: Turn, _ plan: NavigationPlan) -> Action {
        guard !plan.steps.isEmpty else {
            state = .finishing(turn, plan)
            return .finish(givingIntent: plan.hasIntentForTarget)
        }
        state = .running(turn, plan, index: 0, cancelling: false)
        return .runStep(0, of: plan, keepingPopped: keepsLeftPages)
    }

    /// The step running ended, or failed.
    mutating func stepEnded(_ result: Result<Void, NavigationError>) -> Action {
        guard case .running = state else { return late(.stepEnd, "stepEnded") }
        guard case .running(let turn, let plan, let index, let cancelling) = takeState() else { trap("stepEnded") }
        if case .failure(let error) = result { return fail(error, plan: plan, to: .current) }
        guard index + 1 < plan.steps.count else {
            if plan.continuesInside { return continueInside(turn, after: plan) }
            state = .finishing(turn, plan)
            return .finish(givingIntent: plan.hasIntentForTarget)
        }
        if cancelling {
            return fail(NavigationError(.cancelled, reason: "it was cancelled after \(index + 1) of \(plan.steps.count) steps"),
                        plan: plan, to: .current)
        }
        state = .running(turn, plan, index: index + 1, cancelling: false)
        return .runStep(index + 1, of: plan, keepingPopped: keepsLeftPages)
    }

    /// The intent the target of a finishing request is told, if any.
    func intentForTarget() -> PageIntent? {
        guard case .finishing(_, let plan) = state else { return nil }
        return plan.intentForTarget(payload: payload, source: source)
    }

    /// The intent is told; `current` is the current path now, `page` the page it ends at.
    /// `current` is taken, not copied, into the outcome.
    mutating func finished(at current: consuming SharedPath, target page: (any Page)?) -> Action {
        guard case .finishing = state, case .finishing(let turn, var plan) = takeState() else { trap("finished") }
        if let ran { plan = ran.followed(by: plan) }
        state = .succeeding(NavigationOutcome(plan: plan, from: turn.from, to: current, redirectedFrom: turn.redirectedFrom,
                                              target: page))
        return .fireValve
    }

    /// The queue's turn is over: as the request ended it, or timed out, or cancelled
    /// before it started. `current` is the current path, for a request that never started.
    mutating func queueEnded(_ result: Result<Void, NavigationError>, current: @autoclosure () -> SharedPath) -> Action {
        // The state is matched on its own, not in a tuple with the result: a tuple is a
        // copy of the whole state, made and freed at the end of every request.
        switch state {
        case .detouring:
            // The turn ends on purpose: the request waits out of the queue.
            return .none
        case .ended:
            return .ignore(.queueEnd)
        default:
            break
        }
        guard case .failure(let error) = result else {
            guard case .succeeding = state, case .succeeding(let outcome) = takeState() else {
                trap("queueEnded(success)")
            }
            let dropping = if case .move(.back(let count))? = requested?.target { count + 1 } else { 0 }
            return .complete(outcome, droppingHistory: dropping,
                             announcing: event(.didFinish, plan: outcome.plan, from: outcome.fromPath, to: outcome.toPath))
        }
        switch state {
        case .loading(let turn, let plan):
            // The queue let go of it while it loaded (its ticket was cancelled).
            return endLoads(turn, plan, then: end(error, plan: plan, to: turn.to))
        case .failing(let error, let plan, let to):
            return end(error, plan: plan, to: to, current: current())
        case .queued, .held:
            return end(error, from: current())
        case .running, .finishing:
            // A step timed out: the screen may have changed.
            return end(error, plan: plan, to: .current, current: current())
        default:
            // Timed out, or cancelled, while it waited.
            return end(error, plan: plan, to: turn?.to ?? .unknown)
        }
    }

    /// Plans where the turn goes now, against the hierarchy as it is now.
    private mutating func replan(_ turn: Turn) -> Action {
        state = .planning(turn)
        return .plan(turn.target)
    }

    /// Every step of `plan` ran, and the path goes on inside a page it made: the rest is
    /// planned again, as the absolute path the plan led to, in its mode (the visible
    /// chain a relative path or a move read has moved), with the same guards' blessing
    /// and the leavers already asked.
    private mutating func continueInside(_ turn: Turn, after plan: NavigationPlan) -> Action {
        var turn = turn
        // Each plan makes a page of the path, so a path of n components goes on at most n
        // times; more, and the pages made never held what the path names.
        guard continuations < plan.destination.count else {
            return fail(NavigationError(.cannotShow, component: plan.target.name,
                                        reason: "the path went on inside pages it made \(continuations) times, "
                                            + "and `\(plan.target)` still did not hold the rest"),
                        plan: plan, to: turn.to)
        }
        continuations += 1
        ran = if let ran { ran.followed(by: plan) } else { plan }
        turn.target = RequestedTarget(.path(plan.path), mode: plan.mode, shownBefore: plan.continuation?.shownBefore)
        if case .unknown = turn.to { turn.to = .path(plan.path) }
        return replan(turn)
    }

    /// Leaves the loading state for `then`, which has set the next state.
    private func endLoads(_ turn: Turn, _ plan: NavigationPlan, then: Action) -> Action {
        .endLoads(announcing: event(.loadEnded, plan: plan, from: turn.from, to: plan.destination), then: then)
    }

    private mutating func askGuard(_ index: Int, _ turn: Turn) -> Action {
        guard case .path(let fromPath) = turn.fromPath, case .path(let to) = turn.to else { trap("askGuard without a path") }
        state = .guarding(turn, index: index)
        return .askGuard(index, GuardRequest(from: fromPath, to: to, source: source, mode: mode))
    }

    private func leaveRequest(_ turn: Turn, _ plan: NavigationPlan) -> LeaveRequest {
        LeaveRequest(from: turn.fromPath.path ?? turn.from.path, to: turn.to.path ?? plan.path)
    }

    /// Fails the turn: the queue's turn ends with `error`, then the request.
    private mutating func fail(_ error: NavigationError, plan: NavigationPlan? = nil, to: KnownPath = .unknown) -> Action {
        let error = error.naming(requested?.target)
        // Plans that ran before the one that failed, inside pages they made, changed the screen.
        state = .failing(error, plan: plan, to: ran == nil ? to : .current)
        return .failValve(error)
    }

    /// Ends the request with `error`, announced as failed or cancelled: going `to` the
    /// destination, or, when a step changed the screen, ending at `current`, recorded.
    private mutating func end(_ error: NavigationError, plan: NavigationPlan? = nil, to: KnownPath = .unknown,
                              from: SharedPath? = nil, current: @autoclosure () -> SharedPath? = nil) -> Action {
        let from = from ?? turn?.from ?? SharedPath()
        state = .ended
        let error = error.naming(requested?.target)
        let kind: NavigationEvent.Kind = error.code == .cancelled ? .cancelled : .failed(error)
        let reached = if case .current = to { current() } else { SharedPath?.none }  // Read only then.
        return .abandon(error, recording: reached, announcing: event(kind, plan: plan, from: from,
                                                                     to: reached ?? plan?.destination ?? to.path.map(SharedPath.init)))
    }

    /// The plan known in the state, for a failure the queue reports.
    private var plan: NavigationPlan? {
        switch state {
        case .loading(_, let plan), .confirming(_, let plan, _, _), .making(_, let plan), .running(_, let plan, _, _),
             .finishing(_, let plan):
            plan
        default: nil
        }
    }

    private var turn: Turn? {
        switch state {
        case .locating(let turn), .guarding(let turn, _), .planning(let turn), .loading(let turn, _),
             .confirming(let turn, _, _, _),
             .making(let turn, _), .running(let turn, _, _, _), .finishing(let turn, _), .detouring(let turn):
            turn
        case .held, .queued, .succeeding, .failing, .ended:
            nil
        }
    }

    private func event(_ kind: NavigationEvent.Kind, plan: NavigationPlan?, from: SharedPath, to: SharedPath?)
        -> NavigationEvent {
        NavigationEvent(kind: kind, requested: requested, source: source, plan: plan, from: from, to: to)
    }

    /// An answer after the request stopped waiting is ignored; one that cannot come in
    /// this state at all is a bug in the driver.
    private func late(_ late: Late, _ event: String) -> Action {
        switch state {
        case .failing, .succeeding, .ended: return .ignore(late)
        default: trap(event)
        }
    }

    private func trap(_ event: String) -> Never {
        preconditionFailure("request state machine: \(event) in state \(state)")
    }
}
