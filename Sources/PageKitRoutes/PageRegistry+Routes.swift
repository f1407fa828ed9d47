public import PageKit
extension PageRegistry {
    /// Makes a page from the route its component decodes to, and the intent.
    public typealias RouteFactory<Route: PageRoute> = @MainActor @Sendable (Route, PageIntent) throws -> any Page

    /// Registers a factory for a route's page name that receives the decoded route.
    ///
    /// The component being opened is read as `Route`, with the path's query as a
    /// fallback, before the factory runs. When it does not read (a parameter missing, of
    /// the wrong type, or unknown), the factory throws that ``PageRouteError`` without
    /// being called, and the open fails with ``/PageKit/NavigationError/Code/factoryFailed`` with
    /// the error underneath, before anything moves.
    ///
    /// ```swift
    /// try registry.register(PersonDetail.self, externallyOpenable: true) { route, intent in
    ///     PersonDetailPage(route: route, draft: intent.payload(as: Draft.self))
    /// }
    /// ```
    /// - Parameters:
    ///   - route: The route type; its ``PageRoute/pageName`` is the registered name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///     Off by default: a deep link reaches only what is allowed.
    ///   - factory: Makes the page from the decoded route and the intent.
    /// - Throws: ``/PageKit/NavigationError/Code/duplicateRegistration`` when the name is taken.
    /// - Complexity: Amortized O(1).
    public mutating func register<Route: PageRoute>(
        _ route: Route.Type,
        externallyOpenable: Bool = false,
        factory: @escaping RouteFactory<Route>
    ) throws {
        try register(Route.pageName, externallyOpenable: externallyOpenable, factory: Self.decoding(factory))
    }

    /// Registers a factory for a route's page name, replacing any factory already
    /// registered under it. The factory receives the decoded route, as it does when
    /// registered with a route type.
    /// - Parameters:
    ///   - route: The route type; its ``PageRoute/pageName`` is the registered name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///   - factory: Makes the page from the decoded route and the intent.
    /// - Returns: Whether a factory was replaced.
    @discardableResult
    public mutating func replace<Route: PageRoute>(
        _ route: Route.Type,
        externallyOpenable: Bool = false,
        factory: @escaping RouteFactory<Route>
    ) -> Bool {
        replace(Route.pageName, externallyOpenable: externallyOpenable, factory: Self.decoding(factory))
    }

    private static func decoding<Route: PageRoute>(_ factory: @escaping RouteFactory<Route>) -> Factory {
        { intent in try factory(try Route(decoding: intent), intent) }
    }
}
