// The changes a navigator did not make: reported by containers on its queue, or noticed
// when the hierarchy is found other than the history's last entry.
extension Navigator: HierarchyWatching {
    var watchesChanges: Bool { stepsInProgress == 0 }

    func hierarchyChanged(_ change: HierarchyChange) {
        // Its own steps are its requests' business: announced and recorded by them.
        guard stepsInProgress == 0 else { return }
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
        history.record(after)
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
    /// Tells the containers on this navigator's queue that `page`'s leave policy may have
    /// changed, so the gestures they set up in advance follow it (see
    /// ``TransitionQueue/leavePolicyChanged(of:)``).
    /// - Parameter page: The page whose ``LeaveConfirming/leavePolicy(for:)`` changed.
    public func leavePolicyChanged(of page: any Page) {
        queue.leavePolicyChanged(of: page)
    }
}
