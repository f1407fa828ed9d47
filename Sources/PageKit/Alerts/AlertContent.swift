/// What an alert or a confirmation dialog shows: a title, a message, and the buttons the
/// person chooses from, each of which answers with a response.
///
/// An alert is a destination like a page: registered by name with
/// ``PageRegistry/registerAlert(_:externallyOpenable:content:)``, opened with `!name`,
/// printed in plans and paths, and answered through the response of the button chosen.
///
/// ```swift
/// try registry.registerAlert("delete_contact") { intent in
///     AlertContent(title: "Delete \(intent.parameter("name") ?? "this contact")?",
///                  buttons: [.destructive("Delete", id: "delete"), .cancel()])
/// }
/// if let reply = try await navigator.open("!delete_contact(name=Ada)", expecting: AlertChoice.self),
///    reply.payload?.button == "delete" {
///     contacts.remove("Ada")
/// }
/// ```
public struct AlertContent: Hashable, Sendable, CustomStringConvertible {
    /// How it is shown.
    public enum Style: String, Hashable, Sendable {
        /// An alert in the middle of the screen.
        case alert
        /// A confirmation dialog: an action sheet from the bottom on a compact width, a
        /// popover on a regular one (where a tap outside it cancels).
        case confirmationDialog
    }

    /// How it is shown.
    public var style: Style
    /// The title.
    public var title: String
    /// The message under the title, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [AlertButton]

    /// Creates the content.
    /// - Parameters:
    ///   - style: An alert, or a confirmation dialog.
    ///   - title: The title.
    ///   - message: The message under the title.
    ///   - buttons: The buttons. With none, an alert gets an OK button; a confirmation
    ///     dialog without a cancel button gets one when it is shown.
    public init(_ style: Style = .alert, title: String, message: String? = nil, buttons: [AlertButton] = []) {
        self.style = style
        self.title = title
        self.message = message
        self.buttons = buttons
    }

    /// The content as it is shown, checked: the buttons the platform adds are added, so
    /// that every alert has a way out and every answer is one of ``buttons``.
    ///
    /// An alert with no button gets an OK button (`ok`), as SwiftUI gives one; UIKit would
    /// show an alert that cannot be closed. A confirmation dialog with no cancel button
    /// gets one (`cancel`), as SwiftUI gives a dialog its dismiss action, so the popover's
    /// tap outside has a button to stand for.
    /// - Returns: The content with those buttons.
    /// - Throws: ``NavigationError/Code/invalidAlert`` for more than one cancel button
    ///   (UIKit stops the app for it), for two buttons with one identifier (their
    ///   answers could not be told apart), or for a button with an empty title.
    package func validated() throws -> AlertContent {
        var content = self
        let cancels = buttons.filter { $0.role == .cancel }
        if cancels.count > 1 {
            throw NavigationError(.invalidAlert, component: title, reason: "it has \(cancels.count) cancel buttons "
                + "(\(cancels.map { "`\($0.id)`" }.joined(separator: ", "))); an alert has at most one")
        }
        var seen: Set<String> = []
        for button in buttons {
            if button.title.isEmpty {
                throw NavigationError(.invalidAlert, component: title, reason: "its button `\(button.id)` has no title")
            }
            if !seen.insert(button.id).inserted {
                throw NavigationError(.invalidAlert, component: title,
                                      reason: "two of its buttons answer `\(button.id)`; give each its own id")
            }
        }
        switch style {
        case .alert where buttons.isEmpty:
            content.buttons = [AlertButton("OK", id: "ok")]
        case .confirmationDialog where cancels.isEmpty && !seen.contains("cancel"):
            content.buttons.append(.cancel())
        case .alert, .confirmationDialog:
            break
        }
        return content
    }

    /// The style, title and buttons, as in `alert "Delete?" [delete (destructive), cancel (cancel)]`.
    public var description: String {
        let buttons = buttons.map { button in button.role.map { "\(button.id) (\($0))" } ?? button.id }
        return "\(style == .alert ? "alert" : "dialog") \"\(title)\" [\(buttons.joined(separator: ", "))]"
    }
}
