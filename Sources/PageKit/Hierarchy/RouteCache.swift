/// What the navigator remembers of each navigation stack's run of components, so that
/// walking a route does not read every page of a deep stack again.
///
/// A run is checked against the stack each time a route passes through it: the bottom
/// page and the highest page still at its remembered position are compared by identity,
/// and only what lies above is read again, so a push or a pop costs what it changed.
/// The top page's own parameters are read every time. A change that keeps the bottom,
/// the top and the count but replaces pages between them is not seen this way: the
/// navigator forgets a stack's run after it replaces the stack, and containers report
/// the changes they make on their own (see ``Navigator/hierarchyDidChange()``).
@MainActor
final class RouteCache {
    private var runs: [ObjectIdentifier: StackRun] = [:]
    private var sweepThreshold = 16

    /// The run of `stack`'s pages, brought up to date with `pages`.
    /// - Complexity: O(*c*) in the number of pages that changed since it was last seen.
    func run(of stack: any StackContainer, pages: [any Page], firstPresentation: PageComponent.Presentation) -> StackRun {
        let key = ObjectIdentifier(stack)
        if let run = runs[key], run.stack === stack, run.firstPresentation == firstPresentation {
            run.sync(with: pages)
            return run
        }
        let run = StackRun(stack: stack, firstPresentation: firstPresentation)
        run.sync(with: pages)
        runs[key] = run
        if runs.count >= sweepThreshold {
            runs = runs.filter { $0.value.stack != nil }
            sweepThreshold = max(16, runs.count * 2)
        }
        return run
    }

    /// Forgets what it remembers of `stack`, which changed in a way a run cannot see.
    func forget(_ stack: any Page) {
        runs[ObjectIdentifier(stack)] = nil
    }

    /// Forgets everything.
    func forgetAll() {
        runs = [:]
    }
}

/// The components of one navigation stack's pages, each a node of one trail.
@MainActor
final class StackRun {
    private struct Entry {
        let id: ObjectIdentifier
        weak var page: (any Page)?
    }

    private(set) weak var stack: (any StackContainer)?
    let firstPresentation: PageComponent.Presentation
    private var entries: [Entry] = []
    /// `trails[i]` spells pages `0...i`.
    private(set) var trails: [PathTrail] = []

    init(stack: (any StackContainer)?, firstPresentation: PageComponent.Presentation) {
        self.stack = stack
        self.firstPresentation = firstPresentation
    }

    /// Brings the run up to date with the stack's pages.
    /// - Complexity: O(*c*) in the number of pages not at their remembered position.
    func sync(with pages: [any Page]) {
        var kept = 0
        if let first = pages.first, let entry = entries.first, entry.id == ObjectIdentifier(first), entry.page === first {
            var index = min(pages.count, entries.count) - 1
            while index > 0 {
                let entry = entries[index]
                if entry.id == ObjectIdentifier(pages[index]), entry.page === pages[index] { break }
                index -= 1
            }
            kept = index + 1
            if kept == pages.count, component(of: pages[kept - 1], at: kept - 1) != trails[kept - 1].component {
                kept -= 1  // The top page's own parameters changed in place.
            }
        }
        if kept < entries.count {
            entries.removeSubrange(kept...)
            trails.removeSubrange(kept...)
        }
        var index = kept
        while index < pages.count {
            let page = pages[index]
            entries.append(Entry(id: ObjectIdentifier(page), page: page))
            trails.append(PathTrail(component(of: page, at: index), after: trails.last))
            index += 1
        }
    }

    private func component(of page: any Page, at index: Int) -> PageComponent {
        PageComponent(page.pageName, parameters: page.pageParameters,
                      presentation: index == 0 ? firstPresentation : .shown)
    }
}
