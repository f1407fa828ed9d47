public import PageKit
#if canImport(Foundation)
public import Foundation

extension Navigator {
    /// Opens a link from outside the app through ``links`` (see ``openLink(_:_:)-(String,_)``).
    /// - Parameters:
    ///   - url: The link, as the system hands it over.
    ///   - options: Mode, animation and payload; the source is always external.
    /// - Returns: What it did.
    /// - Throws: Always a ``/PageKit/NavigationError``.
    @discardableResult
    public func openLink(_ url: URL, _ options: NavigationOptions = .default) async throws -> NavigationOutcome {
        try await openLink(url.absoluteString, options)
    }
}
#endif
