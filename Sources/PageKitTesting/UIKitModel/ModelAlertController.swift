public import PageKit
import PageKitContainers

/// A `UIAlertController` of the ``UIKitModel``, made by the model host for an
/// `AlertPage` as the UIKit host makes one (`AlertControllerPlan`).
///
/// UIKit's side (`UIAlertController.h` carries no comments; what follows is reported):
/// - a tapped action takes the alert away first and runs its handler once the dismissal
///   is over (material-components-ios#1885, PivotalCoreKit#152; swift-navigation defers
///   its own `onDismiss` past the handler for this reason);
/// - a second action with the cancel style stops the app ("UIAlertController can only
///   have one action with a style of UIAlertActionStyleCancel");
/// - an action sheet shown as a popover (a regular width) without a source view stops the
///   app ("You must provide either a sourceView and sourceRect or a barButtonItem").
@MainActor
public final class ModelAlertController: ModelViewController {
    /// A `UIAlertAction`.
    public struct Action {
        /// Its title.
        public let title: String
        /// Whether its style is `.cancel`.
        public let isCancel: Bool
        let handler: @MainActor () -> Void
    }

    /// The page it shows.
    public let page: AlertPage
    /// `preferredStyle == .actionSheet`.
    public let isActionSheet: Bool
    /// Its actions, in order.
    public private(set) var actions: [Action] = []
    /// Whether its popover has a source view.
    public var hasPopoverAnchor = false
    /// Whether it shows an alert page of the hierarchy; a question's alert is not a page,
    /// as the UIKit host attaches no page to it.
    var standsForPage = true

    init(_ model: UIKitModel, page: AlertPage, plan: AlertControllerPlan) {
        self.page = page
        isActionSheet = plan.isActionSheet
        super.init(model, title: plan.title)
    }

    /// `addAction(_:)`.
    public func addAction(title: String, isCancel: Bool, handler: @escaping @MainActor () -> Void) {
        if isCancel, actions.contains(where: \.isCancel) {
            return model.raise("UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        actions.append(Action(title: title, isCancel: isCancel, handler: handler))
    }

    /// The person taps the action titled `title`: UIKit takes the alert away, then runs
    /// the action's handler once the dismissal is over.
    /// - Returns: Whether there was such an action on screen to take the touch
    ///   (``UIKitModel/isIgnoringTouches``: not while the alert still slides in).
    @discardableResult
    public func personTaps(_ title: String) -> Bool {
        guard let action = actions.first(where: { $0.title == title }), let presenter = presentingViewController,
              !isBeingDismissed, model.takesTouch("alert action \(title)") else { return false }
        model.called("alert action \(title)")
        presenter.dismiss(animated: true) { action.handler() }
        return true
    }

    /// Checked as it is presented on a regular width.
    func checkPresentable(regularWidth: Bool) -> Bool {
        guard isActionSheet, regularWidth, !hasPopoverAnchor else { return true }
        model.raise("Your application has presented a UIAlertController of style UIAlertControllerStyleActionSheet "
            + "… You must provide either a sourceView and sourceRect or a barButtonItem")
        return false
    }
}
