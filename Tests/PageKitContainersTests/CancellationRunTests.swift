import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// Seeded runs on the UIKit model where the app cancels at random moments: the queue's
/// `cancelAll()` and a request's `cancel()`, while a request guards, asks, animates or
/// waits, while the person's leave asks a form or their swipe runs. What a cancellation
/// does to the screen depends on the moment, so these runs check what must hold whatever
/// the moment, once everything has settled: every request has ended, the queue is idle and
/// timed nothing out (a callback that never came), UIKit raised and warned of nothing (no
/// animation started over another), and the history's last entry is the current path (every
/// change recorded; with a plain tab bar controller and maybe a plain navigation
/// controller, which half the seeds have, once the app has told the navigator, as such an
/// app does). The runs without cancellations compare the whole screen with a reference
/// (`UIKitModelRunTests`).
/// What the cancellation runs on both models share: running the seeds, and what must hold
/// once a run has settled.
@MainActor
enum SettledRun {
    /// Runs `seeds` through `run`, and records the first failure.
    static func runAll(_ seeds: [UInt64], _ run: (UInt64) async -> String?) async {
        for seed in seeds {
            await Task.yield()
            if let failure = await run(seed) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    /// Whether something runs or animates on `screen`, for which the person, who touches
    /// only settled screens in the SwiftUI runs, waits: for at most three seconds.
    static func personWaits(on screen: SwiftUIScreen, queue: TransitionQueue, clock: ManualTransitionClock) async -> Bool {
        guard !queue.isIdle || clock.now < screen.animationEnds else { return false }
        for _ in 0..<30 where !queue.isIdle || clock.now < screen.animationEnds {
            await Task.yield()
            clock.advance(by: .milliseconds(100))
        }
        return true
    }

    /// The first of what must hold once everything settled that does not: every request
    /// ended, the queue is idle and timed nothing out, the platform's model found nothing
    /// wrong (`platform`), the history ends at the current path; the failure, with the
    /// operations in `log`, or `nil`.
    static func failure(seed: UInt64, log: [String], requests: [NavigationRequest], queue: TransitionQueue,
                        timeouts: [String], platform: String?, navigator: Navigator) -> String? {
        let mismatch: String? = if let open = requests.first(where: { !$0.isResolved }) {
            "`\(open.target.map { "\($0)" } ?? "?")` never ended"
        } else if !queue.isIdle {
            "the queue still runs `\(queue.runningLabel ?? "?")`"
        } else if !timeouts.isEmpty {
            "timed out, a callback never came: \(timeouts)"
        } else if let platform {
            platform
        } else if navigator.history.last != navigator.currentPath {
            "the history ends at \(navigator.history.last.map { "\($0)" } ?? "nothing"), the screen shows \(navigator.currentPath)"
        } else {
            nil
        }
        guard let mismatch else { return nil }
        return (log + ["  → \(mismatch)", "  (add \(seed) to regressionSeeds)"]).joined(separator: "\n")
    }
}

@MainActor
@Suite("Model-based: cancellations lose and stall nothing", .timeLimit(.minutes(10)))
struct CancellationRunTests {
    /// Seeds once found failing, kept as regressions.
    static let regressionSeeds: [UInt64] = [214_065, 211_124, 212_010]

    @Test("300 seeded sequences where the app cancels what waits or runs, at random moments, end settled and recorded",
          arguments: 0..<2)
    func randomSequences(batch: Int) async {
        await SettledRun.runAll(Self.regressionSeeds + (0..<150).map { UInt64(200_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0)
        }
    }

    /// Seeds of the mix with the back menu and a slow guard, once found failing.
    static let menuRegressionSeeds: [UInt64] = []

    @Test("300 more where the person also picks from the back menu, and a guard may take its time to decide",
          arguments: 0..<2)
    func menuPicksWhileAGuardDecides(batch: Int) async {
        await SettledRun.runAll(Self.menuRegressionSeeds + (0..<150).map { UInt64(230_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0, menuPicks: true)
        }
    }

    static let paths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page(id=3)",
        "/tab#contact/list/compose", "/tab#contact/list!/compose", "/tab#contact/list!photo", "/tab#settings",
        "/tab#contact/list", "/tab#contact/list/compose!photo",
    ]

    /// Runs one sequence; the failure, with the seed and the operations so far, or `nil`.
    /// With `menuPicks`, the person also picks pages from the back button's history menu,
    /// which UIKit may carry out without asking anyone, and a guard takes its time to
    /// decide, half the time, until the person or the test answers: so the menu's pop can
    /// come while a request waits for it.
    static func run(seed: UInt64, menuPicks: Bool = false) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        var behaviour = UIKitModel.Behaviour.random(using: &random)
        behaviour.refusedRetapStillPops = false
        // A quarter of the seeds have a plain tab bar controller, another both it and a
        // plain navigation controller, as many apps do: they report nothing the person does.
        let app = UIKitModelApp(behaviour: behaviour, tabKind: seed % 2 == 1 ? .plain : .pageKit,
                                stackKind: seed % 4 == 3 ? .plain : .queue)
        var requests: [NavigationRequest] = []
        var formsSeen = 0
        var log = ["seed \(seed)\(menuPicks ? " (back menu, slow guard)" : ""), \(behaviour)"]
        let decisions = PendingAnswers()
        let slowGuard = Flag()
        let token = menuPicks ? app.navigator.addGuard { _ in
            guard slowGuard.isSet else { return .allow }
            return await decisions.wait() ? .allow : .refuse(reason: "the guard said no")
        } : nil
        defer { token?.cancel() }
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            if menuPicks {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<2:
                    slowGuard.isSet.toggle()
                    log.append(slowGuard.isSet ? "  the guard takes its time from now on" : "  the guard decides at once from now on")
                case 2..<4 where decisions.isAsking:
                    let allowed = random.chance(0.7)
                    log.append("  the guard decides: \(allowed ? "allow" : "refuse")")
                    decisions.answer(allowed)
                case 4..<6:
                    // The menu opens after a long press and takes a tap more: the pick
                    // lands where nothing animates. One that came inside an animation the
                    // app started would nest UIKit's own pop in it, which nothing can stop.
                    if let stack = visibleStack(of: app), stack.viewControllers.count > 1,
                       app.model.transitionsInFlight == 0 {
                        let target = Int.random(in: 0..<(stack.viewControllers.count - 1), using: &random)
                        log.append("  the person picks page #\(target) from the back menu")
                        _ = stack.personPicksFromBackMenu(stack.viewControllers[target])
                    }
                default:
                    break
                }
            }
            // Forms made since: edited, each asks the person, waits for the test, or answers.
            for form in app.forms.dropFirst(formsSeen) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: break
                case 1: form.draft = "x"; form.ask(QuestionAnswerer.question(forForm: formsSeen), through: app.navigator)
                case 2: form.draft = "x"
                default: form.draft = "x"; form.answer = random.chance(0.5)
                }
                formsSeen += 1
            }
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case ..<28:
                let path = random.pick(paths)
                let animated = random.chance(0.7)
                log.append("  open \(path)\(animated ? "" : ", not animated")")
                requests.append(app.navigator.request(try! PagePath(parsing: path), .animated(animated)))
            case ..<36:
                log.append("  the app goes back")
                requests.append(app.navigator.back(1))
            case ..<44:
                log.append("  the person taps back")
                backStack(of: app)?.personTapsBack()
            case ..<50:
                let finish = random.chance(0.6)
                log.append("  the person swipes back\(finish ? "" : ", then cancels")")
                if let swipe = backStack(of: app)?.personSwipesBack() {
                    if finish { swipe.finish() } else { swipe.cancel() }
                }
            case ..<56:
                let index = Int.random(in: 0...1, using: &random)
                log.append("  the person taps tab \(index)")
                personTapsTab(index, in: app)
            case ..<62:
                let finish = random.chance(0.7)
                log.append("  the person swipes the sheet down\(finish ? "" : ", then lets go")")
                // A sheet still sliding in does not take the finger: UIKit ignores touches
                // while a presentation runs (`UIKitModel.isIgnoringTouches`).
                if let sheet = topPresented(in: app), !(sheet is ModelAlertController),
                   let swipe = sheet.personSwipesDown() {
                    if finish { swipe.finish() } else { swipe.abandon() }
                }
            case ..<72:
                log.append("  the app cancels everything the queue holds")
                app.queue.cancelAll()
            case ..<82:
                let open = requests.filter { !$0.isResolved }
                guard !open.isEmpty else { continue }
                let request = random.pick(open)
                log.append("  the app cancels `\(request.target.map { "\($0)" } ?? "?")`")
                request.cancel()
            case ..<90:
                let form = (visibleStack(of: app)?.viewControllers.last as? ModelFormPage)
                    ?? app.forms.last { $0.isInWindow }
                guard let form else { continue }
                log.append("  the person edits \(form.title)")
                form.draft += "x"
            default:
                log.append("  the person answers what asks")
                answerEverything(in: app, random: &random)
            }
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.model.turn()
            default: app.model.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
            }
            await Task.yield()
        }
        // Everything settles: each question is answered, each waiting form and guard too.
        slowGuard.isSet = false
        for _ in 0..<40 {
            answerEverything(in: app, random: &random)
            decisions.answer(true)
            await app.run()
            if app.queue.isIdle, topPresented(in: app).map({ !($0 is ModelAlertController) }) ?? true,
               !app.forms.contains(where: \.isAsking) { break }
        }
        // Plain containers report nothing the person did: the app tells the navigator, as
        // one that uses them does from its own delegates.
        if app.contact.kind == .plain || app.tabs.kind == .plain { app.navigator.hierarchyDidChange() }
        let platform: String? = if let exception = app.model.exceptions.first {
            "UIKit would raise: \(exception)"
        } else if !app.model.warnings.isEmpty {
            "UIKit would refuse, or animate over an animation: \(app.model.warnings)"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue, timeouts: app.timeouts,
                                  platform: platform, navigator: app.navigator)
    }

    /// The stack the person can go back on: not a plain one while it animates, where
    /// UIKit alone decides what a back during PageKit's push does (not documented: the
    /// model nests it, and logs) and tells PageKit nothing.
    static func backStack(of app: UIKitModelApp) -> ModelNavigationController? {
        guard let stack = visibleStack(of: app) else { return nil }
        return stack.kind == .plain && stack.transitionCoordination != nil ? nil : stack
    }

    /// The person taps tab `index`; not the selected one again on a plain tab bar
    /// controller while its stack animates, for the same reason.
    static func personTapsTab(_ index: Int, in app: UIKitModelApp) {
        if app.tabs.kind == .plain, index == app.tabs.selectedIndex, index == 0,
           app.contact.transitionCoordination != nil { return }
        app.tabs.personTaps(index)
    }

    /// The stack the person sees: the sheet's when a stack is presented, else the contact
    /// stack when its tab is selected.
    static func visibleStack(of app: UIKitModelApp) -> ModelNavigationController? {
        if let sheet = topPresented(in: app) { return sheet as? ModelNavigationController }
        return app.tabs.selectedViewController === app.contact ? app.contact : nil
    }

    /// The controller presented on top, if any.
    static func topPresented(in app: UIKitModelApp) -> ModelViewController? {
        var top: ModelViewController = app.tabs
        while let next = top.presentedViewController { top = next }
        return top === app.tabs ? nil : top
    }

    /// The person taps a button of the question on top, and every form waiting for the
    /// test gets an answer.
    static func answerEverything(in app: UIKitModelApp, random: inout SeededRandomNumberGenerator) {
        if let question = topPresented(in: app) as? ModelAlertController, !question.isBeingPresented {
            _ = question.personTaps(random.chance(0.5) ? "Discard" : "Keep Editing")
        }
        for form in app.forms where form.isAsking { form.answer(random.chance(0.5)) }
    }
}

/// The same, on the SwiftUI model: the app cancels at random moments while the person taps
/// back, swipes back, taps tabs and swipes sheets down; once everything has settled, every
/// request has ended, the queue is idle, nothing timed out, SwiftUI was asked for nothing
/// it would get wrong, every binding agrees with its model, and the history's last entry is
/// the current path.
@MainActor
@Suite("Model-based: cancellations lose and stall nothing, in SwiftUI", .timeLimit(.minutes(10)))
struct SwiftUICancellationRunTests {
    /// Seeds once found failing, kept as regressions: operations that waited for the
    /// person's back tap started inside its completion (820390).
    static let regressionSeeds: [UInt64] = [820_390]

    @Test("300 seeded sequences where the app cancels what waits or runs, at random moments, end settled and recorded",
          arguments: 0..<2)
    func randomSequences(batch: Int) async {
        await SettledRun.runAll(Self.regressionSeeds + (0..<150).map { UInt64(250_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0)
        }
    }

    static let paths = [
        "/tab#contact/list/person_detail(id=1)", "/tab#contact/list/person_detail(id=2)/home_page",
        "/tab#contact/list!compose", "/tab#contact/list!/compose/attach", "/tab#settings", "/tab#contact/list",
        "/tab#/feed/post(id=4)", "/tab#contact/list/home_page!compose",
    ]

    /// Seeds of the mix where the person acts at any moment, once found failing: a back
    /// tap in the turn after a cancelled swipe (700043), a tab left and chosen again while
    /// the person's pop animated (702784).
    static let personAnytimeRegressionSeeds: [UInt64] = [700_043, 702_784, 720_597, 720_849]

    @Test("300 more where the person also acts at any moment, while what the app or the person started still animates",
          arguments: 0..<2)
    func personAnytime(batch: Int) async {
        await SettledRun.runAll(Self.personAnytimeRegressionSeeds + (0..<150).map { UInt64(700_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0, personAnytime: true)
        }
    }

    /// Runs one sequence; the failure, with the seed and the operations so far, or `nil`.
    /// With `personAnytime`, the person's taps and swipes come at any moment, not only on
    /// a settled screen; UIKit ignores them while a sheet slides (the model's
    /// `isIgnoringTouches`), and the model refuses those SwiftUI would not start.
    static func run(seed: UInt64, personAnytime: Bool = false) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        let behaviour = SwiftUIBehaviour.variant(Int(seed % 1_000))
        let app = SwiftUIAppFixture(behaviour: behaviour)
        var requests: [NavigationRequest] = []
        var log = ["seed \(seed)\(personAnytime ? " (the person acts at any moment)" : ""), \(behaviour)"]
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            let stack = app.host.presentedPage(of: app.tabs).map { $0 as? PageStackModel }
                ?? [app.contact, app.feed, nil][app.tabs.selectedIndex]
            let roll = Int.random(in: 0..<100, using: &random)
            // The person touches only what has settled, as in the other SwiftUI runs (how
            // SwiftUI takes a finger mid-animation is not fully known), except in the mix
            // where the person acts at any moment: the app cancels at any moment.
            if !personAnytime, (38..<66).contains(roll), await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock) {
                log.append("  (the person waits: something runs)")
                continue
            }
            switch roll {
            case ..<30:
                let path = random.pick(paths)
                let animated = random.chance(0.7)
                log.append("  open \(path)\(animated ? "" : ", not animated")")
                requests.append(app.navigator.request(try! PagePath(parsing: path), .animated(animated)))
            case ..<38:
                log.append("  the app goes back")
                requests.append(app.navigator.back(1))
            case ..<46:
                log.append("  the person taps back")
                if let stack { _ = app.screen.personTapsSystemBack(stack) }
            case ..<54:
                let finish = random.chance(0.6)
                log.append("  the person swipes back\(finish ? "" : ", then cancels")")
                if let stack, app.screen.personBeginsSwipeBack(stack) {
                    await Task.yield()
                    app.clock.advance(by: .milliseconds(Int.random(in: 0..<200, using: &random)))
                    app.screen.personEndsSwipeBack(stack, finishing: finish)
                }
            case ..<60:
                let index = Int.random(in: 0...2, using: &random)
                log.append("  the person taps tab \(index)")
                _ = try? app.screen.personTapsTab(index, of: app.tabs)
            case ..<66:
                let finish = random.chance(0.7)
                log.append("  the person swipes the sheet down\(finish ? "" : ", then lets go")")
                if let drag = app.screen.personStartsSwipeDown(in: app.host) {
                    await Task.yield()
                    if finish { drag.finish() } else { drag.letGo() }
                }
            case ..<76:
                log.append("  the app cancels everything the queue holds")
                app.queue.cancelAll()
            default:
                let open = requests.filter { !$0.isResolved }
                guard !open.isEmpty else { continue }
                let request = random.pick(open)
                log.append("  the app cancels `\(request.target.map { "\($0)" } ?? "?")`")
                request.cancel()
            }
            await Task.yield()
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.clock.advance(by: .zero)
            default: app.clock.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
            }
        }
        for round in 0..<150 {
            if round >= 30, app.queue.isIdle { break }
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        let platform: String? = if let violation = app.screen.violations.first {
            "SwiftUI would misbehave: \(violation)"
        } else if let disagreement = app.screen.disagreements.first {
            "a view disagrees with its model: \(disagreement)"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue,
                                  timeouts: app.failures.contains(.timedOut) ? ["a transition"] : [],
                                  platform: platform, navigator: app.navigator)
    }
}
