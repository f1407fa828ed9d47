/// What a navigator does with what containers report on the queue it shares with them.
@MainActor
protocol HierarchyWatching: AnyObject {
    /// A container changed on its own.
    func hierarchyChanged(_ change: HierarchyChange)
    /// A change a container refused (a page pushed twice, say).
    func changeRefused(_ error: NavigationError, by source: NavigationSource)
    /// What a page leaving by `gesture` is asked, with the paths before and after.
    func leaveRequest(for page: any Page, by gesture: LeaveGesture) -> LeaveRequest
}

/// A weak hold on a watcher.
@MainActor
struct WeakWatcher {
    weak var watcher: (any HierarchyWatching)?
}

extension TransitionQueue {
    /// Tells the navigators that share this queue that a container changed the hierarchy
    /// on its own: the person's gesture, or the app's direct call. They announce it and
    /// record it in their history. A container calls it as the change takes effect.
    ///
    /// ```swift
    /// stack.removeLast()
    /// queue.reportChange(HierarchyChange(.popped, by: .user, in: stack, pages: [top]))
    /// ```
    /// - Parameter change: What changed.
    public func reportChange(_ change: HierarchyChange) {
        for watcher in liveWatchers() { watcher.hierarchyChanged(change) }
    }

    /// Tells the navigators that a container refused a change (a page that is already
    /// shown, pushed again): they announce the failure.
    package func reportRefusal(_ error: NavigationError, by source: NavigationSource) {
        for watcher in liveWatchers() { watcher.changeRefused(error, by: source) }
    }

    /// What happens at once when the person starts to leave `page` by `gesture`: its
    /// ``LeaveConfirming/leavePolicy(for:)``, or ``LeavePolicy/allow`` for a page that does
    /// not confirm leaving.
    /// - Parameters:
    ///   - page: The page the gesture would remove.
    ///   - gesture: The gesture.
    /// - Returns: The policy.
    public func leavePolicy(for page: any Page, by gesture: LeaveGesture) -> LeavePolicy {
        (page as? any LeaveConfirming)?.leavePolicy(for: gesture) ?? .allow
    }

    /// Asks `page` whether the person may remove it by `gesture`
    /// (``LeaveConfirming/canLeave(_:)``, with the paths before and after when a navigator
    /// shares the queue).
    /// - Parameters:
    ///   - page: The page the gesture would remove.
    ///   - gesture: The gesture.
    /// - Returns: Whether it may leave; `true` for a page that does not confirm leaving.
    public func confirmLeaving(_ page: any Page, by gesture: LeaveGesture) async -> Bool {
        guard let confirming = page as? any LeaveConfirming else { return true }
        let request = liveWatchers().first?.leaveRequest(for: page, by: gesture)
            ?? LeaveRequest(from: PagePath([]), to: PagePath([]), gesture: gesture)
        return await confirming.canLeave(request)
    }

    /// Queues the person's attempt to leave `page` by `gesture`, for a gesture the
    /// platform lets PageKit carry out (a back button, a held swipe or swipe-down).
    ///
    /// At its turn the page's ``leavePolicy(for:by:)`` decides: ``LeavePolicy/allow`` runs
    /// `leave` (the container's pop or dismiss) at once; ``LeavePolicy/refuse`` fails the
    /// ticket with ``NavigationError/Code/refused``; ``LeavePolicy/confirm`` asks the page,
    /// with no time-out while it answers, then runs `leave` or fails.
    /// - Parameters:
    ///   - page: The page the gesture would remove; held weakly while it waits.
    ///   - gesture: The gesture.
    ///   - animated: Whether `leave` animates, for its time-out.
    ///   - leave: Removes the page and finishes the completion when the transition ends.
    /// - Returns: The ticket: success once the page has left.
    @discardableResult
    public func enqueueLeave(
        of page: any Page,
        by gesture: LeaveGesture,
        animated: Bool = true,
        leave: @escaping @MainActor (TransitionCompletion) -> Void
    ) -> TransitionTicket {
        let name = page.pageDescription
        let label = "\(gesture) from \(name)"
        return enqueue(label, animated: animated) { [weak self, weak page] valve in
            guard let self, let page else {
                valve.fail(NavigationError(.staleHierarchy, component: name, reason: "`\(name)` is gone"))
                return .wait
            }
            let refused = NavigationError(.refused, component: name, reason: "`\(name)` refused to leave by \(gesture)")
            switch leavePolicy(for: page, by: gesture) {
            case .allow:
                leave(valve.completion(for: label))
            case .refuse:
                valve.fail(refused)
            case .confirm:
                valve.suspendTimeout()
                Task { @MainActor in
                    let allowed = await self.confirmLeaving(page, by: gesture)
                    guard valve.isActive else { return }
                    guard !valve.isCancellationRequested else {
                        return valve.fail(NavigationError(.cancelled, reason: "`\(label)` was cancelled while `\(name)` was asked"))
                    }
                    guard allowed else { return valve.fail(refused) }
                    valve.restartTimeout(animated: animated)
                    leave(valve.completion(for: label))
                }
            }
            return .wait
        }
    }

    /// Adds a navigator to tell of reported changes; held weakly.
    func addWatcher(_ watcher: any HierarchyWatching) {
        watchers.removeAll { $0.watcher == nil }
        watchers.append(WeakWatcher(watcher: watcher))
    }

    private func liveWatchers() -> [any HierarchyWatching] {
        watchers.compactMap(\.watcher)
    }
}
