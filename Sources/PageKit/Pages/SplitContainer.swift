/// A split view: a ``TabContainer`` whose tabs are its columns (primary, then
/// supplementary for three columns, then secondary), each holding its own navigation
/// stack, and which shows them side by side or, on a compact width, as one stack.
///
/// A path reaches a column with `#` as it reaches a tab (`/mail#detail/message(id=3)`),
/// and in an app URL the parent being a split view says "column", as for tabs.
/// ``ParentPage/visiblePage`` is the current column: the one the live path goes through.
/// Expanded, that is the column the last navigation went to, and a path that names
/// another column makes it current (and shows it if its display mode hid it); the
/// other columns stay on screen. Collapsed (``isCollapsed``), the columns form one
/// stack, the first column's pages at the bottom, and the current column is its top:
/// a path that names a later column pushes it, and the columns between, onto that one
/// stack; one that names an earlier column pops back to it. The plan says which form it
/// was planned for.
///
/// Collapsing and expanding move no page from one column to another as far as PageKit
/// is concerned, so they are not changes of the path and are never reported as the
/// person's. `PageSplitModel` and `PageSplitViewController` (in `PageKitContainers`)
/// conform.
@MainActor
public protocol SplitContainer: TabContainer {
    /// Whether the columns form one stack: a compact width.
    var isCollapsed: Bool { get }
}

extension SplitContainer {
    /// A split view never adds columns.
    public var acceptsNewTabs: Bool { false }

    /// Itself: its tabs are columns.
    public var asSplitContainer: (any SplitContainer)? { self }
}
