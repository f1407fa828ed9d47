import PageKit
import PageKitRestoration
#if canImport(Foundation)
import Foundation

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
    func path(for url: URL) throws -> PagePath {
        try path(for: url.absoluteString)
    }

    /// The link that opens `destination`, as a URL to hand to the system: a share sheet,
    /// a user activity.
    /// - Parameters:
    ///   - destination: An absolute path, its text, or a composed route.
    ///   - scheme: Only patterns of this scheme, or `nil` for any.
    /// - Returns: The link ``link(for:scheme:)`` makes, as a URL.
    /// - Throws: ``LinkMapError`` as ``link(for:scheme:)`` does, and
    ///   ``LinkMapError/Code/invalidURL`` when Foundation's `URL` does not accept the link.
    /// - Complexity: As ``link(for:scheme:)``, whatever the number of patterns.
    func linkURL(for destination: some PagePathConvertible, scheme: String? = nil) throws -> URL {
        let path = try path(of: destination)
        return try Self.url(link(forPath: path, scheme: scheme), of: path)
    }

    /// What a user activity for Handoff and Spotlight needs to say about `destination`:
    /// its `https` link, and a state that restores it with no history before it.
    /// - Parameters:
    ///   - destination: An absolute path, its text, or a composed route.
    ///   - type: The activity type, declared in the app's `NSUserActivityTypes`.
    ///   - title: What Handoff and Spotlight show for the page.
    /// - Returns: The activity.
    /// - Throws: ``LinkMapError`` as ``linkURL(for:scheme:)`` does for the scheme `https`;
    ///   `EncodingError` when the state cannot be encoded.
    func activity(for destination: some PagePathConvertible, type: String, title: String? = nil) throws
        -> PageActivity {
        let path = try path(of: destination)
        let webpageURL = try Self.url(link(forPath: path, scheme: "https"), of: path)
        return try PageActivity(type: type, title: title, webpageURL: webpageURL,
                            state: NavigationState(path: path, history: [path]))
    }

    /// `link`, the link of `path`, as a URL.
    /// - Throws: ``LinkMapError/Code/invalidURL`` when Foundation's `URL` does not accept it
    ///   as it is (some versions encode what they do not accept, which would change it).
    static func url(_ link: String, of path: PagePath) throws -> URL {
        guard let url = URL(string: link), url.absoluteString == link else {
            throw LinkMapError(.invalidURL, input: path.description,
                               reason: "Foundation's URL does not accept its link `\(link)`", isAboutPath: true)
        }
        return url
    }
}
#endif
