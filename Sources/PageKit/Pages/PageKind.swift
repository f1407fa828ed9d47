/// The role a page plays in the hierarchy, with the page as that role.
@MainActor
public enum PageKind {
    /// A page that holds no pages.
    case page
    /// A page that holds pages, but neither as a stack nor as tabs.
    case parent(any ParentPage)
    /// A navigation stack.
    case stack(any StackContainer)
    /// A tab container.
    case tabs(any TabContainer)
    /// An event handler: a pseudo-page that receives events and holds nothing.
    case handler(EventHandler)

    /// The page as a parent, whatever kind of parent it is.
    var parent: (any ParentPage)? {
        switch self {
        case .page, .handler: nil
        case .parent(let parent): parent
        case .stack(let stack): stack
        case .tabs(let tabs): tabs
        }
    }
}
