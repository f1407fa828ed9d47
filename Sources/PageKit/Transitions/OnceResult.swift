/// A result that arrives once: the handlers waiting for it run when it does, in order,
/// and later resolutions are ignored.
///
/// It is the one primitive behind ``TransitionTicket``, ``NavigationRequest`` and awaited
/// responses. It is a value kept inside its owner, so it costs no allocation of its own;
/// the owner calls the handlers that ``resolve(_:)`` hands back once its own state is
/// settled, so a handler may read the owner again.
package struct OnceResult<Success> {
    package typealias Handler = @MainActor (Result<Success, NavigationError>) -> Void

    package private(set) var result: Result<Success, NavigationError>?
    private var handlers: [Handler] = []
    /// Kept apart from `result`: comparing an optional result with `nil` copies it.
    package private(set) var isResolved = false

    /// Nothing yet.
    package init() {}

    /// Adds `handler`, or returns `false` when the result is already there (the caller
    /// then calls it itself, at once).
    package mutating func add(_ handler: @escaping Handler) -> Bool {
        guard !isResolved else { return false }
        handlers.append(handler)
        return true
    }

    /// Records `result` if none is recorded yet.
    /// - Returns: The handlers to call with it; none when it was already resolved.
    package mutating func resolve(_ result: Result<Success, NavigationError>) -> [Handler] {
        guard !isResolved else { return [] }
        isResolved = true
        self.result = result
        defer { handlers = [] }
        return handlers
    }
}

/// Suspends until a one-shot result arrives.
///
/// - Parameters:
///   - subscribe: Registers the handler that resumes the wait; called once, at once.
///   - cancel: Runs on the main actor when the waiting task is cancelled; it should make
///     the result arrive (a cancelled request ends, a wait ends with no response).
/// - Returns: The result.
@MainActor
package func awaitOnceResult<Success: Sendable>(
    subscribe: (@escaping OnceResult<Success>.Handler) -> Void,
    cancel: @escaping @MainActor () -> Void
) async -> Result<Success, NavigationError> {
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Success, NavigationError>, Never>) in
            subscribe { continuation.resume(returning: $0) }
        }
    } onCancel: {
        Task { @MainActor in cancel() }
    }
}
