extension Navigator {
    /// Sends a response from `page` to the pages that opened it.
    ///
    /// An opener awaiting `page` with ``open(_:expecting:mode:animated:payload:source:)-(PagePath,_,_,_,_,_)``
    /// receives it first. Otherwise it bubbles: the pages below `page` in its stack
    /// (nearest first), the stack, the containers above, up to the root; from a modal, to
    /// the page it was presented over and on from there. The first
    /// ``ResponseReceiving`` page that returns `true` consumes it. Pages not in the live
    /// hierarchy are never offered it.
    /// - Parameters:
    ///   - response: The response.
    ///   - page: The page that sends it; it must be live.
    /// - Returns: What became of it.
    /// - Complexity: O(*n*) in the number of live pages.
    @discardableResult
    public func send(_ response: PageResponse, from page: any Page) -> ResponseDelivery {
        if responses.deliver(response, from: page) { return .awaited }
        guard let chain = hierarchy?.responderChain(from: page) else { return .senderNotLive }
        for opener in chain {
            if let receiver = opener as? any ResponseReceiving, receiver.receive(response) {
                return .consumed(by: PageReference(live: opener))
            }
        }
        return .unhandled
    }

    /// Opens `path`, then waits for the page it ends at to send a response.
    ///
    /// ```swift
    /// if let reply = try await navigator.open("!/compose", expecting: Draft.self),
    ///    reply.status == .ok, let draft = reply.payload {
    ///     save(draft)
    /// }
    /// ```
    /// - Parameters:
    ///   - path: The path to open.
    ///   - type: The payload type expected.
    ///   - mode: The resolution mode.
    ///   - animated: Whether to animate.
    ///   - payload: A value for the page the path ends at.
    ///   - source: Where the request comes from.
    /// - Returns: The reply, or `nil` when the page left the hierarchy without
    ///   responding.
    /// - Throws: Always a ``NavigationError`` when the open fails, or
    ///   ``NavigationError/Code/responseTypeMismatch`` when the payload is not a `T`.
    public func open<T: Sendable>(
        _ path: PagePath,
        expecting type: T.Type,
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) async throws -> PageReply<T>? {
        let outcome = try await open(path, mode: mode, animated: animated, payload: payload, source: source)
        guard let target = outcome.target, hierarchy?.contains(target) == true else { return nil }
        let response = await response(from: target)
        guard let response else { return nil }
        if response.hasPayload, response.payload(as: T.self) == nil {
            throw NavigationError(.responseTypeMismatch, path: outcome.plan.path.description,
                                  component: target.pageName,
                                  reason: "the response's payload is not a \(T.self)")
        }
        return PageReply(status: response.status, payload: response.payload(as: T.self))
    }

    /// Opens a path string or app URL, then waits for a response; see
    /// ``open(_:expecting:mode:animated:payload:source:)-(PagePath,_,_,_,_,_)``.
    /// - Parameters:
    ///   - text: The path or URL.
    ///   - type: The payload type expected.
    ///   - mode: The resolution mode.
    ///   - animated: Whether to animate.
    ///   - payload: A value for the page the path ends at.
    ///   - source: Where the request comes from.
    /// - Returns: The reply, or `nil` when the page left without responding.
    /// - Throws: Always a ``NavigationError``.
    public func open<T: Sendable>(
        _ text: String,
        expecting type: T.Type,
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) async throws -> PageReply<T>? {
        let path: PagePath
        do {
            path = try PagePath(parsing: text, limits: configuration.limits)
        } catch {
            throw NavigationError(wrapping: error)
        }
        return try await open(path, expecting: type, mode: mode, animated: animated, payload: payload, source: source)
    }

    /// Waits for `page` to send a response, or to leave the hierarchy.
    /// - Parameter page: A live page.
    /// - Returns: The response, or `nil` when the page left without one. Cancelling the
    ///   calling task ends the wait with `nil`.
    public func response(from page: any Page) async -> PageResponse? {
        guard hierarchy?.contains(page) == true else { return nil }
        let waiter = ResponseWait()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<PageResponse?, Never>) in
                waiter.id = responses.await(page) { continuation.resume(returning: $0) }
                if waiter.isCancelled, let id = waiter.id { responses.cancel(id) }
            }
        } onCancel: {
            Task { @MainActor in
                waiter.isCancelled = true
                if let id = waiter.id { self.responses.cancel(id) }
            }
        }
    }

    /// Tells the navigator that the hierarchy changed outside its queue (a container it
    /// does not drive), so waits for responses from pages that left end. Transitions that
    /// go through ``queue`` tell it themselves.
    public func hierarchyDidChange() {
        responses.hierarchyChanged(in: self)
    }
}

@MainActor
private final class ResponseWait {
    var id: Int?
    var isCancelled = false
}
