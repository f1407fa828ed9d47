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
    /// The custom transitions, presentations and stack kinds it knows by name.
    public let styles = UIKitStyles()
    /// What presentations with a non-default style need while they show: their
    /// transitioning delegates (UIKit holds those weakly).
    private var transitioningDelegates: [ObjectIdentifier: PresentationTransitions] = [:]
    /// The delegates watching the sheets it presented, until they are dismissed.
    private var watchers: [ObjectIdentifier: SwipeDownWatcher] = [:]

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
        present(page, from: presenter, animated: animated, style: .default, completion: completion)
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
        if controller.parent != nil || controller.presentingViewController != nil {
            let refusal = NavigationError(.alreadyInHierarchy, component: page.pageDescription,
                                          reason: "`\(page.pageDescription)` is already shown; a page is shown once")
            queue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        if let failure = apply(style, to: controller, presentedFrom: presenting) {
            return completion.fail(failure)
        }
        watchSwipeDown(of: controller)
        presenting.present(controller, animated: animated && style.transition != .none) { completion.finish() }
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
        case .custom(let name):
            guard let configure = styles.presentations[name] else {
                return NavigationError(.cannotShow, component: controller.title,
                                       reason: "no presentation is registered as `\(name)`")
            }
            configure(controller, presenting)
        }
        switch style.transition {
        case .platform, .none:
            break
        case .coverVertical:
            controller.modalTransitionStyle = .coverVertical
        case .flip:
            controller.modalTransitionStyle = .flipHorizontal
        case .crossDissolve:
            controller.modalTransitionStyle = .crossDissolve
        case .curl:
            controller.modalPresentationStyle = .fullScreen  // UIKit curls only full-screen pages.
            controller.modalTransitionStyle = .partialCurl
        case .moveIn, .dropDown, .custom:
            if case .custom(let name) = style.transition, styles.animators[name] == nil {
                return NavigationError(.cannotShow, component: controller.title,
                                       reason: "no transition is registered as `\(name)`")
            }
            let transitions = PresentationTransitions(style: style.transition, styles: styles)
            transitioningDelegates[ObjectIdentifier(controller)] = transitions
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
    ///   - name: The name a registration gives (`PageOptions.stack`).
    ///   - factory: Makes the controller on the host's queue.
    public func registerStack(named name: String, _ factory: @escaping UIKitStyles.StackFactory) {
        styles.stacks[name] = factory
    }

    /// Lets the page a sheet shows have its say before the person swipes the sheet down,
    /// and reports the swipe: the sheet's presentation controller delegate, which passes
    /// every message on to a delegate the app had set.
    private func watchSwipeDown(of controller: UIViewController) {
        guard let presentation = controller.presentationController else { return }
        let watcher = SwipeDownWatcher(queue: queue, previous: presentation.delegate) { [weak self, weak controller] in
            guard let controller else { return }
            self?.watchers[ObjectIdentifier(controller)] = nil
        }
        watchers[ObjectIdentifier(controller)] = watcher
        presentation.delegate = watcher
    }

    /// Dismisses what `presenter` presents, and everything presented above it.
    ///
    /// A dismissal the app asks of UIKit directly is not seen as it happens: the
    /// navigator notices it when its next request starts.
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
        makeStack(with: pages, style: .default)
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
        stack.withoutQueue {
            stack.setViewControllers(pages.compactMap { $0 as? UIViewController }, animated: false)
        }
        return stack
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

/// A page that names where a popover presented over it points (`PresentationStyle.popover(anchor:)`).
@MainActor
public protocol PopoverAnchoring {
    /// The view and the rectangle in it that the popover named `anchor` points at, or
    /// `nil` for the page's view.
    /// - Parameter anchor: The anchor's name, or `nil` when the style names none.
    /// - Returns: Where the popover points.
    func popoverAnchor(named anchor: String?) -> (view: UIView, rect: CGRect)?
}

/// The delegate of a sheet PageKit presented: asks the page before the person swipes it
/// down, carries out a swipe the page agreed to after being asked, reports a swipe that
/// went through, and passes every message on to the delegate the app had set.
final class SwipeDownWatcher: NSObject, UIAdaptivePresentationControllerDelegate {
    private let queue: TransitionQueue
    private weak var previous: (any UIAdaptivePresentationControllerDelegate)?
    private let onDismiss: @MainActor () -> Void

    init(queue: TransitionQueue, previous: (any UIAdaptivePresentationControllerDelegate)?,
         onDismiss: @escaping @MainActor () -> Void) {
        self.queue = queue
        self.previous = previous
        self.onDismiss = onDismiss
    }

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        let allowed = (presentationController.presentedViewController as? any Page)
            .map { queue.leavePolicy(for: $0, by: .swipeDown) == .allow } ?? true
        return allowed && (previous?.presentationControllerShouldDismiss?(presentationController) ?? true)
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        previous?.presentationControllerDidAttemptToDismiss?(presentationController)
        let controller = presentationController.presentedViewController
        guard let page = controller as? any Page, queue.leavePolicy(for: page, by: .swipeDown) == .confirm else { return }
        queue.enqueueLeave(of: page, by: .swipeDown) { [weak self, weak controller] completion in
            guard let controller, let presenting = controller.presentingViewController else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the sheet is no longer presented"))
            }
            presenting.dismiss(animated: true) { completion.finish() }
            self?.reportDismissal(of: controller, by: presenting)
        }
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        previous?.presentationControllerWillDismiss?(presentationController)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        // Only the person's swipe comes here.
        reportDismissal(of: presentationController.presentedViewController, by: presentationController.presentingViewController)
        previous?.presentationControllerDidDismiss?(presentationController)
    }

    private func reportDismissal(of controller: UIViewController, by presenting: UIViewController) {
        queue.reportChange(HierarchyChange(.dismissed, by: .user, in: presenting as? any Page,
                                           pages: (controller as? any Page).map { [$0] } ?? []))
        onDismiss()
    }
}
#endif
