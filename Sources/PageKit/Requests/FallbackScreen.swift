/// The screen a navigator shows, once declared, when a link or a path leads nowhere: an
/// unknown page, a link no pattern maps, a page that cannot be made.
///
/// ```swift
/// try navigator.registry.register("not_found") { intent in
///     NotFoundPage(failure: intent.payload(as: NavigationFailure.self))
/// }
/// navigator.configuration.fallback = try FallbackScreen("!not_found")
///
/// try await navigator.openLink("https://example.com/nowhere")   // PageKitLinks
/// // throws NavigationError (.invalidLink), and then presents not_found over the screen
/// ```
///
/// The request that failed still fails with its ``NavigationError``, so its caller knows;
/// the fallback is a request of its own, queued after it, from ``NavigationSource/app``,
/// whose payload is the ``NavigationFailure``. A fallback that fails in its turn fails
/// alone: it never shows the fallback again.
public struct FallbackScreen: Sendable {
    /// Where the fallback is shown, resolved when its turn comes: an absolute path
    /// (`!not_found`, `/tab!not_found`) from the root, which presents it in place of a
    /// sheet it presents; a relative one (`.!not_found`) above the screen as it is, over
    /// any sheet.
    public var destination: PagePath
    /// The sources of the requests whose failures show it. Requests from outside the app
    /// (``NavigationSource/external``: links, notifications) by default, since nobody
    /// there can handle the error; add ``NavigationSource/app`` for the app's own.
    public var sources: Set<NavigationSource>
    /// The failures that show it: by default those that mean the destination leads
    /// nowhere (``defaultCodes``). A refusal, a cancellation or a time-out never should:
    /// the screen stays as it was for a reason.
    public var codes: Set<NavigationError.Code>

    /// The failures that mean a link or path leads nowhere: it is not a link the map
    /// declares or not a path, names a page nobody registered, may not be opened from
    /// outside, or names a page that cannot be made (its factory or its loader threw) or
    /// shown.
    public static let defaultCodes: Set<NavigationError.Code> = [
        .invalidLink, .invalidPath, .foreignScheme, .invalidRoute, .notRegistered, .notExternallyOpenable,
        .factoryFailed, .loadFailed, .cannotShow,
    ]

    /// Declares a fallback screen.
    /// - Parameters:
    ///   - destination: Where it is shown: a path, its text (`!not_found`) or a route.
    ///   - sources: The sources of the requests whose failures show it.
    ///   - codes: The failures that show it.
    /// - Throws: ``PagePathError`` when `destination` is text that is not a page path, or
    ///   the error of a route that cannot be written as a path.
    public init(_ destination: some PagePathConvertible, sources: Set<NavigationSource> = [.external],
                codes: Set<NavigationError.Code> = defaultCodes) throws {
        self.destination = try destination.pagePath(limits: .default)
        self.sources = sources
        self.codes = codes
    }

    /// Whether a request from `source` that failed with `error` shows the fallback.
    func isShown(for error: NavigationError, from source: NavigationSource) -> Bool {
        sources.contains(source) && codes.contains(error.code)
    }
}
