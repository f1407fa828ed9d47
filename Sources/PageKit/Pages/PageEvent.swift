/// What an ``EventHandler`` receives.
public struct PageEvent: Sendable {
    /// The whole path that was opened, its last component naming the handler.
    public let path: PagePath
    /// The handler's component, with its own parameters.
    public let component: PageComponent
    /// The path's query.
    package var query: PageParameters { path.query }

    /// The value of `key` in the handler's component, or else in the query.
    /// - Parameter key: A parameter name.
    /// - Returns: The value, or `nil` when neither has it.
    public func parameter(_ key: String) -> String? {
        component.parameters[key] ?? path.query[key]
    }
}
