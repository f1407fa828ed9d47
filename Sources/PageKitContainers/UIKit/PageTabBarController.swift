#if canImport(UIKit)
public import PageKit
public import UIKit

/// A drop-in `UITabBarController` that reports the person's tab taps on a
/// `TransitionQueue`, so the navigator that shares the queue announces and records them
/// as they happen, and keeps them from meeting a transition: while one runs, a tap is
/// refused (it would run on in a tab no longer on screen). Tapping the selected tab,
/// which UIKit answers by popping that tab's stack to its root without asking anyone,
/// goes through the queue as the person's leave of every page above the root, asking
/// those that confirm leaving. The app's own selection in code (`selectedIndex`,
/// `selectedViewController`) and its own setting of the tabs (`viewControllers`,
/// `setViewControllers(_:animated:)`), which UIKit reports to no delegate, are reported as
/// the app's. (A plain `UITabBarController` is a tab container too; a tap on it or a selection
/// in code is noticed when the navigator's next request starts, and its re-tap pops
/// without asking.)
///
/// Set `delegate` as usual: the controller keeps the delegate slot for itself and passes
/// every message on to yours.
///
/// ```swift
/// let tabs = PageTabBarController(queue: navigator.queue)
/// tabs.viewControllers = [contacts, settings]
/// ```
///
/// Made with `acceptsNewTabs: true`, a path's component that names no tab is made from
/// the registry and added as the last tab, then selected, as a SwiftUI tab model does.
///
/// With more than five tabs, UIKit moves the fifth and later into its More tab on a
/// compact width; a path cannot select those (the error is `cannotShow`), and a tab is
/// not added past the fifth.
open class PageTabBarController: UITabBarController, QueuedContainer {
    /// Every decision it makes; this class translates them to UIKit.
    let core = TabBarCore(queue: TransitionQueue())
    private let delegateProxy = TabBarDelegateProxy()

    /// The queue it reports the person's taps on. A navigator moves the controller onto
    /// its own queue when it installs it or first meets it.
    public var transitionQueue: TransitionQueue {
        get { core.queue }
        set { core.queue = newValue }
    }

    /// Moves onto `queue` while the queue it is on is idle.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``transitionQueue`` is `queue` now.
    public func adopt(_ queue: TransitionQueue) -> Bool {
        core.adopt(queue)
    }

    /// Creates the controller, reporting on `queue`.
    /// - Parameters:
    ///   - queue: The queue to report on.
    ///   - acceptsNewTabs: Whether a path's component that names no tab adds it as a new
    ///     tab (at most five in all).
    public convenience init(queue: TransitionQueue, acceptsNewTabs: Bool = false) {
        self.init(nibName: nil, bundle: nil)
        transitionQueue = queue
        core.acceptsNewTabs = acceptsNewTabs
    }

    /// Creates the controller; the designated initializer UIKit calls.
    /// - Parameters:
    ///   - nibNameOrNil: A nib name, or `nil`.
    ///   - nibBundleOrNil: A bundle, or `nil`.
    override public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// Creates the controller from a storyboard or nib.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        core.surface = self
        delegateProxy.owner = self
        super.delegate = delegateProxy
    }

    /// The selected tab. UIKit tells no delegate when code sets it, so the controller
    /// reports the app's own selection of another tab to the navigator, as the app's
    /// change; PageKit's own and the person's taps are reported as theirs.
    override open var selectedViewController: UIViewController? {
        get { super.selectedViewController }
        set {
            super.selectedViewController = newValue
            core.selectionSet()
        }
    }

    /// The index of the selected tab; set, as ``selectedViewController``.
    override open var selectedIndex: Int {
        get { super.selectedIndex }
        set {
            super.selectedIndex = newValue
            core.selectionSet()
        }
    }

    /// The tabs. UIKit tells no delegate when code sets them, so the controller reports the
    /// app's own change of the tabs to the navigator, as the app's change, with the tab UIKit
    /// reselected; PageKit's own additions are reported by its requests.
    override open var viewControllers: [UIViewController]? {
        get { super.viewControllers }
        set { core.setTabs { super.viewControllers = newValue } }
    }

    /// Sets the tabs, as ``viewControllers``.
    /// - Parameters:
    ///   - viewControllers: The new tabs.
    ///   - animated: Whether the tab bar animates its items.
    override open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        core.setTabs { super.setViewControllers(viewControllers, animated: animated) }
    }

    /// The app's delegate; every message is passed on to it.
    override open var delegate: (any UITabBarControllerDelegate)? {
        get { delegateProxy.external }
        set {
            delegateProxy.external = newValue
            // Reassigned so UIKit asks the proxy again which optional messages it answers.
            super.delegate = nil
            super.delegate = delegateProxy
        }
    }
}

extension PageTabBarController: TabBarSurface {
    package var tabItems: [AnyObject] { viewControllers ?? [] }
    package var selectedItem: AnyObject? { selectedViewController }
    package var moreItem: AnyObject? { moreNavigationController }
    package var containerPage: (any Page)? { self }

    package func page(of item: AnyObject) -> (any Page)? {
        (item as? UIViewController)?.pageKitPage
    }

    package func stackCore(of item: AnyObject) -> NavigationControllerCore? {
        (item as? UINavigationController)?.pageKitCore
    }

    package func applyAddTab(_ page: any Page, animated: Bool) -> Bool {
        guard let controller = page as? UIViewController else { return false }
        setViewControllers((viewControllers ?? []) + [controller], animated: animated)
        selectedViewController = controller
        return true
    }
}

/// Takes the tab bar controller's delegate slot to gate and learn of the person's taps,
/// and passes every message on to the app's own delegate. It implements every optional
/// method it answers for (``DelegateForwarding/tabBarController``), so a freed app
/// delegate never leaves a message unanswered.
final class TabBarDelegateProxy: NSObject, UITabBarControllerDelegate {
    weak var owner: PageTabBarController?
    // Read from `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the
    // main thread but Objective-C declares without isolation.
    nonisolated(unsafe) weak var external: (any UITabBarControllerDelegate)?

    override nonisolated func responds(to selector: Selector!) -> Bool {
        let name = NSStringFromSelector(selector)
        guard DelegateForwarding.tabBarController.isImplemented(name) else {
            return super.responds(to: selector) || (external?.responds(to: selector) ?? false)
        }
        return DelegateForwarding.tabBarController.responds(to: name, appResponds: external?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        external?.responds(to: selector) == true ? external : nil
    }

    // Called for the person's taps only, never for selections made in code.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        // The app's delegate first: a tap it refuses starts nothing of PageKit's.
        guard external?.tabBarController?(tabBarController, shouldSelect: viewController) ?? true else { return false }
        return owner?.core.shouldSelect(viewController) ?? true
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        owner?.core.didSelect(viewController)
        external?.tabBarController?(tabBarController, didSelect: viewController)
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          willBeginCustomizing viewControllers: [UIViewController]) {
        owner?.core.customizingBegan()
        external?.tabBarController?(tabBarController, willBeginCustomizing: viewControllers)
    }

    func tabBarController(_ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController],
                          changed: Bool) {
        external?.tabBarController?(tabBarController, willEndCustomizing: viewControllers, changed: changed)
    }

    func tabBarController(_ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController],
                          changed: Bool) {
        owner?.core.customizingEnded()
        external?.tabBarController?(tabBarController, didEndCustomizing: viewControllers, changed: changed)
    }

    func tabBarControllerSupportedInterfaceOrientations(_ tabBarController: UITabBarController)
        -> UIInterfaceOrientationMask {
        external?.tabBarControllerSupportedInterfaceOrientations?(tabBarController)
            ?? (tabBarController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown)
    }

    func tabBarControllerPreferredInterfaceOrientationForPresentation(_ tabBarController: UITabBarController)
        -> UIInterfaceOrientation {
        external?.tabBarControllerPreferredInterfaceOrientationForPresentation?(tabBarController)
            ?? tabBarController.view.window?.windowScene?.interfaceOrientation ?? .portrait
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        external?.tabBarController?(tabBarController, interactionControllerFor: animationController)
    }

    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        external?.tabBarController?(tabBarController, animationControllerForTransitionFrom: fromVC, to: toVC)
    }
}
#endif
