import PageKit
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

// Seeded random sequences of what changes a `PageTabBarController`'s tabs and selection on
// the UIKit model: the app's `selectedIndex` and `setViewControllers`, the person's taps, the
// navigator's selections and additions. A small reference says which tab UIKit selects
// (Apple's documentation of `viewControllers`) and what each change must announce: the app's
// and the person's once, as theirs; the navigator's own, nothing beyond its request.

@MainActor
@Suite("Model-based: a tab bar controller's tabs and selection against a reference", .timeLimit(.minutes(10)))
struct TabBarRunTests {
    /// Seeds once found failing, kept as regressions.
    static let regressionSeeds: [UInt64] = [360_019]

    @Test("300 seeded sequences of the app's, the person's and the navigator's tab changes agree with the reference, under both tap rules")
    func randomSequences() throws {
        for seed in Self.regressionSeeds + (0..<300).map({ UInt64(360_000 + $0) }) {
            try TabBarRun(seed: seed).run(operations: 30)
        }
    }
}

/// One sequence: the model app and the reference side by side.
@MainActor
private final class TabBarRun {
    var random: SeededRandomNumberGenerator
    let model: UIKitModel
    let tabs: ModelTabBarController
    let navigator: Navigator
    /// The tabs any setting draws from; `extra` joins when the navigator adds it.
    var pool: [ModelViewController]
    var events: [NavigationEvent] = []
    var token: ObservationToken?
    /// The reference: the tabs' names and the selected index.
    var names: [String]
    var selected = 0
    var log: [String] = []

    init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
        var behaviour = UIKitModel.Behaviour()
        behaviour.tapSelectsThroughSetter = Bool.random(using: &random)
        let model = UIKitModel(behaviour: behaviour)
        self.model = model
        let queue = TransitionQueue(clock: model.clock)
        let contact = ModelNavigationController(model, name: "contact", root: [ModelScreen(model, "list")], queue: queue)
        pool = [contact] + ["settings", "inbox", "archive"].map { ModelScreen(model, $0) as ModelViewController }
        tabs = ModelTabBarController(model, name: "tab", tabs: Array(pool.prefix(2)), queue: queue, acceptsNewTabs: true)
        model.root = tabs
        var registry = PageRegistry()
        registry.replace("extra") { [model] _ in ModelScreen(model, "extra") }
        navigator = Navigator(root: tabs, host: ModelPageHost(model: model, queue: queue), registry: registry, queue: queue)
        names = ["contact", "settings"]
        token = navigator.observe { [weak self] in self?.events.append($0) }
        log = ["seed \(seed), \(behaviour)"]
    }

    func run(operations: Int) throws {
        for _ in 0..<operations {
            let expected = try step()
            let changes = events.compactMap { event -> String? in
                guard case .changed(let change) = event.kind else { return nil }
                return "\(change.kind) [\(change.pages.map(\.description).joined(separator: ", "))] by \(change.source)"
            }
            events.removeAll()
            let path = names[selected] == "contact" ? "/tab#contact/list" : "/tab#\(names[selected])"
            let context = log.joined(separator: "\n")
            #expect(changes == expected, "\(context)")
            #expect(tabs.viewControllers.map(\.title) == names && tabs.selectedIndex == selected, "\(context)")
            #expect(navigator.currentPath.description == path, "\(context)")
            #expect(navigator.history.last?.description == path, "\(context)")
            #expect(model.exceptions.isEmpty && model.warnings.isEmpty, "\(context)")
            guard changes == expected, navigator.history.last?.description == path else { return }
        }
    }

    /// Does one random thing to the model and to the reference; returns the changes it
    /// must announce.
    private func step() throws -> [String] {
        switch Int.random(in: 0..<100, using: &random) {
        case ..<25:
            let index = Int.random(in: 0...4, using: &random)
            log.append("the app selects tab \(index)")
            tabs.appSelects(index)
            guard names.indices.contains(index), index != selected else { return [] }
            selected = index
            return ["selected [\(names[index])] by the app"]
        case ..<50:
            var chosen = pool.filter { _ in random.chance(0.6) }
            if chosen.isEmpty { chosen = [random.pick(pool)] }
            chosen.shuffle(using: &random)
            let new = chosen.map(\.title)
            log.append("the app sets the tabs to \(new)")
            let before = names[selected]
            tabs.appSetsTabs(chosen, animated: random.chance(0.5))
            guard new != names else { return [] }
            selected = new.firstIndex(of: before) ?? (new.indices.contains(selected) ? selected : 0)
            names = new
            return ["replaced [\(new.joined(separator: ", "))] by the app"]
        case ..<75:
            let index = Int.random(in: 0..<names.count, using: &random)
            log.append("the person taps tab \(index)")
            tabs.personTaps(index)
            guard index != selected else { return [] }
            selected = index
            return ["selected [\(names[index])] by the user"]
        default:
            let name = random.pick(names + ["extra"])
            log.append("the navigator opens /tab#\(name)")
            let request = navigator.request(try PagePath(parsing: "/tab#\(name)"))
            #expect(request.isResolved, "a tab switch does not animate")
            if let index = names.firstIndex(of: name) {
                selected = index
            } else if names.count < TabBarCore.visibleTabLimit {
                names.append(name)
                selected = names.count - 1
                pool.removeAll { $0.title == "extra" }
                if let made = tabs.viewControllers.last { pool.append(made) }
            } else {
                #expect(request.errorCode == .cannotShow)
            }
            return []
        }
    }
}
