/// How an operation queued on a ``TransitionQueue`` ended, and a way to cancel it.
@MainActor
public final class TransitionTicket {
    /// The operation's label.
    package var label: String {
        switch labelSource {
        case .text(let text): text
        case .describing(let source): source.object?.transitionLabel ?? "(ended)"
        }
    }
    private let labelSource: TransitionLabel
    /// What names the operation, when an object does and still lives: the request that
    /// queued it, say.
    var labeling: (any TransitionLabeling)? {
        if case .describing(let source) = labelSource { source.object } else { nil }
    }
    let id: UInt64
    // Strong until resolved: a queue with work someone waits for must live to finish it
    // (its time-outs guarantee it does). Dropped on resolution, so no cycle remains.
    @exclusivity(unchecked) private(set) var queue: TransitionQueue?
    @exclusivity(unchecked) private var outcome = OnceResult<Void>()
    /// The operation's body, until it starts.
    @exclusivity(unchecked) private var body: (@MainActor (TransitionValve) -> TransitionStart)?

    init(label: consuming TransitionLabel, id: UInt64, queue: TransitionQueue,
         body: @escaping @MainActor (TransitionValve) -> TransitionStart) {
        labelSource = label
        self.id = id
        self.queue = queue
        self.body = body
    }

    /// The body, let go of as the operation starts.
    func takeBody() -> @MainActor (TransitionValve) -> TransitionStart {
        guard let body else { preconditionFailure("operation \(id) started twice") }
        self.body = nil
        return body
    }

    /// How it ended, once it has: success, or the error it failed, timed out or was
    /// cancelled with.
    public var result: Result<Void, NavigationError>? { outcome.result }

    /// Whether it has ended.
    package var isResolved: Bool { outcome.isResolved }

    /// Cancels it: a waiting operation ends at once with
    /// ``NavigationError/Code/cancelled``; a running one is asked to stop, and a
    /// multi-step one stops before its next step. A transition already on screen is
    /// never cut short.
    public func cancel() {
        guard !isResolved else { return }
        queue?.cancel(id: id)
    }

    /// Calls `handler` with the result once it ends (at once if it has).
    /// - Parameter handler: Receives the result.
    public func onResolve(_ handler: @escaping @MainActor (Result<Void, NavigationError>) -> Void) {
        if !outcome.add(handler), let result { handler(result) }
    }

    /// Returns once the operation has ended.
    /// - Throws: Always a ``NavigationError`` when it failed, timed out or was cancelled.
    ///   Cancelling the calling task cancels the operation.
    public func finished() async throws {
        let result = await awaitOnceResult(subscribe: onResolve) { self.cancel() }
        if case .failure(let error) = result { throw error }
    }

    func resolve(_ result: Result<Void, NavigationError>) {
        let handlers = outcome.resolve(result)
        queue = nil
        body = nil
        for handler in handlers { handler(result) }
    }
}

/// What names a queued operation: text, or an object that spells it only when asked, so
/// an operation nobody describes costs no string.
enum TransitionLabel {
    case text(String)
    case describing(WeakLabeling)

    /// Names the operation by `object`, held weakly: the object may own the ticket.
    @MainActor static func describing(_ object: any TransitionLabeling) -> TransitionLabel {
        .describing(WeakLabeling(object: object))
    }
}

/// A weak hold on what names an operation.
@MainActor
struct WeakLabeling {
    weak var object: (any TransitionLabeling)?
}

/// An object that can name the operation it queued.
@MainActor
protocol TransitionLabeling: AnyObject {
    var transitionLabel: String { get }
}

extension TransitionTicket: TimeoutRestarting {
    /// Its operation, if it still runs, starts a fresh time-out for an animated part.
    func restartTimeout(forStep _: Int) {
        TransitionValve(ticket: self).restartTimeout(animated: true)
    }
}
