/// A page's identity, stable for as long as the page lives.
///
/// A page may give its own through ``Page/pageIdentifier``; otherwise the navigator
/// assigns one from its ``PageIdentifierGenerator`` when it first needs it.
public struct PageIdentifier: Hashable, Sendable {
    /// The identifier's text.
    public let rawValue: String

    /// Creates an identifier.
    /// - Parameter rawValue: The identifier's text.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

extension PageIdentifier: ExpressibleByStringLiteral {
    /// Creates an identifier from a literal.
    /// - Parameter value: The identifier's text.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension PageIdentifier: CustomStringConvertible {
    /// The identifier's text.
    public var description: String { rawValue }
}
