#if canImport(UIKit)
public import PageKit
public import UIKit

/// A drop-in replacement for `UINavigationController` whose pushes and pops are queued,
/// so a second transition never starts inside the first one's animation.
///
/// `pushViewController`, `popViewController`, `popToViewController`,
/// `popToRootViewController` and `setViewControllers` wait their turn on
/// `transitionQueue` and are applied to the stack as it is when their turn comes. That
/// removes "nested push animation can result in corrupted navigation bar", "Can't add
/// self as subview" and "Unbalanced calls to begin/end appearance transitions" at their
/// cause. A transition's end comes from its transition coordinator, or from
/// `navigationController(_:didShow:animated:)` when it has none, and at once when it is
/// not animated; a time-out opens the queue if neither ever arrives. The interactive
/// swipe back holds the queue while the finger is down, and cannot begin while a
/// transition runs.
///
/// What the person and the app do is reported on `transitionQueue`, so a navigator
/// that shares it announces and records it: the back button (routed through iOS 16's
/// `backAction`, unless a page set its own), a finished swipe back (the edge swipe, or
/// iOS 26's full-width content swipe), a pop from the back button's history menu, and the
/// app's own pushes and pops. A page that adopts `LeaveConfirming` is asked before the
/// back button or a swipe removes it; while a page the history menu could pop does not
/// allow leaving, the page on top gets PageKit's back button in place of UIKit's, which
/// has no history menu. A view controller pushed while it is already in the stack (a
/// double tap) is ignored, and the refusal reported, rather than raising UIKit's
/// exception.
///
/// A transition ends when UIKit says it has: at its coordinator's completion or at
/// `didShow` of the page expected on top, and at once when UIKit will say nothing (the
/// top does not change, the stack is not in a window, the change is not animated).
/// Dismissed while PageKit did not dismiss it (a Cancel button calling
/// `dismiss(animated:)`), a stack the host presented reports the dismissal.
///
/// ```swift
/// let navigation = QueueNavigationController(rootViewController: list, queue: navigator.queue)
/// navigation.pushViewController(detail, animated: true)
/// navigation.pushViewController(photo, animated: true)   // starts when detail is on screen
/// navigation.popViewController(animated: true)           // pops photo, at its turn
/// ```
///
/// Set `delegate` as usual: the controller keeps the delegate slot for itself and
/// forwards every message to yours.
///
/// The pop methods return what they popped when the queue was idle and they ran at
/// once, and `nil` when they were queued behind other transitions.
open class QueueNavigationController: UINavigationController {
    /// Every decision it makes; this class translates them to UIKit.
    let core = NavigationControllerCore(queue: TransitionQueue(), hearsDidShow: true)

    private var queued: NavigationStackQueue { core.queued }
    private let delegateProxy = NavigationDelegateProxy()
    private var swipeGate: SwipeBackGate?
    /// The named animators it uses for custom transition styles; set by the host that
    /// made it, or by the app.
    public var styles = UIKitStyles()
    /// The host that presented it, told when it is dismissed.
    weak var presentation: PresentationCore?
    private var isSetUp = false
    private var bypassesQueue = false

    /// Creates the controller with a root view controller and the queue to share.
    /// - Parameters:
    ///   - rootViewController: The bottom of the stack.
    ///   - queue: The queue its transitions go through.
    public convenience init(rootViewController: UIViewController, queue: TransitionQueue) {
        self.init(queue: queue)
        setUpStack([rootViewController])
    }

    /// Creates an empty controller on `queue`.
    /// - Parameter queue: The queue its transitions go through.
    public convenience init(queue: TransitionQueue) {
        self.init(nibName: nil, bundle: nil)
        transitionQueue = queue
    }

    /// Creates the controller with a root view controller and a queue of its own.
    /// - Parameter rootViewController: The bottom of the stack.
    override public init(rootViewController: UIViewController) {
        super.init(rootViewController: rootViewController)
        setUp()
    }

    /// Creates the controller; the designated initializer UIKit calls.
    /// - Parameters:
    ///   - nibNameOrNil: A nib name, or `nil`.
    ///   - nibBundleOrNil: A bundle, or `nil`.
    override public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// Creates the controller with custom bar classes.
    /// - Parameters:
    ///   - navigationBarClass: The navigation bar's class.
    ///   - toolbarClass: The toolbar's class.
    override public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        super.init(navigationBarClass: navigationBarClass, toolbarClass: toolbarClass)
        setUp()
    }

    /// Creates the controller from a storyboard or nib.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        guard !isSetUp else { return }
        isSetUp = true
        core.surface = self
        delegateProxy.owner = self
        super.delegate = delegateProxy
        // UIKit's initializers (a root, a storyboard) set the stack before this runs.
        core.knowsCurrentStack()
    }

    /// Sets the pages it starts with, outside the queue, as known: what PageKit's host
    /// and the initializers give it before it is shown.
    /// - Parameter controllers: The stack, bottom first.
    func setUpStack(_ controllers: [UIViewController]) {
        withoutQueue { setViewControllers(controllers, animated: false) }
        core.knowsCurrentStack()
    }

    /// Wraps the edge swipe's gesture delegate, keeping UIKit's own (asked first, for its
    /// refusals at the root and with a hidden back button), and follows iOS 26's content
    /// swipe where the system has one.
    override open func viewDidLoad() {
        super.viewDidLoad()
        if let recognizer = interactivePopGestureRecognizer {
            let gate = SwipeBackGate(core: core, original: recognizer.delegate)
            swipeGate = gate
            recognizer.delegate = gate
        }
        // Heard whoever holds the delegate slot: an app that takes it (to keep the swipe
        // under a custom back button) would otherwise let an edited page be swiped away.
        interactivePopGestureRecognizer?.addTarget(self, action: #selector(edgeSwipeChanged(_:)))
        contentPopGestureRecognizer?.addTarget(self, action: #selector(contentSwipeChanged(_:)))
    }

    /// Tells the host that presented it when the app's own dismissal of it begins, so
    /// that requests wait until it is gone.
    /// - Parameter animated: Whether the disappearance is animated.
    override open func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        presentation?.levelWillDisappear(self, isBeingDismissed: isBeingDismissed)
    }

    /// Tells the host that presented it when it is dismissed, however that happens.
    /// - Parameter animated: Whether the disappearance was animated.
    override open func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        presentation?.levelDisappeared(self, isBeingDismissed: isBeingDismissed)
    }

    /// The app's delegate; every message is forwarded to it.
    override open var delegate: (any UINavigationControllerDelegate)? {
        get { delegateProxy.external }
        set {
            delegateProxy.external = newValue
            // Reassigned so UIKit asks the proxy again which optional messages it answers.
            super.delegate = nil
            super.delegate = delegateProxy
        }
    }

    // MARK: Queued UIKit API

    /// Pushes `viewController` when its turn comes.
    /// - Parameters:
    ///   - viewController: The view controller to push.
    ///   - animated: Whether to animate.
    override open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard isQueueing else { return super.pushViewController(viewController, animated: animated) }
        enqueuePush(viewController, animated: animated)
    }

    /// Pops the top view controller when its turn comes; the edge swipe's pop, which UIKit
    /// asks for as the finger starts, runs at once and holds the queue until it ends.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The view controller popped, if the pop ran at once; `nil` if it was queued.
    @discardableResult
    override open func popViewController(animated: Bool) -> UIViewController? {
        guard isQueueing else { return super.popViewController(animated: animated) }
        if let gesture = interactivePopGestureRecognizer, gesture.state == .began || gesture.state == .changed {
            return withoutQueue { core.personPopRequested(animated: animated) } as? UIViewController
        }
        let top = topViewController
        _ = queued.popItem(animated: animated)
        return topViewController !== top ? top : nil
    }

    /// Pops until `viewController` is on top when its turn comes.
    /// - Parameters:
    ///   - viewController: A view controller of the stack.
    ///   - animated: Whether to animate.
    /// - Returns: The view controllers popped, if the pop ran at once; `nil` if it was queued.
    @discardableResult
    override open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard isQueueing else { return super.popToViewController(viewController, animated: animated) }
        return ranNow { queued.pop(toItem: viewController, animated: animated) }
    }

    /// Pops to the root view controller when its turn comes.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The view controllers popped, if the pop ran at once; `nil` if it was queued.
    @discardableResult
    override open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard isQueueing else { return super.popToRootViewController(animated: animated) }
        return ranNow { queued.popToRootItem(animated: animated) }
    }

    /// Replaces the stack when its turn comes.
    /// - Parameters:
    ///   - viewControllers: The new stack, bottom first.
    ///   - animated: Whether to animate.
    override open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        guard isQueueing else { return super.setViewControllers(viewControllers, animated: animated) }
        queued.set(items: viewControllers, animated: animated)
    }

    /// Shows `vc` by pushing it when its turn comes: Apple documents that a navigation
    /// controller overrides `show(_:sender:)` to push, and a storyboard's Show segue comes
    /// through it. This controller makes it exactly its own queued push, whether or not
    /// UIKit's method goes through `pushViewController(_:animated:)`, animated unless
    /// animations are off where it is called (`UIView.performWithoutAnimation`).
    /// - Parameters:
    ///   - vc: The view controller to show.
    ///   - sender: The object that asked.
    override open func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: UIView.areAnimationsEnabled)
    }

    /// The stack, bottom first. Assigned, it is replaced when its turn comes, without
    /// animation: Apple documents the assignment as `setViewControllers(_:animated:)` with
    /// `false`, and this controller makes it exactly that, whether or not UIKit's own
    /// setter goes through the method.
    override open var viewControllers: [UIViewController] {
        get { super.viewControllers }
        set { setViewControllers(newValue, animated: false) }
    }

    // MARK: Queued operations with tickets

    /// Pushes `viewController` when its turn comes, like `pushViewController`, and returns
    /// the ticket that says how it ended (to await it, or cancel it).
    /// - Parameters:
    ///   - viewController: The view controller to push; it need not be a page.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func enqueuePush(_ viewController: UIViewController, animated: Bool = true) -> TransitionTicket {
        queued.push(items: [viewController], animated: animated)
    }

    /// Pops the top view controller when its turn comes; the ticket fails with
    /// `NavigationError` code `outOfRange` if only the root is left then.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func enqueuePop(animated: Bool = true) -> TransitionTicket {
        queued.popItem(animated: animated)
    }

    /// Pops until `viewController` is on top when its turn comes; the ticket fails with
    /// code `staleHierarchy` if it is not in the stack then. It is held weakly meanwhile.
    /// - Parameters:
    ///   - viewController: A view controller of the stack.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func enqueuePop(to viewController: UIViewController, animated: Bool = true) -> TransitionTicket {
        queued.pop(toItem: viewController, animated: animated)
    }

    /// Pops to the root view controller when its turn comes.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func enqueuePopToRoot(animated: Bool = true) -> TransitionTicket {
        queued.popToRootItem(animated: animated)
    }

    /// Replaces the stack when its turn comes; the ticket fails for an empty one.
    /// - Parameters:
    ///   - viewControllers: The new stack, bottom first.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func enqueueSetViewControllers(_ viewControllers: [UIViewController], animated: Bool = true) -> TransitionTicket {
        queued.set(items: viewControllers, animated: animated)
    }

    /// Whether a call from outside is queued: not during initialization, and not when
    /// the queue itself runs the primitive.
    private var isQueueing: Bool { isSetUp && !bypassesQueue }

    /// The view controllers a pop removed, if it ran at once; `nil` if it was queued.
    private func ranNow(_ pop: () -> TransitionTicket) -> [UIViewController]? {
        let before = viewControllers
        _ = pop()
        let after = viewControllers
        guard after.count < before.count else { return nil }
        return Array(before[after.count...])
    }

    /// Runs `change` on UIKit directly, without queueing it.
    func withoutQueue<Result>(_ change: () -> Result) -> Result {
        let previous = bypassesQueue
        bypassesQueue = true
        defer { bypassesQueue = previous }
        return change()
    }

    // MARK: What UIKit tells it

    fileprivate func willShow(_ viewController: UIViewController) {
        core.willShow(viewController)
    }

    fileprivate func didShow(_ viewController: UIViewController) {
        core.didShow(viewController)
    }

    /// The animator of the transition about to start, when PageKit animates it itself.
    fileprivate func animator(for operation: UINavigationController.Operation) -> (any UIViewControllerAnimatedTransitioning)? {
        guard let style = core.animatorStyle() else { return nil }
        return styles.animator(for: style, isAppearing: operation != .pop)
    }

    /// iOS 26's full-width content swipe, which the iOS 16.5 SDK cannot name: found by
    /// its selector where the system has it.
    private var contentPopGestureRecognizer: UIGestureRecognizer? {
        let selector = NSSelectorFromString("interactiveContentPopGestureRecognizer")
        guard responds(to: selector) else { return nil }
        return perform(selector)?.takeUnretainedValue() as? UIGestureRecognizer
    }

    /// The content swipe began: cancelled (by disabling its recognizer for a moment) when
    /// the page on top may not leave that way.
    @objc private func contentSwipeChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began, !core.unaskedSwipeBegan() else { return }
        recognizer.isEnabled = false
        recognizer.isEnabled = true
    }

    /// The edge swipe began: when PageKit's gate is no longer its delegate, nobody asked
    /// PageKit before it began, so it decides now, as for the content swipe.
    @objc private func edgeSwipeChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began, recognizer.delegate !== swipeGate else { return }
        contentSwipeChanged(recognizer)
    }
}

extension QueueNavigationController: NavigationSurface {
    package var stackItems: [AnyObject] { viewControllers }
    package var isInWindow: Bool { viewIfLoaded?.window != nil }
    package var transitionCoordination: (any TransitionCoordination)? { transitionCoordinator.map(UIKitCoordination.init) }
    package var containerPage: (any Page)? { self }

    package func applyPush(_ items: [AnyObject], animated: Bool) {
        let pushed = items.compactMap { $0 as? UIViewController }
        withoutQueue {
            if pushed.count == 1 {
                pushViewController(pushed[0], animated: animated)
            } else {
                setViewControllers(viewControllers + pushed, animated: animated)
            }
        }
    }

    package func applyPop(to item: AnyObject, animated: Bool) {
        guard let target = item as? UIViewController else { return }
        _ = withoutQueue { popToViewController(target, animated: animated) }
    }

    package func applyPopTop(animated: Bool) -> AnyObject? {
        withoutQueue { popViewController(animated: animated) }
    }

    package func applySet(_ items: [AnyObject], animated: Bool) {
        withoutQueue { setViewControllers(items.compactMap { $0 as? UIViewController }, animated: animated) }
    }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? UIViewController else { return false }
        return (controller.parent != nil && controller.parent !== self) || controller.presentingViewController != nil
    }

    package func setBackButton(of item: AnyObject, to button: BackButton) {
        guard let controller = item as? UIViewController, viewControllers.first !== controller else { return }
        let navigationItem = controller.navigationItem
        let ours = navigationItem.leftBarButtonItem?.primaryAction?.identifier == BackButtonIdentifier.action
        switch button {
        case .system:
            if ours {
                navigationItem.leftBarButtonItem = nil
                navigationItem.hidesBackButton = false
            }
            // The app's own back action, if it set one, stays.
            if navigationItem.backAction == nil || navigationItem.backAction?.identifier == BackButtonIdentifier.action {
                navigationItem.backAction = UIAction(identifier: BackButtonIdentifier.action) { [weak self, weak controller] _ in
                    guard let self, let controller else { return }
                    self.core.backTapped(on: controller)
                }
            }
        case .pageKit:
            // A left item of the app's own is its own back button: left alone.
            guard ours || navigationItem.leftBarButtonItem == nil else { return }
            let index = viewControllers.firstIndex(of: controller) ?? 1
            let previous = index > 0 ? viewControllers[index - 1] : nil
            let title = previous?.navigationItem.backButtonTitle ?? previous?.navigationItem.title ?? previous?.title
            let action = UIAction(identifier: BackButtonIdentifier.action) { [weak self, weak controller] _ in
                guard let self, let controller else { return }
                self.core.backTapped(on: controller)
            }
            navigationItem.hidesBackButton = true
            navigationItem.leftBarButtonItem = UIBarButtonItem(title: title, image: UIImage(systemName: "chevron.backward"),
                                                               primaryAction: action, menu: nil)
        }
    }
}

/// The identifier of the back actions PageKit installs, to tell them from the app's.
@MainActor
enum BackButtonIdentifier {
    static let action = UIAction.Identifier("PageKit.back")
}

/// The edge swipe's gesture delegate: UIKit's own is kept alive and asked first (it
/// refuses at the root and when the back button is hidden or replaced), then PageKit's
/// decisions; every other message goes to UIKit's.
final class SwipeBackGate: NSObject, UIGestureRecognizerDelegate {
    private weak var core: NavigationControllerCore?
    // Held strongly: UIKit's delegate is owned by nobody else once replaced. Read from
    // `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the main thread
    // but Objective-C declares without isolation.
    nonisolated(unsafe) private let original: (any UIGestureRecognizerDelegate)?

    init(core: NavigationControllerCore, original: (any UIGestureRecognizerDelegate)?) {
        self.core = core
        self.original = original
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let core else { return original?.gestureRecognizerShouldBegin?(gestureRecognizer) ?? true }
        return core.swipeBackShouldBegin { self.original?.gestureRecognizerShouldBegin?(gestureRecognizer) }
    }

    override nonisolated func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (original?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        original?.responds(to: selector) == true ? original : nil
    }
}

/// Takes the navigation controller's delegate slot to learn of `willShow` and `didShow`,
/// and passes every message on to the app's own delegate. It implements every optional
/// method it ever answers for (``DelegateForwarding/navigationController``), so a freed
/// app delegate that UIKit still believes in finds an answer, never "unrecognized selector".
final class NavigationDelegateProxy: NSObject, UINavigationControllerDelegate {
    weak var owner: QueueNavigationController?
    // Read from `responds(to:)`, which UIKit calls on the main thread but Objective-C
    // declares without isolation.
    nonisolated(unsafe) weak var external: (any UINavigationControllerDelegate)?

    override nonisolated func responds(to selector: Selector!) -> Bool {
        let name = NSStringFromSelector(selector)
        guard DelegateForwarding.navigationController.isImplemented(name) else {
            return super.responds(to: selector) || (external?.responds(to: selector) ?? false)
        }
        return DelegateForwarding.navigationController.responds(to: name,
                                                                appResponds: external?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        external?.responds(to: selector) == true ? external : nil
    }

    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        owner?.willShow(viewController)
        external?.navigationController?(navigationController, willShow: viewController, animated: animated)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        owner?.didShow(viewController)
        external?.navigationController?(navigationController, didShow: viewController, animated: animated)
    }

    func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
        -> UIInterfaceOrientationMask {
        external?.navigationControllerSupportedInterfaceOrientations?(navigationController)
            ?? (navigationController.traitCollection.userInterfaceIdiom == .pad ? .all : .allButUpsideDown)
    }

    func navigationControllerPreferredInterfaceOrientationForPresentation(_ navigationController: UINavigationController)
        -> UIInterfaceOrientation {
        external?.navigationControllerPreferredInterfaceOrientationForPresentation?(navigationController)
            ?? navigationController.view.window?.windowScene?.interfaceOrientation ?? .portrait
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? {
        external?.navigationController?(navigationController, interactionControllerFor: animationController)
    }

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController,
        to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        owner?.animator(for: operation)
            ?? external?.navigationController?(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
    }
}
#endif
