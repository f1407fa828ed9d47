extension PagePath {
    /// This path made absolute against `base`: `..` climbs one component of `base`,
    /// and the rest is appended. An absolute path is returned as it is.
    ///
    /// ```swift
    /// let base = try PagePath(parsing: "/top/news(id=10)")
    /// try PagePath(parsing: "../profile").resolved(against: base)   // /top/profile
    /// try PagePath(parsing: "..!share").resolved(against: base)     // /top!share
    /// try PagePath(parsing: "comments").resolved(against: base)     // /top/news(id=10)/comments
    /// ```
    /// The result takes this path's query and the base's spelling.
    /// - Parameter base: An absolute path, usually the current one.
    /// - Returns: The absolute path.
    /// - Throws: ``PagePathError/Code/relativeBase`` when `base` is relative,
    ///   ``PagePathError/Code/aboveRoot`` when `..` climbs past its root, and
    ///   ``PagePathError/Code/negativeClimb`` when the origin climbs fewer than 0 levels.
    public func resolved(against base: PagePath) throws -> PagePath {
        guard case .current(let levelsUp) = origin else { return self }
        guard levelsUp >= 0 else {
            throw PagePathError(.negativeClimb, input: description,
                                reason: "it climbs \(levelsUp) levels; a relative path climbs 0 levels or more")
        }
        guard base.origin == .root else {
            throw PagePathError(.relativeBase, input: description,
                                reason: "the base `\(base)` is itself relative")
        }
        guard levelsUp <= base.components.count else {
            throw PagePathError(.aboveRoot, input: description,
                                reason: "it climbs \(levelsUp) levels above `\(base)`, which has \(base.components.count)")
        }
        var result = base
        result.components.removeLast(levelsUp)
        result.components.append(contentsOf: components)
        result.query = query
        return result
    }
}
