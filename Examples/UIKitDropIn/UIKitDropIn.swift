#if canImport(UIKit)
import Foundation
import PageKit
import PageKitContainers
import PageKitRestoration
import UIKit

// The README's UIKit example, type-checked against the iOS SDK with the rest of the
// package: QueueNavigationController dropped in for UINavigationController,
// PageTabBarController for UITabBarController, a navigator over the app's real view
// controllers, and a compose form in a `!/` sheet that confirms leaving once edited.

/// The contact list: the root of the contacts tab.
final class ContactListViewController: UIViewController, Page {
    var pageName: String { "list" }
}

/// A page of the mail tab's split view: the mailboxes in the sidebar, the welcome and the
/// messages in the detail column.
final class MailPageViewController: UIViewController, Page {
    let pageName: String
    let pageParameters: PageParameters

    init(_ name: String, parameters: PageParameters = [:]) {
        pageName = name
        pageParameters = parameters
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) {
        nil
    }
}

/// A person, as the app's server describes them.
struct Person: Sendable {
    let id: String
    var name: String
}

/// The app's server.
enum PeopleAPI {
    /// Fetches person `id`; cancelled with its task when the request no longer needs it.
    static func person(id: String) async throws -> Person {
        guard let url = URL(string: "https://example.com/api/people/\(id)") else { throw URLError(.badURL) }
        let (data, _) = try await URLSession.shared.data(from: url)
        return Person(id: id, name: String(decoding: data, as: UTF8.self))
    }
}

/// A person's details, for the person `id` names: made from the person fetched first
/// when the navigator opens it, or pushed directly with only their number.
final class PersonDetailViewController: UIViewController, Page, LoadedPage {
    let personID: String
    private(set) var person: Person?

    init(personID: String, person: Person? = nil) {
        self.personID = personID
        self.person = person
        super.init(nibName: nil, bundle: nil)
        title = person?.name
    }

    /// A request that revealed the page asked for fresh data (`.refreshing()`).
    func refresh(with person: Person) {
        self.person = person
        title = person.name
    }

    required init?(coder: NSCoder) {
        nil
    }

    var pageName: String { "person_detail" }
    var pageParameters: PageParameters { ["id": personID] }
}

/// A message being written, shown in a sheet with a stack of its own (`!/compose`): once
/// the person has typed something, every way out asks first — the sheet's swipe down,
/// its Cancel button, and a deep link that would take the sheet away.
final class ComposeViewController: UIViewController, Page, NavigatorHolding, LeaveConfirming, UITextViewDelegate {
    weak var navigator: Navigator?
    private let field = UITextView()
    var draft = "" {
        // The swipe down is set up ahead of the person: say when the answer changes.
        didSet { if draft.isEmpty != oldValue.isEmpty { navigator?.leavePolicyChanged(of: self) } }
    }

    var pageName: String { "compose" }

    override func viewDidLoad() {
        super.viewDidLoad()
        field.delegate = self
        field.frame = view.bounds
        field.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(field)
        navigationItem.leftBarButtonItem = UIBarButtonItem(systemItem: .cancel, primaryAction: UIAction { [weak self] _ in
            guard let self else { return }
            self.navigator?.close(self)        // asks canLeave first while the draft is not empty
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Send", primaryAction: UIAction { [weak self] _ in
            self?.send()
        })
    }

    func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
        draft.isEmpty ? .allow : .confirm
    }

    func canLeave(_ request: LeaveRequest) async -> Bool {
        guard !draft.isEmpty, let navigator else { return true }
        // Through the navigator, which asks from the top of the window: a link may ask
        // while a sheet covers this page, or while its tab is not shown, and UIKit
        // presents nothing from either. A dialog's popover is anchored for a regular width.
        let discard = AlertContent(.confirmationDialog, title: "Discard this message?",
                                   buttons: [.destructive("Discard", id: "discard"), .cancel("Keep Editing")])
        return (try? await navigator.ask(discard)) == "discard"
    }

    /// The Save path: mark the page clean, then leave; nothing is asked.
    private func send() {
        navigator?.send(PageResponse(.ok, payload: draft), from: self)
        draft = ""
        navigator?.close(self)
    }

    func textViewDidChange(_ textView: UITextView) {
        draft = textView.text
    }
}

@MainActor
enum DropInExample {
    /// Builds the app's root: a tab bar controller whose contacts tab is a
    /// QueueNavigationController sharing the navigator's queue.
    static func makeRoot() -> (root: UITabBarController, contacts: QueueNavigationController, navigator: Navigator) {
        let queue = TransitionQueue()
        let (tabs, contacts) = makeTabs(queue: queue)
        let navigator = Navigator(root: tabs, host: UIKitPageHost(queue: queue), registry: makeRegistry(), queue: queue)
        return (tabs, contacts, navigator)
    }

    /// One window's screens: the tab bar controller and its contacts stack, on `queue`.
    static func makeTabs(queue: TransitionQueue) -> (tabs: PageTabBarController, contacts: QueueNavigationController) {
        // Was `UINavigationController(rootViewController:)`; nothing else changes.
        let contacts = QueueNavigationController(rootViewController: ContactListViewController(), queue: queue)
        contacts.restorationIdentifier = "contact"  // its page name
        // Was `UITabBarController()`: the person's taps are reported as they happen,
        // refused mid-transition, and a second tap asks before popping to the root.
        let tabs = PageTabBarController(queue: queue)
        tabs.restorationIdentifier = "tab"
        // A mail tab that is a split view: columns side by side on a wide screen, one
        // stack on a narrow one; `/tab#mail#detail/message(id=3)` works in both.
        let sidebar = QueueNavigationController(rootViewController: MailPageViewController("mailboxes"), queue: queue)
        sidebar.restorationIdentifier = "sidebar"
        let detail = QueueNavigationController(rootViewController: MailPageViewController("welcome"), queue: queue)
        detail.restorationIdentifier = "detail"
        var controllers: [UIViewController] = [contacts]
        do {
            controllers.append(try PageSplitViewController(name: "mail", columns: [sidebar, detail], queue: queue))
        } catch {
            assertionFailure("\(error)")
        }
        tabs.viewControllers = controllers
        return (tabs, contacts)
    }

    /// What every window can show, registered once.
    static func makeRegistry() -> PageRegistry {
        var registry = PageRegistry()
        do {
            // The person is fetched before the page is made; the screen stays meanwhile.
            try registry.register("person_detail", loader: PageLoader { intent in
                try await PeopleAPI.person(id: intent.parameter("id") ?? "")
            }, externallyOpenable: true) { _, person in
                PersonDetailViewController(personID: person.id, person: person)
            }
            try registry.register("compose") { _ in ComposeViewController() }
            try registry.register("message") { intent in
                MailPageViewController("message", parameters: ["id": intent.parameter("id") ?? ""])
            }
            // An alert is a destination: `UIKitPageHost` shows it as a UIAlertController.
            try registry.registerAlert("delete_contact") { intent in
                AlertContent(title: "Delete contact \(intent.parameter("id") ?? "")?",
                             buttons: [.destructive("Delete", id: "delete"), .cancel()])
            }
        } catch {
            assertionFailure("\(error)")
        }
        return registry
    }

    /// Shows a spinner over `view` while a request loads a page's data; keep the token.
    static func showSpinnerWhileLoading(over view: UIView, navigator: Navigator) -> ObservationToken {
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        spinner.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(spinner)
        return navigator.observe { event in
            switch event.kind {
            case .loadStarted: spinner.startAnimating()
            case .loadEnded: spinner.stopAnimating()
            default: break
            }
        }
    }

    /// Pushes and pops from anywhere wait their turn: no nested animations.
    static func showTwoPeople(on contacts: QueueNavigationController) {
        contacts.pushViewController(PersonDetailViewController(personID: "5"), animated: true)
        // Starts once person 5 is on screen, not inside its animation.
        contacts.pushViewController(PersonDetailViewController(personID: "6"), animated: true)
        // Pops whatever is on top when its turn comes: person 6.
        contacts.popViewController(animated: true)
    }

    /// Awaits a queued push, to do something once it is on screen.
    static func pushThenWait(on contacts: QueueNavigationController) async throws {
        try await contacts.enqueuePush(PersonDetailViewController(personID: "7")).finished()
    }

    /// Shows message `id` in the mail tab's detail column: beside the mailboxes on a wide
    /// screen; on a narrow one, the detail column is pushed above them, then the message.
    @discardableResult
    static func showMessage(_ id: Int, with navigator: Navigator) -> NavigationRequest {
        navigator.request("/tab#mail#detail/message(id=\(id))")
    }

    /// Writes a message in a sheet with a stack of its own; the navigator hands the page
    /// itself (`NavigatorHolding`), and the reply comes back when it is sent.
    static func compose(with navigator: Navigator) async throws -> String? {
        try await navigator.open("app://tab/contact!/compose", expecting: String.self)?.payload
    }

    /// Asks before deleting person `id`, in an alert over their page; `true` when the
    /// person chose Delete, `false` for Cancel or when the alert went unanswered.
    static func confirmDelete(_ id: String, with navigator: Navigator) async throws -> Bool {
        let reply = try await navigator.open("app://tab/contact/person_detail(id=\(id))!delete_contact(id=\(id))",
                                             expecting: AlertChoice.self)
        return reply?.payload?.button == "delete"
    }

    /// Opens person `id` in a window of its own on an iPad or a Mac, and in this window
    /// on an iPhone; the person's page loads in whichever window shows it.
    static func openInNewWindow(person id: String, from window: String) async throws {
        try await DropInWindows.windows.open("/tab#contact/list/person_detail(id=\(id))", from: window)
    }

    /// Opens a deep link from outside the app: only externally openable pages.
    static func open(_ url: URL, with navigator: Navigator) async {
        do {
            try await navigator.open(PagePath(url: url), .source(.external))
        } catch {
            print("cannot open \(url): \(error)")
        }
    }
}
/// The app's windows: one navigator each, over screens of its own, sharing one registry.
@MainActor
enum DropInWindows {
    /// Each scene's window, by session, given its screens when its navigator is made.
    static var sceneWindows: [String: UIWindow] = [:]

    static let windows = WindowNavigators(registry: DropInExample.makeRegistry(),
                                          opener: UIKitWindowOpener(activityType: "com.example.dropin.window")) { id in
        let queue = TransitionQueue()
        let tabs = DropInExample.makeTabs(queue: queue).tabs
        // On screen before anything opens in it: UIKit ends a push in a window that is not
        // visible only once it appears, and the open would wait for that.
        sceneWindows[id]?.rootViewController = tabs
        sceneWindows[id]?.makeKeyAndVisible()
        return Navigator(root: tabs, host: UIKitPageHost(queue: queue), queue: queue)
    }
}

/// Each window's scene: it connects its navigator with what it was opened for, or with its
/// own saved state, and saves that state when the system asks.
final class DropInSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    static let restorationType = "com.example.dropin.navigation"

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let id = session.persistentIdentifier
        let request = connectionOptions.userActivities.lazy.compactMap(UIKitWindowOpener.request(in:)).first
        let state = session.stateRestorationActivity.flatMap { try? NavigationState(restorationActivity: $0) }
        let window = UIWindow(windowScene: scene)
        self.window = window
        DropInWindows.sceneWindows[id] = window
        // The navigator is made, and the window shown, before the request or the state is
        // opened; an error leaves the window on its first screen.
        Task { try? await DropInWindows.windows.connect(id, request: request, restoring: state) }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let request = UIKitWindowOpener.request(in: userActivity) else { return }
        Task { try? await DropInWindows.windows.continueRequest(request, in: scene.session.persistentIdentifier) }
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        DropInWindows.windows.navigator(of: scene.session.persistentIdentifier)?
            .stateRestorationActivity(type: Self.restorationType)
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        DropInWindows.windows.disconnect(scene.session.persistentIdentifier)
        DropInWindows.sceneWindows[scene.session.persistentIdentifier] = nil
    }
}
#endif
