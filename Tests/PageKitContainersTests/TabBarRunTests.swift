import PageKit
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

// Seeded random sequences of what changes a tab container's tabs and selection: on the UIKit
// model, a `PageTabBarController` and the app's `selectedIndex` and `setViewControllers`; on
// the SwiftUI model, a `PageTabModel` and the app's `setTabs`; on both, the person's taps and
// the navigator's selections and additions. A small reference says which tab is selected
// after new tabs (the one selected before, else the one at its index, else the first: Apple's
// documentation of `viewControllers`, which the tab model follows) and what each change must
// announce: the app's and the person's once, as theirs; the navigator's own, nothing beyond
// its request.

@MainActor
@Suite("Model-based: a tab container's tabs and selection against a reference", .timeLimit(.minutes(10)))
struct TabBarRunTests {
    /// Seeds once found failing, kept as regressions.
    static let regressionSeeds: [UInt64] = [360_019]

    @Test("300 seeded sequences of the app's, the person's and the navigator's tab changes on the UIKit model agree with the reference, under both tap rules")
    func uikitSequences() throws {
        for seed in Self.regressionSeeds + (0..<300).map({ UInt64(360_000 + $0) }) {
            try TabBarRun(seed: seed, swiftUI: false).run(operations: 30)
        }
    }

    @Test("300 seeded sequences on a plain UITabBarController: nothing is reported as it happens, and the navigator's next request notices what changed")
    func plainSequences() throws {
        for seed in (0..<300).map({ UInt64(365_000 + $0) }) {
            try TabBarRun(seed: seed, swiftUI: false, plain: true).run(operations: 30)
        }
    }

    @Test("300 seeded sequences of the app's, the person's and the navigator's tab changes on the SwiftUI model agree with the reference")
    func swiftUISequences() throws {
        for seed in (0..<300).map({ UInt64(370_000 + $0) }) {
            try TabBarRun(seed: seed, swiftUI: true).run(operations: 30)
        }
    }
}

/// One sequence: the model app and the reference side by side.
@MainActor
private final class TabBarRun {
    /// The tab container under test, as the sequence drives it.
    enum Tabs {
        case uikit(ModelTabBarController, UIKitModel)
        case swiftUI(PageTabModel, SwiftUIScreen)
    }

    var random: SeededRandomNumberGenerator
    let tabs: Tabs
    let navigator: Navigator
    /// The tabs any setting draws from; `extra` joins when the navigator adds it.
    var pool: [any Page]
    var events: [NavigationEvent] = []
    var token: ObservationToken?
    /// The reference: the tabs' names and the selected index.
    var names = ["contact", "settings"]
    var selected = 0
    var log: [String] = []
    /// Whether the container reports changes as they happen: a plain `UITabBarController`
    /// does not, and its changes are noticed by the navigator's next request.
    let reports: Bool
    /// The path the history last recorded, for a container that does not report.
    var recorded = "/tab#contact/list"
    /// Whether the last operation was a request of the navigator's.
    var navigatorActed = false

    init(seed: UInt64, swiftUI: Bool, plain: Bool = false) {
        reports = !plain
        var random = SeededRandomNumberGenerator(seed: seed)
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        var registry = PageRegistry()
        let names = ["settings", "inbox", "archive"]
        if swiftUI {
            let screen = SwiftUIScreen(driver: ClockTransitionDriver(clock: clock))
            let contact = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
            pool = [contact] + names.map { ScreenPage($0) }
            let model = PageTabModel(name: "tab", tabs: Array(pool.prefix(2)), acceptsNewTabs: true, queue: queue)
            screen.show(model)
            screen.show(contact)
            registry.replace("extra") { _ in ScreenPage("extra") }
            tabs = .swiftUI(model, screen)
            navigator = Navigator(root: model, host: PageHostModel(queue: queue), registry: registry, queue: queue)
            log = ["seed \(seed), SwiftUI"]
        } else {
            var behaviour = UIKitModel.Behaviour()
            behaviour.tapSelectsThroughSetter = Bool.random(using: &random)
            let model = UIKitModel(behaviour: behaviour)
            let contact = ModelNavigationController(model, name: "contact", root: [ModelScreen(model, "list")], queue: queue)
            pool = [contact] + names.map { ModelScreen(model, $0) }
            let controller = ModelTabBarController(model, name: "tab", tabs: pool.prefix(2).compactMap { $0 as? ModelViewController },
                                                   queue: queue, kind: plain ? .plain : .pageKit, acceptsNewTabs: true)
            model.root = controller
            registry.replace("extra") { [model] _ in ModelScreen(model, "extra") }
            tabs = .uikit(controller, model)
            navigator = Navigator(root: controller, host: ModelPageHost(model: model, queue: queue), registry: registry,
                                  queue: queue)
            log = ["seed \(seed)\(plain ? ", plain" : ""), \(behaviour)"]
        }
        self.random = random
        token = navigator.observe { [weak self] in self?.events.append($0) }
    }

    /// The tabs' names and the selected index, as the container holds them.
    var live: (names: [String], selected: Int) {
        switch tabs {
        case .uikit(let controller, _): (controller.viewControllers.map(\.title), controller.selectedIndex)
        case .swiftUI(let model, _): (model.tabs.map(\.pageName), model.selectedIndex)
        }
    }

    func run(operations: Int) throws {
        for _ in 0..<operations {
            let before = path
            var expected = try step()
            if !reports {
                // Nothing as it happens; the navigator's request notices a path the history
                // did not record, before it runs.
                expected = navigatorActed && before != recorded ? ["noticed [] by the app"] : []
                if navigatorActed { recorded = path }
            }
            let changes = events.compactMap { event -> String? in
                guard case .changed(let change) = event.kind else { return nil }
                return "\(change.kind) [\(change.pages.map(\.description).joined(separator: ", "))] by \(change.source)"
            }
            events.removeAll()
            let path = self.path
            let context = log.joined(separator: "\n")
            #expect(changes == expected, "\(context)")
            #expect(live.names == names && live.selected == selected, "\(context)")
            #expect(navigator.currentPath.description == path, "\(context)")
            let history = reports ? path : recorded
            #expect(navigator.history.last?.description == history, "\(context)")
            switch tabs {
            case .uikit(_, let model): #expect(model.exceptions.isEmpty && model.warnings.isEmpty, "\(context)")
            case .swiftUI(_, let screen): #expect(screen.bindingsAgree, "\(screen.disagreements)\n\(context)")
            }
            guard changes == expected, navigator.history.last?.description == history else { return }
        }
    }

    /// The path the reference says the screen shows.
    var path: String { names[selected] == "contact" ? "/tab#contact/list" : "/tab#\(names[selected])" }

    /// Does one random thing to the container and to the reference; returns the changes
    /// it must announce.
    private func step() throws -> [String] {
        navigatorActed = false
        switch Int.random(in: 0..<100, using: &random) {
        case ..<25:
            let index = Int.random(in: 0...4, using: &random)
            // SwiftUI's tab model has no selection of the app's own but the navigator's.
            guard case .uikit(let controller, _) = tabs else { return [] }
            log.append("the app selects tab \(index)")
            controller.appSelects(index)
            guard names.indices.contains(index), index != selected else { return [] }
            selected = index
            return ["selected [\(names[index])] by the app"]
        case ..<50:
            var chosen = pool.filter { _ in random.chance(0.6) }
            if chosen.isEmpty { chosen = [random.pick(pool)] }
            chosen.shuffle(using: &random)
            let new = chosen.map(\.pageName)
            log.append("the app sets the tabs to \(new)")
            let before = names[selected]
            switch tabs {
            case .uikit(let controller, _):
                controller.appSetsTabs(chosen.compactMap { $0 as? ModelViewController }, animated: random.chance(0.5))
            case .swiftUI(let model, _):
                try model.setTabs(chosen)
            }
            guard new != names else { return [] }
            selected = new.firstIndex(of: before) ?? (new.indices.contains(selected) ? selected : 0)
            names = new
            return ["replaced [\(new.joined(separator: ", "))] by the app"]
        case ..<75:
            let index = Int.random(in: 0..<names.count, using: &random)
            log.append("the person taps tab \(index)")
            switch tabs {
            case .uikit(let controller, _): controller.personTaps(index)
            case .swiftUI(let model, let screen): try screen.personTapsTab(index, of: model)
            }
            guard index != selected else { return [] }
            selected = index
            return ["selected [\(names[index])] by the user"]
        default:
            let name = random.pick(names + ["extra"])
            log.append("the navigator opens /tab#\(name)")
            navigatorActed = true
            let request = navigator.request(try PagePath(parsing: "/tab#\(name)"))
            #expect(request.isResolved, "a tab switch does not animate")
            // A plain UITabBarController never adds tabs.
            let limit = if case .uikit = tabs { reports ? TabBarCore.visibleTabLimit : 0 } else { Int.max }
            if let index = names.firstIndex(of: name) {
                selected = index
            } else if names.count < limit {
                names.append(name)
                selected = names.count - 1
                pool.removeAll { $0.pageName == "extra" }
                if let made = navigator.root.flatMap({ $0 as? any TabContainer })?.containedPages.last { pool.append(made) }
            } else {
                #expect(request.errorCode == .cannotShow)
            }
            return []
        }
    }
}
