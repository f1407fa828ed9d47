/// Anything that names a page path: a ``PagePath``, its text, or a typed route.
///
/// The navigator's verbs take one of these, so a path, a string and a route are one
/// spelling, not three overloads:
///
/// ```swift
/// try await navigator.open("app://tab/contact/person_detail?id=5")
/// try await navigator.open(try PagePath(parsing: "/tab#settings"))
/// ```
public protocol PagePathConvertible: Sendable {
    /// The path this value names.
    /// - Parameter limits: The bounds to enforce when the value is text to parse.
    /// - Returns: The path.
    /// - Throws: ``PagePathError`` when the value does not name a valid path.
    func pagePath(limits: PagePath.Limits) throws -> PagePath
}

extension PagePath: PagePathConvertible {
    /// The path itself.
    /// - Parameter limits: Unused: the path is already parsed.
    /// - Returns: `self`.
    public func pagePath(limits: PagePath.Limits) -> PagePath { self }
}

extension String: PagePathConvertible {
    /// The path string or app URL, parsed.
    /// - Parameter limits: The bounds to enforce.
    /// - Returns: The parsed path.
    /// - Throws: ``PagePathError`` when the text is not a valid path.
    public func pagePath(limits: PagePath.Limits) throws -> PagePath {
        try PagePath(parsing: self, limits: limits)
    }
}
