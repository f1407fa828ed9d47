extension Navigator {
    /// Adds a guard that sees every request before it is planned, in the order added.
    ///
    /// ```swift
    /// let token = navigator.addGuard { request in
    ///     guard request.to.components.contains(where: { $0.name == "account" }) else { return .allow }
    ///     return session.isSignedIn ? .allow : .redirect(to: try! PagePath(parsing: "/tab!login"))
    /// }
    /// ```
    /// - Parameter guard: The guard.
    /// - Returns: The token that keeps it; cancel it, or let it go, to remove the guard.
    public func addGuard(_ guard: @escaping NavigationGuard) -> ObservationToken {
        guards.add(`guard`)
    }

    /// Calls `handler` with every ``NavigationEvent`` until the token is cancelled or freed.
    /// - Parameter handler: Receives each event.
    /// - Returns: The token that keeps the observation.
    public func observe(_ handler: @escaping @MainActor (NavigationEvent) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// The navigator's events as an asynchronous sequence, from now on. The sequence ends
    /// when the navigator is freed.
    /// - Parameter limit: How many events to buffer for a slow consumer; older ones are
    ///   dropped beyond it.
    /// - Returns: A new stream.
    public func events(bufferingNewest limit: Int = 100) -> AsyncStream<NavigationEvent> {
        streams.make(bufferingNewest: limit)
    }
}
