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

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        guard let fromView = context.view(forKey: .from) ?? context.viewController(forKey: .from)?.view,
              let toView = context.view(forKey: .to) ?? context.viewController(forKey: .to)?.view else {
            return context.completeTransition(false)
        }
        let container = context.containerView
        let duration = transitionDuration(using: context)
        let finish: (Bool) -> Void = { _ in context.completeTransition(!context.transitionWasCancelled) }
        if let toController = context.viewController(forKey: .to) {
            toView.frame = context.finalFrame(for: toController)
        }
        switch style {
        case .flip, .curl:
            container.addSubview(toView)
            let options: UIView.AnimationOptions = style == .flip
                ? (isAppearing ? .transitionFlipFromRight : .transitionFlipFromLeft)
                : (isAppearing ? .transitionCurlUp : .transitionCurlDown)
            UIView.transition(from: fromView, to: toView, duration: duration, options: [options, .showHideTransitionViews],
                              completion: finish)
        case .crossDissolve, .none, .platform, .custom:
            container.addSubview(toView)
            toView.alpha = 0
            UIView.animate(withDuration: duration, animations: { toView.alpha = 1 }, completion: finish)
        case .coverVertical, .moveIn, .dropDown:
            let bounds = container.bounds
            let offset: CGPoint = switch style {
            case .moveIn(.leading): CGPoint(x: -bounds.width, y: 0)
            case .moveIn(.trailing): CGPoint(x: bounds.width, y: 0)
            case .moveIn(.top), .dropDown: CGPoint(x: 0, y: -bounds.height)
            default: CGPoint(x: 0, y: bounds.height)
            }
            if isAppearing {
                container.addSubview(toView)
                toView.transform = CGAffineTransform(translationX: offset.x, y: offset.y)
                UIView.animate(withDuration: duration, animations: { toView.transform = .identity }, completion: finish)
            } else {
                container.insertSubview(toView, belowSubview: fromView)
                UIView.animate(withDuration: duration, animations: {
                    fromView.transform = CGAffineTransform(translationX: offset.x, y: offset.y)
                }, completion: finish)
            }
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
