//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#if canImport(SwiftUI) && os(iOS)
import PageKitContainers
import SwiftUI
import UIKit

/// What UIKit tells the hosting controller a page's view lives in, reported to a model:
/// the end of the push, pop or presentation that showed it, the end of the dismissal that
/// removed it, and the person's swipe back.
///
/// A representable's controller is a child of the hosting controller, so it hears the
/// hosting controller's appearance: `viewDidAppear` comes once the animation is over,
/// where `onAppear` runs before the first frame ("completes before the first rendered
/// frame appears", SwiftUI's documentation of `onAppear(perform:)`). It also reads the
/// transition coordinator as the transition starts and reports its completion, unless it
/// was cancelled (`UIKit/UIViewControllerTransitionCoordinator.h`); whichever comes first
/// counts, and the model ignores the second.
@MainActor
struct HostingEvents: UIViewControllerRepresentable {
    /// The page's transition has ended with it on screen.
    var didAppear: @MainActor () -> Void
    /// The page is off screen (`viewDidDisappear`): a dismissal of it has ended.
    var didDisappear: (@MainActor () -> Void)?
    /// The person's swipe back began (`nil`), or its transition ended, cancelled or not.
    var swipeBack: (@MainActor (_ cancelled: Bool?) -> Void)?
    /// The person's swipe down of the sheet it is in began (`nil`), or its transition
    /// ended, cancelled or not.
    var swipeDown: (@MainActor (_ cancelled: Bool?) -> Void)?

    func makeUIViewController(context: Context) -> HostingEventsController {
        HostingEventsController()
    }

    func updateUIViewController(_ controller: HostingEventsController, context: Context) {
        controller.didAppear = didAppear
        controller.didDisappear = didDisappear
        controller.swipeBack = swipeBack
        controller.swipeDown = swipeDown
    }
}

/// The controller of ``HostingEvents``: an empty view, and the appearance callbacks it
/// receives as the hosting controller's child.
@MainActor
final class HostingEventsController: UIViewController {
    var didAppear: @MainActor () -> Void = {}
    var didDisappear: (@MainActor () -> Void)?
    var swipeBack: (@MainActor (_ cancelled: Bool?) -> Void)?
    var swipeDown: (@MainActor (_ cancelled: Bool?) -> Void)?
    private weak var gesture: UIGestureRecognizer?

    override func loadView() {
        let view = UIView(frame: .zero)
        view.isUserInteractionEnabled = false
        self.view = view
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let coordinator = transitionCoordinator else { return }
        coordinator.animate(alongsideTransition: nil) { [weak self] context in
            guard !context.isCancelled else { return }
            self?.didAppear()
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        didAppear()
        // Only the page on screen listens to the swipe back, which would pop it.
        if swipeBack != nil, gesture == nil, let recognizer = navigationController?.interactivePopGestureRecognizer {
            recognizer.addTarget(self, action: #selector(swipeChanged(_:)))
            gesture = recognizer
        }
    }

    /// The page's hosting controller leaves its navigation controller with no gesture:
    /// the person tapped the system back button (or the back menu), and SwiftUI writes
    /// the shorter path only once the pop has animated. Told as a pop beginning and, at
    /// the coordinator's completion, ending, as for the swipe: the model holds the queue
    /// meanwhile when it is idle, so nothing writes the path mid-animation. PageKit's own
    /// pops run in the queue, which then holds nothing more.
    ///
    /// The presented root being dismissed with an interactive transition is the person's
    /// swipe down of the sheet, which SwiftUI reports only when it writes the binding at
    /// the end (PRE-7: `isBeingDismissed` belongs to the presented root, read here): told
    /// as it begins and as its transition ends, so the host holds the queue meanwhile.
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let report = swipeDown, let root = presentedRoot, root.isBeingDismissed,
           let coordinator = root.transitionCoordinator, coordinator.isInteractive {
            report(nil)
            coordinator.animate(alongsideTransition: nil) { context in report(context.isCancelled) }
        }
        guard let report = swipeBack, let coordinator = transitionCoordinator, !coordinator.isInteractive,
              pageController?.isMovingFromParent == true else { return }
        report(nil)
        coordinator.animate(alongsideTransition: nil) { context in report(context.isCancelled) }
    }

    /// The outermost ancestor: the presented root, for a view in a sheet.
    private var presentedRoot: UIViewController? {
        var current: UIViewController = self
        while let parent = current.parent { current = parent }
        return current.presentingViewController == nil ? nil : current
    }

    /// The ancestor the navigation controller holds: the page's hosting controller.
    private var pageController: UIViewController? {
        var current: UIViewController? = self
        while let controller = current, !(controller.parent is UINavigationController) { current = controller.parent }
        return current
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        didDisappear?()
        gesture?.removeTarget(self, action: #selector(swipeChanged(_:)))
        gesture = nil
    }

    /// The swipe back began: the model holds the queue until the interactive pop's
    /// coordinator completes, then reads whether it was cancelled.
    @objc private func swipeChanged(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began, let swipeBack else { return }
        swipeBack(nil)
        guard let coordinator = navigationController?.transitionCoordinator else {
            return swipeBack(true)
        }
        let end: (any UIViewControllerTransitionCoordinatorContext) -> Void = { [weak self] context in
            self?.swipeBack?(context.isCancelled)
        }
        if coordinator.isInteractive {
            coordinator.notifyWhenInteractionChanges { _ in
                coordinator.animate(alongsideTransition: nil, completion: end)
            }
        } else {
            coordinator.animate(alongsideTransition: nil, completion: end)
        }
    }
}

extension View {
    /// The view, with ``HostingEvents`` beside it: never empty, so the events come even
    /// when the view itself draws nothing (`onAppear` of an `EmptyView` never runs).
    @MainActor
    func hostingEvents(didAppear: @escaping @MainActor () -> Void, didDisappear: (@MainActor () -> Void)? = nil,
                       swipeBack: (@MainActor (_ cancelled: Bool?) -> Void)? = nil,
                       swipeDown: (@MainActor (_ cancelled: Bool?) -> Void)? = nil) -> some View {
        ZStack {
            HostingEvents(didAppear: didAppear, didDisappear: didDisappear, swipeBack: swipeBack, swipeDown: swipeDown)
                .frame(width: 0, height: 0)
                .allowsHitTesting(false)
                .accessibilityHidden(true)
            self
        }
    }
}
#endif
