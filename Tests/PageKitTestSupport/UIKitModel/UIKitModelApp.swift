public import PageKit
public import PageKitTesting
import PageKitContainers

/// The worked example's app on the ``UIKitModel``: a `PageTabBarController` named `tab`
/// with a `contact` `QueueNavigationController` holding `list`, and a `settings` page; a
/// navigator over them with the UIKit host; a registry whose `compose` is a form that
/// confirms leaving once edited.
///
///     tab [tabs]
///     - contact [stack]: list
///     - settings
@MainActor
public final class UIKitModelApp {
    public let model: UIKitModel
    public let queue: TransitionQueue
    public let host: ModelPageHost
    public let tabs: ModelTabBarController
    public let contact: ModelNavigationController
    public let list: ModelScreen
    public let settings: ModelScreen
    public let navigator: Navigator
    /// Every event the navigator announced.
    public private(set) var events: [NavigationEvent] = []
    /// The forms the registry made, in order.
    public private(set) var forms: [ModelFormPage] = []
    /// What the registry made, by name.
    public private(set) var made: [String] = []
    /// The operations the queue's time-out ended, by label: a stall, where UIKit never
    /// called back.
    public var timeouts: [String] { timeoutLog.labels }
    private var token: ObservationToken?
    private let timeoutLog: TimeoutLog

    /// - Parameters:
    ///   - behaviour: The model's switches.
    ///   - tabKind: The tab bar controller's kind.
    ///   - stackKind: The contact stack's kind.
    ///   - queuesOfTheirOwn: Whether the host and the containers are made on queues of
    ///     their own, as a storyboard makes them, rather than on the navigator's.
    public init(behaviour: UIKitModel.Behaviour = UIKitModel.Behaviour(),
                tabKind: ModelTabBarController.Kind = .pageKit,
                stackKind: ModelNavigationController.Kind = .queue, queuesOfTheirOwn: Bool = false) {
        let model = UIKitModel(behaviour: behaviour)
        self.model = model
        queue = TransitionQueue(clock: model.clock)
        timeoutLog = TimeoutLog(queue)
        // A storyboard, or UIKit's own initializers, make each container on a queue of its own.
        let own = { [queue] in queuesOfTheirOwn ? TransitionQueue(clock: model.clock) : queue }
        host = ModelPageHost(model: model, queue: own())
        list = ModelScreen(model, "list")
        settings = ModelScreen(model, "settings")
        contact = ModelNavigationController(model, name: "contact", root: [list], queue: own(), kind: stackKind)
        tabs = ModelTabBarController(model, name: "tab", tabs: [contact, settings], queue: own(), kind: tabKind)
        model.root = tabs
        navigator = Navigator(root: tabs, host: host, queue: queue, identifiers: .sequential())
        var registry = PageRegistry()
        for name in ["person_detail", "home_page", "detail", "photo"] {
            registry.replace(name) { [weak self] intent in
                self?.made.append(name)
                return ModelScreen(model, name, Self.parameters(of: intent))
            }
        }
        registry.replace("compose") { [weak self] _ in
            let form = ModelFormPage(model, "compose")
            self?.forms.append(form)
            self?.made.append("compose")
            return form
        }
        navigator.registry = registry
        token = navigator.observe { [weak self] in self?.events.append($0) }
    }

    /// The parameters a made page keeps: its component's, and `id` from the query.
    public static func parameters(of intent: PageIntent) -> PageParameters {
        var parameters = Array(intent.component.parameters)
        if intent.component.parameters["id"] == nil, let id = intent.query["id"] {
            parameters.append(PageParameter(key: "id", value: id))
        }
        return PageParameters.canonical(parameters)
    }

    /// Opens `path` and lets every animation run to its end.
    public func open(_ path: String) async throws {
        let task = Task { try await navigator.open(path) }
        try await settle(task)
    }

    /// Lets the model run until `task` is done: animations end, the queue moves on.
    @discardableResult
    public func settle<Value: Sendable>(_ task: Task<Value, any Error>) async throws -> Value {
        let done = Flag()
        Task { _ = try? await task.value; done.isSet = true }
        for _ in 0..<1_000 where !done.isSet {
            // Time moves on to the next thing due only once what is ready has run: an
            // answer that comes in a task of its own comes before later time-outs.
            for _ in 0..<4 {
                await Task.yield()
                model.turn()
            }
            if let next = model.clock.nextDeadline { model.clock.advance(to: next) }
        }
        guard done.isSet else {
            task.cancel()
            throw NavigationError(.timedOut, reason: "the model settled and the task still runs; queue: \(queue.runningLabel ?? "idle"), "
                + "warnings: \(model.warnings), callbacks: \(model.callbacks.suffix(8))")
        }
        return try await task.value
    }

    /// Whether an answer the person gave is on its way to its asker, which ``run()`` waits
    /// for before it lets time pass: it comes back through Swift's global executor, so on a
    /// loaded machine it may take more turns than time allows. Never, unless a test says.
    public var answerInFlight: () -> Bool = { false }

    /// Lets queued work and animations run, without any task to wait for.
    public func run() async {
        for _ in 0..<50 {
            await Task.yield()
            var turns = 0
            while answerInFlight(), turns < 10_000 {
                await Task.yield()
                turns += 1
            }
            model.turn()
            model.advance(by: model.duration)
        }
    }

    /// The changes the navigator announced that it did not make, as
    /// `kind [pages] by source`, cleared.
    public func takeChanges() -> [String] {
        defer { events.removeAll() }
        return events.compactMap { event in
            guard case .changed(let change) = event.kind else { return nil }
            let pages = change.pages.map(\.description).joined(separator: ", ")
            return "\(change.kind) [\(pages)] by \(change.source)"
        }
    }

    /// The current path, as text.
    public var path: String { navigator.currentPath.description }
}
