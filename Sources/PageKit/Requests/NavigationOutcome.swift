/// What a request did.
public struct NavigationOutcome: Sendable {
    /// The plan that ran.
    public let plan: NavigationPlan
    /// The paths guards redirected away from, in order; empty when none did.
    public let redirectedFrom: [PagePath]
    let fromPath: SharedPath
    let toPath: SharedPath
    private weak var targetPage: (any Page)?

    init(plan: NavigationPlan, from: SharedPath, to: SharedPath, redirectedFrom: [PagePath], target: (any Page)?) {
        self.plan = plan
        fromPath = from
        toPath = to
        self.redirectedFrom = redirectedFrom
        targetPage = target
    }

    /// The current path before.
    public var from: PagePath { fromPath.path }
    /// The current path after.
    public var to: PagePath { toPath.path }
    /// The page the request ended at, while it lives.
    public var target: (any Page)? { targetPage }
}
