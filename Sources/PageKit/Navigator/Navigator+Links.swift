extension Navigator {
    /// Opens a link from outside the app through ``links``: its path, as an external
    /// request, so it reaches only externally openable pages. When it fails as
    /// ``Configuration/fallback`` covers, the fallback screen is shown after it.
    ///
    /// ```swift
    /// try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
    /// try await navigator.openLink("https://example.com/people/5")
    /// ```
    /// - Parameters:
    ///   - link: The link, such as a universal link's URL text.
    ///   - options: Mode, animation and payload; the source is always
    ///     ``NavigationSource/external``.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError``: ``NavigationError/Code/invalidLink`` when the
    ///   link matches no pattern (a foreign scheme or host, an unknown path), and the
    ///   errors of ``open(_:_:)`` otherwise.
    @discardableResult
    public func openLink(_ link: String, _ options: NavigationOptions = .default) async throws -> NavigationOutcome {
        try await requestLink(link, options).outcome()
    }

    /// Queues a request for a link from outside the app, through ``links``.
    /// - Parameters:
    ///   - link: The link.
    ///   - options: Mode, animation and payload; the source is always external.
    /// - Returns: The request; already failed with ``NavigationError/Code/invalidLink`` when
    ///   the link matches no pattern.
    @discardableResult
    public func requestLink(_ link: String, _ options: NavigationOptions = .default) -> NavigationRequest {
        let external = options.source(.external)
        do {
            return request(try links.path(for: link), external)
        } catch {
            return failedRequest(error, external, prepare: showFallbackIfItFails)
        }
    }
}
