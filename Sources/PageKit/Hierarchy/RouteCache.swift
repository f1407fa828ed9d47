/// What the navigator remembers of each navigation stack's run of components, so that
/// walking a route does not read every page of a deep stack again.
///
/// A run is checked against the stack each time a route passes through it: the bottom
/// page and the highest page still at its remembered position are compared by identity,
/// and only what lies above is read again, so a push or a pop costs what it changed.
/// The top page's own parameters are read every time, and so is what each page that shows
/// pages inside itself (a tab container pushed on the stack) shows, since a tab can be
/// selected without the stack changing. A change that keeps the bottom,
/// the top and the count but replaces pages between them is not seen this way: the
/// navigator forgets a stack's run after it replaces the stack, and containers report
/// the changes they make on their own (see ``Navigator/hierarchyDidChange()``).
///
/// A run knows its stack and pages by ``IdentityPin``, which keeps no page alive and, for
/// Swift objects, leaves their reference counts out of side tables (a weak reference to
/// every page of every stack would make each retain and release of them slow). So whether
/// a stack is gone cannot be asked: a run not used since the last sweep is forgotten at
/// the next, which bounds what the cache keeps of stacks that are gone.
@MainActor
final class RouteCache {
    // Read on every route; no access overlaps another (the pages asked meanwhile cannot
    // reach the cache), so the dynamic exclusivity checks buy nothing.
    @exclusivity(unchecked) private var runs: [ObjectIdentifier: StackRun] = [:]
    @exclusivity(unchecked) private var sweepThreshold = 16
    /// Counts sweeps; a run records the count when it is used.
    @exclusivity(unchecked) private var epoch = 0
    /// The run returned last, which is also in `runs`.
    @exclusivity(unchecked) private var lastRun: StackRun?

    /// The run of `stack`'s pages, brought up to date with `pages`.
    /// - Complexity: O(*c*) in the number of pages that changed since it was last seen.
    func run(of stack: any StackContainer, pages: [any Page], firstPresentation: PageComponent.Presentation) -> StackRun {
        let key = ObjectIdentifier(stack)
        // The stack asked last, as the visible chain's usually is, without hashing.
        if let run = lastRun, run.stack.id == key, run.stack.pins(stack), run.firstPresentation == firstPresentation {
            run.lastUsed = epoch
            run.sync(with: pages)
            return run
        }
        if let run = runs[key], run.stack.pins(stack), run.firstPresentation == firstPresentation {
            run.lastUsed = epoch
            run.sync(with: pages)
            lastRun = run
            return run
        }
        let run = StackRun(stack: stack, firstPresentation: firstPresentation)
        run.lastUsed = epoch
        run.sync(with: pages)
        runs[key] = run
        lastRun = run
        if runs.count >= sweepThreshold {
            let current = epoch
            runs = runs.filter { $0.value.lastUsed == current }
            epoch += 1
            sweepThreshold = max(16, runs.count * 2)
        }
        return run
    }

    /// The trails of pages outside stacks, each with the component it spells, so that
    /// the current path read again is made of the same nodes, compared by identity. The
    /// visible chain holds few such pages (the root, tab containers, named stacks): a
    /// short list searched in order beats hashing.
    /// Kept apart from their pages' pins: reading an element of an array of both copied
    /// the pin too, a retain and a release of its unowned reference on every current path.
    @exclusivity(unchecked) private var pageTrails: [PathTrail] = []
    /// The pins of `pageTrails`' pages, by the same index.
    @exclusivity(unchecked) private var pageTrailPins: [IdentityPin] = []
    /// The identifiers of `pageTrails`' pages, searched without touching the pins.
    @exclusivity(unchecked) private var pageTrailIDs: [ObjectIdentifier] = []
    /// Where the next trail kept replaces one, once the list is full.
    @exclusivity(unchecked) private var nextPageTrail = 0

    /// The trail of one component spelling `page`, which is in no stack, shown as
    /// `presentation`: the one made last time when `page` spelled the same then.
    /// - Complexity: O(1): at most 16 pages are remembered.
    func trail(of page: any Page, shownAs presentation: PageComponent.Presentation) -> PathTrail {
        let id = ObjectIdentifier(page)
        let name = page.pageName
        let parameters = page.pageParameters
        var index = 0
        while index < pageTrailIDs.count {
            if pageTrailIDs[index] == id, keepsTrail(of: page, at: index) {
                let kept = pageTrails[index]
                if kept.component.isSpelled(byName: name, parameters: parameters, presentation: presentation) {
                    return kept
                }
                break
            }
            index += 1
        }
        let trail = PathTrail(PageComponent(name, parameters: parameters, presentation: presentation), after: nil)
        let pin = IdentityPin(page)
        if index < pageTrailIDs.count {
            pageTrails[index] = trail
            pageTrailPins[index] = pin
        } else if pageTrails.count < 16 {
            pageTrails.append(trail)
            pageTrailPins.append(pin)
            pageTrailIDs.append(id)
        } else {
            pageTrails[nextPageTrail] = trail
            pageTrailPins[nextPageTrail] = pin
            pageTrailIDs[nextPageTrail] = id
            nextPageTrail = (nextPageTrail + 1) % 16
        }
        return trail
    }

    /// Whether trail `index` is `page`'s, once its identifier matched: its pin is asked
    /// only where identifiers alone cannot tell.
    private func keepsTrail(of page: any Page, at index: Int) -> Bool {
        #if canImport(ObjectiveC)
        return pageTrailPins[index].pins(page)
        #else
        return true  // The pin keeps the address from being reused.
        #endif
    }

    /// Forgets what it remembers of `stack`, which changed in a way a run cannot see.
    func forget(_ stack: any Page) {
        runs[ObjectIdentifier(stack)] = nil
        if lastRun?.stack.id == ObjectIdentifier(stack) { lastRun = nil }
    }

    /// The current path read last (``LiveHierarchy/visiblePath()``), returned again
    /// while the walk finds the same trails. It holds trails only, no page.
    @exclusivity(unchecked) var lastVisiblePath: SharedPath?
    /// `lastVisiblePath`'s trails, read without copying the path.
    @exclusivity(unchecked) var lastVisibleTrails: [PathTrail] = []

    /// Forgets everything.
    func forgetAll() {
        lastVisiblePath = nil
        lastVisibleTrails = []
        lastRun = nil
        runs = [:]
        pageTrails = []
        pageTrailPins = []
        pageTrailIDs = []
        nextPageTrail = 0
    }
}

/// The components of one navigation stack's pages, each a node of one trail.
///
/// A page below the top that shows pages inside itself, such as a tab container pushed on
/// the stack, is spelled with what it shows (`/top/friend#list/top`), so that the path
/// names the selected tab wherever the tab container sits.
@MainActor
final class StackRun {
    private struct Entry {
        let page: IdentityPin
        /// What the page shows inside itself, spelled after it once a page lies above it.
        var inner: [PageComponent]
    }

    /// Whether entry `index` remembers `page`: its identifier, read from an array of them
    /// so that no entry is copied, and then its pin where identifiers alone cannot tell.
    private func remembers(_ page: any Page, at index: Int) -> Bool {
        guard ids[index] == ObjectIdentifier(page) else { return false }
        #if canImport(ObjectiveC)
        return entries[index].page.pins(page)
        #else
        return true  // The pin keeps the address from being reused.
        #endif
    }

    let stack: IdentityPin
    let firstPresentation: PageComponent.Presentation
    // Like the cache's: read on every route, never by overlapping accesses.
    /// The cache's sweep count when the run was last used.
    @exclusivity(unchecked) var lastUsed = 0
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The entries' pages' identifiers.
    @exclusivity(unchecked) private var ids: [ObjectIdentifier] = []
    /// The indices of the entries whose pages show pages inside themselves, ascending:
    /// the only ones read again on each sync.
    @exclusivity(unchecked) private var holders: [Int] = []
    /// `trails[i]` spells pages `0...i`, and what each page below `i` shows inside itself.
    @exclusivity(unchecked) private(set) var trails: [PathTrail] = []

    init(stack: any StackContainer, firstPresentation: PageComponent.Presentation) {
        self.stack = IdentityPin(stack)
        self.firstPresentation = firstPresentation
    }

    /// Brings the run up to date with the stack's pages.
    /// - Complexity: O(*c* + *h*): the pages not at their remembered position, and the
    ///   pages that show pages inside themselves (tab containers), read again each time.
    func sync(with pages: [any Page]) {
        var kept = 0
        if let first = pages.first, !entries.isEmpty, remembers(first, at: 0) {
            var index = min(pages.count, entries.count) - 1
            while index > 0 {
                if remembers(pages[index], at: index) { break }
                index -= 1
            }
            kept = index + 1
            if kept == pages.count {
                let top = pages[kept - 1]
                if !trails[kept - 1].component.isSpelled(byName: top.pageName, parameters: top.pageParameters,
                                                          presentation: kept == 1 ? firstPresentation : .shown) {
                    kept -= 1  // The top page's own parameters changed in place.
                }
            }
        }
        // A holder's inner pages are spelled in the trails above it: read them again.
        for index in holders {
            guard index < kept, index < pages.count - 1 else { break }
            let inner = Self.innerComponents(of: pages[index])
            if inner != entries[index].inner {
                entries[index].inner = inner
                kept = index + 1
                break
            }
        }
        if kept < entries.count {
            entries.removeSubrange(kept...)
            ids.removeSubrange(kept...)
            trails.removeSubrange(kept...)
            while let last = holders.last, last >= kept { holders.removeLast() }
        }
        var index = kept
        while index < pages.count {
            let page = pages[index]
            var parent = trails.last
            if index > 0 {
                for component in entries[index - 1].inner { parent = PathTrail(component, after: parent) }
            }
            // A page's kind is read once: most pages hold none, and show nothing inside.
            let holds = Self.holdsPages(page)
            let inner = holds ? Self.innerComponents(of: page) : []
            if holds { holders.append(index) }
            entries.append(Entry(page: IdentityPin(page), inner: inner))
            ids.append(ObjectIdentifier(page))
            trails.append(PathTrail(component(of: page, at: index), after: parent))
            index += 1
        }
    }

    /// Whether `page` shows a page inside itself: a tab container, or another parent that
    /// singles out a visible page.
    private static func holdsPages(_ page: any Page) -> Bool {
        switch page.pageKind {
        case .tabs: true
        case .parent(let parent): parent.visiblePage != nil
        case .page, .handler, .stack: false
        }
    }

    /// What `page` shows inside itself, as components: a tab container's selected tab
    /// (`#list`), another parent's visible page (`/child`), and on down. It stops before a
    /// navigation stack, whose pages a path could not tell apart from the outer stack's.
    static func innerComponents(of page: any Page) -> [PageComponent] {
        var components: [PageComponent] = []
        var current = page
        while true {
            let presentation: PageComponent.Presentation
            let next: (any Page)?
            switch current.pageKind {
            case .tabs(let tabs): (presentation, next) = (.child, tabs.visiblePage)
            case .parent(let parent): (presentation, next) = (.shown, parent.visiblePage)
            case .page, .handler, .stack: return components
            }
            guard let child = next, child.asStack == nil else { return components }
            components.append(PageComponent(child.pageName, parameters: child.pageParameters, presentation: presentation))
            current = child
        }
    }

    private func component(of page: any Page, at index: Int) -> PageComponent {
        PageComponent(page.pageName, parameters: page.pageParameters,
                      presentation: index == 0 ? firstPresentation : .shown)
    }
}
