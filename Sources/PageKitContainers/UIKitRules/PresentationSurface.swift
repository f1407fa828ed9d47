package import PageKit

/// UIKit's modal presentation as ``PresentationCore`` sees it: what it reads of view
/// controllers and what it asks UIKit to do. `UIKitPageHost` translates it to UIKit; the
/// behaviour model in the tests answers as UIKit does, including when UIKit refuses
/// silently and never calls back.
@MainActor
package protocol PresentationSurface: AnyObject {
    /// What `item` itself presents (its `presentedViewController` whose
    /// `presentingViewController` is `item`), if anything.
    func presented(by item: AnyObject) -> AnyObject?
    /// What presents `item` (`presentingViewController`), if it is presented.
    func presenter(of item: AnyObject) -> AnyObject?
    /// The top of what `item`'s presentation context presents, whoever presented it
    /// (UIKit's `presentedViewController` read on `item`): an alert presented from any
    /// page of the level answers here.
    func covering(_ item: AnyObject) -> AnyObject?
    /// `item` as a page, when it is one PageKit may hold: a view controller that adopts
    /// `Page`; a system navigation controller (an image picker, a mail composer) is not.
    func page(of item: AnyObject) -> (any Page)?
    /// What UIKit would say of presenting from `item` now, and what is happening to it.
    func state(of item: AnyObject) -> PresentationState
    /// The coordinator of the transition `item` is in, if any.
    func transitionCoordination(of item: AnyObject) -> (any TransitionCoordination)?
    /// Whether `item` is held by a container or presented: UIKit raises when it is
    /// presented.
    func isShownElsewhere(_ item: AnyObject) -> Bool

    /// UIKit's `present(_:animated:completion:)` from `presenter`. UIKit may refuse it
    /// with only a console warning, and then never calls `completion`.
    func applyPresent(_ item: AnyObject, from presenter: AnyObject, animated: Bool,
                      completion: @escaping @MainActor () -> Void)
    /// UIKit's `dismiss(animated:completion:)` on `presenter`, which dismisses what it
    /// presents and everything above.
    func applyDismiss(presentedBy presenter: AnyObject, animated: Bool, completion: @escaping @MainActor () -> Void)
    /// Sets `isModalInPresentation` on a presented `item`: while `true`, UIKit does not
    /// let the person dismiss it and tells its presentation controller's delegate of the
    /// attempt instead.
    func setModalInPresentation(_ item: AnyObject, _ modal: Bool)
    /// Installs the watcher of the person's dismissal on `item`'s presentation controller,
    /// keeping whatever delegate is there now and forwarding every message to it; does
    /// nothing while the watcher is still in the slot.
    func watchDismissal(of item: AnyObject)
}

/// What UIKit would make of a presentation from a view controller now.
package struct PresentationState: Equatable, Sendable {
    /// Its view is in a window; UIKit refuses to present from one that is not.
    package var isInWindow: Bool
    /// It is being presented.
    package var isBeingPresented: Bool
    /// It is being dismissed.
    package var isBeingDismissed: Bool
    /// A transition of its own or of its container runs now.
    package var isInTransition: Bool

    package init(isInWindow: Bool, isBeingPresented: Bool = false, isBeingDismissed: Bool = false,
                 isInTransition: Bool = false) {
        self.isInWindow = isInWindow
        self.isBeingPresented = isBeingPresented
        self.isBeingDismissed = isBeingDismissed
        self.isInTransition = isInTransition
    }
}

/// Which of UIKit's view controllers PageKit holds as pages: decided once for the UIKit
/// layer and its behaviour model.
package enum PageControllers {
    /// Whether a navigation controller is a page PageKit holds. Every
    /// `UINavigationController` adopts `Page` (so that an app's own stacks are stacks out of
    /// the box), but UIKit's More tab and system controllers that are navigation
    /// controllers (an image picker, a mail composer) are not the app's: one PageKit did
    /// not make, with no name and no page inside, is left to the app, and a path that
    /// needs its place dismisses it.
    /// - Parameters:
    ///   - madeForQueue: It is a `QueueNavigationController`.
    ///   - isNamed: It has a `restorationIdentifier`, its page name.
    ///   - holdsPage: One of its view controllers is a page.
    ///   - isMoreTab: It is a tab bar controller's `moreNavigationController`.
    /// - Returns: Whether it counts as a page.
    package static func navigationControllerIsPage(madeForQueue: Bool, isNamed: Bool, holdsPage: Bool,
                                                   isMoreTab: Bool) -> Bool {
        !isMoreTab && (madeForQueue || isNamed || holdsPage)
    }
}
