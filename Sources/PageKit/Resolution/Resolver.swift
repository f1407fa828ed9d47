/// Plans requests against the live hierarchy: page paths, absolute or relative, and
/// moves (see `Resolver+Moves.swift`), into ``NavigationPlan``s. Planning has no side
/// effect but asking pages ``Page/canRespond(to:query:)``.
///
/// A path is walked from the root; the first component may name the root or one of its
/// children. For each component `c` (a page matches when its name is `c`'s and it
/// ``Page/canRespond(to:query:)``):
///
/// - **at a stack**: its pages are searched from the top down (reuse) or only the next
///   position (positional: exact mode, and relative paths that climb); a match becomes
///   current, and what lies above it is popped once the walk leaves the stack or ends;
/// - **at a tab container**: its tabs; a match is selected;
/// - **at another page**: its ``ParentPage/containedPages`` (an ``EventHandler`` matches by
///   its name, whatever parameters its component has), then, for a `/` component, the
///   stack above the page: its own, or the one holding the page it is shown in (a tab of
///   a tab container pushed on a stack);
/// - **`!`**: the page presented over the level walked so far;
/// - **a transparent stack** (empty name) stands for its first page;
/// - **no match**: a page is made for `c` and every later component and shown: pushed on
///   the stack (on top as it stands in reuse mode, above the last match when
///   positional), on the nearest stack that holds the page when the page is not in one
///   itself (a tab container pushed on a stack), added as a tab, or presented. A
///   component named by neither a live page nor the registry is an error, so no page is
///   made just to receive an event.
///
/// A path ending at an ``EventHandler`` only delivers the event. Otherwise the first
/// visible modal the path does not name is dismissed, before anything else moves. A page's
/// role is read from ``Page/pageKind``, never by asking the runtime for its protocols.
@MainActor
struct Resolver {
    let hierarchy: LiveHierarchy
    let registry: PageRegistry
    /// The request's options: its source, and the styles it asks for.
    let options: NavigationOptions
    var source: NavigationSource { options.source }
    /// The visible chain, when the caller has read it; read on demand otherwise.
    private let knownVisible: LiveRoute?
    /// The transitions pages were shown with, for pops and dismissals to reverse.
    private let shown: ShownStyles?

    init(hierarchy: LiveHierarchy, registry: PageRegistry, options: NavigationOptions, visible: LiveRoute? = nil,
         shown: ShownStyles? = nil) {
        self.hierarchy = hierarchy
        self.registry = registry
        self.options = options
        knownVisible = visible
        self.shown = shown
    }

    /// The same resolver, showing the pages of the path it plans as `styles` says they
    /// were shown before (pushed, presented), where the request says nothing itself.
    func showing(as styles: PathStyles) -> Resolver {
        var options = options
        options.shownBefore = styles
        return Resolver(hierarchy: hierarchy, registry: registry, options: options, visible: knownVisible, shown: shown)
    }

    /// Whether `page`, a live modal, is presented as the component at `index` is to be:
    /// as the request says, else as the request remembers it was (``Navigator/back(_:_:)``,
    /// a restore), else by default. Always, for a request that remembers nothing.
    func presentsAsBefore(_ page: any Page, at index: Int) -> Bool {
        guard let before = options.shownBefore else { return true }
        let wanted = options.presentation ?? before[index]?.presentation ?? .automatic
        return (shown?.presentation(of: page)?.presentation ?? .automatic) == wanted
    }

    /// How a step shows `pages`: the request's styles, else the registrations' (the first
    /// page's for a present, the last one's for a push).
    func style(for pages: [PageComponent], presenting: Bool, inNewStack: Bool) -> ShowStyle {
        style(first: registry.options(for: pages[0].name), last: registry.options(for: pages[pages.count - 1].name),
              presenting: presenting, inNewStack: inNewStack)
    }

    /// How a step shows pages whose first and last registrations have the options
    /// `first` and `last`.
    /// A present whose first page is the component at `index`, or a push whose last page
    /// is, takes the style that component was shown with before, when the request
    /// remembers one (``NavigationOptions/shownBefore``), over its registration's.
    func style(first: ShowStyle, last: ShowStyle, presenting: Bool, inNewStack: Bool, at index: Int? = nil) -> ShowStyle {
        if let index, let before = options.shownBefore?[index] {
            return style(first: first, last: last, presenting: presenting, inNewStack: inNewStack, asBefore: before)
        }
        if presenting {
            // An alert is an alert whatever a request asks.
            return ShowStyle(transition: options.transition ?? first.transition,
                             presentation: first.presentation == .alert ? .alert : options.presentation ?? first.presentation,
                             hidesBottomBar: false, stack: inNewStack ? first.stack : nil)
        }
        return ShowStyle(transition: options.transition ?? last.transition, presentation: .automatic,
                         hidesBottomBar: options.hidesBottomBar ?? last.hidesBottomBar,
                         stack: inNewStack ? first.stack : nil)
    }

    /// The same, for a component shown with `before`: a present's first page, or a push's
    /// last, takes it over its registration's. Apart, so that the usual case stays small.
    @inline(never)
    private func style(first: ShowStyle, last: ShowStyle, presenting: Bool, inNewStack: Bool,
                       asBefore before: ShowStyle) -> ShowStyle {
        var first = first
        var last = last
        if presenting {
            first.transition = before.transition
            first.presentation = before.presentation
        } else {
            last.transition = before.transition
            last.hidesBottomBar = before.hidesBottomBar
        }
        return style(first: first, last: last, presenting: presenting, inNewStack: inNewStack)
    }

    /// How a pop or a dismissal takes `leaving` (the page on top) off the screen: the
    /// request's transition, else the one `leaving` was shown with, which the container
    /// plays in reverse, else the platform's.
    /// `leaving` is read only when a page was ever shown with a transition: a pop costs
    /// nothing more otherwise.
    func leaveStyle(taking leaving: @autoclosure () -> (any Page)?) -> ShowStyle {
        if let transition = options.transition { return ShowStyle(transition: transition) }
        guard let shown, !shown.isEmpty, let page = leaving(), let transition = shown.transition(of: page) else {
            return .default
        }
        return ShowStyle(transition: transition)
    }

    /// The visible chain, spelled: what relative paths and moves climb.
    var visible: LiveRoute { knownVisible ?? hierarchy.visibleRoute() }

    /// The modals covering the visible chain, outermost first: all an absolute path needs
    /// of the visible chain.
    var visibleCrossings: [ModalCrossing] { knownVisible?.crossings ?? hierarchy.visibleCrossings() }

    /// Plans `path`.
    ///
    /// A relative path starts from the live page it is relative to, not from the root:
    /// the components of the visible chain above it are taken as the very pages on
    /// screen, so `x` pushes one page above the top and `..` pops one, even in a stack that
    /// holds equal pages. A relative path that climbs names what lies above the page it
    /// climbs to position by position, in both modes: `../x` from `c` in `[a, b, c]` gives
    /// `[a, b, x]`, `../c` is `c` itself, and a path that climbs to a stack and names
    /// nothing more shows that stack at its first page.
    /// - Complexity: Reuse mode: O(*d* + *s*), with *d* the path's length and *s* the
    ///   number of stack pages above the last match that are searched (a stack is
    ///   searched from the top, so a page near the top is found at once). Exact mode:
    ///   O(*d* + *t*), with *t* the tabs and contained pages searched. Plus O(*v*) for the
    ///   visible chain's modals. Never O(stack depth): a relative path reads the visible
    ///   chain from the top down. ``Page/canRespond(to:query:)`` is asked only of pages
    ///   whose name matches; the registry is looked up by name, once per page made, and
    ///   never scanned.
    /// - Throws: ``NavigationError`` naming the path and the component.
    /// Consuming: the walk takes the resolver over rather than copying it, which saves a
    /// retain and a release of each page and table it holds.
    consuming func plan(for path: PagePath, mode: ResolutionMode) throws -> NavigationPlan {
        do {
            guard case .current(let levelsUp) = path.origin else {
                var walk = Walk(resolver: self, path: path, destination: SharedPath(path), mode: mode)
                return try walk.run(path.components[...], matchingRoot: true)
            }
            let visible = self.visible
            let kept = try Self.keptLength(of: visible, climbing: levelsUp)
            // What the path adds goes on the page it stays at, which must not be an alert.
            if kept > 0, !path.components.isEmpty, let alert = visible[kept - 1].page as? AlertPage {
                throw Walk.alertNotLast(named: alert.pageName)
            }
            let destination = SharedPath(trails: visible.path(through: kept).trails,
                                         rest: PagePath(path.components, query: path.query))
            var walk = Walk(resolver: self, path: path, destination: destination, mode: mode)
            // `../x` says "up, then x right there": what lies above is named exactly.
            walk.isPositional = mode == .exact || levelsUp > 0
            walk.crossings = visible.crossings
            walk.replay(visible, through: kept)
            return try walk.run(path.components[...], matchingRoot: kept == 0)
        } catch {
            throw NavigationError(wrapping: error).naming(path)
        }
    }

    /// How many components of the visible chain a path climbing `levelsUp` keeps.
    /// - Throws: ``NavigationError/Code/outOfRange`` when it climbs above the root, or
    ///   fewer than 0 levels (a path made in code).
    static func keptLength(of visible: LiveRoute, climbing levelsUp: Int) throws -> Int {
        guard levelsUp >= 0 else {
            throw NavigationError(.outOfRange, reason: "it climbs \(levelsUp) levels; a relative path climbs 0 levels or more")
        }
        guard levelsUp <= visible.count else {
            throw NavigationError(.outOfRange, reason: "it climbs \(levelsUp) levels from the current page, "
                                  + "which is \(visible.count) below the root")
        }
        return visible.count - levelsUp
    }
}

/// Where the walk stands: a page, and the stack it sits in if it was found in one.
@MainActor
struct Position {
    let page: any Page
    /// The stack it was found in, if any. Not an optional: the compiler copies
    /// `(any StackContainer)?` through its type metadata, several times slower than the
    /// retain this enum's copy is.
    let holder: Holder
    let index: Int
    let isTop: Bool

    enum Holder {
        case none
        case stack(any StackContainer)
    }

    /// Whether it was found in a stack: for a presented page, whether it is wrapped in a
    /// transparent stack (`!/`) rather than presented itself (`!`).
    var isWrapped: Bool {
        if case .stack = holder { true } else { false }
    }

    init(page: any Page, stack: (any StackContainer)?, index: Int, isTop: Bool) {
        self.page = page
        holder = if let stack { .stack(stack) } else { .none }
        self.index = index
        self.isTop = isTop
    }

    init(page: any Page, in stack: any StackContainer, index: Int, isTop: Bool) {
        self.page = page
        holder = .stack(stack)
        self.index = index
        self.isTop = isTop
    }

    /// Whether it was found in a stack.
    var isInStack: Bool {
        if case .stack = holder { return true }
        return false
    }

    /// Whether it was found in `stack`, or both were found in no stack.
    func isIn(sameStackAs other: Position) -> Bool {
        switch (holder, other.holder) {
        case (.none, .none): true
        case (.stack(let mine), .stack(let theirs)): mine === theirs
        default: false
        }
    }
}

/// A match in a stack whose pages above it are to be popped, and where in the steps that
/// pop goes.
@MainActor
struct PendingPop {
    var position: Position
    let stepIndex: Int
}

/// One walk of a path's components against the live hierarchy, collecting steps.
@MainActor
struct Walk {
    let resolver: Resolver
    /// The path's query, which every component sees.
    let query: PageParameters
    /// Moved into the plan when the walk finishes (see ``finish(at:)``).
    private(set) var destination: SharedPath
    let mode: ResolutionMode
    var steps: [NavigationPlan.Step] = []
    var newComponents: [PageComponent] = []
    private(set) var cursor: Position
    /// The nearest position in a stack above the cursor, in the cursor's modal level, when
    /// the cursor's page is in no stack itself: where a `/` component goes then. Kept apart
    /// from the cursor so that moving within a stack copies one position, not two.
    private var outer: Position?
    /// The cursor page's ``Page/pageKind``, when the walk read it on arriving there: read
    /// once per page, and taken by the next ``findChild(for:)``.
    private var cursorKind: PageKind?
    /// The pages walked since the last modal boundary: a `!` component asks them for the
    /// modal covering them. Kept only for a path that has one.
    var chain: [any Page] = []
    private let tracksChain: Bool
    /// A match in a stack whose pages above it are to be popped once the walk leaves the
    /// stack or ends, and where in the steps that pop goes: where the walk first stood on
    /// it, so that a tab selected inside it on the way does not come first.
    private var pendingPop: PendingPop?
    var matchedModals: [ObjectIdentifier] = []
    /// Whether the path goes on inside the last page made (``NavigationPlan/continuesInside``).
    private var continuesInside = false
    /// The modals covering the visible chain, when the caller read them already.
    var crossings: [ModalCrossing]?
    /// Whether a live event handler with the component's name was passed over because
    /// its filter refused the event.
    private var handlerRefused = false
    /// The column of a collapsed split view the walk went into, and how that split view
    /// prints: steps on the column's stack are steps on the split view's one stack.
    private var collapsedColumn: (column: ObjectIdentifier, split: String)?
    /// Whether stacks are matched position by position, and pages made in a stack go
    /// above the last match once what lies above it is popped (exact mode, and relative
    /// paths that climb), rather than searched from the top and pushed on top of the
    /// stack as it stands.
    var isPositional: Bool

    init(resolver: consuming Resolver, path: borrowing PagePath, destination: SharedPath, mode: ResolutionMode) {
        self.resolver = resolver
        query = path.query
        self.destination = destination
        self.mode = mode
        isPositional = mode == .exact
        cursor = Position(page: self.resolver.hierarchy.root, stack: nil, index: 0, isTop: true)
        var hasModal = false
        for component in path.components where component.presentation.isModal {
            hasModal = true
            break
        }
        tracksChain = hasModal
        if tracksChain {
            chain.reserveCapacity(path.components.count + 4)
            chain.append(self.resolver.hierarchy.root)
        }
    }


    /// The stack of the nearest position in a stack at or above the cursor, in the cursor's
    /// modal level.
    private var enclosingStack: (any StackContainer)? {
        if case .stack(let stack) = cursor.holder { return stack }
        if let outer, case .stack(let stack) = outer.holder { return stack }
        return nil
    }

    /// Moves the cursor within its modal level: a position in no stack keeps the stack
    /// position it leaves as the enclosing one.
    private mutating func move(to position: consuming Position) {
        let leavesStack = !position.isInStack && cursor.isInStack
        var moved = position
        swap(&cursor, &moved)
        if leavesStack { outer = moved }
        cursorKind = nil
    }

    /// Moves the cursor into a new modal level, where no stack encloses it yet.
    private mutating func cross(to position: consuming Position) {
        outer = nil
        cursor = position
        cursorKind = nil
    }

    /// Takes the first `length` anchors of `route` as matched, as if the walk had found
    /// them: the cursor on the last, the modals crossed as named.
    /// - Complexity: O(*s*) in the route's segments, whatever the stacks' depths.
    mutating func replay(_ route: LiveRoute, through length: Int) {
        var remaining = length
        let root = resolver.hierarchy.root
        for segment in route.segments where remaining > 0 {
            var crossed = false
            if let modal = segment.modal {
                flushPendingPop()
                matchedModals.append(ObjectIdentifier(modal.page))
                chain.removeAll(keepingCapacity: true)
                outer = nil
                crossed = true
                note(modal.page)
            }
            switch segment.kind {
            case .page(let page, _):
                remaining -= 1
                guard page !== root else { continue }
                flushPendingPop()
                if segment.modal?.page !== page { note(page) }
                let position = Position(page: page, stack: nil, index: 0, isTop: true)
                if crossed { cross(to: position) } else { move(to: position) }
            case .stack(let stack, _, let pages, let count):
                let index = min(count, remaining) - 1
                remaining -= index + 1
                flushPendingPop()
                if !segment.stackIsNamed, stack !== root { note(stack) }
                note(pages[index])
                cursor = Position(page: pages[index], in: stack, index: index, isTop: index == pages.count - 1)
                cursorKind = nil
                reveal(cursor)
            }
        }
    }

    mutating func run(
        _ components: ArraySlice<PageComponent>,
        matchingRoot: Bool
    ) throws -> NavigationPlan {
        var rest = components
        if matchingRoot, let first = rest.first, !first.presentation.isModal,
           let position = position(of: resolver.hierarchy.root, for: first) {
            enter(position)
            rest = rest.dropFirst()
        }
        while let component = rest.first {
            if component.presentation.isModal {
                if let covering = resolver.hierarchy.modal(covering: chain),
                   let position = position(of: covering.page, for: component),
                   mode == .reuse || position.isWrapped == (component.presentation == .modalStack)
                   && resolver.presentsAsBefore(covering.page, at: rest.startIndex) {
                    if rest.count > 1, covering.page is AlertPage { throw Self.alertNotLast(component) }
                    flushPendingPop()
                    matchedModals.append(ObjectIdentifier(covering.page))
                    chain.removeAll(keepingCapacity: true)
                    outer = nil
                    enter(position, crossing: true)
                    rest = rest.dropFirst()
                    continue
                }
                flushPendingPop()
                return finish(at: try make(rest, first: resolver.registry.entry(for: component.name),
                                           attachedTo: .present, under: PageReference(live: cursor.page)))
            }
            switch findChild(for: component) {
            case .moved:
                rest = rest.dropFirst()
                continue
            case .handler(let handler, let owner):
                rest = rest.dropFirst()
                return try delivery(to: handler, of: owner, component: component, isLast: rest.isEmpty)
            case .nothing:
                return finish(at: try attachMissing(component, rest))
            }
        }
        flushPendingPop()
        if isPositional, let stack = cursor.page.asStack {
            let pages = stack.containedPages
            if pages.count > 1 {
                steps.append(.popTo(PageReference(live: pages[0]), in: reference(toStack: stack),
                                    style: resolver.leaveStyle(taking: pages.last)))
            }
        }
        return finish(at: PageReference(live: cursor.page))
    }

    /// The plan, once the walk has reached `target`.
    private mutating func finish(at target: consuming PageReference) -> NavigationPlan {
        insertDismissal()
        let continuation = continuesInside ? NavigationPlan.Continuation(shownBefore: resolver.options.shownBefore) : nil
        // The destination, the steps and the new components are moved into the plan, not
        // copied: the walk ends here, and a copy of a destination with a rest is a retain
        // of each of its parts, each undone when the walk goes.
        var destination = SharedPath()
        var steps: [NavigationPlan.Step] = []
        var newComponents: [PageComponent] = []
        swap(&destination, &self.destination)
        swap(&steps, &self.steps)
        swap(&newComponents, &self.newComponents)
        return NavigationPlan(destination: destination, mode: mode, steps: steps, newComponents: newComponents,
                              target: target, continuation: continuation)
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
                return Position(page: first, in: stack, index: 0, isTop: pages.count == 1)
            }
        }
        return nil
    }

    /// Makes `position`, found by ``position(of:for:)``, current: a page itself, or the
    /// first page of the transparent stack that stood for the component. A page entered in
    /// no stack of its own (a tab) leaves a pending pop of the stack it is shown in
    /// pending: the path may go on in that stack.
    private mutating func enter(_ position: consuming Position, crossing: Bool = false) {
        if tracksChain {
            if case .stack(let stack) = position.holder { chain.append(stack) }
            chain.append(position.page)
        }
        if position.isInStack { reveal(position) }
        if crossing { cross(to: position) } else { move(to: position) }
    }

    /// Remembers a walked page, for a later `!` component to ask.
    private mutating func note(_ page: any Page) {
        if tracksChain { chain.append(page) }
    }

    /// What ``findChild(for:)`` found.
    private enum Found {
        /// No live page: the component is to be made.
        case nothing
        /// A page, now the cursor.
        case moved
        /// An event handler of `owner`, now the cursor.
        case handler(EventHandler, owner: any Page)
    }

    /// Looks for a live page that stands for a `/`, `#` or `#/` component below the
    /// cursor, and moves there.
    private mutating func findChild(for component: PageComponent) -> Found {
        var known: PageKind?
        swap(&known, &cursorKind)
        switch known ?? cursor.page.pageKind {
        case .stack(let stack):
            let pages = stack.containedPages
            if let index = stackMatch(in: pages, from: 0, for: component) {
                return moveInStack(stack, pages, to: index)
            }
        case .tabs(let tabs):
            let columns = tabs.containedPages
            for index in columns.indices {
                let tab = columns[index]
                guard let position = position(of: tab, for: component) else { continue }
                if let split = tabs.asSplitContainer {
                    showColumn(index, of: columns, in: split)
                } else if tabs.visiblePage !== tab {
                    steps.append(.select(PageReference(live: tab), in: PageReference(live: tabs)))
                }
                return enterChild(position)
            }
        case .parent(let parent):
            for child in parent.containedPages {
                guard let position = position(of: child, for: component) else {
                    if case .handler(let handler) = child.pageKind, handler.filters, handler.pageName == component.name {
                        handlerRefused = true
                    }
                    continue
                }
                return enterChild(position)
            }
        case .page, .handler:
            break
        }
        guard component.presentation == .shown else { return .nothing }
        // Push order is path nesting: the pages above this one in its stack or, for a page
        // in no stack of its own (a tab of a tab container pushed on a stack), above the
        // page it is shown in, where UIKit pushes.
        let lowest: Int
        let stack: any StackContainer
        if case .stack(let own) = cursor.holder {
            (stack, lowest) = (own, cursor.index + 1)
        } else if let outer, case .stack(let enclosing) = outer.holder {
            (stack, lowest) = (enclosing, outer.index + 1)
        } else {
            return .nothing
        }
        let pages = stack.containedPages
        if let index = stackMatch(in: pages, from: lowest, for: component) {
            return moveInStack(stack, pages, to: index)
        }
        return .nothing
    }

    /// Plans the step that makes column `index` of `split` current, if it is not: expanded,
    /// showing it beside the others; collapsed, pushing it (and the columns between) onto
    /// the one stack, or popping that stack back to it. Pages then shown in a collapsed
    /// split view's column are planned, and printed, as going on its one stack.
    private mutating func showColumn(_ index: Int, of columns: [any Page], in split: any SplitContainer) {
        let column = columns[index]
        let visible = split.visiblePage
        guard split.isCollapsed else {
            if visible !== column {
                steps.append(.select(PageReference(live: column), in: PageReference(live: split, split: .expanded)))
            }
            return
        }
        collapsedColumn = (ObjectIdentifier(column), PageReference(live: split).description)
        guard visible !== column else { return }
        let top = columns.firstIndex { $0 === visible } ?? -1
        steps.append(.select(PageReference(live: column),
                             in: PageReference(live: split, split: index > top ? .collapsedPush : .collapsedPop)))
    }

    /// How a step names `stack`: as a column of a collapsed split view when it is one.
    private func reference(toStack stack: any StackContainer) -> PageReference {
        guard let collapsedColumn, collapsedColumn.column == ObjectIdentifier(stack) else {
            return PageReference(live: stack)
        }
        return PageReference(live: stack, split: .collapsedColumn(of: collapsedColumn.split))
    }

    /// Enters a child found by ``findChild(for:)``, reading its kind once.
    private mutating func enterChild(_ position: consuming Position) -> Found {
        let kind = position.page.pageKind
        if case .handler(let handler) = kind {
            let owner = cursor.page
            enter(position)
            return .handler(handler, owner: owner)
        }
        enter(position)
        cursorKind = kind
        return .moved
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

    private mutating func moveInStack(_ stack: any StackContainer, _ pages: [any Page], to index: Int) -> Found {
        let kind = pages[index].pageKind
        let owner: (any Page)? = if case .handler = kind { cursor.page } else { nil }
        cursor = Position(page: pages[index], in: stack, index: index, isTop: index == pages.count - 1)
        reveal(cursor)
        note(cursor.page)
        if case .handler(let handler) = kind, let owner { return .handler(handler, owner: owner) }
        cursorKind = kind
        return .moved
    }

    /// Makes `position` the match whose stack is popped down to it: a later match in the
    /// same stack replaces it, a match in another stack pops this one first.
    private mutating func reveal(_ position: Position) {
        // Read in place: copying the pending pop out would retain its pages.
        if pendingPop != nil {
            guard !pendingPop!.position.isIn(sameStackAs: position) else {
                pendingPop!.position = position
                return
            }
            flushPendingPop()
        }
        pendingPop = PendingPop(position: position, stepIndex: steps.count)
    }

    private mutating func flushPendingPop() {
        guard pendingPop != nil else { return }
        var taken: PendingPop?
        swap(&taken, &pendingPop)
        guard let pending = taken, !pending.position.isTop, case .stack(let stack) = pending.position.holder else { return }
        steps.insert(.popTo(PageReference(live: pending.position.page), in: reference(toStack: stack),
                            style: resolver.leaveStyle(taking: stack.containedPages.last)),
                     at: pending.stepIndex)
    }

    // MARK: Making what is missing

    /// How the first pages made are shown: on the stack, the tab container or the
    /// presenter they are made under.
    private enum Attachment {
        case push
        case setStack
        case addTab
        case present
    }

    /// Attaches new pages for a `/`, `#` or `#/` component no live page answers.
    private mutating func attachMissing(
        _ component: PageComponent,
        _ rest: ArraySlice<PageComponent>
    ) throws -> PageReference {
        let page = cursor.page
        if handlerRefused {
            throw NavigationError(.eventRefused, component: component.name,
                                  reason: "no event handler `\(component.name)` of `\(PageReference(live: page))` admits the event")
        }
        // Each page made reads the registry once: this entry serves the first.
        let entry = resolver.registry.entry(for: component.name)
        if let entry, entry.isAction {
            // Run right where the path stands, once what it names is revealed.
            guard rest.count == 1 else { throw Self.actionNotLast(component) }
            try resolver.checkMakeable(component, entry, under: PageReference(live: page))
            flushPendingPop()
            steps.append(.run(component))
            return PageReference(live: page)
        }
        let kind = page.pageKind
        if case .stack(let stack) = kind, component.presentation != .childStack {
            // Nothing in this stack matched: positionally, the path replaces it all.
            let replaces = isPositional && !stack.containedPages.isEmpty
            return try make(rest, first: entry, attachedTo: replaces ? .setStack : .push, under: reference(toStack: stack))
        }
        if component.presentation == .shown, let stack = enclosingStack {
            // A page in no stack itself (a tab of a container pushed on a stack) pushes on
            // the nearest stack that holds it, as UIKit does.
            if isPositional {
                flushPendingPop()
            } else {
                pendingPop = nil  // Reuse: push on top of the stack as it stands.
            }
            return try make(rest, first: entry, attachedTo: .push, under: reference(toStack: stack))
        }
        if case .tabs(let tabs) = kind, tabs.acceptsNewTabs {
            flushPendingPop()
            return try make(rest, first: entry, attachedTo: .addTab, under: PageReference(live: tabs))
        }
        let under = PageReference(live: page)
        let reason: String
        if case .tabs = kind {
            reason = "no tab of `\(under)` answers it, and it does not accept new tabs"
        } else {
            reason = "no live page under `\(under)` answers it, and `\(under)` is in no navigation stack to push it on"
                + " (present it with `!\(component.name)`)"
        }
        throw NavigationError(.cannotShow, component: component.name, reason: reason)
    }

    private static func alertNotLast(_ component: PageComponent) -> NavigationError {
        alertNotLast(named: component.name)
    }

    static func alertNotLast(named name: String) -> NavigationError {
        NavigationError(.cannotShow, component: name,
                        reason: "`\(name)` is an alert: nothing shows above an alert, so it must end the path")
    }

    private static func actionNotLast(_ component: PageComponent) -> NavigationError {
        NavigationError(.actionNotLast, component: component.name,
                        reason: "`\(component.name)` is an action: it shows no page, so it must end the path")
    }

    /// Plans pages for `rest` and the steps that show them, then the action that ends the
    /// path, if one does; returns the last page. `first` is the registration of `rest`'s
    /// first component, already read.
    private mutating func make(
        _ rest: ArraySlice<PageComponent>,
        first: Entry?,
        attachedTo attachment: Attachment,
        under: PageReference
    ) throws -> PageReference {
        var pages = rest
        let entries = Entries(rest, first: first, in: resolver.registry)
        let lastEntry = entries.entry(at: rest.endIndex - 1)
        var index = rest.startIndex
        while index < rest.endIndex - 1 {
            if let entry = entries.entry(at: index) {
                if entry.isAction { throw Self.actionNotLast(rest[index]) }
                if entry.isAlert { throw Self.alertNotLast(rest[index]) }
            }
            index += 1
        }
        if let lastEntry, lastEntry.isAlert, rest[rest.endIndex - 1].presentation != .modal {
            let component = rest[rest.endIndex - 1]
            throw NavigationError(.cannotShow, component: component.name,
                                  reason: "`\(component.name)` is an alert: it can only be presented, with `!\(component.name)`")
        }
        guard let lastEntry, lastEntry.isAction else {
            return try makePages(pages, entries, attachedTo: attachment, under: under)
        }
        let action = pages.removeLast()
        let last = pages.isEmpty ? PageReference(live: cursor.page) : try makePages(pages, entries, attachedTo: attachment,
                                                                                under: under)
        // The action is planned with the rest, inside the page made.
        if continuesInside { return last }
        try resolver.checkMakeable(action, lastEntry, under: last)
        steps.append(.run(action))
        return last
    }

    /// The registrations of the components being made, each read once: the first and
    /// last are read before the pages are planned, the others as each is reached.
    private struct Entries {
        let start: Int
        let first: Entry?
        /// The others', for a path that makes more than one page.
        let others: [Entry?]

        init(_ components: ArraySlice<PageComponent>, first: Entry?, in registry: PageRegistry) {
            start = components.startIndex
            self.first = first
            others = components.count == 1 ? [] : components.dropFirst().map { registry.entry(for: $0.name) }
        }

        func entry(at index: Int) -> Entry? {
            index == start ? first : others[index - start - 1]
        }
    }

    typealias Entry = PageRegistry.Entry

    /// Plans pages for `rest` and the steps that show them; returns the last one.
    private mutating func makePages(
        _ rest: ArraySlice<PageComponent>,
        _ entries: Entries,
        attachedTo attachment: Attachment,
        under: PageReference
    ) throws -> PageReference {
        var remaining = rest
        let firstEntry = entries.entry(at: remaining.startIndex)
        let first = remaining.removeFirst()
        var last: PageReference
        var lastTakesPushes = true
        if let firstEntry, firstEntry.isStack {
            let stack = try newStack(first, firstEntry, under: under, taking: &remaining, entries)
            switch attachment {
            case .push, .setStack:
                throw NavigationError(.cannotShow, component: first.name,
                                      reason: "`\(first.name)` is a navigation stack, which cannot be pushed on `\(under)`")
            case .addTab:
                steps.append(.addTab([stack], inNewStack: false, to: under,
                                     style: resolver.style(first: firstEntry.options, last: firstEntry.options,
                                                           presenting: false, inNewStack: false)))
            case .present:
                steps.append(.present([stack], inNewStack: false, from: under,
                                      style: resolver.style(first: firstEntry.options, last: firstEntry.options,
                                                            presenting: true, inNewStack: false, at: rest.startIndex)))
            }
            last = stack.contents[stack.contents.count - 1]
        } else {
            (last, lastTakesPushes) = try makeGroup(first, at: rest.startIndex, firstEntry, &remaining, entries,
                                                    attachedTo: attachment, under: under)
        }
        while let nextIndex = remaining.indices.first {
            let nextEntry = entries.entry(at: nextIndex)
            let next = remaining.removeFirst()
            guard next.presentation.isModal else {
                if next.presentation == .child || next.presentation == .childStack {
                    // A tab, or another child, of the page just made: only that page can say
                    // what it holds, once made. The rest is planned again then.
                    continuesInside = true
                    return last
                }
                let hint = lastTakesPushes ? "" : " (write `!/\(last.name)` to present it in a navigation stack)"
                throw NavigationError(
                    .cannotShow, component: next.name,
                    reason: "`\(last)` is being made and is in no navigation stack, so it can only present `!\(next.name)`\(hint)")
            }
            if let nextEntry, nextEntry.isStack {
                let stack = try newStack(next, nextEntry, under: last, taking: &remaining, entries)
                steps.append(.present([stack], inNewStack: false, from: last,
                                      style: resolver.style(first: nextEntry.options, last: nextEntry.options,
                                                            presenting: true, inNewStack: false, at: nextIndex)))
                last = stack.contents[stack.contents.count - 1]
                lastTakesPushes = true
                continue
            }
            var presented = [try newPage(next, nextEntry, under: last)]
            var lastOptions = nextEntry?.options ?? .default
            let wrapped = next.presentation == .modalStack
            if wrapped {
                while let pushedIndex = remaining.indices.first, remaining[pushedIndex].presentation == .shown {
                    let pushedEntry = entries.entry(at: pushedIndex)
                    presented.append(try newPage(remaining[pushedIndex], pushedEntry, under: presented[presented.count - 1]))
                    lastOptions = pushedEntry?.options ?? .default
                    remaining.removeFirst()
                }
            }
            let style = resolver.style(first: nextEntry?.options ?? .default, last: lastOptions, presenting: true,
                                       inNewStack: wrapped, at: nextIndex)
            steps.append(.present(presented, inNewStack: wrapped, from: last, style: style))
            last = presented[presented.count - 1]
            lastTakesPushes = wrapped
        }
        return last
    }

    /// Plans the first pages made where the walk stopped: `first`, and the pages pushed
    /// with it when it goes on a stack or in a new one; returns the last and whether it
    /// takes pushes.
    private mutating func makeGroup(
        _ first: PageComponent,
        at firstIndex: Int,
        _ firstEntry: Entry?,
        _ remaining: inout ArraySlice<PageComponent>,
        _ entries: Entries,
        attachedTo attachment: Attachment,
        under: PageReference
    ) throws -> (PageReference, Bool) {
        let firstPage = try newPage(first, firstEntry, under: under)
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
        var lastPage = firstPage
        var lastOptions = firstEntry?.options ?? .default
        var group = [firstPage]
        if takesPushes {
            while let index = remaining.indices.first, remaining[index].presentation == .shown {
                let entry = entries.entry(at: index)
                lastPage = try newPage(remaining[index], entry, under: lastPage)
                lastOptions = entry?.options ?? .default
                group.append(lastPage)
                remaining.removeFirst()
            }
        }
        let firstOptions = firstEntry?.options ?? .default
        // `under` is the stack, the tab container or the presenter.
        switch attachment {
        case .push:
            // The group's pages are the path's components from `firstIndex` on.
            let style = resolver.style(first: firstOptions, last: lastOptions, presenting: false, inNewStack: false,
                                       at: firstIndex + group.count - 1)
            steps.append(.push(group, onto: under, style: style))
        case .setStack:
            let style = resolver.style(first: firstOptions, last: lastOptions, presenting: false, inNewStack: false,
                                       at: firstIndex + group.count - 1)
            steps.append(.setStack(group, of: under, style: style))
        case .addTab:
            let style = resolver.style(first: firstOptions, last: lastOptions, presenting: false, inNewStack: inNewStack)
            steps.append(.addTab(group, inNewStack: inNewStack, to: under, style: style))
        case .present:
            let style = resolver.style(first: firstOptions, last: lastOptions, presenting: true, inNewStack: inNewStack,
                                       at: firstIndex)
            steps.append(.present(group, inNewStack: inNewStack, from: under, style: style))
        }
        return (lastPage, takesPushes)
    }

    /// Fails for a component registered as a navigation stack where a page must be made.
    private func checkNotStack(_ component: PageComponent, _ entry: Entry?, under parent: PageReference) throws {
        guard let entry, entry.isStack else { return }
        throw NavigationError(.cannotShow, component: component.name,
                              reason: "`\(component.name)` is a navigation stack, which cannot be pushed on `\(parent)`"
                                  + " or held in a stack of its own (write `!\(component.name)/…`)")
    }

    private mutating func newPage(_ component: PageComponent, _ entry: Entry?,
                                  under parent: PageReference) throws -> PageReference {
        try checkNotStack(component, entry, under: parent)
        try resolver.checkMakeable(component, entry, under: parent)
        let reference = PageReference(new: component, index: newComponents.count)
        newComponents.append(component)
        return reference
    }

    /// Plans a navigation stack registered by name (`!inbox/list/message`) and, as its
    /// pages, the `/` components that follow it; at least one must.
    private mutating func newStack(
        _ component: PageComponent,
        _ entry: Entry,
        under parent: PageReference,
        taking remaining: inout ArraySlice<PageComponent>,
        _ entries: Entries
    ) throws -> PageReference {
        guard !component.presentation.isWrappedInStack else {
            throw NavigationError(.cannotShow, component: component.name,
                                  reason: "`\(component.name)` is a navigation stack, which cannot be held in a stack of "
                                      + "its own: write `\(component.presentation == .modalStack ? "!" : "#")"
                                      + "\(component.name)/…`")
        }
        try resolver.checkMakeable(component, entry, under: parent)
        let index = newComponents.count
        newComponents.append(component)
        let placeholder = PageReference(new: component, index: index)
        var pages: [PageReference] = []
        while let nextIndex = remaining.indices.first, remaining[nextIndex].presentation == .shown {
            let nextEntry = entries.entry(at: nextIndex)
            pages.append(try newPage(remaining[nextIndex], nextEntry, under: pages.last ?? placeholder))
            remaining.removeFirst()
        }
        guard !pages.isEmpty else {
            throw NavigationError(.cannotShow, component: component.name,
                                  reason: "`\(component.name)` is a navigation stack made by name, and the path names no "
                                      + "page for it to hold (write `\(component.name)/…`)")
        }
        return PageReference(new: component, index: index, contents: pages)
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
            destination: destination, mode: mode,
            steps: [.deliver(PageEvent(path: destination.path, component: component), to: reference,
                             of: PageReference(live: owner))],
            newComponents: [], target: reference)
    }

    /// Dismisses the first visible modal the path did not name, before anything moves;
    /// when there is none and the plan shows something, what covers the top level and is
    /// not a page (an alert the app presented), which would otherwise keep it from
    /// showing.
    private mutating func insertDismissal() {
        let visible = crossings ?? resolver.visibleCrossings
        for crossing in visible where !matchedModals.contains(ObjectIdentifier(crossing.page)) {
            steps.insert(.dismiss(PageReference(live: crossing.page), presentedBy: PageReference(live: crossing.presenter),
                                  style: resolver.leaveStyle(taking: crossing.page)),
                         at: 0)
            return
        }
        // A loop, not `contains(where:)`: a closure formed on the main actor checks its
        // executor each time it is called.
        var showsSomething = false
        for index in steps.indices where steps[index].showsSomething {
            showsSomething = true
            break
        }
        guard showsSomething else { return }
        let host = resolver.hierarchy.host
        if let last = visible.last {
            if let other = host.foreignPresentation(over: last.page) {
                steps.insert(.dismissOther(other, over: PageReference(live: last.page)), at: 0)
            }
        } else if let other = host.foreignPresentation(over: resolver.hierarchy.root) {
            steps.insert(.dismissOther(other, over: PageReference(live: resolver.hierarchy.root)), at: 0)
        }
    }
}

extension Resolver {
    /// Checks that a page can be made (or an action run) for `component`: its name is
    /// registered, and may be reached from outside the app when the request comes from
    /// there.
    func checkMakeable(_ component: PageComponent, under parent: PageReference) throws {
        try checkMakeable(component, registry.entry(for: component.name), under: parent)
    }

    /// Checks `component` against its registration, `entry`, already read.
    func checkMakeable(_ component: PageComponent, _ entry: PageRegistry.Entry?, under parent: PageReference) throws {
        guard let entry else {
            throw NavigationError(
                .notRegistered, component: component.name,
                reason: "no live page under `\(parent)` answers it and no page is registered as `\(component.name)`")
        }
        if source == .external, !entry.isExternallyOpenable {
            throw NavigationError(
                .notExternallyOpenable, component: component.name,
                reason: "`\(component.name)` is not registered as externally openable")
        }
    }
}
