/// What a request did.
public struct NavigationOutcome: Sendable {
    // One storage that copies share: an outcome is handed from the request's machine to its
    // driver, its result and its events, and a copy of its fields (one of them a weak
    // reference) cost some 350 instructions, a release of them some 600.
    private final class Storage: @unchecked Sendable {
        // Unchecked: every field is set once, here; the weak reference is only read after.
        let plan: NavigationPlan
        let redirectedFrom: [PagePath]
        let fromPath: SharedPath
        let toPath: SharedPath
        @exclusivity(unchecked) weak var targetPage: (any Page)?

        init(plan: NavigationPlan, fromPath: SharedPath, toPath: SharedPath, redirectedFrom: [PagePath],
             targetPage: (any Page)?) {
            self.plan = plan
            self.fromPath = fromPath
            self.toPath = toPath
            self.redirectedFrom = redirectedFrom
            self.targetPage = targetPage
        }
    }

    private let storage: Storage

    init(plan: NavigationPlan, from: SharedPath, to: SharedPath, redirectedFrom: [PagePath], target: (any Page)?) {
        storage = Storage(plan: plan, fromPath: from, toPath: to, redirectedFrom: redirectedFrom, targetPage: target)
    }

    /// The plan that ran.
    public var plan: NavigationPlan { storage.plan }
    /// The paths guards redirected away from, in order; empty when none did.
    public var redirectedFrom: [PagePath] { storage.redirectedFrom }
    var fromPath: SharedPath { storage.fromPath }
    var toPath: SharedPath { storage.toPath }

    /// The current path before.
    public var from: PagePath { fromPath.path }
    /// The current path after.
    public var to: PagePath { toPath.path }
    /// The page the request ended at, while it lives.
    public var target: (any Page)? { storage.targetPage }
}
