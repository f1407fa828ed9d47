import PageKit
/// Why a link could not be mapped to a page path, a page path could not be given a link,
/// or a pattern could not be added.
///
/// The message names the link (or the path, or the pattern) and, where there is one, the
/// pattern concerned:
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
        /// before the host, a bad percent-encoding, or longer or deeper than the limits;
        /// or, for a link made as a URL (a user activity's), Foundation's `URL` does not
        /// accept it (a pattern whose host a URL cannot hold).
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

        /// The destination given to ``LinkMap/link(for:scheme:)`` is not a page path:
        /// text that does not parse, a route whose values cannot be written, or a relative
        /// path that cannot be resolved; ``LinkMapError/underlying`` holds the
        /// ``/PageKit/PagePathError`` or ``/PageKitRoutes/PageRouteError``.
        public static let invalidPath = Code("invalidPath")
        /// The path to give a link is relative (`..!profile`, or a route on its own): a
        /// link always opens an absolute path. Compose it from ``/PageKit/PagePath/root``, or let
        /// ``PageKit/Navigator/link(for:scheme:)`` resolve it against the current path.
        public static let relativePath = Code("relativePath")
        /// No pattern's target gives the path: no target has its pages in its places
        /// (more components than any target, a page presented modally where no target
        /// presents one), its parameters or query differ from every target's, or the only
        /// targets that fit leave out a value their pattern's link needs.
        public static let noPatternForPath = Code("noPatternForPath")
        /// A pattern's target gives the path, but a value cannot stand where the pattern
        /// puts it: it does not fit a typed placeholder (`abc` for `{id:int}`), it is empty
        /// where a path segment needs text, the rest of a path has an empty segment, or
        /// the link would be longer or deeper than the map's limits.
        public static let valueDoesNotFit = Code("valueDoesNotFit")
        /// A value holds the literal text its pattern puts around it in one segment, so
        /// the link would read back as other values: `a_b` for `{first}` in
        /// `{first}_{last}`.
        public static let ambiguousValue = Code("ambiguousValue")
        /// The link a pattern gives the path is taken, on the way back in, by a more
        /// specific pattern with another target: `me` for `{id}` in `/people/{id}`, beside
        /// `/people/me`.
        public static let shadowedLink = Code("shadowedLink")
        /// The page the link opens is not registered as externally openable, so the
        /// navigator would refuse the link: from ``PageKit/Navigator/currentLink(scheme:)`` and
        /// ``PageKit/Navigator/link(for:scheme:)``, which know the registry.
        public static let notExternallyOpenable = Code("notExternallyOpenable")
    }

    /// What kind of problem it is.
    public let code: Code
    /// The link being mapped, the path being given a link, or the pattern being added
    /// (shortened when very long).
    public let input: String
    /// The pattern concerned, when there is one: the one matched, the one a new pattern
    /// conflicts with, or the one whose link a path cannot have.
    public let pattern: String?
    /// A sentence fragment that says what went wrong.
    public let reason: String
    /// The error underneath: the ``/PageKit/PagePathError`` of a target that does not parse, or of
    /// a destination that names no path (or its ``/PageKitRoutes/PageRouteError``).
    public let underlying: (any Error)?

    /// Whether the error is about a path being given a link.
    let isAboutPath: Bool

    init(_ code: Code, input: String, pattern: String? = nil, reason: String, underlying: (any Error)? = nil,
         isAboutPath: Bool? = nil) {
        self.code = code
        self.input = PagePathError.shortened(input)
        self.pattern = pattern
        self.reason = reason
        self.underlying = underlying
        self.isAboutPath = isAboutPath
            ?? [.invalidPath, .relativePath, .noPatternForPath, .valueDoesNotFit, .ambiguousValue, .shadowedLink,
               .notExternallyOpenable]
                .contains(code)
    }

    /// Whether the error is about a pattern being added rather than a link being mapped.
    var isAboutPattern: Bool {
        [.invalidPattern, .invalidTarget, .duplicatePattern, .ambiguousPattern].contains(code)
    }
}

extension LinkMapError: CustomStringConvertible {
    /// The message: the link, path or pattern, and what went wrong.
    public var description: String {
        if isAboutPattern { return "cannot add link pattern `\(input)`: \(reason)" }
        if isAboutPath { return "cannot make a link for `\(input)`: \(reason)" }
        return "cannot map link `\(input)`: \(reason)"
    }
}
