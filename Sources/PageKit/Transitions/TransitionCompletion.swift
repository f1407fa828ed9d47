/// The one-shot signal a container gives when a transition it started has ended.
///
/// Call ``finish()`` when the transition is over on screen (at once when it was not
/// animated) or ``fail(_:)`` when it could not happen. Only the first call counts; later
/// ones are ignored, so a late UIKit callback after a time-out does no harm.
///
/// ```swift
/// func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
///     stack.append(contentsOf: pages)
///     animator.run(animated: animated) { completion.finish() }
/// }
/// ```
@MainActor
public final class TransitionCompletion {
    private var handler: ((Result<Void, any Error>) -> Void)?
    /// Whether whoever handed it out still waits for it (a queued operation that has not
    /// timed out or been cancelled).
    private let isWaitedFor: (@MainActor () -> Bool)?
    /// Gives the operation it belongs to a fresh time-out, if it has one; held as a
    /// reference and a number rather than a closure, which would cost an allocation for
    /// every step of every request.
    private weak var restarter: (any TimeoutRestarting)?
    private let restartedStep: Int

    /// Creates a completion that calls `handler` once.
    /// - Parameter handler: Receives success, or the error the container reported.
    public init(_ handler: @escaping @MainActor (Result<Void, any Error>) -> Void) {
        self.handler = handler
        isWaitedFor = nil
        restartedStep = 0
    }

    /// A completion whose operation `restarter` gives a fresh time-out, telling it `step`.
    init(waitedFor: (@MainActor () -> Bool)? = nil, restarter: (any TimeoutRestarting)?, step: Int = 0,
         _ handler: @escaping @MainActor (Result<Void, any Error>) -> Void) {
        self.handler = handler
        isWaitedFor = waitedFor
        self.restarter = restarter
        restartedStep = step
    }

    /// Whether someone still waits for it: not done, and its operation has neither timed
    /// out nor been cancelled. A container that keeps a completion while UIKit animates
    /// reads it to know whether that transition is still the one in flight.
    package var isAwaited: Bool { handler != nil && (isWaitedFor?() ?? true) }

    /// The transition goes on with another animation, as SwiftUI's pop of several levels
    /// does one level at a time on iOS 16.0 and 16.1: its operation starts a fresh
    /// time-out, so that each animation has one, however many levels there are.
    package func continuesWithAnotherAnimation() {
        guard isAwaited else { return }
        restarter?.restartTimeout(forStep: restartedStep)
    }

    /// Reports that the transition has ended.
    public func finish() {
        fire(.success(()))
    }

    /// Reports how the transition ended: finished, or failed with the error.
    /// - Parameter result: How it ended.
    func end<Failure>(_ result: Result<Void, Failure>) {
        fire(result.mapError { $0 })
    }

    /// Reports that the transition could not happen.
    /// - Parameter error: Why.
    public func fail(_ error: any Error) {
        fire(.failure(error))
    }

    private func fire(_ result: Result<Void, any Error>) {
        guard let handler else { return }
        self.handler = nil
        handler(result)
    }
}

/// What gives the operation a transition belongs to a fresh time-out, when the transition
/// goes on with another animation (``TransitionCompletion/continuesWithAnotherAnimation()``).
@MainActor
protocol TimeoutRestarting: AnyObject {
    /// Restarts the time-out, if `step` is still the part of the operation that runs.
    func restartTimeout(forStep step: Int)
}
