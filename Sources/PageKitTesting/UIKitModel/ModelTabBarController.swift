public import PageKit
package import PageKitContainers

/// A tab bar controller of the ``UIKitModel``: `PageTabBarController` (``Kind/pageKit``),
/// whose delegate slot is PageKit's, or a plain `UITabBarController`.
///
/// UIKit's side: `shouldSelect` and `didSelect` come for the person's taps only, never for
/// a selection made in code, and `didSelect` even when the tab did not change (Apple's
/// documentation of both); tapping the selected tab pops its navigation controller to the
/// root (Ramotion/animated-tab-bar#40, eggswift/ESTabBarController#22); with more than
/// five tabs the fifth and later live in the More tab (`UITabBarController.h`).
@MainActor
public final class ModelTabBarController: ModelViewController, TabContainer, QueuedContainer {
    /// What kind of tab bar controller it stands for.
    public enum Kind: Sendable {
        /// `PageTabBarController`.
        case pageKit
        /// A plain `UITabBarController`.
        case plain
    }

    /// What kind it is.
    public let kind: Kind
    /// `viewControllers`.
    public private(set) var viewControllers: [ModelViewController]
    /// The index of the selected tab; ``notFound`` while the More tab is selected, as
    /// Apple documents `selectedIndex`.
    public private(set) var selectedIndex: Int
    /// `NSNotFound`.
    public static let notFound = Int.max
    /// The decisions the UIKit layer makes for it.
    package let core: TabBarCore
    /// UIKit's More tab, which holds the overflow tabs' list.
    public private(set) lazy var moreNavigationController = ModelNavigationController(
        model, name: "", root: [ModelViewController(model, title: "More")], queue: core.queue, kind: .plain)

    /// A tab bar controller.
    /// - Parameters:
    ///   - model: The device.
    ///   - name: Its page name.
    ///   - tabs: The tabs.
    ///   - queue: The queue.
    ///   - kind: What it stands for.
    ///   - acceptsNewTabs: `PageTabBarController(queue:acceptsNewTabs:)`; a plain
    ///     `UITabBarController` never accepts new tabs.
    public init(_ model: UIKitModel, name: String, tabs: [ModelViewController], queue: TransitionQueue,
                kind: Kind = .pageKit, acceptsNewTabs: Bool = false) {
        self.kind = kind
        viewControllers = tabs
        selectedIndex = 0
        core = TabBarCore(queue: queue)
        core.acceptsNewTabs = kind == .pageKit && acceptsNewTabs
        super.init(model, title: name)
        core.surface = self
        for tab in tabs { tab.parent = self }
    }

    /// The page name.
    public var pageName: String { title }

    /// The queue the person's taps are reported on (`PageTabBarController.transitionQueue`).
    public var transitionQueue: TransitionQueue { core.queue }

    /// `PageTabBarController.adopt(_:)`.
    public func adopt(_ queue: TransitionQueue) -> Bool { core.adopt(queue) }

    /// The tabs that are pages.
    public var containedPages: [any Page] { viewControllers.compactMap { $0 as? any Page } }

    /// The selected tab, if it is a page: the More tab never is (TAB-3).
    public var visiblePage: (any Page)? { selectedIndex == Self.notFound ? nil : selectedViewController as? any Page }

    /// `selectedViewController`, which may be the More navigation controller
    /// (`UITabBarController.h`).
    public var selectedViewController: ModelViewController? {
        if selectedIndex == Self.notFound { return moreItem as? ModelViewController }
        return viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// Selects a tab in code, as the UIKit extension does: no delegate call.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let index = viewControllers.firstIndex(where: { $0 === page }) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not a tab of this tab bar controller"))
        }
        if let refusal = TabBarCore.refusal(toSelect: index, of: viewControllers.count, name: page.pageDescription) {
            return completion.fail(refusal)
        }
        core.select(viewControllers[index]) { setSelectedIndex(index) }
        completion.finish()
    }

    /// The app sets `selectedIndex` itself: UIKit tells no delegate (TAB-1); a
    /// ``Kind/pageKit`` controller's override sees it.
    /// - Parameter index: The tab.
    public func appSelects(_ index: Int) {
        guard viewControllers.indices.contains(index) else { return }
        model.called("selectedIndex = \(index)")
        setSelectedIndex(index)
    }

    /// The app sets the tabs itself (`setViewControllers(_:animated:)`): UIKit tells no
    /// delegate, and reselects the tab selected before, or else the one at its index, or
    /// else the first (Apple's documentation of `viewControllers`); a ``Kind/pageKit``
    /// controller's overrides see it. With ``UIKitModel/Behaviour/tapSelectsThroughSetter``
    /// on, that reselection goes through the setter too.
    /// - Parameters:
    ///   - tabs: The new tabs; each is one of the tabs, or has no parent.
    ///   - animated: Whether the tab bar animates its items.
    public func appSetsTabs(_ tabs: [ModelViewController], animated: Bool) {
        let set = { [self] in
            model.called("setViewControllers \(tabs.map(\.title).joined(separator: ","))")
            let before = selectedViewController
            for tab in viewControllers where !tabs.contains(where: { $0 === tab }) { tab.parent = nil }
            for tab in tabs { tab.parent = self }
            viewControllers = tabs
            let index = tabs.firstIndex { $0 === before } ?? (tabs.indices.contains(selectedIndex) ? selectedIndex : 0)
            guard !tabs.isEmpty else { return }
            if model.behaviour.tapSelectsThroughSetter { setSelectedIndex(index) } else { select(index) }
        }
        if kind == .pageKit { core.setTabs(with: set) } else { set() }
    }

    /// The person rearranges the tabs with the More list's Edit button: UIKit tells the
    /// delegate as the customizing begins and ends, and whether the order changed
    /// (`UITabBarController.h`); with ``UIKitModel/Behaviour/tapSelectsThroughSetter`` on,
    /// it sets the new order through `viewControllers`, which a subclass overrides (not
    /// documented). The More tab stays selected.
    /// - Parameter order: The tabs' new order, as indices of the present tabs.
    /// - Returns: Whether the person could: only with the More list on screen, and with an
    ///   order that holds every tab once.
    @discardableResult
    public func personRearrangesTabs(_ order: [Int]) -> Bool {
        guard selectedIndex == Self.notFound, order.sorted() == Array(viewControllers.indices), takesTouches,
              model.takesTouch("Edit in the More list of \(title)") else { return false }
        model.called("willBeginCustomizing")
        if kind == .pageKit { core.customizingBegan() }
        let tabs = order.map { viewControllers[$0] }
        let changed = !tabs.elementsEqual(viewControllers, by: ===)
        if model.behaviour.tapSelectsThroughSetter, kind == .pageKit {
            core.setTabs { viewControllers = tabs }
        } else {
            viewControllers = tabs
        }
        model.called("didEndCustomizing changed: \(changed)")
        if kind == .pageKit { core.customizingEnded() }
        return true
    }

    /// The `selectedIndex` setter: the selection, then `PageTabBarController`'s override.
    private func setSelectedIndex(_ index: Int) {
        select(index)
        if kind == .pageKit { core.selectionSet() }
    }

    /// Whether a component that names no tab is added as a new tab.
    public var acceptsNewTabs: Bool { core.acceptsNewTabs }

    /// Adds a tab in code, as the UIKit extension does: through the core, with no
    /// delegate call.
    public func addTab(_ page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        core.add(page, animated: animated, completion: completion)
    }

    private func select(_ index: Int) {
        selectedIndex = index
        (viewControllers[index] as? ModelNavigationController)?.appeared()
    }

    /// The person taps tab `index`: UIKit asks `shouldSelect` (PageKit's decisions on a
    /// ``Kind/pageKit`` controller), then selects it, or pops it to its root when it was
    /// selected already, and says `didSelect`.
    /// - Parameter index: The tab.
    /// - Returns: Whether UIKit let the tap through: not while it ignores touches
    ///   (``UIKitModel/isIgnoringTouches``), nor on a tab bar out of the window or under a
    ///   presentation, which takes every touch outside it.
    @discardableResult
    public func personTaps(_ index: Int) -> Bool {
        guard viewControllers.indices.contains(index), takesTouches,
              model.takesTouch("tab \(index) of \(title)") else { return false }
        let tapped: ModelViewController = viewControllers.count > TabBarCore.visibleTabLimit
            && index >= TabBarCore.visibleTabLimit - 1 ? moreNavigationController : viewControllers[index]
        let isReselect = tapped === selectedViewController
        let allowed = kind == .pageKit ? core.shouldSelect(tapped) : true
        model.called("shouldSelect \(tapped.title) \(allowed)")
        guard allowed else {
            if isReselect, model.behaviour.refusedRetapStillPops { popToRoot(tapped) }
            return false
        }
        if isReselect {
            popToRoot(tapped)
        } else if let index = viewControllers.firstIndex(where: { $0 === tapped }) {
            if model.behaviour.tapSelectsThroughSetter { setSelectedIndex(index) } else { select(index) }
        } else {
            // The More tab: UIKit selects its navigation controller.
            selectedIndex = Self.notFound
            if model.behaviour.tapSelectsThroughSetter, kind == .pageKit { core.selectionSet() }
        }
        model.called("didSelect \(tapped.title)")
        if kind == .pageKit { core.didSelect(tapped) }
        return true
    }

    private func popToRoot(_ tab: ModelViewController) {
        guard let stack = tab as? ModelNavigationController, stack.viewControllers.count > 1 else { return }
        if model.behaviour.retapPopsThroughOverride {
            stack.popToRootViewController(animated: true)
        } else {
            stack.uikitChange(Array(stack.viewControllers.prefix(1)), animated: true, "pop")
        }
    }
}

extension ModelTabBarController: TabBarSurface {
    package var tabItems: [AnyObject] { viewControllers }
    package var selectedItem: AnyObject? { selectedViewController }
    package var moreItem: AnyObject? { viewControllers.count > TabBarCore.visibleTabLimit ? moreNavigationController : nil }
    package var containerPage: (any Page)? { self }

    package func page(of item: AnyObject) -> (any Page)? {
        item === moreItem ? nil : item as? any Page
    }

    package func stackCore(of item: AnyObject) -> NavigationControllerCore? {
        (item as? ModelNavigationController)?.core
    }

    /// `setViewControllers(_:animated:)` with the tabs and `page`, then
    /// `selectedViewController`; UIKit raises for a controller that already has a parent.
    package func applyAddTab(_ page: any Page, animated: Bool) -> Bool {
        guard let controller = page as? ModelViewController else { return false }
        if controller.parent != nil || controller.presentingViewController != nil {
            model.raise("Child view controller \(controller.title) should have parent view controller \(title)")
            return false
        }
        model.called("setViewControllers \((viewControllers + [controller]).map(\.title).joined(separator: ","))")
        viewControllers.append(controller)
        controller.parent = self
        setSelectedIndex(viewControllers.count - 1)
        return true
    }
}
