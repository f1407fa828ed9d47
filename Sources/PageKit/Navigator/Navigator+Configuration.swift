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

        /// Creates a configuration.
        /// - Parameters:
        ///   - animated: Whether transitions animate by default.
        ///   - limits: Bounds on parsed paths.
        ///   - historyCapacity: How many paths the history keeps.
        ///   - maxRedirects: How many redirects one request may take.
        public init(animated: Bool = true, limits: PagePath.Limits = .default, historyCapacity: Int = 50,
                    maxRedirects: Int = 5) {
            self.animated = animated
            self.limits = limits
            self.historyCapacity = historyCapacity
            self.maxRedirects = maxRedirects
        }
    }
}
