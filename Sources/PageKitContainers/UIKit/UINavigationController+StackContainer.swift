#if canImport(UIKit)
public import PageKit
public import UIKit

/// Every `UINavigationController` is a `StackContainer` out of the box: its
/// view controllers that adopt `Page` are its pages, and its `restorationIdentifier` is
/// its name (none: a transparent stack that stands for its first page).
///
/// A plain navigation controller runs each transition once a transition UIKit is already
/// running on it is over, and ends it at its transition coordinator's completion, or once
/// the coordinator has gone when that completion may not come (its delegate is the app's,
/// so PageKit hears no `didShow`); use ``QueueNavigationController`` so that pushes and pops from anywhere
/// else wait their turn too, and the person's changes are reported. A system navigation
/// controller that holds no page and has no name (an image picker, a mail composer) is
/// not a page PageKit holds: a path dismisses it rather than naming it.
extension UINavigationController: StackContainer, QueuedContainer {
    /// The `restorationIdentifier`, or empty for a transparent stack.
    public var pageName: String { restorationIdentifier ?? "" }

    /// The view controllers that are pages, bottom first.
    public var containedPages: [any Page] {
        viewControllers.compactMap(\.pageKitPage)
    }

    /// The top view controller, if it is a page.
    public var visiblePage: (any Page)? {
        topViewController?.pageKitPage
    }

    /// Pushes the pages (view controllers) as one transition, shown as `style` says:
    /// hiding the tab bar (`hidesBottomBarWhenPushed`), and, on a
    /// ``QueueNavigationController``, animating as its transition style says (a plain
    /// navigation controller animates as UIKit does).
    /// - Parameters:
    ///   - pages: Pages that are `UIViewController`s, none already in the stack.
    ///   - animated: Whether to animate.
    ///   - style: How to show them.
    ///   - completion: Finished when the transition ends (at once when UIKit will not call
    ///     back); failed, with nothing pushed, for a page that is not a view controller or
    ///     is already shown.
    public func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let controllers = Self.controllers(pages, completion) else { return }
        if style.hidesBottomBar {
            for controller in controllers { controller.hidesBottomBarWhenPushed = true }
        }
        pageKitCore.start(.push(controllers), animated: animated, style: style.transition, completion: completion)
    }

    /// Pops until `page` is on top, animated as `style`'s transition says on a
    /// ``QueueNavigationController`` (a plain navigation controller animates as UIKit
    /// does); with the platform's transition, a page pushed with a style leaves with it
    /// reversed.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the transition ends; failed if `page` is not here.
    public func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let controller = page as? UIViewController else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not in this navigation controller"))
        }
        pageKitCore.start(.popTo(controller), animated: animated, style: style.transition, completion: completion)
    }

    /// Replaces the stack, shown as `style` says (see ``push(_:animated:style:completion:)``).
    /// - Parameters:
    ///   - pages: The new stack; pages that are `UIViewController`s.
    ///   - animated: Whether to animate.
    ///   - style: How to show it.
    ///   - completion: Finished when the transition ends.
    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let controllers = Self.controllers(pages, completion) else { return }
        pageKitCore.start(.set(controllers), animated: animated, style: style.transition, completion: completion)
    }

    /// The queue its transitions go through and the person's changes are reported on.
    ///
    /// A navigator moves the controller onto its own queue when it installs it or first
    /// meets it, while this queue is idle; a controller made by a storyboard or by
    /// UIKit's initializers needs nothing more. Set it yourself to share a queue before
    /// any navigator exists.
    public var transitionQueue: TransitionQueue {
        get { pageKitCore.queue }
        set { pageKitCore.queue = newValue }
    }

    /// Moves onto `queue` while the queue it is on is idle and none of its own
    /// transitions runs.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``transitionQueue`` is `queue` now.
    public func adopt(_ queue: TransitionQueue) -> Bool {
        pageKitCore.adopt(queue)
    }

    /// The decisions this navigation controller's transitions follow.
    var pageKitCore: NavigationControllerCore {
        if let queued = self as? QueueNavigationController { return queued.core }
        return Attached.core(of: self, queue: TransitionQueue())
    }

    private static func controllers(_ pages: [any Page], _ completion: TransitionCompletion) -> [UIViewController]? {
        let controllers = pages.compactMap { $0 as? UIViewController }
        guard controllers.count == pages.count, !controllers.isEmpty else {
            completion.fail(NavigationError(.transitionFailed,
                                            reason: "a UINavigationController holds only view controllers"))
            return nil
        }
        return controllers
    }
}
#endif
