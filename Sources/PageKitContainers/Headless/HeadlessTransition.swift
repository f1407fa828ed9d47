/// A transition a headless container asks its driver to carry out.
public struct HeadlessTransition: Sendable, Hashable, CustomStringConvertible {
    /// What kind of transition it is.
    public enum Kind: String, Sendable, Hashable {
        /// Pages pushed on a stack.
        case push
        /// Pages popped off a stack.
        case pop
        /// A stack replaced.
        case setStack
        /// A tab selected.
        case select
        /// A tab added.
        case addTab
        /// A page presented.
        case present
        /// A presented page dismissed.
        case dismiss
    }

    /// What kind of transition it is.
    public let kind: Kind
    /// The container (or, for `present` and `dismiss`, the presenter) it happens in.
    public let container: String
    /// The pages it shows or removes, by name and parameters.
    public let pages: [String]
    /// Whether it is animated.
    public let animated: Bool

    /// `push [a, b] onto stack (animated)`-style text, for logs and assertions.
    public var description: String {
        "\(kind.rawValue) [\(pages.joined(separator: ", "))] in \(container)\(animated ? " (animated)" : "")"
    }
}
