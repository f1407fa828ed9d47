extension Navigator {
    /// Pushes a new page for `component` on the visible stack, even when an equal page is
    /// already in it (a profile → home → profile chain pushes twice).
    ///
    /// ```swift
    /// navigator.push(PageComponent("person_detail", parameters: ["id": "7"]))
    /// navigator.push(PersonDetail(id: 7))    // a typed route
    /// ```
    /// - Parameters:
    ///   - component: The page to make: a component or a typed route.
    ///   - options: Animation, and a payload for the new page's ``PageIntent``.
    /// - Returns: The request; it fails with ``NavigationError/Code/cannotShow`` if the
    ///   visible page is in no navigation stack at its turn, and with
    ///   ``NavigationError/Code/invalidRoute`` for a route that cannot be written.
    @discardableResult
    public func push(_ component: some PageComponentConvertible, _ options: NavigationOptions = .default)
        -> NavigationRequest {
        do {
            return move(.push(try component.pageComponent()), options)
        } catch {
            return failedRequest(error, options)
        }
    }

    /// Pushes a page the app made (not from the registry) on the visible stack. The
    /// request holds the page until its turn.
    /// - Parameters:
    ///   - page: A page not in the hierarchy.
    ///   - options: Animation, and a payload for the page through ``IntentReceiving``.
    /// - Returns: The request; it fails with ``NavigationError/Code/alreadyInHierarchy`` if
    ///   `page` is already shown at its turn (reveal it with ``jump(to:_:)``), and with
    ///   ``NavigationError/Code/cannotShow`` if the visible page is in no navigation stack.
    @discardableResult
    public func push(page: any Page, _ options: NavigationOptions = .default) -> NavigationRequest {
        attach(page)
        return move(.pushPage(identified(page)), options, providing: page)
    }

    /// Moves a live page of the visible stack to its top.
    /// - Parameters:
    ///   - identifier: The page's identifier.
    ///   - options: Animation, and a payload for the page.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` if no
    ///   live page has the identifier, and ``NavigationError/Code/cannotShow`` if the page
    ///   is not in the visible stack (``jump(toIdentifier:_:)`` reveals it where it is).
    @discardableResult
    public func push(identifiedBy identifier: PageIdentifier, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.bringToTop(identified(identifier)), options)
    }

    /// Pops the top `count` pages of the visible stack.
    /// - Parameters:
    ///   - count: How many pages; at least 1.
    ///   - options: Animation, and a payload for the page revealed.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` if the
    ///   visible stack has fewer pages above its root at its turn.
    @discardableResult
    public func pop(_ count: Int = 1, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.pop(count), options)
    }

    /// Pops the visible stack until `page` is on top.
    /// - Parameters:
    ///   - page: A page of the visible stack; named by its identifier while the request
    ///     waits, so it is not kept alive.
    ///   - options: Animation, and a payload for the page.
    /// - Returns: The request.
    @discardableResult
    public func pop(to page: any Page, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.popTo(identified(page)), options)
    }

    /// Pops the visible stack until the page with `identifier` is on top.
    /// - Parameters:
    ///   - identifier: The identifier of a page of the visible stack.
    ///   - options: Animation, and a payload for the page.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` or,
    ///   if the page is elsewhere, ``NavigationError/Code/outOfRange``.
    @discardableResult
    public func pop(toIdentifier identifier: PageIdentifier, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.popTo(identified(identifier)), options)
    }

    /// Pops the visible stack to its first page.
    /// - Parameter options: Animation, and a payload for the page revealed.
    /// - Returns: The request.
    @discardableResult
    public func popToRoot(_ options: NavigationOptions = .default) -> NavigationRequest {
        move(.popToRoot, options)
    }

    /// Reveals `page` wherever it lives: selects its tab, dismisses what covers it, pops
    /// what lies above it. Never makes a page.
    /// - Parameters:
    ///   - page: A live page; named by its identifier while the request waits.
    ///   - options: Animation, and a payload for the page.
    /// - Returns: The request.
    @discardableResult
    public func jump(to page: any Page, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.jump(identified(page)), options)
    }

    /// Reveals the page with `identifier` wherever it lives, or brings back a page a
    /// request kept when it popped it (``NavigationOptions/keepingLeftPages()-method``): the page it
    /// stood on is revealed and the kept pages up to it are pushed back.
    ///
    /// ```swift
    /// navigator.jump(to: list, .keepingLeftPages())   // pops detail, and keeps it
    /// navigator.jump(toIdentifier: detailID)        // pushes detail back above list
    /// ```
    /// - Parameters:
    ///   - identifier: A live page's identifier.
    ///   - options: Animation, and a payload for the page.
    /// - Returns: The request; it fails with ``NavigationError/Code/unknownIdentifier`` if no
    ///   live page has it at its turn.
    @discardableResult
    public func jump(toIdentifier identifier: PageIdentifier, _ options: NavigationOptions = .default)
        -> NavigationRequest {
        move(.jump(identified(identifier)), options)
    }

    /// Goes back `count` steps in ``history``: the path shown then is restored in exact
    /// mode (its tab selected, its stack as it was, its modals presented again; each page
    /// pushed or presented again as it was then where a request said how), and the history
    /// forgets the steps walked back.
    /// - Parameters:
    ///   - count: How many steps; at least 1.
    ///   - options: Animation, and a payload for the page revealed.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` when the
    ///   history is shorter.
    @discardableResult
    public func back(_ count: Int = 1, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.back(count), options)
    }

    /// Goes `count` levels up the current path: pops a stack page, dismisses a modal, or
    /// leaves a stack for its container, one level each: the same as opening `..`
    /// `count` times over. A level that climbs to a navigation stack shows it at its first
    /// page.
    /// - Parameters:
    ///   - count: How many levels; at least 1.
    ///   - options: Animation, and a payload for the page revealed.
    /// - Returns: The request; it fails with ``NavigationError/Code/outOfRange`` above the
    ///   root.
    @discardableResult
    public func up(_ count: Int = 1, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.up(count), options)
    }

    /// Changes a live page's own parameters in place, without a transition, when its turn
    /// comes: the page is told (``ParametersUpdating``), and the current path and the
    /// history show the new parameters.
    ///
    /// ```swift
    /// try await navigator.update(["category": "12"], of: newsList).outcome()
    /// navigator.currentPath.description   // "/tab#news/list(category=12)"
    /// ```
    /// - Parameters:
    ///   - parameters: The page's new parameters.
    ///   - page: A live page that adopts ``ParametersUpdating``.
    ///   - options: Unused but for the payload, which the page receives through
    ///     ``IntentReceiving`` when it adopts it.
    /// - Returns: The request; it fails with ``NavigationError/Code/cannotUpdate`` for a page
    ///   that cannot update, and ``NavigationError/Code/unknownIdentifier`` for one that is
    ///   gone at its turn.
    @discardableResult
    public func update(_ parameters: PageParameters, of page: any Page, _ options: NavigationOptions = .default)
        -> NavigationRequest {
        move(.update(identified(page), parameters: parameters), options)
    }

    /// Takes `page` off the screen, wherever it is: pops it, and what lies above it, off
    /// its navigation stack, or dismisses it (and what it presents) when it was presented,
    /// alone or at the bottom of a stack of its own. What covers it is dismissed too. A page
    /// closes itself with it:
    ///
    /// ```swift
    /// @objc func cancel() { navigator?.close(self) }     // a NavigatorHolding page
    /// ```
    /// - Parameters:
    ///   - page: A live page.
    ///   - options: Animation, and a payload for the page revealed.
    /// - Returns: The request; it fails with ``NavigationError/Code/cannotShow`` for a page
    ///   that is neither presented nor above another page in its stack (a root, a tab),
    ///   and ``NavigationError/Code/unknownIdentifier`` for one that is gone at its turn.
    /// - Complexity: O(*n*) in the number of live pages, to find where `page` is.
    @discardableResult
    public func close(_ page: any Page, _ options: NavigationOptions = .default) -> NavigationRequest {
        move(.close(identified(page)), options)
    }

    /// Closes a flow whose first page is `page`, as ``close(_:_:)`` does, but ends with
    /// nothing moved when `page` is gone at its turn: a request queued before it, or the
    /// person, took the flow away first.
    func closeFlow(at page: any Page, animated: Bool) -> NavigationRequest {
        move(.close(IdentifiedPage(identifier(of: page), name: page.pageDescription, goneIsDone: true)),
             .animated(animated))
    }

    /// Lets go of every page kept by requests that keep the pages they pop.
    public func forgetKeptPages() {
        keptPages.removeAll()
    }

    /// Submits `move`, or fails it at once with ``NavigationError/Code/unsupportedOption``
    /// for an option it cannot honour.
    private func move(_ move: NavigationMove, _ options: NavigationOptions,
                      providing page: (any Page)? = nil) -> NavigationRequest {
        let unhonoured = move.unhonoured(options)
        guard unhonoured.isEmpty else {
            let names = unhonoured.map { "`\($0)`" }.joined(separator: ", ")
            let error = NavigationError(.unsupportedOption, reason: "\(move) cannot honour \(names)").naming(move)
            return failedRequest(error, options)
        }
        return submit(.move(move), options, providing: page)
    }

    private func identified(_ page: any Page) -> IdentifiedPage {
        IdentifiedPage(identifier(of: page), name: page.pageDescription)
    }

    private func identified(_ identifier: PageIdentifier) -> IdentifiedPage {
        IdentifiedPage(identifier)
    }
}
