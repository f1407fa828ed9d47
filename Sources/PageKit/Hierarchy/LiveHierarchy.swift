/// The live hierarchy as PageKit reads it: one walker of routes from the root, with
/// modal boundaries, from which the current path, the path to any page, the modals that
/// cover the screen and the pages a response bubbles through are all derived.
///
/// A route goes from the root through each level: a navigation stack's pages from the
/// bottom (all of them, to its top, on the visible chain), a tab container's selected tab,
/// any other parent's ``ParentPage/visiblePage``; at the end of a level, the page
/// presented by the deepest page of the level that presents one begins the next level.
/// The host answers ``PageHost/presentedPage(of:)`` for the exact page that presents.
@MainActor
struct LiveHierarchy {
    let root: any Page
    let host: any PageHost
    /// The navigator's memory of its stacks' runs; a walk without one reads every page.
    let cache: RouteCache

    init(root: any Page, host: any PageHost, cache: RouteCache = RouteCache()) {
        self.root = root
        self.host = host
        self.cache = cache
    }

    // MARK: The walker

    /// Which way a route goes at each level.
    private enum Course {
        /// Toward the page on screen.
        case visible
        /// Toward a page, through the pages in `through` (its ancestors and itself).
        case toward(any Page, through: Set<ObjectIdentifier>)

        func leads(_ page: any Page) -> Bool {
            switch self {
            case .visible: true
            case .toward(_, let through): through.contains(ObjectIdentifier(page))
            }
        }
    }

    /// The visible chain: from the root to the page on screen, across the modals that
    /// cover it.
    /// - Complexity: O(*v* + *c*): the pages of the chain outside stacks, plus the stack
    ///   pages that changed since the chain was last walked with this cache.
    func visibleRoute() -> LiveRoute {
        walk(.visible)
    }

    /// The path of the visible chain: what ``visibleRoute()`` spells, walked without
    /// keeping the pages or making the route, for whoever needs only the path (the current
    /// path as a request starts and ends). While the walk finds the very trails it found
    /// last time, the path read last is returned again: no array is made, and comparing it
    /// with the history's last entry finds them the same at once.
    /// - Complexity: O(*v* + *c*), as ``visibleRoute()``.
    func visiblePath() -> SharedPath {
        var trails = TrailCollector(previous: cache.lastVisibleTrails)
        var page = root
        var presentation = PageComponent.Presentation.shown
        var isRoot = true
        let findsModals = !host.presentsNothing
        while true {
            // The deepest page of the level that presents a modal begins the next level:
            // asked on the way down, so that no list of the level's pages is kept.
            var crossing: (any Page)?
            levelWalk: while true {
                if findsModals, let modal = host.presentedPage(of: page) { crossing = modal }
                let kind = page.pageKind
                if case .stack(let stack) = kind {
                    let pages = stack.containedPages
                    let isNamed = !stack.pageName.isEmpty
                    if isNamed { trails.append(trail(of: page, presentation)) }
                    guard let top = pages.last else { break levelWalk }
                    let run = cache.run(of: stack, pages: pages,
                                        firstPresentation: isNamed ? .shown : Self.wrapped(presentation))
                    trails.append(run.trails[pages.count - 1])
                    page = top
                    if findsModals, let modal = host.presentedPage(of: page) { crossing = modal }
                    guard let next = child(of: page.pageKind, leading: .visible) else { break levelWalk }
                    (page, presentation) = next
                    isRoot = false
                    continue
                }
                if !(isRoot && page.pageName.isEmpty) { trails.append(trail(of: page, presentation)) }
                isRoot = false
                guard let next = child(of: kind, leading: .visible) else { break levelWalk }
                (page, presentation) = next
            }
            guard let modal = crossing else {
                if trails.isPrevious, let path = cache.lastVisiblePath { return path }
                let path = SharedPath(trails: trails.trails)
                cache.lastVisiblePath = path
                cache.lastVisibleTrails = path.trails
                return path
            }
            page = modal
            presentation = .modal
        }
    }

    /// The trails of a path being walked, compared as they come with those of the path
    /// read last: an array is made only once they differ.
    private struct TrailCollector {
        let previous: [PathTrail]
        /// How many trails matched the previous path's, in order, before any differed.
        var matched = 0
        /// The trails, once one differed from the previous path's.
        var built: [PathTrail] = []
        var differs = false

        init(previous: [PathTrail]) {
            self.previous = previous
        }

        mutating func append(_ trail: PathTrail) {
            if !differs {
                if matched < previous.count, previous[matched] === trail {
                    matched += 1
                    return
                }
                differs = true
                built.reserveCapacity(matched + 4)
                built.append(contentsOf: previous[..<matched])
            }
            built.append(trail)
        }

        /// Whether the trails are the previous path's, all of them.
        var isPrevious: Bool { !differs && matched == previous.count }

        /// The trails walked.
        var trails: [PathTrail] { differs ? built : Array(previous[..<matched]) }
    }

    /// The trail of one component spelling `page`, shown as `presentation`.
    private func trail(of page: any Page, _ presentation: PageComponent.Presentation) -> PathTrail {
        cache.trail(of: page, shownAs: presentation)
    }

    /// The modal levels of the visible chain, outermost first: the visible chain walked
    /// again without spelling anything or keeping its pages, so that a plan with no modal
    /// above it allocates nothing for them; not walked at all when the host presents
    /// nothing.
    /// - Complexity: O(*v*) in the visible chain's pages outside stacks; O(1) when the
    ///   host ``PageHost/presentsNothing``.
    func visibleCrossings() -> [ModalCrossing] {
        var crossings: [ModalCrossing] = []
        if host.presentsNothing { return crossings }
        var level = root
        while true {
            // The deepest page of the level that presents one begins the next level.
            var crossing: ModalCrossing?
            var page = level
            while true {
                if let modal = host.presentedPage(of: page) { crossing = ModalCrossing(presenter: page, page: modal) }
                let next: (any Page)? = switch page.pageKind {
                case .page, .handler: nil
                case .stack(let stack): stack.containedPages.last
                case .tabs(let tabs): tabs.visiblePage
                case .parent(let parent): parent.visiblePage
                }
                guard let next else { break }
                page = next
            }
            guard let crossing else { return crossings }
            crossings.append(crossing)
            level = crossing.page
        }
    }

    /// The route from the root to `page`, every stack page below it included, or `nil`
    /// when `page` is not live.
    /// - Complexity: O(*n*) in the number of live pages.
    func route(to page: any Page) -> LiveRoute? {
        guard let through = ancestors(of: page) else { return nil }
        return walk(.toward(page, through: through))
    }

    /// Walks a route. Each page's kind is read once; the pages that may present are kept
    /// only when the host may present something.
    private func walk(_ course: Course) -> LiveRoute {
        var route = LiveRoute()
        var page = root
        var presentation = PageComponent.Presentation.shown
        var crossing: ModalCrossing?
        var isRoot = true
        let findsModals = !host.presentsNothing
        // The pages of one modal level that may present; one buffer serves every level, so
        // a walk allocates it once (a level seldom holds more than a handful).
        var presenters: [any Page] = []
        if findsModals { presenters.reserveCapacity(8) }
        while true {
            presenters.removeAll(keepingCapacity: true)
            var reachedTarget = false
            levelWalk: while true {
                if findsModals { presenters.append(page) }
                if case .toward(let target, _) = course, page === target { reachedTarget = true }
                let kind = page.pageKind
                if case .stack(let stack) = kind {
                    let pages = stack.containedPages
                    let isNamed = !stack.pageName.isEmpty
                    if isNamed {
                        append(page, presentation, crossing, to: &route)
                        crossing = nil
                    }
                    guard !reachedTarget, let top = Self.lastIndex(in: pages, leading: course) else { break levelWalk }
                    let run = cache.run(of: stack, pages: pages,
                                        firstPresentation: isNamed ? .shown : Self.wrapped(presentation))
                    var segment = LiveRoute.Segment(kind: .stack(stack, run, pages: pages, count: top + 1), modal: crossing)
                    segment.stackIsNamed = isNamed
                    route.append(segment)
                    crossing = nil
                    page = pages[top]
                    if findsModals { presenters.append(page) }
                    if case .toward(let target, _) = course, page === target { break levelWalk }
                    guard let next = child(of: page.pageKind, leading: course) else { break levelWalk }
                    (page, presentation) = next
                    isRoot = false
                    continue
                }
                if !(isRoot && page.pageName.isEmpty) {
                    append(page, presentation, crossing, to: &route)
                    crossing = nil
                }
                isRoot = false
                guard !reachedTarget, let next = child(of: kind, leading: course) else { break levelWalk }
                (page, presentation) = next
            }
            if reachedTarget || !findsModals { return route }
            guard let modal = modal(over: presenters, leading: course) else { return route }
            crossing = modal
            page = modal.page
            presentation = .modal
        }
    }

    /// Appends a segment of one page, spelled by the trail the cache keeps for it.
    private func append(_ page: any Page, _ presentation: PageComponent.Presentation, _ crossing: ModalCrossing?,
                        to route: inout LiveRoute) {
        route.append(LiveRoute.Segment(kind: .page(page, cache.trail(of: page, shownAs: presentation)), modal: crossing))
    }

    /// The index of the stack page the course goes on with: the top, or the one that
    /// leads to the target (searched from the top, where targets usually are).
    private static func lastIndex(in pages: [any Page], leading course: Course) -> Int? {
        guard case .toward = course else { return pages.isEmpty ? nil : pages.count - 1 }
        var index = pages.count - 1
        while index >= 0 {
            if course.leads(pages[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// The held page the course goes on with below a page of kind `kind`, and how it is
    /// shown.
    private func child(of kind: PageKind, leading course: Course) -> (any Page, PageComponent.Presentation)? {
        let presentation: PageComponent.Presentation
        let parent: any ParentPage
        switch kind {
        case .page, .handler: return nil
        case .tabs(let tabs): (parent, presentation) = (tabs, .child)
        case .stack(let stack): (parent, presentation) = (stack, .shown)
        case .parent(let other): (parent, presentation) = (other, .shown)
        }
        guard case .toward = course else {
            guard let visible = parent.visiblePage else { return nil }
            return (visible, presentation)
        }
        for child in parent.containedPages where course.leads(child) {
            return (child, presentation)
        }
        return nil
    }

    /// The modal that begins the next level: presented by the deepest of `presenters`
    /// that presents one, or, toward a page, the one on its way.
    private func modal(over presenters: [any Page], leading course: Course) -> ModalCrossing? {
        var index = presenters.count - 1
        while index >= 0 {
            if let modal = host.presentedPage(of: presenters[index]), course.leads(modal) {
                return ModalCrossing(presenter: presenters[index], page: modal)
            }
            index -= 1
        }
        return nil
    }

    /// The modal covering a walked chain of one level: the one presented by its deepest
    /// page that presents one.
    func modal(covering chain: [any Page]) -> ModalCrossing? {
        modal(over: chain, leading: .visible)
    }

    /// `page` and every page it hangs from, up to the root; `nil` when it is not live.
    private func ancestors(of target: any Page) -> Set<ObjectIdentifier>? {
        var parents: [ObjectIdentifier: any Page] = [:]
        var found = false
        forEachPage { page, parent in
            if let parent { parents[ObjectIdentifier(page)] = parent }
            found = page === target
            return !found
        }
        guard found else { return nil }
        var through: Set<ObjectIdentifier> = [ObjectIdentifier(target)]
        var current = target
        while let parent = parents[ObjectIdentifier(current)] {
            through.insert(ObjectIdentifier(parent))
            current = parent
        }
        return through
    }

    // MARK: Every page

    /// Visits every live page once, depth first: each parent's held pages in order, then
    /// the page it presents. Stops when `visit` returns `false`.
    /// - Parameter visit: Receives a page and the page it hangs from (held by, or
    ///   presented by; `nil` for the root); returns whether to go on.
    /// - Complexity: O(*n*) in the number of live pages.
    func forEachPage(_ visit: @MainActor (any Page, (any Page)?) -> Bool) {
        var pending: [(any Page, (any Page)?)] = [(root, nil)]
        var visited = Set<ObjectIdentifier>()
        while let (page, parent) = pending.popLast() {
            guard visited.insert(ObjectIdentifier(page)).inserted else { continue }
            guard visit(page, parent) else { return }
            // Pushed first, so popped after the held pages.
            if let modal = host.presentedPage(of: page) {
                pending.append((modal, page))
            }
            if let held = page.asParent {
                for child in held.containedPages.reversed() {
                    pending.append((child, page))
                }
            }
        }
    }

    /// Whether `page` is in the hierarchy.
    /// - Complexity: O(*n*) in the number of live pages.
    func contains(_ page: any Page) -> Bool {
        var found = false
        forEachPage { candidate, _ in
            found = candidate === page
            return !found
        }
        return found
    }

    // MARK: Derived

    /// The page on screen below `page`: its visible page, that one's, and so on.
    func visibleLeaf(from page: any Page) -> any Page {
        var leaf = page
        while let parent = leaf.asParent, let child = parent.visiblePage {
            leaf = child
        }
        return leaf
    }

    /// The pages a response from `page` bubbles through, nearest first: the pages below it
    /// in its stack, the stack, the containers above; for a modal, the page on screen where
    /// it was presented, and on from there. `nil` when `page` is not live.
    /// - Complexity: O(*n*) in the number of live pages.
    func responderChain(from page: any Page) -> [any Page]? {
        guard let route = route(to: page) else { return nil }
        var chain: [any Page] = []
        var openers = Set<ObjectIdentifier>()
        Self.appendResponders(of: route, to: &chain)
        var crossing = route.segments.last { $0.modal != nil }?.modal
        while let current = crossing {
            let opener = visibleLeaf(from: current.presenter)
            guard openers.insert(ObjectIdentifier(opener)).inserted, let next = self.route(to: opener) else { break }
            chain.append(opener)
            Self.appendResponders(of: next, to: &chain)
            crossing = next.segments.last { $0.modal != nil }?.modal
        }
        return chain
    }

    /// The pages of the last level of `route` above its last page, nearest first.
    private static func appendResponders(of route: LiveRoute, to chain: inout [any Page]) {
        var isLast = true
        for segment in route.segments.reversed() {
            switch segment.kind {
            case .page(let page, _):
                if !isLast { chain.append(page) }
            case .stack(let stack, _, let pages, let count):
                var index = isLast ? count - 2 : count - 1
                while index >= 0 {
                    chain.append(pages[index])
                    index -= 1
                }
                if !segment.stackIsNamed { chain.append(stack) }
            }
            isLast = false
            if segment.modal != nil { return }
        }
    }

    /// How the first page of a transparent stack is shown, given how the stack is.
    static func wrapped(_ presentation: PageComponent.Presentation) -> PageComponent.Presentation {
        switch presentation {
        case .modal, .modalStack: .modalStack
        case .child, .childStack: .childStack
        case .shown: .shown
        }
    }
}
