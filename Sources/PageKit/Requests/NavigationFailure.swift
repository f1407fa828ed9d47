/// What a fallback screen is told about the request that failed: the payload of the
/// request that opens ``FallbackScreen/destination``.
///
/// ```swift
/// try navigator.registry.register("not_found") { intent in
///     let failure = intent.payload(as: NavigationFailure.self)
///     return NotFoundPage(message: failure?.error.code == .invalidLink ? "This link is not ours" : "Not found")
/// }
/// ```
///
/// The link or path in it came from outside the app: show it as text, never open it.
public struct NavigationFailure: Sendable {
    /// Why the request failed.
    public let error: NavigationError
    /// What was requested: the path or the move, or `nil` for a link no pattern maps and
    /// for text that did not parse (the error's ``NavigationError/path`` then holds the
    /// text, and its code is ``NavigationError/Code/invalidLink`` for a link).
    public let requested: NavigationTarget?
    /// Where the request came from.
    public let source: NavigationSource

}
