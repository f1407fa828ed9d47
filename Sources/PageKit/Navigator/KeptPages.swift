/// Pages a request popped off their stacks and was asked to keep (``NavigationOptions/keepsLeftPages``),
/// with where they stood, so a later jump to one of them brings it back.
///
/// Each run of kept pages remembers its stack and the page that was below it; a jump to
/// a kept page pushes the run up to that page back above it. The store is bounded: beyond
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

    /// Where the kept page that `matches` accepts stands, if it is kept and its place is
    /// still live.
    func find(_ matches: (any Page) -> Bool) -> Match? {
        sweep()
        for run in runs.reversed() {
            guard let stack = run.stack, let below = run.below else { continue }
            if let index = run.pages.firstIndex(where: matches) {
                return Match(stack: stack, below: below, pages: Array(run.pages[...index]))
            }
        }
        return nil
    }

    /// Stops keeping `pages`, which are back in the hierarchy; what stood above them in
    /// their run now stands on the last of them.
    func restored(_ pages: [any Page]) {
        guard !runs.isEmpty, let last = pages.last else { return }
        for index in runs.indices {
            guard let position = runs[index].pages.firstIndex(where: { $0 === last }) else { continue }
            runs[index].pages.removeSubrange(...position)
            runs[index].below = last
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
