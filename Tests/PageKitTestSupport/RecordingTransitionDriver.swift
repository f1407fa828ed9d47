public import PageKitContainers

/// Logs every transition headless containers ask for, then hands it to another driver.
public final class RecordingTransitionDriver: TransitionDriver {
    public private(set) var log: [HeadlessTransition] = []
    public let next: any TransitionDriver

    public init(next: any TransitionDriver = ImmediateTransitionDriver()) {
        self.next = next
    }

    public func run(_ transition: HeadlessTransition, completion: @escaping @MainActor () -> Void) {
        log.append(transition)
        next.run(transition, completion: completion)
    }

    /// The log as lines, cleared.
    public func takeLog() -> [String] {
        defer { log = [] }
        return log.map(\.description)
    }
}
