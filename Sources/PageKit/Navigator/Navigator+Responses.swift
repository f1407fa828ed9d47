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
        var chain = hierarchy?.responderChain(from: page)
        if chain == nil, let presenter = (page as? AlertPage)?.presenter {
            // A platform dismisses an alert before it runs the button's action: the answer
            // bubbles from where the alert was.
            chain = hierarchy?.responderChain(from: presenter).map { [presenter] + $0 }
        }
        if let opener = responses.take(from: page, chain: chain ?? []) {
            opener(response)
            return .awaited
        }
        guard let chain else { return .senderNotLive }
        for (index, opener) in chain.enumerated() {
            response.passedThrough = index > 0
            if let receiver = opener as? any ResponseReceiving, receiver.receive(response) {
                return .consumed(by: PageReference(live: opener))
            }
        }
        return .unhandled
    }

    /// Opens `destination` as a flow, and waits for it to finish with one response.
    ///
    /// The flow is what the open made: its first new page, and every page opened from it
    /// later (pushed above it, presented from it), so a checkout of several screens
    /// finishes with one result whichever page ends it. The first response a page of the
    /// flow sends finishes it: the flow is closed as a unit (popped, or dismissed when it
    /// was presented) and, once that transition has ended, the reply is returned. An open
    /// that made no page (it revealed a live one) waits for that page's response and closes
    /// nothing.
    ///
    /// ```swift
    /// if let reply = try await navigator.open("!/checkout/cart", expecting: Receipt.self),
    ///    reply.status == .ok, let receipt = reply.payload {
    ///     show(receipt)                          // the checkout sheet is already gone
    /// }
    /// ```
    ///
    /// Every flow ends exactly once: with the reply; with `nil` when its pages leave
    /// without one (the person's swipe-down or back, the app's own pop); or, when the
    /// awaiting task is cancelled, with `nil` after the flow is closed.
    /// - Parameters:
    ///   - destination: A path, its text or a route.
    ///   - type: The payload type expected.
    ///   - options: Mode, animation, payload and source; the closing transition animates
    ///     as the open did.
    /// - Returns: The reply, or `nil` when the flow ended without one.
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
        let request = self.request(destination, options) { self.waitForResponse(wait, after: $0, asFlow: true) }
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
        _ = request(path, .default) { self.waitForResponse(wait, after: $0, asFlow: false) }
    }

    /// Makes `wait` wait, from the very turn `request` ends, for a response from the page
    /// it ends at or, `asFlow`, from any page of the flow it opened; a request that fails
    /// ends the wait with its error, one that ends at no page with no response.
    private func waitForResponse(_ wait: ResponseWait, after request: NavigationRequest, asFlow: Bool) {
        request.onResolve { [weak self] result in
            switch result {
            case .failure(let error):
                wait.end(.failure(error))
            case .success(let outcome):
                guard let self, let target = outcome.target else { return wait.end(.success(nil)) }
                guard asFlow else { return startWaiting(wait, for: target) }
                startWaiting(wait, forFlowOf: outcome, endingAt: target, animated: request.animated)
            }
        }
    }

    /// Makes `wait` wait for the flow `outcome` opened: its first new page and every page
    /// opened from it. A response closes the flow, then ends the wait; an open that made
    /// no page waits for `target` alone and closes nothing.
    private func startWaiting(_ wait: ResponseWait, forFlowOf outcome: NavigationOutcome, endingAt target: any Page,
                              animated: Bool) {
        // The first new page is the one the plan's path names where its new components
        // begin, found by planning that much of the path again, which moves nothing. Not
        // read from the screen: the person may have gone to another tab since the open's
        // last step, and UIKit presents an alert from the root, so neither the visible route
        // nor the route to `target` need pass through it.
        let made = outcome.plan.newComponents.count
        var path = outcome.plan.path
        guard made > 0, made <= path.components.count else { return startWaiting(wait, for: target) }
        path.components.removeLast(made - 1)
        guard let plan = try? makePlan(for: .path(path), mode: .reuse, options: .default, provided: nil),
              plan.newComponents.isEmpty, let first = plan.target.page else {
            return startWaiting(wait, for: target)
        }
        startWaiting(wait, for: first, orLast: target) { [unowned self, weak target] in
            // The first page or, once it has gone, what is left of the flow: its last page,
            // an alert UIKit presented from the root, which popping the first page leaves.
            let closing = hierarchy?.contains(first) == true ? first : target ?? first
            return closeFlow(at: closing, animated: animated)
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
    /// leaves without one. With `close`, `page` begins a flow: a page opened from it
    /// answers too, and a response, or the waiting task's cancellation, closes the flow
    /// first (the reply is handed over once that transition has ended). The flow goes on
    /// while `last`, the page its open ended at, is live, even if `page` has left.
    private func startWaiting(_ wait: ResponseWait, for page: any Page, orLast last: (any Page)? = nil,
                              closingFlow close: (@MainActor () -> NavigationRequest)? = nil) {
        let isLive = { [weak self, weak last] in
            guard let hierarchy = self?.hierarchy else { return false }
            return hierarchy.contains(page) || last.map(hierarchy.contains) == true
        }
        guard isLive() else { return wait.end(.success(nil)) }
        let id = responses.await(page, last: last, flow: close != nil) { response in
            guard let response, let close, isLive() else { return wait.end(.success(response)) }
            close().onResolve { _ in wait.end(.success(response)) }
        }
        watchQueueForResponses()
        wait.onCancel = { [weak self] in
            guard let self else { return }
            responses.cancel(id)
            if let close, isLive() { _ = close() }
        }
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
