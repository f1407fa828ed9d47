/// Read-only views of the live hierarchy: the visible chain, the path it spells, the
/// modals that cover it, and a printable tree.
///
/// The visible chain runs from the root through each stack's top page, each tab
/// container's selected tab and each parent's ``ParentPage/visiblePage``; at its end, the
/// page presented over it (asked of the deepest page first, as UIKit answers for
/// ancestors) continues it.
@MainActor
struct LiveHierarchy {
    let root: any Page
    let host: any PageHost

    /// What the walk of the visible chain meets, in order.
    enum VisibleStep {
        /// A page on the chain, how it is shown relative to the one before, and the stack
        /// it sits in at `index`, if any. A transparent stack is not reported; its first
        /// page carries `!/` or `#/`.
        case page(any Page, PageComponent.Presentation, stack: (any StackContainer)?, index: Int)
        /// A modal `page` presented by (or covering) `presenter`.
        case modal(presenter: any Page, page: any Page)
    }

    /// Walks the visible chain.
    /// - Parameters:
    ///   - includeStackPages: Whether to report every page of a stack, bottom first, or
    ///     only its top page.
    ///   - visit: Called for each step.
    /// - Complexity: O(*v*) in the length of the chain, plus the stacks' depths when
    ///   `includeStackPages` is set.
    func walkVisible(includeStackPages: Bool, _ visit: (VisibleStep) -> Void) {
        var page = root
        var presentation = PageComponent.Presentation.shown
        var isRoot = true
        while let (presenter, modal) = descend(from: page, presentation, isRoot: isRoot,
                                               includeStackPages: includeStackPages, visit) {
            visit(.modal(presenter: presenter, page: modal))
            page = modal
            presentation = .modal
            isRoot = false
        }
    }

    /// Walks one level of the visible chain, from `start` down to its visible leaf, and
    /// returns the modal covering it: the one reported by the deepest page that reports
    /// one (UIKit answers for ancestors too).
    private func descend(
        from start: any Page,
        _ startPresentation: PageComponent.Presentation,
        isRoot: Bool,
        includeStackPages: Bool,
        _ visit: (VisibleStep) -> Void
    ) -> (presenter: any Page, page: any Page)? {
        var page = start
        var presentation = startPresentation
        var isTransparentRoot = isRoot && page.pageName.isEmpty
        var covering: (presenter: any Page, page: any Page)?
        func ask(_ presenter: any Page) {
            if let modal = host.presentedPage(of: presenter) { covering = (presenter, modal) }
        }
        while true {
            ask(page)
            if let stack = page.asStack {
                let pages = stack.containedPages
                var firstPresentation = PageComponent.Presentation.shown
                if stack.pageName.isEmpty {
                    firstPresentation = Self.wrapped(presentation)
                } else {
                    visit(.page(stack, presentation, stack: nil, index: 0))
                }
                guard let top = pages.last else { return covering }
                if includeStackPages {
                    for (index, stacked) in pages.enumerated() {
                        visit(.page(stacked, index == 0 ? firstPresentation : .shown, stack: stack, index: index))
                    }
                } else {
                    visit(.page(top, pages.count == 1 ? firstPresentation : .shown, stack: stack,
                                index: pages.count - 1))
                }
                ask(top)
                guard let next = visibleChild(of: top) else { return covering }
                (page, presentation) = next
                isTransparentRoot = false
                continue
            }
            if !isTransparentRoot {
                visit(.page(page, presentation, stack: nil, index: 0))
            }
            isTransparentRoot = false
            guard let next = visibleChild(of: page) else { return covering }
            (page, presentation) = next
        }
    }

    private func visibleChild(of page: any Page) -> (any Page, PageComponent.Presentation)? {
        switch page.pageKind {
        case .page: return nil
        case .tabs(let tabs): return tabs.visiblePage.map { ($0, .child) }
        case .stack(let stack): return stack.visiblePage.map { ($0, .shown) }
        case .parent(let parent): return parent.visiblePage.map { ($0, .shown) }
        }
    }

    /// The modal covering a chain: asked of the deepest page first.
    func coveringModal(of chain: [any Page]) -> (presenter: any Page, page: any Page)? {
        for page in chain.reversed() {
            if let modal = host.presentedPage(of: page) { return (page, modal) }
        }
        return nil
    }

    /// One component of the current path, and the live page it names.
    struct Anchor {
        let page: any Page
        let component: PageComponent
        /// The stack the page sits in, and where.
        let stack: (any StackContainer)?
        let index: Int
        let isTop: Bool
        /// The modal through which the page was reached (the page itself, or the
        /// transparent stack holding it), when it starts a modal level.
        let modal: (any Page)?
    }

    /// The components of the visible chain, each with the live page it names: the
    /// current path, anchored.
    /// - Complexity: O(*v* + *s*) in the chain's length and its stacks' depths.
    func anchors() -> [Anchor] {
        var anchors: [Anchor] = []
        var modal: (any Page)?
        walkVisible(includeStackPages: true) { step in
            switch step {
            case .modal(_, let page):
                modal = page
            case .page(let page, let presentation, let stack, let index):
                guard !(page is EventHandler) else { return }
                let count = stack?.containedPages.count ?? 0
                anchors.append(Anchor(
                    page: page,
                    component: PageComponent(page.pageName, parameters: page.pageParameters, presentation: presentation),
                    stack: stack, index: index, isTop: index == count - 1, modal: modal))
                modal = nil
            }
        }
        return anchors
    }

    /// The path of the visible chain, each page with its own parameters.
    /// - Complexity: O(*v* + *s*) in the chain's length and its stacks' depths.
    func currentPath() -> PagePath {
        PagePath(anchors().map(\.component))
    }

    /// The outermost modal of the visible chain that is not in `matched`: each level's
    /// visible pages are asked, the deepest answer covering the level, and a matched
    /// modal's own level is walked next.
    /// - Complexity: O(*v*) in the length of the visible chain; no allocation.
    func firstVisibleModal(notIn matched: [ObjectIdentifier]) -> (presenter: any Page, page: any Page)? {
        var level = root
        while true {
            var covering: (presenter: any Page, page: any Page)?
            var page: (any Page)? = level
            while let current = page {
                if let modal = host.presentedPage(of: current) { covering = (current, modal) }
                page = current.pageKind.parent?.visiblePage
            }
            guard let found = covering else { return nil }
            guard matched.contains(ObjectIdentifier(found.page)) else { return found }
            level = found.page
        }
    }

    /// How a page hangs from its parent.
    enum Link {
        /// Held in the parent's ``ParentPage/containedPages``.
        case held(by: any Page)
        /// Presented by (or covering) the parent.
        case presented(by: any Page)
    }

    /// Whether `page` is in the hierarchy: held by a parent reachable from the root, or
    /// presented by such a page.
    /// - Complexity: O(*n*) in the number of live pages.
    func contains(_ page: any Page) -> Bool {
        var found = false
        forEachPage { candidate, _ in
            found = candidate === page
            return !found
        }
        return found
    }

    /// Visits every live page once, depth first: each parent's held pages in order, then
    /// the page it presents. Stops when `visit` returns `false`.
    /// - Parameter visit: Receives a page and how it hangs from its parent (`nil` for the
    ///   root); returns whether to go on.
    /// - Complexity: O(*n*) in the number of live pages.
    func forEachPage(_ visit: (any Page, Link?) -> Bool) {
        var pending: [(any Page, Link?)] = [(root, nil)]
        var visited = Set<ObjectIdentifier>()
        while let (page, link) = pending.popLast() {
            guard visited.insert(ObjectIdentifier(page)).inserted else { continue }
            guard visit(page, link) else { return }
            // Pushed first, so popped after the held pages: a modal is reached from the
            // deepest page that reports it.
            if let modal = host.presentedPage(of: page) {
                pending.append((modal, .presented(by: page)))
            }
            if let parent = page.asParent {
                for child in parent.containedPages.reversed() {
                    pending.append((child, .held(by: page)))
                }
            }
        }
    }

    /// How each page up to `target` hangs from its parent, or `nil` when `target` is not
    /// live.
    private func links(to target: any Page) -> [ObjectIdentifier: Link]? {
        var links: [ObjectIdentifier: Link] = [:]
        var found = false
        forEachPage { page, link in
            if let link { links[ObjectIdentifier(page)] = link }
            found = page === target
            return !found
        }
        return found ? links : nil
    }

    /// The page on screen below `page`: its visible page, that one's, and so on.
    func visibleLeaf(from page: any Page) -> any Page {
        var leaf = page
        while let parent = leaf.asParent, let child = parent.visiblePage {
            leaf = child
        }
        return leaf
    }

    /// The pages a response from `page` bubbles through, nearest first: the pages below it
    /// in its stack, the stack, the containers above; for a modal, the page it was
    /// presented over, and on from there. `nil` when `page` is not live.
    /// - Complexity: O(*n*) in the number of live pages.
    func responderChain(from page: any Page) -> [any Page]? {
        guard let links = links(to: page) else { return nil }
        var chain: [any Page] = []
        var current = page
        while let link = links[ObjectIdentifier(current)] {
            switch link {
            case .presented(let presenter):
                let opener = visibleLeaf(from: presenter)
                guard opener !== current else { return chain }
                chain.append(opener)
                current = opener
            case .held(let parent):
                if let stack = parent.asStack {
                    let pages = stack.containedPages
                    if let index = pages.firstIndex(where: { $0 === current }) {
                        chain.append(contentsOf: pages[..<index].reversed())
                    }
                }
                chain.append(parent)
                current = parent
            }
        }
        return chain
    }

    /// The absolute path that names `page` where it stands: every stack page below it
    /// included, so that opening it in exact mode reaches this very page.
    /// - Returns: The path, or `nil` when `page` is not live.
    /// - Complexity: O(*n*) in the number of live pages.
    func path(to page: any Page) -> PagePath? {
        guard let links = links(to: page) else { return nil }
        var route: [(page: any Page, link: Link?)] = [(page, links[ObjectIdentifier(page)])]
        while let link = route[route.count - 1].link {
            let parent: any Page = switch link {
            case .held(let parent), .presented(let parent): parent
            }
            route.append((parent, links[ObjectIdentifier(parent)]))
        }
        route.reverse()
        var components: [PageComponent] = []
        func append(_ page: any Page, _ presentation: PageComponent.Presentation) {
            components.append(PageComponent(page.pageName, parameters: page.pageParameters, presentation: presentation))
        }
        // How the next page is shown; a transparent stack hands its presentation down.
        var pending = PageComponent.Presentation.shown
        for (index, step) in route.enumerated() {
            if index > 0, case .held(let parent) = step.link, let stack = parent.asStack {
                let pages = stack.containedPages
                guard let position = pages.firstIndex(where: { $0 === step.page }) else { return nil }
                for (offset, stacked) in pages[...position].enumerated() {
                    append(stacked, offset == 0 ? pending : .shown)
                }
                pending = .shown
                continue
            }
            let presentation: PageComponent.Presentation = switch step.link {
            case nil: .shown
            case .presented: .modal
            case .held(let parent): parent.asTabs != nil ? .child : .shown
            }
            let isTransparentStack = step.page.pageName.isEmpty && step.page.asStack != nil
            if isTransparentStack || (step.link == nil && step.page.pageName.isEmpty) {
                pending = Self.wrapped(presentation)
            } else {
                append(step.page, presentation)
                pending = .shown
            }
        }
        return PagePath(components)
    }

    /// How the first page of a transparent stack is shown, given how the stack is.
    static func wrapped(_ presentation: PageComponent.Presentation) -> PageComponent.Presentation {
        switch presentation {
        case .modal, .modalStack: .modalStack
        case .child, .childStack: .childStack
        case .shown: .shown
        }
    }

    /// The whole live tree as indented text: each page with its parameters and its role,
    /// the visible ones marked.
    func treeDescription() -> String {
        var lines: [String] = []
        var visible = Set<ObjectIdentifier>()
        walkVisible(includeStackPages: false) { step in
            switch step {
            case .page(let page, _, _, _): visible.insert(ObjectIdentifier(page))
            case .modal(_, let page): visible.insert(ObjectIdentifier(page))
            }
        }
        var seen = Set<ObjectIdentifier>()
        func line(_ page: any Page, _ indent: String, _ prefix: String) {
            guard seen.insert(ObjectIdentifier(page)).inserted else { return }
            var text = indent + prefix + page.pageDescription
            switch page.pageKind {
            case .stack: text += " [stack]"
            case .tabs: text += " [tabs]"
            case .page where page is EventHandler: text += " [event handler]"
            case .page, .parent: break
            }
            if visible.contains(ObjectIdentifier(page)), !(page is EventHandler) { text += " *" }
            lines.append(text)
            let childIndent = indent + String(repeating: " ", count: prefix.count)
            if let parent = page.asParent {
                for child in parent.containedPages {
                    line(child, childIndent, "- ")
                }
            }
            if let modal = host.presentedPage(of: page), !(seen.contains(ObjectIdentifier(modal))) {
                line(modal, childIndent, "! ")
            }
        }
        line(root, "", "")
        return lines.joined(separator: "\n")
    }
}
