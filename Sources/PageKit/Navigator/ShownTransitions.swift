/// The transitions a navigator's steps showed pages with, when not the platform's own, so
/// a later pop or dismissal of the page plays the same transition in reverse.
///
/// It never keeps a page alive; only pages shown with a style have an entry, so an app
/// that uses none pays nothing.
@MainActor
final class ShownTransitions {
    // Asked by every plan that pops; no access calls out while it lasts: unchecked.
    @exclusivity(unchecked) private var transitions = WeakPageMap<TransitionStyle>()

    /// Whether no page has a transition recorded.
    var isEmpty: Bool { transitions.isEmpty }

    /// Records that `pages` were shown with `transition`; the platform's own forgets them.
    func record(_ transition: TransitionStyle, for pages: [any Page]) {
        for page in pages { transitions.set(transition == .platform ? nil : transition, for: page) }
    }

    /// The transition `page` was shown with, if a step showed it with one; for a
    /// transparent stack made for `!/`, its first page's.
    func transition(of page: any Page) -> TransitionStyle? {
        guard !transitions.isEmpty else { return nil }
        if let transition = transitions[page] { return transition }
        if page.pageName.isEmpty, let first = page.asStack?.containedPages.first {
            return transition(of: first)
        }
        return nil
    }
}
