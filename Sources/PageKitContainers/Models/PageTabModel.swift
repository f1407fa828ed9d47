public import PageKit

/// The model of a SwiftUI `TabView`: a ``/PageKit/TabContainer`` that `PageTabView`
/// binds its selection to, and that runs on Linux.
///
/// The navigator's selections change the model and the view follows; the person's tab
/// taps set the selection binding, and the model reports them as the person's
/// (``/PageKit/HierarchyChange`` `.selected` by `.user`). A `TabView` does not animate a
/// selection, so every selection ends at once. Each tab's label (title, image, badge)
/// comes from ``labels``, wherever the view is, under `PageRootView` too.
///
/// ```swift
/// let tabs = PageTabModel(name: "tab", tabs: [contacts, feed], queue: queue)
/// tabs.labels = { tab, index in
///     index == 0 ? TabLabel("Contacts", image: .system("person.2")) : TabLabel("Feed", image: .system("newspaper"))
/// }
/// // In a view: PageTabView(tabs), or PageRootView(root: tabs, …)
/// ```
public final class PageTabModel: TabContainer, QueuedContainer, ObservableModel {
    /// The name it answers to.
    public let pageName: String
    // Main-actor state no access ever overlaps: the dynamic exclusivity check, paid on
    // every read by every plan, buys nothing.
    /// Its own parameters.
    @exclusivity(unchecked) public var pageParameters: PageParameters
    /// The tabs, in order.
    @exclusivity(unchecked) public private(set) var tabs: [any Page]
    /// The index of the selected tab: what the `TabView`'s selection binds to.
    @exclusivity(unchecked) public private(set) var selectedIndex: Int
    /// Whether a component that names no tab adds one.
    public var acceptsNewTabs: Bool
    /// The queue its changes are reported on; share the navigator's.
    public let transitionQueue: TransitionQueue
    /// How its transitions end: a `TabView` does not animate a selection, so they end at
    /// once unless a driver times them.
    public let ending: TransitionEnd
    /// Builds each tab's label from the tab and its index; the view reads it again
    /// whenever the model changes, when this is set, and after ``labelsChanged()`` (a badge
    /// count changed, say). By default, a tab is labelled with its name, a transparent
    /// stack with its first page's.
    public var labels: @MainActor (any Page, Int) -> TabLabel = { tab, _ in TabLabel(verbatim: PageTabModel.title(of: tab)) } {
        didSet { observers.send(animated: false) }
    }
    package let observers = ModelObservers()

    /// Creates a tab model.
    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - parameters: Its own parameters.
    ///   - tabs: The tabs, in order.
    ///   - selectedIndex: The tab selected at first.
    ///   - acceptsNewTabs: Whether unknown components add tabs.
    ///   - queue: The queue to report its changes on; share the navigator's.
    ///   - ending: How its transitions end: at once, unless a driver times them.
    public init(name: String, parameters: PageParameters = [:], tabs: [any Page], selectedIndex: Int = 0,
                acceptsNewTabs: Bool = false, queue: TransitionQueue, ending: TransitionEnd = .screen) {
        pageName = name
        pageParameters = parameters
        self.tabs = tabs
        self.selectedIndex = tabs.indices.contains(selectedIndex) ? selectedIndex : 0
        self.acceptsNewTabs = acceptsNewTabs
        transitionQueue = queue
        self.ending = ending
    }

    /// The tabs.
    public var containedPages: [any Page] { tabs }

    /// What a tab is called when its view gives no label: its name, or a transparent
    /// stack's first page's.
    /// - Parameter tab: A tab.
    /// - Returns: The name to show.
    package static func title(of tab: any Page) -> String {
        if tab.pageName.isEmpty, let stack = tab as? PageStackModel, let first = stack.pages.first {
            return first.pageName
        }
        return tab.pageName
    }

    /// The label of the tab at `index`, as ``labels`` builds it.
    /// - Parameter index: A tab's index.
    /// - Returns: Its label; an empty one for an index that names no tab.
    public func label(ofTab index: Int) -> TabLabel {
        guard tabs.indices.contains(index) else { return TabLabel(verbatim: "") }
        return labels(tabs[index], index)
    }

    /// Tells the view to read the tabs' labels again: what ``labels`` builds from has
    /// changed (a badge count, a title).
    public func labelsChanged() {
        observers.send(animated: false)
    }

    /// The selected tab.
    public var visiblePage: (any Page)? {
        tabs.indices.contains(selectedIndex) ? tabs[selectedIndex] : nil
    }

    /// Selects `page`; fails if it is not a tab.
    /// - Parameters:
    ///   - page: One of the tabs.
    ///   - animated: Passed on to the view.
    ///   - completion: Finished at once (when the driver says so, with one), or failed with
    ///     ``/PageKit/NavigationError/Code/staleHierarchy``.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let index = tabs.firstIndex(where: { $0 === page }) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not a tab of `\(pageName)`"))
        }
        selectedIndex = index
        transitionQueue.reportChange(HierarchyChange(.selected, by: .app, in: self, pages: [page]))
        settle(.select, page, animated: animated, completion: completion)
    }

    /// Adds `page` as the last tab and selects it; fails unless ``acceptsNewTabs``.
    /// - Parameters:
    ///   - page: The new tab.
    ///   - animated: Passed on to the view.
    ///   - style: How to show it; a driver is handed it.
    ///   - completion: Finished at once (when the driver says so, with one), or failed with
    ///     ``/PageKit/NavigationError/Code/cannotShow``.
    public func addTab(_ page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard acceptsNewTabs else {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "`\(pageName)` does not accept new tabs"))
        }
        tabs.append(page)
        selectedIndex = tabs.count - 1
        transitionQueue.reportChange(HierarchyChange(.added, by: .app, in: self, pages: [page]))
        settle(.addTab, page, animated: animated, style: style, completion: completion)
    }

    /// Replaces the tabs: the app's own change, reported as the app's
    /// (``/PageKit/HierarchyChange`` `.replaced` by `.app`). The tab selected before stays
    /// selected where it is still a tab; otherwise the one at its index, or else the first,
    /// as a UIKit tab bar controller reselects. Nothing animates; the view takes a tab that
    /// goes away off screen, and a transition of its stacks that waits for the screen ends
    /// then.
    ///
    /// ```swift
    /// try tabs.setTabs(signedIn ? [contacts, feed, account] : [contacts, feed])
    /// ```
    /// - Parameter tabs: The new tabs, in order.
    /// - Throws: ``/PageKit/NavigationError/Code/outOfRange`` for no tabs, and
    ///   ``/PageKit/NavigationError/Code/alreadyInHierarchy`` for a page given twice; nothing
    ///   changes then.
    public func setTabs(_ tabs: [any Page]) throws {
        guard !tabs.isEmpty else {
            throw NavigationError(.outOfRange, component: pageName, reason: "`\(pageName)` needs at least one tab")
        }
        if let twice = tabs.indices.first(where: { index in tabs[..<index].contains { $0 === tabs[index] } }) {
            throw NavigationError(.alreadyInHierarchy, component: tabs[twice].pageName,
                                  reason: "`\(tabs[twice].pageDescription)` is given twice; a page is shown once")
        }
        guard !tabs.elementsEqual(self.tabs, by: ===) else { return }
        let selected = visiblePage
        selectedIndex = tabs.firstIndex { $0 === selected } ?? (tabs.indices.contains(selectedIndex) ? selectedIndex : 0)
        self.tabs = tabs
        transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: tabs))
        observers.send(animated: false)
    }

    /// The person taps a tab (the `TabView` set its selection): it is selected at once,
    /// outside any queue, as a tab bar does not wait for transitions, and the change is
    /// reported as the person's.
    /// - Parameter index: The tab's index.
    /// - Throws: ``/PageKit/NavigationError/Code/outOfRange`` when there is no such tab.
    public func userSelectsTab(_ index: Int) throws {
        guard tabs.indices.contains(index) else {
            throw NavigationError(.outOfRange, component: pageName,
                                  reason: "`\(pageName)` has \(tabs.count) tabs, so there is no tab \(index)")
        }
        guard index != selectedIndex else { return }
        selectedIndex = index
        transitionQueue.reportChange(HierarchyChange(.selected, by: .user, in: self, pages: [tabs[index]]))
        observers.send(animated: true)
    }

    /// Ends the transition at once, or when the driver says so.
    private func settle(_ kind: ContainerTransition.Kind, _ page: any Page, animated: Bool,
                        style: ShowStyle = .default, completion: TransitionCompletion) {
        observers.send(animated: animated)
        ending.end(ContainerTransition(kind: kind, container: self, pages: [page], animated: animated, style: style),
                   completion: completion)
    }
}
