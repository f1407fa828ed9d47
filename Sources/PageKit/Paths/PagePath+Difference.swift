/// What it takes to go from one page path to another: keep a common prefix, remove what
/// lies past it in the old path, add what lies past it in the new one.
///
/// ```swift
/// let old = try PagePath(parsing: "/top/list_news/show_news(id=1)")
/// let new = try PagePath(parsing: "/top/list_news!share")
/// let difference = new.difference(from: old)
/// difference.commonPrefix.map(\.name)   // ["top", "list_news"]
/// difference.removed.map(\.name)        // ["show_news"]
/// difference.added.map(\.name)          // ["share"]
/// ```
public struct PagePathDifference: Hashable, Sendable {
    /// The components both paths start with.
    public var commonPrefix: [PageComponent]
    /// The old path's components past the common prefix, deepest first: the order in
    /// which they come off.
    public var removed: [PageComponent]
    /// The new path's components past the common prefix, outermost first: the order in
    /// which they go on.
    public var added: [PageComponent]

    /// Whether the two paths have the same components.
    var isEmpty: Bool { removed.isEmpty && added.isEmpty }
}

extension PagePath {
    /// The difference from `old` to this path. Components compare by name, presentation
    /// and parameters; the query does not take part.
    /// - Parameter old: The path to go from.
    /// - Returns: The common prefix, what to remove and what to add.
    /// - Complexity: O(*n*) in the number of components.
    public func difference(from old: PagePath) -> PagePathDifference {
        var common = 0
        while common < components.count, common < old.components.count,
              components[common] == old.components[common] {
            common += 1
        }
        return PagePathDifference(
            commonPrefix: Array(components[..<common]),
            removed: old.components[common...].reversed(),
            added: Array(components[common...])
        )
    }
}
