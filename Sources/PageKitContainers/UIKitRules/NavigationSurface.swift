package import PageKit

/// A UIKit navigation controller as ``NavigationControllerCore`` sees it: what it reads of
/// the controller and what it asks UIKit to do. `QueueNavigationController` and a plain
/// `UINavigationController` translate it to UIKit; the behaviour model in the tests
/// answers as UIKit does, including when UIKit does not answer.
///
/// Items are the stack's view controllers; those that adopt `Page` are its pages.
@MainActor
package protocol NavigationSurface: AnyObject {
    /// The stack, bottom first (`viewControllers`).
    var stackItems: [AnyObject] { get }
    /// Whether the controller's view is in a window: UIKit animates, vends a transition
    /// coordinator and calls its delegate back only then.
    var isInWindow: Bool { get }
    /// The coordinator of the transition running now, read right after a UIKit call.
    var transitionCoordination: (any TransitionCoordination)? { get }
    /// The container as a page, for reports; `nil` when it is not one.
    var containerPage: (any Page)? { get }

    /// UIKit's own push, not queued again.
    func applyPush(_ items: [AnyObject], animated: Bool)
    /// UIKit's own `popToViewController(_:animated:)`, not queued again.
    func applyPop(to item: AnyObject, animated: Bool)
    /// UIKit's own `popViewController(animated:)`, as an edge swipe asks for it.
    /// - Returns: The view controller popped.
    func applyPopTop(animated: Bool) -> AnyObject?
    /// UIKit's own `setViewControllers(_:animated:)`, not queued again.
    func applySet(_ items: [AnyObject], animated: Bool)

    /// Whether `item` belongs to another container or is presented: UIKit raises when it
    /// is put in this stack.
    func isShownElsewhere(_ item: AnyObject) -> Bool
    /// Shows `item`'s back button as `button` says.
    func setBackButton(of item: AnyObject, to button: BackButton)
}

/// What a page's back button is: UIKit's own, whose tap PageKit routes through the
/// page's leave policy (iOS 16's `backAction`), or one of PageKit's in its place.
package enum BackButton: Equatable, Sendable {
    /// The system back button, with its long-press history menu and the edge swipe.
    case system
    /// The system button hidden and PageKit's shown in its place, titled with the
    /// previous page's title: no history menu, and (UIKit refuses it with a custom left
    /// item) no edge swipe of UIKit's own. A page is given it while a page that a menu
    /// pop would remove does not allow leaving by the back button.
    case pageKit
}

/// A weak hold on a view controller or a page.
@MainActor
package struct WeakItem {
    package weak var item: AnyObject?

    package init(_ item: AnyObject) {
        self.item = item
    }
}
