import PageKit
import PageKitContainers

/// What UIKit keeps of a navigation item.
@MainActor
public final class ModelNavigationItem {
    /// `backAction`, and whether PageKit installed it.
    public var backAction: (@MainActor () -> Void)?
    /// Whether `backAction` is PageKit's.
    public var backActionIsPageKit = false
    /// `hidesBackButton`.
    public var hidesBackButton = false
    /// `leftBarButtonItem`: its title and action, and whether it is PageKit's.
    public var leftItem: (title: String?, isPageKit: Bool, action: @MainActor () -> Void)?
    /// `backButtonTitle`.
    public var backButtonTitle: String?

    /// Whether UIKit shows its own back button (with its history menu): not hidden, no
    /// left item in its place.
    public var showsSystemBackButton: Bool { !hidesBackButton && leftItem == nil }
}
