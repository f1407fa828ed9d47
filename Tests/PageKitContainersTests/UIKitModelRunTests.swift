import PageKit
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

// Seeded random sequences of what happens to a UIKit app — the navigator's requests (and,
// in mixes of their own, its pushes and pops of the visible stack, and exact opens of
// earlier paths, as back(n) and a restore make them), the app's own pushes
// and pops through UIKit, the person's taps, swipes, menu picks and sheet swipes, forms
// being edited (and, in a mix of its own, the app acting again at once, before the person's
// or its own last act has finished animating) — run on the UIKit behaviour model under
// random settings of its unsettled rules, and on a small reference model; after every
// operation the two must agree, and nothing may raise, be refused by UIKit, overlap, or
// wait for a callback that never comes.
// Every second form asks the person over the top of the window (`Navigator.ask`), and the
// person answers what shows, at once or after the app's next action.

/// What a run's sequences draw more of, or add: each mix is its own set of seeds.
struct UIKitRunMix: CustomStringConvertible {
    /// Forms, edits and leaving far more often, so that forms ask, and the app acts while
    /// a question shows.
    var formsFirst = false
    /// The navigator's pushes and pops of the visible stack.
    var navigatorMoves = false
    /// One operation in ten opens an earlier path in exact mode.
    var restores = false
    /// Now and then the app acts again before time passes: while what the last operation
    /// started (the person's pop, swipe, tab tap or dismissal, or the app's own act) still
    /// runs.
    var midAnimation = false
    /// One operation in eight is the app's own doing to the tabs: a selection
    /// (`selectedIndex`), or, one time in four, the settings tab taken away or given back
    /// (`setViewControllers`).
    var appSelectsTabs = false

    /// ` (forms first) (navigator moves)`, for logs.
    var description: String {
        [(formsFirst, " (forms first)"), (navigatorMoves, " (navigator moves)"), (midAnimation, " (mid-animation)"),
         (appSelectsTabs, " (the app selects tabs)")].filter(\.0).map(\.1).joined()
    }
}

/// What a sequence is made of.
enum UIKitRunOperation: CustomStringConvertible {
    case open(stack: Int, item: String)
    case appPush(stack: Int, id: Int, animated: Bool)
    case appPop(stack: Int)
    case edit
    case tapBack
    case swipeBack(finish: Bool)
    case contentSwipe(finish: Bool)
    case menuPick(Int)
    case tapTab(Int)
    case presentSheet
    case sheetPush(id: Int)
    case swipeDown(finish: Bool)
    case cancelButton
    /// The app pushes a form (`id` nil) or p(id=`id`) through the navigator.
    case navigatorPush(id: Int?)
    case navigatorPop(count: Int)
    case advance(milliseconds: Int)
    /// The app opens, in exact mode, a path the navigator reported `back` operations ago.
    case restore(back: Int)
    /// The app sets the tab bar controller's `selectedIndex` itself.
    case appSelectsTab(Int)
    /// The app takes the settings tab away, or gives it back, with `setViewControllers`.
    case appTogglesSettingsTab(animated: Bool)

    var description: String {
        switch self {
        case .open(let stack, let item): "open app://tab/\(AppRunReference.stackNames[stack])/\(item)"
        case .appPush(let stack, let id, let animated): "app pushes p(id=\(id)) on \(AppRunReference.stackNames[stack])\(animated ? "" : " without animation")"
        case .appPop(let stack): "app pops \(AppRunReference.stackNames[stack])"
        case .edit: "the person edits the form on top"
        case .tapBack: "the person taps back"
        case .swipeBack(let finish): "the person swipes back\(finish ? "" : ", then cancels")"
        case .contentSwipe(let finish): "the person swipes across the content\(finish ? "" : ", then cancels")"
        case .menuPick(let index): "the person picks page #\(index) from the back menu"
        case .tapTab(let index): "the person taps tab \(index)"
        case .presentSheet: "open app://tab!/f (every second one full screen)"
        case .sheetPush(let id): "app pushes p(id=\(id)) on the sheet"
        case .swipeDown(let finish): "the person swipes the sheet down\(finish ? "" : ", then lets go")"
        case .cancelButton: "the sheet's Cancel button dismisses it"
        case .navigatorPush(let id): "the app pushes \(id.map { "p(id=\($0))" } ?? "f") on the visible stack (navigator.push)"
        case .navigatorPop(let count): "the app pops \(count) of the visible stack (navigator.pop)"
        case .advance(let milliseconds): "advance \(milliseconds) ms"
        case .restore(let back): "open, in exact mode, the path shown \(back) operation(s) ago"
        case .appSelectsTab(let index): "the app selects tab \(index) itself"
        case .appTogglesSettingsTab(let animated):
            "the app takes the settings tab away, or gives it back\(animated ? "" : " without animation")"
        }
    }

    /// Whether it is the person's doing on screen, which a question on top of the window
    /// keeps them from (an alert takes every touch).
    var isPersonOnScreen: Bool {
        switch self {
        case .edit, .tapBack, .swipeBack, .contentSwipe, .menuPick, .tapTab, .swipeDown, .cancelButton: true
        case .open, .appPush, .appPop, .presentSheet, .sheetPush, .navigatorPush, .navigatorPop, .advance, .restore,
             .appSelectsTab, .appTogglesSettingsTab: false
        }
    }

    /// A random operation, of `mix`.
    static func random(_ random: inout SeededRandomNumberGenerator, mix: UIKitRunMix) -> UIKitRunOperation {
        // Each addition draws only in its own mix, so that the other mixes' seeds keep their sequences.
        if mix.restores, random.chance(0.1) { return .restore(back: Int.random(in: 1...8, using: &random)) }
        if mix.appSelectsTabs, random.chance(0.125) {
            return random.chance(0.25) ? .appTogglesSettingsTab(animated: random.chance(0.5))
                : .appSelectsTab(Int.random(in: 0...2, using: &random))
        }
        let formsFirst = mix.formsFirst
        let stack = Int.random(in: 0...1, using: &random)
        let id = Int.random(in: 1...3, using: &random)
        // Where each kind's share of 100 ends, in the order of the cases below; the rest advance time.
        let ends = mix.navigatorMoves ? [10, 15, 18, 28, 35, 41, 44, 48, 54, 60, 64, 70, 72, 81, 90]
            : formsFirst ? [20, 26, 30, 46, 54, 60, 62, 66, 72, 79, 82, 88, 90]
            : [14, 22, 27, 37, 45, 52, 56, 61, 68, 74, 78, 85, 88]
        let roll = Int.random(in: 0..<100, using: &random)
        switch ends.firstIndex(where: { roll < $0 }) {
        case 0: return .open(stack: stack, item: random.chance(formsFirst ? 0.6 : 0.3) ? "f" : "p(id=\(id))")
        case 1: return .appPush(stack: stack, id: id, animated: random.chance(0.7))
        case 2: return .appPop(stack: stack)
        case 3: return .edit
        case 4: return .tapBack
        case 5: return .swipeBack(finish: random.chance(0.6))
        case 6: return .contentSwipe(finish: random.chance(0.6))
        case 7: return .menuPick(Int.random(in: 0..<4, using: &random))
        case 8: return .tapTab(Int.random(in: 0...2, using: &random))
        case 9: return .presentSheet
        case 10: return .sheetPush(id: id)
        case 11: return .swipeDown(finish: random.chance(0.6))
        case 12: return .cancelButton
        case 13: return .navigatorPush(id: random.chance(0.5) ? nil : id)
        case 14: return .navigatorPop(count: random.pick([1, 1, 2, 3]))
        default: return .advance(milliseconds: random.pick([100, 350, 2_000]))
        }
    }

    /// A random act of the app's own, for the mid-animation mix: one whose result the
    /// reference predicts while what came before still animates, as the queue runs it
    /// after that (the navigator's requests, pushes and pops, the app's pushes and pops
    /// through a `QueueNavigationController`, the sheet's presentation, an exact open).
    static func randomAppAct(_ random: inout SeededRandomNumberGenerator) -> UIKitRunOperation {
        let stack = Int.random(in: 0...1, using: &random)
        let id = Int.random(in: 1...3, using: &random)
        return switch Int.random(in: 0..<100, using: &random) {
        case ..<20: .open(stack: stack, item: random.chance(0.3) ? "f" : "p(id=\(id))")
        case ..<32: .appPush(stack: stack, id: id, animated: random.chance(0.7))
        case ..<40: .appPop(stack: stack)
        case ..<50: .presentSheet
        case ..<68: .navigatorPush(id: random.chance(0.5) ? nil : id)
        case ..<85: .navigatorPop(count: random.pick([1, 1, 2, 3]))
        default: .restore(back: Int.random(in: 1...8, using: &random))
        }
    }
}

@MainActor
@Suite("Model-based: the UIKit model against a reference", .timeLimit(.minutes(10)))
struct UIKitModelRunTests {
    /// Seeds once found failing, kept as regressions.
    static let regressionSeeds: [UInt64] = [22, 52, 133, 227, 232, 10_140, 11_740, 14_527]

    @Test("600 seeded sequences of up to 40 operations, under random settings of UIKit's unsettled rules, agree with the reference",
          arguments: 0..<4)
    func randomSequences(batch: Int) async throws {
        await Self.runAll(Self.regressionSeeds + (0..<150).map { UInt64(batch * 150 + $0) })
    }

    /// Seeds of the forms-first mix once found failing, kept as regressions.
    static let formsFirstRegressionSeeds: [UInt64] = [50_103]

    @Test("400 seeded sequences heavy in forms that ask the person over the top agree with the reference",
          arguments: 0..<2)
    func formsFirstSequences(batch: Int) async throws {
        await Self.runAll(Self.formsFirstRegressionSeeds + (0..<200).map { UInt64(50_000 + batch * 200 + $0) },
                          mix: UIKitRunMix(formsFirst: true))
    }

    /// Seeds of the navigator-moves mix once found failing, kept as regressions.
    static let navigatorMovesRegressionSeeds: [UInt64] = []

    @Test("400 seeded sequences with the navigator's pushes and pops of the visible stack agree with the reference",
          arguments: 0..<2)
    func navigatorMovesSequences(batch: Int) async throws {
        await Self.runAll(Self.navigatorMovesRegressionSeeds + (0..<200).map { UInt64(90_000 + batch * 200 + $0) },
                          mix: UIKitRunMix(navigatorMoves: true))
    }

    /// Seeds of the restores mix once found failing, kept as regressions.
    static let restoresRegressionSeeds: [UInt64] = [70_007, 70_224]

    @Test("400 seeded sequences where the app also opens earlier paths in exact mode, as back(n) and a restore do",
          arguments: 0..<2)
    func restoresSequences(batch: Int) async throws {
        await Self.runAll(Self.restoresRegressionSeeds + (0..<200).map { UInt64(70_000 + batch * 200 + $0) },
                          mix: UIKitRunMix(navigatorMoves: true, restores: true))
    }

    /// Seeds of the mid-animation mix once found failing, kept as regressions.
    static let midAnimationRegressionSeeds: [UInt64] = [110_321, 111_473, 111_923, 110_568, 110_690, 111_525, 110_641,
                                                              6_100_525]

    @Test("400 seeded sequences where the app acts again at once, while the person's pop, swipe, tab tap or dismissal, or its own last act, still runs",
          arguments: 0..<2)
    func midAnimationSequences(batch: Int) async throws {
        await Self.runAll(Self.midAnimationRegressionSeeds + (0..<200).map { UInt64(110_000 + batch * 200 + $0) },
                          mix: UIKitRunMix(navigatorMoves: true, restores: true, midAnimation: true))
    }

    /// Seeds of the app's-tab-selection mix once found failing, kept as regressions.
    static let appSelectsTabsRegressionSeeds: [UInt64] = []

    @Test("400 seeded sequences where the app also selects tabs itself, and takes the settings tab away and back, which UIKit tells no delegate",
          arguments: 0..<2)
    func appSelectsTabsSequences(batch: Int) async throws {
        await Self.runAll(Self.appSelectsTabsRegressionSeeds + (0..<200).map { UInt64(130_000 + batch * 200 + $0) },
                          mix: UIKitRunMix(navigatorMoves: true, appSelectsTabs: true))
    }

    /// Runs the sequences of `seeds` in one mix, and records the first that fails.
    static func runAll(_ seeds: [UInt64], mix: UIKitRunMix = UIKitRunMix()) async {
        for seed in seeds {
            await Task.yield()
            if let failure = await run(seed: seed, mix: mix) {
                Issue.record(Comment(rawValue: failure))
                return
            }
        }
    }

    /// Runs one sequence of `mix`; the failure, with the seed and the operations so far,
    /// or `nil`.
    static func run(seed: UInt64, mix: UIKitRunMix = UIKitRunMix()) async -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        var behaviour = UIKitModel.Behaviour.random(using: &random)
        // An inferred rule no code can be right under: a refused re-tap that pops anyway.
        behaviour.refusedRetapStillPops = false
        // Every tenth seed, the app's sheets leave what is behind them interactive, and the
        // person taps tabs under a sheet. Chosen by seed, so that the random stream is
        // unchanged; none of the kept seeds is among them.
        behaviour.sheetsLetTouchesBehind = seed % 10 == 6
        let app = UIKitModelApp(behaviour: behaviour)
        let feed = ModelNavigationController(app.model, name: "feed", root: [ModelScreen(app.model, "home")],
                                             queue: app.queue)
        let tabs = ModelTabBarController(app.model, name: "tab", tabs: [app.contact, feed, app.settings], queue: app.queue)
        // Every third seed, a page of the feed has taken the edge swipe's delegate slot, as
        // apps do to keep the swipe under a custom back button. Chosen by seed, so that
        // the random stream, and every kept seed's operations, are unchanged.
        feed.appTookSwipeDelegate = seed.isMultiple(of: 3)
        app.model.root = tabs
        app.navigator.install(root: tabs)
        let forms = AppRunForms<ModelFormPage>()
        let model = app.model
        let navigator = app.navigator
        app.navigator.registry.replace("f") { [weak navigator] _ in
            let form = ModelFormPage(model, "f")
            let index = forms.made.count
            // Chosen by count, so that the random stream, and every kept seed, is unchanged.
            if index.isMultiple(of: 2) {
                form.answer = forms.answers[index]
            } else if let navigator {
                form.ask(QuestionAnswerer.question(forForm: index), through: navigator)
            }
            forms.made.append(form)
            return form
        }
        app.navigator.registry.replace("p") { intent in ModelScreen(model, "p", intent.component.parameters) }
        // A form that asked the person, whose question is gone: its answer is on its way.
        app.answerInFlight = { [forms, host = app.host] in
            !host.isAsking && forms.made.contains { $0.isAskingThePerson }
        }
        var run = UIKitRun(app: app, stacks: [app.contact, feed], tabs: tabs, forms: forms)
        var log: [String] = ["seed \(seed)\(mix)"
                             + "\(feed.appTookSwipeDelegate ? " (feed's swipe delegate taken)" : ""), "
                             + "settings: \(behaviour)"]
        // The person's own choices, from a stream of their own: the operations' stream
        // stays as it was.
        var person = SeededRandomNumberGenerator(seed: seed ^ 0x5045_5253_4F4E)
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let operation = UIKitRunOperation.random(&random, mix: mix)
            // A question left on top for this operation takes the person's touches.
            let blocked = operation.isPersonOnScreen && run.shownQuestion() != nil
            log.append("  \(operation)\(blocked ? " (a question takes the touch: nothing happens)" : "")")
            _ = app.model.takeCallbacks()
            var immediate = blocked ? nil : run.apply(operation, random: &random)
            // The app acts again at once, up to three times: only its own acts, which the
            // queue runs after what still runs; the person touches only what has settled.
            // Queued work takes a turn first, and time moves on by part of an animation at most.
            // Never after an exact open, checked against the path it opens.
            var actsAtOnce = 0
            while mix.midAnimation, immediate == nil, !run.restores.isRestoring, actsAtOnce < 3, random.chance(0.5) {
                actsAtOnce += 1
                await Task.yield()
                app.model.turn()
                let partly = random.chance(0.5) ? Int.random(in: 1..<350, using: &random) : 0
                if partly > 0 { app.model.advance(by: .milliseconds(partly)) }
                let act = UIKitRunOperation.randomAppAct(&random)
                log.append("  then\(partly > 0 ? ", \(partly) ms on," : "") at once: \(act)")
                immediate = run.apply(act, random: &random)
            }
            await app.run()
            // The person answers what shows, or, now and then, lets the app act first.
            // A restore is checked against the path it opens, once every question is answered.
            let leavingOneUp = person.chance(mix.formsFirst ? 0.5 : 0.3) && !run.restores.isRestoring
            let answering = immediate == nil ? await run.personAnswers(leavingOneUp: leavingOneUp, log: &log) : nil
            let restored = (immediate ?? answering) == nil ? run.endRestore() : nil
            // While a question is left up, its request holds the queue: checked once answered.
            if let mismatch = immediate ?? answering ?? restored ?? (run.answerer.leftUp ? nil : run.check()) {
                return (log + ["  → \(mismatch)", "  UIKit said: \(app.model.callbacks.suffix(10))",
                               "  (add \(seed) to regressionSeeds)"]).joined(separator: "\n")
            }
            if !run.answerer.leftUp { run.restores.record(app.navigator.currentPath) }
        }
        // A question left up at the end is answered, and the two agree then.
        if run.answerer.leftUp, let mismatch = await run.personAnswers(leavingOneUp: false, log: &log) ?? run.check() {
            return (log + ["  → \(mismatch)", "  (add \(seed) to regressionSeeds)"]).joined(separator: "\n")
        }
        return nil
    }
}

/// One run: the live app on the UIKit model, and the reference it must agree with.
@MainActor
struct UIKitRun {
    let app: UIKitModelApp
    let stacks: [ModelNavigationController]
    let tabs: ModelTabBarController
    let forms: AppRunForms<ModelFormPage>
    var reference = AppRunReference(roots: ["list", "home"])
    /// Whether the sheet is presented full screen: it covers the tabs, whose stacks are out
    /// of the window, and has no swipe down.
    var sheetIsFullScreen = false
    /// How many sheets the run presented: every second one is full screen, chosen by count
    /// so that the random stream, and every kept seed, is unchanged.
    var presentations = 0
    /// The person before the questions that show.
    var answerer = QuestionAnswerer()
    /// The app's last push or pop through the navigator, and how it must end: the error's
    /// code, or `nil` for success.
    var awaited: (request: NavigationRequest, failure: NavigationError.Code?)?
    /// The exact opens, and the paths they open.
    var restores = AppRunRestores()

    /// The question on top of the window, if one shows and is not leaving.
    func shownQuestion() -> ModelAlertController? {
        var top: ModelViewController = tabs
        while let next = top.presentedViewController, !next.isBeingDismissed { top = next }
        return top as? ModelAlertController
    }

    /// The person answers each question that shows, oldest first, as the reference says
    /// its form answers; with `leavingOneUp`, a question that has not been left up before
    /// stays for the next operation (the app acts meanwhile: a link, its own pushes). A
    /// disagreement, or `nil`.
    mutating func personAnswers(leavingOneUp: Bool, log: inout [String]) async -> String? {
        for _ in 0..<forms.questionLimit(queued: app.queue.pendingCount) {
            guard let question = shownQuestion() else {
                answerer.nothingShows()
                return nil
            }
            if question.isBeingPresented { return "a question was still sliding in once everything settled" }
            let move: QuestionAnswerer.Move
            do {
                move = try answerer.move(for: question.title, reference: reference, leavingOneUp: leavingOneUp, log: &log)
            } catch {
                return "\(error)"
            }
            guard case .answer(let keeps) = move else { return nil }
            let button = keeps ? "Keep Editing" : "Discard"
            log.append("    (the person taps \(button) on “\(question.title)”)")
            guard question.personTaps(button) else { return "“\(question.title)” has no \(button) button" }
            await app.run()
        }
        return "questions kept coming"
    }

    init(app: UIKitModelApp, stacks: [ModelNavigationController], tabs: ModelTabBarController, forms: AppRunForms<ModelFormPage>) {
        self.app = app
        self.stacks = stacks
        self.tabs = tabs
        self.forms = forms
    }

    /// Carries `operation` out on both; a disagreement seen at once, or `nil`.
    mutating func apply(_ operation: UIKitRunOperation, random: inout SeededRandomNumberGenerator) -> String? {
        let sheet = tabs.presentedViewController as? ModelNavigationController
        // Behind a sheet the app left interactive, with nothing to go back to on the sheet
        // and nothing over it, the person's back, swipes and menu reach the selected tab's
        // stack: a look at the screen, so the random stream is unchanged.
        let behind = sheet.map { sheet in
            app.model.behaviour.sheetsLetTouchesBehind && !sheet.isFullScreen && sheet.presentedViewController == nil
                && sheet.viewControllers.count == 1 && tabs.selectedIndex < 2 && reference.selected == tabs.selectedIndex
        } ?? false
        let visibleStack = behind ? stacks[tabs.selectedIndex] : sheet ?? (tabs.selectedIndex < 2 ? stacks[tabs.selectedIndex] : nil)
        switch operation {
        case .open(let stack, let item):
            let path = "app://tab/\(AppRunReference.stackNames[stack])/\(item)"
            // The reference first: the factory reads the answer of the form it makes. Queued
            // now, so that what the app does next comes after it.
            open(stack: stack, item: item, random: &random)
            app.navigator.request(path)
        case .appPush(let stack, let id, let animated):
            stacks[stack].pushViewController(ModelScreen(app.model, "p", ["id": "\(id)"]), animated: animated)
            reference.stacks[stack].append(.init(name: "p(id=\(id))"))
        case .appPop(let stack):
            stacks[stack].popViewController(animated: true)
            if reference.stacks[stack].count > 1 { reference.stacks[stack].removeLast() }
        case .edit:
            guard let top = visibleStack?.viewControllers.last as? ModelFormPage,
                  let index = forms.made.firstIndex(where: { $0 === top }) else { return nil }
            top.draft = "edited"
            app.queue.leavePolicyChanged(of: top)
            reference.edited[index] = true
        case .tapBack:
            guard let stack = visibleStack, var entries = reference.visible(behindSheet: behind), entries.count > 1 else { return nil }
            stack.personTapsBack()
            if reference.agree([entries.last!]) {
                entries.removeLast()
                reference.setVisible(entries, behindSheet: behind)
            }
        case .swipeBack(let finish), .contentSwipe(let finish):
            guard let stack = visibleStack, var entries = reference.visible(behindSheet: behind), entries.count > 1 else { return nil }
            let isContent: Bool = if case .contentSwipe = operation { true } else { false }
            if isContent, !app.model.behaviour.hasContentSwipe { return nil }
            let top = entries.last!
            let swipe = isContent ? stack.personContentSwipes() : stack.personSwipesBack()
            if reference.isEdited(top) {
                // Held, and the form asked instead: it leaves if it agrees.
                if reference.agree([top]) {
                    entries.removeLast()
                    reference.setVisible(entries, behindSheet: behind)
                }
                return nil
            }
            guard let swipe else { return "the swipe did not begin on a page that allows it" }
            if finish {
                swipe.finish()
                entries.removeLast()
                reference.setVisible(entries, behindSheet: behind)
            } else {
                swipe.cancel()
            }
        case .menuPick(let index):
            guard let stack = visibleStack, var entries = reference.visible(behindSheet: behind), entries.count > 1 else { return nil }
            let target = index % (entries.count - 1)
            let picked = stack.personPicksFromBackMenu(stack.viewControllers[target])
            // The menu is there only while no page it could pop is an edited form.
            let menuShown = !entries[1...].contains { reference.isEdited($0) }
            guard picked == menuShown else { return "the back menu shown \(picked), expected \(menuShown)" }
            if picked {
                entries.removeSubrange((target + 1)...)
                reference.setVisible(entries, behindSheet: behind)
            }
        case .tapTab(let index):
            // Under a sheet, only if the app's sheets let touches through; never under a
            // full-screen one, nor under a question.
            let behind = sheet.map { app.model.behaviour.sheetsLetTouchesBehind && !$0.isFullScreen
                && $0.presentedViewController == nil } ?? true
            guard behind, index < tabs.viewControllers.count else { return nil }
            tabs.personTaps(index)
            if index == reference.selected {
                if index < 2, reference.stacks[index].count > 1, reference.agree(reference.stacks[index][1...]) {
                    reference.stacks[index].removeSubrange(1...)
                }
            } else {
                reference.selected = index
            }
        case .appSelectsTab(let index):
            // Under a sheet or a question, the app's own selection is left to other tests.
            guard sheet == nil, tabs.presentedViewController == nil, index < tabs.viewControllers.count else { return nil }
            tabs.appSelects(index)
            reference.selected = index
        case .appTogglesSettingsTab(let animated):
            guard sheet == nil, tabs.presentedViewController == nil else { return nil }
            if tabs.viewControllers.count == 3 {
                tabs.appSetsTabs(stacks, animated: animated)
                // UIKit selects the tab at the same index, or else the first.
                if reference.selected == 2 { reference.selected = 0 }
            } else {
                tabs.appSetsTabs(stacks + [app.settings], animated: animated)
            }
        case .presentSheet:
            guard reference.sheet == nil else { return nil }
            presentations += 1
            let fullScreen = presentations.isMultiple(of: 2)
            reference.sheet = [reference.newForm(answering: random.chance(0.5))]
            forms.answers = reference.answers
            app.navigator.request("app://tab!/f", fullScreen ? .presentation(.fullScreen) : .default)
            sheetIsFullScreen = fullScreen
        case .sheetPush(let id):
            // The push goes on the sheet on screen. While a question holds requests that
            // will take that sheet away and present another, the reference already shows
            // the next one: the push lands on the sheet that leaves, which the reference
            // does not keep, so the app leaves it out.
            guard let sheet, let root = reference.sheet?.first?.form, forms.made.indices.contains(root),
                  sheet.viewControllers.first === forms.made[root] else { return nil }
            sheet.pushViewController(ModelScreen(app.model, "p", ["id": "\(id)"]), animated: true)
            reference.sheet?.append(.init(name: "p(id=\(id))"))
        case .swipeDown(let finish):
            guard let sheet, let entries = reference.sheet else { return nil }
            let swipe = sheet.personSwipesDown()
            if sheetIsFullScreen { return swipe == nil ? nil : "a full-screen presentation followed the finger" }
            if entries.contains(where: reference.isEdited) {
                if reference.agree(entries) { reference.sheet = nil }
                return nil
            }
            guard let swipe, swipe.start == .following else { return "the sheet did not follow the finger" }
            if finish {
                swipe.finish()
                reference.sheet = nil
            } else {
                swipe.abandon()
            }
        case .cancelButton:
            guard let sheet else { return nil }
            sheet.dismiss(animated: true)
            reference.sheet = nil
        case .navigatorPush(let id):
            // The reference first: the factory reads the answer of the form it makes.
            let failure = reference.push(id.map { "p(id=\($0))" } ?? "f", sheetIsStack: true) { random.chance(0.5) }
            forms.answers = reference.answers
            awaited = (app.navigator.push(id.map { PageComponent("p", parameters: ["id": "\($0)"]) } ?? PageComponent("f")),
                       failure)
        case .navigatorPop(let count):
            awaited = (app.navigator.pop(count), reference.pop(count, sheetIsStack: true))
        case .advance(let milliseconds):
            app.model.advance(by: .milliseconds(milliseconds))
        case .restore(let back):
            guard let path = restores.path(back: back) else { return nil }
            // Answers for the forms the open may make, one per component at most, which the
            // factory reads: clean ones agree to leave. Those it does not make are dropped
            // once it ends.
            for _ in path.components { _ = reference.newForm(answering: true) }
            forms.answers = reference.answers
            restores.open(path, on: app.navigator)
        }
        return nil
    }

    /// Checks the exact open under way, if any (``AppRunRestores/end(on:)``); then the
    /// reference takes the app as it now is.
    mutating func endRestore() -> String? {
        let (ended, mismatch) = restores.end(on: app.navigator)
        guard ended, mismatch == nil else { return mismatch }
        func entries(_ stack: ModelNavigationController) -> [AppRunReference.Entry] {
            stack.viewControllers.map { controller in
                if let form = controller as? ModelFormPage, let index = forms.made.firstIndex(where: { $0 === form }) {
                    return AppRunReference.Entry(name: "f", form: index)
                }
                return AppRunReference.Entry(name: (controller as? any Page)?.pageDescription ?? controller.title)
            }
        }
        let sheet = tabs.presentedViewController as? ModelNavigationController
        reference.adopt(stacks: stacks.map(entries), selected: tabs.selectedIndex, sheet: sheet.map(entries),
                        formsMade: forms.made.count)
        forms.answers = reference.answers
        if let sheet { sheetIsFullScreen = sheet.isFullScreen }
        return nil
    }

    /// What a navigator request to `item` on stack `stack` does, in the reference; the
    /// answer of a form it makes goes to the registry's factory too.
    private mutating func open(stack: Int, item: String, random: inout SeededRandomNumberGenerator) {
        reference.open(stack: stack, item: item) { random.chance(0.5) }
        forms.answers = reference.answers
    }

    /// What differs between the live app and the reference, or `nil`.
    func check() -> String? {
        func names(_ stack: ModelNavigationController) -> [String] {
            stack.viewControllers.map { ($0 as? any Page)?.pageDescription ?? $0.title }
        }
        if let disagreement = reference.disagreement(
            stacks: stacks.map(names), selected: tabs.selectedIndex,
            sheet: (tabs.presentedViewController as? ModelNavigationController).map(names),
            navigator: app.navigator, queue: app.queue, stackSpellings: ["contact/", "feed/"], sheetSeparator: "!/"
        ) { return disagreement }
        if let mismatch = AppRunReference.outcomeMismatch(of: awaited) { return mismatch }
        if !answerer.leftUp, let question = shownQuestion() { return "“\(question.title)” is still on screen" }
        if !app.model.exceptions.isEmpty { return "UIKit would raise: \(app.model.exceptions)" }
        if !app.model.warnings.isEmpty { return "UIKit would refuse: \(app.model.warnings)" }
        if app.model.maxTransitionsInFlight > 1 { return "two transitions overlapped" }
        if !app.timeouts.isEmpty { return "waited for a callback that never came: \(app.timeouts)" }
        return nil
    }
}
