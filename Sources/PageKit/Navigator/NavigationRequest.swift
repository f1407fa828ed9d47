/// What an open did.
public struct NavigationOutcome: Sendable {
    /// The plan that ran.
    public let plan: NavigationPlan
    /// The current path before.
    public let from: PagePath
    /// The current path after.
    public let to: PagePath
    /// The paths guards redirected away from, in order; empty when none did.
    public let redirectedFrom: [PagePath]
    private weak var targetPage: (any Page)?

    init(plan: NavigationPlan, from: PagePath, to: PagePath, redirectedFrom: [PagePath], target: (any Page)?) {
        self.plan = plan
        self.from = from
        self.to = to
        self.redirectedFrom = redirectedFrom
        targetPage = target
    }

    /// The page the path ended at, while it lives.
    public var target: (any Page)? { targetPage }
}

/// A navigation request: queued at once, planned and run when its turn comes.
///
/// ```swift
/// let request = navigator.request(path)      // queued now, in call order
/// request.cancel()                           // if it should not run after all
/// let outcome = try await request.outcome()  // or await it
/// ```
///
/// It always ends: with an outcome, or with a ``NavigationError`` that says whether it
/// failed, timed out, was refused or was cancelled.
@MainActor
public final class NavigationRequest {
    /// The path as requested, possibly relative. For a move (``Navigator/pop(_:animated:)``,
    /// ``Navigator/jump(to:animated:)``…), the path that describes it when it was asked;
    /// where it leads is decided at its turn.
    public let path: PagePath
    /// What it asks for: a path, or a move planned at its turn.
    let target: NavigationTarget
    /// The resolution mode.
    public let mode: ResolutionMode
    /// Where it comes from.
    public let source: NavigationSource
    /// Whether its transitions animate.
    public let animated: Bool
    let payload: (any Sendable)?

    /// How it ended, once it has.
    public private(set) var result: Result<NavigationOutcome, NavigationError>?

    var ticket: TransitionTicket?
    var onCancelWhileHeld: (() -> Void)?
    private var handlers: [(Result<NavigationOutcome, NavigationError>) -> Void] = []

    init(path: PagePath, target: NavigationTarget? = nil, mode: ResolutionMode, source: NavigationSource,
         animated: Bool, payload: (any Sendable)?) {
        self.path = path
        self.target = target ?? .path(path)
        self.mode = mode
        self.source = source
        self.animated = animated
        self.payload = payload
    }

    /// Whether it has ended.
    public var isResolved: Bool { result != nil }

    /// Cancels it: before its turn it ends at once with ``NavigationError/Code/cancelled``;
    /// while it runs, it stops before its next step.
    public func cancel() {
        guard result == nil else { return }
        if let ticket {
            ticket.cancel()
        } else {
            // Held for a root: it ends here, whether or not its navigator still lives.
            onCancelWhileHeld?()
            resolve(.failure(NavigationError(.cancelled, path: path.description,
                                             reason: "it was cancelled before the root was installed")))
        }
    }

    /// Calls `handler` once it ends (at once if it has).
    /// - Parameter handler: Receives the outcome or the error.
    public func onResolve(_ handler: @escaping @MainActor (Result<NavigationOutcome, NavigationError>) -> Void) {
        if let result {
            handler(result)
        } else {
            handlers.append(handler)
        }
    }

    /// Returns once it has ended.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError`` when it failed, timed out, was refused or cancelled.
    ///   Cancelling the calling task cancels the request.
    @discardableResult
    public func outcome() async throws -> NavigationOutcome {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<NavigationOutcome, NavigationError>, Never>) in
                onResolve { continuation.resume(returning: $0) }
            }
        } onCancel: {
            Task { @MainActor in self.cancel() }
        }
        switch result {
        case .success(let outcome): return outcome
        case .failure(let error): throw error
        }
    }

    func resolve(_ result: Result<NavigationOutcome, NavigationError>) {
        guard self.result == nil else { return }
        self.result = result
        let handlers = self.handlers
        self.handlers = []
        for handler in handlers { handler(result) }
    }
}
