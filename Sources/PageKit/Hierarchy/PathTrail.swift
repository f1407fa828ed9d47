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
    /// `rest`, or `nil` when it is the empty path, as it is for every current path read
    /// from the hierarchy: a copy of the path is then one retain, where the empty path's
    /// parts cost three more, and as many releases to destroy it.
    private var extra: PagePath?

    init(trails: [PathTrail] = []) {
        self.trails = trails
        extra = nil
    }

    init(trails: [PathTrail], rest: PagePath) {
        self.trails = trails
        extra = rest
    }

    init(_ path: PagePath) {
        trails = []
        extra = path
    }

    /// Components after the trails, then the query and spelling of the whole path.
    var rest: PagePath { extra ?? .empty }

    /// Whether it is its trails alone: matched in place, as `extra == nil` copied both
    /// sides to compare them.
    private var isTrailsAlone: Bool {
        if case .none = extra { true } else { false }
    }

    /// The path, spelled out.
    /// - Complexity: O(*n*) in the number of components.
    var path: PagePath {
        guard !trails.isEmpty else { return rest }
        var components: [PageComponent] = []
        let restCount = extra?.components.count ?? 0
        components.reserveCapacity(trails.reduce(restCount) { $0 + $1.count })
        for trail in trails { trail.append(to: &components) }
        guard var path = extra else { return PagePath(components) }
        components.append(contentsOf: path.components)
        path.components = components
        return path
    }

    /// Its last component, if any.
    var lastComponent: PageComponent? { extra?.components.last ?? trails.last?.component }

    /// How many components it holds.
    var count: Int { trails.reduce(extra?.components.count ?? 0) { $0 + $1.count } }

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
            && (lhs.extra?.components.count ?? 0) == (rhs.extra?.components.count ?? 0)
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
