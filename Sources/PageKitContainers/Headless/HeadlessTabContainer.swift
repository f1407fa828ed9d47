public import PageKit

/// A tab container with no UI, for tests, previews and hosts without UIKit.
public final class HeadlessTabContainer: TabContainer {
    /// The name it answers to.
    public let pageName: String
    /// Its own parameters.
    public var pageParameters: PageParameters
    // Main-actor state no access ever overlaps: the dynamic exclusivity check buys nothing.
    /// The tabs, in order.
    @exclusivity(unchecked) public private(set) var tabs: [any Page]
    /// The index of the selected tab.
    @exclusivity(unchecked) public private(set) var selectedIndex: Int
    /// Whether a component that names no tab adds one.
    public var acceptsNewTabs: Bool
    /// Times its transitions.
    public let driver: any TransitionDriver

    /// Creates a tab container.
    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - parameters: Its own parameters.
    ///   - tabs: The tabs, in order.
    ///   - selectedIndex: The tab selected at first.
    ///   - acceptsNewTabs: Whether unknown components add tabs.
    ///   - driver: Times its transitions; immediate by default.
    public init(
        name: String,
        parameters: PageParameters = [:],
        tabs: [any Page],
        selectedIndex: Int = 0,
        acceptsNewTabs: Bool = false,
        driver: any TransitionDriver = ImmediateTransitionDriver()
    ) {
        pageName = name
        pageParameters = parameters
        self.tabs = tabs
        self.selectedIndex = tabs.indices.contains(selectedIndex) ? selectedIndex : 0
        self.acceptsNewTabs = acceptsNewTabs
        self.driver = driver
    }

    /// The tabs.
    public var containedPages: [any Page] { tabs }

    /// The selected tab.
    public var visiblePage: (any Page)? {
        tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil
    }

    /// Selects `page`; fails if it is not a tab.
    /// - Parameters:
    ///   - page: One of the tabs.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let index = tabs.firstIndex(where: { $0 === page }) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not a tab of `\(pageName)`"))
        }
        selectedIndex = index
        run(.select, page, animated, completion)
    }

    /// Adds `page` as the last tab and selects it; fails unless ``acceptsNewTabs``.
    /// - Parameters:
    ///   - page: The new tab.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func addTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard acceptsNewTabs else {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "`\(pageName)` does not accept new tabs"))
        }
        tabs.append(page)
        selectedIndex = tabs.count - 1
        run(.addTab, page, animated, completion)
    }

    /// Selects a tab as a person's tap would: at once, outside any queue.
    /// - Parameter index: The tab's index; ignored when out of range.
    public func tap(_ index: Int) {
        guard tabs.indices.contains(index) else { return }
        selectedIndex = index
    }

    private func run(_ kind: HeadlessTransition.Kind, _ page: any Page, _ animated: Bool,
                     _ completion: TransitionCompletion) {
        let transition = HeadlessTransition(kind: kind, container: self, pages: [page], animated: animated)
        driver.run(transition) { completion.finish() }
    }
}
