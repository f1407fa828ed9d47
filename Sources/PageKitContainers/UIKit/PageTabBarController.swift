#if canImport(UIKit)
public import PageKit
public import UIKit

/// A drop-in `UITabBarController` that reports the person's tab taps on a
/// `TransitionQueue`, so the navigator that shares the queue announces and
/// records them as it happens. (A plain `UITabBarController` is a tab container too; a tap
/// on it is noticed when the navigator's next request starts.)
///
/// Set `delegate` as usual: the controller keeps the delegate slot for itself and passes
/// every message on to yours.
///
/// ```swift
/// let tabs = PageTabBarController(queue: navigator.queue)
/// tabs.viewControllers = [contacts, settings]
/// ```
open class PageTabBarController: UITabBarController {
    /// The queue it reports the person's taps on; share the navigator's.
    public var transitionQueue = TransitionQueue()
    private let delegateProxy = TabBarDelegateProxy()

    /// Creates the controller, reporting on `queue`.
    /// - Parameter queue: The queue to report on.
    public convenience init(queue: TransitionQueue) {
        self.init(nibName: nil, bundle: nil)
        transitionQueue = queue
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
        delegateProxy.owner = self
        super.delegate = delegateProxy
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

    fileprivate func didSelect(_ viewController: UIViewController) {
        transitionQueue.reportChange(HierarchyChange(.selected, by: .user, in: self,
                                                     pages: (viewController as? any Page).map { [$0] } ?? []))
    }
}

/// Takes the tab bar controller's delegate slot to learn of the person's taps, and passes
/// every message on to the app's own delegate, answering only what that delegate answers.
final class TabBarDelegateProxy: NSObject, UITabBarControllerDelegate {
    weak var owner: PageTabBarController?
    // Read from `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the
    // main thread but Objective-C declares without isolation.
    nonisolated(unsafe) weak var external: (any UITabBarControllerDelegate)?

    override nonisolated func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (external?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        external?.responds(to: selector) == true ? external : nil
    }

    // Called for the person's taps only, never for selections the app makes.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        owner?.didSelect(viewController)
        external?.tabBarController?(tabBarController, didSelect: viewController)
    }
}
#endif
