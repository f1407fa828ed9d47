/// What a request asks for: a path to resolve, or a move to plan at its turn.
enum NavigationTarget {
    case path(PagePath)
    case move(NavigationMove)
}

/// A move relative to the live hierarchy, planned when its turn comes. Pages are named
/// by identifier, so a request never keeps a page alive while it waits.
enum NavigationMove {
    /// A new page for the component, on top of the visible stack.
    case push(PageComponent)
    /// A page the app made, on top of the visible stack.
    case pushPage(any Page)
    /// A live page of the visible stack, moved to its top.
    case pushExisting(PageIdentifier)
    /// The top `count` pages of the visible stack, popped.
    case pop(Int)
    /// The visible stack popped until the page is on top.
    case popTo(PageIdentifier)
    /// The visible stack popped to its first page.
    case popToRoot
    /// The page, wherever it lives, revealed.
    case jump(PageIdentifier)
    /// The path shown `count` requests ago, restored.
    case back(Int)
    /// `count` levels up the current path.
    case up(Int)
}
