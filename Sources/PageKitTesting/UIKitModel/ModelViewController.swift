import PageKit
import PageKitContainers

/// A view controller of the ``UIKitModel``, with what UIKit keeps for it (its parent,
/// its presentation, its navigation item) and the callbacks UIKit would send. It is not a
/// page: ``ModelScreen`` is, and so are the model's containers; a bare one stands for what
/// an app presents that is not a page (an alert, a share sheet).
@MainActor
open class ModelViewController {
    /// The device.
    public unowned let model: UIKitModel
    /// Its title: a page's name, or what it is.
    public internal(set) var title: String
    /// The container that holds it (`parent`).
    public internal(set) weak var parent: ModelViewController?
    /// What presents it (`presentingViewController`).
    public internal(set) weak var presentingViewController: ModelViewController?
    /// What it presents as the root of a presentation context.
    var ownPresented: ModelViewController?
    /// Set by the model on the window's root.
    weak var window: UIKitModel?
    /// `isBeingPresented`: true while its presentation animates.
    public internal(set) var isBeingPresented = false
    /// `isBeingDismissed`: true while its dismissal animates.
    public internal(set) var isBeingDismissed = false
    /// A transition of its own presentation runs (`transitionCoordinator` of the
    /// presenting context).
    var presentationCoordinator: ModelCoordinator?
    /// `isModalInPresentation`.
    public var isModalInPresentation = false
    /// Whether it is presented as `.fullScreen` (`modalPresentationStyle`), as the host
    /// sets it for ``/PageKit/PresentationStyle/fullScreen``: once it has appeared, its
    /// presenter's views are out of the window (see ``isInWindow``), and there is no swipe
    /// down.
    public var isFullScreen = false
    /// Its navigation item: back button, back action, left item.
    public let navigationItem = ModelNavigationItem()
    /// The presentation controller's delegate slot (weak, as UIKit's).
    public weak var presentationDelegate: (any ModelPresentationDelegate)?
    /// What it keeps alive for others (Objective-C's associated objects).
    var attached: [String: AnyObject] = [:]
    private var isLoaded = false

    /// A view controller.
    /// - Parameters:
    ///   - model: The device.
    ///   - title: What it is called.
    public init(_ model: UIKitModel, title: String) {
        self.model = model
        self.title = title
    }

    /// Called once, before it is first shown; a page may take its presentation
    /// controller's delegate slot here.
    open func viewDidLoad() {}

    /// Called as its view is about to leave the window; `isBeingDismissed` says whether
    /// it is the root of a level whose dismissal begins.
    open func viewWillDisappear() {}

    /// Called when its view left the window; `isBeingDismissed` says whether it is the
    /// root of a level being dismissed.
    open func viewDidDisappear() {}

    func loadViewIfNeeded() {
        guard !isLoaded else { return }
        isLoaded = true
        viewDidLoad()
    }

    // MARK: Where it is

    /// Whether its view is in the window: the root, the top of a stack in the window, the
    /// selected tab of a tab bar in the window, or presented from one in the window; not
    /// while a full-screen presentation it presents covers it.
    ///
    /// Apple's documentation of `UIModalPresentationStyle.fullScreen`: the presenting views
    /// "are removed after the presentation completes"; they come back as the dismissal
    /// starts, and the presenter gets `viewDidDisappear` and `viewDidAppear` as they go and
    /// come. A navigation controller out of the window changes at once, with no
    /// coordinator, as it does in a tab not selected.
    public var isInWindow: Bool {
        if isCovered { return false }
        if window != nil { return true }
        if let presenter = presentingViewController { return presenter.hangsFromWindow }
        guard let parent else { return false }
        guard parent.isInWindow else { return false }
        if let stack = parent as? ModelNavigationController { return stack.viewControllers.last === self }
        if let tabs = parent as? ModelTabBarController { return tabs.selectedViewController === self }
        if let split = parent as? ModelSplitViewController { return split.showsColumn(self) }
        return true
    }

    /// Whether a touch can reach its view: in the window, and with nothing presented over
    /// it or over a container that holds it. A presentation takes every touch outside it
    /// (an alert's, a sheet's dimming view; a popover's outside tap dismisses it first),
    /// but a sheet the app left undimmed
    /// (``UIKitModel/Behaviour/sheetsLetTouchesBehind``).
    var takesTouches: Bool {
        guard isInWindow else { return false }
        var level: ModelViewController? = self
        while let current = level {
            if let presented = current.ownPresented, !presented.letsTouchesBehind { return false }
            level = current.parent
        }
        return true
    }

    /// Whether, presented, it lets touches reach what it is presented over: an undimmed
    /// sheet, and nothing presented over it that does not.
    private var letsTouchesBehind: Bool {
        guard model.behaviour.sheetsLetTouchesBehind, !isFullScreen, !(self is ModelAlertController) else { return false }
        return ownPresented?.letsTouchesBehind ?? true
    }

    /// Whether a full-screen presentation from it has appeared and is not going.
    private var isCovered: Bool {
        guard let covering = ownPresented, covering.isFullScreen else { return false }
        return !covering.isBeingPresented && !covering.isBeingDismissed
    }

    /// Whether a presentation context hangs from the window, covered or not.
    private var hangsFromWindow: Bool {
        if window != nil { return true }
        return presentingViewController?.hangsFromWindow ?? false
    }

    /// The root of its presentation context: the top of its parents.
    var context: ModelViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    /// `presentedViewController`: what its presentation context presents, as UIKit
    /// answers for every view controller under the one that presents.
    public var presentedViewController: ModelViewController? {
        context.ownPresented
    }

    /// The coordinator of a transition it is in, if any (`transitionCoordinator`).
    var transitionCoordinator: ModelCoordinator? {
        if let coordinator = context.presentationCoordinator ?? presentationCoordinator
            ?? presentingViewController?.presentationCoordinator { return coordinator }
        var current: ModelViewController? = self
        while let controller = current {
            if let stack = controller as? ModelNavigationController, let coordinator = stack.coordinator { return coordinator }
            current = controller.parent
        }
        return nil
    }

    // MARK: Presentation, as UIKit does it

    /// `present(_:animated:completion:)`.
    ///
    /// Refused with only a console warning, and no completion, when the context already
    /// presents, its view is not in a window, or a presentation or dismissal is under way
    /// (library reports: ThornTechPublic/InteractiveModal#8, nicklockwood/iRate#191,
    /// kevin-lyn/STPopup#91). Raises for a controller already presented or in a
    /// container (capacitor-community/privacy-screen#83). The completion runs after the
    /// presented controller appeared (`UIViewController.h`).
    public func present(_ controller: ModelViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        let context = self.context
        if controller.presentingViewController != nil || controller.parent != nil {
            return model.raise("Application tried to present modally a view controller \(controller.title) that is already shown")
        }
        if let current = context.ownPresented {
            return model.warn("Attempt to present \(controller.title) on \(context.title) which is already presenting \(current.title)")
        }
        guard isInWindow else {
            return model.warn("Attempt to present \(controller.title) on \(title) whose view is not in the window hierarchy")
        }
        if context.isBeingPresented || context.isBeingDismissed || context.presentationCoordinator != nil {
            return model.warn("Attempt to present \(controller.title) on \(context.title) while a presentation is in progress")
        }
        controller.loadViewIfNeeded()
        context.ownPresented = controller
        controller.presentingViewController = context
        controller.isBeingPresented = true
        model.called("present \(controller.title) from \(context.title)")
        let end: @MainActor () -> Void = { [weak controller, weak context] in
            controller?.isBeingPresented = false
            // A full-screen presentation takes the presenter's views out of the window.
            if let context, controller?.isFullScreen == true { context.disappear(covered: true) }
            context?.presentationCoordinator?.complete()
            context?.presentationCoordinator = nil
            completion?()
        }
        if animated { context.presentationCoordinator = ModelCoordinator(model: model, interactive: false) }
        model.runPresentation(animated: animated, end)
    }

    /// `dismiss(animated:completion:)`.
    ///
    /// Dismisses what it presents and everything above; one that presents nothing asks
    /// its presenter to dismiss it (Apple's documentation of the method). With nothing to
    /// dismiss nothing happens, and whether the completion runs is undocumented
    /// (``UIKitModel/Behaviour/completesEmptyDismiss``). Dropped with a warning during a
    /// presentation or dismissal. No presentation controller delegate hears of it
    /// (`UIPresentationController.h`); the dismissed root gets `viewWillDisappear` as it
    /// begins and `viewDidDisappear` as it ends, each with `isBeingDismissed`
    /// (`UIViewController.h`: `isBeingDismissed` is meant to be read "inside your
    /// viewWillDisappear: and viewDidDisappear: methods"), then the completion runs.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        let context = self.context
        guard let dismissed = context.ownPresented ?? (context.presentingViewController != nil ? context : nil),
              let presenter = dismissed.presentingViewController else {
            if model.behaviour.completesEmptyDismiss, let completion { model.nextTurn(completion) }
            return
        }
        if presenter.presentationCoordinator != nil || dismissed.isBeingPresented || dismissed.isBeingDismissed {
            return model.warn("Attempt to dismiss from \(presenter.title) while a presentation or dismiss is in progress")
        }
        model.called("dismiss \(dismissed.title) presented by \(presenter.title)")
        dismissed.isBeingDismissed = true
        let uncovers = dismissed.isFullScreen
        let end: @MainActor () -> Void = { [weak dismissed, weak presenter] in
            guard let dismissed, let presenter else { return }
            presenter.finishDismissal(of: dismissed)
            // Back in the window: `viewDidAppear`, and a `didShow` owed since.
            if uncovers { presenter.reappeared() }
            presenter.presentationCoordinator?.complete()
            presenter.presentationCoordinator = nil
            completion?()
        }
        if animated { presenter.presentationCoordinator = ModelCoordinator(model: model, interactive: false) }
        model.runPresentation(animated: animated, end)
        dismissed.disappearing()
    }

    /// Takes `dismissed` and everything above it off screen: `viewDidDisappear` on each
    /// presented root, while `isBeingDismissed`.
    func finishDismissal(of dismissed: ModelViewController) {
        var levels: [ModelViewController] = [dismissed]
        while let above = levels.last?.ownPresented { levels.append(above) }
        for level in levels.reversed() {
            level.isBeingDismissed = true
            level.disappear()
            level.isBeingDismissed = false
            level.presentingViewController?.ownPresented = nil
            level.presentingViewController = nil
        }
    }

    func disappearing() {
        model.called("viewWillDisappear \(title)\(isBeingDismissed ? " (being dismissed)" : "")")
        viewWillDisappear()
    }

    func disappear(covered: Bool = false) {
        model.called("viewDidDisappear \(title)\(isBeingDismissed ? " (being dismissed)" : covered ? " (covered)" : "")")
        viewDidDisappear()
    }

    /// Its view came back into the window, a full-screen presentation over it gone: each
    /// navigation controller in the window that owes a `didShow` sends it now, if UIKit
    /// sends one at all (``UIKitModel/Behaviour/didShowOnReappear``).
    func reappeared() {
        model.called("viewDidAppear \(title) (uncovered)")
        var next: [ModelViewController] = [self]
        while let controller = next.popLast() {
            switch controller {
            case let stack as ModelNavigationController:
                if stack.isInWindow { stack.appeared() }
                next += stack.viewControllers
            case let tabs as ModelTabBarController:
                next += tabs.viewControllers
            case let split as ModelSplitViewController:
                next += split.columns
            default:
                break
            }
        }
    }

    // MARK: The person's swipe down

    /// The person swipes this presented controller down, as a sheet lets them: see
    /// ``ModelSheetSwipe`` for what UIKit then says, and to whom.
    /// - Returns: The swipe, or `nil` when it is not a presented root, is presented full
    ///   screen, or UIKit ignores touches (``UIKitModel/isIgnoringTouches``).
    public func personSwipesDown() -> ModelSheetSwipe? {
        // UIKit's swipe down belongs to sheets: a full-screen presentation has none.
        guard presentingViewController != nil, !isFullScreen, model.takesTouch("swipe down \(title)") else { return nil }
        return ModelSheetSwipe(sheet: self)
    }

    /// Keeps `object` under `key` for as long as this controller lives.
    func attach(_ object: AnyObject?, for key: String) {
        attached[key] = object
    }
}

extension ModelPresentationDelegate {
    public func presentationControllerShouldDismiss(_ presented: ModelViewController) -> Bool { true }
    public func presentationControllerDidAttemptToDismiss(_ presented: ModelViewController) {}
    public func presentationControllerWillDismiss(_ presented: ModelViewController) {}
    public func presentationControllerDidDismiss(_ presented: ModelViewController) {}
}
