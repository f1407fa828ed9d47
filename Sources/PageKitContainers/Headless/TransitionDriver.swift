public import PageKit

/// A transition a headless container asks its driver to carry out.
public struct HeadlessTransition: Sendable, Hashable, CustomStringConvertible {
    /// What kind of transition it is.
    public enum Kind: String, Sendable, Hashable {
        /// Pages pushed on a stack.
        case push
        /// Pages popped off a stack.
        case pop
        /// A stack replaced.
        case setStack
        /// A tab selected.
        case select
        /// A tab added.
        case addTab
        /// A page presented.
        case present
        /// A presented page dismissed.
        case dismiss
    }

    /// What kind of transition it is.
    public let kind: Kind
    /// The container (or, for `present` and `dismiss`, the presenter) it happens in.
    public let container: String
    /// The pages it shows or removes, by name and parameters.
    public let pages: [String]
    /// Whether it is animated.
    public let animated: Bool

    /// `push [a, b] onto stack (animated)`-style text, for logs and assertions.
    public var description: String {
        "\(kind.rawValue) [\(pages.joined(separator: ", "))] in \(container)\(animated ? " (animated)" : "")"
    }
}

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

/// Completes every transition at once: the default, for code that does not care about
/// timing.
public final class ImmediateTransitionDriver: TransitionDriver {
    /// Creates the driver.
    public init() {}

    /// Calls `completion` at once.
    /// - Parameters:
    ///   - transition: Ignored.
    ///   - completion: Called at once.
    public func run(_ transition: HeadlessTransition, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}

/// Gives each animated transition a duration on a ``TransitionClock`` and completes it
/// when that much time has passed; non-animated transitions complete at once. It can be
/// told to drop or delay completions, to test time-outs and late completions.
///
/// ```swift
/// let clock = ManualTransitionClock()
/// let driver = ClockTransitionDriver(clock: clock)
/// driver.dropNextCompletion()        // the next transition never reports its end
/// clock.advance(by: .seconds(3))     // the queue's time-out opens the valve
/// ```
public final class ClockTransitionDriver: TransitionDriver {
    /// What to do with a transition's completion.
    public enum Fate: Sendable, Hashable {
        /// Complete after the driver's duration (at once when not animated).
        case normal
        /// Complete after this long, animated or not.
        case after(Duration)
        /// Never complete.
        case dropped
    }

    /// The clock durations are measured on.
    public let clock: any TransitionClock
    /// How long an animated transition takes. Default: 0.35 s, UIKit's push.
    public var duration: Duration
    private var fates: [Fate] = []
    /// How many transitions have started and not yet completed (dropped ones stay counted).
    public private(set) var inFlight = 0
    /// The most transitions ever in flight at once: 1 when none overlapped.
    public private(set) var maxInFlight = 0

    /// Creates the driver.
    /// - Parameters:
    ///   - clock: The clock durations are measured on.
    ///   - duration: How long an animated transition takes.
    public init(clock: any TransitionClock, duration: Duration = .milliseconds(350)) {
        self.clock = clock
        self.duration = duration
    }

    /// Decides the fate of the next transitions, in order, one each.
    /// - Parameter fate: What happens to the next transition's completion.
    public func setNext(_ fate: Fate) {
        fates.append(fate)
    }

    /// Makes the next transition never report its end.
    public func dropNextCompletion() {
        setNext(.dropped)
    }

    /// Runs `transition`, completing it according to its fate.
    /// - Parameters:
    ///   - transition: What happens.
    ///   - completion: Called when it is over, unless dropped.
    public func run(_ transition: HeadlessTransition, completion: @escaping @MainActor () -> Void) {
        let fate = fates.isEmpty ? .normal : fates.removeFirst()
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        let finish: @MainActor () -> Void = { [weak self] in
            self?.inFlight -= 1
            completion()
        }
        switch fate {
        case .normal where !transition.animated:
            finish()
        case .normal:
            _ = clock.schedule(after: duration, finish)
        case .after(let delay):
            _ = clock.schedule(after: delay, finish)
        case .dropped:
            break
        }
    }
}
