/// A run of path components as an immutable chain, last component first, so runs that
/// share a beginning share it: a stack one push deeper is one node more, not a copy.
///
/// The navigator keeps one trail per navigation stack it has seen and spells the current
/// path out of a few trails only when someone reads it, which keeps an open's cost flat
/// in the depth of the stack.
final class PathTrail: Sendable {
    let component: PageComponent
    let parent: PathTrail?
    /// How many components the trail holds, this one included.
    let count: Int

    init(_ component: PageComponent, after parent: PathTrail?) {
        self.component = component
        self.parent = parent
        count = (parent?.count ?? 0) + 1
    }

    /// Appends the components, first to last, to `components`.
    /// - Complexity: O(*n*) in the number of components.
    func append(to components: inout [PageComponent]) {
        let start = components.count
        var node: PathTrail? = self
        while let current = node {
            components.append(current.component)
            node = current.parent
        }
        components[start...].reverse()
    }

    /// Whether both trails hold the same components: compared from the end until they
    /// meet at a shared node.
    /// - Complexity: O(*k*) in the number of components not shared.
    static func same(_ lhs: PathTrail?, _ rhs: PathTrail?) -> Bool {
        var left = lhs
        var right = rhs
        while let l = left, let r = right {
            if l === r { return true }
            guard l.count == r.count, l.component == r.component else { return false }
            left = l.parent
            right = r.parent
        }
        return left == nil && right == nil
    }
}

/// A page path kept as the trails it is made of, spelled out only when read: what
/// history entries, events and outcomes hold.
struct SharedPath: Sendable {
    // No default values: they would be computed before each initializer overwrites them.
    /// The runs of components, outermost first.
    var trails: [PathTrail]
    /// Components after the trails, then the query and spelling of the whole path.
    let rest: PagePath
    /// Whether it was made of trails alone, as every current path read from the hierarchy
    /// is: two such paths compare by their trails only, and spell out without reading the
    /// empty rest. (Kept as a flag: the rest made optional copied paths with one more
    /// cheaply, but those with one, as every plan's destination, dearly.)
    private let isTrailsAlone: Bool

    init(trails: [PathTrail] = []) {
        self.trails = trails
        rest = .empty
        isTrailsAlone = true
    }

    init(trails: [PathTrail], rest: PagePath) {
        self.trails = trails
        self.rest = rest
        isTrailsAlone = false
    }

    init(_ path: PagePath) {
        trails = []
        rest = path
        isTrailsAlone = false
    }

    /// The path, spelled out.
    /// - Complexity: O(*n*) in the number of components.
    var path: PagePath {
        guard !trails.isEmpty else { return rest }
        var components: [PageComponent] = []
        components.reserveCapacity(trails.reduce(rest.components.count) { $0 + $1.count })
        for trail in trails { trail.append(to: &components) }
        if isTrailsAlone { return PagePath(components) }
        components.append(contentsOf: rest.components)
        var path = rest
        path.components = components
        return path
    }

    /// Its last component, if any.
    var lastComponent: PageComponent? { rest.components.last ?? trails.last?.component }

    /// How many components it holds.
    var count: Int { trails.reduce(rest.components.count) { $0 + $1.count } }

    /// Whether both name the same path. Paths kept from the same trails compare in the
    /// time it takes to find what they share; others are spelled out.
    static func same(_ lhs: SharedPath, _ rhs: SharedPath) -> Bool {
        // The same array of trails: the current path read again with nothing changed.
        if lhs.trails.withUnsafeBufferPointer({ left in
            rhs.trails.withUnsafeBufferPointer { left.baseAddress == $0.baseAddress && left.count == $0.count }
        }) {
            return lhs.isTrailsAlone && rhs.isTrailsAlone || lhs.rest == rhs.rest
        }
        guard lhs.count == rhs.count else { return false }
        var aligned = lhs.trails.count == rhs.trails.count
            && lhs.rest.components.count == rhs.rest.components.count
        var index = 0
        while aligned, index < lhs.trails.count {
            aligned = lhs.trails[index].count == rhs.trails[index].count
            index += 1
        }
        guard aligned else { return lhs.path == rhs.path }
        guard lhs.isTrailsAlone && rhs.isTrailsAlone || lhs.rest == rhs.rest else { return false }
        for index in lhs.trails.indices where !PathTrail.same(lhs.trails[index], rhs.trails[index]) {
            return false
        }
        return true
    }
}
