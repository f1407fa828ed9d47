/// Gives headless transitions their timing: how long an animated transition takes
/// before its container reports the end.
@MainActor
public protocol TransitionDriver: AnyObject {
    /// Runs a transition whose model change has already been applied, and calls
    /// `completion` when it is over on "screen".
    /// - Parameters:
    ///   - transition: What happens.
    ///   - completion: Reports the end; a driver may, on purpose, never call it.
    func run(_ transition: HeadlessTransition, completion: @escaping @MainActor () -> Void)
}
