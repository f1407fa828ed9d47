/// A navigation stack: its ``ParentPage/containedPages`` are the stack, bottom first.
///
/// The operations change the stack at once and call `completion` when the transition
/// has finished on screen: right away when not animated, or when the animation ends.
/// They are primitives: the ``Navigator`` calls them one at a time through its
/// ``TransitionQueue``, so an implementation never sees two overlap.
///
/// `UINavigationController` and `QueueNavigationController` (in `PageKitContainers`)
/// conform, and so does `PageStackModel`, the stack of SwiftUI and of apps with no view.
@MainActor
public protocol StackContainer: ParentPage {
    /// Pushes pages on top of the stack, in order, as one transition, shown as `style`
    /// says (a transition style, hiding the tab bar); a container that cannot show a
    /// style shows the pages its own way.
    /// - Parameters:
    ///   - pages: The pages to push; the last one ends on top.
    ///   - animated: Whether to animate.
    ///   - style: How to show them: the plan step's, or ``ShowStyle/default``.
    ///   - completion: Finished when the transition has ended, or failed.
    func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion)

    /// Pops every page above `page`, animated as `style` says. The plan's style is the
    /// request's transition, or the one the top page was pushed with, to play in reverse,
    /// or ``ShowStyle/default`` for the platform's own pop. A container that cannot show a
    /// transition fails with ``NavigationError/Code/unsupportedOption`` rather than
    /// ignoring it.
    /// - Parameters:
    ///   - page: A page in the stack, which ends on top.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the transition has ended, or failed.
    func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion)

    /// Replaces the whole stack, shown as `style` says.
    /// - Parameters:
    ///   - pages: The new stack, bottom first; never empty.
    ///   - animated: Whether to animate.
    ///   - style: How to show it.
    ///   - completion: Finished when the transition has ended, or failed.
    func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion)
}

extension StackContainer {
    /// A navigation stack.
    public var pageKind: PageKind { .stack(self) }

    /// The top of the stack.
    public var visiblePage: (any Page)? { containedPages.last }
}
