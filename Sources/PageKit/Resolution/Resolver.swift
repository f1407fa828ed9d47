/// Resolves a page path, absolute or relative, against the live hierarchy into a
/// ``NavigationPlan``.
///
/// The walk starts at the root; the first component may name the root or one of its
/// children. For each component `c` (a page matches when its name is `c`'s and it
/// ``Page/canRespond(to:query:)``):
///
/// - **at a stack**: its pages are searched from the top down (reuse) or only the next
///   position (exact mode, and relative paths that climb); a match becomes current, and
///   what lies above it is popped once the walk leaves the stack or ends;
/// - **at a tab container**: its tabs; a match is selected;
/// - **at another page**: its ``ParentPage/containedPages``, then, for a page in a stack
///   and a `/` component, the stack above it;
/// - **`!`**: the page presented over the chain walked so far;
/// - **a transparent stack** (empty name) stands for its first page;
/// - **no match**: a page is made for `c` and every later component and shown: pushed on
///   the stack (on top as it stands in reuse mode, above the last match in exact mode),
///   added as a tab, or presented. A component named by neither a live page nor the
///   registry is an error, so no page is made just to receive an event (provided the
///   handler's name is not also registered as a page: then the path means that page).
///
/// A path ending at an ``EventHandler`` only delivers the event. Otherwise the first
/// visible modal the path does not name is dismissed, before anything else moves. A page's
/// role is read from ``Page/pageKind``, never by asking the runtime for its protocols.
@MainActor
struct Resolver {
    let hierarchy: LiveHierarchy
    let registry: PageRegistry
    let source: NavigationSource

    /// - Complexity: Reuse mode: O(*d* + *s*), with *d* the path's length and *s* the
    ///   number of stack pages above the last match that are searched (a stack is
    ///   searched from the top, so a page near the top is found at once). Exact mode:
    ///   O(*d* + *t*), with *t* the tabs and contained pages searched. Plus O(*v*) for the
    ///   visible chain's modals. ``Page/canRespond(to:query:)`` is asked only of pages
    ///   whose name matches; the registry is looked up by name, once per page made, and
    ///   never scanned. Allocation is per plan, never per child visited.
    ///
    /// A relative path starts from the live page it is relative to, not from the root:
    /// the components of the current path above it are taken as the very pages on
    /// screen, so `x` pushes one page above the top and `..` pops one, even in a stack
    /// that holds equal pages. A relative path that climbs names what lies above the page
    /// it climbs to position by position: `../x` from `c` in `[a, b, c]` gives
    /// `[a, b, x]`, and `../c` is `c` itself.
    func plan(for path: PagePath, mode: ResolutionMode) throws -> NavigationPlan {
        do {
            guard case .current(let levelsUp) = path.origin else {
                var walk = Walk(resolver: self, path: path, mode: mode)
                return try walk.run(path.components[...], matchingRoot: true)
            }
            let anchors = hierarchy.anchors()
            guard levelsUp <= anchors.count else {
                throw NavigationError(.outOfRange, reason: "it climbs \(levelsUp) levels from the current page, "
                                      + "which is \(anchors.count) below the root")
            }
            let kept = anchors[..<(anchors.count - levelsUp)]
            let absolute = PagePath(kept.map(\.component) + path.components, query: path.query)
            var walk = Walk(resolver: self, path: absolute, mode: mode)
            // `../x` says "up, then x right there": what lies above is named exactly.
            walk.isPositional = mode == .exact || levelsUp > 0
            walk.replay(kept)
            return try walk.run(path.components[...], matchingRoot: kept.isEmpty)
        } catch {
            throw NavigationError(wrapping: error).naming(path)
        }
    }
}

/// Where the walk stands: a page, and the stack it sits in if it was found in one.
@MainActor
private struct Position {
    let page: any Page
    let stack: (any StackContainer)?
    let index: Int
    let isTop: Bool
}

@MainActor
private struct Walk {
    let resolver: Resolver
    let path: PagePath
    let mode: ResolutionMode
    var steps: [NavigationPlan.Step] = []
    var newComponents: [PageComponent] = []
    var cursor: Position
    /// The pages walked since the last modal boundary: a `!` component asks them for the
    /// modal covering them. Kept only for a path that has one.
    var chain: [any Page] = []
    private let tracksChain: Bool
    /// Whether the cursor is a match in a stack whose pages above it are to be popped once
    /// the walk leaves the stack or ends.
    var revealsCursor = false
    var matchedModals: [ObjectIdentifier] = []
    /// Whether stacks are matched position by position, and pages made in a stack go
    /// above the last match once what lies above it is popped (exact mode, and relative
    /// paths that climb), rather than searched from the top and pushed on top of the
    /// stack as it stands.
    var isPositional: Bool

    init(resolver: Resolver, path: PagePath, mode: ResolutionMode) {
        self.resolver = resolver
        self.path = path
        self.mode = mode
        isPositional = mode == .exact
        cursor = Position(page: resolver.hierarchy.root, stack: nil, index: 0, isTop: true)
        tracksChain = path.components.contains { $0.presentation.isModal }
        if tracksChain {
            chain.reserveCapacity(path.components.count + 2)
            chain.append(resolver.hierarchy.root)
        }
    }

    private var query: PageParameters { path.query }

    /// Takes the live pages of `anchors` as matched, as if the walk had found them.
    mutating func replay(_ anchors: ArraySlice<LiveHierarchy.Anchor>) {
        for anchor in anchors where anchor.page !== resolver.hierarchy.root {
            if let modal = anchor.modal {
                flushPendingPop()
                matchedModals.append(ObjectIdentifier(modal))
                chain.removeAll(keepingCapacity: true)
                if modal !== anchor.page { note(modal) }
            } else if anchor.stack == nil || anchor.stack !== cursor.stack {
                flushPendingPop()
            }
            note(anchor.page)
            cursor = Position(page: anchor.page, stack: anchor.stack, index: anchor.index, isTop: anchor.isTop)
            revealsCursor = anchor.stack != nil
        }
    }

    mutating func run(
        _ components: ArraySlice<PageComponent>,
        matchingRoot: Bool
    ) throws -> NavigationPlan {
        let root = resolver.hierarchy.root
        var rest = components
        if matchingRoot, let first = rest.first, !first.presentation.isModal,
           let position = position(of: root, for: first) {
            enter(position, through: root)
            rest = rest.dropFirst()
        }
        var target: PageReference?
        while let component = rest.first {
            if component.presentation.isModal {
                if let (_, modal) = resolver.hierarchy.coveringModal(of: chain),
                   let position = position(of: modal, for: component) {
                    flushPendingPop()
                    matchedModals.append(ObjectIdentifier(modal))
                    chain.removeAll(keepingCapacity: true)
                    enter(position, through: modal)
                    rest = rest.dropFirst()
                    continue
                }
                flushPendingPop()
                target = try make(rest, attachedTo: .present(from: PageReference(live: cursor.page)))
                break
            }
            let owner = cursor.page
            if findChild(for: component) {
                rest = rest.dropFirst()
                if let handler = cursor.page as? EventHandler {
                    return try delivery(to: handler, of: owner, component: component, isLast: rest.isEmpty)
                }
                continue
            }
            target = try attachMissing(component, rest)
            break
        }
        if target == nil {
            flushPendingPop()
            if mode == .exact, let stack = cursor.page.asStack {
                let pages = stack.containedPages
                if pages.count > 1 {
                    steps.append(.popTo(PageReference(live: pages[0]), in: PageReference(live: stack)))
                }
            }
        }
        insertDismissal()
        return NavigationPlan(
            path: path,
            mode: mode,
            steps: steps,
            newComponents: newComponents,
            target: target ?? PageReference(live: cursor.page)
        )
    }

    // MARK: Matching

    private func matches(_ page: any Page, _ component: PageComponent) -> Bool {
        page.pageName == component.name && page.canRespond(to: component, query: query)
    }

    /// Where `candidate` stands for `component`: itself, or, for a transparent stack, its
    /// first page.
    private func position(of candidate: any Page, for component: PageComponent) -> Position? {
        if matches(candidate, component) {
            return Position(page: candidate, stack: nil, index: 0, isTop: true)
        }
        if candidate.pageName.isEmpty, let stack = candidate.asStack {
            let pages = stack.containedPages
            if let first = pages.first, matches(first, component) {
                return Position(page: first, stack: stack, index: 0, isTop: pages.count == 1)
            }
        }
        return nil
    }

    /// Makes `position` current, reached through `page` (the page itself, or the
    /// transparent stack that holds it).
    private mutating func enter(_ position: Position, through page: any Page) {
        note(page)
        if position.stack != nil {
            note(position.page)
        }
        revealsCursor = position.stack != nil
        cursor = position
    }

    /// Remembers a walked page, for a later `!` component to ask.
    private mutating func note(_ page: any Page) {
        if tracksChain { chain.append(page) }
    }

    /// Looks for a live page that stands for a `/`, `#` or `#/` component below the
    /// cursor, and moves there.
    private mutating func findChild(for component: PageComponent) -> Bool {
        switch cursor.page.pageKind {
        case .stack(let stack):
            let pages = stack.containedPages
            guard let index = stackMatch(in: pages, from: 0, for: component) else { return false }
            flushPendingPop()
            moveInStack(stack, pages, to: index)
            return true
        case .tabs(let tabs):
            for tab in tabs.containedPages {
                guard let position = position(of: tab, for: component) else { continue }
                flushPendingPop()
                if tabs.visiblePage !== tab {
                    steps.append(.select(PageReference(live: tab), in: PageReference(live: tabs)))
                }
                enter(position, through: tab)
                return true
            }
            return false
        case .parent(let parent):
            for child in parent.containedPages {
                guard let position = position(of: child, for: component) else { continue }
                flushPendingPop()
                enter(position, through: child)
                return true
            }
        case .page:
            break
        }
        if component.presentation == .shown, let stack = cursor.stack {
            // Push order is path nesting: the pages above this one in its stack.
            let pages = stack.containedPages
            if let index = stackMatch(in: pages, from: cursor.index + 1, for: component) {
                moveInStack(stack, pages, to: index)
                return true
            }
        }
        return false
    }

    /// The index of the page in `pages[lowest...]` that stands for `component`: searched
    /// from the top down, or only `lowest` when matching positionally.
    private func stackMatch(in pages: [any Page], from lowest: Int, for component: PageComponent) -> Int? {
        guard lowest < pages.count else { return nil }
        if isPositional {
            return matches(pages[lowest], component) ? lowest : nil
        }
        var index = pages.count - 1
        while index >= lowest {
            if matches(pages[index], component) { return index }
            index -= 1
        }
        return nil
    }

    private mutating func moveInStack(_ stack: any StackContainer, _ pages: [any Page], to index: Int) {
        cursor = Position(page: pages[index], stack: stack, index: index, isTop: index == pages.count - 1)
        revealsCursor = true
        note(cursor.page)
    }

    private mutating func flushPendingPop() {
        guard revealsCursor, let stack = cursor.stack else { return }
        revealsCursor = false
        if !cursor.isTop {
            steps.append(.popTo(PageReference(live: cursor.page), in: PageReference(live: stack)))
        }
    }

    // MARK: Making what is missing

    private enum Attachment {
        case push(any StackContainer)
        case setStack(any StackContainer)
        case addTab(any TabContainer)
        case present(from: PageReference)
    }

    /// Attaches new pages for a `/`, `#` or `#/` component no live page answers.
    private mutating func attachMissing(
        _ component: PageComponent,
        _ rest: ArraySlice<PageComponent>
    ) throws -> PageReference {
        let page = cursor.page
        if let stack = page.asStack, component.presentation != .childStack {
            // Nothing in this stack matched: exact mode replaces it all.
            let replaces = mode == .exact && !stack.containedPages.isEmpty
            return try make(rest, attachedTo: replaces ? .setStack(stack) : .push(stack))
        }
        if component.presentation == .shown, let stack = cursor.stack {
            if isPositional {
                flushPendingPop()
            } else {
                revealsCursor = false  // Reuse: push on top of the stack as it stands.
            }
            return try make(rest, attachedTo: .push(stack))
        }
        if let tabs = page.asTabs, tabs.acceptsNewTabs {
            flushPendingPop()
            return try make(rest, attachedTo: .addTab(tabs))
        }
        let under = PageReference(live: page)
        let reason: String
        if page.asTabs != nil {
            reason = "no tab of `\(under)` answers it, and it does not accept new tabs"
        } else {
            reason = "no live page under `\(under)` answers it, and `\(under)` is in no navigation stack to push it on"
                + " (present it with `!\(component.name)`)"
        }
        throw NavigationError(.cannotShow, component: component.name, reason: reason)
    }

    /// Plans pages for `rest` and the steps that show them; returns the last one.
    private mutating func make(
        _ rest: ArraySlice<PageComponent>,
        attachedTo attachment: Attachment
    ) throws -> PageReference {
        var remaining = rest
        let first = remaining.removeFirst()
        let under = switch attachment {
        case .push(let stack), .setStack(let stack): PageReference(live: stack)
        case .addTab(let tabs): PageReference(live: tabs)
        case .present(let presenter): presenter
        }
        var group = [try newPage(first, under: under)]
        let inNewStack = first.presentation.isWrappedInStack
        if case .push = attachment, inNewStack {
            throw NavigationError(.cannotShow, component: first.name,
                                  reason: "a navigation stack cannot be pushed on `\(under)`")
        }
        let takesPushes = inNewStack || {
            switch attachment {
            case .push, .setStack: true
            case .addTab, .present: false
            }
        }()
        if takesPushes {
            while let next = remaining.first, next.presentation == .shown {
                group.append(try newPage(next, under: group[group.count - 1]))
                remaining.removeFirst()
            }
        }
        switch attachment {
        case .push(let stack): steps.append(.push(group, onto: PageReference(live: stack)))
        case .setStack(let stack): steps.append(.setStack(group, of: PageReference(live: stack)))
        case .addTab(let tabs): steps.append(.addTab(group, inNewStack: inNewStack, to: PageReference(live: tabs)))
        case .present(let presenter): steps.append(.present(group, inNewStack: inNewStack, from: presenter))
        }
        var last = group[group.count - 1]
        var lastTakesPushes = takesPushes
        while let next = remaining.popFirst() {
            guard next.presentation.isModal else {
                let hint = lastTakesPushes ? "" : " (write `!/\(last.name)` to present it in a navigation stack)"
                throw NavigationError(
                    .cannotShow, component: next.name,
                    reason: "`\(last)` is being made and is in no navigation stack, so it can only present `!\(next.name)`\(hint)")
            }
            var presented = [try newPage(next, under: last)]
            let wrapped = next.presentation == .modalStack
            if wrapped {
                while let pushed = remaining.first, pushed.presentation == .shown {
                    presented.append(try newPage(pushed, under: presented[presented.count - 1]))
                    remaining.removeFirst()
                }
            }
            steps.append(.present(presented, inNewStack: wrapped, from: last))
            last = presented[presented.count - 1]
            lastTakesPushes = wrapped
        }
        return last
    }

    private mutating func newPage(_ component: PageComponent, under parent: PageReference) throws -> PageReference {
        guard let entry = resolver.registry.entry(for: component.name) else {
            throw NavigationError(
                .notRegistered, component: component.name,
                reason: "no live page under `\(parent)` answers it and no page is registered as `\(component.name)`")
        }
        if resolver.source == .external, !entry.isExternallyOpenable {
            throw NavigationError(
                .notExternallyOpenable, component: component.name,
                reason: "`\(component.name)` is not registered as externally openable")
        }
        let reference = PageReference(new: component, index: newComponents.count)
        newComponents.append(component)
        return reference
    }

    // MARK: Events and covering modals

    private func delivery(
        to handler: EventHandler,
        of owner: any Page,
        component: PageComponent,
        isLast: Bool
    ) throws -> NavigationPlan {
        guard isLast else {
            throw NavigationError(.handlerNotLast, component: component.name,
                                  reason: "an event handler receives events and holds no pages, so it must end the path")
        }
        let reference = PageReference(live: handler)
        return NavigationPlan(
            path: path,
            mode: mode,
            steps: [.deliver(PageEvent(path: path, component: component), to: reference,
                             of: PageReference(live: owner))],
            newComponents: [],
            target: reference
        )
    }

    /// Dismisses the first visible modal the path did not name, before anything moves.
    private mutating func insertDismissal() {
        if let (presenter, modal) = resolver.hierarchy.firstVisibleModal(notIn: matchedModals) {
            steps.insert(.dismiss(PageReference(live: modal), presentedBy: PageReference(live: presenter)), at: 0)
        }
    }
}
