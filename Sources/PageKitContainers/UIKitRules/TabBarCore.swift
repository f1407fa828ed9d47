package import PageKit

/// A UIKit tab bar controller as ``TabBarCore`` sees it.
@MainActor
package protocol TabBarSurface: AnyObject {
    /// The tabs (`viewControllers`).
    var tabItems: [AnyObject] { get }
    /// The selected tab (`selectedViewController`), which may be the More tab.
    var selectedItem: AnyObject? { get }
    /// The More tab's navigation controller, which is never a page.
    var moreItem: AnyObject? { get }
    /// The container as a page, for reports.
    var containerPage: (any Page)? { get }
    /// A tab as a page, for reports: the More tab's navigation controller never is one.
    func page(of item: AnyObject) -> (any Page)?
    /// The decisions of the navigation controller a tab is, if it is one PageKit follows.
    func stackCore(of item: AnyObject) -> NavigationControllerCore?
    /// `viewControllers` set to the tabs and `page`, then `page` selected; `false` when
    /// `page` is not a view controller.
    func applyAddTab(_ page: any Page, animated: Bool) -> Bool
}

/// Every decision a UIKit tab bar controller makes for PageKit: whether the person's tap
/// may select a tab, what a second tap on the selected tab does, what a tap changed.
///
/// The UIKit rules it relies on: `tabBarController(_:shouldSelect:)` and `didSelect` are
/// called only for the person's taps, never for a selection made in code, and `didSelect`
/// "regardless of whether the selected view controller changed" (Apple's documentation of
/// both); tapping the selected tab pops its navigation controller to the root, and the
/// only hook before it is `shouldSelect` (reported by libraries; that answering `false`
/// stops the pop is inferred). With more than five tabs on a compact width, the fifth and
/// later move into the More tab (`UITabBarController.h`).
@MainActor
package final class TabBarCore: IdleQueueAdopting {
    /// The most tabs a tab bar shows on a compact width before the More tab takes the rest.
    package static let visibleTabLimit = 5

    /// UIKit, or the behaviour model.
    package weak var surface: (any TabBarSurface)?
    /// The queue the person's taps are reported on and wait for.
    package var queue: TransitionQueue
    private var known: WeakItem?
    /// Whether PageKit itself is selecting a tab, or the tabs are being set: the setters
    /// they go through report nothing.
    private var selectingInCode = false
    /// The tabs as they were when the person began rearranging them (the More list's Edit
    /// button), until they end.
    private var customizing: [WeakItem]?
    /// The tab the person's tap is selecting, between `shouldSelect` and `didSelect`,
    /// which reports it.
    private weak var tapped: AnyObject?
    /// Whether a component that names no tab is added as a new tab
    /// (`PageTabBarController(queue:acceptsNewTabs:)`).
    package var acceptsNewTabs = false

    /// - Parameter queue: The navigator's queue.
    package init(queue: TransitionQueue) {
        self.queue = queue
    }

    /// `tabBarController(_:shouldSelect:)`: whether the person's tap on `item` selects it.
    ///
    /// Not while a transition runs, which would then go on in a tab no longer on screen.
    /// A tap on the selected tab, whose stack UIKit would pop to its root without asking
    /// anyone, is refused and carried out by PageKit instead, through the queue, as the
    /// person's leave of every page above the root, as their policies allow.
    /// - Parameter item: The tab tapped.
    /// - Returns: Whether UIKit may select it.
    package func shouldSelect(_ item: AnyObject) -> Bool {
        guard let surface else { return true }
        if let more = surface.moreItem, item === more {
            if queue.isIdle { tapped = item }
            return queue.isIdle
        }
        guard queue.isIdle else { return false }
        guard item === surface.selectedItem else {
            tapped = item
            return true
        }
        guard let stack = surface.stackCore(of: item), (stack.surface?.stackItems.count ?? 0) > 1 else { return true }
        stack.leaveToRoot(by: .tabReselected)
        return false
    }

    /// `tabBarController(_:didSelect:)`: reports the person's selection when it changed
    /// the selected tab.
    /// - Parameter item: The tab now selected.
    package func didSelect(_ item: AnyObject) {
        tapped = nil
        guard knownSelection !== item else { return }
        known = WeakItem(item)
        queue.reportChange(HierarchyChange(.selected, by: .user, in: surface?.containerPage,
                                           pages: surface?.page(of: item).map { [$0] } ?? []))
    }

    /// The selected tab as PageKit last knew it: before it knew any, the first, as UIKit
    /// selects it when the tabs are set.
    private var knownSelection: AnyObject? { known?.item ?? surface?.tabItems.first }

    /// PageKit selects `item` in code with `body`, which UIKit reports to no one (TAB-1);
    /// the setters `body` goes through report nothing either.
    /// - Parameters:
    ///   - item: The tab PageKit selects.
    ///   - body: The call to UIKit.
    package func select(_ item: AnyObject, with body: () -> Void) {
        inCode(body)
        known = WeakItem(item)
    }

    /// Runs `body`, PageKit's own call to UIKit, with the setters reporting nothing.
    private func inCode<T>(_ body: () -> T) -> T {
        selectingInCode = true
        defer { selectingInCode = false }
        return body()
    }

    /// `selectedViewController` or `selectedIndex` was set (`PageTabBarController`'s
    /// overrides). UIKit tells no delegate of a selection made in code (TAB-1), so a
    /// change the app made itself is reported here, as the app's. PageKit's own selection
    /// and the person's tap, which `didSelect` reports, pass silently.
    package func selectionSet() {
        guard !selectingInCode, let surface, let item = surface.selectedItem, item !== tapped else { return }
        let before = knownSelection
        known = WeakItem(item)
        guard before !== item else { return }
        queue.reportChange(HierarchyChange(.selected, by: .app, in: surface.containerPage,
                                           pages: surface.page(of: item).map { [$0] } ?? []))
    }

    /// The tabs are set with `body` (`PageTabBarController`'s overrides of
    /// `viewControllers` and `setViewControllers(_:animated:)`). UIKit tells no delegate, and
    /// reselects the tab selected before, or else the one at its index, or else the first
    /// (Apple's documentation of `viewControllers`); so the app's change of the tabs is
    /// reported here, as the app's, with whatever UIKit selected. PageKit's own setting,
    /// and a setter UIKit calls inside another, report nothing.
    /// - Parameter body: The call to UIKit.
    package func setTabs(with body: () -> Void) {
        guard !selectingInCode, customizing == nil, let surface else { return body() }
        let before = surface.tabItems
        inCode(body)
        known = surface.selectedItem.map(WeakItem.init)
        reportTabs(changedFrom: before, by: .app, on: surface)
    }

    /// `tabBarController(_:willBeginCustomizing:)`: the person begins rearranging the tabs.
    /// The tabs UIKit sets meanwhile, through the setters or not, are the person's, and
    /// reported when they end.
    package func customizingBegan() {
        customizing = surface?.tabItems.map(WeakItem.init)
    }

    /// `tabBarController(_:didEndCustomizing:changed:)`: the person's new order of the
    /// tabs, if it changed, is reported as theirs.
    package func customizingEnded() {
        guard let before = customizing, let surface else { return }
        customizing = nil
        reportTabs(changedFrom: before.map(\.item), by: .user, on: surface)
    }

    /// Reports the tabs as replaced by `source`, when they are other than `before`.
    private func reportTabs(changedFrom before: [AnyObject?], by source: NavigationSource,
                            on surface: any TabBarSurface) {
        let after = surface.tabItems
        guard !after.elementsEqual(before, by: { $0 === $1 }) else { return }
        queue.reportChange(HierarchyChange(.replaced, by: source, in: surface.containerPage,
                                           pages: after.compactMap(surface.page(of:))))
    }

    /// Why `item` cannot be selected by a path: with more than five tabs, the fifth and
    /// later live in the More tab on a compact width, where a path cannot reach them.
    /// - Parameters:
    ///   - index: The tab's index.
    ///   - count: How many tabs there are.
    ///   - name: The tab, for the message.
    /// - Returns: The error, or `nil` when the tab can be selected.
    package static func refusal(toSelect index: Int, of count: Int, name: String) -> NavigationError? {
        guard count > visibleTabLimit, index >= visibleTabLimit - 1 else { return nil }
        return NavigationError(.cannotShow, component: name,
                               reason: "`\(name)` is tab \(index + 1) of \(count); beyond \(visibleTabLimit - 1) tabs, "
                                   + "UIKit moves tabs into the More tab, which PageKit does not drive")
    }

    /// PageKit adds `page` as the last tab and selects it, at once: a tab switch does not
    /// animate, and UIKit reports a selection made in code to no one.
    /// - Parameters:
    ///   - page: The new tab, a view controller.
    ///   - animated: Whether the tab bar animates its new item.
    ///   - completion: Finished at once; failed with
    ///     ``/PageKit/NavigationError/Code/cannotShow`` when the controller does not accept
    ///     new tabs, when it has five already (the sixth would move tabs into the More
    ///     tab), or when `page` is not a view controller.
    package func add(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let surface else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "the tab bar controller is gone"))
        }
        let name = surface.containerPage?.pageName ?? "the tab bar controller"
        guard acceptsNewTabs else {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "`\(name)` does not accept new tabs"))
        }
        if let refusal = Self.refusal(toAddTo: surface.tabItems.count, name: page.pageDescription) {
            return completion.fail(refusal)
        }
        guard inCode({ surface.applyAddTab(page, animated: animated) }) else {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not a view controller"))
        }
        known = WeakItem(page)
        completion.finish()
    }

    /// Why a tab cannot be added to `count` tabs: the new one would go into the More tab.
    /// - Parameters:
    ///   - count: How many tabs there are.
    ///   - name: The new tab, for the message.
    /// - Returns: The error, or `nil` when it can be added.
    package static func refusal(toAddTo count: Int, name: String) -> NavigationError? {
        guard count >= visibleTabLimit else { return nil }
        return NavigationError(.cannotShow, component: name,
                               reason: "a sixth tab would move tabs into the More tab, which PageKit does not drive")
    }
}
