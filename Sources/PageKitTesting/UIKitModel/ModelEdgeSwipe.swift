import PageKit
import PageKitContainers

/// The person's edge swipe (or content swipe) in progress on a
/// ``ModelNavigationController``: the finger lifts past the point of no return
/// (``finish()``), or early (``cancel()``). Either way the interaction callbacks run at
/// once and the coordinator completes when the animation has run.
@MainActor
public final class ModelEdgeSwipe {
    private weak var stack: ModelNavigationController?

    init(stack: ModelNavigationController) {
        self.stack = stack
    }

    /// The finger lifts past the point of no return: the page goes.
    public func finish() {
        stack?.endInteractivePop(cancelled: false)
    }

    /// The finger lifts early: the page stays.
    public func cancel() {
        stack?.endInteractivePop(cancelled: true)
    }
}
