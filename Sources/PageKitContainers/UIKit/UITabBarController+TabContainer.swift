#if canImport(UIKit)
public import PageKit
public import UIKit

/// Every `UITabBarController` is a `TabContainer` out of the box: its view
/// controllers that adopt `Page` (or navigation controllers) are its tabs, and its
/// `restorationIdentifier` is its name.
extension UITabBarController: TabContainer {
    /// The `restorationIdentifier`, or empty.
    public var pageName: String { restorationIdentifier ?? "" }

    /// The tabs that are pages, in order.
    public var containedPages: [any Page] {
        viewControllers?.compactMap { $0 as? any Page } ?? []
    }

    /// The selected tab, if it is a page.
    public var visiblePage: (any Page)? {
        selectedViewController as? any Page
    }

    /// Selects a tab; a tab switch is immediate, so the completion finishes at once.
    /// - Parameters:
    ///   - page: One of the tabs.
    ///   - animated: Unused: tab switches do not animate.
    ///   - completion: Finished at once; failed if `page` is not a tab.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let controller = page as? UIViewController, viewControllers?.contains(controller) == true else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageDescription)` is not a tab of this tab bar controller"))
        }
        selectedViewController = controller
        completion.finish()
    }
}
#endif
