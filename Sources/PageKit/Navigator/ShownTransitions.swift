/// The transitions a navigator's steps showed pages with, when not the platform's own, so
/// a later pop or dismissal of the page plays the same transition in reverse.
///
/// Entries hold pages weakly and are dropped when the table grows; only pages shown with
/// a style have one, so an app that uses none pays nothing.
@MainActor
final class ShownTransitions {
    private struct Entry {
        weak var page: (any Page)?
        let transition: TransitionStyle
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepThreshold = 64

    /// Whether no page has a transition recorded.
    var isEmpty: Bool { entries.isEmpty }

    /// Records that `pages` were shown with `transition`; the platform's own forgets them.
    func record(_ transition: TransitionStyle, for pages: [any Page]) {
        if transition == .platform {
            guard !entries.isEmpty else { return }
            for page in pages { entries[ObjectIdentifier(page)] = nil }
            return
        }
        for page in pages { entries[ObjectIdentifier(page)] = Entry(page: page, transition: transition) }
        if entries.count >= sweepThreshold {
            entries = entries.filter { $0.value.page != nil }
            sweepThreshold = max(64, entries.count * 2)
        }
    }

    /// The transition `page` was shown with, if a step showed it with one; for a
    /// transparent stack made for `!/`, its first page's.
    func transition(of page: any Page) -> TransitionStyle? {
        guard !entries.isEmpty else { return nil }
        // The page check guards against an address reused by a new object.
        if let entry = entries[ObjectIdentifier(page)], entry.page === page { return entry.transition }
        if page.pageName.isEmpty, let first = page.asStack?.containedPages.first {
            return transition(of: first)
        }
        return nil
    }
}
