extension Navigator {
    /// Query keys a navigator may read as request options (see
    /// ``Configuration/reservedQueryKeys``). Each is taken out of the query, so pages never
    /// see it.
    public struct ReservedQueryKeys: OptionSet, Hashable, Sendable {
        /// The options' raw value.
        public let rawValue: Int

        /// Creates options from their raw value.
        /// - Parameter rawValue: The raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `animated=true|false`: whether the request animates.
        public static let animated = ReservedQueryKeys(rawValue: 1)
        /// `modal=true|false`: `true` presents the last component (`!`) instead of showing it
        /// in its parent (`/`).
        public static let modal = ReservedQueryKeys(rawValue: 2)
    }

    /// Settings of a navigator.
    public struct Configuration: Sendable {
        /// Whether transitions animate unless a request says otherwise. Default `true`.
        public var animated: Bool
        /// Bounds on the paths it parses from text.
        public var limits: PagePath.Limits
        /// How many paths ``Navigator/history`` keeps. Default 50.
        public var historyCapacity: Int
        /// How many redirects guards may make for one request. Default 5.
        public var maxRedirects: Int
        /// How many pages requests that keep the pages they pop (``NavigationOptions/keepingLeftPages()-method``)
        /// may keep in all; the oldest are let go beyond it. Default 32.
        public var keptPagesCapacity: Int
        /// The query keys read as options rather than passed to pages, for apps whose
        /// links say `?animated=false` or `?modal=true`. None by default.
        public var reservedQueryKeys: ReservedQueryKeys = []
        /// The URL schemes the navigator routes, compared without regard to case; an app
        /// URL of any other scheme fails with ``NavigationError/Code/foreignScheme`` before
        /// it is planned, from ``Navigator/open(_:_:)``, ``Navigator/request(_:_:)``,
        /// ``Navigator/plan(for:_:)`` and ``Navigator/canOpen(_:_:)`` alike. Path strings
        /// (`/tab#contact`, `../x`) have no scheme and are always routed. Empty, the
        /// default, accepts every scheme.
        ///
        /// ```swift
        /// navigator.configuration.acceptedSchemes = ["myapp"]
        /// try await navigator.open("myapp://tab/settings")   // routed
        /// try await navigator.open("other://tab/settings")   // throws .foreignScheme
        /// ```
        public var acceptedSchemes: Set<String>
        /// The screen shown when a link or path leads nowhere, given the failure; `nil`,
        /// the default, shows none. The request still fails with its typed error.
        ///
        /// ```swift
        /// navigator.configuration.fallback = try FallbackScreen("!not_found")
        /// ```
        public var fallback: FallbackScreen?

        /// Creates a configuration.
        /// - Parameters:
        ///   - animated: Whether transitions animate by default.
        ///   - limits: Bounds on parsed paths.
        ///   - historyCapacity: How many paths the history keeps.
        ///   - maxRedirects: How many redirects one request may take.
        ///   - keptPagesCapacity: How many popped pages may be kept for jumps back.
        ///   - acceptedSchemes: The URL schemes routed; empty for any.
        public init(animated: Bool = true, limits: PagePath.Limits = .default, historyCapacity: Int = 50,
                    maxRedirects: Int = 5, keptPagesCapacity: Int = 32, acceptedSchemes: Set<String> = []) {
            self.acceptedSchemes = acceptedSchemes
            self.animated = animated
            self.limits = limits
            self.historyCapacity = historyCapacity
            self.maxRedirects = maxRedirects
            self.keptPagesCapacity = keptPagesCapacity
        }

        /// Whether an app URL of `scheme` is routed: the set is empty, or holds it in any case.
        /// - Parameter scheme: A URL scheme.
        /// - Returns: Whether ``acceptedSchemes`` lets it through.
        package func accepts(scheme: String) -> Bool {
            Self.schemes(acceptedSchemes, accept: scheme)
        }

        /// Whether `schemes`, as ``acceptedSchemes``, let `scheme` through: for a reader that
        /// holds only the set, rather than a copy of the whole configuration.
        static func schemes(_ schemes: Set<String>, accept scheme: String) -> Bool {
            schemes.isEmpty || schemes.contains(scheme) || schemes.contains { $0.lowercased() == scheme.lowercased() }
        }
    }
}
