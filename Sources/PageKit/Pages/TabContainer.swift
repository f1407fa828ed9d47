/// A tab container: its ``ParentPage/containedPages`` are the tabs and its
/// ``ParentPage/visiblePage`` is the selected one.
///
/// A component that names no tab is an error unless ``acceptsNewTabs`` is `true`, in
/// which case a page is made and added as a tab.
///
/// `UITabBarController` and `PageTabModel` (in `PageKitContainers`) conform.
@MainActor
public protocol TabContainer: ParentPage {
    /// Selects one of the tabs.
    /// - Parameters:
    ///   - page: One of ``ParentPage/containedPages``.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the selection has taken effect, or failed.
    func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion)

    /// Whether a component that names no tab makes a new one. The default is `false`.
    var acceptsNewTabs: Bool { get }

    /// Adds a tab at the end and selects it. Called only when ``acceptsNewTabs``.
    /// - Parameters:
    ///   - page: The new tab.
    ///   - animated: Whether to animate.
    ///   - style: How to show it: the plan step's.
    ///   - completion: Finished when the tab is added and selected, or failed.
    func addTab(_ page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion)

    /// The container as a split view, whose tabs are columns; `nil` for tabs. Given by
    /// default (a ``SplitContainer`` answers itself): the resolver asks it of every tab
    /// container it walks through, where a cast to ``SplitContainer`` cost a protocol
    /// conformance lookup each time.
    var asSplitContainer: (any SplitContainer)? { get }
}

extension TabContainer {
    /// A tab container.
    public var pageKind: PageKind { .tabs(self) }

    /// `false`: the tabs are fixed.
    public var acceptsNewTabs: Bool { false }

    /// `nil`: tabs, not columns.
    public var asSplitContainer: (any SplitContainer)? { nil }

    /// Fails: a container whose tabs are fixed cannot add one.
    /// - Parameters:
    ///   - page: The tab that would be added.
    ///   - animated: Unused.
    ///   - style: Unused.
    ///   - completion: Failed with ``NavigationError/Code/cannotShow``.
    public func addTab(_ page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                        reason: "`\(pageName)` does not accept new tabs"))
    }
}
