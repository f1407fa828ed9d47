/// What the platform provides around the containers: modal presentation, and the
/// navigation stacks that `!/` and `#/` make.
///
/// `PageKitContainers` has `PageHostModel`, for SwiftUI and apps with no view, and
/// `UIKitPageHost` on Apple platforms.
@MainActor
public protocol PageHost: AnyObject {
    /// The page `presenter` itself presents modally, or `nil`.
    ///
    /// Only the page that presents answers: a platform whose own API also answers for the
    /// pages below the presenter (UIKit's `presentedViewController`) translates that here.
    /// PageKit asks each page of the visible chain, deepest first, so a host may record a
    /// presentation under whichever page of a level it chooses (UIKit's presentation
    /// context, often the window's root).
    /// - Parameter presenter: A live page.
    /// - Returns: The page it presents, if any.
    func presentedPage(of presenter: any Page) -> (any Page)?

    /// Whether the host knows that no page is presented at all, so that PageKit need not
    /// ask ``presentedPage(of:)`` of each page of the visible chain to find the modals
    /// that cover it: every plan looks for them. Answer `true` only when sure, as a host
    /// that records each presentation itself can be. The default, `false`, has every page
    /// asked.
    var presentsNothing: Bool { get }

    /// Presents `page` modally from `presenter`, as `style` says (a sheet with detents,
    /// full screen, a popover, a transition style).
    /// - Parameters:
    ///   - page: The page to present.
    ///   - presenter: A live page that presents nothing.
    ///   - animated: Whether to animate.
    ///   - style: How to present it: the plan step's, or ``ShowStyle/default``.
    ///   - completion: Finished when the presentation has ended, or failed.
    func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                 completion: TransitionCompletion)

    /// Dismisses the page `presenter` presents, and every page presented above it,
    /// animated as `style` says: the request's transition, or the one the page was
    /// presented with, to play in reverse, or ``ShowStyle/default`` for the platform's
    /// own. A host that cannot show a transition fails with
    /// ``NavigationError/Code/unsupportedOption`` rather than ignoring it.
    /// - Parameters:
    ///   - presenter: A live page that presents one.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the dismissal has ended, or failed.
    func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle,
                     completion: TransitionCompletion)

    /// Makes a transparent navigation stack holding `pages`, for `!/` and `#/`, of the
    /// kind `style` names (``ShowStyle/stack``), if the host knows it.
    /// - Parameters:
    ///   - pages: The stack, bottom first; never empty.
    ///   - style: The style of the step that shows it.
    /// - Returns: A stack with an empty ``Page/pageName``.
    func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer

    /// Learns the root page, when a ``Navigator`` is given one. A host that presents
    /// relative to the root keeps it; the default does nothing.
    /// - Parameter root: The navigator's root page.
    func install(root: any Page)

    /// What covers the level `level` is the root of and is not a page: an alert, a share
    /// sheet, a system controller the app presented itself. A plan that shows something
    /// dismisses it first (``NavigationPlan/Step/dismissOther(_:over:)``) rather than
    /// failing because the level already presents. The default: nothing.
    /// - Parameter level: The app's root, or a presented page.
    /// - Returns: What covers it, for the plan's text, or `nil`.
    func foreignPresentation(over level: any Page) -> String?

    /// Dismisses what covers `level` and is not a page.
    /// - Parameters:
    ///   - level: The app's root, or a presented page.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when it is gone, or failed.
    func dismissForeignPresentation(over level: any Page, animated: Bool, completion: TransitionCompletion)

    /// Asks the person `content` over whatever is on top, at once and outside the queue,
    /// for ``Navigator/ask(_:)``: the question a page that confirms leaving, or a guard,
    /// asks while the queue waits for its answer. A question is not a page: it is in no
    /// path and no change is reported for it. The default throws: a host that shows no
    /// questions says so.
    /// - Parameter content: What to ask.
    /// - Returns: The ``AlertButton/id`` of the button the person tapped, or `nil` when
    ///   the question went without one (a tap outside a dialog's popover, or the asking
    ///   task cancelled).
    /// - Throws: ``NavigationError/Code/invalidAlert`` for content that cannot be shown;
    ///   ``NavigationError/Code/cannotShow`` from a host that shows no questions.
    func ask(_ content: AlertContent) async throws -> String?
}

extension PageHost {
    /// `false`: PageKit asks ``presentedPage(of:)`` of each page of the visible chain.
    public var presentsNothing: Bool { false }

    /// Nothing: a host that presents only pages has nothing else to cover them.
    /// - Parameter level: Unused.
    /// - Returns: `nil`.
    public func foreignPresentation(over level: any Page) -> String? { nil }

    /// Fails: a host that presents only pages has nothing else to dismiss.
    /// - Parameters:
    ///   - level: The level.
    ///   - animated: Unused.
    ///   - completion: Failed with ``NavigationError/Code/staleHierarchy``.
    public func dismissForeignPresentation(over level: any Page, animated: Bool, completion: TransitionCompletion) {
        completion.fail(NavigationError(.staleHierarchy, component: level.pageName,
                                        reason: "nothing that is not a page covers `\(level.pageDescription)`"))
    }

    /// Throws ``NavigationError/Code/cannotShow``: a host shows questions only if it says how.
    /// - Parameter content: The question.
    /// - Returns: Never.
    public func ask(_ content: AlertContent) async throws -> String? {
        throw NavigationError(.cannotShow, component: content.title,
                              reason: "\(type(of: self)) shows no questions; ask from a view of the page on top")
    }

    /// Does nothing: the host needs no root.
    /// - Parameter root: Unused.
    public func install(root: any Page) {}
}
