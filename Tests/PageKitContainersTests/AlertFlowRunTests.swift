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
// same path is another). At the end the person answers every alert left up and the app
// goes back to the list (a flow waits as long as the first page it made stays). Once
// everything has settled, each flow has ended once, and with what happened to its alert:
// the button the person tapped on it, or nothing when it went another way (another
// request took it away, the open failed or was cancelled, the person tapped outside a
// dialog); no alert is left on screen, and PageKit's path ends at none; and all the
// cancellation runs check holds (`SettledRun`).

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
    /// The flow each alert made so far was made for, by serial (the number its title ends
    /// with), and the serial of the first alert made for each flow: the flow's own. An
    /// alert made again for a flow's path (by `back(n)`) is another alert, which no one
    /// awaits.
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

    static let paths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page(id=3)",
        "/tab#contact/list!/compose", "/tab#settings", "/tab#contact/list",
    ]

    /// Runs one sequence on the UIKit model; the failure, with the seed and the operations
    /// so far, or `nil`. The person acts at any moment: UIKit ignores touches while a
    /// presentation runs, and an alert takes every touch outside it.
    static func runUIKit(seed: UInt64) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        var behaviour = UIKitModel.Behaviour.random(using: &random)
        behaviour.refusedRetapStillPops = false
        let app = UIKitModelApp(behaviour: behaviour)
        let flows = AlertFlows()
        app.navigator.registry.registerRunAlerts(flows)
        var requests: [NavigationRequest] = []
        var log = ["seed \(seed), \(behaviour)"]
        func tapAlert() {
            guard let alert = CancellationRunTests.topPresented(in: app) as? ModelAlertController,
                  let button = alert.page.content.buttons.randomElement(using: &random) else { return }
            log.append("  the person taps \(button.title) on \(alert.page.pageDescription)")
            if alert.personTaps(button.title) { flows.tapped(button.id, on: alert.page) }
        }
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            switch Int.random(in: 0..<100, using: &random) {
            case ..<22:
                flows.open(on: app.navigator, random: &random, log: &log)
            case ..<36:
                let path = random.pick(paths)
                log.append("  open \(path)")
                requests.append(app.navigator.request(try! PagePath(parsing: path)))
            case ..<42:
                log.append("  the app goes back")
                requests.append(app.navigator.back(1))
            case ..<58:
                tapAlert()
            case ..<64:
                log.append("  the person taps back")
                CancellationRunTests.visibleStack(of: app)?.personTapsBack()
            case ..<68:
                let finish = random.chance(0.6)
                log.append("  the person swipes back\(finish ? "" : ", then cancels")")
                if let swipe = CancellationRunTests.visibleStack(of: app)?.personSwipesBack() {
                    if finish { swipe.finish() } else { swipe.cancel() }
                }
            case ..<74:
                let index = Int.random(in: 0...1, using: &random)
                log.append("  the person taps tab \(index)")
                app.tabs.personTaps(index)
            case ..<78:
                log.append("  the person swipes the sheet down")
                if let sheet = CancellationRunTests.topPresented(in: app), !(sheet is ModelAlertController),
                   let swipe = sheet.personSwipesDown() {
                    swipe.finish()
                }
            case ..<84:
                flows.cancelOne(random: &random, log: &log)
            case ..<88:
                log.append("  the app cancels everything the queue holds")
                app.queue.cancelAll()
            default:
                log.append("  time passes")
                app.model.advance(by: .milliseconds(Int.random(in: 100..<1_000, using: &random)))
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.model.turn()
            default: app.model.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
            }
            await Task.yield()
        }
        // Everything settles: the person answers each alert still up, then the app goes back
        // to the list, which takes away every page a flow began with (a flow whose first
        // page stays waits for it, as documented).
        for _ in 0..<40 {
            await app.run()
            guard let top = CancellationRunTests.topPresented(in: app) as? ModelAlertController else { break }
            if !top.isBeingPresented, !top.isBeingDismissed { tapAlert() }
        }
        log.append("  (at the end, the app opens /tab#contact/list)")
        requests.append(app.navigator.request(try! PagePath(parsing: "/tab#contact/list")))
        await app.run()
        for _ in 0..<20 where !flows.allEnded { await app.run() }
        for _ in 0..<10_000 where !flows.allEnded { await Task.yield() }
        let platform: String? = if let exception = app.model.exceptions.first {
            "UIKit would raise: \(exception)"
        } else if !app.model.warnings.isEmpty {
            "UIKit would refuse, or animate over an animation: \(app.model.warnings)"
        } else if let mismatch = flows.mismatch {
            mismatch
        } else if let alert = CancellationRunTests.topPresented(in: app) as? ModelAlertController {
            "\(alert.title) is still up once every alert was answered"
        } else if let last = app.navigator.currentPath.components.last, ["delete", "share"].contains(last.name) {
            "PageKit's path ends at \(last), which the screen does not show"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue, timeouts: app.timeouts,
                                  platform: platform, navigator: app.navigator)
    }

    @Test("300 seeded sequences on the SwiftUI model: every flow ends, answered with the button tapped on its alert or with nothing",
          arguments: 0..<2)
    func swiftUISequences(batch: Int) async {
        await SettledRun.runAll(Self.swiftUIRegressionSeeds + (0..<150).map { UInt64(910_000 + batch * 150 + $0) }) {
            await Self.runSwiftUI(seed: $0)
        }
    }

    /// Seeds of the SwiftUI run once found failing, kept as regressions.
    static let swiftUIRegressionSeeds: [UInt64] = []

    static let swiftUIPaths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page",
        "/tab#contact/list!/compose", "/tab#settings", "/tab#contact/list",
    ]

    /// The alert on top of the SwiftUI app, as its host records it.
    private static func topAlert(in app: SwiftUIAppFixture) -> AlertPage? {
        var level: any Page = app.tabs
        while true {
            if let alert = app.host.alert(over: level) { return alert }
            guard let next = app.host.presentedPage(of: level) else { return nil }
            level = next
        }
    }

    /// Runs one sequence on the SwiftUI model, under the seed's variant of SwiftUI's
    /// behaviour; the failure, with the seed and the operations so far, or `nil`. The
    /// person acts on settled screens, as in the other SwiftUI runs.
    static func runSwiftUI(seed: UInt64) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        let behaviour = SwiftUIBehaviour.variant(Int(seed % 1_000))
        let app = SwiftUIAppFixture(behaviour: behaviour)
        let flows = AlertFlows()
        app.navigator.registry.registerRunAlerts(flows)
        var requests: [NavigationRequest] = []
        var log = ["seed \(seed), \(behaviour)"]
        func tapAlert() {
            guard let alert = topAlert(in: app) else { return }
            if alert.content.style == .confirmationDialog, random.chance(0.2) {
                log.append("  the person taps outside \(alert.pageDescription)")
                _ = app.screen.personTapsOutsideDialog(in: app.host)
                return
            }
            guard let button = alert.content.buttons.randomElement(using: &random) else { return }
            log.append("  the person taps \(button.title) on \(alert.pageDescription)")
            if app.screen.personTapsAlertButton(button.id, in: app.host) { flows.tapped(button.id, on: alert) }
        }
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            let stack = app.host.presentedPage(of: app.tabs).map { $0 as? PageStackModel }
                ?? [app.contact, app.feed, nil][app.tabs.selectedIndex]
            let roll = Int.random(in: 0..<100, using: &random)
            if (42..<78).contains(roll), await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock) {
                log.append("  (the person waits: something runs)")
                continue
            }
            switch roll {
            case ..<22:
                flows.open(on: app.navigator, random: &random, log: &log)
            case ..<36:
                let path = random.pick(swiftUIPaths)
                log.append("  open \(path)")
                requests.append(app.navigator.request(try! PagePath(parsing: path)))
            case ..<42:
                log.append("  the app goes back")
                requests.append(app.navigator.back(1))
            case ..<58:
                tapAlert()
            case ..<64:
                log.append("  the person taps back")
                if let stack { _ = app.screen.personTapsSystemBack(stack) }
            case ..<68:
                let finish = random.chance(0.6)
                log.append("  the person swipes back\(finish ? "" : ", then cancels")")
                if let stack, app.screen.personBeginsSwipeBack(stack) {
                    await Task.yield()
                    app.clock.advance(by: .milliseconds(Int.random(in: 0..<200, using: &random)))
                    app.screen.personEndsSwipeBack(stack, finishing: finish)
                }
            case ..<74:
                let index = Int.random(in: 0...2, using: &random)
                log.append("  the person taps tab \(index)")
                _ = try? app.screen.personTapsTab(index, of: app.tabs)
            case ..<78:
                log.append("  the person swipes the sheet down")
                app.screen.personSwipesDown(in: app.host)
            case ..<84:
                flows.cancelOne(random: &random, log: &log)
            case ..<88:
                log.append("  the app cancels everything the queue holds")
                app.queue.cancelAll()
            default:
                log.append("  time passes")
                app.clock.advance(by: .milliseconds(Int.random(in: 100..<1_000, using: &random)))
            }
            await Task.yield()
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.clock.advance(by: .zero)
            default: app.clock.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
            }
        }
        // Everything settles: the person answers each alert still up, then the app goes
        // back to the list.
        for _ in 0..<40 {
            _ = await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock)
            guard topAlert(in: app) != nil else { break }
            tapAlert()
        }
        log.append("  (at the end, the app opens /tab#contact/list)")
        requests.append(app.navigator.request(try! PagePath(parsing: "/tab#contact/list")))
        for round in 0..<150 {
            if round >= 30, app.queue.isIdle, flows.allEnded { break }
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        for _ in 0..<10_000 where !flows.allEnded { await Task.yield() }
        let platform: String? = if let violation = app.screen.violations.first {
            "SwiftUI would misbehave: \(violation)"
        } else if let disagreement = app.screen.disagreements.first {
            "a view disagrees with its model: \(disagreement)"
        } else if let mismatch = flows.mismatch {
            mismatch
        } else if let alert = topAlert(in: app) {
            "\(alert.pageDescription) is still up once every alert was answered"
        } else if let last = app.navigator.currentPath.components.last, ["delete", "share"].contains(last.name) {
            "PageKit's path ends at \(last), which the screen does not show"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue,
                                  timeouts: app.failures.contains(.timedOut) ? ["a transition"] : [],
                                  platform: platform, navigator: app.navigator)
    }
}
