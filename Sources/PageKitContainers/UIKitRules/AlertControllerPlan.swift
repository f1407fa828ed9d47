package import PageKit

/// What UIKit is told to show for an ``/PageKit/AlertPage``: a `UIAlertController` of
/// this style, with these actions in order, and, for a confirmation dialog, where its
/// popover points on a regular width.
///
/// A value, so the UIKit host and the behaviour model build the same controller, and a
/// test reads it: `UIAlertController.h` says nothing of its rules, and UIKit stops an app
/// that adds a second cancel action ("UIAlertController can only have one action with a
/// style of UIAlertActionStyleCancel", reported) or presents an action sheet on a regular
/// width without a popover anchor ("You must provide either a sourceView and sourceRect
/// or a barButtonItem", reported). The content is checked before it gets here
/// (`AlertContent.validated()`), and a dialog always gets an anchor.
package struct AlertControllerPlan: Equatable {
    /// `UIAlertAction.Style`.
    package enum ActionStyle: Equatable {
        case `default`, cancel, destructive
    }

    /// One `UIAlertAction`: its title and style, and the button it answers with.
    package struct Action: Equatable {
        package let id: String
        package let title: String
        package let style: ActionStyle
    }

    /// `UIAlertController`'s title.
    package let title: String
    /// Its message.
    package let message: String?
    /// `preferredStyle` is `.actionSheet`: a confirmation dialog.
    package let isActionSheet: Bool
    /// Its actions, in order.
    package let actions: [Action]
    /// Whether its popover must be anchored: an action sheet is a popover on a regular
    /// width. The host points it at the presenter's view, centred, with no arrow.
    package var needsPopoverAnchor: Bool { isActionSheet }

    /// The plan for `alert`.
    /// - Parameter alert: The alert.
    @MainActor
    package init(_ alert: AlertPage) {
        let content = alert.content
        title = content.title
        message = content.message
        isActionSheet = content.style == .confirmationDialog
        actions = content.buttons.map { button in
            let style: ActionStyle = switch button.role {
            case .cancel: .cancel
            case .destructive: .destructive
            case nil: .default
            }
            return Action(id: button.id, title: button.title, style: style)
        }
    }
}

extension PresentationCore {
    /// The person tapped the action `id` of the alert controller `item` that shows
    /// `alert`. UIKit has already taken the alert away when it runs an action's handler:
    /// the person's dismissal is reported first, then the alert answers; an answer that
    /// fails (it cannot, for an action made from the alert's own buttons) is reported as
    /// a refusal rather than lost.
    /// - Parameters:
    ///   - id: The button's id.
    ///   - alert: The alert.
    ///   - item: The alert controller.
    package func alertActionRan(_ id: String, of alert: AlertPage, shownBy item: AnyObject) {
        if questionAnswered(id, of: alert) { return }  // Not a page: nothing to report.
        alertGone(item)
        alert.answer(id, reportingFailureOn: queue)
    }
}

extension AlertPage {
    /// Answers with the button `id` for a platform's action, which cannot throw: a
    /// failure (a second answer) is reported on `queue` as a refused change, not lost.
    /// - Parameters:
    ///   - id: The button's id.
    ///   - queue: The queue to report a failure on.
    package func answer(_ id: String, reportingFailureOn queue: TransitionQueue) {
        do {
            try choose(id)
        } catch {
            queue.reportRefusal(error as? NavigationError ?? NavigationError(.invalidAlert, reason: "\(error)"), by: .user)
        }
    }
}
