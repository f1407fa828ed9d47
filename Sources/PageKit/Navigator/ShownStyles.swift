/// How a navigator's steps showed pages, where not as the platform does by default: the
/// transition, so that a later pop or dismissal of the page plays it in reverse; and how
/// a modal was presented, so that the history and a saved state can bring it back the
/// same way (a full-screen cover asked for by one request comes back full screen).
///
/// It never keeps a page alive; only pages shown with a style have an entry, so an app
/// that uses none pays nothing.
@MainActor
final class ShownStyles {
    // Asked by every plan that pops; no access calls out while it lasts: unchecked.
    @exclusivity(unchecked) private var transitions = WeakPageMap<TransitionStyle>()
    /// The styles modals were presented with, when not the platform's default.
    @exclusivity(unchecked) private var presentations = WeakPageMap<ShowStyle>()

    /// Whether no page has a transition recorded.
    var isEmpty: Bool { transitions.isEmpty }

    /// Whether no modal has a presentation recorded: a path's styles cost nothing then.
    var presentsPlainly: Bool { presentations.isEmpty }

    /// Records that `pages` were shown with `transition`; the platform's own forgets them.
    func record(_ transition: TransitionStyle, for pages: [any Page]) {
        for page in pages { transitions.set(transition == .platform ? nil : transition, for: page) }
    }

    /// Records that `page` was presented with `style`'s presentation and transition; the
    /// platform's defaults forget it.
    func record(presentation style: ShowStyle, for page: any Page) {
        let kept = ShowStyle(transition: style.transition, presentation: style.presentation)
        guard !kept.isDefault || !presentations.isEmpty else { return }
        presentations.set(kept.isDefault ? nil : kept, for: page)
    }

    /// The transition `page` was shown with, if a step showed it with one; for a
    /// transparent stack made for `!/`, its first page's.
    func transition(of page: any Page) -> TransitionStyle? {
        transitions.isEmpty ? nil : Self.value(in: transitions, of: page)
    }

    /// How `page`, a live modal, was presented, if a step presented it otherwise than by
    /// default; for a transparent stack made for `!/`, its first page's.
    func presentation(of page: any Page) -> ShowStyle? {
        presentations.isEmpty ? nil : Self.value(in: presentations, of: page)
    }

    /// `page`'s value in `map`; for a transparent stack made for `!/`, which stands for its
    /// first page, that page's.
    private static func value<Value>(in map: WeakPageMap<Value>, of page: any Page) -> Value? {
        if let value = map[page] { return value }
        guard page.pageName.isEmpty, let first = page.asStack?.containedPages.first else { return nil }
        return value(in: map, of: first)
    }

    /// How the modals of `route` were presented, by the index of the component each
    /// stands for, where a step presented one otherwise than by default.
    /// - Complexity: O(*s*) in the route's segments; nothing when no modal was presented
    ///   with a style.
    func presentations(on route: LiveRoute) -> PathStyles? {
        guard !presentations.isEmpty else { return nil }
        var styles = PathStyles()
        var offset = 0
        for segment in route.segments {
            if segment.modal != nil {
                // The page that stands for the component: a `!/` stack's first page.
                let first: any Page = switch segment.kind {
                case .page(let page, _): page
                case .stack(_, _, let pages, _): pages[0]
                }
                if let style = presentations[first] { styles[offset] = style }
            }
            offset += segment.count
        }
        return styles.isEmpty ? nil : styles
    }
}
