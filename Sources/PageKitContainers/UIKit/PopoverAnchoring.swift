#if canImport(UIKit)
import UIKit

/// A page that names where a popover presented over it points (`PresentationStyle.popover(anchor:)`).
@MainActor
public protocol PopoverAnchoring {
    /// The view and the rectangle in it that the popover named `anchor` points at, or
    /// `nil` for the page's view.
    /// - Parameter anchor: The anchor's name, or `nil` when the style names none.
    /// - Returns: Where the popover points.
    func popoverAnchor(named anchor: String?) -> (view: UIView, rect: CGRect)?
}
#endif
