/// Real time, from Swift's `ContinuousClock`.
public final class SystemTransitionClock: TransitionClock {
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// A clock whose origin is now.
    public init() {
        origin = clock.now
    }

    /// Time elapsed since the clock was made.
    public var now: Duration { origin.duration(to: clock.now) }

    /// Runs `action` after `delay`, from a main-actor task.
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - action: What to run.
    /// - Returns: A handle that cancels the task.
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any TransitionTimer {
        SystemTimer(task: Task { @MainActor in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return  // cancelled
            }
            action()
        })
    }

    private final class SystemTimer: TransitionTimer {
        let task: Task<Void, Never>
        init(task: Task<Void, Never>) { self.task = task }
        func cancel() { task.cancel() }
    }
}

