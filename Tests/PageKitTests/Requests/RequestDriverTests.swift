@testable import PageKit
import PageKitTesting
import PageKitTestSupport
import Testing

/// The driver on its own, with a fake navigator behind `RequestEnvironment`: what it asks,
/// in what order, and how a request ends, with no containers, registry or resolver.
@MainActor
@Suite("A request's driver, against a fake navigator", .timeLimit(.minutes(10)))
struct RequestDriverTests {
    /// A navigator that plans what the test says and logs every question it is asked.
    @MainActor
    final class FakeNavigator: RequestEnvironment {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        var log: [String] = []
        var guards: [NavigationGuard] = []
        var plans: [Result<NavigationPlan, NavigationError>] = []
        var leavers: [any LeaveConfirming] = []
        var failingAction: String?
        var detourAnswer: Bool?
        /// What each plan's loads are, in order: none once the list is used up.
        var pageLoads: [Result<[PageLoad], NavigationError>] = []
        var newerWaiting: NavigationRequest?
        /// Whether the screen changed under the loads, as a plain navigation controller's
        /// back does without a report.
        var changedWhileLoading = false

        func beginTurn() -> (path: SharedPath, guards: [NavigationGuard]) {
            log.append("turn")
            return (SharedPath(), guards)
        }

        func plan(_ target: RequestedTarget, for request: NavigationRequest) throws -> NavigationPlan {
            log.append("plan \(target)")
            return try plans.removeFirst().get()
        }

        func pagesLeaving(_ plan: NavigationPlan) -> [any LeaveConfirming] { leavers }

        func loads(for plan: NavigationPlan, request: NavigationRequest) throws -> [PageLoad] {
            guard !pageLoads.isEmpty else { return [] }
            log.append("loads")
            return try pageLoads.removeFirst().get()
        }

        func loading(_ driver: RequestDriver, started: Bool) -> NavigationRequest? {
            log.append(started ? "loading" : "loaded")
            return started ? newerWaiting : nil
        }

        func makePages(for plan: NavigationPlan, request: NavigationRequest, loads: PageLoads?) throws -> [any Page] {
            if let loads {
                for component in plan.newComponents { log.append("made \(component.name) from \(loads.valueToMake(component) ?? "nothing")") }
            }
            log.append("make \(plan.newComponents.count)")
            return []
        }

        func runAction(_ component: PageComponent, of plan: NavigationPlan, for request: NavigationRequest) throws {
            log.append("run \(component.name)")
            if component.name == failingAction { throw NavigationError(.actionFailed, reason: "no") }
        }

        func step(_ step: NavigationPlan.Step, willRun: Bool, keepingPopped: Bool, made: [any Page]) {
            log.append(willRun ? "step \(step) begins" : "step started")
        }

        func emit(_ event: NavigationEvent) {
            let kind = switch event.kind {
            case .willStart: "willStart"
            case .didFinish: "didFinish"
            case .failed(let error): "failed(\(error.code))"
            case .cancelled: "cancelled"
            case .changed: "changed"
            case .loadStarted(let components): "loadStarted(\(components.map(\.name).joined(separator: ", ")))"
            case .loadEnded: "loadEnded"
            }
            log.append("emit \(kind)")
        }

        func record(_ path: SharedPath, droppingLast count: Int) { log.append("record \(path.path)") }
        func livePath() -> SharedPath { SharedPath(try! PagePath(parsing: "/live")) }

        func loadsEnded(_ driver: RequestDriver, begunAt path: SharedPath, _ result: Result<Void, NavigationError>,
                        then proceed: @escaping @MainActor (RequestDriver) -> Void) {
            if case .success = result {
                log.append("changed? \(changedWhileLoading)")
                if changedWhileLoading { driver.supersede(by: "a change no container reported") }
            }
            proceed(driver)
        }

        func detour(to path: PagePath, answered: @escaping @MainActor (Bool) -> Void) {
            log.append("detour \(path)")
            if let detourAnswer { answered(detourAnswer) }
        }

        func enqueue(_ driver: RequestDriver) {
            log.append("enqueue")
            let ticket = queue.enqueue(driver.request.label, animated: false) { valve in
                driver.start(valve)
                return .wait
            }
            driver.request.ticket = ticket
            ticket.onResolve { driver.queueEnded($0) }
        }
    }

    static let destination = try! PagePath(parsing: "/done")
    static let done = PlainPageForMachine()

    /// A plan that runs the actions `names`, one step each.
    static func actions(_ names: String...) -> NavigationPlan {
        NavigationPlan(destination: SharedPath(destination), mode: .reuse,
                       steps: names.map { .run(PageComponent($0)) }, newComponents: [],
                       target: PageReference(live: done))
    }

    static func request(_ fake: FakeNavigator, held: Bool = false) -> NavigationRequest {
        let request = NavigationRequest(target: .path(destination), options: .default, animated: false)
        let driver = RequestDriver(environment: fake, request: request, host: FakeHost(), queue: fake.queue,
                                   maxRedirects: 3, held: held)
        if !held { fake.enqueue(driver) }
        return request
    }

    @Test("a plan's steps run in order between willStart and didFinish, and the path is recorded")
    func steps() async throws {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.actions("a", "b"))]
        let request = Self.request(fake)
        _ = try await request.outcome()
        #expect(fake.log == ["enqueue", "turn", "plan /done", "make 0", "emit willStart",
                             "step run a begins", "run a", "step started", "step run b begins", "run b", "step started",
                             "record /live", "emit didFinish"])
    }

    @Test("a failing step ends the request with its error, and the later steps never run")
    func failingStep() async {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.actions("a", "b"))]
        fake.failingAction = "a"
        let request = Self.request(fake)
        await #expect(throws: NavigationError.self) { try await request.outcome() }
        #expect(!fake.log.contains("run b"))
        #expect(fake.log.last == "emit failed(actionFailed)")
    }

    @Test("a guard that refuses ends the request before anything is planned")
    func refusingGuard() async {
        let fake = FakeNavigator()
        fake.guards = [{ _ in .refuse(reason: "locked") }]
        let request = Self.request(fake)
        await #expect(throws: NavigationError.self) { try await request.outcome() }
        #expect(!fake.log.contains { $0.hasPrefix("plan") })
        #expect(fake.log.last == "emit failed(refused)")
    }

    @Test("a page that refuses to leave ends the request before any step")
    func refusingLeaver() async {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.actions("a"))]
        fake.leavers = [ConfirmingPage("form", allowsLeaving: false)]
        let request = Self.request(fake)
        await #expect(throws: NavigationError.self) { try await request.outcome() }
        #expect(!fake.log.contains("run a"))
        #expect(fake.log.last == "emit failed(refused)")
    }

    @Test("a detour answered ok queues the request again for a new turn")
    func detour() async throws {
        let fake = FakeNavigator()
        let login = try PagePath(parsing: "/login")
        var asked = 0
        fake.guards = [{ _ in
            asked += 1
            return asked == 1 ? .detour(to: login) : .allow
        }]
        fake.plans = [.success(Self.actions("a"))]
        fake.detourAnswer = true
        _ = try await Self.request(fake).outcome()
        #expect(fake.log.filter { $0 == "enqueue" }.count == 2)
        #expect(fake.log.contains("detour /login"))
        #expect(fake.log.last == "emit didFinish")
    }

    @Test("a held request is queued when the root comes, and ends at once when cancelled before")
    func held() async throws {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.actions("a"))]
        let request = Self.request(fake, held: true)
        #expect(fake.log.isEmpty)
        request.driver?.rootInstalled()
        _ = try await request.outcome()
        #expect(fake.log.first == "enqueue")

        let cancelled = Self.request(fake, held: true)
        cancelled.cancel()
        #expect(cancelled.result.map { if case .failure(let error) = $0 { error.code == .cancelled } else { false } } == true)
    }

    @Test("a request whose navigator is gone ends, cancelled, without asking anything")
    func navigatorGone() async {
        var fake: FakeNavigator? = FakeNavigator()
        let queue = fake!.queue
        let request = NavigationRequest(target: .path(Self.destination), options: .default, animated: false)
        let driver = RequestDriver(environment: fake!, request: request, host: FakeHost(), queue: queue,
                                   maxRedirects: 3, held: false)
        fake = nil
        queue.enqueue("open", animated: false) { valve in
            driver.start(valve)
            return .wait
        }.onResolve { driver.queueEnded($0) }
        await #expect(throws: NavigationError.self) { try await request.outcome() }
    }

    static func loading(_ name: String) -> PageLoad {
        let component = PageComponent(name)
        return PageLoad(component, .make, intent: PageIntent(component: component, path: destination),
                        loader: AnyPageLoader(PageLoader { intent in "value of \(intent.component.name)" }))
    }

    static func making(_ names: String...) -> NavigationPlan {
        NavigationPlan(destination: SharedPath(destination), mode: .reuse, steps: [],
                       newComponents: names.map { PageComponent($0) }, target: PageReference(live: done))
    }

    @Test("loads run before the pages are made, the plan is made again after them, and the values reach the pages")
    func loads() async throws {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.making("p", "q")), .success(Self.making("p", "q"))]
        fake.pageLoads = [.success([Self.loading("p"), Self.loading("q")]), .success([Self.loading("p"), Self.loading("q")])]
        _ = try await Self.request(fake).outcome()
        #expect(fake.log == ["enqueue", "turn", "plan /done", "loads", "loading", "emit loadStarted(p, q)", "changed? false",
                             "loaded", "emit loadEnded", "plan /done", "loads", "made p from value of p", "made q from value of q",
                             "make 2", "emit willStart", "record /live", "emit didFinish"])
    }

    @Test("a request that starts loading with a newer one already waiting ends cancelled at once")
    func supersededAtStart() async throws {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.making("p"))]
        fake.pageLoads = [.success([Self.loading("p")])]
        fake.newerWaiting = NavigationRequest(target: .path(try PagePath(parsing: "/newer")), options: .default,
                                              animated: false)
        await #expect { try await Self.request(fake).outcome() } throws: { error in
            (error as? NavigationError)?.description == "`/done` was cancelled: `/newer` superseded it while it loaded"
        }
        #expect(fake.log == ["enqueue", "turn", "plan /done", "loads", "loading", "emit loadStarted(p)", "loaded",
                             "emit loadEnded", "emit cancelled"])
    }

    @Test("a request whose loads end on a screen someone else changed meanwhile ends cancelled, planning nothing again")
    func screenChangedWhileLoading() async throws {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.making("p"))]
        fake.pageLoads = [.success([Self.loading("p")])]
        fake.changedWhileLoading = true
        await #expect { try await Self.request(fake).outcome() } throws: { error in
            (error as? NavigationError)?.description == "`/done` was cancelled: a change no container reported superseded it while it loaded"
        }
        #expect(fake.log == ["enqueue", "turn", "plan /done", "loads", "loading", "emit loadStarted(p)", "changed? true",
                             "loaded", "emit loadEnded", "emit cancelled"])
    }

    @Test("a plan whose loads cannot be listed fails like a plan that cannot be made")
    func loadsThrow() async {
        let fake = FakeNavigator()
        fake.plans = [.success(Self.making("p"))]
        fake.pageLoads = [.failure(NavigationError(.loadFailed, reason: "not a LoadedPage"))]
        await #expect { try await Self.request(fake).outcome() } throws: { ($0 as? NavigationError)?.code == .loadFailed }
        #expect(fake.log.last == "emit failed(loadFailed)")
    }
}

/// A host with nothing to present.
@MainActor
final class FakeHost: PageHost {
    func presentedPage(of presenter: any Page) -> (any Page)? { nil }
    func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                 completion: TransitionCompletion) {
        completion.fail(NavigationError(.cannotShow, reason: "the fake host presents nothing"))
    }
    func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        completion.fail(NavigationError(.staleHierarchy, reason: "the fake host presents nothing"))
    }
    func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        preconditionFailure("the fake host makes no stack")
    }
}
