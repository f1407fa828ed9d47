/// What a navigator does with what containers report on the queue it shares with them.
@MainActor
protocol HierarchyWatching: AnyObject {
    /// Whether it wants to hear of changes now: a navigator does not while its own steps
    /// run, whose changes are its requests' business.
    var watchesChanges: Bool { get }
    /// A container changed on its own.
    func hierarchyChanged(_ change: HierarchyChange)
    /// A change a container refused (a page pushed twice, say).
    func changeRefused(_ error: NavigationError, by source: NavigationSource)
    /// The person's `gesture` queued an attempt to leave a page.
    func personQueuedLeave(by gesture: LeaveGesture)
    /// What a page leaving by `gesture` is asked, with the paths before and after.
    func leaveRequest(for page: any Page, by gesture: LeaveGesture) -> LeaveRequest
}

/// A weak hold on a watcher.
@MainActor
struct WeakWatcher {
    weak var watcher: (any HierarchyWatching)?
}

/// The time-out of a page's answer to the person's gesture, set once the task that asks
/// exists, and cancelled by that task when the answer comes; and whether it came.
@MainActor
final class AnswerTimer {
    var timer: (any TransitionTimer)?
    var answered = false
}

/// A weak hold on a page waiting to leave.
@MainActor
struct WeakPage {
    weak var page: (any Page)?
}

/// The person's attempt to leave a page, queued or asking.
@MainActor
struct PendingLeave {
    let ticket: TransitionTicket
    let page: WeakPage
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
    ///
    /// The change is made only when a navigator listens: not while the navigator's own
    /// steps run, which make most changes, so that describing them costs nothing then.
    /// - Parameter change: What changed.
    public func reportChange(_ change: @autoclosure () -> HierarchyChange) {
        var made: HierarchyChange?
        let watchers = self.watchers  // A watcher may add another as it hears this one.
        for index in watchers.indices {
            guard let watcher = watchers[index].watcher, watcher.watchesChanges else { continue }
            if made == nil { made = change() }
            if let made { watcher.hierarchyChanged(made) }
        }
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
    package func leavePolicy(for page: any Page, by gesture: LeaveGesture) -> LeavePolicy {
        (page as? any LeaveConfirming)?.leavePolicy(for: gesture) ?? .allow
    }

    /// What happens at once when the person starts a gesture that removes all of `pages`
    /// (a sheet swiped down takes the stack it holds, with every page in it): the
    /// strictest of their policies. One page that refuses refuses the gesture; otherwise
    /// one that confirms holds it; otherwise it proceeds.
    /// - Parameters:
    ///   - pages: Every page the gesture would remove.
    ///   - gesture: The gesture.
    /// - Returns: The policy.
    /// - Complexity: O(*n*) in the number of pages.
    public func leavePolicy(for pages: [any Page], by gesture: LeaveGesture) -> LeavePolicy {
        var strictest = LeavePolicy.allow
        for page in pages {
            switch leavePolicy(for: page, by: gesture) {
            case .refuse: return .refuse
            case .confirm: strictest = .confirm
            case .allow: break
            }
        }
        return strictest
    }

    /// Tells the containers sharing this queue that `page`'s leave policy may have changed
    /// (``Navigator/leavePolicyChanged(of:)``, which pages call).
    /// - Parameter page: The page whose policy changed.
    package func leavePolicyChanged(of page: any Page) {
        guard !leavePolicyObservers.isEmpty else { return }
        leavePolicyObservers.send(PageReference(live: page))
    }

    /// Calls `handler` each time a page's leave policy is said to have changed
    /// (``leavePolicyChanged(of:)``), until the token is cancelled or freed: what a
    /// container that sets gestures up in advance subscribes to.
    /// - Parameter handler: Receives the page, held weakly by the reference.
    /// - Returns: The token that keeps the observation.
    package func observeLeavePolicies(_ handler: @escaping @MainActor (PageReference) -> Void) -> ObservationToken {
        leavePolicyObservers.add(handler)
    }

    /// Asks every page of `pages` that confirms leaving whether the person may remove
    /// them all by `gesture`, one at a time from the last (the page on top) to the first,
    /// until one refuses. Each is told the path before the gesture and the path once the
    /// first page, the outermost, is gone. The stock containers' queued leave asks through
    /// it, with the queue held.
    /// - Parameters:
    ///   - pages: Every page the gesture would remove, the outermost first.
    ///   - gesture: The gesture.
    /// - Returns: Whether they may all leave.
    func confirmLeaving(_ pages: [any Page], by gesture: LeaveGesture) async -> Bool {
        let confirming = pages.reversed().compactMap { $0 as? any LeaveConfirming }
        guard let outermost = pages.first, !confirming.isEmpty else { return true }
        let request = liveWatchers().first?.leaveRequest(for: outermost, by: gesture)
            ?? LeaveRequest(from: PagePath([]), to: PagePath([]), gesture: gesture)
        for page in confirming where !(await page.canLeave(request)) {
            return false
        }
        return true
    }

    /// Queues the person's attempt to leave `page` by `gesture`, for a gesture the
    /// platform lets PageKit carry out (a back button, a held swipe or swipe-down).
    /// The same as `enqueueLeave(of: [page], by: gesture, animated: animated, leave: leave)`.
    /// - Parameters:
    ///   - page: The page the gesture would remove; held weakly while it waits.
    ///   - gesture: The gesture.
    ///   - animated: Whether `leave` animates, for its time-out.
    ///   - leave: Removes the page and finishes the completion when the transition ends.
    /// - Returns: The ticket: success once the page has left.
    @discardableResult
    package func enqueueLeave(
        of page: any Page,
        by gesture: LeaveGesture,
        animated: Bool = true,
        leave: @escaping @MainActor (TransitionCompletion) -> Void
    ) -> TransitionTicket {
        enqueueLeave(of: [page], by: gesture, animated: animated, leave: leave)
    }

    /// Queues the person's attempt to remove `pages` by `gesture`, for a gesture the
    /// platform lets PageKit carry out (a back button, a held swipe or swipe-down, a tab
    /// tapped again).
    ///
    /// At its turn the strictest policy of the pages still alive decides
    /// (`leavePolicy(for:by:)` of them all): ``LeavePolicy/allow`` runs `leave`
    /// (the container's pop or dismiss) at once; ``LeavePolicy/refuse`` fails the ticket
    /// with ``NavigationError/Code/refused``; ``LeavePolicy/confirm`` asks every page that
    /// confirms leaving, then runs `leave` or fails; when their answers take longer than
    /// ``Timeouts-swift.struct/answer`` in all, the ticket fails with
    /// ``NavigationError/Code/answerTimedOut``.
    ///
    /// One attempt waits per page: while an attempt to remove the outermost page is
    /// queued or asking, a second one (the back button tapped twice) returns the first
    /// one's ticket instead of queuing another leave.
    /// - Parameters:
    ///   - pages: Every page the gesture would remove, the outermost first (the page whose
    ///     removal the leave request's paths describe); held weakly while they wait.
    ///   - gesture: The gesture.
    ///   - animated: Whether `leave` animates, for its time-out.
    ///   - leave: Removes the pages and finishes the completion when the transition ends.
    /// - Returns: The ticket: success once the pages have left.
    @discardableResult
    package func enqueueLeave(
        of pages: [any Page],
        by gesture: LeaveGesture,
        animated: Bool = true,
        leave: @escaping @MainActor (TransitionCompletion) -> Void
    ) -> TransitionTicket {
        personQueuedLeave(by: gesture)
        let name = pages.first?.pageDescription ?? "nothing"
        let key = pages.first.map(ObjectIdentifier.init)
        if let key, let pending = pendingLeaves[key], !pending.ticket.isResolved, pending.page.page === pages.first {
            return pending.ticket
        }
        let label = "\(gesture) from \(name)"
        let weakPages = pages.map { WeakPage(page: $0) }
        let ticket = enqueue(label, animated: animated) { [weak self] valve in
            guard let self, weakPages.first?.page != nil else {
                valve.fail(NavigationError(.staleHierarchy, component: name, reason: "`\(name)` is gone"))
                return .wait
            }
            let pages = weakPages.compactMap(\.page)
            let refused = NavigationError(.refused, component: name, reason: "`\(name)` refused to leave by \(gesture)")
            switch leavePolicy(for: pages, by: gesture) {
            case .allow:
                leave(valve.completion(for: label))
            case .refuse:
                valve.fail(refused)
            case .confirm:
                valve.suspendTimeout()
                // One task asks and acts on the answer: a second task awaiting the first one's
                // `value` added a second trip through the global executor (the answer itself
                // makes one, as every resumed continuation does), and under load the answer
                // waited there while time ran on.
                let timer = AnswerTimer()
                let asking = Task { @MainActor in
                    let allowed = await self.confirmLeaving(pages, by: gesture)
                    timer.timer?.cancel()
                    timer.answered = true
                    // Cancelled or timed out meanwhile: the leave has ended; the answer is late.
                    guard valve.isActive else { return }
                    guard allowed else { return valve.fail(refused) }
                    valve.restartTimeout(animated: animated)
                    leave(valve.completion(for: label))
                }
                // Once the answer is no longer awaited (cancelled, or timed out), the leave
                // ends at once, letting go of the queue, and the asking is cancelled, so that
                // the page can take its question off the screen; an answer that comes later
                // moves nothing. Once answered, the leave's transition runs, and ends as any
                // transition does: never cut short. The task starts after this returns, so
                // the timer is set before it can end.
                valve.onCancellation {
                    guard !timer.answered else { return }
                    asking.cancel()
                    valve.fail(NavigationError(.cancelled, component: name,
                                               reason: "`\(label)` was cancelled while `\(name)` was asked"))
                }
                timer.timer = timeouts.answer.map { limit in
                    clock.schedule(after: limit) {
                        asking.cancel()
                        valve.fail(NavigationError(.answerTimedOut, component: name,
                                                   reason: "`\(name)` was asked whether it may leave by \(gesture), and no "
                                                       + "answer came within \(limit)"))
                    }
                }
            }
            return .wait
        }
        if let key, !ticket.isResolved {
            pendingLeaves[key] = PendingLeave(ticket: ticket, page: weakPages[0])
            ticket.onResolve { [weak self, weak ticket] _ in
                guard let self, self.pendingLeaves[key]?.ticket === ticket else { return }
                self.pendingLeaves[key] = nil
            }
        }
        return ticket
    }

    /// Tells the navigators that the person's `gesture` queued an attempt to leave a page
    /// (through ``enqueueLeave(of:by:animated:leave:)``, or a container's own queued pop of
    /// what is not a page): a request still loading is superseded, as by a newer request.
    package func personQueuedLeave(by gesture: LeaveGesture) {
        for watcher in liveWatchers() { watcher.personQueuedLeave(by: gesture) }
    }

    /// Adds a navigator to tell of reported changes, once; held weakly.
    func addWatcher(_ watcher: any HierarchyWatching) {
        watchers.removeAll { $0.watcher == nil }
        guard !watchers.contains(where: { $0.watcher === watcher }) else { return }
        watchers.append(WeakWatcher(watcher: watcher))
    }

    private func liveWatchers() -> [any HierarchyWatching] {
        watchers.compactMap(\.watcher)
    }
}
