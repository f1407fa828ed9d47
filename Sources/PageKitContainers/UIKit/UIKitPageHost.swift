#if canImport(UIKit)
public import PageKit
import UIKit

/// Modal presentation through UIKit, and the ``QueueNavigationController``s that `!/`
/// and `#/` make.
///
/// ```swift
/// let queue = TransitionQueue()
/// let navigator = Navigator(root: tabBarController, host: UIKitPageHost(queue: queue), queue: queue)
/// ```
public final class UIKitPageHost: PageHost {
    /// The queue the stacks it makes use; share the navigator's.
    public let queue: TransitionQueue

    /// Creates a host.
    /// - Parameter queue: The queue for the navigation controllers it makes.
    public init(queue: TransitionQueue) {
        self.queue = queue
    }

    /// The page `presenter` itself presents.
    ///
    /// UIKit reports a `presentedViewController` for every view controller under the one
    /// that presents (the presentation context, often the window's root); only that one,
    /// the presented controller's `presentingViewController`, answers here.
    /// - Parameter presenter: A page that is a view controller.
    /// - Returns: The presented page, if it is one and is not being dismissed.
    public func presentedPage(of presenter: any Page) -> (any Page)? {
        guard let controller = presenter as? UIViewController,
              let presented = controller.presentedViewController,
              presented.presentingViewController === controller, !presented.isBeingDismissed else { return nil }
        return presented as? any Page
    }

    /// Presents `page` over `presenter`.
    /// - Parameters:
    ///   - page: A page that is a view controller.
    ///   - presenter: A page that is a view controller in the window.
    ///   - animated: Whether to animate.
    ///   - completion: Finished by UIKit's completion; failed at once where UIKit would
    ///     refuse silently and never call back.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let controller = page as? UIViewController, let presenting = presenter as? UIViewController else {
            return completion.fail(NavigationError(.transitionFailed, component: page.pageName,
                                                   reason: "only view controllers can be presented"))
        }
        if let current = presenting.presentedViewController, !current.isBeingDismissed {
            return completion.fail(NavigationError(
                .cannotShow, component: page.pageName,
                reason: "`\(presenter.pageDescription)` already presents \(type(of: current))"))
        }
        guard presenting.viewIfLoaded?.window != nil else {
            return completion.fail(NavigationError(
                .cannotShow, component: page.pageName,
                reason: "`\(presenter.pageDescription)` is not in a window, so UIKit would not present"))
        }
        presenting.present(controller, animated: animated) { completion.finish() }
    }

    /// Dismisses what `presenter` presents, and everything presented above it.
    /// - Parameters:
    ///   - presenter: A page that is a view controller.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the dismissal ends, including one already under way
    ///     (UIKit never calls back a second `dismiss` on it).
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let presenting = presenter as? UIViewController, let presented = presenting.presentedViewController else {
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        if presented.isBeingDismissed {
            guard let coordinator = presented.transitionCoordinator else { return completion.finish() }
            coordinator.animate(alongsideTransition: nil) { _ in completion.finish() }
            return
        }
        presenting.dismiss(animated: animated) { completion.finish() }
    }

    /// A transparent ``QueueNavigationController`` on this host's queue.
    /// - Parameter pages: The stack; pages that are view controllers.
    /// - Returns: The navigation controller.
    public func makeStack(with pages: [any Page]) -> any StackContainer {
        let stack = QueueNavigationController(queue: queue)
        stack.withoutQueue {
            stack.setViewControllers(pages.compactMap { $0 as? UIViewController }, animated: false)
        }
        return stack
    }
}
#endif
