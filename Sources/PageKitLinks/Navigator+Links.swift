public import PageKit

extension Navigator {
    /// Opens a link from outside the app through ``links``: its path, as an external
    /// request, so it reaches only externally openable pages. When it fails as
    /// ``/PageKit/Navigator/Configuration/fallback`` covers, the fallback screen is shown after it.
    ///
    /// ```swift
    /// try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
    /// try await navigator.openLink("https://example.com/people/5")
    /// ```
    /// - Parameters:
    ///   - link: The link, such as a universal link's URL text.
    ///   - options: Mode, animation and payload; the source is always
    ///     ``/PageKit/NavigationSource/external``.
    /// - Returns: What it did.
    /// - Throws: Always a ``/PageKit/NavigationError``: ``/PageKit/NavigationError/Code/invalidLink`` when the
    ///   link matches no pattern (a foreign scheme or host, an unknown path), and the
    ///   errors of ``/PageKit/Navigator/open(_:_:)`` otherwise.
    @discardableResult
    public func openLink(_ link: String, _ options: NavigationOptions = .default) async throws -> NavigationOutcome {
        try await requestLink(link, options).outcome()
    }

    /// Queues a request for a link from outside the app, through ``links``.
    /// - Parameters:
    ///   - link: The link.
    ///   - options: Mode, animation and payload; the source is always external.
    /// - Returns: The request; already failed with ``/PageKit/NavigationError/Code/invalidLink`` when
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

    /// The patterns that turn links from outside the app into page paths, for
    /// ``openLink(_:_:)-(String,_)``. Empty until the app adds some: every link is refused.
    public var links: LinkMap {
        get { attachments[Self.linksKey] as? LinkMap ?? LinkMap() }
        set { attachments[Self.linksKey] = newValue }
        // In place: `navigator.links.add(…)` takes the map out of the store while it
        // changes, so no second reference makes each add copy the whole map (a get and a
        // set would, and adding n patterns would cost O(n²)).
        _modify {
            var map = attachments.removeValue(forKey: Self.linksKey) as? LinkMap ?? LinkMap()
            defer { attachments[Self.linksKey] = map }
            yield &map
        }
    }

    private static let linksKey = ObjectIdentifier(LinkMap.self)
}

extension LinkMapError: NavigationErrorConvertible {
    /// A request for a link the map refused fails with
    /// ``/PageKit/NavigationError/Code/invalidLink``, the link as its path.
    package var navigationError: NavigationError {
        NavigationError(.invalidLink, path: input, reason: reason, underlying: self)
    }
}
