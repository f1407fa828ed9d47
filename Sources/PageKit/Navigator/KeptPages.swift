/// Pages a request popped off their stacks and was asked to keep (``NavigationOptions/keepingLeftPages()-method``),
/// with where they stood, so a later jump to one of them brings it back.
///
/// Each run of kept pages remembers its stack and the page that was below it; a jump to
/// a kept page pushes the run up to that page back above it. When that page was kept
/// too, its own run comes back first, up to it. The store is bounded: beyond
/// its capacity the oldest runs are let go.
@MainActor
final class KeptPages {
    struct Run {
        weak var stack: (any StackContainer)?
        /// The page the run stood on.
        weak var below: (any Page)?
        /// The pages, bottom first; held strongly, on purpose.
        var pages: [any Page]
    }

    /// Where a kept page stands: its run, and its position in it.
    struct Match {
        let stack: any StackContainer
        let below: any Page
        /// The pages to push back, the kept page last.
        let pages: [any Page]
    }

    private(set) var runs: [Run] = []
    var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many pages it keeps.
    var count: Int { runs.reduce(0) { $0 + $1.pages.count } }

    /// Keeps `pages`, popped off `stack` from above `below`.
    func keep(_ pages: [any Page], poppedFrom stack: any StackContainer, above below: any Page) {
        guard !pages.isEmpty else { return }
        runs.append(Run(stack: stack, below: below, pages: pages))
        var excess = count - capacity
        while excess > 0, !runs.isEmpty {
            excess -= runs.removeFirst().pages.count
        }
    }

    /// Where the kept page that `matches` accepts stands, if it is kept. When the page its
    /// run stood on is out of the stack and itself kept, in a run of the same stack, the
    /// match goes down through that run too, so that the pages to push back begin above a
    /// page the stack may still hold.
    func find(_ matches: (any Page) -> Bool) -> Match? {
        sweep()
        guard let (found, index) = newestRun(holding: matches), let stack = runs[found].stack,
              var below = runs[found].below else { return nil }
        var pages = Array(runs[found].pages[...index])
        // Down through the runs that hold the page below. Each run once at most: only a
        // stack changed behind the navigator's back could make runs stand on each other in
        // a circle.
        var used: Set<Int> = [found]
        while !stack.containedPages.contains(where: { $0 === below }) {
            let page = below
            guard let (lower, position) = newestRun(in: stack, holding: { $0 === page }), used.insert(lower).inserted,
                  let next = runs[lower].below else { break }
            pages.insert(contentsOf: runs[lower].pages[...position], at: 0)
            below = next
        }
        return Match(stack: stack, below: below, pages: pages)
    }

    /// The newest run (of `stack`, when given) holding a page `matches` accepts, and that
    /// page's position in it.
    private func newestRun(in stack: (any StackContainer)? = nil,
                           holding matches: (any Page) -> Bool) -> (run: Int, index: Int)? {
        for run in runs.indices.reversed() where stack == nil || runs[run].stack === stack {
            if let index = runs[run].pages.firstIndex(where: matches) { return (run, index) }
        }
        return nil
    }

    /// Stops keeping `pages`, which are back in the hierarchy: in each run that held some
    /// of them, what stood above them now stands on the last of them.
    func restored(_ pages: [any Page]) {
        guard !runs.isEmpty, !pages.isEmpty else { return }
        for index in runs.indices {
            guard let position = runs[index].pages.lastIndex(where: { kept in pages.contains { $0 === kept } })
            else { continue }
            runs[index].below = runs[index].pages[position]
            runs[index].pages.removeSubrange(...position)
        }
        sweep()
    }

    /// Lets every kept page go.
    func removeAll() {
        runs = []
    }

    /// Drops runs that are empty, or whose stack or place is gone.
    private func sweep() {
        runs.removeAll { $0.pages.isEmpty || $0.stack == nil || $0.below == nil }
    }
}
