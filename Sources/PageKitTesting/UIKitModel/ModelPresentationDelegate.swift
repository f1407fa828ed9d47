import PageKit
import PageKitContainers

/// A presentation controller's delegate, as the model calls it: UIKit's four dismissal
/// messages. The defaults are UIKit's when a delegate does not implement one.
@MainActor
public protocol ModelPresentationDelegate: AnyObject {
    func presentationControllerShouldDismiss(_ presented: ModelViewController) -> Bool
    func presentationControllerDidAttemptToDismiss(_ presented: ModelViewController)
    func presentationControllerWillDismiss(_ presented: ModelViewController)
    func presentationControllerDidDismiss(_ presented: ModelViewController)
}
