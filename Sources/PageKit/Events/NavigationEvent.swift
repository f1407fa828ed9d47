/// What a ``Navigator`` reports about each request: for analytics, logging and tests.
///
/// The navigator also reports every change it did not make, as
/// ``Kind-swift.enum/changed(_:)``: a back button, a swipe, a tab tap, a sheet swiped
/// down, or the app calling a container directly.
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
///
/// The paths are spelled out when read, so an observer that does not read them costs
/// nothing for a deep stack.
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
        /// The pages its plan makes (or the page it reveals and refreshes) have loaders
        /// (``PageLoader``), and they started: the screen stays as it is until
        /// ``loadEnded``, so show that something is coming. The components are those being
        /// loaded, in path order.
        case loadStarted([PageComponent])
        /// The loads that ``loadStarted(_:)`` announced are over: finished, failed, timed
        /// out, or stopped because the request was cancelled or superseded. The request's
        /// own end follows.
        case loadEnded
        /// Not a request: the hierarchy changed without the navigator, by the person or
        /// by the app calling a container directly (``NavigationEvent/source`` says who).
        case changed(HierarchyChange)
    }

    /// Which moment it is.
    public let kind: Kind
    /// What was requested: the path (possibly relative) or the move; `nil` for text that
    /// did not parse, and for a change the navigator did not make.
    public var requested: NavigationTarget? { requestedTarget?.target }
    /// Kept as its own enum: see `RequestedTarget`.
    let requestedTarget: RequestedTarget?
    /// Where the request came from, or who made the change: ``NavigationSource/user`` for
    /// the person, ``NavigationSource/app`` for a direct call.
    public let source: NavigationSource
    /// The plan, once made.
    public let plan: NavigationPlan?
    let fromPath: SharedPath
    let toPath: SharedPath?

    init(kind: Kind, requested: RequestedTarget?, source: NavigationSource, plan: NavigationPlan?,
         from: SharedPath, to: SharedPath?) {
        self.kind = kind
        requestedTarget = requested
        self.source = source
        self.plan = plan
        fromPath = from
        toPath = to
    }

    /// The current path when the request started, or before the change.
    public var from: PagePath { fromPath.path }
    /// Where it goes: the absolute path planned, or after it finished (or after the
    /// change), the current path; for a request that failed or was cancelled after a step
    /// ran, the current path it left the screen at.
    public var to: PagePath? { toPath?.path }
}

extension NavigationEvent: CustomStringConvertible {
    /// A line of text: the kind, then from → to.
    public var description: String {
        let name = switch kind {
        case .willStart: "will start"
        case .didFinish: "did finish"
        case .failed(let error): "failed (\(error.code))"
        case .cancelled: "cancelled"
        case .loadStarted(let components):
            "load started (\(components.map { PageReference.describe(name: $0.name, parameters: $0.parameters) }.joined(separator: ", ")))"
        case .loadEnded: "load ended"
        case .changed(let change): "changed (\(change))"
        }
        return "\(name): \(from) → \(to.map(\.description) ?? requested.map(\.description) ?? "?")"
    }
}
