/// What a request's driver asks of the navigator that made it.
@MainActor
protocol RequestEnvironment: AnyObject {
    /// A turn begins: the current path now (after announcing a change nobody reported),
    /// and the guards to ask.
    func beginTurn() -> (path: SharedPath, guards: [NavigationGuard])
    /// Plans `target` for `request` against the hierarchy as it is now, in the target's
    /// mode, or the request's, showing pages as the target remembers, or the request.
    func plan(_ target: RequestedTarget, for request: NavigationRequest) throws -> NavigationPlan
    /// The pages `plan` would remove that confirm leaving.
    func pagesLeaving(_ plan: NavigationPlan) -> [any LeaveConfirming]
    /// The loads `plan` needs: the pages it makes whose registrations have loaders, and
    /// the live page it ends at when that page is to be refreshed.
    func loads(for plan: NavigationPlan, request: NavigationRequest) throws -> [PageLoad]
    /// `driver`'s request started loading, or stopped; a newer request that already waits.
    func loading(_ driver: RequestDriver, started: Bool) -> NavigationRequest?
    /// Makes the plan's new pages, a page with a loader from the value `loads` holds.
    func makePages(for plan: NavigationPlan, request: NavigationRequest, loads: PageLoads?) throws -> [any Page]
    func runAction(_ component: PageComponent, of plan: NavigationPlan, for request: NavigationRequest) throws
    /// A step is about to touch the hierarchy, or has started: what containers report in
    /// between is the request's own; `keepingPopped` keeps what it pops; `made` are the
    /// plan's new pages, which its references name by index.
    func step(_ step: NavigationPlan.Step, willRun: Bool, keepingPopped: Bool, made: [any Page])
    func emit(_ event: NavigationEvent)
    /// Records `path` in the history, after dropping the last `count` entries.
    func record(_ path: consuming SharedPath, droppingLast count: Int)
    func livePath() -> SharedPath
    /// `driver`'s loads ended with `result`, begun with the screen at `path`: a change
    /// since that no container reported supersedes the request, and a gesture of the
    /// person's still moving is waited out (what it changes, reported, supersedes it).
    /// Then `proceed` carries on with the driver.
    func loadsEnded(_ driver: RequestDriver, begunAt path: SharedPath, _ result: Result<Void, NavigationError>,
                    then proceed: @escaping @MainActor (RequestDriver) -> Void)
    /// Opens `path`, and reports whether the page it ends at answered `ok`.
    func detour(to path: PagePath, answered: @escaping @MainActor (Bool) -> Void)
    /// Queues `driver`'s request for a turn.
    func enqueue(_ driver: RequestDriver)
}
