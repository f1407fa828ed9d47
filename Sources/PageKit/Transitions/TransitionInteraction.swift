/// An interactive transition holding a ``TransitionQueue``, such as a swipe back. Every
/// other operation waits until it ends.
@MainActor
public final class TransitionInteraction {
    private weak var queue: TransitionQueue?
    private let id: UInt64
    /// The interaction's label.
    package let label: String
    /// Whether ``end()`` has been called.
    package private(set) var isEnded = false
    /// The safety time-out that ends it if nothing else does.
    var timer: (any TransitionTimer)?

    init(queue: TransitionQueue, id: UInt64, label: String) {
        self.queue = queue
        self.id = id
        self.label = label
    }

    /// Releases the queue, whether the interaction finished or was cancelled. Calling it
    /// again does nothing.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        timer?.cancel()
        timer = nil
        queue?.interactionEnded(id, label: label)
    }
}
