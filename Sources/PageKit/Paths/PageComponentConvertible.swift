/// Anything that stands for one component of a page path: a ``PageComponent``, or a typed
/// route (`PageRoute`, from `PageKitRoutes`).
///
/// The composition methods of ``PagePath`` take one of these, so routes and plain
/// components mix in one path:
///
/// ```swift
/// let path = try PagePath.root
///     .showing(PageComponent("tab"))
///     .embedding(Contact())
///     .showing(PersonDetail(id: 5))
/// ```
public protocol PageComponentConvertible: Sendable {
    /// The component this value stands for. Its presentation is decided by whoever
    /// places it in a path.
    /// - Returns: The component's name and parameters.
    /// - Throws: A route's `PageRouteError` when its values cannot be written as parameters.
    func pageComponent() throws -> PageComponent
}

extension PageComponent: PageComponentConvertible {
    /// The component itself.
    /// - Returns: `self`.
    public func pageComponent() -> PageComponent { self }
}
