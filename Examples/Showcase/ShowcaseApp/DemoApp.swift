public import PageKit
public import PageKitContainers
public import PageKitTesting

/// The demo app: a tab container `tab` with tabs `contact` (a navigation stack whose root
/// page is `list`) and `settings`, on the container models with no view.
@MainActor
public struct DemoApp {
    public let navigator: Navigator
    public let tabs: PageTabModel
    public let contact: PageStackModel
    public let host: PageHostModel

    /// Builds the app with a fresh hierarchy.
    /// - Parameters:
    ///   - queue: The transition queue everything shares.
    ///   - ending: How the containers' transitions end: at once, with no view to wait for.
    public init(queue: TransitionQueue = TransitionQueue(clock: ManualTransitionClock()),
                ending: TransitionEnd = .atOnce) {
        contact = PageStackModel(name: "contact", pages: [ListPage()], queue: queue, ending: ending)
        tabs = PageTabModel(name: "tab", tabs: [contact, SettingsPage()], queue: queue, ending: ending)
        host = PageHostModel(queue: queue, ending: ending)
        navigator = Navigator(root: tabs, host: host, registry: Self.registry, queue: queue,
                              identifiers: .sequential())
    }

    /// The registry: `list`, `person_detail`, `home_page`, `compose`, and the alert
    /// `delete_contact`.
    public static var registry: PageRegistry {
        var registry = PageRegistry()
        do {
            try registry.register("list") { _ in ListPage() }
            try registry.register("person_detail", externallyOpenable: true) { intent in
                guard let id = intent.parameter("id") else { throw MissingParameter(name: "id") }
                return PersonDetailPage(personID: id)
            }
            try registry.register("home_page") { intent in
                guard let id = intent.parameter("id") else { throw MissingParameter(name: "id") }
                return HomePage(personID: id)
            }
            try registry.register("compose") { _ in ComposePage() }
            try registry.registerAlert("delete_contact") { intent in
                AlertContent(title: "Delete \(intent.parameter("name") ?? "this contact")?",
                             buttons: [.destructive("Delete", id: "delete"), .cancel()])
            }
        } catch {
            preconditionFailure("the demo registers each name once: \(error)")
        }
        return registry
    }

    /// The contact stack as text: `[list, person_detail(id=5)]`.
    public var contactStack: String {
        "[" + contact.pages.map { $0.pageDescription }.joined(separator: ", ") + "]"
    }

    /// The selected tab's name.
    public var selectedTab: String {
        tabs.visiblePage?.pageName ?? "none"
    }

    /// The live tree, indented under `live tree:`, then `current URL: app://…`: what the
    /// showcase prints after each open.
    public var liveDescription: String {
        let tree = navigator.hierarchyDescription.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return "live tree:\n\(tree)\ncurrent URL: \(navigator.currentURL(scheme: "app"))"
    }

    /// The navigation stack whose top page is on screen, uncovered: the one a back button
    /// or a swipe back acts on; `nil` when a modal page outside any stack is on top.
    /// - Complexity: O(*v*) in the pages on the visible chain.
    public var visibleStack: PageStackModel? {
        var level: any Page = tabs
        while true {
            var stack: PageStackModel?
            var page: any Page = level
            while let parent = page as? any ParentPage, let visible = parent.visiblePage {
                if let candidate = parent as? PageStackModel { stack = candidate }
                page = visible
            }
            // The host records a modal as presented by its level's root.
            guard let modal = host.presentedPage(of: level) else { return stack }
            level = modal
        }
    }

    /// The page presented over the app, if any.
    public var presented: String? {
        for page in [tabs, contact] + contact.pages {
            if let modal = host.presentedPage(of: page) { return modal.pageDescription }
        }
        return nil
    }
}

/// One row of the worked-example table (the Resolution article's).
public struct WorkedExampleRow: Sendable, CustomStringConvertible {
    /// The live hierarchy before, as a path opened in exact mode on a fresh app.
    public let before: String
    /// The URL the row opens.
    public let url: String

    public var description: String { "\(before) + \(url)" }

    /// The table, in order.
    public static let table: [WorkedExampleRow] = [
        WorkedExampleRow(before: "/tab#contact/list", url: "app://tab/contact/person_detail?id=5"),
        WorkedExampleRow(before: "/tab#contact/list/person_detail(id=5)", url: "app://tab/contact/home_page?id=5"),
        WorkedExampleRow(before: "/tab#contact/list/person_detail(id=5)/home_page(id=5)",
                         url: "app://tab/contact/person_detail?id=5"),
        WorkedExampleRow(before: "/tab#contact/list/person_detail(id=5)/home_page(id=5)",
                         url: "app://tab/contact/person_detail?id=6"),
        WorkedExampleRow(before: "/tab#contact/list/person_detail(id=5)/home_page(id=5)",
                         url: "app://tab/contact/person_detail/handler?id=5&event=unfriended"),
        WorkedExampleRow(before: "/tab#contact/list/person_detail(id=5)", url: "app://tab/settings"),
        WorkedExampleRow(before: "/tab#contact/list", url: "app://tab/contact!compose"),
        WorkedExampleRow(before: "/tab#contact/list!compose", url: "app://tab/settings"),
    ]
}
