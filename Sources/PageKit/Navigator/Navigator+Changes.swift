// The changes a navigator did not make: reported by containers on its queue, or noticed
// when the hierarchy is found other than the history's last entry.
extension Navigator: HierarchyWatching {
    var watchesChanges: Bool { stepsInProgress == 0 }

    func hierarchyChanged(_ change: HierarchyChange) {
        // Its own steps are its requests' business: announced and recorded by them.
        guard stepsInProgress == 0 else { return }
        // The person went elsewhere while a request loaded (a tab tapped, a back the
        // platform carried out itself): what it loads for is no longer what they want. The
        // report may come from inside a view's binding setter (SwiftUI's column
        // visibility), where SwiftUI drops updates: the request ends, and the queue starts
        // what waits behind it, on the next turn.
        if change.source == .user, let driver = loadingDriver, supersession?.driver !== driver {
            supersession = (driver, "the person's change (\(change.kind))")
            _ = queue.clock.schedule(after: .zero) { [weak self] in self?.supersedeIfPending(driver) }
        }
        for page in change.pages {
            guard let page = page.page else { continue }
            attach(page)
            if change.kind == .presented, let alert = page as? AlertPage { alert.presenter = change.container?.page }
        }
        if change.kind == .replaced || change.kind == .noticed, let container = change.container?.page {
            // A replaced stack can keep its ends and count: read its run again.
            cache.forget(container)
        }
        record(change)
    }

    /// Supersedes `driver`'s request for the person's change recorded in ``supersession``,
    /// if it still waits for it; whether it did.
    @discardableResult
    func supersedeIfPending(_ driver: RequestDriver) -> Bool {
        guard let pending = supersession, pending.driver === driver else { return false }
        supersession = nil
        guard loadingDriver === driver else { return false }
        driver.supersede(by: pending.reason)
        return true
    }

    func personQueuedLeave(by gesture: LeaveGesture) {
        // The person's gesture waits in the queue behind a request that loads: it would
        // wait for the load, then undo what the request shows. The person asked since.
        loadingDriver?.supersede(by: "the person's \(gesture)")
    }

    func changeRefused(_ error: NavigationError, by source: NavigationSource) {
        guard stepsInProgress == 0 else { return }
        let current = hierarchy?.visiblePath() ?? SharedPath()
        emit(NavigationEvent(kind: .failed(error), requested: nil, source: source, plan: nil, from: current, to: nil))
    }

    func leaveRequest(for page: any Page, by gesture: LeaveGesture) -> LeaveRequest {
        guard let route = visibleRoute() else {
            return LeaveRequest(from: PagePath([]), to: PagePath([]), gesture: gesture)
        }
        let from = route.path
        // Once the page is gone, the path ends just before it; a modal takes its level.
        var kept = route.count
        var offset = route.count
        for segment in route.segments.reversed() {
            offset -= segment.count
            switch segment.kind {
            case .page(let candidate, _):
                if candidate === page { kept = offset }
            case .stack(_, _, let pages, let count):
                if let index = pages[..<count].firstIndex(where: { $0 === page }) { kept = offset + index }
            }
            if let modal = segment.modal, modal.page === page { kept = offset }
            if kept < route.count { break }
        }
        return LeaveRequest(from: from.path, to: route.path(through: kept).path, gesture: gesture)
    }

    /// Announces and records a change, from the history's last path to the current one.
    private func record(_ change: HierarchyChange) {
        let before = history.lastShared ?? SharedPath()
        let after = hierarchy?.visiblePath() ?? SharedPath()
        recordInHistory(after)
        responsesMayHaveLeft()
        emit(NavigationEvent(kind: .changed(change), requested: nil, source: change.source, plan: nil,
                             from: before, to: after))
    }

    /// Announces a change no container reported, when `route` is not what the history
    /// last recorded.
    func noticeUnreportedChange(_ route: LiveRoute) {
        noticeUnreportedChange(spelled: route.path)
    }

    /// Announces a change no container reported, when `path`, the visible route's path,
    /// is not what the history last recorded.
    func noticeUnreportedChange(spelled path: SharedPath) {
        guard history.count > 0, !history.lastIsSame(as: path), let root else { return }
        record(HierarchyChange(.noticed, by: .app, in: root))
    }
}

extension Navigator {
    /// Tells the containers on this navigator's queue that `page`'s answer to
    /// ``LeaveConfirming/leavePolicy(for:)`` may have changed (a form became dirty, or was
    /// saved), so that what they set up ahead of a gesture follows: the system back button
    /// and swipe a stack shows or hides, whether a sheet can be swiped down. A platform
    /// that asks at the moment of the gesture needs no call; one that must be told in
    /// advance cannot see a page's own state change, so the page says so.
    ///
    /// ```swift
    /// var draft = "" {
    ///     didSet { if draft.isEmpty != oldValue.isEmpty { navigator?.leavePolicyChanged(of: self) } }
    /// }
    /// ```
    /// - Parameter page: The page whose ``LeaveConfirming/leavePolicy(for:)`` changed.
    public func leavePolicyChanged(of page: any Page) {
        queue.leavePolicyChanged(of: page)
    }
}

extension Navigator {
    /// Asks the person `content` over whatever is on top, at once and outside the queue,
    /// and returns the ``AlertButton/id`` of the button tapped: how a page that confirms
    /// leaving (``LeaveConfirming/canLeave(_:)``), or a guard, asks.
    ///
    /// A page's own dialog does not show while something covers the page (a sheet, a
    /// page pushed above it, a tab not selected): UIKit presents nothing from such a
    /// page, SwiftUI nothing from such a view. And the question cannot be a page opened
    /// through the navigator, since the queue waits for the answer. The host shows it
    /// over the top of the window instead (``PageHost/ask(_:)``), once nothing is on its
    /// way in or out.
    ///
    /// ```swift
    /// func canLeave(_ request: LeaveRequest) async -> Bool {
    ///     guard !draft.isEmpty, let navigator else { return true }
    ///     let discard = AlertContent(.confirmationDialog, title: "Discard this message?",
    ///                                buttons: [.destructive("Discard", id: "discard"), .cancel("Keep Editing")])
    ///     return (try? await navigator.ask(discard)) == "discard"
    /// }
    /// ```
    ///
    /// Once the queue no longer waits for the answer (its time-out,
    /// ``TransitionQueue/Timeouts/answer``, or the request was cancelled) it cancels the
    /// asking task, and the question leaves the screen.
    /// - Parameter content: What to ask; its buttons' ids are the possible answers.
    /// - Returns: The id of the button tapped; `nil` when the question went without one: a
    ///   tap outside a dialog's popover, or the asking task cancelled.
    /// - Throws: ``NavigationError/Code/invalidAlert`` for content that cannot be shown;
    ///   ``NavigationError/Code/cannotShow`` when the host shows no questions.
    public func ask(_ content: AlertContent) async throws -> String? {
        try await host.ask(content)
    }
}
