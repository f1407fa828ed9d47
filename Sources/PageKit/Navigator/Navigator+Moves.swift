extension Navigator {
    // MARK: Moves

    /// Pushes a new page for `component` on the visible stack, even when an equal page is
    /// already in it (a profile → home → profile chain pushes twice).
    ///
    /// ```swift
    /// navigator.push(PageComponent("person_detail", parameters: ["id": "7"]))
    /// ```
    /// - Parameters:
    ///   - component: The page to make, by name and parameters.
    ///   - animated: Whether to animate.
    ///   - payload: A value for the new page's ``PageIntent``.
    /// - Returns: The request; it fails with ``NavigationError/Code/cannotShow`` if the
    ///   visible page is in no navigation stack at its turn.
    @discardableResult
    public func push(_ component: PageComponent, animated: Bool? = nil, payload: (any Sendable)? = nil) -> NavigationRequest {
        var pushed = component
        pushed.presentation = .shown
        return move(.push(pushed), describedAs: PagePath([pushed], origin: .current(levelsUp: 0)),
                    animated: animated, payload: payload)
    }

    /// Pushes a page the app made (not from the registry) on the visible stack.
    /// - Parameters:
    ///   - page: A page not in the hierarchy.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails if `page` is already shown.
    @discardableResult
    public func push(page: any Page, animated: Bool? = nil) -> NavigationRequest {
        move(.pushPage(page), describedAs: PagePath([Self.component(of: page)], origin: .current(levelsUp: 0)),
             animated: animated)
    }

    /// Moves a live page of the visible stack to its top.
    /// - Parameters:
    ///   - identifier: The page's identifier.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` if no
    ///   live page has the identifier, and ``NavigationError/Code/cannotShow`` if the page
    ///   is not in the visible stack (``jump(to:animated:)`` reveals it where it is).
    @discardableResult
    public func push(identifiedBy identifier: PageIdentifier, animated: Bool? = nil) -> NavigationRequest {
        move(.pushExisting(identifier), describedAs: Self.identifierPath(identifier), animated: animated)
    }

    /// Pops the top `count` pages of the visible stack.
    /// - Parameters:
    ///   - count: How many pages; at least 1.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` if the
    ///   visible stack has fewer pages above its root at its turn.
    @discardableResult
    public func pop(_ count: Int = 1, animated: Bool? = nil) -> NavigationRequest {
        move(.pop(count), describedAs: Self.upPath(count), animated: animated)
    }

    /// Pops the visible stack until `page` is on top.
    /// - Parameters:
    ///   - page: A page of the visible stack; held weakly while the request waits.
    ///   - animated: Whether to animate.
    /// - Returns: The request.
    @discardableResult
    public func pop(to page: any Page, animated: Bool? = nil) -> NavigationRequest {
        pop(toIdentifier: identifier(of: page), animated: animated)
    }

    /// Pops the visible stack until the page with `identifier` is on top.
    /// - Parameters:
    ///   - identifier: The identifier of a page of the visible stack.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` or,
    ///   if the page is elsewhere, ``NavigationError/Code/outOfRange``.
    @discardableResult
    public func pop(toIdentifier identifier: PageIdentifier, animated: Bool? = nil) -> NavigationRequest {
        move(.popTo(identifier), describedAs: Self.identifierPath(identifier), animated: animated)
    }

    /// Pops the visible stack to its first page.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The request.
    @discardableResult
    public func popToRoot(animated: Bool? = nil) -> NavigationRequest {
        move(.popToRoot, describedAs: PagePath([], origin: .current(levelsUp: 0)), animated: animated)
    }

    /// Reveals `page` wherever it lives: selects its tab, dismisses what covers it, pops
    /// what lies above it. Never makes a page.
    /// - Parameters:
    ///   - page: A live page; held weakly while the request waits.
    ///   - animated: Whether to animate.
    /// - Returns: The request.
    @discardableResult
    public func jump(to page: any Page, animated: Bool? = nil) -> NavigationRequest {
        jump(toIdentifier: identifier(of: page), animated: animated)
    }

    /// Reveals the page with `identifier` wherever it lives.
    /// - Parameters:
    ///   - identifier: A live page's identifier.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` if no
    ///   live page has it at its turn.
    @discardableResult
    public func jump(toIdentifier identifier: PageIdentifier, animated: Bool? = nil) -> NavigationRequest {
        move(.jump(identifier), describedAs: Self.identifierPath(identifier), animated: animated)
    }

    /// Goes back `count` steps in ``history``: the path shown then is restored in exact
    /// mode (its tab selected, its stack as it was, its modals presented again), and the
    /// history forgets the steps walked back.
    /// - Parameters:
    ///   - count: How many steps; at least 1.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` when the
    ///   history is shorter.
    @discardableResult
    public func back(_ count: Int = 1, animated: Bool? = nil) -> NavigationRequest {
        let described = history.entries.count > count ? history.entries[history.entries.count - 1 - count] : PagePath([])
        return move(.back(count), describedAs: described, animated: animated)
    }

    /// Goes `count` levels up the current path: pops a stack page, dismisses a modal, or
    /// leaves a stack for its container, one level each. The same as opening `..`
    /// `count` times over.
    /// - Parameters:
    ///   - count: How many levels; at least 1.
    ///   - animated: Whether to animate.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` above the
    ///   root.
    @discardableResult
    public func up(_ count: Int = 1, animated: Bool? = nil) -> NavigationRequest {
        move(.up(count), describedAs: Self.upPath(count), animated: animated)
    }

    private func move(_ move: NavigationMove, describedAs path: PagePath, animated: Bool?,
                      payload: (any Sendable)? = nil) -> NavigationRequest {
        request(NavigationRequest(path: path, target: .move(move), mode: .reuse, source: .app,
                                  animated: animated ?? configuration.animated, payload: payload))
    }

    private static func upPath(_ count: Int) -> PagePath {
        PagePath([], origin: .current(levelsUp: max(count, 0)))
    }

    private static func identifierPath(_ identifier: PageIdentifier) -> PagePath {
        PagePath([], query: ["identifier": identifier.rawValue], origin: .current(levelsUp: 0))
    }

    private static func component(of page: any Page) -> PageComponent {
        PageComponent(page.pageName, parameters: page.pageParameters)
    }

    // MARK: Planning moves

    /// A move planned against the hierarchy as it is: where it leads, its plan, and the
    /// pages it shows that the registry does not make.
    struct PlannedMove {
        let destination: PagePath
        let plan: NavigationPlan
        let pages: [any Page]?
    }

    func plan(_ move: NavigationMove) throws -> PlannedMove {
        guard let hierarchy else {
            throw NavigationError(.noRoot, reason: "the navigator has no root page yet")
        }
        let anchors = hierarchy.anchors()
        let current = PagePath(anchors.map(\.component))
        func resolved(_ path: PagePath, _ mode: ResolutionMode = .reuse) throws -> PlannedMove {
            let plan = try makePlan(for: path, mode: mode, source: .app)
            return PlannedMove(destination: plan.path, plan: plan, pages: nil)
        }
        switch move {
        case .up(let count):
            guard count >= 1 else { throw Self.outOfRange("up(\(count)) needs a count of at least 1") }
            return try resolved(Self.upPath(count))
        case .pop(let count):
            let leaf = try visibleStackPage(anchors)
            guard count >= 1, leaf.index >= count else {
                throw Self.outOfRange("pop(\(count)): the visible stack has \(leaf.index) pages above its root")
            }
            return try resolved(Self.upPath(count))
        case .popToRoot:
            return try resolved(Self.upPath(try visibleStackPage(anchors).index))
        case .popTo(let identifier):
            let leaf = try visibleStackPage(anchors)
            let page = try livePage(identifier)
            guard let stack = leaf.stack, let index = stack.containedPages.firstIndex(where: { $0 === page }),
                  index <= leaf.index else {
                throw Self.outOfRange("`\(page.pageDescription)` is not below the top of the visible stack; "
                                      + "jump(to:) reveals it where it is")
            }
            return try resolved(Self.upPath(leaf.index - index))
        case .jump(let identifier):
            let page = try livePage(identifier)
            guard let path = hierarchy.path(to: page) else {
                throw NavigationError(.unknownIdentifier, reason: "no live page has the identifier `\(identifier)`")
            }
            let planned = try resolved(path, .exact)
            guard planned.plan.target.refers(to: page), planned.plan.newComponents.isEmpty else {
                throw NavigationError(.staleHierarchy, path: path.description,
                                      reason: "`\(page.pageDescription)` cannot be told apart from a page beside it")
            }
            return planned
        case .back(let count):
            let entries = history.entries
            guard count >= 1, entries.count > count else {
                throw Self.outOfRange("back(\(count)): the history holds \(max(entries.count - 1, 0)) earlier paths")
            }
            return try resolved(entries[entries.count - 1 - count], .exact)
        case .push(let component):
            return try planPush(onto: try visibleStackPage(anchors), current: current,
                                component: component, page: nil)
        case .pushPage(let page):
            guard !hierarchy.contains(page) else {
                throw NavigationError(.cannotShow, component: page.pageName,
                                      reason: "`\(page.pageDescription)` is already shown; jump(to:) reveals it")
            }
            return try planPush(onto: try visibleStackPage(anchors), current: current,
                                component: Self.component(of: page), page: page)
        case .pushExisting(let identifier):
            return try planBringToTop(try livePage(identifier), leaf: try visibleStackPage(anchors),
                                      current: current)
        }
    }

    private static func outOfRange(_ reason: String) -> NavigationError {
        NavigationError(.outOfRange, reason: reason)
    }

    private func livePage(_ identifier: PageIdentifier) throws -> any Page {
        guard let page = page(identifiedBy: identifier) else {
            throw NavigationError(.unknownIdentifier, reason: "no live page has the identifier `\(identifier)`")
        }
        return page
    }

    /// The visible page, which must sit in a navigation stack.
    private func visibleStackPage(_ anchors: [LiveHierarchy.Anchor]) throws -> LiveHierarchy.Anchor {
        guard let leaf = anchors.last, leaf.stack != nil else {
            throw NavigationError(.cannotShow, reason: "the visible page is in no navigation stack")
        }
        return leaf
    }

    private func planPush(onto leaf: LiveHierarchy.Anchor, current: PagePath, component: PageComponent,
                          page: (any Page)?) throws -> PlannedMove {
        guard let stack = leaf.stack else { throw NavigationError(.cannotShow, reason: "no visible stack") }
        if page == nil, !registry.contains(component.name) {
            throw NavigationError(.notRegistered, component: component.name,
                                  reason: "no page is registered as `\(component.name)`")
        }
        let destination = current.appending(component)
        let reference = PageReference(new: component, index: 0)
        let plan = NavigationPlan(path: destination, mode: .reuse,
                                  steps: [.push([reference], onto: PageReference(live: stack))],
                                  newComponents: [component], target: reference)
        return PlannedMove(destination: destination, plan: plan, pages: page.map { [$0] })
    }

    private func planBringToTop(_ page: any Page, leaf: LiveHierarchy.Anchor,
                                current: PagePath) throws -> PlannedMove {
        guard let stack = leaf.stack, var pages = Optional(stack.containedPages),
              let index = pages.firstIndex(where: { $0 === page }) else {
            throw NavigationError(.cannotShow, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is not in the visible stack; jump(to:) reveals it")
        }
        let target = PageReference(live: page)
        guard index < pages.count - 1 else {
            let plan = NavigationPlan(path: current, mode: .reuse, steps: [], newComponents: [], target: target)
            return PlannedMove(destination: current, plan: plan, pages: nil)
        }
        pages.append(pages.remove(at: index))
        let destination = PagePath(current.components.dropLast(leaf.index + 1)
            + pages.map { PageComponent($0.pageName, parameters: $0.pageParameters) })
        let plan = NavigationPlan(path: destination, mode: .reuse,
                                  steps: [.setStack(pages.map { PageReference(live: $0) }, of: PageReference(live: stack))],
                                  newComponents: [], target: target)
        return PlannedMove(destination: destination, plan: plan, pages: nil)
    }
}
