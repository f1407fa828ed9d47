/// Which optional methods a delegate proxy of PageKit's answers for, and what it answers
/// when the app's delegate behind it does not: decided here, as data, for the proxies
/// that take UIKit's delegate slots (a navigation controller's, a tab bar controller's, a
/// presentation controller's) and pass every message on to the app's delegate.
///
/// Why it matters: UIKit asks `responds(to:)` when a delegate is assigned and remembers
/// the answer (reported for navigation, table and collection views: fastred/
/// AHKNavigationController#5); delegates are weak (`UINavigationController.h`,
/// `UITabBarController.h`, `UIPresentationController.h`), so the app's delegate may be
/// freed after UIKit remembered "yes". A proxy that forwarded such a message would then
/// hand it to nobody: "unrecognized selector". So every method a proxy ever answers for is
/// implemented by the proxy itself, passing the message on while the app's delegate lives
/// and answering UIKit's documented default once it is gone.
package struct DelegateForwarding: Sendable {
    /// When the proxy says it responds to a method.
    package enum Answer: Sendable, Equatable {
        /// Always: PageKit needs the message, or the default it answers is exactly what
        /// UIKit does when nobody implements the method.
        case always
        /// Only while the app's delegate implements it: what UIKit does when nobody
        /// implements the method cannot be reproduced, so the proxy stays out of the way;
        /// if UIKit remembered "yes" and the app's delegate is freed, the proxy answers
        /// the default given here.
        case whileForwarded(default: String)
    }

    /// An optional method of the protocol.
    package struct Method: Sendable {
        /// Its Objective-C selector, as UIKit sends it.
        package let selector: String
        /// Its Swift name, as the proxy implements it.
        package let swiftName: String
        /// When the proxy says it responds to it.
        package let answer: Answer
    }

    /// The protocol, for messages.
    package let name: String
    /// Every optional method of the protocol in the iOS 16.5 SDK.
    package let list: [Method]
    private let methods: [String: Answer]

    init(name: String, _ list: [Method]) {
        self.name = name
        self.list = list
        methods = Dictionary(uniqueKeysWithValues: list.map { ($0.selector, $0.answer) })
    }

    /// Whether the proxy says it responds to `selector`.
    /// - Parameters:
    ///   - selector: An Objective-C selector.
    ///   - appResponds: Whether the app's delegate, now, responds to it.
    /// - Returns: The answer for `responds(to:)`.
    package func responds(to selector: String, appResponds: Bool) -> Bool {
        switch methods[selector] {
        case .always?: true
        case .whileForwarded?: appResponds
        // A method newer than the SDK PageKit knows: passed on while the app's delegate
        // answers for it.
        case nil: appResponds
        }
    }

    /// Whether a message UIKit may send after it asked `responds(to:)` is handled by the
    /// proxy itself, so that a freed app delegate cannot leave it unanswered.
    /// - Parameter selector: An Objective-C selector.
    /// - Returns: `true` for every method the table lists.
    package func isImplemented(_ selector: String) -> Bool {
        methods[selector] != nil
    }

    /// `UINavigationControllerDelegate` (`UINavigationController.h`).
    package static let navigationController = DelegateForwarding(name: "UINavigationControllerDelegate", [
        .init(selector: "navigationController:willShowViewController:animated:",
              swiftName: "navigationController(_:willShow:animated:)",
              answer: .always),
        .init(selector: "navigationController:didShowViewController:animated:",
              swiftName: "navigationController(_:didShow:animated:)",
              answer: .always),
        .init(selector: "navigationControllerSupportedInterfaceOrientations:",
              swiftName: "navigationControllerSupportedInterfaceOrientations(_:)",
              answer: .whileForwarded(default: "all on iPad, all but upside down on iPhone (UIViewController's documented default)")),
        .init(selector: "navigationControllerPreferredInterfaceOrientationForPresentation:",
              swiftName: "navigationControllerPreferredInterfaceOrientationForPresentation(_:)",
              answer: .whileForwarded(default: "the window scene's current orientation")),
        .init(selector: "navigationController:interactionControllerForAnimationController:",
              swiftName: "navigationController(_:interactionControllerFor:)",
              answer: .always),
        .init(selector: "navigationController:animationControllerForOperation:fromViewController:toViewController:",
              swiftName: "navigationController(_:animationControllerFor:from:to:)",
              answer: .always),
    ])

    /// `UITabBarControllerDelegate` (`UITabBarController.h`).
    package static let tabBarController = DelegateForwarding(name: "UITabBarControllerDelegate", [
        .init(selector: "tabBarController:shouldSelectViewController:",
              swiftName: "tabBarController(_:shouldSelect:)",
              answer: .always),
        .init(selector: "tabBarController:didSelectViewController:",
              swiftName: "tabBarController(_:didSelect:)",
              answer: .always),
        .init(selector: "tabBarController:willBeginCustomizingViewControllers:",
              swiftName: "tabBarController(_:willBeginCustomizing:)",
              answer: .always),
        .init(selector: "tabBarController:willEndCustomizingViewControllers:changed:",
              swiftName: "tabBarController(_:willEndCustomizing:changed:)",
              answer: .always),
        .init(selector: "tabBarController:didEndCustomizingViewControllers:changed:",
              swiftName: "tabBarController(_:didEndCustomizing:changed:)",
              answer: .always),
        .init(selector: "tabBarControllerSupportedInterfaceOrientations:",
              swiftName: "tabBarControllerSupportedInterfaceOrientations(_:)",
              answer: .whileForwarded(default: "all on iPad, all but upside down on iPhone (UIViewController's documented default)")),
        .init(selector: "tabBarControllerPreferredInterfaceOrientationForPresentation:",
              swiftName: "tabBarControllerPreferredInterfaceOrientationForPresentation(_:)",
              answer: .whileForwarded(default: "the window scene's current orientation")),
        .init(selector: "tabBarController:interactionControllerForAnimationController:",
              swiftName: "tabBarController(_:interactionControllerFor:)",
              answer: .always),
        .init(selector: "tabBarController:animationControllerForTransitionFromViewController:toViewController:",
              swiftName: "tabBarController(_:animationControllerForTransitionFrom:to:)",
              answer: .always),
    ])

    /// `UIAdaptivePresentationControllerDelegate` (`UIPresentationController.h`).
    package static let presentationController = DelegateForwarding(
        name: "UIAdaptivePresentationControllerDelegate",
        [
            .init(selector: "adaptivePresentationStyleForPresentationController:",
              swiftName: "adaptivePresentationStyle(for:)",
              answer: .whileForwarded(default: "the presented controller's own presentation style, not adapted")),
            .init(selector: "adaptivePresentationStyleForPresentationController:traitCollection:",
              swiftName: "adaptivePresentationStyle(for:traitCollection:)",
              answer: .whileForwarded(default: "the presented controller's own presentation style, not adapted")),
            .init(selector: "presentationController:viewControllerForAdaptivePresentationStyle:",
              swiftName: "presentationController(_:viewControllerForAdaptivePresentationStyle:)",
              answer: .whileForwarded(default: "nil: the presented controller itself")),
            .init(selector: "presentationController:willPresentWithAdaptiveStyle:transitionCoordinator:",
              swiftName: "presentationController(_:willPresentWithAdaptiveStyle:transitionCoordinator:)",
              answer: .always),
            .init(selector: "presentationControllerShouldDismiss:",
              swiftName: "presentationControllerShouldDismiss(_:)",
              answer: .always),
            .init(selector: "presentationControllerWillDismiss:",
              swiftName: "presentationControllerWillDismiss(_:)",
              answer: .always),
            .init(selector: "presentationControllerDidDismiss:",
              swiftName: "presentationControllerDidDismiss(_:)",
              answer: .always),
            .init(selector: "presentationControllerDidAttemptToDismiss:",
              swiftName: "presentationControllerDidAttemptToDismiss(_:)",
              answer: .always),
        ]
    )
}
