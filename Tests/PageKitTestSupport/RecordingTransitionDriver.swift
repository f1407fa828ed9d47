public import PageKitContainers

/// Logs every transition headless containers ask for, then hands it to another driver.
public final class RecordingTransitionDriver: TransitionDriver {
    /// Each transition as text, spelled when it ran (so the log keeps no page alive).
    public private(set) var log: [String] = []
    public let next: any TransitionDriver

    public init(next: any TransitionDriver = ImmediateTransitionDriver()) {
        self.next = next
    }

    public func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        log.append(transition.description)
        next.run(transition, completion: completion)
    }

    /// The log as lines, cleared.
    public func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}
