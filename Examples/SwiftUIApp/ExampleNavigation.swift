public import Foundation
public import PageKit
public import PageKitContainers
public import PageKitLinks

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

/// A person, as the app's directory knows them.
public struct Person: Sendable, Equatable {
    /// Their number in the directory.
    public let id: Int
    /// Their name.
    public var name: String

    /// A person.
    /// - Parameters:
    ///   - id: Their number.
    ///   - name: Their name.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// No person has the number asked for.
public struct UnknownPerson: Error, Equatable, CustomStringConvertible {
    /// The number asked for, or `nil` when it was not a number.
    public let id: String

    /// No person has the number `id`.
    /// - Parameter id: The number asked for.
    public init(id: String) {
        self.id = id
    }

    /// The message.
    public var description: String { "nobody has the number `\(id)`" }
}

/// A person's details, made from the person its loader fetched: the page a request shows
/// only once the person has loaded, and refreshes when asked (``/PageKit/LoadedPage``). It
/// keeps the navigator of the window that shows it (``/PageKit/NavigatorHolding``), so
/// that the registry, which every window shares, need not know the window.
public final class PersonPage: ScreenPage, LoadedPage, NavigatorHolding {
    /// The person shown.
    public private(set) var person: Person
    /// The navigator of the window that shows the page; PageKit sets it.
    public weak var navigator: Navigator?

    /// The page for `person`, as the intent names it (`person_detail?id=5`).
    /// - Parameters:
    ///   - intent: The intent the factory received.
    ///   - person: The person its loader fetched.
    public init(intent: PageIntent, person: Person) {
        self.person = person
        super.init(intent.component.name, parameters: ["id": "\(person.id)"])
        title = person.name
    }

    /// Shows the person as fetched again.
    /// - Parameter person: The person.
    public func refresh(with person: Person) {
        self.person = person
        title = person.name
        contentChanged()
    }
}

/// The compose sheet's form: a page that confirms leaving once the message was edited.
///
/// Its state lives in the page, not in the view, because the page answers PageKit's
/// questions: ``leavePolicy(for:)`` at once when a gesture starts, ``canLeave(_:)`` when
/// it may take time. It asks the person through its navigator, which shows the question
/// over whatever is on top: after Attach, the form is under the attachment page, where a
/// dialog of its own view would not show. The navigator that makes it hands itself over
/// (``/PageKit/NavigatorHolding``).
public final class ComposePage: ScreenPage, LeaveConfirming, NavigatorHolding {
    /// The message being written.
    public var text = "" {
        didSet {
            guard text != oldValue else { return }
            contentChanged()
            // Clean or dirty decides the gestures SwiftUI is given in advance: say so.
            if text.isEmpty != oldValue.isEmpty { navigator?.leavePolicyChanged(of: self) }
        }
    }
    /// Whether the message was sent: nothing is left to lose.
    public private(set) var isSent = false
    /// The navigator that shows it, which its policy changes are told to; it sets this.
    public weak var navigator: Navigator?

    /// What the person is asked before an edited message goes.
    public static let discardQuestion = AlertContent(
        .confirmationDialog, title: "Discard this message?",
        buttons: [.destructive("Discard", id: "discard"), .cancel("Keep Editing", id: "keep")]
    )

    /// An empty compose page.
    public init() {
        super.init("compose")
        title = "New message"
    }

    /// A clean form lets every gesture through; an edited one holds it and asks.
    /// - Parameter gesture: The back button, the swipe back, or the swipe down.
    /// - Returns: ``/PageKit/LeavePolicy/allow`` while there is nothing to lose,
    ///   ``/PageKit/LeavePolicy/confirm`` once the message was edited.
    public func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
        text.isEmpty || isSent ? .allow : .confirm
    }

    /// Asks the person, over whatever is on top, whether to discard the message.
    /// - Parameter request: What would remove the page.
    /// - Returns: Whether the page may go: only when the person chose Discard.
    public func canLeave(_ request: LeaveRequest) async -> Bool {
        guard !text.isEmpty, !isSent, let navigator else { return true }
        return (try? await navigator.ask(Self.discardQuestion)) == "discard"
    }

    /// The message was sent: the page may close without asking.
    public func markSent() {
        isSent = true
        navigator?.leavePolicyChanged(of: self)
    }
}

/// The example app's navigation:
///
///     tab [PageTabModel]
///     - contact [PageStackModel]: list, person_detail(id=…) (a PersonPage, loaded first)
///     - (transparent) [PageStackModel]: feed, post(id=…)
///     - mail [PageSplitModel]
///       - sidebar [PageStackModel]: mailboxes, folder(name=…)
///       - detail [PageStackModel]: welcome, message(id=…)
///     !/compose [PageStackModel, presented as a sheet]: compose (a ComposePage), attach
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
    /// The mail tab: a split view, side by side on a wide screen, one stack on a narrow one.
    public let mail: PageSplitModel
    /// The messages the compose sheet sent, oldest first.
    public private(set) var sent: [Draft] = []

    /// The example's directory: people 1 to 99, fetched at once.
    public static let sampleDirectory: @Sendable (Int) async throws -> Person = { id in
        guard (1...99).contains(id) else { throw UnknownPerson(id: "\(id)") }
        return Person(id: id, name: ["Ada", "Bea", "Cy"][id % 3] + " \(id)")
    }

    /// Builds the tree, the registry and the links, for an app with one window.
    /// - Parameters:
    ///   - queue: The queue every container shares; a test passes one on a manual clock.
    ///   - people: Fetches a person, for their page's loader; a test passes one it
    ///     controls.
    /// - Throws: A ``/PageKit/NavigationError`` or ``/PageKit/LinkMapError`` if a
    ///   registration or a link pattern is refused, which the tests would catch.
    public convenience init(queue: TransitionQueue = TransitionQueue(),
                            people: @escaping @Sendable (Int) async throws -> Person = ExampleNavigation.sampleDirectory)
        throws {
        self.init(queue: queue, registry: try Self.makeRegistry(people: people), links: try Self.makeLinks())
    }

    /// Builds one window's tree, showing what `registry` makes and opening `links`.
    /// - Parameters:
    ///   - queue: The window's queue, which every container of the window shares.
    ///   - registry: What every window can show (``makeRegistry(people:)``).
    ///   - links: The outside links every window opens (``makeLinks()``).
    public init(queue: TransitionQueue, registry: PageRegistry, links: LinkMap) {
        contacts = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
        feed = PageStackModel(pages: [ScreenPage("feed")], queue: queue)
        mail = Self.makeMail(queue: queue)
        tabs = PageTabModel(name: "tab", tabs: [contacts, feed, mail], queue: queue)
        host = PageHostModel(queue: queue)
        navigator = Navigator(root: tabs, host: host, queue: queue)
        navigator.registry = registry
        navigator.links = links
        tabs.labels = { _, index in
            switch index {
            case 0: TabLabel("Contacts", image: .system("person.2"))
            case 1: TabLabel("Feed", image: .system("newspaper"))
            default: TabLabel("Mail", image: .system("envelope"))
            }
        }
    }

    /// The mail tab's split view: a sidebar and a detail column.
    private static func makeMail(queue: TransitionQueue) -> PageSplitModel {
        do {
            return try PageSplitModel(name: "mail", columns: [
                PageStackModel(name: "sidebar", pages: [ScreenPage("mailboxes")], queue: queue),
                PageStackModel(name: "detail", pages: [ScreenPage("welcome")], queue: queue),
            ], queue: queue)
        } catch {
            // A split view refuses only a count of columns other than two or three.
            preconditionFailure("\(error)")
        }
    }

    /// What every window can show, registered once.
    /// - Parameter people: Fetches a person, for their page's loader.
    /// - Returns: The registry.
    /// - Throws: A ``/PageKit/NavigationError`` if a registration is refused.
    public static func makeRegistry(people: @escaping @Sendable (Int) async throws -> Person) throws -> PageRegistry {
        var registry = PageRegistry()
        // The person loads first: the page appears with them, or the request fails with
        // `.loadFailed` (an unknown number) and the screen stays as it was.
        let loader = PageLoader { intent in
            guard let id = intent.parameter("id").flatMap(Int.init) else {
                throw UnknownPerson(id: intent.parameter("id") ?? "")
            }
            return try await people(id)
        }
        try registry.register("person_detail", loader: loader, externallyOpenable: true) { intent, loaded in
            let person = PersonPage(intent: intent, person: loaded)
            person.containedPages = [EventHandler("follow", owner: person) { person, _ in
                ExampleNavigation.follow(person)
            }]
            return person
        }
        try registry.registerScreen("post", keeping: ["id"])
        try registry.register("compose") { _ in ComposePage() }
        try registry.registerScreen("attach")
        try registry.registerScreen("folder", keeping: ["name"])
        try registry.registerScreen("message", keeping: ["id"], externallyOpenable: true)
        try registry.registerAlert("unfollow") { _ in
            AlertContent(.confirmationDialog, title: "Stop following?",
                         buttons: [.destructive("Unfollow", id: "unfollow"), .cancel()])
        }
        return registry
    }

    /// The outside links every window opens.
    /// - Returns: The link map.
    /// - Throws: A ``/PageKit/LinkMapError`` if a pattern is refused.
    public static func makeLinks() throws -> LinkMap {
        var links = LinkMap()
        try links.add("example://people/{id}", to: "/tab#contact/list/person_detail(id={id})")
        try links.add("https://example.com/people/{id}", to: "/tab#contact/list/person_detail(id={id})")
        try links.add("example://mail/{id}", to: "/tab#mail#detail/welcome/message(id={id})")
        return links
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

    /// Fetches person `id` again and shows them, in their page if it is live.
    /// - Parameter id: The person.
    /// - Returns: The request.
    @discardableResult
    public func refreshPerson(_ id: Int) -> NavigationRequest {
        navigator.request("app://tab/contact/person_detail?id=\(id)", .refreshing())
    }

    /// Shows post `id` in the feed tab.
    /// - Parameter id: The post.
    /// - Returns: The request.
    @discardableResult
    public func showPost(_ id: Int) -> NavigationRequest {
        navigator.request("/tab#/feed/post(id=\(id))")
    }

    /// Shows message `id` in the mail tab's detail column: beside the mailboxes on a wide
    /// screen, pushed above them on a narrow one.
    /// - Parameter id: The message.
    /// - Returns: The request.
    @discardableResult
    public func showMessage(_ id: Int) -> NavigationRequest {
        navigator.request("/tab#mail#detail/message(id=\(id))")
    }

    /// Shows the mailbox folder `name` in the mail tab's sidebar.
    /// - Parameter name: The folder.
    /// - Returns: The request.
    @discardableResult
    public func showFolder(_ name: String) -> NavigationRequest {
        navigator.request("/tab#mail#sidebar/folder(name=\(name))")
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

    /// The compose sheet's Send button: marks the draft sent, so nothing edited holds the
    /// sheet back, and answers. An opener awaiting the sheet as a flow closes it; a sheet
    /// opened otherwise closes itself.
    /// - Parameter page: The compose page.
    public func send(from page: ComposePage) {
        page.markSent()
        let delivery = navigator.send(PageResponse(.ok, payload: Draft(text: page.text)), from: page)
        if case .awaited = delivery { return }
        navigator.close(page)
    }

    /// The compose sheet's Cancel button: the person's dismissal of the sheet, which asks
    /// the page first once it was edited. The opener's awaited reply is then `nil`.
    /// - Parameter page: The compose page, or any page of the sheet's stack.
    /// - Returns: The dismissal, queued, or refused.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when the page is no
    ///   longer in a sheet.
    @discardableResult
    public func cancel(from page: any Page) throws -> LeaveAttempt {
        try host.userDismisses(page)
    }

    /// What the `follow` event does (a notification's `…/person_detail/follow?id=5`):
    /// marks the person followed, in their page's own parameters, so the path and the
    /// history say so and the view follows.
    /// Asks, in a confirmation dialog over the person on screen, whether to stop following
    /// them, and does so if the answer is Unfollow.
    /// - Parameter person: The person's page, on screen.
    /// - Returns: Whether they are no longer followed.
    /// - Throws: A ``/PageKit/NavigationError`` when the dialog cannot be opened.
    public func unfollow(_ person: ScreenPage) async throws -> Bool {
        guard person.pageParameters["following"] != nil else { return false }
        let reply = try await navigator.open("!unfollow", expecting: AlertChoice.self)
        guard reply?.payload?.button == "unfollow" else { return false }
        navigator.update(PageParameters.canonical(person.pageParameters.filter { $0.key != "following" }), of: person)
        return true
    }

    private static func follow(_ person: PersonPage) {
        guard person.pageParameters["following"] == nil else { return }
        let following = PageParameter(key: "following", value: "yes")
        person.navigator?.update(PageParameters.canonical(Array(person.pageParameters) + [following]), of: person)
    }
}
