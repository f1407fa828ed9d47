#if canImport(UIKit)
public import PageKit
public import UIKit

/// Every `UINavigationController` is a `StackContainer` out of the box: its
/// view controllers that adopt `Page` are its pages, and its `restorationIdentifier` is
/// its name (none: a transparent stack that stands for its first page).
///
/// A plain navigation controller runs each transition at once; use
/// ``QueueNavigationController`` so that pushes and pops from anywhere else wait their
/// turn too.
extension UINavigationController: StackContainer {
    /// The `restorationIdentifier`, or empty for a transparent stack.
    public var pageName: String { restorationIdentifier ?? "" }

    /// The view controllers that are pages, bottom first.
    public var containedPages: [any Page] {
        viewControllers.compactMap { $0 as? any Page }
    }

    /// The top view controller, if it is a page.
    public var visiblePage: (any Page)? {
        topViewController as? any Page
    }

    /// Pushes the pages (view controllers) as one transition.
    /// - Parameters:
    ///   - pages: Pages that are `UIViewController`s.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the transition coordinator completes (at once when
    ///     not animated); failed if a page is not a view controller.
    public func push(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        push(pages, animated: animated, style: .default, completion: completion)
    }

    /// Pushes the pages shown as `style` says: hiding the tab bar
    /// (`hidesBottomBarWhenPushed`), and, on a ``QueueNavigationController``, animating as
    /// its transition style says (a plain navigation controller animates as UIKit does).
    /// - Parameters:
    ///   - pages: Pages that are `UIViewController`s, none already in the stack.
    ///   - animated: Whether to animate.
    ///   - style: How to show them.
    ///   - completion: Finished when the transition ends; failed, with nothing pushed, for
    ///     a page that is not a view controller or is already in the stack.
    public func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let controllers = Self.controllers(pages, completion) else { return }
        if let refusal = StackRules.refusalToPush(controllers, onto: viewControllers, stack: pageDescription,
                                                  same: { $0 === $1 }, describe: StackRules.describe) {
            return completion.fail(refusal)
        }
        if style.hidesBottomBar {
            for controller in controllers { controller.hidesBottomBarWhenPushed = true }
        }
        let animated = animated && style.transition != .none
        (self as? QueueNavigationController)?.pendingTransition = animated ? style.transition : nil
        performUnqueued(animated: animated, completion: completion) {
            if controllers.count == 1 {
                pushViewController(controllers[0], animated: animated)
            } else {
                setViewControllers(viewControllers + controllers, animated: animated)
            }
        }
    }

    /// Pops until `page` is on top.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the transition ends; failed if `page` is not here.
    public func pop(to page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let controller = page as? UIViewController, viewControllers.contains(controller) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not in this navigation controller"))
        }
        performUnqueued(animated: animated, completion: completion) {
            _ = popToViewController(controller, animated: animated)
        }
    }

    /// Replaces the stack.
    /// - Parameters:
    ///   - pages: The new stack; pages that are `UIViewController`s.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the transition ends.
    public func setStack(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        setStack(pages, animated: animated, style: .default, completion: completion)
    }

    /// Replaces the stack, shown as `style` says (see ``push(_:animated:style:completion:)``).
    /// - Parameters:
    ///   - pages: The new stack; pages that are `UIViewController`s.
    ///   - animated: Whether to animate.
    ///   - style: How to show it.
    ///   - completion: Finished when the transition ends.
    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let controllers = Self.controllers(pages, completion) else { return }
        let animated = animated && style.transition != .none
        (self as? QueueNavigationController)?.pendingTransition = animated ? style.transition : nil
        performUnqueued(animated: animated, completion: completion) {
            setViewControllers(controllers, animated: animated)
        }
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

    /// Runs `change` directly (a ``QueueNavigationController`` does not queue it again)
    /// and reports the end of the transition it starts.
    func performUnqueued(animated: Bool, completion: TransitionCompletion, _ change: () -> Void) {
        if let queued = self as? QueueNavigationController {
            queued.withoutQueue(change)
            queued.reportEnd(animated: animated, completion: completion)
        } else {
            change()
            reportEnd(of: self, animated: animated, completion: completion)
        }
    }
}

/// Finishes `completion` when the transition `controller` just started ends: from its
/// transition coordinator when animated, at once otherwise (a transition without
/// animation has no coordinator, and waiting for one would never end).
@MainActor
func reportEnd(of controller: UIViewController, animated: Bool, completion: TransitionCompletion) {
    guard animated, let coordinator = controller.transitionCoordinator else {
        return completion.finish()
    }
    coordinator.animate(alongsideTransition: nil) { _ in completion.finish() }
}
#endif
