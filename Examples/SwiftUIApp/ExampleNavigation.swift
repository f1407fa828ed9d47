public import Foundation
public import PageKit
public import PageKitContainers

// The README's SwiftUI example, in two halves: this one holds everything that decides and
// runs on Linux, where tests drive it; ExampleViews.swift holds the SwiftUI views, which
// only bind to it and are type-checked against the iOS SDK.

/// A message written in the compose sheet: what the sheet answers its opener with.
public struct Draft: Sendable, Equatable {
    /// The message.
    public var text: String

    /// A message.
    /// - Parameter text: The message.
    public init(text: String) {
        self.text = text
    }
}

/// The example app's navigation:
///
///     tab [PageTabModel]
///     - contact [PageStackModel]: list, person_detail(id=…)
///     - (transparent) [PageStackModel]: feed, post(id=…)
///     !/compose [PageStackModel, presented as a sheet]: compose, attach
///
/// `person_detail` holds an ``/PageKit/EventHandler`` named `follow`; outside links
/// `example://people/{id}` and `https://example.com/people/{id}` open a person.
@MainActor
public final class ExampleNavigation {
    /// The navigator every view opens paths with.
    public let navigator: Navigator
    /// Presents the sheets.
    public let host: PageHostModel
    /// The tab view's model.
    public let tabs: PageTabModel
    /// The contacts tab's stack.
    public let contacts: PageStackModel
    /// The feed tab's stack.
    public let feed: PageStackModel
    /// The messages the compose sheet sent, oldest first.
    public private(set) var sent: [Draft] = []

    /// Builds the tree, the registry and the links.
    /// - Parameter queue: The queue every container shares; a test passes one on a manual
    ///   clock.
    /// - Throws: A ``/PageKit/NavigationError`` or ``/PageKit/LinkMapError`` if a
    ///   registration or a link pattern is refused, which the tests would catch.
    public init(queue: TransitionQueue = TransitionQueue()) throws {
        contacts = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
        feed = PageStackModel(pages: [ScreenPage("feed")], queue: queue)
        tabs = PageTabModel(name: "tab", tabs: [contacts, feed], queue: queue)
        host = PageHostModel(queue: queue)
        navigator = Navigator(root: tabs, host: host, queue: queue)

        try navigator.registry.register("person_detail", externallyOpenable: true) { [weak self] intent in
            let person = ScreenPage(intent: intent, keeping: ["id"])
            person.containedPages = [EventHandler("follow", owner: person) { person, _ in
                self?.follow(person)
            }]
            return person
        }
        try navigator.registry.registerScreen("post", keeping: ["id"])
        try navigator.registry.registerScreen("compose")
        try navigator.registry.registerScreen("attach")
        try navigator.links.add("example://people/{id}", to: "/tab#contact/list/person_detail(id={id})")
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/list/person_detail(id={id})")
    }

    /// Opens a link from outside the app (`onOpenURL`): only the declared ones.
    /// - Parameter url: The link.
    /// - Returns: What it did.
    /// - Throws: A ``/PageKit/NavigationError`` when the link is not declared or cannot be
    ///   opened.
    @discardableResult
    public func open(_ url: URL) async throws -> NavigationOutcome {
        try await navigator.openLink(url)
    }

    /// Shows person `id` in the contacts tab: pops back to them if they are in the stack.
    /// - Parameter id: The person.
    /// - Returns: The request.
    @discardableResult
    public func showPerson(_ id: Int) -> NavigationRequest {
        navigator.request("app://tab/contact/person_detail?id=\(id)")
    }

    /// Shows post `id` in the feed tab.
    /// - Parameter id: The post.
    /// - Returns: The request.
    @discardableResult
    public func showPost(_ id: Int) -> NavigationRequest {
        navigator.request("/tab#/feed/post(id=\(id))")
    }

    /// Opens the compose sheet, with its own stack, over what is on screen, and waits for
    /// its answer.
    /// - Returns: The message sent, or `nil` when the person cancelled or swiped the
    ///   sheet away.
    /// - Throws: A ``/PageKit/NavigationError`` when the sheet cannot be opened.
    public func compose() async throws -> Draft? {
        let reply = try await navigator.open("!/compose", expecting: Draft.self)
        guard let reply, reply.status == .ok, let draft = reply.payload else { return nil }
        sent.append(draft)
        return draft
    }

    /// The compose sheet's Send button: answers the opener, then closes the sheet.
    /// - Parameters:
    ///   - draft: The message.
    ///   - page: The compose page.
    public func send(_ draft: Draft, from page: any Page) {
        navigator.send(PageResponse(.ok, payload: draft), from: page)
        navigator.up()
    }

    /// The compose sheet's Cancel button.
    /// - Parameter page: The compose page.
    public func cancel(from page: any Page) {
        navigator.send(PageResponse(.cancelled), from: page)
        navigator.up()
    }

    /// What the `follow` event does (a notification's `…/person_detail/follow?id=5`):
    /// marks the person followed, in their page's own parameters, so the path and the
    /// history say so and the view follows.
    private func follow(_ person: ScreenPage) {
        guard person.pageParameters["following"] == nil else { return }
        let following = PageParameter(key: "following", value: "yes")
        navigator.update(PageParameters.canonical(Array(person.pageParameters) + [following]), of: person)
    }
}
