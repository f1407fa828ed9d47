/// One `key=value` pair of a component's parameters or of a query.
public struct PageParameter: Hashable, Sendable {
    /// The parameter's name, percent-decoded.
    public var key: String
    /// The parameter's value, percent-decoded.
    public var value: String

    /// Creates a parameter.
    /// - Parameters:
    ///   - key: The parameter's name.
    ///   - value: The parameter's value.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
