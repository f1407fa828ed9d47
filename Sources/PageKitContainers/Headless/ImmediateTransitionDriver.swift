/// Completes every transition at once: the default, for code that does not care about
/// timing.
public final class ImmediateTransitionDriver: TransitionDriver {
    /// Creates the driver.
    public init() {}

    /// Calls `completion` at once.
    /// - Parameters:
    ///   - transition: Ignored.
    ///   - completion: Called at once.
    public func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}
