import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// Seeded runs of a UIKit split view on the ``UIKitModel``, changed by everyone at random
/// moments: the navigator's opens, in either mode; the person's back taps and swipes back
/// in a column, their back at a column's root and their display-mode button; the app's own
/// `showColumn:`, `hideColumn:`, `preferredDisplayMode` and pushes, and, every third seed,
/// its cancellations; the width changing, collapsing and expanding the split view. Time
/// moves on by none, a turn or part of an animation between them. Every tenth seed, a
/// compose sheet comes and goes over the split view, and the person's touches reach the
/// split view behind it (``UIKitModel/Behaviour/sheetsLetTouchesBehind``). A quarter of the
/// seeds have plain `UINavigationController`s in the columns: the app pushes on one, and
/// the person goes back in one, once its animation is over, as nothing queues them there;
/// once settled, the app calls `hierarchyDidChange()`, as an app with plain columns does
/// from their delegates. Another quarter, half of them with plain columns, open pages of a
/// column whose data loads, which comes or fails at random moments; once settled, nothing
/// waits for a load.
///
/// Once the run has settled, what UIKit shows must be what PageKit knows: the current
/// column is the one on top of UIKit's stack, collapsed, and one the display mode shows,
/// expanded; the current path is that column and its navigation stack, and the history's
/// last entry; every request ended, the queue is idle, nothing timed out, and UIKit raised
/// and warned of nothing (no push started inside another's animation). Animations of
/// different controllers may overlap: a column's push during the split view's own
/// transition is the app's to start.
@MainActor
@Suite("Model-based: a UIKit split view, whoever changes it", .timeLimit(.minutes(10)))
struct SplitViewUIKitRunTests {
    /// Seeds once found failing, kept as regressions: a display mode that hid the current
    /// column after expanding (330268), a step started inside a column transition's
    /// completion (330053, 330284), a column transition's completion the model lost when
    /// another began (330151), a column the app replaced and freed while a pop or a push
    /// animated in it (2000432, 2001510, 2001580).
    static let regressionSeeds: [UInt64] = [330_053, 330_151, 330_268, 330_284, 2_000_432, 2_001_510, 2_001_580]

    @Test("300 seeded sequences of opens, the person's and the app's column changes and replacements, pushes, backs and width changes end as UIKit shows",
          arguments: 0..<2)
    func randomSequences(batch: Int) async {
        await SettledRun.runAll(Self.regressionSeeds + (0..<150).map { UInt64(330_300 + batch * 150 + $0) }) {
            await Self.run(seed: $0)
        }
    }

    /// Runs one sequence; the failure, with the seed and the operations so far, or `nil`.
    static func run(seed: UInt64) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        // Whether UIKit keeps a column the app replaced alive through its transition, and
        // whether a column the display mode hides leaves the window: by seed, so that the
        // random stream of every kept seed is unchanged.
        var behaviour = UIKitModel.Behaviour()
        behaviour.keepsTransitioningContainers = !seed.isMultiple(of: 2)
        behaviour.hiddenColumnsLeaveWindow = seed.isMultiple(of: 3)
        let sheets = seed % 10 == 6
        behaviour.sheetsLetTouchesBehind = sheets
        // A quarter of the seeds have plain navigation controllers in the columns: by seed,
        // and none of the kept ones, so that their random streams are unchanged.
        let plain = seed % 8 == 1 || seed % 8 == 3
        let app = UIKitSplitFixture(threeColumns: random.chance(0.5), behaviour: behaviour,
                                    columnKind: plain ? .plain : .queue)
        // Another quarter, half of them with plain columns, open pages whose data loads,
        // which comes or fails at random moments: by seed, and none of the kept ones.
        let loads = seed % 8 == 2 || seed % 8 == 3 ? ManualLoads() : nil
        if let loads { SplitRun.registerLoaded(loads, on: app.navigator, model: app.model) }
        // And a quarter, half with plain columns, half among loads, need the person to sign
        // in before message 3 opens: a guard's detour through a sheet.
        let signIn = seed % 8 == 1 || seed % 8 == 2 ? SplitRun.signIn(on: app.navigator) { [model = app.model] registry in
            registry.replace("signin") { _ in ModelScreen(model, "signin") }
        } : nil
        let timeouts = TimeoutLog(app.queue)
        if random.chance(0.5) { app.split.sizeChanges(compact: true) }
        let split = app.split
        let names = split.columns.map(\.title)
        var requests: [NavigationRequest] = []
        var log = ["seed \(seed), \(names.count)\(plain ? " plain" : "") columns\(split.uikitIsCollapsed ? ", collapsed" : "")"
                   + (loads == nil ? "" : ", pages whose data loads") + (signIn == nil ? "" : ", a sign-in detour")]
        var pushes = 0
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            if SplitRun.loadsOrSignsIn(loads, signIn, on: app.navigator, columns: names, random: &random, log: &log,
                                       requests: &requests) {
                await Task.yield()
                app.model.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
                continue
            }
            let column = Int.random(in: 0..<names.count, using: &random)
            let stack = split.columns[column]
            switch Int.random(in: 0..<100, using: &random) {
            case ..<26:
                requests.append(SplitRun.open(names[column], on: app.navigator, random: &random, log: &log))
            case ..<36:
                // On a plain column, UIKit alone decides what a back tap does while the
                // column animates: the person waits, as in the other runs.
                guard !animates(stack) else { log.append("  the person waits for \(names[column])"); break }
                log.append("  the person taps back in \(names[column])")
                stack.personTapsBack()
            case ..<44:
                let finish = random.chance(0.6)
                guard !animates(stack) else { log.append("  the person waits for \(names[column])"); break }
                log.append("  the person swipes back in \(names[column])\(finish ? "" : ", then cancels")")
                if let swipe = stack.personSwipesBack() {
                    if finish { swipe.finish() } else { swipe.cancel() }
                }
            case ..<50:
                log.append("  the person taps back at a column's root")
                split.personTapsBackAtColumnRoot()
            case ..<56:
                let display = random.pick([SplitDisplay.all, .doubleColumn, .detailOnly, .automatic])
                log.append("  the person taps the display-mode button: \(display.rawValue)")
                split.personTapsDisplayModeButton(to: display)
            case ..<64 where seed.isMultiple(of: 7):
                // Every seventh seed, the app replaces the column instead, with a view
                // controller UIKit would wrap (SPL-8): chosen by seed, so that the random
                // stream of every kept seed is unchanged.
                pushes += 1
                log.append("  the app sets column \(names[column]) to draft(n=\(pushes))")
                split.appSetsViewController(ModelScreen(app.model, "draft", ["n": "\(pushes)"]), forColumn: column)
            case ..<64:
                log.append("  the app shows column \(names[column])")
                split.appShowsColumn(column)
            case ..<70 where seed.isMultiple(of: 5):
                // Every fifth seed, the app sets its preferred display mode instead: chosen
                // by seed and column, so that the random stream, and every kept seed, is unchanged.
                let display = [SplitDisplay.detailOnly, .doubleColumn, .all][column]
                log.append("  the app prefers the display mode \(display.rawValue)")
                split.appPrefersDisplay(display)
            case ..<70:
                log.append("  the app hides column \(names[column])")
                split.appHidesColumn(column)
            case ..<78:
                pushes += 1
                let animated = random.chance(0.8)
                // An app with plain columns pushes once a column's animation is over: a plain
                // navigation controller queues nothing, and a push inside another's animation
                // is the app's own fault.
                guard !animates(stack) else { log.append("  the app waits for \(names[column])"); break }
                log.append("  the app pushes note(n=\(pushes)) on \(names[column])")
                stack.pushViewController(ModelScreen(app.model, "note", ["n": "\(pushes)"]), animated: animated)
            case ..<86:
                log.append(split.uikitIsCollapsed ? "  the width grows: expanded" : "  the width shrinks: collapsed")
                split.sizeChanges(compact: !split.uikitIsCollapsed)
            case ..<93 where sheets:
                // Every tenth seed, a sheet comes or goes instead: chosen by seed, so that the
                // random stream of every kept seed is unchanged.
                if let sheet = split.presentedViewController, !sheet.isBeingDismissed {
                    if random.chance(0.5) {
                        let finish = random.chance(0.7)
                        log.append("  the person swipes the sheet down\(finish ? "" : ", then lets go")")
                        if let swipe = sheet.personSwipesDown() {
                            if finish { swipe.finish() } else { swipe.abandon() }
                        }
                    } else if app.model.isIgnoringTouches {
                        log.append("  the person taps the sheet's Cancel button: UIKit ignores touches")
                    } else {
                        log.append("  the person taps the sheet's Cancel button, which dismisses it")
                        sheet.dismiss(animated: true)
                    }
                } else {
                    log.append("  open /mail!/compose")
                    requests.append(app.navigator.request(try! PagePath(parsing: "/mail!/compose")))
                }
            case _ where seed.isMultiple(of: 3):
                // Every third seed, the app cancels instead: chosen by seed, so that the
                // random stream of every kept seed is unchanged.
                SplitRun.cancel(requests, on: app.queue, random: &random, log: &log)
            default:
                log.append("  time passes")
                app.model.advance(by: .milliseconds(Int.random(in: 100..<1_000, using: &random)))
            }
            await Task.yield()
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.model.turn()
            default: app.model.advance(by: .milliseconds(Int.random(in: 1..<500, using: &random)))
            }
            if random.chance(0.3), let mismatch = await settle(app, requests: requests, loads: loads, signIn: signIn, log: &log) {
                return (log + ["  → \(mismatch)", "  (add \(seed) to regressionSeeds)"]).joined(separator: "\n")
            }
        }
        let mismatch = await settle(app, requests: requests, loads: loads, signIn: signIn, log: &log)
        let platform: String? = if let mismatch {
            mismatch
        } else if let pending = app.navigator.pendingLoad {
            "the navigator still waits, \(pending)"
        } else if let name = loads?.pending.first {
            "the load of \(name) is still waited for"
        } else if let raised = app.model.exceptions.first {
            "UIKit would raise: \(raised)"
        } else if let warning = app.model.warnings.first {
            "UIKit would warn: \(warning)"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue, timeouts: timeouts.labels,
                                  platform: platform, navigator: app.navigator)
    }

    /// Lets everything run to its end, then compares what UIKit shows with what PageKit
    /// knows; the mismatch, or `nil`.
    private static func settle(_ app: UIKitSplitFixture, requests: [NavigationRequest], loads: ManualLoads?,
                               signIn: SignInDetour?, log: inout [String]) async -> String? {
        await SplitRun.runToEnd(app.navigator, requests: requests, loads: loads, signIn: signIn, log: &log) {
            app.model.turn()
            app.model.advance(by: .milliseconds(100))
        }
        guard app.queue.isIdle else { return nil }  // Reported by the final check.
        let split = app.split
        // Plain columns report nothing the person did: the app tells the navigator, as one
        // that uses them does from its own delegates.
        if split.columns.contains(where: { $0.kind == .plain }) {
            app.navigator.hierarchyDidChange()
            for _ in 0..<40 where !app.queue.isIdle {
                await Task.yield()
                app.model.turn()
                app.model.advance(by: .milliseconds(100))
            }
        }
        let current = split.core.state.current
        if split.uikitIsCollapsed {
            guard split.stackedColumns.last == current else {
                return "collapsed, UIKit shows \(split.stackedColumns.last.map { split.columns[$0].title } ?? "nothing") on top, "
                    + "PageKit knows \(split.columns[current].title)"
            }
        } else if !shows(split.displayMode, column: current, of: split.columns.count) {
            return "expanded in \(split.displayMode.rawValue), UIKit hides \(split.columns[current].title), PageKit's current column"
        }
        let column = split.columns[current]
        func names(_ controllers: [ModelViewController]) -> String {
            controllers.map { ($0 as? any Page)?.pageDescription ?? $0.title }.joined(separator: "/")
        }
        // The host wraps a presented screen in a navigation controller of its own.
        let sheet = split.presentedViewController.map { "!/" + names(($0 as? ModelNavigationController)?.viewControllers ?? [$0]) }
        let shown = "/mail#\(column.title)/" + names(column.viewControllers) + (sheet ?? "")
        guard app.path == shown else { return "UIKit shows \(shown), PageKit's path is \(app.path)" }
        return nil
    }

    /// Whether `stack` is a plain navigation controller in the middle of an animation.
    private static func animates(_ stack: ModelNavigationController) -> Bool {
        stack.kind == .plain && stack.transitionCoordination != nil
    }

    /// Whether `display` shows column `index` of `count`, expanded (`UISplitViewController.h`).
    private static func shows(_ display: SplitDisplay, column index: Int, of count: Int) -> Bool {
        switch display {
        case .automatic, .all: true
        case .doubleColumn: index >= count - 2
        case .detailOnly: index == count - 1
        }
    }
}

/// The same on the SwiftUI model: `PageSplitView` on the model screen, changed by the
/// navigator's opens, the app's pushes on a column (and, every third seed, its
/// cancellations), the person's back taps and swipes in a column, their sidebar button and
/// their back at a column's root, and the size class.
/// Every tenth seed, a compose sheet comes and goes over the split view, which lets the
/// person's touches through to it (``SwiftUIBehaviour/sheetsLetTouchesBehind``).
/// The person acts on settled screens only, as in the other SwiftUI runs, but in a mix of
/// their own where they act at any moment. A quarter of the seeds of each open pages of a
/// column whose data loads, which comes or fails at random moments. Once settled, nothing
/// waits for a load,
/// SwiftUI was asked for nothing it would get wrong, every binding agrees with its model,
/// the current column is on screen and the path goes through it and its stack.
@MainActor
@Suite("Model-based: a SwiftUI split view, whoever changes it", .timeLimit(.minutes(10)))
struct SplitViewSwiftUIRunTests {
    /// Seeds once found failing, kept as regressions: the app hid a column while the
    /// person's back tap popped in it (613058, a defect of the SwiftUI model).
    static let regressionSeeds: [UInt64] = [613_058, 640_504]

    @Test("300 seeded sequences of opens, the person's and the app's column changes and displays, pushes, backs and size classes end as SwiftUI shows",
          arguments: 0..<2)
    func randomSequences(batch: Int) async {
        await SettledRun.runAll(Self.regressionSeeds + (0..<150).map { UInt64(340_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0)
        }
    }

    /// Seeds of the mix where the person acts at any moment, once found failing: the
    /// person's back tap in one column while the app's push animated in another was taken
    /// for an animation begun inside another (740204, a defect of the SwiftUI model); the
    /// person's swipe in one column, begun while PageKit's push animated in another, held
    /// nothing, and the app's next push ran under the finger, desynchronizing the stack
    /// (740022); PageKit's push in one column while the person's pop animated in another
    /// was taken for an animation begun inside another (741806, the model again); the data
    /// of a loading request came while the person's back animated in the sidebar, behind a
    /// sheet that lets touches through, and the request dismissed the sheet under the pop
    /// (9523017, 9523497); a swipe the person finished in the sidebar once the detail
    /// covered it told the stack it was on screen, and the app's next push there waited
    /// for an appearance that never came (9607027, a defect of the SwiftUI model); a
    /// request's dismissal of a sheet ran while the person's pop behind it animated
    /// (9700357, 9700947); the person's sidebar button superseded a loading request from
    /// inside SwiftUI's setter, and the app's push queued behind it started there, never
    /// drawn (9700985).
    static let personAnytimeRegressionSeeds: [UInt64] = [740_204, 740_022, 741_806, 9_523_017, 9_523_497, 9_607_027,
                                                         9_700_357, 9_700_947, 9_700_985]

    @Test("300 more where the person also acts at any moment, while what the app or the person started still animates",
          arguments: 0..<2)
    func personAnytime(batch: Int) async {
        await SettledRun.runAll(Self.personAnytimeRegressionSeeds + (0..<150).map { UInt64(740_000 + batch * 150 + $0) }) {
            await Self.run(seed: $0, personAnytime: true)
        }
    }

    /// Runs one sequence; the failure, with the seed and the operations so far, or `nil`.
    /// With `personAnytime`, the person's taps, swipes and sidebar button come at any
    /// moment, not only on a settled screen: the model refuses what a device refuses then.
    static func run(seed: UInt64, personAnytime: Bool = false) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        // By seed, so that the random stream of every kept seed is unchanged.
        let sheets = seed % 10 == 7
        let app = SplitFixture(collapsed: random.chance(0.5), current: 0, threeColumns: random.chance(0.5), swiftUI: true,
                               behaviour: SwiftUIBehaviour(sheetsLetTouchesBehind: sheets))
        // A quarter of the seeds open pages whose data loads, which comes or fails at random
        // moments: by seed, and none of the kept ones.
        let loads = seed % 8 == 1 || seed % 8 == 5 ? ManualLoads() : nil
        if let loads {
            try! app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in ScreenPage(intent: intent) }
        }
        // And a quarter, half of them among loads, need the person to sign in before message
        // 3 opens: a guard's detour through a sheet.
        let signIn = seed % 8 == 3 || seed % 8 == 5 ? SplitRun.signIn(on: app.navigator) { registry in
            try! registry.registerScreen("signin")
        } : nil
        let timeouts = TimeoutLog(app.queue)
        let split = app.mail
        let names = split.columns.map(\.pageName)
        var compact = split.isCollapsed
        var requests: [NavigationRequest] = []
        var log = ["seed \(seed)\(personAnytime ? " (the person acts at any moment)" : ""), \(names.count) columns\(compact ? ", compact" : "")"
                   + (loads == nil ? "" : ", pages whose data loads") + (signIn == nil ? "" : ", a sign-in detour")]
        var pushes = 0
        for _ in 0..<Int.random(in: 5...30, using: &random) {
            if SplitRun.loadsOrSignsIn(loads, signIn, on: app.navigator, columns: names, random: &random, log: &log,
                                       requests: &requests) {
                await Task.yield()
                app.clock.advance(by: .milliseconds(Int.random(in: 1..<700, using: &random)))
                continue
            }
            let column = Int.random(in: 0..<names.count, using: &random)
            let stack = split.columns[column]
            let roll = Int.random(in: 0..<100, using: &random)
            if !personAnytime, (30..<66).contains(roll),
               await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock) {
                log.append("  (the person waits: something runs)")
                continue
            }
            switch roll {
            case ..<22:
                requests.append(SplitRun.open(names[column], on: app.navigator, random: &random, log: &log))
            case ..<30:
                pushes += 1
                log.append("  the app pushes note(n=\(pushes)) on \(names[column])")
                stack.queued.push(ScreenPage("note", parameters: ["n": "\(pushes)"]), animated: random.chance(0.8))
            case ..<40:
                log.append("  the person taps back in \(names[column])")
                _ = app.screen.personTapsSystemBack(stack)
            case ..<48:
                let finish = random.chance(0.6)
                log.append("  the person swipes back in \(names[column])\(finish ? "" : ", then cancels")")
                if app.screen.personBeginsSwipeBack(stack) {
                    await Task.yield()
                    app.clock.advance(by: .milliseconds(Int.random(in: 0..<200, using: &random)))
                    app.screen.personEndsSwipeBack(stack, finishing: finish)
                }
            case ..<54:
                log.append("  the person taps back at a column's root")
                app.screen.personTapsBackAtColumnRoot(of: split)
            case ..<60:
                let display = random.pick([SplitDisplay.all, .doubleColumn, .detailOnly, .automatic])
                log.append("  the person taps the sidebar button: \(display.rawValue)")
                app.screen.personChangesDisplay(to: display, of: split)
            case ..<66:
                compact.toggle()
                log.append(compact ? "  the size class becomes compact" : "  the size class becomes regular")
                app.screen.sizeClassChanges(compact: compact, of: split)
            case ..<72 where !seed.isMultiple(of: 3):
                let display = random.pick([SplitDisplay.all, .doubleColumn, .detailOnly, .automatic])
                log.append("  the app sets the display: \(display.rawValue)")
                split.setDisplay(display)
            case ..<93 where sheets:
                // Every tenth seed, a sheet comes or goes instead.
                if let sheet = app.host.presentedPage(of: split) {
                    if !personAnytime, await SettledRun.personWaits(on: app.screen, queue: app.queue, clock: app.clock) {
                        log.append("  (the person waits: something runs)")
                    } else if random.chance(0.5) {
                        log.append("  the person swipes the sheet down")
                        app.screen.personSwipesDown(in: app.host)
                    } else if app.screen.isIgnoringTouches {
                        log.append("  the person taps the sheet's close button: UIKit ignores touches")
                    } else {
                        log.append("  the person taps the sheet's close button")
                        _ = try? app.host.userDismisses(sheet)
                    }
                } else {
                    let path = random.chance(0.5) ? "/mail!compose" : "/mail!/compose"
                    log.append("  open \(path)")
                    requests.append(app.navigator.request(try! PagePath(parsing: path)))
                }
            case _ where seed.isMultiple(of: 3):
                // Every third seed, the app cancels instead, at any moment.
                SplitRun.cancel(requests, on: app.queue, random: &random, log: &log)
            default:
                log.append("  time passes")
                app.clock.advance(by: .milliseconds(Int.random(in: 100..<1_000, using: &random)))
            }
            await Task.yield()
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: app.clock.advance(by: .zero)
            default: app.clock.advance(by: .milliseconds(Int.random(in: 1..<500, using: &random)))
            }
            if random.chance(0.3), let mismatch = await settle(app, requests: requests, loads: loads, signIn: signIn, log: &log) {
                return (log + ["  → \(mismatch)", "  (add \(seed) to regressionSeeds)"]).joined(separator: "\n")
            }
        }
        let platform: String? = if let mismatch = await settle(app, requests: requests, loads: loads, signIn: signIn, log: &log) {
            mismatch
        } else if let pending = app.navigator.pendingLoad {
            "the navigator still waits, \(pending)"
        } else if let name = loads?.pending.first {
            "the load of \(name) is still waited for"
        } else if let violation = app.screen.violations.first {
            "SwiftUI would misbehave: \(violation)"
        } else {
            nil
        }
        return SettledRun.failure(seed: seed, log: log, requests: requests, queue: app.queue, timeouts: timeouts.labels,
                                  platform: platform, navigator: app.navigator)
    }

    /// Lets everything run to its end, then compares what SwiftUI shows with what PageKit
    /// knows; the mismatch, or `nil`.
    private static func settle(_ app: SplitFixture, requests: [NavigationRequest], loads: ManualLoads?,
                               signIn: SignInDetour?, log: inout [String]) async -> String? {
        await SplitRun.runToEnd(app.navigator, requests: requests, loads: loads, signIn: signIn, log: &log) {
            app.clock.advance(by: .milliseconds(100))
        }
        guard app.queue.isIdle else { return nil }  // Reported by the final check.
        if let disagreement = app.screen.disagreements.first { return "a view disagrees with its model: \(disagreement)" }
        let split = app.mail
        let current = split.columns[split.currentColumn]
        let shown = app.screen.shownColumns(of: split)
        if split.isCollapsed ? shown.last != current.pageName : !shown.contains(current.pageName) {
            return "SwiftUI shows the columns \(shown), PageKit's current column is \(current.pageName)"
        }
        let sheet = app.host.presentedPage(of: split).map { sheet in
            (sheet is PageStackModel ? "!/" : "!")
                + ((sheet as? PageStackModel)?.pages ?? [sheet]).map(\.pageDescription).joined(separator: "/")
        }
        let path = "/mail#\(current.pageName)/" + current.pages.map(\.pageDescription).joined(separator: "/") + (sheet ?? "")
        guard app.path == path else { return "the current column shows \(path), PageKit's path is \(app.path)" }
        return nil
    }
}

/// What both split view runs do alike.
@MainActor
enum SplitRun {
    /// The navigator opens a message of `column`, or the column alone, in either mode,
    /// animated or not.
    static func open(_ column: String, on navigator: Navigator, random: inout SeededRandomNumberGenerator,
                     log: inout [String]) -> NavigationRequest {
        let id = Int.random(in: 0..<4, using: &random)
        let path = random.chance(0.25) ? "/mail#\(column)" : "/mail#\(column)/message(id=\(id))"
        let exact = random.chance(0.3)
        let animated = random.chance(0.8)
        log.append("  open \(path)\(exact ? ", exact" : "")\(animated ? "" : ", not animated")")
        return navigator.request(try! PagePath(parsing: path), .mode(exact ? .exact : .reuse).animated(animated))
    }

    /// Lets what was queued run in turn, each for an animation or two, until the queue is
    /// idle and every request ended, or the longest time-out has passed: the data still
    /// loading comes, and the person signs in on a sign-in page that is up. A detour's end
    /// reaches its request through a task of its own, later on a loaded machine: waited
    /// for too. `tick` moves the platform on by 100 ms.
    static func runToEnd(_ navigator: Navigator, requests: [NavigationRequest], loads: ManualLoads?,
                         signIn: SignInDetour?, log: inout [String], tick: () -> Void) async {
        let queue = navigator.queue
        let signingIn = { signIn != nil && SignInDetour.page(on: navigator) != nil }
        let waiting = { signIn != nil && requests.contains { !$0.isResolved } }
        for round in 0..<700 where round < 40 || !queue.isIdle || signingIn() || waiting() {
            if let loads, let name = loads.pending.first {
                log.append("  (settling, the data of \(name) comes)")
                _ = loads.complete(name, with: "value")
            }
            if round.isMultiple(of: 10), let signIn, queue.isIdle { signIn.signsIn(on: navigator, log: &log) }
            await Task.yield()
            tick()
        }
    }

    /// A guard that sends the person to sign in, on a sheet (`/mail!/signin`), before a
    /// message whose id is 3 opens; `register` registers the `signin` screen.
    static func signIn(on navigator: Navigator, register: (inout PageRegistry) -> Void) -> SignInDetour {
        register(&navigator.registry)
        return SignInDetour(on: navigator, detour: "/mail!/signin") { $0.name == "message" && $0.parameters["id"] == "3" }
    }

    /// Registers `loaded`, a screen whose data `loads` gives.
    static func registerLoaded(_ loads: ManualLoads, on navigator: Navigator, model: UIKitModel) {
        try! navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in
            ModelScreen(model, "loaded", intent.component.parameters)
        }
    }

    /// With `loads`, a quarter of the time, the app opens a page of a column whose data
    /// loads, or a load waiting for its data gets it or fails; else, with `signIn`, now and
    /// then the person signs in or gives up, or the app signs out. Whether either did.
    static func loadsOrSignsIn(_ loads: ManualLoads?, _ signIn: SignInDetour?, on navigator: Navigator,
                               columns: [String], random: inout SeededRandomNumberGenerator, log: inout [String],
                               requests: inout [NavigationRequest]) -> Bool {
        if let loads, random.chance(0.25) {
            let roll = Int.random(in: 0..<4, using: &random)
            if roll < 2 {
                let column = random.pick(columns)
                let id = Int.random(in: 0..<3, using: &random)
                let path = random.chance(0.5) ? "/mail#\(column)/loaded(id=\(id))" : "/mail#\(column)/message(id=\(id))/loaded(id=\(id))"
                log.append("  open \(path), whose data loads")
                requests.append(navigator.request(try! PagePath(parsing: path)))
            } else {
                loads.endOne(failing: roll == 3, random: &random, log: &log)
            }
            return true
        }
        guard let signIn, random.chance(0.15) else { return false }
        signIn.act(on: navigator, random: &random, log: &log)
        return true
    }

    /// The app cancels one of the `requests` still open, or everything `queue` holds.
    static func cancel(_ requests: [NavigationRequest], on queue: TransitionQueue,
                       random: inout SeededRandomNumberGenerator, log: inout [String]) {
        let open = requests.filter { !$0.isResolved }
        if let request = open.randomElement(using: &random), random.chance(0.6) {
            log.append("  the app cancels `\(request.target.map { "\($0)" } ?? "?")`")
            request.cancel()
        } else {
            log.append("  the app cancels everything the queue holds")
            queue.cancelAll()
        }
    }
}
