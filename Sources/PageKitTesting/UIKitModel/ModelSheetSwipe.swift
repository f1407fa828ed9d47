import PageKit
import PageKitContainers

/// The person's swipe down of a presented controller, as UIKit runs it
/// (`UIPresentationController.h`, `UIAdaptivePresentationControllerDelegate`):
/// `ShouldDismiss` is asked first, unless `isModalInPresentation`; a refusal, or a modal
/// presentation, sends `DidAttemptToDismiss` and nothing moves. Otherwise `WillDismiss`
/// comes before the finger has decided and the presenting context gets an interactive
/// coordinator; ``finish()`` dismisses (the root's `viewDidDisappear` while
/// `isBeingDismissed`, the coordinator's completion, then `DidDismiss`), ``abandon()``
/// springs back (a cancelled completion, and no `DidDismiss`).
@MainActor
public final class ModelSheetSwipe {
    /// What became of the start of the swipe.
    public enum Start: Equatable, Sendable {
        /// The sheet follows the finger.
        case following
        /// UIKit refused it (`ShouldDismiss` said no, or the presentation is modal) and
        /// told the delegate of the attempt.
        case refused
    }

    private weak var sheet: ModelViewController?
    private var coordinator: ModelCoordinator?
    /// What became of the start of the swipe.
    public private(set) var start = Start.refused

    init(sheet: ModelViewController) {
        self.sheet = sheet
        let model = sheet.model
        let delegate = sheet.presentationDelegate
        if sheet.isModalInPresentation {
            if model.behaviour.asksShouldDismissWhenModal { _ = delegate?.presentationControllerShouldDismiss(sheet) }
            model.called("presentationControllerDidAttemptToDismiss \(sheet.title)")
            delegate?.presentationControllerDidAttemptToDismiss(sheet)
            return
        }
        guard delegate?.presentationControllerShouldDismiss(sheet) ?? true else {
            model.called("presentationControllerDidAttemptToDismiss \(sheet.title)")
            delegate?.presentationControllerDidAttemptToDismiss(sheet)
            return
        }
        start = .following
        // Being dismissed from the moment the finger takes it: an interactive dismissal
        // sends `viewWillDisappear` as it begins, where `isBeingDismissed` answers
        // (`UIViewController.h`), as `isMovingFromParent` does in a swipe back that may
        // still be cancelled (notifyWhenInteractionEnds in
        // `UIViewControllerTransitionCoordinator.h`).
        sheet.isBeingDismissed = true
        let coordinator = ModelCoordinator(model: model, interactive: true)
        self.coordinator = coordinator
        sheet.presentingViewController?.presentationCoordinator = coordinator
        model.called("presentationControllerWillDismiss \(sheet.title)")
        delegate?.presentationControllerWillDismiss(sheet)
        sheet.disappearing()
    }

    /// The finger lifts past the point of no return: the sheet goes.
    public func finish() {
        guard start == .following, let sheet, let coordinator, let presenter = sheet.presentingViewController else { return }
        self.coordinator = nil
        let model = sheet.model
        coordinator.interactionEnded(cancelled: false)
        model.animate { [weak sheet, weak presenter] in
            guard let sheet, let presenter else { return }
            presenter.finishDismissal(of: sheet)
            // Its completions run while the transition is still UIKit's.
            coordinator.complete()
            presenter.presentationCoordinator = nil
            model.called("presentationControllerDidDismiss \(sheet.title)")
            sheet.presentationDelegate?.presentationControllerDidDismiss(sheet)
        }
    }

    /// The finger lifts early: the sheet springs back, and nothing else is said.
    public func abandon() {
        guard start == .following, let sheet, let coordinator else { return }
        self.coordinator = nil
        coordinator.interactionEnded(cancelled: true)
        let presenter = sheet.presentingViewController
        sheet.model.animate { [weak presenter, weak sheet] in
            // It springs back: no longer being dismissed once it is in place.
            sheet?.isBeingDismissed = false
            coordinator.complete()
            presenter?.presentationCoordinator = nil
        }
    }
}
