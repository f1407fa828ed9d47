#if canImport(UIKit)
public import PageKit
public import UIKit

/// Animates the built-in `TransitionStyle`s that UIKit has no stock animation
/// for (a push that rises like a modal, moves in from an edge, drops down, flips, curls
/// or fades), for navigation controllers and for presentations.
final class PageTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private let style: TransitionStyle
    private let isAppearing: Bool

    /// - Parameters:
    ///   - style: The style; `.platform` and `.custom` are not animated here.
    ///   - isAppearing: Whether the page animates in (a push, a present) or out.
    init(style: TransitionStyle, isAppearing: Bool) {
        self.style = style
        self.isAppearing = isAppearing
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        style == .none ? 0 : 0.35
    }

    /// Carries out the ``AnimatorPlan`` for the views UIKit hands over: a `nil` view (the
    /// presenter's under a sheet) is left alone, never a reason to cancel, and the view
    /// that leaves gets its transform, alpha and visibility back at the end.
    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let fromView = context.view(forKey: .from)
        let toView = context.view(forKey: .to)
        let plan = AnimatorPlan.plan(for: style, isAppearing: isAppearing, hasFromView: fromView != nil,
                                     hasToView: toView != nil)
        let container = context.containerView
        let duration = transitionDuration(using: context)
        let finish: (Bool) -> Void = { _ in
            if plan.restoresFromView, let fromView {
                fromView.transform = .identity
                fromView.alpha = 1
                fromView.isHidden = false
            }
            context.completeTransition(!context.transitionWasCancelled)
        }
        if let toView, let toController = context.viewController(forKey: .to) {
            toView.frame = context.finalFrame(for: toController)
        }
        if plan.addsToView, let toView {
            if let fromView, case .slideOut = plan.motion, fromView.superview === container {
                container.insertSubview(toView, belowSubview: fromView)
            } else {
                container.addSubview(toView)
            }
        }
        let bounds = container.bounds
        func offset(_ edge: TransitionStyle.Edge) -> CGAffineTransform {
            switch edge {
            case .leading: CGAffineTransform(translationX: -bounds.width, y: 0)
            case .trailing: CGAffineTransform(translationX: bounds.width, y: 0)
            case .top: CGAffineTransform(translationX: 0, y: -bounds.height)
            case .bottom: CGAffineTransform(translationX: 0, y: bounds.height)
            }
        }
        switch plan.motion {
        case .none:
            finish(true)
        case .fadeIn:
            toView?.alpha = 0
            UIView.animate(withDuration: duration, animations: { toView?.alpha = 1 }, completion: finish)
        case .fadeOut:
            UIView.animate(withDuration: duration, animations: { fromView?.alpha = 0 }, completion: finish)
        case .slideIn(let edge):
            toView?.transform = offset(edge)
            UIView.animate(withDuration: duration, animations: { toView?.transform = .identity }, completion: finish)
        case .slideOut(let edge):
            UIView.animate(withDuration: duration, animations: { fromView?.transform = offset(edge) }, completion: finish)
        case .swap(let flip, let forward):
            guard let fromView, let toView else { return finish(true) }
            let options: UIView.AnimationOptions = flip
                ? (forward ? .transitionFlipFromRight : .transitionFlipFromLeft)
                : (forward ? .transitionCurlUp : .transitionCurlDown)
            UIView.transition(from: fromView, to: toView, duration: duration, options: [options, .showHideTransitionViews],
                              completion: finish)
        }
    }
}

/// The animators and presentations a UIKit host knows by name, for
/// `TransitionStyle.custom(_:)` and `PresentationStyle.custom(_:)`,
/// and the navigation controllers it makes for a `ShowStyle.stack` name.
@MainActor
public final class UIKitStyles {
    /// Makes the animator of a custom transition; `isAppearing` says whether the page
    /// animates in.
    public typealias Animator = @MainActor (_ isAppearing: Bool) -> any UIViewControllerAnimatedTransitioning
    /// Sets up a custom presentation of `controller` (its `modalPresentationStyle`,
    /// `transitioningDelegate`, …) before it is presented over `presenter`.
    public typealias Presentation = @MainActor (_ controller: UIViewController, _ presenter: UIViewController) -> Void
    /// Makes the navigation controller of a named stack kind, on the host's queue.
    public typealias StackFactory = @MainActor (_ queue: TransitionQueue) -> QueueNavigationController

    var animators: [String: Animator] = [:]
    var presentations: [String: Presentation] = [:]
    var stacks: [String: StackFactory] = [:]

    /// An empty set of styles.
    public init() {}

    /// The animator for `style` in a transition, or `nil` for UIKit's own.
    func animator(for style: TransitionStyle, isAppearing: Bool) -> (any UIViewControllerAnimatedTransitioning)? {
        switch style {
        case .platform: nil
        case .custom(let name): animators[name]?(isAppearing)
        default: PageTransitionAnimator(style: style, isAppearing: isAppearing)
        }
    }
}
#endif
