/// Why a link could not be mapped to a page path, or a pattern could not be added.
///
/// The message names the link (or the pattern) and, where there is one, the pattern
/// concerned:
///
/// ```swift
/// do {
///     _ = try links.path(for: "https://evil.example/people/5")
/// } catch {
///     error.code == .foreignHost   // true
///     print(error)   // cannot map link `https://evil.example/people/5`: no pattern
///                    // has the host `evil.example` for the scheme `https`
/// }
/// ```
public struct LinkMapError: Error, Sendable {
    /// What kind of problem it is. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A short name for the code.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// A pattern given to ``LinkMap/add(_:to:)`` is not well formed.
        public static let invalidPattern = Code("invalidPattern")
        /// A target given to ``LinkMap/add(_:to:)`` is not an absolute page path, or uses
        /// a placeholder its pattern does not capture.
        public static let invalidTarget = Code("invalidTarget")
        /// A pattern has the same shape as one already added: the same scheme, host and
        /// segments, placeholders in the same places.
        public static let duplicatePattern = Code("duplicatePattern")
        /// A pattern overlaps one already added: some link matches both, and neither is
        /// at least as specific at every segment.
        public static let ambiguousPattern = Code("ambiguousPattern")
        /// The link is not a URL the map can read: no `scheme://`, user information
        /// before the host, a bad percent-encoding, or longer or deeper than the limits.
        public static let invalidURL = Code("invalidURL")
        /// No pattern has the link's scheme.
        public static let foreignScheme = Code("foreignScheme")
        /// No pattern has the link's host for its scheme.
        public static let foreignHost = Code("foreignHost")
        /// Patterns have the link's scheme and host, but none matches its path.
        public static let unmatchedPath = Code("unmatchedPath")
        /// A query parameter that the matched pattern requires is absent, or a captured
        /// value that names a page is empty.
        public static let missingParameter = Code("missingParameter")
    }

    /// What kind of problem it is.
    public let code: Code
    /// The link being mapped, or the pattern being added (shortened when very long).
    public let input: String
    /// The pattern concerned, when there is one: the one matched, or the one a new
    /// pattern conflicts with.
    public let pattern: String?
    /// A sentence fragment that says what went wrong.
    public let reason: String
    /// The error underneath: the ``PagePathError`` of a target that does not parse.
    public let underlying: (any Error)?

    init(_ code: Code, input: String, pattern: String? = nil, reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.input = PageRouteError.shortened(input)
        self.pattern = pattern
        self.reason = reason
        self.underlying = underlying
    }

    /// Whether the error is about a pattern being added rather than a link being mapped.
    var isAboutPattern: Bool {
        [.invalidPattern, .invalidTarget, .duplicatePattern, .ambiguousPattern].contains(code)
    }
}

extension LinkMapError: CustomStringConvertible {
    /// The message: the link or pattern, and what went wrong.
    public var description: String {
        isAboutPattern
            ? "cannot add link pattern `\(input)`: \(reason)"
            : "cannot map link `\(input)`: \(reason)"
    }
}
