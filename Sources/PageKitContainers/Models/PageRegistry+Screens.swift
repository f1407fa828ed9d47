public import PageKit

extension PageRegistry {
    /// Registers `name` as a SwiftUI screen: its factory makes a ``ScreenPage`` from the
    /// intent, and `ScreenViews` builds its view by the same name.
    ///
    /// ```swift
    /// try registry.registerScreen("person_detail", keeping: ["id"], externallyOpenable: true)
    /// ```
    /// - Parameters:
    ///   - name: The component name.
    ///   - keys: The query keys that are the screen's own parameters too
    ///     (``ScreenPage/init(intent:keeping:)``).
    ///   - externallyOpenable: Whether opens from outside the app may reach it.
    ///   - options: How it is shown unless a request says otherwise.
    /// - Throws: ``/PageKit/NavigationError/Code/duplicateRegistration`` when `name` is taken.
    public mutating func registerScreen(_ name: String, keeping keys: [String] = [], externallyOpenable: Bool = false,
                                        options: ShowStyle = .default) throws {
        try register(name, externallyOpenable: externallyOpenable, options: options) { intent in
            ScreenPage(intent: intent, keeping: keys)
        }
    }
}
