#if canImport(UIKit)
public import PageKit
public import UIKit

/// Every `UITabBarController` is a `TabContainer` out of the box: its view
/// controllers that adopt `Page` (or navigation controllers) are its tabs, and its
/// `restorationIdentifier` is its name. UIKit's More tab is not a page.
extension UITabBarController: TabContainer {
    /// The `restorationIdentifier`, or empty.
    public var pageName: String { restorationIdentifier ?? "" }

    /// The tabs that are pages, in order.
    public var containedPages: [any Page] {
        viewControllers?.compactMap(\.pageKitPage) ?? []
    }

    /// The selected tab, if it is a page.
    public var visiblePage: (any Page)? {
        selectedViewController?.pageKitPage
    }

    /// Selects a tab; a tab switch is immediate, so the completion finishes at once.
    /// - Parameters:
    ///   - page: One of the tabs.
    ///   - animated: Unused: tab switches do not animate.
    ///   - completion: Finished at once; failed if `page` is not a tab, or with
    ///     `cannotShow` when it lives in UIKit's More tab (a sixth tab or later makes the
    ///     fifth and later move there).
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let controller = page as? UIViewController, let tabs = viewControllers,
              let index = tabs.firstIndex(of: controller) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not a tab of this tab bar controller"))
        }
        if let refusal = TabBarCore.refusal(toSelect: index, of: tabs.count, name: page.pageDescription) {
            return completion.fail(refusal)
        }
        if let owner = self as? PageTabBarController {
            owner.core.select(controller) { selectedViewController = controller }
        } else {
            selectedViewController = controller
        }
        completion.finish()
    }

    /// Whether a component that names no tab is added as a new tab: only for a
    /// ``PageTabBarController`` made with `acceptsNewTabs: true`.
    public var acceptsNewTabs: Bool {
        (self as? PageTabBarController)?.core.acceptsNewTabs ?? false
    }

    /// Adds `page` as the last tab and selects it, at once.
    /// - Parameters:
    ///   - page: The new tab, a view controller.
    ///   - animated: Whether the tab bar animates its new item.
    ///   - style: Unused: a tab is shown as a tab.
    ///   - completion: Finished at once; failed with `cannotShow` unless ``acceptsNewTabs``,
    ///     when there are five tabs already (UIKit would move the fifth and later into its
    ///     More tab), or when `page` is not a view controller.
    public func addTab(_ page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard let owner = self as? PageTabBarController else {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "`\(pageName)` is a plain UITabBarController, which does not "
                                                       + "accept new tabs; a PageTabBarController can"))
        }
        owner.core.add(page, animated: animated, completion: completion)
    }
}
#endif
