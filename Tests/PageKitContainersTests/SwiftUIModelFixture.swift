import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport

/// A SwiftUI app's tree, on the platform-neutral models, on the model screen:
///
///     tab [PageTabModel]
///     - contact [PageStackModel]: list
///     - (transparent) [PageStackModel]: feed
///     - settings
///
/// and a ``PageHostModel``. Registry: screens person_detail (keeps `id`), home_page,
/// compose, attach, post (keeps `id`).
@MainActor
final class SwiftUIAppFixture {
    let clock = ManualTransitionClock()
    let queue: TransitionQueue
    let driver: ClockTransitionDriver
    let screen: SwiftUIScreen
    let list = ScreenPage("list")
    let feedRoot = ScreenPage("feed")
    let settings = ScreenPage("settings")
    let contact: PageStackModel
    let feed: PageStackModel
    let tabs: PageTabModel
    let host: PageHostModel
    let navigator: Navigator
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?
    /// Guards a test added, kept for the fixture's life.
    var guardTokens: [ObservationToken] = []

    /// - Parameters:
    ///   - onScreen: Whether the model screen shows the stacks and the host; otherwise no
    ///     view is on screen and every transition ends at once.
    ///   - behaviour: How the SwiftUI the screen stands in for behaves.
    init(onScreen: Bool = true, behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        queue = TransitionQueue(clock: clock)
        driver = ClockTransitionDriver(clock: clock)
        screen = SwiftUIScreen(driver: driver, behaviour: behaviour)
        contact = PageStackModel(name: "contact", pages: [list], queue: queue)
        feed = PageStackModel(pages: [feedRoot], queue: queue)
        tabs = PageTabModel(name: "tab", tabs: [contact, feed, settings], queue: queue)
        host = PageHostModel(queue: queue)
        var registry = PageRegistry()
        try! registry.registerScreen("person_detail", keeping: ["id"], externallyOpenable: true)
        try! registry.registerScreen("post", keeping: ["id"])
        for name in ["home_page", "compose", "attach"] { try! registry.registerScreen(name) }
        navigator = Navigator(root: tabs, host: host, registry: registry, queue: queue, identifiers: .sequential())
        token = navigator.observe { [unowned self] in self.events.append($0) }
        if onScreen {
            screen.show(tabs)
            screen.show(contact)
            screen.show(feed)
            screen.show(host, root: tabs)
        }
    }

    /// The changes the navigator announced that it did not make, as `kind by source → path`.
    var changes: [String] { events.changeDescriptions }

    /// The failures the navigator announced.
    var failures: [NavigationError.Code] {
        events.compactMap { event in
            if case .failed(let error) = event.kind { return error.code }
            return nil
        }
    }

    var path: String { navigator.currentPath.description }
}

extension Array where Element == NavigationEvent {
    /// The changes announced that the navigator did not make, as `kind by source → path`.
    var changeDescriptions: [String] {
        compactMap { event in
            guard case .changed(let change) = event.kind else { return nil }
            return "\(change.kind.rawValue) by \(event.source) → \(event.to?.description ?? "-")"
        }
    }
}

/// Counts a model's change notifications, and whether each animates.
@MainActor
final class ChangeCounter {
    private(set) var animations: [Bool] = []
    private var observation: ModelObservation?

    init(_ model: some ObservableModel) {
        observation = model.observe { [unowned self] animated in self.animations.append(animated) }
    }
}

extension SwiftUIAppFixture {
    /// Queues `text` and lets the model screen run until it ends.
    @discardableResult
    func open(_ text: String, _ options: NavigationOptions = .default) throws -> NavigationOutcome {
        let request = navigator.request(try PagePath(parsing: text), options)
        clock.advance(by: .seconds(10))
        guard let result = request.result else {
            throw NavigationError(.timedOut, reason: "`\(text)` did not end within ten simulated seconds")
        }
        return try result.get()
    }
}
