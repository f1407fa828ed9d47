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

extension Navigator {
    /// Asks the guards again about the path on screen, as after signing out, and goes
    /// where they send it: nothing moves when they allow it, a redirect or a detour is
    /// followed. A guard that refuses the current path fails the request and leaves the
    /// screen as it is: have such a guard redirect instead.
    /// - Parameter options: Animation and payload.
    /// - Returns: The request.
    @discardableResult
    public func revalidate(_ options: NavigationOptions = .default) -> NavigationRequest {
        request(PagePath([], origin: .current(levelsUp: 0)), options.mode(.exact).source(.app))
    }

    /// Revalidates (``revalidate(_:)``) each time `changes` yields, as when the session
    /// signs out, until the token is cancelled or freed, or the sequence ends.
    ///
    /// ```swift
    /// let token = navigator.revalidate(on: session.signedInChanges)   // an AsyncStream<Bool>
    /// ```
    ///
    /// Changes coalesce: those that arrive while a revalidation waits or runs give one more,
    /// after it, so the guards always see the latest state and never more than once behind.
    /// - Parameters:
    ///   - changes: Yields when what the guards read changes; its elements are not read.
    ///   - options: Animation and payload of each revalidation.
    /// - Returns: The token that keeps the observation.
    public func revalidate<Changes: AsyncSequence & Sendable>(on changes: Changes,
                                                               _ options: NavigationOptions = .default)
        -> ObservationToken {
        let coalescing = CoalescedRevalidation()
        let task = Task { @MainActor [weak self] in
            do {
                for try await _ in changes {
                    guard let self else { return }
                    coalescing.changed { self.revalidate(options) }
                }
            } catch {
                // A sequence that fails ends the observation, as one that finishes does.
            }
        }
        return ObservationToken { task.cancel() }
    }
}

/// At most one revalidation waiting or running, and at most one more after it.
@MainActor
final class CoalescedRevalidation {
    private var running: NavigationRequest?
    private var changedSince = false

    /// What the guards read has changed: revalidate now, or once the one under way ends.
    func changed(_ revalidate: @escaping @MainActor () -> NavigationRequest) {
        guard running == nil else {
            changedSince = true
            return
        }
        let request = revalidate()
        running = request
        request.onResolve { [weak self] _ in
            guard let self else { return }
            running = nil
            if changedSince {
                changedSince = false
                changed(revalidate)
            }
        }
    }
}
