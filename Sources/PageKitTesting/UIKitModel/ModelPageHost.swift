public import PageKit
package import PageKitContainers

/// The ``UIKitModel``'s `UIKitPageHost`: the same `PresentationCore`, wired as the UIKit
/// host wires it, over the model's view controllers.
@MainActor
public final class ModelPageHost: PageHost, QueueSharing {
    /// The device.
    public let model: UIKitModel
    /// The queue.
    public var queue: TransitionQueue { core.queue }
    /// The queue (``queue``).
    public var transitionQueue: TransitionQueue { core.queue }
    /// The decisions the UIKit host makes.
    package let core: PresentationCore

    /// A host.
    /// - Parameters:
    ///   - model: The device.
    ///   - queue: The navigator's queue.
    public init(model: UIKitModel, queue: TransitionQueue) {
        self.model = model
        core = PresentationCore(queue: queue)
        core.surface = self
    }

    /// `UIKitPageHost.adopt(_:)`.
    public func adopt(_ queue: TransitionQueue) -> Bool { core.adopt(queue) }

    public func presentedPage(of presenter: any Page) -> (any Page)? {
        core.presentedPage(of: presenter)
    }

    public func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                        completion: TransitionCompletion) {
        if let alert = page as? AlertPage, presenter is ModelViewController {
            guard let controller = alertController(for: alert) else {
                return completion.fail(NavigationError(.cannotShow, component: alert.pageName, reason: "UIKit raised"))
            }
            return core.present(controller, from: presenter, animated: animated, completion: completion)
        }
        guard page is ModelViewController, presenter is ModelViewController else {
            return completion.fail(NavigationError(.transitionFailed, component: page.pageName,
                                                   reason: "only view controllers can be presented"))
        }
        (page as? ModelNavigationController)?.presentation = core
        // As the UIKit host sets `modalPresentationStyle`.
        (page as? ModelViewController)?.isFullScreen = style.presentation == .fullScreen || style.transition == .curl
        core.present(page, from: presenter, animated: animated && style.transition != .none, completion: completion)
    }

    public func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle,
                            completion: TransitionCompletion) {
        core.dismiss(presentedBy: presenter, animated: animated && style.transition != .none, completion: completion)
    }

    /// As the UIKit host: the covering controller's type, or for an alert its title.
    public func foreignPresentation(over level: any Page) -> String? {
        guard let covering = core.foreignCovering(level) as? ModelViewController else { return nil }
        return covering.title.isEmpty ? "\(type(of: covering))" : covering.title
    }

    public func dismissForeignPresentation(over level: any Page, animated: Bool, completion: TransitionCompletion) {
        core.dismissForeign(over: level, animated: animated, completion: completion)
    }

    public func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        let stack = ModelNavigationController(model, root: pages.compactMap { $0 as? ModelViewController }, queue: queue)
        stack.presentation = core
        return stack
    }

    /// `UIKitPageHost.install(root:)`: the root questions find the top of the window from.
    public func install(root: any Page) {
        core.questionRoot = root
    }

    /// Whether a question asked with ``ask(_:)`` waits for an answer, shown or not. Once
    /// the person answers, the question is gone at once, and its asker has the answer a
    /// moment later: it comes back through Swift's global executor.
    public var isAsking: Bool { core.isAsking }

    /// `UIKitPageHost.ask(_:)`: the question, in an alert controller presented from the
    /// top of the window.
    public func ask(_ content: AlertContent) async throws -> String? {
        let alert = try AlertPage(name: "question", content: content)
        return await core.ask(alert) { [weak self] _ in
            let controller = self?.alertController(for: alert)
            controller?.standsForPage = false
            return controller
        }
    }

    /// As the UIKit host: the alert controller `alert`'s plan describes, anchored; `nil`
    /// when UIKit would stop the app for it.
    private func alertController(for alert: AlertPage) -> ModelAlertController? {
        let plan = AlertControllerPlan(alert)
        let controller = ModelAlertController(model, page: alert, plan: plan)
        for action in plan.actions {
            controller.addAction(title: action.title, isCancel: action.style == .cancel) { [weak self, weak controller] in
                guard let self, let controller else { return }
                self.core.alertActionRan(action.id, of: alert, shownBy: controller)
            }
        }
        controller.hasPopoverAnchor = plan.needsPopoverAnchor
        return controller.checkPresentable(regularWidth: model.behaviour.regularWidth) ? controller : nil
    }
}

extension ModelPageHost: PresentationSurface {
    package func presented(by item: AnyObject) -> AnyObject? {
        guard let controller = item as? ModelViewController, let presented = controller.ownPresented,
              presented.presentingViewController === controller else { return nil }
        return presented
    }

    package func presenter(of item: AnyObject) -> AnyObject? {
        (item as? ModelViewController)?.presentingViewController
    }

    package func covering(_ item: AnyObject) -> AnyObject? {
        (item as? ModelViewController)?.presentedViewController
    }

    package func page(of item: AnyObject) -> (any Page)? {
        if let alert = item as? ModelAlertController { return alert.standsForPage ? alert.page : nil }
        guard let page = item as? any Page else { return nil }
        if let stack = item as? ModelNavigationController {
            let tabs = stack.parent as? ModelTabBarController
            guard PageControllers.navigationControllerIsPage(
                madeForQueue: stack.kind == .queue, isNamed: !stack.title.isEmpty,
                holdsPage: stack.viewControllers.contains { $0 is any Page },
                isMoreTab: tabs.map { $0.moreNavigationController === stack } ?? false
            ) else { return nil }
        }
        return page
    }

    package func state(of item: AnyObject) -> PresentationState {
        guard let controller = item as? ModelViewController else { return PresentationState(isInWindow: false) }
        return PresentationState(isInWindow: controller.isInWindow, isBeingPresented: controller.isBeingPresented,
                                 isBeingDismissed: controller.isBeingDismissed,
                                 isInTransition: controller.transitionCoordinator != nil)
    }

    package func transitionCoordination(of item: AnyObject) -> (any TransitionCoordination)? {
        (item as? ModelViewController)?.transitionCoordinator
    }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? ModelViewController else { return false }
        return controller.parent != nil || controller.presentingViewController != nil
    }

    package func applyPresent(_ item: AnyObject, from presenter: AnyObject, animated: Bool,
                              completion: @escaping @MainActor () -> Void) {
        guard let controller = item as? ModelViewController, let presenting = presenter as? ModelViewController else { return }
        presenting.present(controller, animated: animated, completion: completion)
    }

    package func applyDismiss(presentedBy presenter: AnyObject, animated: Bool, completion: @escaping @MainActor () -> Void) {
        (presenter as? ModelViewController)?.dismiss(animated: animated, completion: completion)
    }

    package func setModalInPresentation(_ item: AnyObject, _ modal: Bool) {
        (item as? ModelViewController)?.isModalInPresentation = modal
    }

    package func watchDismissal(of item: AnyObject) {
        guard let controller = item as? ModelViewController, !(controller is ModelAlertController),
              !(controller.presentationDelegate is ModelSwipeDownWatcher) else {
            return
        }
        let watcher = ModelSwipeDownWatcher(core: core, previous: controller.presentationDelegate)
        controller.attach(watcher, for: "watcher")
        controller.presentationDelegate = watcher
    }
}

/// `SwipeDownWatcher` of the UIKit layer, over the model's presentation controller: asks
/// the decisions, and passes every message on to the delegate that was there.
@MainActor
final class ModelSwipeDownWatcher: ModelPresentationDelegate {
    private weak var core: PresentationCore?
    private weak var previous: (any ModelPresentationDelegate)?

    init(core: PresentationCore, previous: (any ModelPresentationDelegate)?) {
        self.core = core
        self.previous = previous
    }

    func presentationControllerShouldDismiss(_ presented: ModelViewController) -> Bool {
        let allowed = core?.shouldDismiss(presented) ?? true
        return allowed && (previous?.presentationControllerShouldDismiss(presented) ?? true)
    }

    func presentationControllerDidAttemptToDismiss(_ presented: ModelViewController) {
        previous?.presentationControllerDidAttemptToDismiss(presented)
        core?.didAttemptToDismiss(presented)
    }

    func presentationControllerWillDismiss(_ presented: ModelViewController) {
        previous?.presentationControllerWillDismiss(presented)
        core?.willDismiss(presented)
    }

    func presentationControllerDidDismiss(_ presented: ModelViewController) {
        core?.didDismiss(presented)
        previous?.presentationControllerDidDismiss(presented)
    }
}
