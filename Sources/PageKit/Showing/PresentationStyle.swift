/// How `!` presents a page: as a sheet (with detents on iOS 16), full screen, as a
/// popover from an anchor the presenter names, as an alert, or in a presentation the host
/// knows by name.
public enum PresentationStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The platform's default: on iOS, a sheet.
    case automatic
    /// A sheet that stops at these heights (iOS 16 detents); empty for the platform's.
    case sheet(detents: [SheetDetent])
    /// Full screen, covering everything.
    case fullScreen
    /// A popover pointing at an anchor the presenting page names (on UIKit, a page that
    /// adopts `PopoverAnchoring`); `nil` for the presenting page's view.
    case popover(anchor: String?)
    /// The platform's alert or confirmation dialog, as the ``AlertPage``'s content says:
    /// how a page registered with ``PageRegistry/registerAlert(_:externallyOpenable:content:)``
    /// is always presented, whatever a request asks.
    case alert
    /// A presentation the host knows by this name (on UIKit, one registered with
    /// `UIKitPageHost.registerPresentation(named:_:)`).
    case custom(String)

    /// A sheet at the platform's heights.
    public static var sheet: PresentationStyle { .sheet(detents: []) }

    /// `sheet (medium, large)`, `full screen`, `popover from "share"`.
    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .sheet(let detents) where detents.isEmpty: "sheet"
        case .sheet(let detents): "sheet (\(detents.map(\.description).joined(separator: ", ")))"
        case .fullScreen: "full screen"
        case .popover(let anchor?): "popover from \"\(anchor)\""
        case .popover(nil): "popover"
        case .alert: "alert"
        case .custom(let name): "custom \"\(name)\""
        }
    }
}
