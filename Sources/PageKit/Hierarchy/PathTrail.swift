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
    /// What follows the trails, kept only when there is something: a path read from the
    /// hierarchy, trails alone, is then copied with one retain, where the empty path's
    /// parts cost three more, and as many releases to destroy it.
    private let extra: Extra

    /// The rest, if any. Its own enum, not `PagePath?`: the compiler copies and destroys
    /// the optional through its type metadata (each plan's destination paid some 330
    /// instructions for it), this one in line.
    private enum Extra {
        case none
        case path(PagePath)
    }

    init(trails: [PathTrail] = []) {
        self.trails = trails
        extra = .none
    }

    init(trails: [PathTrail], rest: PagePath) {
        self.trails = trails
        extra = .path(rest)
    }

    init(_ path: PagePath) {
        trails = []
        extra = .path(path)
    }

    /// Components after the trails, then the query and spelling of the whole path.
    var rest: PagePath {
        switch extra {
        case .none: .empty
        case .path(let path): path
        }
    }

    /// Whether it was made of trails alone, as every current path read from the hierarchy
    /// is: two such paths compare by their trails only, and spell out without a rest.
    private var isTrailsAlone: Bool {
        if case .none = extra { true } else { false }
    }

    /// How many components the rest holds.
    private var restCount: Int {
        switch extra {
        case .none: 0
        case .path(let path): path.components.count
        }
    }

    /// The path, spelled out.
    /// - Complexity: O(*n*) in the number of components.
    var path: PagePath {
        guard !trails.isEmpty else { return rest }
        var components: [PageComponent] = []
        components.reserveCapacity(trails.reduce(restCount) { $0 + $1.count })
        for trail in trails { trail.append(to: &components) }
        guard case .path(var path) = extra else { return PagePath(components) }
        components.append(contentsOf: path.components)
        path.components = components
        return path
    }

    /// Its last component, if any.
    var lastComponent: PageComponent? {
        if case .path(let path) = extra, let last = path.components.last { return last }
        return trails.last?.component
    }

    /// How many components it holds.
    var count: Int { trails.reduce(restCount) { $0 + $1.count } }

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
            && lhs.restCount == rhs.restCount
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
