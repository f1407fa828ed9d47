#if canImport(UIKit)
public import PageKit
public import UIKit

/// A drop-in replacement for `UINavigationController` whose pushes and pops are queued,
/// so a second transition never starts inside the first one's animation.
///
/// `pushViewController`, `popViewController`, `popToViewController`,
/// `popToRootViewController` and `setViewControllers` wait their turn on
/// ``transitionQueue`` and are applied to the stack as it is when their turn comes. That
/// removes "nested push animation can result in corrupted navigation bar", "Can't add
/// self as subview" and "Unbalanced calls to begin/end appearance transitions" at their
/// cause. A transition's end comes from its transition coordinator, or from
/// `navigationController(_:didShow:animated:)` when it has none, and at once when it is
/// not animated; a time-out opens the queue if neither ever arrives. The interactive
/// swipe back holds the queue while the finger is down, and cannot begin while a
/// transition runs.
///
/// What the person and the app do is reported on ``transitionQueue``, so a navigator
/// that shares it announces and records it: the back button (routed through iOS 16's
/// `backAction`, unless a page set its own), a finished swipe back, and the app's own
/// pushes and pops. A page that adopts `LeaveConfirming` is asked before the back button
/// or a swipe removes it. A view controller pushed while it is already in the stack (a
/// double tap) is ignored, and the refusal reported, rather than raising UIKit's
/// exception.
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
open class QueueNavigationController: UINavigationController, QueuedContainer, UIGestureRecognizerDelegate {
    /// The queue its transitions go through. Share the navigator's (pass it to the
    /// initializer, or set it before the first transition) so that everything waits in
    /// one line.
    public var transitionQueue = TransitionQueue()

    private var queued: NavigationStackQueue {
        NavigationStackQueue(queue: transitionQueue, primitives: primitives)
    }

    private let delegateProxy = NavigationDelegateProxy()
    /// The named animators it uses for custom transition styles; set by the host that
    /// made it, or by the app.
    public var styles = UIKitStyles()
    /// The transition style of the transition about to start, for the delegate to animate.
    var pendingTransition: TransitionStyle?
    private var isSetUp = false
    private var bypassesQueue = false
    private var waitingForDidShow: [TransitionCompletion] = []
    private var interaction: TransitionInteraction?

    /// Creates the controller with a root view controller and the queue to share.
    /// - Parameters:
    ///   - rootViewController: The bottom of the stack.
    ///   - queue: The queue its transitions go through.
    public convenience init(rootViewController: UIViewController, queue: TransitionQueue) {
        self.init(queue: queue)
        withoutQueue { setViewControllers([rootViewController], animated: false) }
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
        delegateProxy.owner = self
        super.delegate = delegateProxy
    }

    /// Takes the swipe back's gesture delegate, to refuse it while a transition runs.
    override open func viewDidLoad() {
        super.viewDidLoad()
        interactivePopGestureRecognizer?.delegate = self
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

    /// Pops the top view controller when its turn comes.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The view controller popped, if the pop ran at once; `nil` if it was queued.
    @discardableResult
    override open func popViewController(animated: Bool) -> UIViewController? {
        guard isQueueing else { return super.popViewController(animated: animated) }
        if let gesture = interactivePopGestureRecognizer, gesture.state == .began || gesture.state == .changed {
            return interactivePop(animated: animated)
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

    // MARK: Primitives

    /// Runs `change` on UIKit directly, without queueing it.
    func withoutQueue(_ change: () -> Void) {
        let previous = bypassesQueue
        bypassesQueue = true
        defer { bypassesQueue = previous }
        change()
    }

    /// Finishes `completion` when the transition just started ends: from the transition
    /// coordinator, else from `didShow`, and at once when not animated.
    func reportEnd(animated: Bool, completion: TransitionCompletion) {
        guard animated else { return completion.finish() }
        if let coordinator = transitionCoordinator {
            coordinator.animate(alongsideTransition: nil) { _ in completion.finish() }
        } else {
            waitingForDidShow.append(completion)
        }
    }

    private var primitives: NavigationStackQueue.Primitives {
        NavigationStackQueue.Primitives(
            name: { [weak self] in self?.pageName ?? "" },
            items: { [weak self] in self?.viewControllers },
            describe: { ($0 as? any Page)?.pageDescription ?? "\(type(of: $0))" },
            push: { [weak self] items, animated, completion in
                guard let self else { return completion.finish() }
                let controllers = items.compactMap { $0 as? UIViewController }
                self.performUnqueued(animated: animated, completion: completion) {
                    if controllers.count == 1 {
                        self.pushViewController(controllers[0], animated: animated)
                    } else {
                        self.setViewControllers(self.viewControllers + controllers, animated: animated)
                    }
                }
                self.report(.pushed, by: .app, controllers)
            },
            pop: { [weak self] item, animated, completion in
                guard let self, let controller = item as? UIViewController else { return completion.finish() }
                self.pop(to: controller, animated: animated, by: .app, completion: completion)
            },
            set: { [weak self] items, animated, completion in
                guard let self else { return completion.finish() }
                let controllers = items.compactMap { $0 as? UIViewController }
                self.performUnqueued(animated: animated, completion: completion) {
                    self.setViewControllers(controllers, animated: animated)
                }
                self.report(.replaced, by: .app, controllers)
            }
        )
    }

    /// Pops to `controller` without queueing, and reports the change as `source`'s.
    private func pop(to controller: UIViewController, animated: Bool, by source: NavigationSource,
                     completion: TransitionCompletion) {
        let popped = viewControllers.drop { $0 !== controller }.dropFirst()
        performUnqueued(animated: animated, completion: completion) {
            _ = popToViewController(controller, animated: animated)
        }
        if !popped.isEmpty { report(.popped, by: source, Array(popped)) }
    }

    /// Tells the navigators sharing the queue of a change it made on its own.
    private func report(_ kind: HierarchyChange.Kind, by source: NavigationSource, _ controllers: [UIViewController]) {
        transitionQueue.reportChange(HierarchyChange(kind, by: source, in: self,
                                                     pages: controllers.compactMap { $0 as? any Page }))
    }

    fileprivate func didShow() {
        let waiting = waitingForDidShow
        waitingForDidShow = []
        for completion in waiting { completion.finish() }
    }

    fileprivate func willShow(_ viewController: UIViewController) {
        installBackAction(on: viewController)
    }

    /// The animator of the transition about to start, when PageKit started it with a
    /// style UIKit does not animate itself.
    fileprivate func animator(for operation: UINavigationController.Operation)
        -> (any UIViewControllerAnimatedTransitioning)? {
        guard let style = pendingTransition else { return nil }
        pendingTransition = nil
        return styles.animator(for: style, isAppearing: operation != .pop)
    }

    // MARK: The person leaving a page

    /// Routes the back button of `controller` through the page's leave policy (iOS 16's
    /// `backAction`), unless the app set an action of its own.
    private func installBackAction(on controller: UIViewController) {
        guard controller.navigationItem.backAction == nil, viewControllers.first !== controller else { return }
        controller.navigationItem.backAction = UIAction { [weak self, weak controller] _ in
            guard let self, let controller else { return }
            self.leave(controller, by: .backButton)
        }
    }

    /// The person leaves `controller` by `gesture`, as its page's leave policy allows:
    /// popped through the queue at once, or once the page has agreed.
    private func leave(_ controller: UIViewController, by gesture: LeaveGesture) {
        let pop: @MainActor (TransitionCompletion) -> Void = { [weak self, weak controller] completion in
            guard let self, let controller, let index = self.viewControllers.firstIndex(of: controller), index > 0 else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page to leave is no longer shown"))
            }
            self.pop(to: self.viewControllers[index - 1], animated: true, by: .user, completion: completion)
        }
        guard let page = controller as? any Page else {
            transitionQueue.enqueue("\(gesture)") { valve in
                pop(valve.completion(for: "\(gesture)"))
                return .wait
            }
            return
        }
        guard transitionQueue.leavePolicy(for: page, by: gesture) != .refuse else { return }
        transitionQueue.enqueueLeave(of: page, by: gesture, leave: pop)
    }

    // MARK: Interactive pop

    /// Lets the swipe back begin only while the queue is idle, there is a page to pop,
    /// and the top page's leave policy allows it; a page that confirms is asked instead,
    /// and popped if it agrees.
    /// - Parameter gestureRecognizer: The gesture about to begin.
    /// - Returns: Whether it may begin.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
        guard queued.canBeginInteractivePop, let top = topViewController else { return false }
        guard let page = top as? any Page else { return true }
        switch transitionQueue.leavePolicy(for: page, by: .swipeBack) {
        case .allow:
            return true
        case .refuse:
            return false
        case .confirm:
            leave(top, by: .swipeBack)
            return false
        }
    }

    /// The swipe back has begun: hold the queue until the transition, finished or
    /// cancelled, has ended.
    private func interactivePop(animated: Bool) -> UIViewController? {
        interaction = queued.beginInteractivePop()
        let popped = super.popViewController(animated: animated)
        guard let coordinator = transitionCoordinator else {
            if let popped { report(.popped, by: .user, [popped]) }
            releaseInteraction()
            return popped
        }
        let release: (any UIViewControllerTransitionCoordinatorContext) -> Void = { [weak self, weak popped] context in
            // Finished, the person popped the page; cancelled, the stack is as it was.
            if !context.isCancelled, let popped { self?.report(.popped, by: .user, [popped]) }
            self?.releaseInteraction()
        }
        if coordinator.isInteractive {
            // The finger lifts: the transition then finishes or cancels on its own. The
            // queue holds until that last animation has ended.
            coordinator.notifyWhenInteractionChanges { _ in
                coordinator.animate(alongsideTransition: nil, completion: release)
            }
        } else {
            coordinator.animate(alongsideTransition: nil, completion: release)
        }
        return popped
    }

    private func releaseInteraction() {
        interaction?.end()
        interaction = nil
    }
}

/// Takes the navigation controller's delegate slot to learn of `didShow`, and forwards
/// every message to the app's own delegate, answering only what that delegate answers.
final class NavigationDelegateProxy: NSObject, UINavigationControllerDelegate {
    weak var owner: QueueNavigationController?
    // Read from `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the
    // main thread but Objective-C declares without isolation.
    nonisolated(unsafe) weak var external: (any UINavigationControllerDelegate)?

    override nonisolated func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || (external?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        external?.responds(to: selector) == true ? external : nil
    }

    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool) {
        owner?.willShow(viewController)
        external?.navigationController?(navigationController, willShow: viewController, animated: animated)
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

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        owner?.didShow()
        external?.navigationController?(navigationController, didShow: viewController, animated: animated)
    }
}
#endif
