/// How a transition animates: the platform's own, none, one of a small built-in set, or
/// a custom animation the host knows by name.
///
/// The built-in kinds are those the original designs offered per push, where UIKit can
/// do them: a push that rises like a modal (``coverVertical``), a flip, a page curl, a
/// page moving in from an edge, a page dropping down from the top, and a cross-dissolve.
public enum TransitionStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The platform's default: a push slides in, a sheet rises.
    case platform
    /// No animation.
    case none
    /// Rises from the bottom, as a modal does: the original designs' present-style push.
    case coverVertical
    /// Flips horizontally.
    case flip
    /// Curls up like a page.
    case curl
    /// Moves in from an edge, over what is shown.
    case moveIn(from: Edge)
    /// Drops down from the top.
    case dropDown
    /// Fades across.
    case crossDissolve
    /// An animation the host knows by this name (on UIKit, an animator registered with
    /// `UIKitPageHost.registerTransition(named:_:)`).
    case custom(String)

    /// An edge of the screen.
    public enum Edge: String, Hashable, Sendable, Codable {
        /// The leading edge.
        case leading
        /// The trailing edge.
        case trailing
        /// The top.
        case top
        /// The bottom.
        case bottom
    }

    /// `flip`, `move in from leading`, `custom "zoom"`.
    public var description: String {
        switch self {
        case .platform: "platform"
        case .none: "none"
        case .coverVertical: "cover vertical"
        case .flip: "flip"
        case .curl: "curl"
        case .moveIn(let edge): "move in from \(edge.rawValue)"
        case .dropDown: "drop down"
        case .crossDissolve: "cross dissolve"
        case .custom(let name): "custom \"\(name)\""
        }
    }
}
