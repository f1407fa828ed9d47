public import PageKit
public import PageKitContainers
public import PageKitTesting

/// A fixed live tree for resolver and navigator tests, on the container models with a
/// recording driver (every transition ends at once, or after an animation's duration):
///
///     tab [tabs]
///     - contact [stack]: list, person_detail(id=5) {handler, card}, home_page(id=5)
///     - stack (transparent): feed, post(id=1)
///     - settings
///
/// With `tabsInStack`, a tab container sits inside the transparent stack, below its top:
/// `feed, friend [tabs: a, b], post(id=1)`.
///
/// Registry: list, person_detail (externally openable), home_page, compose, attach,
/// sheet, post, feed, detail. Each factory counts its calls in `made`. With
/// `presentsTabs`, also `picker`: a tab container to present, whose tabs are a stack
/// `inbox` (holding `mail`) and a page `recent`.
@MainActor
public final class Fixture {
    public let clock: ManualTransitionClock
    /// Times transitions when the fixture is made with an animation duration.
    public let timedDriver: ClockTransitionDriver?
    public let queue: TransitionQueue
    public let recorder: RecordingTransitionDriver
    public let host: PageHostModel
    public let tabs: PageTabModel
    public let contact: PageStackModel
    public let feedStack: PageStackModel
    /// The tab container inside the transparent stack, when the fixture has one.
    public let friend: PageTabModel?
    public let list = TestPage("list")
    public let detail = TestPage("person_detail", ["id": "5"])
    public let home = TestPage("home_page", ["id": "5"])
    public let card = TestPage("card")
    public let settings = TestPage("settings")
    public let feed = TestPage("feed")
    public let post = TestPage("post", ["id": "1"])
    public private(set) var handlerEvents: [PageEvent] = []
    public private(set) var made: [String] = []
    public let navigator: Navigator

    /// - Parameters:
    ///   - animationDuration: When given, animated transitions take this long on `clock`;
    ///     otherwise every transition completes at once.
    ///   - acceptsNewTabs: Whether the tab container adds tabs for unknown components.
    ///   - tabsInStack: Whether a tab container `friend` (tabs `a` and `b`) sits in the
    ///     transparent stack between `feed` and `post(id=1)`.
    ///   - presentsTabs: Whether `picker` is registered.
    public init(animationDuration: Duration? = nil, acceptsNewTabs: Bool = false, tabsInStack: Bool = false,
                presentsTabs: Bool = false) {
        let clock = ManualTransitionClock()
        self.clock = clock
        timedDriver = animationDuration.map { ClockTransitionDriver(clock: clock, duration: $0) }
        queue = TransitionQueue(clock: clock)
        recorder = RecordingTransitionDriver(next: timedDriver)
        let ending = TransitionEnd.driver(recorder)
        host = PageHostModel(queue: queue, ending: ending)
        contact = PageStackModel(name: "contact", pages: [list, detail, home], queue: queue, ending: ending)
        friend = tabsInStack
            ? PageTabModel(name: "friend", tabs: [TestPage("a"), TestPage("b")], queue: queue, ending: ending)
            : nil
        feedStack = PageStackModel(pages: [feed] + (friend.map { [$0] } ?? []) + [post], queue: queue, ending: ending)
        tabs = PageTabModel(name: "tab", tabs: [contact, feedStack, settings], acceptsNewTabs: acceptsNewTabs,
                            queue: queue, ending: ending)
        navigator = Navigator(root: tabs, host: host, queue: queue, identifiers: .sequential())
        let handler = EventHandler("handler", owner: self) { owner, event in owner.handlerEvents.append(event) }
        detail.containedPages = [handler, card]
        var registry = PageRegistry()
        for name in ["list", "home_page", "compose", "attach", "sheet", "post", "feed", "detail", "person_detail"] {
            registry.replace(name, externallyOpenable: name == "person_detail" || name == "post") { [weak self] intent in
                self?.made.append(intent.component.name)
                return TestPage(intent.component.name, Self.parameters(of: intent))
            }
        }
        if presentsTabs {
            registry.replace("picker") { [weak self, queue] intent in
                self?.made.append(intent.component.name)
                let inbox = PageStackModel(name: "inbox", pages: [TestPage("mail")], queue: queue, ending: ending)
                return PageTabModel(name: "picker", tabs: [inbox, TestPage("recent")], queue: queue, ending: ending)
            }
        }
        navigator.registry = registry
    }

    /// The parameters a made page keeps: its component's, and `id` from the query.
    public static func parameters(of intent: PageIntent) -> PageParameters {
        var parameters = Array(intent.component.parameters)
        if intent.component.parameters["id"] == nil, let id = intent.query["id"] {
            parameters.append(PageParameter(key: "id", value: id))
        }
        return PageParameters.canonical(parameters)
    }

    /// The live tree, one line per container, for comparisons.
    public var snapshot: String {
        var lines = ["selected: \(tabs.visiblePage?.pageDescription ?? "-")"]
        lines.append("contact: " + contact.pages.map(\.pageDescription).joined(separator: ", "))
        lines.append("feed: " + feedStack.pages.map(\.pageDescription).joined(separator: ", "))
        if let friend {
            lines.append("friend selects: " + (friend.visiblePage?.pageDescription ?? "-"))
        }
        if tabs.tabs.count > 3 {
            lines.append("extra tabs: " + tabs.tabs[3...].map(\.pageDescription).joined(separator: ", "))
        }
        var modals: [String] = []
        var presenters: [any Page] = [tabs] + tabs.tabs + contact.pages + feedStack.pages
        var index = 0
        while index < presenters.count {
            if let modal = host.presentedPage(of: presenters[index]) {
                modals.append("\(presenters[index].pageDescription) ! \(describeTree(modal))")
                presenters.append(modal)
                if let parent = modal as? any ParentPage { presenters.append(contentsOf: parent.containedPages) }
            }
            index += 1
        }
        lines.append("modals: " + (modals.isEmpty ? "-" : modals.joined(separator: "; ")))
        return lines.joined(separator: "\n")
    }

    private func describeTree(_ page: any Page) -> String {
        guard let stack = page as? any StackContainer else { return page.pageDescription }
        return "[" + stack.containedPages.map(\.pageDescription).joined(separator: ", ") + "]"
    }

    /// Presents `page` from `presenter` directly on the host.
    public func present(_ page: any Page, from presenter: any Page) {
        host.present(page, from: presenter, animated: false, style: .default, completion: TransitionCompletion { _ in })
    }
}
