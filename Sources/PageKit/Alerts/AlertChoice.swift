/// The button the person chose: the payload of an alert's response.
///
/// A cancel button answers with ``PageResponse/Status/cancelled``, any other with
/// ``PageResponse/Status/ok``. An alert that goes without a button chosen (a plan that
/// moves below it, the app's own dismissal) ends an awaiting open with `nil`.
public struct AlertChoice: Hashable, Sendable, CustomStringConvertible {
    /// The ``AlertButton/id`` of the button.
    public let button: String
    /// Its role.
    public let role: AlertButton.Role?

    /// Creates a choice.
    /// - Parameters:
    ///   - button: The button's id.
    ///   - role: Its role.
    package init(button: String, role: AlertButton.Role? = nil) {
        self.button = button
        self.role = role
    }

    /// The button's id.
    public var description: String { button }
}
