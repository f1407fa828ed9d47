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
    /// The queue it reports its changes on: share the navigator's, so a tap is announced
    /// at once (without one, the navigator notices it at its next request).
    public let transitionQueue: TransitionQueue?

    /// Creates a tab container.
    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - parameters: Its own parameters.
    ///   - tabs: The tabs, in order.
    ///   - selectedIndex: The tab selected at first.
    ///   - acceptsNewTabs: Whether unknown components add tabs.
    ///   - driver: Times its transitions; immediate by default.
    ///   - queue: The queue to report its changes on; share the navigator's.
    public init(
        name: String,
        parameters: PageParameters = [:],
        tabs: [any Page],
        selectedIndex: Int = 0,
        acceptsNewTabs: Bool = false,
        driver: any TransitionDriver = ImmediateTransitionDriver(),
        queue: TransitionQueue? = nil
    ) {
        transitionQueue = queue
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
        transitionQueue?.reportChange(HierarchyChange(.selected, by: .app, in: self, pages: [page]))
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
        transitionQueue?.reportChange(HierarchyChange(.added, by: .app, in: self, pages: [page]))
        run(.addTab, page, animated, completion)
    }

    /// The person taps a tab: it is selected at once, outside any queue (a tab bar does
    /// not wait for transitions), and the change is reported as the person's.
    /// - Parameter index: The tab's index.
    /// - Throws: `NavigationError.Code.outOfRange` when there is no such tab.
    public func userSelectsTab(_ index: Int) throws {
        guard tabs.indices.contains(index) else {
            throw NavigationError(.outOfRange, component: pageName,
                                  reason: "`\(pageName)` has \(tabs.count) tabs, so there is no tab \(index)")
        }
        guard index != selectedIndex else { return }
        selectedIndex = index
        transitionQueue?.reportChange(HierarchyChange(.selected, by: .user, in: self, pages: [tabs[index]]))
    }

    private func run(_ kind: ContainerTransition.Kind, _ page: any Page, _ animated: Bool,
                     _ completion: TransitionCompletion) {
        let transition = ContainerTransition(kind: kind, container: self, pages: [page], animated: animated)
        driver.run(transition) { completion.finish() }
    }
}
