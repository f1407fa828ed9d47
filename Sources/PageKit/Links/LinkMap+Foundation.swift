#if canImport(Foundation)
public import Foundation

extension LinkMap {
    /// The page path a link handed over by the system maps to (a universal link, a URL
    /// opened with the app's custom scheme).
    ///
    /// The URL's text is read by PageKit's own tokenizer, so the result is the same on
    /// every platform; Foundation is only the carrier.
    /// - Parameter url: The link.
    /// - Returns: The target of the most specific matching pattern, with the captured
    ///   values substituted.
    /// - Throws: ``LinkMapError`` as ``path(for:)-(String)`` does.
    /// - Complexity: O(*m*) in the length of the link, whatever the number of patterns.
    public func path(for url: URL) throws -> PagePath {
        try path(for: url.absoluteString)
    }
}
#endif
