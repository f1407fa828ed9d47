import PageKit
public import PageKitPictures

extension WorkedExampleRow {
    /// Runs the row on a fresh demo app and pictures it: the tree once the row's `before`
    /// path is open, the plan for its URL, and the tree once the URL is open.
    /// - Returns: The picture; `swift run Showcase --svg DIR` writes one per row.
    /// - Throws: ``NavigationError`` or `PagePathError` when the row does not open.
    @MainActor
    public func picture() async throws -> PlanPicture {
        let app = DemoApp()
        try await app.navigator.open(before, .mode(.exact).animated(false))
        guard let treeBefore = app.navigator.snapshot() else { preconditionFailure("the demo app has a root") }
        let plan = try app.navigator.plan(for: url)
        try await app.navigator.open(url)
        guard let treeAfter = app.navigator.snapshot() else { preconditionFailure("the demo app has a root") }
        return PlanPicture(before: treeBefore, plan: plan, after: treeAfter)
    }
}
