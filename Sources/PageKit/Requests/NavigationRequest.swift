/// A navigation request: queued at once, planned and run when its turn comes.
///
/// ```swift
/// let request = navigator.request(path)      // queued now, in call order
/// request.cancel()                           // if it should not run after all
/// let outcome = try await request.outcome()  // or await it
/// ```
///
/// It always ends: with an outcome, or with a ``NavigationError`` that says whether it
/// failed, timed out, was refused or was cancelled. Its whole life is decided by a
/// `RequestStateMachine` and carried out by a `RequestDriver`: read those two files to
/// follow one request from start to end.
@MainActor
public final class NavigationRequest {
    /// What it asks for: a path (possibly relative) or a move; `nil` for text that did
    /// not parse, in which case it has already failed with ``NavigationError/Code/invalidPath``.
    public var target: NavigationTarget? { requested?.target }
    /// The same, kept once for its machine, actions and events to share.
    let requested: RequestedTarget?
    /// The resolution mode.
    package let mode: ResolutionMode
    /// Where it comes from.
    package let source: NavigationSource
    /// Whether its transitions animate.
    package let animated: Bool
    /// Read from the options, not kept twice: a copy of an optional existential goes
    /// through its type metadata.
    var payload: (any Sendable)? { options.payload }
    /// Whether the pages it pops are kept for a jump back.
    let keepsLeftPages: Bool
    /// The options it was made with (its mode, source, payload and styles).
    let options: NavigationOptions
    /// The page a `push(page:)` shows, held until its turn.
    let providedPage: (any Page)?

    @exclusivity(unchecked) private var outcome = OnceResult<NavigationOutcome>()
    /// The queue's ticket for its turn, once it is queued.
    var ticket: TransitionTicket?
    /// What carries it out, until it ends.
    var driver: RequestDriver?

    init(target: NavigationTarget?, options: NavigationOptions, animated: Bool, providedPage: (any Page)? = nil) {
        // Not `map` with a closure: one formed on the main actor checks the executor when called.
        requested = if let target { RequestedTarget(target) } else { nil }
        mode = options.mode
        source = options.source
        self.animated = animated
        keepsLeftPages = options.keepsLeftPages
        self.options = options
        self.providedPage = providedPage
    }

    /// How the queue names it: `open app://tab/settings`, or the move.
    var label: String {
        switch requested?.target {
        case .path(let path)?: "open \(path)"
        case .move(let move)?: "\(move)"
        case nil: "open"
        }
    }

    /// How it ended, once it has.
    public var result: Result<NavigationOutcome, NavigationError>? { outcome.result }

    /// Whether it has ended.
    public var isResolved: Bool { outcome.isResolved }

    /// Cancels it: before its turn it ends at once with ``NavigationError/Code/cancelled``;
    /// while it waits for a guard or a page asked to leave, it ends at once; while its
    /// steps run, it stops before the next one (a transition on screen is never cut short).
    public func cancel() {
        guard !isResolved else { return }
        driver?.cancel()
    }

    /// Calls `handler` once it ends (at once if it has).
    /// - Parameter handler: Receives the outcome or the error.
    public func onResolve(_ handler: @escaping @MainActor (Result<NavigationOutcome, NavigationError>) -> Void) {
        if !outcome.add(handler), let result { handler(result) }
    }

    /// Returns once it has ended.
    /// - Returns: What it did.
    /// - Throws: Always a ``NavigationError`` when it failed, timed out, was refused or
    ///   cancelled. Cancelling the calling task cancels the request.
    @discardableResult
    public func outcome() async throws -> NavigationOutcome {
        switch await awaitOnceResult(subscribe: onResolve, cancel: { self.cancel() }) {
        case .success(let outcome): return outcome
        case .failure(let error): throw error
        }
    }

    func resolve(_ result: Result<NavigationOutcome, NavigationError>) {
        guard !isResolved else { return }
        driver = nil
        let handlers = outcome.resolve(result)
        for handler in handlers { handler(result) }
    }
}
