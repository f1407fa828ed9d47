// What a request's driver asks of the navigator (`RequestEnvironment`): plans, the pages a
// plan removes, the pages it makes, the current route, the history and the observers.
extension Navigator: RequestEnvironment {
    /// Parses `destination` with the configured limits; a bad path, or an app URL of a
    /// scheme the configuration does not accept, is a ``NavigationError``.
    func parse(_ destination: some PagePathConvertible) throws -> PagePath {
        let path: PagePath
        do {
            path = try destination.pagePath(limits: configuration.limits)
        } catch {
            throw NavigationError(wrapping: error)
        }
        try acceptScheme(of: path)
        return path
    }

    /// Throws unless `path` has no scheme or one this navigator routes. Apart from
    /// ``parse(_:)``, which is generic and runs unspecialized for callers in other
    /// modules: there even the optional scheme was copied through its type metadata.
    private func acceptScheme(of path: borrowing PagePath) throws {
        // The set alone: calling a method of `configuration` copies all of it.
        if let scheme = path.scheme, !Configuration.schemes(configuration.acceptedSchemes, accept: scheme) {
            let accepted = configuration.acceptedSchemes.sorted().map { "`\($0)`" }.joined(separator: ", ")
            throw NavigationError(.foreignScheme, path: path.description,
                                  reason: "its scheme `\(scheme)` is not one this navigator routes (\(accepted))")
        }
    }

    var hierarchy: LiveHierarchy? {
        guard let root else { return nil }
        return LiveHierarchy(root: root, host: host, cache: cache)
    }

    /// Hands this navigator to `page` when it is a ``NavigatorHolding`` page, and moves it
    /// onto this navigator's queue when it is a container with a queue of its own.
    func attach(_ page: any Page) {
        if let holding = page as? any NavigatorHolding, holding.navigator !== self { holding.navigator = self }
        if let container = page as? any QueuedContainer { share(container) }
    }

    /// Moves `sharing` onto this navigator's queue; when it cannot move, listens to the
    /// queue it stays on, so the changes it reports there still reach this navigator.
    func share(_ sharing: any QueueSharing) {
        let own = sharing.transitionQueue
        guard own !== queue, !sharing.adopt(queue) else { return }
        own.addWatcher(self)
    }

    /// The visible chain as it is now; `nil` before a root is installed.
    func visibleRoute() -> LiveRoute? {
        hierarchy?.visibleRoute()
    }

    /// Plans `target` for a request (or for ``plan(for:_:)`` when `request` is `nil`).
    /// - Parameter visible: The visible chain, when the caller has just read it.
    func makePlan(for target: NavigationTarget, mode: ResolutionMode, options: NavigationOptions,
                  provided: (any Page)? = nil, visible: LiveRoute? = nil) throws -> NavigationPlan {
        let source = options.source
        guard let hierarchy else {
            throw NavigationError(.noRoot, reason: "the navigator has no root page yet").naming(target)
        }
        // Made where it is used: a path's walk takes the new resolver over without copying it.
        func resolver() -> Resolver {
            Resolver(hierarchy: hierarchy, registry: registry, options: options, visible: visible, shown: shownStyles)
        }
        let plan: NavigationPlan
        switch target {
        case .path(let path):
            plan = try resolver().plan(for: path, mode: mode)
        case .move(let move):
            let context = Resolver.MoveContext(
                page: { [unowned self] in page(identifiedBy: $0) },
                kept: { [unowned self] identifier in keptPages.find { self.identifier(of: $0) == identifier } },
                provided: provided, history: history)
            plan = try resolver().plan(for: move, context: context)
        }
        if source == .external {
            try checkExternal(plan)
        }
        return plan
    }

    func plan(_ target: RequestedTarget, for request: NavigationRequest) throws -> NavigationPlan {
        // No `??`: its autoclosure, formed on the main actor, checks the executor when called.
        let mode = if let mode = target.mode { mode } else { request.mode }
        // The request's options are copied only for a target that remembers how its pages
        // were shown (the rest of a path planned again inside pages a `back(n)` made).
        guard let styles = target.shownBefore else {
            return try makePlan(for: target.target, mode: mode, options: request.options, provided: request.providedPage)
        }
        var options = request.options
        options.shownBefore = styles
        return try makePlan(for: target.target, mode: mode, options: options, provided: request.providedPage)
    }

    func beginTurn() -> (path: SharedPath, guards: [NavigationGuard]) {
        guard let path = hierarchy?.visiblePath() else { return (SharedPath(), guards.elements()) }
        noticeUnreportedChange(spelled: path)
        return (path, guards.elements())
    }

    func pagesLeaving(_ plan: NavigationPlan) -> [any LeaveConfirming] {
        leavingPages(of: plan)
    }

    func livePath() -> SharedPath {
        hierarchy?.visiblePath() ?? SharedPath()
    }

    func loadsEnded(_ driver: RequestDriver, begunAt path: SharedPath, _ result: Result<Void, NavigationError>,
                    then proceed: @escaping @MainActor (RequestDriver) -> Void) {
        // The person's change came first, and its supersession waits for the next turn.
        guard case .success = result, !supersedeIfPending(driver) else { return proceed(driver) }
        // The person's gesture still moves (SwiftUI's system back, a swipe): nothing of the
        // request runs under it. Once it ends, what it changed, reported as the person's,
        // has superseded the request; a gesture given up changed nothing.
        guard !queue.isInteracting else {
            return queue.afterInteractions { [weak self, weak driver] in
                guard let self, let driver else { return }
                self.loadsEnded(driver, begunAt: path, result, then: proceed)
            }
        }
        // A change a container reported was recorded, and is planned around. One no
        // container reported (a plain `UINavigationController`'s back, which may be the
        // person's) cannot be told from the person's: planned again, the request would
        // undo it.
        let now = livePath()
        if !SharedPath.same(now, path), !history.lastIsSame(as: now) {
            noticeUnreportedChange(spelled: now)
            driver.supersede(by: "a change no container reported")
        }
        proceed(driver)
    }

    func step(_ step: NavigationPlan.Step, willRun: Bool, keepingPopped: Bool, made: [any Page]) {
        guard willRun else {
            stepsInProgress -= 1
            switch step {
            case .push(let pages, _, let style):
                // Kept pages brought back are the stack's again.
                if pages.first?.kind == .provided { keptPages.restored(pages.compactMap(\.page)) }
                remember(style, of: pages, made: made)
                rememberPush(style, of: pages, made: made)
            case .setStack(let pages, _, let style):
                remember(style, of: pages, made: made)
                rememberPush(style, of: pages, made: made)
            case .present(let pages, _, _, let style):
                remember(style, of: pages, made: made)
                if let first = pages.first?.page(madeAs: made) { shownStyles.record(presentation: style, for: first) }
            default:
                break
            }
            return
        }
        stepsInProgress += 1
        if keepingPopped { keepPages(poppedBy: step) }
        switch step {
        case .setStack(_, let stack, _):
            // A reorder can keep the stack's ends and count: its run must be read again.
            if let stack = stack.page { cache.forget(stack) }
        case .update:
            // A component changes where a run cannot see it: read the stacks again.
            cache.forgetAll()
        case .present(let pages, _, let presenter, _):
            // Where an alert's answer bubbles from once the platform has taken it away.
            if let alert = pages.last?.page(madeAs: made) as? AlertPage { alert.presenter = presenter.page(madeAs: made) }
        default:
            break
        }
    }

    /// Remembers the transition `pages` were shown with, for their pop to reverse; free
    /// when no page was ever shown with one.
    private func remember(_ style: ShowStyle, of pages: [PageReference], made: [any Page]) {
        guard style.transition != .platform || !shownStyles.isEmpty else { return }
        shownStyles.record(style.transition, for: pages.compactMap { $0.page(madeAs: made) })
    }

    /// Remembers how the last of `pages` was pushed, for the history to push it the same
    /// way again; free when no page was ever pushed with a style.
    private func rememberPush(_ style: ShowStyle, of pages: [PageReference], made: [any Page]) {
        guard style.transition != .platform || style.hidesBottomBar || !shownStyles.pushesPlainly,
              let last = pages.last?.page(madeAs: made) else { return }
        shownStyles.record(push: style, for: last)
    }

    func detour(to path: PagePath, answered: @escaping @MainActor (Bool) -> Void) {
        awaitResponse(opening: path, then: answered)
    }

    func enqueue(_ driver: RequestDriver) {
        let ticket = queue.enqueue(.describing(driver), animated: driver.request.animated) { valve in
            driver.start(valve)
            return .wait
        }
        driver.request.ticket = ticket
        ticket.onResolve { result in driver.queueEnded(result) }
    }

    private func checkExternal(_ plan: NavigationPlan) throws {
        // New pages were checked while planning; a live target must be allowed too. An
        // event is allowed when its handler's owner is.
        guard case .live = plan.target.kind else { return }
        var components = plan.path.components
        if plan.isDelivery { components.removeLast() }
        guard let last = components.last, !registry.isExternallyOpenable(last.name) else { return }
        throw NavigationError(.notExternallyOpenable, path: plan.path.description, component: last.name,
                              reason: "`\(last.name)` is not registered as externally openable")
    }

    /// The pages `plan` would remove that confirm leaving, in the order its steps remove
    /// them.
    /// - Complexity: O(*r*) in the pages removed, found from the top of their stacks.
    func leavingPages(of plan: NavigationPlan) -> [any LeaveConfirming] {
        var leaving: [any LeaveConfirming] = []
        func collect(_ page: any Page) {
            // A page that holds and presents none is all there is to visit: no walk, which
            // allocates.
            if page.asParent == nil, host.presentedPage(of: page) == nil {
                if let confirming = page as? any LeaveConfirming { leaving.append(confirming) }
                return
            }
            LiveHierarchy(root: page, host: host).forEachPage { page, _ in
                if let confirming = page as? any LeaveConfirming { leaving.append(confirming) }
                return true
            }
        }
        let steps = plan.steps
        for index in steps.indices {
            switch steps[index] {
            case .dismiss(let modal, _, _):
                if let modal = modal.page { collect(modal) }
            case .popTo(let target, let stack, _):
                guard let pages = stack.page?.asStack?.containedPages, let target = target.page else { continue }
                var index = pages.count - 1
                while index >= 0, pages[index] !== target { index -= 1 }
                guard index >= 0 else { continue }
                for popped in pages[(index + 1)...] { collect(popped) }
            case .setStack(let pages, let stack, _):
                // Only the pages the new stack does not keep leave (a reorder keeps all).
                let kept = Set(pages.compactMap { $0.page.map(ObjectIdentifier.init) })
                for page in stack.page?.asStack?.containedPages ?? [] where !kept.contains(ObjectIdentifier(page)) {
                    collect(page)
                }
            default:
                continue
            }
        }
        return leaving
    }

    /// Makes the pages `plan` needs from the registry, in order; then the navigation
    /// stacks it makes by name, each with its pages. The request's payload goes to the
    /// page the plan ends at.
    func makePages(for plan: NavigationPlan, request: NavigationRequest, loads: PageLoads?) throws -> [any Page] {
        // A plan that makes nothing (a pop, a selection) allocates nothing here.
        guard !plan.newComponents.isEmpty else { return [] }
        let stacks = plan.madeStacks
        let targetIndex: Int? = if case .new(let index) = plan.target.kind { index } else { nil }
        func intent(_ index: Int) -> PageIntent {
            let component = plan.newComponents[index]
            return PageIntent(component: component, path: plan.destination,
                              payload: index == targetIndex ? request.payload : nil, source: request.source,
                              loaded: loads?.valueToMake(component))
        }
        func failed(_ component: PageComponent, _ error: any Error) -> NavigationError {
            NavigationError(.factoryFailed, component: component.name,
                            reason: "the factory for `\(component.name)` threw", underlying: error)
        }
        func make(_ index: Int, _ component: PageComponent) throws -> any Page {
            guard let factory = registry.entry(for: component.name)?.factory else {
                throw NavigationError(.notRegistered, component: component.name,
                                      reason: "no page is registered as `\(component.name)`")
            }
            do {
                return try factory(intent(index))
            } catch {
                throw failed(component, error)
            }
        }
        guard !stacks.isEmpty else {
            // No stack to fill: the pages go straight into the one array, attached once all
            // are made, as below.
            var made: [any Page] = []
            made.reserveCapacity(plan.newComponents.count)
            for (index, component) in plan.newComponents.enumerated() {
                made.append(try make(index, component))
            }
            for page in made { attach(page) }
            return made
        }
        var pages: [(any Page)?] = Array(repeating: nil, count: plan.newComponents.count)
        // Loops, not closures: one formed on the main actor checks its executor each call.
        for (index, component) in plan.newComponents.enumerated() {
            var isStack = false
            for stack in stacks where stack.index == index {
                isStack = true
                break
            }
            if isStack { continue }
            pages[index] = try make(index, component)
        }
        for stack in stacks {
            let component = plan.newComponents[stack.index]
            guard let factory = registry.entry(for: component.name)?.stackFactory else {
                throw NavigationError(.notRegistered, component: component.name,
                                      reason: "no navigation stack is registered as `\(component.name)`")
            }
            do {
                var held: [any Page] = []
                for index in stack.pages {
                    if let page = pages[index] { held.append(page) }
                }
                pages[stack.index] = try factory(intent(stack.index), held)
            } catch {
                throw failed(component, error)
            }
        }
        var made: [any Page] = []
        made.reserveCapacity(pages.count)
        for page in pages {
            guard let page else { preconditionFailure("a page the plan names was not made") }
            attach(page)
            made.append(page)
        }
        return made
    }

    /// Keeps the pages `step` is about to pop, for a jump back.
    func keepPages(poppedBy step: NavigationPlan.Step) {
        guard case .popTo(let target, let stack, _) = step, let stack = stack.page?.asStack, let target = target.page
        else { return }
        let pages = stack.containedPages
        var index = pages.count - 1
        while index >= 0, pages[index] !== target { index -= 1 }
        guard index >= 0, index < pages.count - 1 else { return }
        keptPages.keep(Array(pages[(index + 1)...]), poppedFrom: stack, above: target)
    }

    /// Runs the action registered for `component`, with the request's intent.
    func runAction(_ component: PageComponent, of plan: NavigationPlan, for request: NavigationRequest) throws {
        guard case .action(let action)? = registry.entry(for: component.name)?.kind else {
            throw NavigationError(.notRegistered, component: component.name,
                                  reason: "no action is registered as `\(component.name)`")
        }
        do {
            try action(PageIntent(component: component, path: plan.destination, payload: request.payload,
                                  source: request.source))
        } catch {
            throw NavigationError(.actionFailed, component: component.name,
                                  reason: "the action `\(component.name)` threw", underlying: error)
        }
    }

    /// Records `path` in the history, after dropping the last `count` entries.
    func record(_ path: consuming SharedPath, droppingLast count: Int) {
        if count > 0 { history.dropLast(count) }
        recordInHistory(path)
    }

    /// Records `path`, the current path, in the history, with how its pages were pushed
    /// and its modals presented where not by default. The route is walked for them only
    /// once some page was pushed with a style, or while a modal is presented and some
    /// modal was presented with one.
    func recordInHistory(_ path: consuming SharedPath) {
        let plain = shownStyles.pushesPlainly && (shownStyles.presentsPlainly || host.presentsNothing)
        let styles = plain ? nil : visibleRoute().flatMap { shownStyles.styles(on: $0) }
        history.record(path, styles: styles)
    }

    /// Reports `event` to observers and streams.
    func emit(_ event: NavigationEvent) {
        // Each asked apart: with observers and no stream, as most apps have, the streams'
        // table is not walked on every event.
        if !observers.isEmpty { observers.send(event) }
        if !streams.isEmpty { streams.yield(event) }
    }
}
