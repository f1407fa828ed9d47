/// Opens page paths against the live hierarchy, one at a time, through a
/// ``TransitionQueue``.
///
/// ```swift
/// var registry = PageRegistry()
/// try registry.register("person_detail") { intent in
///     PersonDetailPage(personID: intent.parameter("id") ?? "")
/// }
/// let queue = TransitionQueue()
/// let navigator = Navigator(root: tabBarController, host: UIKitPageHost(queue: queue),
///                           registry: registry, queue: queue)
///
/// try await navigator.open("app://tab/contact/person_detail?id=5")
/// navigator.currentPath.description   // "/tab#contact/list/person_detail(id=5)"
/// ```
///
/// Each request is queued in call order and planned when its turn comes, against the
/// hierarchy as it is then. Its steps run one at a time, each waiting for its container
/// to report the end of its transition, so animations never overlap. No global state:
/// pass the navigator to what needs it.
@MainActor
public final class Navigator {
    /// Settings of a navigator.
    public struct Configuration: Sendable {
        /// Whether transitions animate unless a request says otherwise. Default `true`.
        public var animated: Bool
        /// Bounds on the paths it parses from text.
        public var limits: PagePath.Limits
        /// How many paths ``Navigator/history`` keeps. Default 50.
        public var historyCapacity: Int
        /// How many redirects guards may make for one request. Default 5.
        public var maxRedirects: Int

        /// Creates a configuration.
        /// - Parameters:
        ///   - animated: Whether transitions animate by default.
        ///   - limits: Bounds on parsed paths.
        ///   - historyCapacity: How many paths the history keeps.
        ///   - maxRedirects: How many redirects one request may take.
        public init(animated: Bool = true, limits: PagePath.Limits = .default, historyCapacity: Int = 50,
                    maxRedirects: Int = 5) {
            self.animated = animated
            self.limits = limits
            self.historyCapacity = historyCapacity
            self.maxRedirects = maxRedirects
        }
    }

    /// The root page, once installed.
    public private(set) var root: (any Page)?
    /// Presents, dismisses and makes stacks for the platform.
    public let host: any PageHost
    /// The factories for pages that must be made.
    public var registry: PageRegistry
    /// The queue every transition goes through. Share it with a
    /// `QueueNavigationController` so its own pushes and pops wait their turn too.
    public let queue: TransitionQueue
    /// The navigator's settings; changes take effect from the next request (and at once
    /// for the history's capacity).
    public var configuration: Configuration {
        didSet { history.resize(to: configuration.historyCapacity) }
    }
    /// The paths shown so far.
    public private(set) var history: NavigationHistory

    let identities: PageIdentityTable
    private var guards = TokenList<NavigationGuard>()
    private var observers = ObserverList<NavigationEvent>()
    private var heldRequest: NavigationRequest?
    private let streams = EventStreams()
    private var queueObservation: ObservationToken?
    var responses = ResponseRouter()

    /// Creates a navigator.
    /// - Parameters:
    ///   - root: The root page, or `nil` to install it later with ``install(root:)``
    ///     (requests made meanwhile are held).
    ///   - host: Presentation and stack making for the platform.
    ///   - registry: The page factories.
    ///   - queue: The transition queue; a new one by default.
    ///   - identifiers: Makes the identifiers of pages that give none; random by default.
    ///   - configuration: Settings.
    public init(
        root: (any Page)? = nil,
        host: any PageHost,
        registry: PageRegistry = PageRegistry(),
        queue: TransitionQueue = TransitionQueue(),
        identifiers: PageIdentifierGenerator = .random,
        configuration: Configuration = Configuration()
    ) {
        self.root = root
        self.host = host
        self.registry = registry
        self.queue = queue
        self.configuration = configuration
        history = NavigationHistory(capacity: configuration.historyCapacity)
        identities = PageIdentityTable(generator: identifiers)
        queueObservation = queue.observe { [weak self] event in
            self?.queueDidReport(event)
        }
        if let root {
            host.install(root: root)
            history.record(currentPath)
        }
    }

    deinit {
        // A request still waiting for a root would otherwise never end.
        if let held = heldRequest {
            Task { @MainActor in held.cancel() }
        }
    }

    /// Installs the root page. A request made before it was installed runs now.
    ///
    /// Only the newest such request is held: a later deep link replaces an earlier one,
    /// which ends with ``NavigationError/Code/cancelled``, so a cold start opens the link
    /// the person tapped last.
    /// - Parameter root: The root page.
    public func install(root: any Page) {
        self.root = root
        host.install(root: root)
        history.record(currentPath)
        if let held = heldRequest {
            heldRequest = nil
            held.onCancelWhileHeld = nil
            enqueue(held)
        }
    }

    // MARK: Planning

    /// The plan opening `path` would run now, with no side effect but asking pages
    /// ``Page/canRespond(to:query:)``.
    /// - Parameters:
    ///   - path: An absolute path, or a relative one (resolved against ``currentPath``).
    ///   - mode: The resolution mode.
    ///   - source: Where the request would come from.
    /// - Returns: The plan.
    /// - Throws: ``NavigationError`` naming the path and component that cannot be opened.
    /// - Complexity: See the resolver: O(*d* + *s*) in the path's length and the stack
    ///   pages searched (reuse mode), O(*d* + *t*) in exact mode; the registry is never
    ///   scanned.
    public func plan(for path: PagePath, mode: ResolutionMode = .reuse,
                     source: NavigationSource = .app) throws -> NavigationPlan {
        try makePlan(for: path, mode: mode, source: source)
    }

    /// The plan opening `text` would run now.
    /// - Parameters:
    ///   - text: A path string or an app URL.
    ///   - mode: The resolution mode.
    ///   - source: Where the request would come from.
    /// - Returns: The plan.
    /// - Throws: ``NavigationError`` (``NavigationError/Code/invalidPath`` for bad text).
    public func plan(for text: String, mode: ResolutionMode = .reuse,
                     source: NavigationSource = .app) throws -> NavigationPlan {
        try plan(for: parse(text), mode: mode, source: source)
    }

    /// Whether `path` can be opened now: whether ``plan(for:mode:source:)-(PagePath,_,_)``
    /// succeeds. Call that to learn why not.
    /// - Parameters:
    ///   - path: The path.
    ///   - mode: The resolution mode.
    /// - Returns: Whether a plan exists.
    public func canOpen(_ path: PagePath, mode: ResolutionMode = .reuse) -> Bool {
        (try? plan(for: path, mode: mode)) != nil
    }

    func makePlan(for path: PagePath, mode: ResolutionMode,
                  source: NavigationSource) throws -> NavigationPlan {
        guard let root else {
            throw NavigationError(.noRoot, path: path.description, reason: "the navigator has no root page yet")
        }
        let resolver = Resolver(hierarchy: LiveHierarchy(root: root, host: host), registry: registry, source: source)
        let plan = try resolver.plan(for: path, mode: mode)
        if source == .external {
            try checkExternal(plan)
        }
        return plan
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

    // MARK: Opening

    /// Queues a request to open `path`; it is planned and run when its turn comes.
    /// - Parameters:
    ///   - path: An absolute path, or a relative one, resolved against ``currentPath``
    ///     when its turn comes.
    ///   - mode: The resolution mode.
    ///   - animated: Whether to animate; ``Configuration/animated`` by default.
    ///   - payload: A value for the page the path ends at (see ``PageIntent``).
    ///   - source: Where the request comes from.
    /// - Returns: The request, to await or cancel.
    @discardableResult
    public func request(
        _ path: PagePath,
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) -> NavigationRequest {
        request(NavigationRequest(path: path, mode: mode, source: source,
                                  animated: animated ?? configuration.animated, payload: payload))
    }

    /// Holds `request` until there is a root, or queues it.
    @discardableResult
    func request(_ request: NavigationRequest) -> NavigationRequest {
        if root == nil {
            hold(request)
        } else {
            enqueue(request)
        }
        return request
    }

    /// Opens `path` and returns once every step has run.
    /// - Parameters:
    ///   - path: An absolute or relative path.
    ///   - mode: The resolution mode.
    ///   - animated: Whether to animate; ``Configuration/animated`` by default.
    ///   - payload: A value for the page the path ends at.
    ///   - source: Where the request comes from.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError`` naming the path and component when it cannot be
    ///   opened, was refused, failed, timed out or was cancelled.
    @discardableResult
    public func open(
        _ path: PagePath,
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) async throws -> NavigationOutcome {
        try await request(path, mode: mode, animated: animated, payload: payload, source: source).outcome()
    }

    /// Opens a path string or app URL and returns once every step has run.
    /// - Parameters:
    ///   - text: The path or URL.
    ///   - mode: The resolution mode.
    ///   - animated: Whether to animate.
    ///   - payload: A value for the page the path ends at.
    ///   - source: Where the request comes from.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError``; ``NavigationError/Code/invalidPath`` for bad text.
    @discardableResult
    public func open(
        _ text: String,
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) async throws -> NavigationOutcome {
        try await open(parse(text), mode: mode, animated: animated, payload: payload, source: source)
    }

    private func hold(_ request: NavigationRequest) {
        if let previous = heldRequest {
            previous.onCancelWhileHeld = nil
            resolveUnstarted(previous, NavigationError(
                .cancelled, path: previous.path.description,
                reason: "a newer request replaced it while the navigator waited for its root"))
        }
        heldRequest = request
        request.onCancelWhileHeld = { [weak self, weak request] in
            guard let self, let request, self.heldRequest === request else { return }
            self.heldRequest = nil
            self.emit(.cancelled, requested: request.path, from: self.currentPath, to: nil, plan: nil,
                      source: request.source)
        }
    }

    private func enqueue(_ request: NavigationRequest) {
        var operation: OpenOperation?
        let ticket = queue.enqueue("open \(request.path)", animated: request.animated) { [weak self, request] valve in
            guard let self else {
                valve.fail(NavigationError(.cancelled, reason: "the navigator is gone"))
                return .wait
            }
            let started = OpenOperation(navigator: self, request: request, valve: valve)
            operation = started
            started.start()
            return .wait
        }
        request.ticket = ticket
        ticket.onResolve { [weak self] result in
            guard let self else { return }
            let from = operation?.startPath ?? self.currentPath
            switch result {
            case .success:
                guard let outcome = operation?.outcome else {
                    preconditionFailure("an open finished without an outcome")
                }
                if case .move(.back(let count)) = request.target {
                    self.history.dropLast(count + 1)
                }
                self.history.record(outcome.to)
                // Resolved first, so whoever awaits a response from the target is waiting
                // before an observer can make the page respond.
                request.resolve(.success(outcome))
                self.emit(.didFinish, requested: request.path, from: from, to: outcome.to, plan: outcome.plan,
                          source: request.source)
            case .failure(let error):
                self.emit(error.code == .cancelled ? .cancelled : .failed(error), requested: request.path,
                          from: from, to: operation?.destination, plan: operation?.currentPlan, source: request.source)
                request.resolve(.failure(error))
            }
            operation = nil
        }
    }

    private func resolveUnstarted(_ request: NavigationRequest, _ error: NavigationError) {
        emit(.cancelled, requested: request.path, from: currentPath, to: nil, plan: nil, source: request.source)
        request.resolve(.failure(error))
    }

    /// Parses `text` with the configured limits; a bad path is a ``NavigationError``.
    func parse(_ text: String) throws -> PagePath {
        do {
            return try PagePath(parsing: text, limits: configuration.limits)
        } catch {
            throw NavigationError(wrapping: error)
        }
    }

    // MARK: The live hierarchy

    var hierarchy: LiveHierarchy? {
        root.map { LiveHierarchy(root: $0, host: host) }
    }

    /// The path of the live hierarchy, from the root to the visible page, each page with
    /// its own parameters: `/tab#contact/list/person_detail(id=5)!compose`.
    ///
    /// Opening it in exact mode changes nothing; opening it on a fresh hierarchy rebuilds
    /// this one. Empty before a root is installed.
    /// - Complexity: O(*v* + *s*) in the visible chain's length and its stacks' depths.
    public var currentPath: PagePath {
        hierarchy?.currentPath() ?? PagePath([])
    }

    /// ``currentPath`` as an app URL: `app://tab/contact/list/person_detail(id=5)!compose`.
    /// - Parameter scheme: The URL scheme.
    /// - Returns: The URL text.
    public func currentURL(scheme: String) -> String {
        currentPath.urlString(scheme: scheme)
    }

    /// The live tree as indented text, visible pages marked `*`, modals with `!`.
    public var hierarchyDescription: String {
        hierarchy?.treeDescription() ?? "(no root)"
    }

    /// The identifier of `page`: its own ``Page/pageIdentifier``, or one assigned on
    /// first use from the navigator's ``PageIdentifierGenerator``.
    /// - Parameter page: A page.
    /// - Returns: Its identifier, stable while it lives.
    public func identifier(of page: any Page) -> PageIdentifier {
        identities.identifier(of: page)
    }

    /// The live page with `identifier`.
    /// - Parameter identifier: An identifier.
    /// - Returns: The page, or `nil` when no live page has it.
    /// - Complexity: O(*n*) in the number of live pages.
    public func page(identifiedBy identifier: PageIdentifier) -> (any Page)? {
        var found: (any Page)?
        hierarchy?.forEachPage { page, _ in
            if identities.identifier(of: page) == identifier { found = page }
            return found == nil
        }
        return found
    }

    func pagesRemoved(by plan: NavigationPlan) -> [any Page] {
        var removed: [any Page] = []
        func collect(_ page: any Page) {
            LiveHierarchy(root: page, host: host).forEachPage { page, _ in
                removed.append(page)
                return true
            }
        }
        for step in plan.steps {
            switch step {
            case .dismiss(let modal, _):
                if let modal = modal.page { collect(modal) }
            case .popTo(let page, let stack):
                guard let stack = stack.page?.asStack, let page = page.page else { continue }
                let pages = stack.containedPages
                if let index = pages.firstIndex(where: { $0 === page }) {
                    pages[(index + 1)...].forEach(collect)
                }
            case .setStack(let pages, let stack):
                // Only the pages the new stack does not keep leave (a reorder keeps all).
                let kept = Set(pages.compactMap { $0.page.map(ObjectIdentifier.init) })
                stack.page?.asStack?.containedPages.filter { !kept.contains(ObjectIdentifier($0)) }.forEach(collect)
            default:
                continue
            }
        }
        return removed
    }

    // MARK: Making pages and running steps

    func makePages(for plan: NavigationPlan, payload: (any Sendable)?,
                   source: NavigationSource) throws -> [any Page] {
        var pages: [any Page] = []
        pages.reserveCapacity(plan.newComponents.count)
        let targetIndex: Int? = if case .new(let index) = plan.target.kind { index } else { nil }
        for (index, component) in plan.newComponents.enumerated() {
            guard let entry = registry.entry(for: component.name) else {
                throw NavigationError(.notRegistered, path: plan.path.description, component: component.name,
                                      reason: "no page is registered as `\(component.name)`")
            }
            let intent = PageIntent(component: component, path: plan.path,
                                    payload: index == targetIndex ? payload : nil, source: source)
            do {
                pages.append(try entry.factory(intent))
            } catch {
                throw NavigationError(.factoryFailed, path: plan.path.description, component: component.name,
                                      reason: "the factory for `\(component.name)` threw", underlying: error)
            }
        }
        return pages
    }

    func perform(_ step: NavigationPlan.Step, made: [any Page], animated: Bool, completion: TransitionCompletion) {
        let container: PageReference? = switch step {
        case .select(_, let tabs), .addTab(_, _, let tabs): tabs
        case .popTo(_, let stack), .push(_, let stack), .setStack(_, let stack): stack
        case .dismiss, .present, .deliver: nil
        }
        if let queued = container?.page as? any QueuedContainer, queued.transitionQueue !== queue {
            // Its own queue may hold work others asked of it: wait for our turn there.
            let ticket = queued.transitionQueue.enqueue("\(step)", animated: animated) { [weak self] valve in
                guard let self else { return .done }
                self.performNow(step, made: made, animated: animated, completion: TransitionCompletion { result in
                    switch result {
                    case .success: valve.fire()
                    case .failure(let error): valve.fail(NavigationError(.transitionFailed, reason: "\(step) failed",
                                                                         underlying: error))
                    }
                })
                return .wait
            }
            ticket.onResolve { result in
                switch result {
                case .success: completion.finish()
                case .failure(let error): completion.fail(error)
                }
            }
            return
        }
        performNow(step, made: made, animated: animated, completion: completion)
    }

    private func performNow(_ step: NavigationPlan.Step, made: [any Page], animated: Bool,
                            completion: TransitionCompletion) {
        func live(_ reference: PageReference) -> (any Page)? {
            switch reference.kind {
            case .live: reference.page
            case .new(let index): made[index]
            }
        }
        func stale(_ what: String) {
            completion.fail(NavigationError(.staleHierarchy, reason: "\(what) is no longer where the plan found it"))
        }
        switch step {
        case .dismiss(let modal, let presenter):
            guard let presenter = live(presenter), let modal = live(modal),
                  host.presentedPage(of: presenter) === modal else { return stale("`\(step)`") }
            host.dismissPage(presentedBy: presenter, animated: animated, completion: completion)
        case .select(let tab, let container):
            guard let tabs = live(container) as? any TabContainer, let tab = live(tab),
                  tabs.containedPages.contains(where: { $0 === tab }) else { return stale("tab `\(tab)`") }
            tabs.selectTab(tab, animated: animated, completion: completion)
        case .popTo(let page, let container):
            guard let stack = live(container) as? any StackContainer, let page = live(page),
                  stack.containedPages.contains(where: { $0 === page }) else { return stale("`\(page)`") }
            stack.pop(to: page, animated: animated, completion: completion)
        case .push(let pages, let container):
            guard let stack = live(container) as? any StackContainer else { return stale("stack `\(container)`") }
            stack.push(pages.compactMap(live), animated: animated, completion: completion)
        case .setStack(let pages, let container):
            guard let stack = live(container) as? any StackContainer else { return stale("stack `\(container)`") }
            stack.setStack(pages.compactMap(live), animated: animated, completion: completion)
        case .present(let pages, let inNewStack, let presenter):
            guard let presenter = live(presenter) else { return stale("presenter `\(presenter)`") }
            let shown = pages.compactMap(live)
            let page = inNewStack ? host.makeStack(with: shown) : shown[0]
            host.present(page, from: presenter, animated: animated, completion: completion)
        case .addTab(let pages, let inNewStack, let container):
            guard let tabs = live(container) as? any TabContainer else { return stale("tabs `\(container)`") }
            let shown = pages.compactMap(live)
            tabs.addTab(inNewStack ? host.makeStack(with: shown) : shown[0], animated: animated, completion: completion)
        case .deliver(let event, let reference, _):
            guard let handler = live(reference) as? EventHandler else { return stale("handler `\(reference)`") }
            if handler.deliver(event) {
                completion.finish()
            } else {
                completion.fail(NavigationError(.handlerOwnerGone, component: handler.pageName,
                                                reason: "the page that owns `\(handler.pageName)` has been freed"))
            }
        }
    }

    // MARK: Guards and events

    /// Adds a guard that sees every request before it is planned, in the order added.
    ///
    /// ```swift
    /// let token = navigator.addGuard { request in
    ///     guard request.to.components.contains(where: { $0.name == "account" }) else { return .allow }
    ///     return session.isSignedIn ? .allow : .redirect(to: try! PagePath(parsing: "/tab!login"))
    /// }
    /// ```
    /// - Parameter guard: The guard.
    /// - Returns: The token that keeps it; cancel it, or let it go, to remove the guard.
    public func addGuard(_ guard: @escaping NavigationGuard) -> ObservationToken {
        guards.add(`guard`)
    }

    /// The guards whose tokens live, in the order they were added.
    func activeGuards() -> [NavigationGuard] {
        guards.elements()
    }

    /// Whether there may be guards to ask: false means certainly none.
    var mayHaveGuards: Bool { !guards.isEmpty }

    /// Calls `handler` with every ``NavigationEvent`` until the token is cancelled or freed.
    /// - Parameter handler: Receives each event.
    /// - Returns: The token that keeps the observation.
    public func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// The navigator's events as an asynchronous sequence, from now on. The sequence ends
    /// when the navigator is freed.
    /// - Parameter limit: How many events to buffer for a slow consumer; older ones are
    ///   dropped beyond it.
    /// - Returns: A new stream.
    public func events(bufferingNewest limit: Int = 100) -> AsyncStream<NavigationEvent> {
        streams.make(bufferingNewest: limit)
    }

    func emit(_ kind: NavigationEvent.Kind, requested: PagePath?, from: PagePath, to: PagePath?,
              plan: NavigationPlan?, source: NavigationSource) {
        guard !observers.isEmpty || !streams.isEmpty else { return }
        let event = NavigationEvent(kind: kind, requested: requested, from: from, to: to, plan: plan, source: source)
        observers.send(event)
        streams.yield(event)
    }

    private func queueDidReport(_ event: TransitionQueueEvent) {
        switch event {
        case .finished, .failed, .timedOut, .interactionEnded:
            responses.hierarchyChanged(in: self)
        case .started, .cancelled, .interactionBegan:
            break
        }
    }
}
