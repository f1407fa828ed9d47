package import PageKit

/// What a custom animator of PageKit's does in one transition, decided from the style and
/// from which views UIKit hands it: `PageTransitionAnimator` only carries it out.
///
/// UIKit's rules (`UIViewControllerTransitioning.h`): `view(forKey:)` may return `nil`,
/// meaning "do not touch that view" — the presenter's view under a sheet or a popover,
/// the `from` view while presenting and the `to` view while dismissing; every animator
/// must call `completeTransition(_:)`, and completing with `false` cancels the
/// transition (a dismissal then leaves the sheet where it was). Views that stay in the
/// hierarchy, or that a later push shows again (`keepingLeftPages`), must get their
/// `transform`, `alpha` and `isHidden` back.
package struct AnimatorPlan: Equatable, Sendable, CustomStringConvertible {
    /// How the moving view moves.
    package enum Motion: Equatable, Sendable {
        /// Nothing to animate: complete at once, as finished.
        case none
        /// The `to` view fades in over the `from` view.
        case fadeIn
        /// The `from` view fades out, uncovering what lies below.
        case fadeOut
        /// The `to` view slides in from an edge.
        case slideIn(from: TransitionStyle.Edge)
        /// The `from` view slides out to an edge, uncovering the `to` view.
        case slideOut(to: TransitionStyle.Edge)
        /// UIKit's view transition between both views: a flip, or a curl.
        case swap(flip: Bool, forward: Bool)
    }

    /// How the moving view moves.
    package let motion: Motion
    /// Whether the `to` view is added to the container (above the `from` view, or below
    /// it when the `from` view slides out).
    package let addsToView: Bool
    /// Whether the `from` view gets its `transform`, `alpha` and `isHidden` back at the
    /// end, as a view that may be shown again.
    package let restoresFromView: Bool

    /// The plan for `style`, animating a page in (`isAppearing`: a push, a present) or out.
    /// - Parameters:
    ///   - style: The transition style; `.platform` and `.none` are not animated here.
    ///   - isAppearing: Whether the page animates in.
    ///   - hasFromView: Whether UIKit handed a `from` view.
    ///   - hasToView: Whether UIKit handed a `to` view.
    /// - Returns: The plan; never one that cancels the transition.
    package static func plan(for style: TransitionStyle, isAppearing: Bool, hasFromView: Bool,
                             hasToView: Bool) -> AnimatorPlan {
        let motion: Motion
        switch style {
        case .flip, .curl:
            if hasFromView, hasToView {
                motion = .swap(flip: style == .flip, forward: isAppearing)
            } else {
                motion = fade(isAppearing: isAppearing, hasFromView: hasFromView, hasToView: hasToView)
            }
        case .crossDissolve, .platform, .custom, .none:
            motion = style == .none ? .none : fade(isAppearing: isAppearing, hasFromView: hasFromView, hasToView: hasToView)
        case .coverVertical, .moveIn, .dropDown:
            let edge: TransitionStyle.Edge = switch style {
            case .moveIn(let edge): edge
            case .dropDown: .top
            default: .bottom
            }
            if isAppearing {
                motion = hasToView ? .slideIn(from: edge) : .none
            } else {
                motion = hasFromView ? .slideOut(to: edge) : .none
            }
        }
        return AnimatorPlan(motion: motion, addsToView: hasToView, restoresFromView: hasFromView)
    }

    private static func fade(isAppearing: Bool, hasFromView: Bool, hasToView: Bool) -> Motion {
        if isAppearing || !hasFromView { return hasToView ? .fadeIn : .none }
        return .fadeOut
    }

    /// `slide out to bottom, adds to view, restores from view`.
    package var description: String {
        var parts = [String(describing: motion)]
        if addsToView { parts.append("adds to view") }
        if restoresFromView { parts.append("restores from view") }
        return parts.joined(separator: ", ")
    }
}
