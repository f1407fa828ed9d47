/// Opens page paths against the live hierarchy, one at a time, through a
/// ``TransitionQueue``: the facade an app talks to.
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
/// to report the end of its transition, so animations never overlap. A request's whole
/// life is decided in one place, `RequestStateMachine`, and carried out by a
/// `RequestDriver`. No global state: pass the navigator to what needs it.
@MainActor
public final class Navigator {
    // Main-actor state read by every request, whose accesses never overlap (none calls
    // out while it lasts): the dynamic exclusivity checks bought nothing. The lists of
    // guards, observers and waits keep theirs, since their callbacks run during access.
    /// The root page, once installed.
    @exclusivity(unchecked) public private(set) var root: (any Page)?
    /// Presents, dismisses and makes stacks for the platform.
    public let host: any PageHost
    /// The factories for pages that must be made.
    @exclusivity(unchecked) public var registry: PageRegistry
    /// What a module built on the core keeps for each navigator, by the type it names
    /// its value with (`PageKitLinks` keeps the link map here). Empty until one does.
    @exclusivity(unchecked) package var attachments: [ObjectIdentifier: Any] = [:]
    /// The queue every transition goes through. Share it with a
    /// `QueueNavigationController` so its own pushes and pops wait their turn too.
    public let queue: TransitionQueue
    /// The navigator's settings; changes take effect from the next request (and at once
    /// for the history's capacity).
    @exclusivity(unchecked) public var configuration: Configuration {
        didSet {
            history.resize(to: configuration.historyCapacity)
            keptPages.capacity = configuration.keptPagesCapacity
        }
    }
    /// The paths shown so far.
    @exclusivity(unchecked) public internal(set) var history: NavigationHistory

    let identities: PageIdentityTable
    /// What the navigator remembers of its stacks, so reading the current path costs what
    /// changed since it was last read.
    let cache = RouteCache()
    /// Pages popped by requests that keep them, for a jump back.
    let keptPages: KeptPages
    /// The transitions its steps showed pages with, for their pops to reverse, and the
    /// styles they pushed pages and presented modals with, for the history and saved states.
    let shownStyles = ShownStyles()
    let guards = TokenList<NavigationGuard>()
    let observers = ObserverList<NavigationEvent>()
    let streams = EventStreams()
    var responses = ResponseRouter()
    /// The newest request made before there was a root, waiting for it.
    private var heldRequest: RequestDriver?
    /// How many of its own steps are running: changes containers report meanwhile are
    /// the navigator's own.
    @exclusivity(unchecked) var stepsInProgress = 0
    private var queueObservation: ObservationToken?
    /// The request whose loads are running, which a newer request supersedes.
    var loadingDriver: RequestDriver?
    /// Why the loading request is to be superseded on the next turn (the person's change,
    /// reported from where nothing may start): its loads, if they end first, find it here.
    var supersession: (driver: RequestDriver, reason: String)?
    /// The request made last, to learn whether a newer one waits when one starts loading.
    weak var newestDriver: RequestDriver?
    /// The loads a request is waiting for, while it holds the queue and the screen stays
    /// as it is: show a spinner meanwhile, if the wait is noticeable. `nil` when no
    /// request is loading. ``NavigationEvent/Kind-swift.enum/loadStarted(_:)`` and
    /// ``NavigationEvent/Kind-swift.enum/loadEnded`` report each change.
    public internal(set) var pendingLoad: PendingLoad?

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
        self.host = host
        self.registry = registry
        self.queue = queue
        self.configuration = configuration
        history = NavigationHistory(capacity: configuration.historyCapacity)
        identities = PageIdentityTable(generator: identifiers)
        keptPages = KeptPages(capacity: configuration.keptPagesCapacity)
        queue.addWatcher(self)
        if let sharing = host as? any QueueSharing { share(sharing) }
        if let root { install(root: root) }
    }

    deinit {
        // A request still waiting for a root would otherwise never end.
        if let held = heldRequest {
            Task { @MainActor in
                held.queueEnded(.failure(NavigationError(.cancelled, reason: "its navigator is gone")))
            }
        }
        // A request that waits for loads, a guard or a page would otherwise hold the queue,
        // and its loads run on for nothing, until their time-out; one on a guard's detour,
        // out of the queue, would wait for an answer no page will send.
        let responses = responses
        Task { @MainActor [queue] in
            (queue.runningLabeling as? RequestDriver)?.navigatorGone()
            var waiting = responses
            waiting.endAll()
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
        cache.forgetAll()
        host.install(root: root)
        hierarchy?.forEachPage { page, _ in
            attach(page)
            return true
        }
        if let path = hierarchy?.visiblePath() { recordInHistory(path) }
        if let held = heldRequest {
            heldRequest = nil
            held.rootInstalled()
        }
    }

    // MARK: Planning

    /// The plan opening `destination` would run now, with no side effect but asking pages
    /// ``Page/canRespond(to:query:)``.
    ///
    /// ```swift
    /// print(try navigator.plan(for: "app://tab/settings"))
    /// // plan for app://tab/settings (reuse)
    /// //   1. select settings in tab
    /// ```
    /// - Parameters:
    ///   - destination: A path, its text or a route; absolute, or relative to
    ///     ``currentPath``.
    ///   - options: The mode and source it would be opened with.
    /// - Returns: The plan.
    /// - Throws: ``NavigationError`` naming the path and component that cannot be opened
    ///   (``NavigationError/Code/invalidPath`` for text that does not parse).
    /// - Complexity: See the resolver: O(*d* + *s*) in the path's length and the stack
    ///   pages searched (reuse mode), O(*d* + *t*) in exact mode; never the stacks'
    ///   depth; the registry is never scanned.
    public func plan(for destination: some PagePathConvertible, _ options: NavigationOptions = .default) throws
        -> NavigationPlan {
        try plan(parsed: parse(destination), options)
    }

    /// ``plan(for:_:)`` once the path is read: not generic, so that it runs specialized
    /// whoever calls (a generic function called from another module runs unspecialized).
    private func plan(parsed path: PagePath, _ options: NavigationOptions) throws -> NavigationPlan {
        let (path, options) = try reading(path, options)
        return try makePlan(for: .path(path), mode: options.mode, options: options)
    }

    /// Whether `destination` can be opened now: whether ``plan(for:_:)`` succeeds. Call
    /// that to learn why not. A path that goes on inside a page it makes
    /// (`…!picker#inbox/mail`) is answered for up to that page: what the page holds is
    /// known only once it is made.
    /// - Parameters:
    ///   - destination: A path, its text or a route.
    ///   - options: The mode and source it would be opened with.
    /// - Returns: Whether a plan exists.
    public func canOpen(_ destination: some PagePathConvertible, _ options: NavigationOptions = .default) -> Bool {
        (try? plan(for: destination, options)) != nil
    }

    // MARK: Opening

    /// Queues a request to open `destination`; it is planned and run when its turn comes.
    ///
    /// Text that does not parse gives a request that has already failed with
    /// ``NavigationError/Code/invalidPath``.
    /// - Parameters:
    ///   - destination: A path, its text or a route; absolute, or relative to the
    ///     current path as it is at the request's turn.
    ///   - options: Mode, animation, payload and source.
    /// - Returns: The request, to await or cancel.
    @discardableResult
    public func request(_ destination: some PagePathConvertible, _ options: NavigationOptions = .default)
        -> NavigationRequest {
        request(destination, options, prepare: showFallbackIfItFails)
    }

    /// Queues a request, after `prepare` has seen it: what must be in place before it can
    /// end (on an idle queue it may end before this returns).
    func request(_ destination: some PagePathConvertible, _ options: NavigationOptions,
                 prepare: (NavigationRequest) -> Void) -> NavigationRequest {
        let path: PagePath
        do {
            path = try parse(destination)
        } catch {
            return failedRequest(error, options, prepare: prepare)
        }
        return request(parsed: path, options, prepare: prepare)
    }

    /// A request for `path` once read: not generic, as ``plan(parsed:_:)``.
    private func request(parsed path: PagePath, _ options: NavigationOptions,
                         prepare: (NavigationRequest) -> Void) -> NavigationRequest {
        do {
            let (path, options) = try reading(path, options)
            return submit(.path(path), options, prepare: prepare)
        } catch {
            return failedRequest(error, options, prepare: prepare)
        }
    }

    /// A request that failed with `error` before it could be queued: text that does not
    /// parse, a route that cannot be written, an outside link that matches nothing.
    package func failedRequest(_ error: any Error, _ options: NavigationOptions,
                       prepare: (NavigationRequest) -> Void = { _ in }) -> NavigationRequest {
        let request = NavigationRequest(target: nil, options: options, animated: animated(options))
        prepare(request)
        driver(for: request, held: false).queueEnded(.failure(NavigationError(wrapping: error)))
        return request
    }

    /// Opens `destination` and returns once every step has run.
    /// - Parameters:
    ///   - destination: A path, its text or a route; absolute or relative.
    ///   - options: Mode, animation, payload and source.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError`` naming the path and component when it cannot
    ///   be opened, was refused, failed, timed out or was cancelled.
    @discardableResult
    public func open(_ destination: some PagePathConvertible, _ options: NavigationOptions = .default) async throws
        -> NavigationOutcome {
        try await request(destination, options).outcome()
    }

    // MARK: The live hierarchy

    /// The path of the live hierarchy, from the root to the visible page, each page with
    /// its own parameters: `/tab#contact/list/person_detail(id=5)!compose`.
    ///
    /// Opening it in exact mode changes nothing; opening it on a fresh hierarchy rebuilds
    /// this one. Empty before a root is installed.
    /// - Complexity: O(*v* + *c*): the visible chain outside stacks, plus the stack pages
    ///   that changed since the path was last read, plus spelling the path out.
    public var currentPath: PagePath {
        hierarchy?.visiblePath().path ?? PagePath([])
    }

    /// ``currentPath`` as an app URL: `app://tab/contact/list/person_detail(id=5)!compose`.
    /// - Parameter scheme: The URL scheme.
    /// - Returns: The URL text.
    public func currentURL(scheme: String) -> String {
        currentPath.urlString(scheme: scheme)
    }

    /// The live tree as indented text, visible pages marked `*`, modals with `!`.
    public var hierarchyDescription: String {
        hierarchy?.treeDescription ?? "(no root)"
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

    /// Tells the navigator that the hierarchy changed without it, for a container that
    /// does not report its changes on ``queue`` (the stock containers do): it reads every
    /// stack again, announces the change (``HierarchyChange/Kind/noticed``, by the app) and
    /// records it, and ends waits for responses from pages that left.
    ///
    /// A change nobody reports is noticed anyway when the next request starts.
    public func hierarchyDidChange() {
        cache.forgetAll()
        if let route = visibleRoute() { noticeUnreportedChange(route) }
        responsesMayHaveLeft()
    }

    /// Watches the queue while openers wait for responses, so a wait whose page leaves
    /// ends; with nobody waiting, the queue runs unobserved. Every end of an operation
    /// counts: one cancelled while it ran may already have taken pages away (a request's
    /// step that dismissed an alert, then the request cancelled).
    func watchQueueForResponses() {
        guard queueObservation == nil else { return }
        queueObservation = queue.observe { [weak self] event in
            switch event {
            case .finished, .failed, .timedOut, .cancelled, .interactionEnded: self?.responsesMayHaveLostTheirPages()
            case .started, .interactionBegan: break
            }
        }
    }

    /// Ends the waits whose pages have left; an alert that left may still answer in this
    /// turn, so its wait ends one turn of the clock later if it has not.
    func responsesMayHaveLeft() {
        guard responses.hierarchyChanged(in: self) else { return }
        _ = queue.clock.schedule(after: .zero) { [weak self] in self?.responses.endLingering() }
    }

    private func responsesMayHaveLostTheirPages() {
        responsesMayHaveLeft()
        if responses.isEmpty {
            queueObservation?.cancel()
            queueObservation = nil
        }
    }

    // MARK: Requests

    /// Queues a request for `target`, or holds it until there is a root.
    func submit(_ target: NavigationTarget, _ options: NavigationOptions, providing page: (any Page)? = nil,
                prepare: (NavigationRequest) -> Void = { _ in }) -> NavigationRequest {
        let request = NavigationRequest(target: target, options: options, animated: animated(options), providedPage: page)
        prepare(request)
        let driver = driver(for: request, held: root == nil)
        newestDriver = driver
        // Read before this one is queued: on an idle queue it may start, and load, at once.
        let loading = loadingDriver
        if root == nil {
            // Only the newest is held: a cold start opens the link the person tapped last.
            heldRequest?.queueEnded(.failure(NavigationError(
                .cancelled, reason: "a newer request replaced it while the navigator waited for its root")))
            heldRequest = driver
        } else {
            enqueue(driver)
        }
        // A request still loading is not worth waiting for: the person asked for this one
        // since. Superseded after this one is queued, so this one is next in line.
        loading?.supersede(by: "`\(target)`")
        return request
    }

    private func driver(for request: NavigationRequest, held: Bool) -> RequestDriver {
        RequestDriver(environment: self, request: request, host: host, queue: queue,
                      maxRedirects: configuration.maxRedirects, held: held)
    }

    private func animated(_ options: NavigationOptions) -> Bool {
        options.animated ?? configuration.animated
    }
}
