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
        let request = NavigationRequest(path: path, mode: mode, source: source,
                                        animated: animated ?? configuration.animated, payload: payload)
        let wait = ResponseWait()
        // The wait starts in the very turn the open finishes, so a response the page sends
        // right after it appears cannot slip past to bubble instead. It is attached before
        // the request is queued: on an idle queue the open may finish within `request(_:)`.
        request.onResolve { [weak self] result in
            switch result {
            case .failure(let error):
                wait.end(.failure(error))
            case .success(let outcome):
                guard let self, let target = outcome.target else { return wait.end(.success(nil)) }
                self.startWaiting(wait, for: target)
            }
        }
        self.request(request)
        let response: PageResponse?
        switch await wait.value(onCancel: { request.cancel() }) {
        case .failure(let error): throw error
        case .success(let value): response = value
        }
        guard let response else { return nil }
        if response.hasPayload, response.payload(as: T.self) == nil {
            throw NavigationError(.responseTypeMismatch, path: request.path.description,
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
        try await open(parse(text), expecting: type, mode: mode, animated: animated, payload: payload, source: source)
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
        wait.onCancel = { [weak self] in self?.responses.cancel(id) }
    }

    /// Tells the navigator that the hierarchy changed outside its queue (a container it
    /// does not drive), so waits for responses from pages that left end. Transitions that
    /// go through ``queue`` tell it themselves.
    public func hierarchyDidChange() {
        responses.hierarchyChanged(in: self)
    }
}

/// A response being waited for: it ends once, with the response, none, or an error.
@MainActor
private final class ResponseWait {
    private var result: Result<PageResponse?, NavigationError>?
    private var continuation: CheckedContinuation<Result<PageResponse?, NavigationError>, Never>?
    /// Stops the waiting underneath, when the waiting task is cancelled.
    var onCancel: (() -> Void)?

    func end(_ result: Result<PageResponse?, NavigationError>) {
        guard self.result == nil else { return }
        self.result = result
        onCancel = nil
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// The outcome, once there is one. Cancelling the waiting task calls `cancelFirst`
    /// (to cancel what was asked) and ends the wait with no response.
    func value(onCancel cancelFirst: @escaping @MainActor () -> Void) async -> Result<PageResponse?, NavigationError> {
        await withTaskCancellationHandler {
            if let result { return result }
            return await withCheckedContinuation { continuation = $0 }
        } onCancel: {
            Task { @MainActor in
                cancelFirst()
                self.onCancel?()
                self.end(.success(nil))
            }
        }
    }
}
