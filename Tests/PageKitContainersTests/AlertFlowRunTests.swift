import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

// Seeded runs where the app opens alerts and confirmation dialogs as flows
// (`open(_:expecting:)`) at random moments, among its other requests, sheets, the person's
// taps and swipes and its own cancellations, on the UIKit and the SwiftUI models. Each
// alert carries its flow's number (`delete(n=3)`) and its title a serial, so a button the
// person taps is known to be that flow's answer (an alert `back(n)` makes again for the
// same path is another). In a quarter of the seeds a guard sends what goes through
// settings on a detour to a sign-in page, which the person signs in on or gives up, and
// the app signs out now and then; in another quarter the app opens pages whose data loads,
// which comes or fails at random moments; on UIKit a quarter of the seeds have a plain
// navigation controller (half of them under a plain tab bar controller) and another a
// plain tab bar controller, which report nothing the person does; on SwiftUI half the
// seeds have the person act at any moment, not only on a settled screen. At the end every
// load is given its data, the person answers every alert left up and the app goes back to
// the list (a flow waits as long as the first page it made stays). Once everything has
// settled, each flow has ended once, and with what happened to its alert: the button the
// person tapped on it, or nothing when it went another way (another request took it away,
// the open failed or was cancelled, the person tapped outside a dialog); no flow's close
// failed (a flow another request took away first is closed); no alert is left on screen,
// and PageKit's path ends at none; and all the cancellation runs check holds
// (`SettledRun`).

/// The flows of one run, and what the person did to their alerts.
@MainActor
final class AlertFlows {
    struct Flow {
        let path: String
        /// The button the person tapped on its alert.
        var tapped: String?
        /// Whether the app cancelled the task that awaits it.
        var cancelled = false
        /// How it ended: the choice it was answered with, `nil` for none, or the open's
        /// error.
        var result: Result<AlertChoice?, any Error>?
        var task: Task<Void, Never>?
    }

    private(set) var flows: [Flow] = []
    /// By flow, the serial (the number an alert's title ends with) of the first alert made
    /// for it: the flow's own. An alert made again for a flow's path (by `back(n)`) is
    /// another alert, which no one awaits.
    private var firstMade: [Int: Int] = [:]
    private var serials = 0

    /// An alert is made for `intent`: its serial.
    func made(_ intent: PageIntent) -> Int {
        serials += 1
        if let number = intent.component.parameters["n"].flatMap(Int.init), firstMade[number] == nil {
            firstMade[number] = serials
        }
        return serials
    }

    /// Where an alert may be opened: over a stack's root, over a pushed page, over a sheet,
    /// over a tab that is not a stack, and over whatever shows now.
    static let paths = [
        "/tab#contact/list!delete", "/tab#contact/list/person_detail(id=1)!share", "/tab#contact/list!/compose!delete",
        "/tab#settings!delete", ".!share",
    ]

    /// Opens a random one of ``paths`` as a new flow, its alert numbered by the flow.
    func open(on navigator: Navigator, random: inout SeededRandomNumberGenerator, log: inout [String]) {
        let number = flows.count
        let path = random.pick(Self.paths) + "(n=\(number))"
        let animated = random.chance(0.8)
        log.append("  flow \(number): open \(path), expecting an answer\(animated ? "" : ", not animated")")
        flows.append(Flow(path: path))
        flows[number].task = Task { [weak self] in
            do {
                let reply = try await navigator.open(PagePath(parsing: path), expecting: AlertChoice.self, .animated(animated))
                self?.flows[number].result = .success(reply?.payload)
            } catch {
                self?.flows[number].result = .failure(error)
            }
        }
    }

    /// The buttons tapped on alerts no flow made: `back(n)` made them again, and a flow
    /// whose first page they were presented over may be answered by one (a flow is every
    /// page opened from its first).
    private var strayAnswers: [String] = []

    /// The person tapped `button` on `alert`: its flow's answer, if it is the alert the
    /// flow made.
    func tapped(_ button: String, on alert: AlertPage) {
        guard let number = alert.pageParameters["n"].flatMap(Int.init), flows.indices.contains(number),
              let serial = alert.content.title.split(separator: "#").last.flatMap({ Int($0) }),
              firstMade[number] == serial else { return strayAnswers.append(button) }
        flows[number].tapped = button
    }

    /// The app cancels the task awaiting a random flow still running.
    func cancelOne(random: inout SeededRandomNumberGenerator, log: inout [String]) {
        let running = flows.indices.filter { flows[$0].result == nil && !flows[$0].cancelled }
        guard !running.isEmpty else { return }
        let number = random.pick(running)
        log.append("  the app cancels the task awaiting flow \(number)")
        flows[number].cancelled = true
        flows[number].task?.cancel()
    }

    /// Whether every flow has ended. An end is handed to the awaiting task, which runs
    /// in a turn of its own, later on a loaded machine: a run waits for this, a bounded
    /// number of turns, before it looks.
    var allEnded: Bool { flows.allSatisfy { $0.result != nil } }

    /// The first flow that did not end as its alert says, or `nil`.
    var mismatch: String? {
        for (number, flow) in flows.enumerated() {
            guard let result = flow.result else { return "flow \(number) (\(flow.path)) never ended" }
            let answer: String?? = if case .success(let choice) = result { .some(choice?.button) } else { nil }
            switch (flow.tapped, answer) {
            case (let tapped?, let answer??) where answer != tapped:
                return "flow \(number) (\(flow.path)): the person tapped \(tapped), the flow was answered \(answer)"
            case (let tapped?, let answer) where !flow.cancelled && answer != .some(tapped):
                return "flow \(number) (\(flow.path)): the person tapped \(tapped), the flow ended with \(result)"
            // An answer bubbles to the flow whose pages its alert was shown over when the
            // alert's own opener stopped waiting (its task cancelled) or never waited.
            case (nil, let answer??) where !strayAnswers.contains(answer)
                && !flows.contains(where: { $0.cancelled && $0.tapped == answer }):
                return "flow \(number) (\(flow.path)) was answered \(answer), which no one tapped"
            default:
                continue
            }
        }
        return nil
    }
}

/// A guard that sends the requests whose path has a component `needs` picks on a detour
/// to `signin` while the person is signed out: the detour lets go of the queue and shows
/// its page, and the request, a flow's open among them, resumes when the person signs in
/// and ends cancelled when they give up. The alert run's goes through settings; the split
/// view runs' opens message 3.
@MainActor
final class SignInDetour {
    private(set) var signedIn = false
    private var token: ObservationToken?

    /// In a quarter of the alert run's seeds: every request through settings.
    convenience init(_ app: some AlertRunApp) {
        app.registerSignIn()
        self.init(on: app.navigator, detour: "app://tab/contact!signin") { $0.name == "settings" }
    }

    /// - Parameters:
    ///   - detour: Where the sign-in page is shown; `signin` is registered already.
    ///   - needs: Whether a component needs the person signed in.
    init(on navigator: Navigator, detour: String, needs: @escaping @MainActor (PageComponent) -> Bool) {
        let detour = try! PagePath(parsing: detour)
        token = navigator.addGuard { [weak self] request in
            guard let self, !self.signedIn, request.to.components.contains(where: needs) else { return .allow }
            return .detour(to: detour)
        }
    }

    func stop() { token?.cancel() }

    /// The sign-in page, when it is the page on top.
    static func page(on navigator: Navigator) -> (any Page)? {
        guard case .live(let page)? = try? navigator.page(for: "."), page.pageName == "signin" else { return nil }
        return page
    }

    /// The person signs in, or gives up, on the sign-in page on top; or the app signs out.
    func act(on navigator: Navigator, random: inout SeededRandomNumberGenerator, log: inout [String]) {
        guard let page = Self.page(on: navigator), random.chance(0.7) else {
            log.append("  the app signs out")
            signedIn = false
            return
        }
        let signsIn = random.chance(0.6)
        log.append("  the person \(signsIn ? "signs in" : "gives up signing in")")
        if signsIn { signedIn = true }
        _ = navigator.send(PageResponse(signsIn ? .ok : .cancelled), from: page)
    }

    /// The person signs in on the sign-in page on top, as a run settles.
    func signsIn(on navigator: Navigator, log: inout [String]) {
        guard let page = Self.page(on: navigator) else { return }
        log.append("  (settling, the person signs in)")
        signedIn = true
        _ = navigator.send(PageResponse(.ok), from: page)
    }
}

extension PageRegistry {
    /// `delete`, an alert, and `share`, a confirmation dialog, each titled with its serial
    /// among the alerts `flows` saw made.
    mutating func registerRunAlerts(_ flows: AlertFlows) {
        try! registerAlert("delete") { intent in
            AlertContent(title: "Delete? #\(flows.made(intent))", buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        try! registerAlert("share") { intent in
            AlertContent(.confirmationDialog, title: "Share #\(flows.made(intent))",
                         buttons: [AlertButton("Mail", id: "mail"), .cancel()])
        }
    }
}

/// The app of an alert flow run, on one platform's model: what the run asks of it.
@MainActor
protocol AlertRunApp {
    var navigator: Navigator { get }
    var queue: TransitionQueue { get }
    /// Where the app's own requests go: every page of its tree.
    var paths: [String] { get }
    /// The alert on top, if one shows.
    var topAlert: AlertPage? { get }
    /// Whether the person waits for the screen to settle first, where their gestures come
    /// only on a settled screen; `false` where they come at any moment.
    func personWaits() async -> Bool
    /// The person taps `button` of the alert on top, or outside a dialog (`nil`); whether
    /// the platform took the tap.
    func personTaps(_ button: AlertButton?) -> Bool
    func personTapsBack()
    func personSwipesBack(finishing: Bool, random: inout SeededRandomNumberGenerator) async
    func personTapsTab(_ index: Int)
    func personSwipesDown()
    /// Time moves on by `duration`, or by a turn when it is zero.
    func advance(by duration: Duration)
    /// Lets queued work and animations run.
    func run() async
    /// What the platform's model says went wrong, if anything.
    var platformProblem: String? { get }
    /// The operations the queue timed out.
    var timeouts: [String] { get }
    /// Registers `signin`, the page a guard's detour shows.
    func registerSignIn()
    /// Registers `loaded`, a page whose data `loads` gives.
    func registerLoaded(_ loads: ManualLoads)
}

/// The worked example's app on the UIKit model. The person acts at any moment: UIKit
/// ignores touches while a presentation runs, and an alert takes every touch outside it.
@MainActor
struct UIKitAlertRunApp: AlertRunApp {
    let app: UIKitModelApp
    var navigator: Navigator { app.navigator }
    var queue: TransitionQueue { app.queue }
    let paths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page(id=3)",
        "/tab#contact/list!/compose", "/tab#settings", "/tab#contact/list",
    ]
    private var alertController: ModelAlertController? {
        CancellationRunTests.topPresented(in: app) as? ModelAlertController
    }
    var topAlert: AlertPage? { alertController.map(\.page) }
    func personWaits() async -> Bool { false }
    func personTaps(_ button: AlertButton?) -> Bool {
        // UIKit's action sheet on a phone has no outside to tap: its cancel button does it.
        guard let button, let alertController else { return false }
        return alertController.personTaps(button.title)
    }
    func personTapsBack() { CancellationRunTests.backStack(of: app)?.personTapsBack() }
    func personSwipesBack(finishing: Bool, random: inout SeededRandomNumberGenerator) async {
        guard let swipe = CancellationRunTests.backStack(of: app)?.personSwipesBack() else { return }
        if finishing { swipe.finish() } else { swipe.cancel() }
    }
    /// This app has two tabs: the third the run may pick is the second.
    func personTapsTab(_ index: Int) { CancellationRunTests.personTapsTab(min(index, 1), in: app) }
    func personSwipesDown() {
        guard let sheet = CancellationRunTests.topPresented(in: app), !(sheet is ModelAlertController) else { return }
        sheet.personSwipesDown()?.finish()
    }
    func advance(by duration: Duration) {
        if duration == .zero { app.model.turn() } else { app.model.advance(by: duration) }
    }
    func run() async { await app.run() }
    var platformProblem: String? {
        if let exception = app.model.exceptions.first { return "UIKit would raise: \(exception)" }
        if !app.model.warnings.isEmpty { return "UIKit would refuse, or animate over an animation: \(app.model.warnings)" }
        return nil
    }
    var timeouts: [String] { app.timeouts }
    func registerSignIn() {
        let model = app.model
        app.navigator.registry.replace("signin") { _ in ModelScreen(model, "signin") }
    }
    func registerLoaded(_ loads: ManualLoads) {
        let model = app.model
        try! app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in
            ModelScreen(model, "loaded", intent.component.parameters)
        }
    }
}

/// The SwiftUI app of the other SwiftUI runs on the model screen, under a variant of
/// SwiftUI's behaviour. The person acts on settled screens, as in the other SwiftUI runs.
@MainActor
struct SwiftUIAlertRunApp: AlertRunApp {
    let app: SwiftUIAppFixture
    /// Whether the person acts at any moment, not only on a settled screen.
    let personAnytime: Bool
    var navigator: Navigator { app.navigator }
    var queue: TransitionQueue { app.queue }
    let paths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page",
        "/tab#contact/list!/compose", "/tab#settings", "/tab#contact/list",
    ]
    /// The alert the person sees, which their tap lands on: while a presentation animates,
    /// not always the one the host's model holds on top.
    var topAlert: AlertPage? { app.screen.alertShown(in: app.host) }
    private var stack: PageStackModel? {
        app.host.presentedPage(of: app.tabs).map { $0 as? PageStackModel } ?? [app.contact, app.feed, nil][app.tabs.selectedIndex]
    }
    func personWaits() async -> Bool {
        guard !personAnytime else { return false }
        return await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock)
    }
    func personTaps(_ button: AlertButton?) -> Bool {
        guard let button else { return app.screen.personTapsOutsideDialog(in: app.host) }
        return app.screen.personTapsAlertButton(button.id, in: app.host)
    }
    func personTapsBack() {
        if let stack { _ = app.screen.personTapsSystemBack(stack) }
    }
    func personSwipesBack(finishing: Bool, random: inout SeededRandomNumberGenerator) async {
        guard let stack, app.screen.personBeginsSwipeBack(stack) else { return }
        await Task.yield()
        app.clock.advance(by: .milliseconds(Int.random(in: 0..<200, using: &random)))
        app.screen.personEndsSwipeBack(stack, finishing: finishing)
    }
    func personTapsTab(_ index: Int) { _ = try? app.screen.personTapsTab(index, of: app.tabs) }
    func personSwipesDown() { app.screen.personSwipesDown(in: app.host) }
    func advance(by duration: Duration) { app.clock.advance(by: duration) }
    func run() async {
        for round in 0..<150 {
            if round >= 30, app.queue.isIdle { break }
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
    }
    var platformProblem: String? {
        if let violation = app.screen.violations.first { return "SwiftUI would misbehave: \(violation)" }
        if let disagreement = app.screen.disagreements.first { return "a view disagrees with its model: \(disagreement)" }
        return nil
    }
    var timeouts: [String] { app.failures.contains(.timedOut) ? ["a transition"] : [] }
    func registerSignIn() { try! app.navigator.registry.registerScreen("signin") }
    func registerLoaded(_ loads: ManualLoads) {
        try! app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in
            ScreenPage(intent: intent)
        }
    }
}

@MainActor
@Suite("Model-based: alerts opened as flows end with what the person tapped", .timeLimit(.minutes(10)))
struct AlertFlowRunTests {
    /// Seeds once found failing, kept as regressions.
    static let regressionSeeds: [UInt64] = []

    @Test("300 seeded sequences on the UIKit model: every flow ends, answered with the button tapped on its alert or with nothing",
          arguments: 0..<2)
    func uikitSequences(batch: Int) async {
        await SettledRun.runAll(Self.regressionSeeds + (0..<150).map { UInt64(900_000 + batch * 150 + $0) }) {
            await Self.runUIKit(seed: $0)
        }
    }

    /// Seeds of the SwiftUI run once found failing, kept as regressions.
    static let swiftUIRegressionSeeds: [UInt64] = []

    @Test("300 seeded sequences on the SwiftUI model: every flow ends, answered with the button tapped on its alert or with nothing",
          arguments: 0..<2)
    func swiftUISequences(batch: Int) async {
        await SettledRun.runAll(Self.swiftUIRegressionSeeds + (0..<150).map { UInt64(910_000 + batch * 150 + $0) }) {
            await Self.runSwiftUI(seed: $0)
        }
    }

    /// Runs one sequence on the UIKit model, under random settings of its unsettled
    /// rules; the failure, with the seed and the operations so far, or `nil`.
    static func runUIKit(seed: UInt64) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        var behaviour = UIKitModel.Behaviour.random(using: &random)
        behaviour.refusedRetapStillPops = false
        // A quarter of the seeds, half of them among loads, have a plain navigation
        // controller, which reports nothing the person does.
        let stackKind: ModelNavigationController.Kind = [3, 6].contains(seed % 8) ? .plain : .queue
        let tabKind: ModelTabBarController.Kind = [1, 4, 6].contains(seed % 8) ? .plain : .pageKit
        let app = UIKitAlertRunApp(app: UIKitModelApp(behaviour: behaviour, tabKind: tabKind, stackKind: stackKind))
        return await run(seed: seed, app, random: &random, log: ["seed \(seed), \(behaviour)"])
    }

    /// Runs one sequence on the SwiftUI model, under the seed's variant of SwiftUI's
    /// behaviour; the failure, with the seed and the operations so far, or `nil`.
    static func runSwiftUI(seed: UInt64) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        let behaviour = SwiftUIBehaviour.variant(Int(seed % 1_000))
        // Half the seeds have the person act at any moment, as the other SwiftUI runs'
        // `personAnytime` mixes do.
        let anytime = seed % 2 == 1
        let app = SwiftUIAlertRunApp(app: SwiftUIAppFixture(behaviour: behaviour), personAnytime: anytime)
        return await run(seed: seed, app, random: &random,
                         log: ["seed \(seed)\(anytime ? " (the person acts at any moment)" : ""), \(behaviour)"])
    }

    /// One sequence on `app`.
    private static func run(seed: UInt64, _ app: some AlertRunApp, random: inout SeededRandomNumberGenerator,
                            log: [String]) async -> String? {
        let flows = AlertFlows()
        app.navigator.registry.registerRunAlerts(flows)
        var requests: [NavigationRequest] = []
        var log = log
        let signIn = seed % 4 == 1 ? SignInDetour(app) : nil
        defer { signIn?.stop() }
        // In another quarter, pages whose data loads, finishing or failing at random moments.
        let loads = seed % 4 == 2 ? ManualLoads() : nil
        if let loads { app.registerLoaded(loads) }
        // The app closes nothing itself: a close that fails is a flow's.
        var closeFailures: [String] = []
        let token = app.navigator.observe { event in
            if case .failed(let error) = event.kind, case .move(.close)? = event.requested {
                closeFailures.append(error.description)
            }
        }
        defer { token.cancel() }
        func tapAlert() {
            guard let alert = app.topAlert else { return }
            // A tap outside a dialog, now and then, where there is an outside to tap.
            let button = alert.content.style == .confirmationDialog && random.chance(0.2) ? nil
                : alert.content.buttons.randomElement(using: &random)
            log.append("  the person taps \(button?.title ?? "outside") on \(alert.pageDescription)")
            if app.personTaps(button), let button { flows.tapped(button.id, on: alert) }
        }
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            if let signIn, random.chance(0.15) {
                if await app.personWaits() {
                    log.append("  (the person waits: something runs)")
                    continue
                }
                signIn.act(on: app.navigator, random: &random, log: &log)
                await Task.yield()
                app.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
                continue
            }
            if let loads, random.chance(0.25) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0, 1:
                    let path = random.pick([
                        "/tab#contact/list/loaded(id=1)", "/tab#contact/list/person_detail(id=1)/loaded(id=2)",
                        "/tab#contact/list!/compose/loaded(id=3)", "./loaded(id=4)",
                    ])
                    log.append("  open \(path), whose data loads")
                    requests.append(app.navigator.request(try! PagePath(parsing: path)))
                case let roll:
                    loads.endOne(failing: roll == 3, random: &random, log: &log)
                }
                await Task.yield()
                app.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
                continue
            }
            let roll = Int.random(in: 0..<100, using: &random)
            if (42..<78).contains(roll), await app.personWaits() {
                log.append("  (the person waits: something runs)")
                continue
            }
            switch roll {
            case ..<22:
                flows.open(on: app.navigator, random: &random, log: &log)
            case ..<36:
                let path = random.pick(app.paths)
                log.append("  open \(path)")
                requests.append(app.navigator.request(try! PagePath(parsing: path)))
            case ..<42:
                log.append("  the app goes back")
                requests.append(app.navigator.back(1))
            case ..<58:
                tapAlert()
            case ..<64:
                log.append("  the person taps back")
                app.personTapsBack()
            case ..<68:
                let finish = random.chance(0.6)
                log.append("  the person swipes back\(finish ? "" : ", then cancels")")
                await app.personSwipesBack(finishing: finish, random: &random)
            case ..<74:
                let index = Int.random(in: 0...2, using: &random)
                log.append("  the person taps tab \(index)")
                app.personTapsTab(index)
            case ..<78:
                log.append("  the person swipes the sheet down")
                app.personSwipesDown()
            case ..<84:
                flows.cancelOne(random: &random, log: &log)
            case ..<88:
                log.append("  the app cancels everything the queue holds")
                app.queue.cancelAll()
            default:
                log.append("  time passes")
                app.advance(by: .milliseconds(Int.random(in: 100..<1_000, using: &random)))
            }
            await Task.yield()
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.advance(by: .zero)
            default: app.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
            }
        }
        // Everything settles: the person answers each alert still up, then the app goes back
        // to the list, which takes away every page a flow began with (a flow whose first
        // page stays waits for it, as documented).
        for _ in 0..<40 {
            await app.run()
            _ = await app.personWaits()
            if let loads, let name = loads.pending.first {
                log.append("  (at the end, the data of \(name) comes)")
                _ = loads.complete(name, with: "value")
                continue
            }
            if let signIn, SignInDetour.page(on: app.navigator) != nil {
                signIn.act(on: app.navigator, random: &random, log: &log)
                continue
            }
            guard app.topAlert != nil else { break }
            tapAlert()
        }
        log.append("  (at the end, the app opens /tab#contact/list)")
        requests.append(app.navigator.request(try! PagePath(parsing: "/tab#contact/list")))
        // A detour's answer, like a flow's end, reaches its request through a task of its
        // own, later on a loaded machine: waited for too, boundedly, before the run looks.
        var settled: Bool { flows.allEnded && requests.allSatisfy(\.isResolved) }
        for _ in 0..<20 {
            await app.run()
            if settled { break }
        }
        for _ in 0..<10_000 where !settled { await Task.yield() }
        let platform: String? = if let problem = app.platformProblem {
            problem
        } else if let mismatch = flows.mismatch {
            mismatch
        } else if let failure = closeFailures.first {
            "a flow's close failed: \(failure)"
        } else if let pending = app.navigator.pendingLoad {
            "the navigator still waits, \(pending)"
        } else if let name = loads?.pending.first {
            "the load of \(name) is still waited for"
        } else if let alert = app.topAlert {
            "\(alert.pageDescription) is still up once every alert was answered"
        } else if let last = app.navigator.currentPath.components.last, ["delete", "share"].contains(last.name) {
            "PageKit's path ends at \(last), which the screen does not show"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue, timeouts: app.timeouts,
                                  platform: platform, navigator: app.navigator)
    }
}
