extension Navigator {
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
        /// How many pages requests that keep the pages they pop (``NavigationOptions/keepsLeftPages``)
        /// may keep in all; the oldest are let go beyond it. Default 32.
        public var keptPagesCapacity: Int

        /// Creates a configuration.
        /// - Parameters:
        ///   - animated: Whether transitions animate by default.
        ///   - limits: Bounds on parsed paths.
        ///   - historyCapacity: How many paths the history keeps.
        ///   - maxRedirects: How many redirects one request may take.
        ///   - keptPagesCapacity: How many popped pages may be kept for jumps back.
        public init(animated: Bool = true, limits: PagePath.Limits = .default, historyCapacity: Int = 50,
                    maxRedirects: Int = 5, keptPagesCapacity: Int = 32) {
            self.animated = animated
            self.limits = limits
            self.historyCapacity = historyCapacity
            self.maxRedirects = maxRedirects
            self.keptPagesCapacity = keptPagesCapacity
        }
    }
}
