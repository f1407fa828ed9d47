#if canImport(UIKit)
import ObjectiveC
import PageKit
import UIKit

extension UIViewController {
    /// The view controller as a page PageKit may hold: one that adopts `Page`, except a
    /// navigation controller PageKit did not make that holds no page and has no name (a
    /// system controller such as an image picker, a mail composer or the More tab's list),
    /// which is a presentation or a tab PageKit does not drive.
    var pageKitPage: (any Page)? {
        if let alert = self as? UIAlertController { return Attached.alertPage(of: alert) }
        guard let page = self as? any Page else { return nil }
        if let navigation = self as? UINavigationController {
            let tabs = parent as? UITabBarController ?? navigation.tabBarController
            guard PageControllers.navigationControllerIsPage(
                madeForQueue: navigation is QueueNavigationController, isNamed: navigation.restorationIdentifier != nil,
                holdsPage: navigation.viewControllers.contains { $0 is any Page },
                isMoreTab: tabs.map { $0.moreNavigationController === navigation } ?? false
            ) else { return nil }
        }
        return page
    }
}

/// Objects a view controller keeps for PageKit, as long as it lives: its delegates and
/// proxies, which UIKit holds weakly, live exactly as long as the controller they serve
/// instead of in an ever-growing table.
@MainActor
enum Attached {
    nonisolated(unsafe) private static var coreKey: UInt8 = 0
    nonisolated(unsafe) private static var watcherKey: UInt8 = 0
    nonisolated(unsafe) private static var transitionsKey: UInt8 = 0
    nonisolated(unsafe) private static var alertKey: UInt8 = 0

    /// Keeps `page` as the page `controller` shows, for as long as `controller` lives.
    static func keep(alertPage page: AlertPage, for controller: UIAlertController) {
        objc_setAssociatedObject(controller, &alertKey, page, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// The alert page `controller` shows, if PageKit made it for one.
    static func alertPage(of controller: UIAlertController) -> AlertPage? {
        objc_getAssociatedObject(controller, &alertKey) as? AlertPage
    }

    /// The decisions of a navigation controller that is not a `QueueNavigationController`.
    static func core(of controller: UINavigationController, queue: @autoclosure () -> TransitionQueue)
        -> NavigationControllerCore {
        if let core = objc_getAssociatedObject(controller, &coreKey) as? PlainNavigationSurface {
            return core.core
        }
        let surface = PlainNavigationSurface(controller: controller, queue: queue())
        objc_setAssociatedObject(controller, &coreKey, surface, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return surface.core
    }

    /// Keeps `watcher` for as long as `controller` lives.
    static func keep(watcher: AnyObject, for controller: UIViewController) {
        objc_setAssociatedObject(controller, &watcherKey, watcher, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// The watcher kept for `controller`.
    static func watcher(of controller: UIViewController) -> AnyObject? {
        objc_getAssociatedObject(controller, &watcherKey) as AnyObject?
    }

    /// Keeps `transitions` for as long as `controller` lives.
    static func keep(transitions: AnyObject?, for controller: UIViewController) {
        objc_setAssociatedObject(controller, &transitionsKey, transitions, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
}

/// A transition coordinator of UIKit's, as the decisions read it.
struct UIKitCoordination: TransitionCoordination {
    let base: any UIViewControllerTransitionCoordinator

    var isInteractive: Bool { base.isInteractive }
    var isInitiallyInteractive: Bool { base.initiallyInteractive }
    var isCancelled: Bool { base.isCancelled }
    var transitionDuration: Duration { .milliseconds(Int(base.transitionDuration * 1_000)) }

    func whenCompleted(_ handler: @escaping @MainActor (Bool) -> Void) -> Bool {
        base.animate(alongsideTransition: nil) { context in handler(context.isCancelled) }
    }

    func whenInteractionChanges(_ handler: @escaping @MainActor (Bool) -> Void) {
        base.notifyWhenInteractionChanges { context in handler(context.isCancelled) }
    }
}

/// A plain `UINavigationController` as the decisions see it: its delegate slot is the
/// app's, so no `didShow` reaches PageKit, and a transition ends at its coordinator's
/// completion, or at once when it has none.
@MainActor
final class PlainNavigationSurface: NavigationSurface {
    weak var controller: UINavigationController?
    let core: NavigationControllerCore

    init(controller: UINavigationController, queue: TransitionQueue) {
        self.controller = controller
        core = NavigationControllerCore(queue: queue, hearsDidShow: false)
        core.surface = self
    }

    var stackItems: [AnyObject] { controller?.viewControllers ?? [] }
    var isInWindow: Bool { controller?.viewIfLoaded?.window != nil }
    var transitionCoordination: (any TransitionCoordination)? {
        controller?.transitionCoordinator.map(UIKitCoordination.init)
    }
    var containerPage: (any Page)? { controller }

    func applyPush(_ items: [AnyObject], animated: Bool) {
        guard let controller else { return }
        let pushed = items.compactMap { $0 as? UIViewController }
        if pushed.count == 1 {
            controller.pushViewController(pushed[0], animated: animated)
        } else {
            controller.setViewControllers(controller.viewControllers + pushed, animated: animated)
        }
    }

    func applyPop(to item: AnyObject, animated: Bool) {
        guard let target = item as? UIViewController else { return }
        _ = controller?.popToViewController(target, animated: animated)
    }

    func applyPopTop(animated: Bool) -> AnyObject? {
        controller?.popViewController(animated: animated)
    }

    func applySet(_ items: [AnyObject], animated: Bool) {
        controller?.setViewControllers(items.compactMap { $0 as? UIViewController }, animated: animated)
    }

    func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? UIViewController else { return false }
        return (controller.parent != nil && controller.parent !== self.controller) || controller.presentingViewController != nil
    }

    /// A plain navigation controller keeps UIKit's back button: its delegate is the app's.
    func setBackButton(of item: AnyObject, to button: BackButton) {}
}
#endif
