public import PageKit
package import PageKitContainers

/// A navigation controller of the ``UIKitModel``: `QueueNavigationController`
/// (``Kind/queue``), a plain `UINavigationController` whose delegate is the app's
/// (``Kind/plain``), or a system one that holds no page (an image picker).
///
/// Its UIKit side follows `UINavigationController.h` and the reports listed with each
/// rule; its PageKit side is the same `NavigationControllerCore` the UIKit layer runs,
/// wired as `QueueNavigationController` wires it.
@MainActor
public final class ModelNavigationController: ModelViewController, StackContainer, QueuedContainer {
    /// What kind of navigation controller it stands for.
    public enum Kind: Sendable {
        /// `QueueNavigationController`: its delegate slot and edge-swipe delegate are
        /// PageKit's.
        case queue
        /// A plain `UINavigationController`: PageKit hears nothing from it.
        case plain
    }

    /// What kind it is.
    public let kind: Kind
    /// `viewControllers`, bottom first.
    public private(set) var viewControllers: [ModelViewController] = []
    /// The decisions the UIKit layer makes for it.
    package let core: NavigationControllerCore
    /// The transition running now, whose coordinator UIKit vends.
    var coordinator: ModelCoordinator?
    /// What PageKit's host asked to be told when this stack is dismissed.
    package weak var presentation: PresentationCore?
    private var deferred: [@MainActor () -> Void] = []
    private var bypassesQueue = false
    private var swipeIsActive = false
    private var owesDidShow = false
    private var interactivePop: (popped: ModelViewController, coordinator: ModelCoordinator)?

    /// A navigation controller.
    /// - Parameters:
    ///   - model: The device.
    ///   - name: Its `restorationIdentifier`, its page name; empty for a transparent one.
    ///   - root: The view controllers it starts with.
    ///   - queue: The queue, for ``Kind/queue``.
    ///   - kind: What it stands for.
    public init(_ model: UIKitModel, name: String = "", root: [ModelViewController], queue: TransitionQueue,
                kind: Kind = .queue) {
        self.kind = kind
        core = NavigationControllerCore(queue: queue, hearsDidShow: kind == .queue)
        super.init(model, title: name)
        core.surface = self
        viewControllers = root
        for controller in root { controller.parent = self }
        core.knowsCurrentStack()
    }

    /// The page name.
    public var pageName: String { title }

    /// The view controllers that are pages.
    public var containedPages: [any Page] {
        viewControllers.compactMap { $0 as? any Page }
    }

    /// The queue its transitions go through.
    public var transitionQueue: TransitionQueue { core.queue }

    /// `UINavigationController.adopt(_:)`.
    public func adopt(_ queue: TransitionQueue) -> Bool { core.adopt(queue) }

    // MARK: The app's calls (QueueNavigationController's overrides)

    /// `pushViewController(_:animated:)`: queued on a ``Kind/queue`` controller.
    public func pushViewController(_ controller: ModelViewController, animated: Bool) {
        guard isQueueing else { return uikitChange(viewControllers + [controller], animated: animated, "push") }
        core.queued.push(items: [controller], animated: animated)
    }

    /// `popViewController(animated:)`: queued on a ``Kind/queue`` controller, except the
    /// edge swipe's, which runs at once.
    @discardableResult
    public func popViewController(animated: Bool) -> ModelViewController? {
        if swipeIsActive {
            guard isQueueing else { return uikitInteractivePop() }
            return bypassing { core.personPopRequested(animated: animated) } as? ModelViewController
        }
        guard isQueueing else {
            guard viewControllers.count > 1 else { return nil }
            let top = viewControllers.last
            uikitChange(Array(viewControllers.dropLast()), animated: animated, "pop")
            return top
        }
        core.queued.popItem(animated: animated)
        return nil
    }

    /// `popToViewController(_:animated:)`: queued on a ``Kind/queue`` controller.
    public func popToViewController(_ controller: ModelViewController, animated: Bool) {
        guard isQueueing else {
            guard let index = viewControllers.firstIndex(where: { $0 === controller }) else { return }
            return uikitChange(Array(viewControllers[...index]), animated: animated, "pop")
        }
        core.queued.pop(toItem: controller, animated: animated)
    }

    /// `popToRootViewController(animated:)`: queued on a ``Kind/queue`` controller.
    public func popToRootViewController(animated: Bool) {
        guard isQueueing else { return uikitChange(Array(viewControllers.prefix(1)), animated: animated, "pop") }
        core.queued.popToRootItem(animated: animated)
    }

    /// `setViewControllers(_:animated:)`: queued on a ``Kind/queue`` controller.
    public func setViewControllers(_ controllers: [ModelViewController], animated: Bool) {
        guard isQueueing else { return uikitChange(controllers, animated: animated, "set") }
        core.queued.set(items: controllers, animated: animated)
    }

    private var isQueueing: Bool { kind == .queue && !bypassesQueue }

    /// The app shows `controller` (`show(_:sender:)`, a storyboard's Show segue): a
    /// navigation controller pushes it (Apple's documentation of the method); on a
    /// ``Kind/queue`` controller, its override makes it the queued push.
    /// - Parameter controller: The view controller to show.
    public func appShows(_ controller: ModelViewController) {
        model.called("show \(controller.title)")
        pushViewController(controller, animated: true)
    }

    /// The app assigns `viewControllers`: on a ``Kind/queue`` controller, its override
    /// makes it `setViewControllers(_:animated: false)`, queued; on a plain one, UIKit
    /// replaces the stack at once, without animation (Apple's documentation of the property).
    /// - Parameter controllers: The new stack, bottom first.
    public func appAssigns(_ controllers: [ModelViewController]) {
        model.called("viewControllers = \(controllers.map(\.title).joined(separator: ","))")
        setViewControllers(controllers, animated: false)
    }

    private func bypassing<Result>(_ body: () -> Result) -> Result {
        let previous = bypassesQueue
        bypassesQueue = true
        defer { bypassesQueue = previous }
        return body()
    }

    // MARK: StackContainer (what a navigator's steps call, as the UIKit extension does)

    public func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        core.start(.push(pages), animated: animated, style: style.transition, completion: completion)
    }

    public func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        core.start(.popTo(page), animated: animated, style: style.transition, completion: completion)
    }

    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        core.start(.set(pages), animated: animated, style: style.transition, completion: completion)
    }

    // MARK: UIKit's own behaviour

    /// UIKit puts `stack` in place.
    ///
    /// - A transition already running defers the call to its end, and devices log
    ///   "nested push animation can result in corrupted navigation bar" (NewsBlur#886,
    ///   thexande/SwiftAlgorithms#31 traces): recorded as a warning.
    /// - A controller pushed twice raises (react-navigation#10740, element-ios#3924),
    ///   as does one that belongs elsewhere (Apple Developer Forums 52937).
    /// - The same top shows nothing and says nothing (`UINavigationController.h`,
    ///   `UINavigationControllerDelegate`; Apple's `popViewController` and
    ///   `setViewControllers` docs).
    /// - A stack not in a window changes at once, silently
    ///   (``UIKitModel/Behaviour/didShowOnReappear`` says whether `didShow` comes later).
    /// - Animated: `willShow` at once, a coordinator while it runs, then its completion,
    ///   then `didShow` (`UIViewControllerTransitionCoordinator.h`).
    /// - Not animated: `willShow` and `didShow`, no coordinator
    ///   (``UIKitModel/Behaviour/deferredDidShow`` says when `didShow` comes).
    func uikitChange(_ stack: [ModelViewController], animated: Bool, _ operation: String) {
        if coordinator != nil {
            model.warn("nested \(operation) animation can result in corrupted navigation bar")
            deferred.append { [weak self] in self?.uikitChange(stack, animated: animated, operation) }
            return
        }
        for (index, controller) in stack.enumerated() {
            if stack[(index + 1)...].contains(where: { $0 === controller }) {
                return model.raise("Pushing the same view controller instance (\(controller.title)) more than once is not supported")
            }
            if (controller.parent != nil && controller.parent !== self) || controller.presentingViewController != nil {
                return model.raise("UIViewControllerHierarchyInconsistency: \(controller.title) is already shown elsewhere")
            }
        }
        let oldTop = viewControllers.last
        // UIKit keeps what leaves alive while it animates out.
        let leaving = viewControllers.filter { old in !stack.contains { $0 === old } }
        for old in leaving { old.parent = nil }
        viewControllers = stack
        for controller in stack {
            controller.parent = self
            controller.loadViewIfNeeded()
        }
        guard let top = stack.last, top !== oldTop else { return }
        guard isInWindow else {
            owesDidShow = model.behaviour.didShowOnReappear
            return
        }
        if animated {
            let coordinator = ModelCoordinator(model: model, interactive: false)
            self.coordinator = coordinator
            willShow(top)
            askAnimator()
            let kept = model.behaviour.keepsTransitioningContainers ? self : nil
            model.animate { [weak self] in
                guard let self else { return }
                _ = (leaving, kept)
                // The completions run inside `completeTransition:`, while the transition
                // is still UIKit's: a push or present started there is deferred
                // (`_applyBlocks` in the NAV-7 and PRE-3 traces). Only then it is gone.
                coordinator.complete()
                self.coordinator = nil
                self.didShow(top)
                self.runDeferred()
            }
        } else {
            willShow(top)
            if model.behaviour.deferredDidShow {
                model.nextTurn { [weak self, weak top] in
                    guard let self, let top else { return }
                    _ = leaving
                    self.didShow(top)
                }
            } else {
                didShow(top)
            }
        }
    }

    /// Runs the changes deferred while a transition ran, in order, each once the one
    /// before has animated; one that does not animate lets the next run at once, so none
    /// is dropped.
    private func runDeferred() {
        while coordinator == nil, !deferred.isEmpty {
            deferred.removeFirst()()
        }
    }

    /// UIKit's interactive pop, as the edge swipe starts it: `viewControllers` loses its
    /// top at once, the coordinator is interactive, and `willShow` of the page below comes
    /// now and means nothing yet (lionheart/openradar-mirror#1114).
    func uikitInteractivePop() -> ModelViewController? {
        guard viewControllers.count > 1, coordinator == nil, let popped = viewControllers.last else { return nil }
        let coordinator = ModelCoordinator(model: model, interactive: true)
        self.coordinator = coordinator
        viewControllers.removeLast()
        interactivePop = (popped, coordinator)
        if let below = viewControllers.last { willShow(below) }
        askAnimator()
        return popped
    }

    /// The animators UIKit was handed for this stack's animated transitions, in order:
    /// a style's name, or `platform` for UIKit's own.
    public private(set) var animators: [String] = []

    /// UIKit asks the delegate for an animator as an animated transition starts
    /// (`navigationController(_:animationControllerFor:from:to:)`).
    private func askAnimator() {
        guard kind == .queue else { return }
        animators.append(core.animatorStyle().map { "\($0)" } ?? "platform")
    }

    private func willShow(_ top: ModelViewController) {
        model.called("willShow \(top.title) in \(title)")
        guard kind == .queue else { return }
        core.willShow(top)
    }

    private func didShow(_ top: ModelViewController) {
        model.called("didShow \(top.title) in \(title)")
        guard kind == .queue else { return }
        core.didShow(top)
    }

    /// Its view came back into the window (its tab selected): a `didShow` owed for a change
    /// made while hidden comes now, if UIKit sends one at all.
    func appeared() {
        guard owesDidShow, let top = viewControllers.last else { return }
        owesDidShow = false
        didShow(top)
    }

    override public func viewWillDisappear() {
        guard kind == .queue else { return }
        presentation?.levelWillDisappear(self, isBeingDismissed: isBeingDismissed)
    }

    override public func viewDidDisappear() {
        guard kind == .queue else { return }
        presentation?.levelDisappeared(self, isBeingDismissed: isBeingDismissed)
    }

    // MARK: The person

    /// Whether UIKit's own edge-swipe delegate lets the swipe begin: not at the root, not
    /// while the back button is hidden or replaced (signalapp/Signal-iOS#3540,
    /// fastred/AHKNavigationController), not during a transition (inferred).
    private var uikitLetsSwipeBegin: Bool {
        viewControllers.count > 1 && coordinator == nil && (viewControllers.last?.navigationItem.showsSystemBackButton ?? false)
    }

    /// Whether the app took the edge swipe recognizer's delegate slot, as the common
    /// `interactivePopGestureRecognizer?.delegate = nil` does to keep the swipe under a
    /// custom back button. One slot, last writer wins, and the one replaced is not told
    /// (`UIGestureRecognizer.h`, `delegate`; DEL-3): no delegate refuses the swipe any
    /// more, so it begins whenever there is a page to pop.
    public var appTookSwipeDelegate = false

    /// The person starts the edge swipe: UIKit asks the recognizer's delegate (PageKit's
    /// gate, which asks UIKit's own first, on a ``Kind/queue`` controller, unless
    /// ``appTookSwipeDelegate``), then pops through `popViewController(animated:)` or
    /// internally (``UIKitModel/Behaviour/swipePopsThroughOverride``); then the
    /// recognizer's targets hear it begin.
    /// - Returns: The swipe to finish or cancel; `nil` when it did not begin, the stack is
    ///   not in the window (UIKit hit-tests a touch from the window down, through
    ///   `hitTest:withEvent:`, which `UIView.h` says recurses into subviews) or something
    ///   is presented over it, or UIKit ignores touches (``UIKitModel/isIgnoringTouches``).
    public func personSwipesBack() -> ModelEdgeSwipe? {
        guard takesTouches, model.takesTouch("edge swipe on \(title)") else { return nil }
        let begins = if appTookSwipeDelegate {
            viewControllers.count > 1 && coordinator == nil
        } else if kind == .queue {
            core.swipeBackShouldBegin { self.uikitLetsSwipeBegin }
        } else {
            uikitLetsSwipeBegin
        }
        model.called("gestureRecognizerShouldBegin \(begins)")
        guard begins else { return nil }
        if kind == .queue, model.behaviour.swipePopsThroughOverride {
            swipeIsActive = true
            defer { swipeIsActive = false }
            _ = popViewController(animated: true)
        } else {
            _ = uikitInteractivePop()
        }
        guard interactivePop != nil else { return nil }
        let swipe = ModelEdgeSwipe(stack: self)
        // `QueueNavigationController`'s target: it decides when its gate was not asked.
        if kind == .queue, appTookSwipeDelegate, !core.unaskedSwipeBegan() {
            model.called("edge swipe cancelled")
            swipe.cancel()
        }
        return swipe
    }

    /// The person starts iOS 26's full-width content swipe: no delegate is asked; UIKit
    /// starts the pop, then PageKit's target hears the recognizer begin and may cancel it.
    /// - Returns: The swipe; `nil` when the system has none, it did not begin, the stack is
    ///   not in the window or under a presentation, or UIKit ignores touches
    ///   (``UIKitModel/isIgnoringTouches``).
    public func personContentSwipes() -> ModelEdgeSwipe? {
        guard model.behaviour.hasContentSwipe, takesTouches, model.takesTouch("content swipe on \(title)"),
              uikitInteractivePop() != nil else { return nil }
        let swipe = ModelEdgeSwipe(stack: self)
        if kind == .queue, !core.unaskedSwipeBegan() {
            model.called("content swipe cancelled")
            swipe.cancel()
        }
        return swipe
    }

    func endInteractivePop(cancelled: Bool) {
        guard let (popped, coordinator) = interactivePop else { return }
        interactivePop = nil
        coordinator.interactionEnded(cancelled: cancelled)
        if cancelled {
            viewControllers.append(popped)
        }
        let kept = model.behaviour.keepsTransitioningContainers ? self : nil
        model.animate { [weak self] in
            guard let self else { return }
            _ = kept
            if !cancelled { popped.parent = nil }
            // As for any animation: its completions run while the transition is UIKit's.
            coordinator.complete()
            self.coordinator = nil
            // A cancelled swipe sends no `didShow` (radianttap/Coordinator#8, #11).
            if !cancelled, let top = self.viewControllers.last { self.didShow(top) }
            self.runDeferred()
        }
    }

    /// The person taps the back button of the page on top: a left item in its place, a
    /// back action, or UIKit's own pop through `popViewController(animated:)`. Nothing,
    /// while the stack is not in the window or under a presentation, or UIKit ignores
    /// touches (``UIKitModel/isIgnoringTouches``).
    public func personTapsBack() {
        guard let top = viewControllers.last, viewControllers.count > 1, takesTouches,
              model.takesTouch("back on \(title)") else { return }
        let item = top.navigationItem
        if let left = item.leftItem { return left.action() }
        guard !item.hidesBackButton else { return }
        if let action = item.backAction { return action() }
        _ = popViewController(animated: true)
    }

    /// The person long-presses the back button and picks `target` from the history menu:
    /// only while UIKit shows its own back button; the pop goes past `shouldPop`
    /// (wikimedia/wikipedia-ios#3640), through the override or not
    /// (``UIKitModel/Behaviour/menuPopsThroughOverride``).
    /// - Returns: Whether the menu was there, in the window with nothing presented over
    ///   it, and took the touch (``UIKitModel/isIgnoringTouches``).
    @discardableResult
    public func personPicksFromBackMenu(_ target: ModelViewController) -> Bool {
        guard let top = viewControllers.last, top.navigationItem.showsSystemBackButton, top !== target,
              let index = viewControllers.firstIndex(where: { $0 === target }), takesTouches,
              model.takesTouch("back menu on \(title)") else { return false }
        if model.behaviour.menuPopsThroughOverride {
            popToViewController(target, animated: true)
        } else {
            uikitChange(Array(viewControllers[...index]), animated: true, "pop")
        }
        return true
    }
}

extension ModelNavigationController: NavigationSurface {
    package var stackItems: [AnyObject] { viewControllers }
    package var transitionCoordination: (any TransitionCoordination)? { coordinator }
    package var containerPage: (any Page)? { self }

    package func applyPush(_ items: [AnyObject], animated: Bool) {
        bypassing { uikitChange(viewControllers + items.compactMap { $0 as? ModelViewController }, animated: animated, "push") }
    }

    package func applyPop(to item: AnyObject, animated: Bool) {
        guard let index = viewControllers.firstIndex(where: { $0 === item }) else { return }
        bypassing { uikitChange(Array(viewControllers[...index]), animated: animated, "pop") }
    }

    package func applyPopTop(animated: Bool) -> AnyObject? {
        uikitInteractivePop()
    }

    package func applySet(_ items: [AnyObject], animated: Bool) {
        bypassing { uikitChange(items.compactMap { $0 as? ModelViewController }, animated: animated, "set") }
    }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? ModelViewController else { return false }
        return (controller.parent != nil && controller.parent !== self) || controller.presentingViewController != nil
    }

    /// As `QueueNavigationController` sets a back button up.
    package func setBackButton(of item: AnyObject, to button: BackButton) {
        guard kind == .queue, let controller = item as? ModelViewController, viewControllers.first !== controller else {
            return
        }
        let navigationItem = controller.navigationItem
        let ours = navigationItem.leftItem?.isPageKit ?? false
        let tap: @MainActor () -> Void = { [weak self, weak controller] in
            guard let self, let controller else { return }
            self.core.backTapped(on: controller)
        }
        switch button {
        case .system:
            if ours {
                navigationItem.leftItem = nil
                navigationItem.hidesBackButton = false
            }
            if navigationItem.backAction == nil || navigationItem.backActionIsPageKit {
                navigationItem.backAction = tap
                navigationItem.backActionIsPageKit = true
            }
        case .pageKit:
            guard ours || navigationItem.leftItem == nil else { return }
            let index = viewControllers.firstIndex { $0 === controller } ?? 1
            let previous = index > 0 ? viewControllers[index - 1] : nil
            navigationItem.hidesBackButton = true
            navigationItem.leftItem = (previous?.navigationItem.backButtonTitle ?? previous?.title, true, tap)
        }
    }
}
