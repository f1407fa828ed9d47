extension Navigator {
    /// Sends a response from `page` to the pages that opened it.
    ///
    /// An opener awaiting `page` with ``open(_:expecting:_:)`` receives it first. Otherwise it bubbles: the pages below `page` in its stack
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
        var response = response
        response.sender = PageReference(live: page)
        if responses.deliver(response, from: page) { return .awaited }
        guard let chain = hierarchy?.responderChain(from: page) else { return .senderNotLive }
        for (index, opener) in chain.enumerated() {
            response.passedThrough = index > 0
            if let receiver = opener as? any ResponseReceiving, receiver.receive(response) {
                return .consumed(by: PageReference(live: opener))
            }
        }
        return .unhandled
    }

    /// Opens `destination`, then waits for the page it ends at to send a response.
    ///
    /// ```swift
    /// if let reply = try await navigator.open("!/compose", expecting: Draft.self),
    ///    reply.status == .ok, let draft = reply.payload {
    ///     save(draft)
    /// }
    /// ```
    /// - Parameters:
    ///   - destination: A path, its text or a route.
    ///   - type: The payload type expected.
    ///   - options: Mode, animation, payload and source.
    /// - Returns: The reply, or `nil` when the page left the hierarchy without
    ///   responding.
    /// - Throws: Always a ``NavigationError`` when the open fails, or
    ///   ``NavigationError/Code/responseTypeMismatch`` when the payload is not a `T`.
    public func open<T: Sendable>(
        _ destination: some PagePathConvertible,
        expecting type: T.Type,
        _ options: NavigationOptions = .default
    ) async throws -> PageReply<T>? {
        let wait = ResponseWait()
        // The wait starts in the very turn the open finishes, so a response the page sends
        // right after it appears cannot slip past to bubble instead. It is attached before
        // the request is queued: on an idle queue the open may finish at once.
        let request = self.request(destination, options) { self.waitForResponse(wait, after: $0) }
        let response: PageResponse?
        switch await wait.value(onCancel: { request.cancel() }) {
        case .failure(let error): throw error
        case .success(let value): response = value
        }
        guard let response else { return nil }
        if response.hasPayload, response.payload(as: T.self) == nil {
            var error = NavigationError(.responseTypeMismatch, reason: "the response's payload is not a \(T.self)")
            if let target = request.target { error = error.naming(target) }
            throw error
        }
        return PageReply(status: response.status, payload: response.payload(as: T.self), sender: response.sender)
    }

    /// Opens `path` and reports whether the page it ends at answered `ok` (a detour a
    /// guard asked for).
    func awaitResponse(opening path: PagePath, then report: @escaping @MainActor (Bool) -> Void) {
        let wait = ResponseWait()
        Task { @MainActor in
            switch await wait.value(onCancel: {}) {
            case .success(let response?): report(response.status == .ok)
            default: report(false)
            }
        }
        _ = request(path, .default) { self.waitForResponse(wait, after: $0) }
    }

    /// Makes `wait` wait for a response from the page `request` ends at, from the very
    /// turn it ends; a request that fails ends the wait with its error, one that ends at
    /// no page with no response.
    private func waitForResponse(_ wait: ResponseWait, after request: NavigationRequest) {
        request.onResolve { [weak self] result in
            switch result {
            case .failure(let error):
                wait.end(.failure(error))
            case .success(let outcome):
                guard let self, let target = outcome.target else { return wait.end(.success(nil)) }
                self.startWaiting(wait, for: target)
            }
        }
    }

    /// Waits for `page` to send a response, or to leave the hierarchy.
    /// - Parameter page: A live page.
    /// - Returns: The response, or `nil` when the page left without one. Cancelling the
    ///   calling task ends the wait with `nil`.
    public func response(from page: any Page) async -> PageResponse? {
        let wait = ResponseWait()
        startWaiting(wait, for: page)
        if case .success(let response) = await wait.value(onCancel: {}) { return response }
        return nil
    }

    /// Makes `wait` end with `page`'s response, or with none if `page` is not live or
    /// leaves without one.
    private func startWaiting(_ wait: ResponseWait, for page: any Page) {
        guard hierarchy?.contains(page) == true else { return wait.end(.success(nil)) }
        let id = responses.await(page) { wait.end(.success($0)) }
        watchQueueForResponses()
        wait.onCancel = { [weak self] in self?.responses.cancel(id) }
    }
}

/// A response being waited for: it ends once, with the response, none, or an error.
@MainActor
private final class ResponseWait {
    private var outcome = OnceResult<PageResponse?>()
    /// Stops the waiting underneath, when the waiting task is cancelled.
    var onCancel: (() -> Void)?

    func end(_ result: Result<PageResponse?, NavigationError>) {
        onCancel = nil
        let handlers = outcome.resolve(result)
        for handler in handlers { handler(result) }
    }

    /// The outcome, once there is one. Cancelling the waiting task calls `cancelFirst`
    /// (to cancel what was asked) and ends the wait with no response.
    func value(onCancel cancelFirst: @escaping @MainActor () -> Void) async -> Result<PageResponse?, NavigationError> {
        await awaitOnceResult(subscribe: { handler in
            if !self.outcome.add(handler), let result = self.outcome.result { handler(result) }
        }, cancel: {
            cancelFirst()
            self.onCancel?()
            self.end(.success(nil))
        })
    }
}
