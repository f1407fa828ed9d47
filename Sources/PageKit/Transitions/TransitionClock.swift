/// Where a ``TransitionQueue`` gets time: for time-outs, and for the durations its
/// events report.
///
/// Inject `PageKitTesting`'s `ManualTransitionClock` in tests and drive time with its
/// `advance(by:)`; never sleep.
@MainActor
public protocol TransitionClock: AnyObject {
    /// Time elapsed since the clock's own origin.
    var now: Duration { get }

    /// Runs `action` on the main actor once `delay` has elapsed, unless cancelled first.
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - action: What to run.
    /// - Returns: A handle that cancels the action.
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any TransitionTimer
}

