/// How the person is leaving a page, where the platform lets the page have a say.
public enum LeaveGesture: Hashable, Sendable, CustomStringConvertible {
    /// The back button of a navigation bar.
    case backButton
    /// The interactive swipe back of a navigation stack.
    case swipeBack
    /// A sheet swiped down.
    case swipeDown
    /// The selected tab tapped again, which takes its navigation stack back to its root.
    case tabReselected

    /// `back button`, `swipe back`, `swipe down`.
    public var description: String {
        switch self {
        case .backButton: "back button"
        case .swipeBack: "swipe back"
        case .swipeDown: "swipe down"
        case .tabReselected: "tab reselected"
        }
    }
}
