/// A height a sheet stops at.
public enum SheetDetent: Hashable, Sendable, Codable, CustomStringConvertible {
    /// About half the screen.
    case medium
    /// The full height.
    case large
    /// A fraction of the full height, from 0 to 1 (a custom detent on iOS 16).
    case fraction(Double)

    /// `medium`, `large`, `0.3`.
    public var description: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let value): "\(value)"
        }
    }
}
