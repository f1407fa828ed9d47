package import PageKit

/// A UIKit container's decision core that reports on a queue, and moves onto a
/// navigator's queue only while its own is idle, so that nothing queued is stranded.
@MainActor
package protocol IdleQueueAdopting: AnyObject {
    /// The queue it reports on.
    var queue: TransitionQueue { get set }
}

extension IdleQueueAdopting {
    /// Moves onto `queue` (a navigator's) while the queue it is on is idle.
    /// - Parameter queue: The queue to move onto.
    /// - Returns: Whether it is on `queue` now.
    package func adopt(_ queue: TransitionQueue) -> Bool {
        guard self.queue !== queue else { return true }
        guard self.queue.isIdle else { return false }
        self.queue = queue
        return true
    }
}
