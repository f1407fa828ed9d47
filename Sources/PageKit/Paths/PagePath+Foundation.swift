#if canImport(Foundation)
public import Foundation

extension PagePath {
    /// Parses an app URL handed over by the system (a deep link, a notification's
    /// payload, a universal link the app has mapped to its own scheme).
    ///
    /// The URL's text is parsed by PageKit's own tokenizer, so the result is the same on
    /// every platform; Foundation is only the carrier.
    /// - Parameters:
    ///   - url: The URL.
    ///   - limits: The bounds to enforce.
    /// - Throws: A ``PagePathError`` as ``init(parsing:limits:)`` does.
    public init(url: URL, limits: Limits = .default) throws {
        try self.init(parsing: url.absoluteString, limits: limits)
    }
}
#endif
