/// How a navigator's steps showed pages, where not as the platform does by default: the
/// transition, so that a later pop or dismissal of the page plays it in reverse; and how
/// a page was pushed or a modal presented, so that the history and a saved state can bring
/// it back the same way (a full-screen cover asked for by one request comes back full
/// screen; a page pushed hiding the bottom bar hides it again).
///
/// It never keeps a page alive; only pages shown with a style have an entry, so an app
/// that uses none pays nothing.
@MainActor
final class ShownStyles {
    // Asked by every plan that pops; no access calls out while it lasts: unchecked.
    @exclusivity(unchecked) private var transitions = WeakPageMap<TransitionStyle>()
    /// The styles modals were presented with, when not the platform's default.
    @exclusivity(unchecked) private var presentations = WeakPageMap<ShowStyle>()
    /// The styles pages were pushed with (a transition, hiding the bottom bar), when not
    /// the platform's default: the last page of each push, whose style the push played.
    @exclusivity(unchecked) private var pushes = WeakPageMap<ShowStyle>()

    /// Whether no page has a transition recorded.
    var isEmpty: Bool { transitions.isEmpty }

    /// Whether no modal has a presentation recorded: a path's modals cost nothing then.
    var presentsPlainly: Bool { presentations.isEmpty }

    /// Whether no pushed page has a style recorded: a path's stacks cost nothing then.
    var pushesPlainly: Bool { pushes.isEmpty }

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

    /// Records that `page`, the last of a push, was pushed with `style`'s transition and
    /// bottom bar; the platform's defaults forget it.
    func record(push style: ShowStyle, for page: any Page) {
        let kept = ShowStyle(transition: style.transition, hidesBottomBar: style.hidesBottomBar)
        guard !kept.isDefault || !pushes.isEmpty else { return }
        pushes.set(kept.isDefault ? nil : kept, for: page)
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

    /// How the pages of `route` were shown, by the index of the component each stands
    /// for, where a step presented a modal or pushed a page otherwise than by default.
    /// - Complexity: O(*s*) in the route's segments when only modals were presented with
    ///   a style; O(*n*) in its pages once a page was pushed with one; nothing otherwise.
    func styles(on route: LiveRoute) -> PathStyles? {
        guard !presentations.isEmpty || !pushes.isEmpty else { return nil }
        var styles = PathStyles()
        var offset = 0
        for segment in route.segments {
            if segment.modal != nil, !presentations.isEmpty {
                // The page that stands for the component: a `!/` stack's first page.
                let first: any Page = switch segment.kind {
                case .page(let page, _): page
                case .stack(_, _, let pages, _): pages[0]
                }
                if let style = presentations[first] { styles[offset] = style }
            }
            if !pushes.isEmpty, case .stack(_, _, let pages, let count) = segment.kind {
                // A stack's first page is its root, or a modal: never pushed.
                for index in 1..<max(count, 1) {
                    if let style = pushes[pages[index]] { styles[offset + index] = style }
                }
            }
            offset += segment.count
        }
        return styles.isEmpty ? nil : styles
    }
}
