/// A page that holds pages: a navigation stack, a tab container, a split view, or a
/// screen that lists ``EventHandler``s.
///
/// Navigation stacks and tab containers refine it as ``StackContainer`` and
/// ``TabContainer``; any other parent is searched through ``containedPages`` only.
@MainActor
public protocol ParentPage: Page {
    /// The pages it holds, in order: a stack bottom first, tabs left to right, or the
    /// ``EventHandler``s and embedded pages of a screen.
    var containedPages: [any Page] { get }

    /// The held page that is on screen, followed by ``Navigator/currentPath`` and by
    /// responses. A stack answers its top page and a tab container its selected tab;
    /// the default, for other parents, is `nil`.
    var visiblePage: (any Page)? { get }
}

extension ParentPage {
    /// A parent.
    public var pageKind: PageKind { .parent(self) }

    /// `nil`: no held page is singled out as visible.
    public var visiblePage: (any Page)? { nil }
}
