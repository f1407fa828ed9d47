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
///
/// It presents only where UIKit would (never from a page that already presents, is not in
/// a window, or is in a transition: UIKit would refuse with a console warning and never
/// call back), and a presentation ends at UIKit's completion. The person's swipe down of
/// a sheet asks every page it would remove (a `!/` sheet's whole stack) through the
/// sheet's presentation controller delegate, which PageKit installs once the sheet is on
/// screen, keeping and forwarding to a delegate a page set there itself; the policy is
/// also mirrored into `isModalInPresentation`, which needs no delegate at all. A
/// presentation that is not a page (an alert, a share sheet) is dismissed by a plan that
/// shows something, rather than failing it.
public final class UIKitPageHost: PageHost, QueueSharing {
    /// The queue the person's dismissals are reported on and the stacks it makes use.
    /// The navigator the host is given moves it onto its own queue.
    public var queue: TransitionQueue { core.queue }
    /// The queue the person's dismissals are reported on (``queue``).
    public var transitionQueue: TransitionQueue { core.queue }
    /// The custom transitions, presentations and stack kinds it knows by name.
    public let styles = UIKitStyles()
    /// Every decision about presenting and dismissing; this class translates them to UIKit.
    let core: PresentationCore

    /// Creates a host.
    /// - Parameter queue: The queue for the navigation controllers it makes.
    public init(queue: TransitionQueue) {
        core = PresentationCore(queue: queue)
        core.surface = self
    }

    /// Moves onto `queue` while the queue it is on is idle and none of its
    /// presentations is on its way in or out.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``queue`` is `queue` now.
    public func adopt(_ queue: TransitionQueue) -> Bool {
        core.adopt(queue)
    }

    /// The page `presenter` itself presents.
    ///
    /// UIKit reports a `presentedViewController` for every view controller under the one
    /// that presents (the presentation context, often the window's root); only that one,
    /// the presented controller's `presentingViewController`, answers here.
    /// - Parameter presenter: A page that is a view controller.
    /// - Returns: The presented page, if it is one and is not being dismissed.
    public func presentedPage(of presenter: any Page) -> (any Page)? {
        core.presentedPage(of: presenter)
    }

    /// What covers the level `level` is the root of and is not a page: an alert, a share
    /// sheet, a system controller the app presented.
    /// - Parameter level: The app's root, or a presented page.
    /// - Returns: Its type name, or `nil`.
    public func foreignPresentation(over level: any Page) -> String? {
        core.foreignCovering(level).map { "\(type(of: $0))" }
    }

    /// Dismisses what covers `level` and is not a page.
    /// - Parameters:
    ///   - level: The app's root, or a presented page.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when it is gone; failed when nothing covers `level`.
    public func dismissForeignPresentation(over level: any Page, animated: Bool, completion: TransitionCompletion) {
        core.dismissForeign(over: level, animated: animated, completion: completion)
    }

    /// Presents `page` over `presenter` as `style` says: a sheet with detents, full
    /// screen, a popover from the anchor the presenter names (``PopoverAnchoring``), or a
    /// custom presentation registered with ``registerPresentation(named:_:)``; animated
    /// with UIKit's `modalTransitionStyle` where it has the style, and with an animator
    /// otherwise (``registerTransition(named:_:)`` for custom ones).
    /// - Parameters:
    ///   - page: A page that is a view controller, not already shown.
    ///   - presenter: A page that is a view controller in the window.
    ///   - animated: Whether to animate.
    ///   - style: How to present it.
    ///   - completion: Finished by UIKit's completion; failed at once where UIKit would
    ///     refuse silently and never call back, or for a style it does not know.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                        completion: TransitionCompletion) {
        if let alert = page as? AlertPage, let presenting = presenter as? UIViewController {
            let controller = alertController(for: alert, presentedFrom: presenting)
            return core.present(controller, from: presenter, animated: animated, completion: completion)
        }
        guard let controller = page as? UIViewController, let presenting = presenter as? UIViewController else {
            return completion.fail(NavigationError(.transitionFailed, component: page.pageName,
                                                   reason: "only view controllers can be presented"))
        }
        if let failure = apply(style, to: controller, presentedFrom: presenting) {
            return completion.fail(failure)
        }
        (controller as? QueueNavigationController)?.presentation = core
        core.present(controller, from: presenter, animated: animated && style.transition != .none, completion: completion)
    }

    /// The `UIAlertController` that shows `alert`: its actions answer for it once UIKit
    /// has taken it away, and a confirmation dialog's popover points at the presenter's
    /// view, so that UIKit never stops the app for a missing anchor on a regular width.
    private func alertController(for alert: AlertPage, presentedFrom presenting: UIViewController,
                                 standsForPage: Bool = true) -> UIAlertController {
        let plan = AlertControllerPlan(alert)
        let controller = UIAlertController(title: plan.title, message: plan.message,
                                           preferredStyle: plan.isActionSheet ? .actionSheet : .alert)
        for action in plan.actions {
            let style: UIAlertAction.Style = switch action.style {
            case .default: .default
            case .cancel: .cancel
            case .destructive: .destructive
            }
            controller.addAction(UIAlertAction(title: action.title, style: style) { [weak self, weak controller] _ in
                guard let self, let controller else { return }
                self.core.alertActionRan(action.id, of: alert, shownBy: controller)
            })
        }
        if plan.needsPopoverAnchor, let popover = controller.popoverPresentationController {
            popover.sourceView = presenting.view
            popover.sourceRect = CGRect(x: presenting.view.bounds.midX, y: presenting.view.bounds.midY, width: 0, height: 0)
            popover.permittedArrowDirections = []
        }
        // A question's alert is not a page: a plan that needs the screen dismisses it.
        if standsForPage { Attached.keep(alertPage: alert, for: controller) }
        return controller
    }

    /// Keeps the root, from which a question finds the top of the window.
    /// - Parameter root: The navigator's root page.
    public func install(root: any Page) {
        core.questionRoot = root
    }

    /// Asks the person `content` in a `UIAlertController` presented from the topmost view
    /// controller the root presents, once UIKit would present from it (in a window, not
    /// being presented or dismissed, no transition under way), and dismissed again if the
    /// asking task is cancelled (``/PageKit/Navigator/ask(_:)``).
    /// - Parameter content: What to ask.
    /// - Returns: The id of the action the person tapped, or `nil`.
    /// - Throws: ``/PageKit/NavigationError/Code/invalidAlert`` for content that cannot be shown.
    public func ask(_ content: AlertContent) async throws -> String? {
        let alert = try AlertPage(name: "question", content: content)
        return await core.ask(alert) { [weak self] presenter in
            guard let self, let presenting = presenter as? UIViewController else { return nil }
            return self.alertController(for: alert, presentedFrom: presenting, standsForPage: false)
        }
    }

    /// Sets `controller` up to be presented as `style` says; the error for a style this
    /// host does not know.
    private func apply(_ style: ShowStyle, to controller: UIViewController,
                       presentedFrom presenting: UIViewController) -> NavigationError? {
        switch style.presentation {
        case .automatic:
            break
        case .sheet(let detents):
            controller.modalPresentationStyle = .pageSheet
            if !detents.isEmpty, let sheet = controller.sheetPresentationController {
                sheet.detents = detents.map { detent in
                    switch detent {
                    case .medium: .medium()
                    case .large: .large()
                    case .fraction(let value): .custom { context in context.maximumDetentValue * value }
                    }
                }
            }
        case .fullScreen:
            controller.modalPresentationStyle = .fullScreen
        case .popover(let anchor):
            controller.modalPresentationStyle = .popover
            if let popover = controller.popoverPresentationController {
                let point = (presenting as? any PopoverAnchoring)?.popoverAnchor(named: anchor)
                popover.sourceView = point?.view ?? presenting.view
                popover.sourceRect = point?.rect ?? presenting.view.bounds
            }
        case .alert:
            return NavigationError(.cannotShow, component: controller.title,
                                   reason: "only a page registered with registerAlert is shown as an alert")
        case .custom(let name):
            guard let configure = styles.presentations[name] else {
                return NavigationError(.cannotShow, component: controller.title,
                                       reason: "no presentation is registered as `\(name)`")
            }
            configure(controller, presenting)
        }
        return apply(style.transition, to: controller, presented: false)
    }

    /// Sets `controller` up to be presented, or dismissed once `presented`, with
    /// `transition`; the error for one this host does not know, or a curl of a page
    /// presented other than full screen (UIKit curls only those).
    private func apply(_ transition: TransitionStyle, to controller: UIViewController,
                       presented: Bool) -> NavigationError? {
        switch transition {
        case .platform, .none:
            break
        case .coverVertical:
            controller.modalTransitionStyle = .coverVertical
        case .flip:
            controller.modalTransitionStyle = .flipHorizontal
        case .crossDissolve:
            controller.modalTransitionStyle = .crossDissolve
        case .curl:
            if presented, controller.modalPresentationStyle != .fullScreen {
                return NavigationError(.unsupportedOption, component: controller.title,
                                       reason: "UIKit curls only pages presented full screen")
            }
            controller.modalPresentationStyle = .fullScreen  // UIKit curls only full-screen pages.
            controller.modalTransitionStyle = .partialCurl
        case .moveIn, .dropDown, .custom:
            if case .custom(let name) = transition, styles.animators[name] == nil {
                return NavigationError(.cannotShow, component: controller.title,
                                       reason: "no transition is registered as `\(name)`")
            }
            let transitions = PresentationTransitions(style: transition, styles: styles)
            // UIKit holds it weakly: the controller keeps it for as long as it lives.
            Attached.keep(transitions: transitions, for: controller)
            controller.transitioningDelegate = transitions
        }
        return nil
    }

    /// Registers a custom transition for `TransitionStyle.custom(_:)`, in
    /// presentations and in the navigation controllers this host makes.
    /// - Parameters:
    ///   - name: The name a style gives.
    ///   - animator: Makes the animator; told whether the page animates in.
    public func registerTransition(named name: String, _ animator: @escaping UIKitStyles.Animator) {
        styles.animators[name] = animator
    }

    /// Registers a custom presentation for `PresentationStyle.custom(_:)`.
    /// - Parameters:
    ///   - name: The name a style gives.
    ///   - presentation: Sets up the controller before it is presented.
    public func registerPresentation(named name: String, _ presentation: @escaping UIKitStyles.Presentation) {
        styles.presentations[name] = presentation
    }

    /// Registers a kind of navigation controller for `ShowStyle.stack`: the
    /// class or factory of what `!/` and `#/` make for pages registered with that name.
    /// - Parameters:
    ///   - name: The name a registration gives (`ShowStyle.stack`).
    ///   - factory: Makes the controller on the host's queue.
    public func registerStack(named name: String, _ factory: @escaping UIKitStyles.StackFactory) {
        styles.stacks[name] = factory
    }

    /// Dismisses what `presenter` presents, and everything presented above it.
    ///
    /// A dismissal the app asks of UIKit directly is seen when the dismissed level is a
    /// stack this host made (it reports its own dismissal); otherwise the navigator
    /// notices it when its next request starts.
    ///
    /// With a transition other than the platform's, the page leaves with it (UIKit's
    /// `modalTransitionStyle`, or an animator); with the platform's, it leaves as it came.
    /// - Parameters:
    ///   - presenter: A page that is a view controller.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the dismissal ends, including one already under way
    ///     (UIKit never calls back a second `dismiss` on it); failed for a transition
    ///     this host cannot play.
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle,
                            completion: TransitionCompletion) {
        if style.transition != .platform, let presented = (presenter as? UIViewController)?.presentedViewController,
           !presented.isBeingDismissed, let failure = apply(style.transition, to: presented, presented: true) {
            return completion.fail(failure)
        }
        core.dismiss(presentedBy: presenter, animated: animated && style.transition != .none, completion: completion)
    }

    /// The navigation controller `style` names (``registerStack(named:_:)``), or a
    /// ``QueueNavigationController``, on this host's queue, holding `pages`.
    /// - Parameters:
    ///   - pages: The stack; pages that are view controllers.
    ///   - style: The style of the step that shows it.
    /// - Returns: The navigation controller.
    public func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        let stack = style.stack.flatMap { styles.stacks[$0] }?(queue) ?? QueueNavigationController(queue: queue)
        stack.transitionQueue = queue
        stack.styles = styles
        stack.presentation = core
        stack.setUpStack(pages.compactMap { $0 as? UIViewController })
        return stack
    }
}

extension UIKitPageHost: PresentationSurface {
    package func presented(by item: AnyObject) -> AnyObject? {
        guard let controller = item as? UIViewController, let presented = controller.presentedViewController,
              presented.presentingViewController === controller else { return nil }
        return presented
    }

    package func presenter(of item: AnyObject) -> AnyObject? {
        (item as? UIViewController)?.presentingViewController
    }

    package func covering(_ item: AnyObject) -> AnyObject? {
        (item as? UIViewController)?.presentedViewController
    }

    package func page(of item: AnyObject) -> (any Page)? {
        (item as? UIViewController)?.pageKitPage
    }

    package func state(of item: AnyObject) -> PresentationState {
        guard let controller = item as? UIViewController else { return PresentationState(isInWindow: false) }
        return PresentationState(isInWindow: controller.viewIfLoaded?.window != nil,
                                 isBeingPresented: controller.isBeingPresented,
                                 isBeingDismissed: controller.isBeingDismissed,
                                 isInTransition: controller.transitionCoordinator != nil)
    }

    package func transitionCoordination(of item: AnyObject) -> (any TransitionCoordination)? {
        (item as? UIViewController)?.transitionCoordinator.map(UIKitCoordination.init)
    }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? UIViewController else { return false }
        return controller.parent != nil || controller.presentingViewController != nil
    }

    package func applyPresent(_ item: AnyObject, from presenter: AnyObject, animated: Bool,
                              completion: @escaping @MainActor () -> Void) {
        guard let controller = item as? UIViewController, let presenting = presenter as? UIViewController else { return }
        presenting.present(controller, animated: animated) { completion() }
    }

    package func applyDismiss(presentedBy presenter: AnyObject, animated: Bool, completion: @escaping @MainActor () -> Void) {
        (presenter as? UIViewController)?.dismiss(animated: animated) { completion() }
    }

    package func setModalInPresentation(_ item: AnyObject, _ modal: Bool) {
        guard let controller = item as? UIViewController, controller.isModalInPresentation != modal else { return }
        controller.isModalInPresentation = modal
    }

    package func watchDismissal(of item: AnyObject) {
        // An alert is not swiped away: its actions report how it went.
        guard let controller = item as? UIViewController, !(controller is UIAlertController),
              let presentation = controller.presentationController,
              !(presentation.delegate is SwipeDownWatcher) else { return }
        let watcher = SwipeDownWatcher(core: core, previous: presentation.delegate)
        // UIKit holds its delegate weakly: the presented controller keeps it.
        Attached.keep(watcher: watcher, for: controller)
        presentation.delegate = watcher
    }
}

/// Animates a presentation whose transition style UIKit has no `modalTransitionStyle` for.
final class PresentationTransitions: NSObject, UIViewControllerTransitioningDelegate {
    private let style: TransitionStyle
    private let styles: UIKitStyles

    init(style: TransitionStyle, styles: UIKitStyles) {
        self.style = style
        self.styles = styles
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        styles.animator(for: style, isAppearing: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        styles.animator(for: style, isAppearing: false)
    }
}

/// The delegate of a sheet's presentation controller: asks PageKit's decisions before the
/// person swipes the sheet down and reports what became of the swipe, passing every
/// message on to the delegate that was there (a page may have set itself in
/// `viewDidLoad`). It implements every optional method it answers for
/// (``DelegateForwarding/presentationController``), so a freed previous delegate never
/// leaves a message unanswered.
final class SwipeDownWatcher: NSObject, UIAdaptivePresentationControllerDelegate {
    private weak var core: PresentationCore?
    // Read from `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the
    // main thread but Objective-C declares without isolation.
    nonisolated(unsafe) private weak var previous: (any UIAdaptivePresentationControllerDelegate)?

    init(core: PresentationCore, previous: (any UIAdaptivePresentationControllerDelegate)?) {
        self.core = core
        self.previous = previous
    }

    override nonisolated func responds(to selector: Selector!) -> Bool {
        let name = NSStringFromSelector(selector)
        guard DelegateForwarding.presentationController.isImplemented(name) else {
            return super.responds(to: selector) || (previous?.responds(to: selector) ?? false)
        }
        return DelegateForwarding.presentationController.responds(to: name,
                                                                  appResponds: previous?.responds(to: selector) ?? false)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        previous?.responds(to: selector) == true ? previous : nil
    }

    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        previous?.adaptivePresentationStyle?(for: controller) ?? controller.presentedViewController.modalPresentationStyle
    }

    func adaptivePresentationStyle(for controller: UIPresentationController,
                                   traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        previous?.adaptivePresentationStyle?(for: controller, traitCollection: traitCollection)
            ?? controller.presentedViewController.modalPresentationStyle
    }

    func presentationController(_ controller: UIPresentationController,
                                viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? {
        previous?.presentationController?(controller, viewControllerForAdaptivePresentationStyle: style)
    }

    func presentationController(_ presentationController: UIPresentationController,
                                willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: (any UIViewControllerTransitionCoordinator)?) {
        previous?.presentationController?(presentationController, willPresentWithAdaptiveStyle: style,
                                          transitionCoordinator: transitionCoordinator)
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        let allowed = core?.shouldDismiss(presentationController.presentedViewController) ?? true
        return allowed && (previous?.presentationControllerShouldDismiss?(presentationController) ?? true)
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        previous?.presentationControllerDidAttemptToDismiss?(presentationController)
        core?.didAttemptToDismiss(presentationController.presentedViewController)
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        previous?.presentationControllerWillDismiss?(presentationController)
        core?.willDismiss(presentationController.presentedViewController)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        core?.didDismiss(presentationController.presentedViewController)
        previous?.presentationControllerDidDismiss?(presentationController)
    }
}
#endif
