extension Resolver {
    /// What a move needs besides the hierarchy: how to find a page by identifier, the
    /// page the app provided, and the history.
    struct MoveContext {
        let page: (PageIdentifier) -> (any Page)?
        /// Where a kept page stands (see ``NavigationOptions/keepingLeftPages()-method``).
        let kept: (PageIdentifier) -> KeptPages.Match?
        let provided: (any Page)?
        let history: NavigationHistory
    }

    /// Plans `move` against the hierarchy as it is now, through the same steps as paths.
    ///
    /// Pops and pushes act on the *visible stack*: the nearest navigation stack on the
    /// visible chain, below the last modal. `up` and `back` are planned as the paths they
    /// lead to (`..` climbed `count` times; a history entry in exact mode); `jump` as the
    /// exact path to the page.
    /// - Complexity: O(*v*) for pops and pushes, whatever the stack's depth; O(*n*) in the
    ///   live pages for moves that name a page by identifier; a reorder (`bringToTop`)
    ///   also reads the stack.
    /// - Throws: ``NavigationError`` naming the move.
    func plan(for move: NavigationMove, context: MoveContext) throws -> NavigationPlan {
        do {
            return try plan(move, context).carrying(move)
        } catch {
            throw NavigationError(wrapping: error).naming(move)
        }
    }

    private func plan(_ move: NavigationMove, _ context: MoveContext) throws -> NavigationPlan {
        switch move {
        case .up(let count):
            guard count >= 1 else { throw outOfRange("up(\(count)) needs a count of at least 1") }
            return try plan(for: PagePath([], origin: .current(levelsUp: count)), mode: .reuse)
        case .back(let count):
            let history = context.history
            guard count >= 1, history.count > count else {
                throw outOfRange("the history holds \(max(history.count - 1, 0)) earlier paths")
            }
            // Its pages pushed and presented as they were: as a request said, else by default.
            let entry = history.entry(back: count)
            return try showing(as: entry.styles ?? PathStyles()).plan(for: entry.path.path, mode: .exact)
        case .jump(let identified):
            if context.page(identified.identifier) == nil, let kept = context.kept(identified.identifier) {
                return try planBringingBack(kept)
            }
            let page = try live(identified, context)
            guard let path = hierarchy.route(to: page)?.path.path else {
                throw NavigationError(.unknownIdentifier, reason: "no live page has the identifier `\(identified.identifier)`")
            }
            let plan = try self.plan(for: path, mode: .exact)
            guard plan.target.refers(to: page), plan.newComponents.isEmpty else {
                throw NavigationError(.staleHierarchy, reason: "`\(page.pageDescription)` cannot be told apart from a page beside it")
            }
            return plan
        case .close(let identified):
            if identified.goneIsDone, context.page(identified.identifier) == nil {
                // Taken away already (a flow another request closed first): nothing moves.
                return try plan(for: visible.path.path, mode: .reuse)
            }
            return try planClosing(try live(identified, context))
        case .update(let identified, let parameters):
            let page = try live(identified, context)
            guard page is any ParametersUpdating else {
                throw NavigationError(.cannotUpdate, component: page.pageName,
                                      reason: "`\(page.pageDescription)` does not adopt ParametersUpdating")
            }
            guard var path = hierarchy.route(to: page)?.path.path, let last = path.components.indices.last else {
                throw NavigationError(.unknownIdentifier, reason: "no live page has the identifier `\(identified.identifier)`")
            }
            path.components[last].parameters = .canonical(parameters)
            return NavigationPlan(destination: SharedPath(path), mode: .reuse,
                                  steps: [.update(PageReference(live: page), parameters: .canonical(parameters))],
                                  newComponents: [], target: PageReference(live: page))
        default:
            return try plan(move, context, visible: visible)
        }
    }

    /// Plans a move that acts on the visible stack.
    private func plan(_ move: NavigationMove, _ context: MoveContext, visible: LiveRoute) throws -> NavigationPlan {
        switch move {
        case .up, .back, .jump, .update, .close:
            preconditionFailure("\(move) is planned without the visible stack")
        case .pop(let count):
            let stack = try visibleStack(in: visible)
            guard count >= 1, stack.top >= count else {
                throw outOfRange("the visible stack has \(stack.top) pages above its root")
            }
            return popPlan(stack, to: stack.top - count, in: visible)
        case .popToRoot:
            return popPlan(try visibleStack(in: visible), to: 0, in: visible)
        case .popTo(let identified):
            let stack = try visibleStack(in: visible)
            let page = try live(identified, context)
            guard let index = stack.index(of: page) else {
                throw outOfRange("`\(page.pageDescription)` is not in the visible stack; jump(to:) reveals it where it is")
            }
            return popPlan(stack, to: index, in: visible)
        case .push(let component):
            var pushed = component
            pushed.presentation = .shown
            let stack = try visibleStack(in: visible)
            try checkMakeable(pushed, under: PageReference(live: stack.stack))
            return pushPlan(stack, in: visible, reference: PageReference(new: pushed, index: 0), component: pushed)
        case .pushPage:
            guard let page = context.provided else {
                preconditionFailure("a push(page:) request holds its page until its turn")
            }
            guard !hierarchy.contains(page) else {
                throw NavigationError(.alreadyInHierarchy, component: page.pageName,
                                      reason: "`\(page.pageDescription)` is already shown; jump(to:) reveals it")
            }
            return pushPlan(try visibleStack(in: visible), in: visible, reference: PageReference(provided: page),
                            component: PageComponent(page.pageName, parameters: page.pageParameters))
        case .bringToTop(let identified):
            let stack = try visibleStack(in: visible)
            let page = try live(identified, context)
            guard let index = stack.index(of: page) else {
                throw NavigationError(.cannotShow, component: page.pageName,
                                      reason: "`\(page.pageDescription)` is not in the visible stack; jump(to:) reveals it")
            }
            guard index < stack.top else { return popPlan(stack, to: index, in: visible) }
            var pages = Array(stack.pages[...stack.top])
            pages.append(pages.remove(at: index))
            let components = pages.enumerated().map { offset, page in
                PageComponent(page.pageName, parameters: page.pageParameters,
                              presentation: offset == 0 ? stack.firstPresentation : .shown)
            }
            return NavigationPlan(
                destination: SharedPath(trails: visible.path(through: stack.offset).trails, rest: PagePath(components)),
                mode: .reuse,
                steps: [.setStack(pages.map { PageReference(live: $0) }, of: PageReference(live: stack.stack),
                                  style: ShowStyle(transition: options.transition ?? .platform,
                                                   hidesBottomBar: options.hidesBottomBar ?? false))],
                newComponents: [], target: PageReference(live: page))
        }
    }

    /// Takes `page` off the screen: the exact path to the page below it in its stack, or to
    /// what its presenter shows, which pops or dismisses it and whatever covers it.
    private func planClosing(_ page: any Page) throws -> NavigationPlan {
        guard let route = hierarchy.route(to: page), let last = route.segments.last else {
            throw NavigationError(.unknownIdentifier, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is not in the live hierarchy")
        }
        let below: any Page
        if case .stack(_, _, let pages, let count) = last.kind, count > 1 {
            below = pages[count - 2]
        } else if let modal = route.segments.last(where: { $0.modal != nil })?.modal,
                  modal.page === page || {
                      // The only page of a stack that was presented (`!/x`, `!inbox/x`).
                      guard case .stack(let stack, _, _, let count) = last.kind else { return false }
                      return count == 1 && stack === modal.page
                  }() {
            below = hierarchy.visibleLeaf(from: modal.presenter)
        } else {
            throw NavigationError(.cannotShow, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is neither presented nor above another page in a "
                                      + "navigation stack, so there is nothing to close it to")
        }
        guard let path = hierarchy.route(to: below)?.path.path else {
            throw NavigationError(.staleHierarchy, reason: "`\(below.pageDescription)` is no longer live")
        }
        let plan = try self.plan(for: path, mode: .exact)
        guard plan.target.refers(to: below), plan.newComponents.isEmpty else {
            throw NavigationError(.staleHierarchy,
                                  reason: "`\(below.pageDescription)` cannot be told apart from a page beside it")
        }
        return plan
    }

    /// Reveals the page a kept run stood on, then pushes the run back up to the page
    /// asked for.
    private func planBringingBack(_ kept: KeptPages.Match) throws -> NavigationPlan {
        guard let path = hierarchy.route(to: kept.below)?.path.path else {
            throw NavigationError(.unknownIdentifier, reason: "the place of the kept page is no longer live")
        }
        // The app may have shown a kept page again itself, behind the navigator's back.
        if let shown = kept.pages.first(where: hierarchy.contains) {
            throw NavigationError(.alreadyInHierarchy, component: shown.pageName,
                                  reason: "`\(shown.pageDescription)` is kept, and shown again elsewhere; a page is shown once")
        }
        let reveal = try plan(for: path, mode: .exact)
        guard reveal.target.refers(to: kept.below), reveal.newComponents.isEmpty else {
            throw NavigationError(.staleHierarchy, reason: "`\(kept.below.pageDescription)` cannot be told apart from a page beside it")
        }
        let pushed = kept.pages.map { PageReference(provided: $0) }
        let components = kept.pages.map { PageComponent($0.pageName, parameters: $0.pageParameters) }
        return NavigationPlan(
            destination: SharedPath(trails: reveal.destination.trails, rest: PagePath(reveal.destination.rest.components + components)),
            mode: .exact,
            steps: reveal.steps + [.push(pushed, onto: PageReference(live: kept.stack),
                                         style: ShowStyle(transition: options.transition ?? .platform,
                                                   hidesBottomBar: options.hidesBottomBar ?? false))],
            newComponents: [], target: pushed[pushed.count - 1])
    }

    /// The nearest stack of the visible chain's last level, and where its pages stand in
    /// the visible route.
    struct VisibleStack {
        let stack: any StackContainer
        let pages: [any Page]
        /// The index of its top page.
        let top: Int
        /// The route position of its first page.
        let offset: Int
        let firstPresentation: PageComponent.Presentation

        func index(of page: any Page) -> Int? {
            var index = top
            while index >= 0 {
                if pages[index] === page { return index }
                index -= 1
            }
            return nil
        }
    }

    func visibleStack(in visible: LiveRoute) throws -> VisibleStack {
        var end = visible.count
        for segment in visible.segments.reversed() {
            end -= segment.count
            if case .stack(let stack, let run, let pages, let count) = segment.kind {
                return VisibleStack(stack: stack, pages: pages, top: count - 1, offset: end,
                                    firstPresentation: run.firstPresentation)
            }
            if segment.modal != nil { break }
        }
        throw NavigationError(.cannotShow, reason: "the visible page is in no navigation stack")
    }

    private func popPlan(_ stack: VisibleStack, to index: Int, in visible: LiveRoute) -> NavigationPlan {
        let page = stack.pages[index]
        let steps: [NavigationPlan.Step] = index < stack.top
            ? [.popTo(PageReference(live: page), in: PageReference(live: stack.stack),
                      style: leaveStyle(taking: stack.pages[stack.top]))] : []
        return NavigationPlan(destination: visible.path(through: stack.offset + index + 1), mode: .reuse,
                              steps: steps, newComponents: [], target: PageReference(live: page))
    }

    private func pushPlan(_ stack: VisibleStack, in visible: LiveRoute, reference: PageReference,
                          component: PageComponent) -> NavigationPlan {
        let new: [PageComponent] = reference.kind == .provided ? [] : [component]
        return NavigationPlan(
            destination: SharedPath(trails: visible.path(through: stack.offset + stack.top + 1).trails,
                                    rest: PagePath([component])),
            mode: .reuse,
            steps: [.push([reference], onto: PageReference(live: stack.stack),
                          style: style(for: [component], presenting: false, inNewStack: false))],
            newComponents: new, target: reference)
    }

    private func live(_ identified: IdentifiedPage, _ context: MoveContext) throws -> any Page {
        guard let page = context.page(identified.identifier) else {
            throw NavigationError(.unknownIdentifier, reason: "no live page has the identifier `\(identified.identifier)`")
        }
        return page
    }

    private func outOfRange(_ reason: String) -> NavigationError {
        NavigationError(.outOfRange, reason: reason)
    }
}

extension NavigationPlan {
    /// The same plan, describing the move it carries out.
    func carrying(_ move: NavigationMove) -> NavigationPlan {
        NavigationPlan(destination: destination, move: move, mode: mode, steps: steps, newComponents: newComponents,
                       target: target, continuation: continuation)
    }
}
