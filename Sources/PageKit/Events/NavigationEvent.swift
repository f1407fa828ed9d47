/// What a ``Navigator`` reports about each request: for analytics, logging and tests.
///
/// Every request ends with exactly one of ``Kind-swift.enum/didFinish``,
/// ``Kind-swift.enum/failed(_:)`` or ``Kind-swift.enum/cancelled``. One that gets as far as
/// running its steps (it was planned, its leaving pages agreed, its pages made) reports
/// ``Kind-swift.enum/willStart`` just before its first step; one refused, failed or
/// cancelled before that reports only how it ended.
///
/// ```swift
/// let token = navigator.observe { event in
///     if case .didFinish = event.kind {
///         analytics.log(screen: event.to?.description ?? "")
///     }
/// }
/// ```
public struct NavigationEvent: Sendable {
    /// Which moment of a request it is.
    public enum Kind: Sendable {
        /// The plan is made and its first step is about to run.
        case willStart
        /// Every step ran.
        case didFinish
        /// It failed; the error says why.
        case failed(NavigationError)
        /// It was cancelled.
        case cancelled
    }

    /// Which moment it is.
    public let kind: Kind
    /// The path as requested (possibly relative).
    public let requested: PagePath?
    /// The current path when the request started.
    public let from: PagePath
    /// Where it goes: the absolute path planned, or after it finished, the current path.
    public let to: PagePath?
    /// The plan, once made.
    public let plan: NavigationPlan?
    /// Where the request came from.
    public let source: NavigationSource
}

extension NavigationEvent: CustomStringConvertible {
    /// A line of text: the kind, then from → to.
    public var description: String {
        let name = switch kind {
        case .willStart: "will start"
        case .didFinish: "did finish"
        case .failed(let error): "failed (\(error.code))"
        case .cancelled: "cancelled"
        }
        return "\(name): \(from) → \(to.map(\.description) ?? requested.map(\.description) ?? "?")"
    }
}
