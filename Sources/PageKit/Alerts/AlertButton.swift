/// A button of an alert or a confirmation dialog.
public struct AlertButton: Hashable, Sendable {
    /// What the button does, which decides how it looks and where it goes.
    public enum Role: String, Hashable, Sendable {
        /// Cancels: answers with ``PageResponse/Status/cancelled``.
        case cancel
        /// Destroys something: shown in red.
        case destructive
    }

    /// What the button answers with: the ``AlertChoice/button`` of the response's payload.
    public var id: String
    /// The title shown.
    public var title: String
    /// Its role, or `nil` for a plain button.
    public var role: Role?

    /// Creates a button.
    /// - Parameters:
    ///   - title: The title shown.
    ///   - id: What it answers with; its title by default.
    ///   - role: Its role, or `nil` for a plain button.
    public init(_ title: String, id: String? = nil, role: Role? = nil) {
        self.title = title
        self.id = id ?? title
        self.role = role
    }

    /// A cancel button, answering `cancel` unless named otherwise.
    /// - Parameters:
    ///   - title: The title shown; "Cancel" by default.
    ///   - id: What it answers with.
    /// - Returns: The button.
    public static func cancel(_ title: String = "Cancel", id: String = "cancel") -> AlertButton {
        AlertButton(title, id: id, role: .cancel)
    }

    /// A destructive button.
    /// - Parameters:
    ///   - title: The title shown.
    ///   - id: What it answers with; its title by default.
    /// - Returns: The button.
    public static func destructive(_ title: String, id: String? = nil) -> AlertButton {
        AlertButton(title, id: id, role: .destructive)
    }
}
