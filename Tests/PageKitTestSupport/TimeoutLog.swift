public import PageKit

/// The labels of the operations a queue timed out, as it times them out: each a callback
/// that never came. Recording while it lives.
@MainActor
public final class TimeoutLog {
    /// The operations timed out, in order.
    public private(set) var labels: [String] = []
    private var token: ObservationToken?

    /// Starts recording what `queue` times out.
    /// - Parameter queue: The queue.
    public init(_ queue: TransitionQueue) {
        token = queue.observe { [weak self] event in
            if case .timedOut(let label, _) = event { self?.labels.append(label) }
        }
    }
}
