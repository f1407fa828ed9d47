/// A scheduled action that can be cancelled.
@MainActor
public protocol TransitionTimer: AnyObject {
    /// Cancels the action if it has not run. Cancelling twice does nothing.
    func cancel()
}

