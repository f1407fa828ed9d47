/// A route through the live hierarchy from the root: to the page on screen (the visible
/// chain), or to any live page. Each component of the route is an ``Anchor``; its path is
/// the route spelled as a page path.
///
/// A route is made of segments: one page, or a run of stack pages from the bottom of
/// their stack. It is a short-lived value: it holds the pages it passes through, so
/// nothing keeps it beyond the work at hand.
@MainActor
struct LiveRoute {
    struct Segment {
        enum Kind {
            /// One page, spelled by a trail of one component.
            case page(any Page, PathTrail)
            /// The stack's pages `0..<count`, spelled by the run.
            case stack(any StackContainer, StackRun, pages: [any Page], count: Int)
        }

        let kind: Kind
        /// The modal level this segment begins, when it begins one.
        let modal: ModalCrossing?
        /// Whether the stack of a `.stack` segment has its own component (a named
        /// stack, spelled by the segment before).
        var stackIsNamed = false

        var count: Int {
            switch kind {
            case .page: 1
            case .stack(_, _, _, let count): count
            }
        }
    }

    private(set) var segments: [Segment] = []
    /// How many anchors it holds.
    private(set) var count = 0

    mutating func append(_ segment: Segment) {
        guard segment.count > 0 else { return }
        segments.append(segment)
        count += segment.count
    }

    /// The anchor at `position`, from the root.
    /// - Complexity: O(*s*) in the number of segments, which is small.
    subscript(position: Int) -> Anchor {
        var offset = position
        for segment in segments {
            if offset < segment.count { return Self.anchor(segment, offset) }
            offset -= segment.count
        }
        preconditionFailure("anchor \(position) of a route of \(count)")
    }

    /// The route's pages spelled as a page path.
    var path: SharedPath { path(through: count) }

    /// The first `length` anchors spelled as a page path.
    /// - Complexity: O(*s*) in the number of segments.
    func path(through length: Int) -> SharedPath {
        var trails: [PathTrail] = []
        trails.reserveCapacity(segments.count)
        var remaining = length
        var index = 0
        // By index, and binding only the trail or run: copying whole segments would
        // retain their pages.
        while remaining > 0, index < segments.count {
            switch segments[index].kind {
            case .page(_, let trail):
                trails.append(trail)
                remaining -= 1
            case .stack(_, let run, _, let count):
                let taken = min(count, remaining)
                trails.append(run.trails[taken - 1])
                remaining -= taken
            }
            index += 1
        }
        return SharedPath(trails: trails)
    }

    /// The modal levels the route crosses, outermost first.
    var crossings: [ModalCrossing] {
        var crossings: [ModalCrossing] = []
        for index in segments.indices {
            if let modal = segments[index].modal { crossings.append(modal) }
        }
        return crossings
    }

    private static func anchor(_ segment: Segment, _ offset: Int) -> Anchor {
        switch segment.kind {
        case .page(let page, let trail):
            return Anchor(page: page, component: trail.component, stack: nil, index: 0, isTop: true,
                          modal: segment.modal)
        case .stack(let stack, let run, let pages, _):
            return Anchor(page: pages[offset], component: run.trails[offset].component, stack: stack, index: offset,
                          isTop: offset == pages.count - 1, modal: offset == 0 ? segment.modal : nil)
        }
    }
}
