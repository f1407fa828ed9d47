#if canImport(UIKit)
import Foundation
import PageKit
import PageKitContainers
import UIKit

// The README's UIKit example, type-checked against the iOS SDK with the rest of the
// package: QueueNavigationController dropped in for UINavigationController, and a
// navigator over the app's real view controllers.

/// The contact list: the root of the contacts tab.
final class ContactListViewController: UIViewController, Page {
    var pageName: String { "list" }
}

/// A person's details, for the person `id` names.
final class PersonDetailViewController: UIViewController, Page {
    let personID: String

    init(personID: String) {
        self.personID = personID
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        nil
    }

    var pageName: String { "person_detail" }
    var pageParameters: PageParameters { ["id": personID] }
}

@MainActor
enum DropInExample {
    /// Builds the app's root: a tab bar controller whose contacts tab is a
    /// QueueNavigationController sharing the navigator's queue.
    static func makeRoot() -> (root: UITabBarController, contacts: QueueNavigationController, navigator: Navigator) {
        let queue = TransitionQueue()
        // Was `UINavigationController(rootViewController:)`; nothing else changes.
        let contacts = QueueNavigationController(rootViewController: ContactListViewController(), queue: queue)
        contacts.restorationIdentifier = "contact"  // its page name
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "tab"
        tabs.viewControllers = [contacts]

        var registry = PageRegistry()
        do {
            try registry.register("person_detail", externallyOpenable: true) { intent in
                PersonDetailViewController(personID: intent.parameter("id") ?? "")
            }
        } catch {
            assertionFailure("\(error)")
        }
        let navigator = Navigator(root: tabs, host: UIKitPageHost(queue: queue), registry: registry, queue: queue)
        return (tabs, contacts, navigator)
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

    /// Opens a deep link from outside the app: only externally openable pages.
    static func open(_ url: URL, with navigator: Navigator) async {
        do {
            try await navigator.open(PagePath(url: url), .external)
        } catch {
            print("cannot open \(url): \(error)")
        }
    }
}
#endif
