public import PageKit

// What the person does to SwiftUI's sheets, as the view reports it, and how a sheet whose
// pages confirm leaving is closed.
extension PageHostModel {
    /// SwiftUI wrote the `sheet(item:)` (`fullScreen` false) or `fullScreenCover(item:)`
    /// (`fullScreen` true) binding of `level`: it only ever clears it, when it dismissed
    /// the presented page itself (the person's swipe down, or SwiftUI's `dismiss` action),
    /// and then the page is gone (``personDismissed(_:)``). Any other write changes
    /// nothing.
    /// - Parameters:
    ///   - presentation: The value SwiftUI set.
    ///   - level: The level whose view carries the binding.
    ///   - fullScreen: Which of the two bindings.
    public func presentationChanged(to presentation: PagePresentation?, over level: any Page, fullScreen: Bool) {
        guard presentation == nil, let current = self.presentation(over: level, fullScreen: fullScreen),
              let page = current.page else { return }
        personDismissed(page)
    }

    /// SwiftUI dismissed `page` itself, setting its presentation binding to `nil`: the
    /// person swiped the sheet down. It is reported as the person's dismissal
    /// (``/PageKit/HierarchyChange`` `.dismissed` by `.user`), with what was presented
    /// above it. SwiftUI's `dismiss` action, called from the page's own view, comes here
    /// too and is reported the same way: SwiftUI gives the same signal for both.
    ///
    /// Nothing happens if `page` is no longer presented (the model dismissed it first).
    /// - Parameter page: The page the binding showed.
    public func personDismissed(_ page: any Page) {
        swipeDownWritten(page)
        guard let level = presenter(of: page) else { return }
        removePresentations(from: level)
        queue.reportChange(HierarchyChange(.dismissed, by: .user, in: level, pages: [page]))
        observers.send(animated: true)
    }

    // MARK: The person's swipe down

    /// The person's swipe down of the sheet of a page, holding the queue.
    struct SwipeDown {
        let page: ObjectIdentifier
        var hold: PersonHold
    }

    /// The person began to swipe the sheet of `page` down: its hosting controller's
    /// `viewWillDisappear`, as the root being dismissed, with an interactive transition.
    /// SwiftUI itself says nothing until it writes the binding at the very end (SSH-2),
    /// so the queue, if idle, waits from here until the sheet is back in place
    /// (``personSwipeDownEnded(_:cancelled:)``) or gone (``personDismissed(_:)``): a
    /// request made meanwhile neither dismisses nor presents over a sheet in the
    /// person's hands, which UIKit refuses while the dismissal runs.
    /// - Parameter page: The presented page whose sheet the finger holds.
    public func personSwipeDownBegan(_ page: any Page) {
        guard swipeDown == nil, presenter(of: page) != nil, queue.isIdle else { return }
        // The queue goes busy for this drag: the views are not told to read the policies
        // again, so the sheet under the finger stays swipeable (it is until the hold ends).
        queueIsBusyForOwnDrag()
        guard let interaction = queue.beginInteraction("swipe down of \(page.pageDescription)") else { return }
        swipeDown = SwipeDown(page: ObjectIdentifier(page), hold: PersonHold(interaction))
    }

    /// The person's swipe down of the sheet of `page` ended: `cancelled`, the sheet is
    /// back in place and the queue goes on the turn after; carried through, the queue
    /// waits for SwiftUI's write of the binding (``personDismissed(_:)``), which may come
    /// up to about a second later, for at most an animated transition's time-out.
    /// - Parameters:
    ///   - page: The presented page.
    ///   - cancelled: Whether the finger let go before the point of no return.
    public func personSwipeDownEnded(_ page: any Page, cancelled: Bool) {
        guard swipeDown?.page == ObjectIdentifier(page) else { return }
        releaseSwipeDown(after: cancelled ? .zero : queue.timeouts.animated)
    }

    /// SwiftUI wrote the binding of `page`'s sheet: a swipe down holding the queue lets it
    /// go on the turn after, outside the binding's setter.
    private func swipeDownWritten(_ page: any Page) {
        guard swipeDown?.page == ObjectIdentifier(page) else { return }
        releaseSwipeDown(after: .zero)
    }

    /// Lets go of the swipe's hold after `delay`, in place of any earlier time.
    private func releaseSwipeDown(after delay: Duration) {
        swipeDown?.hold.release(after: delay, on: queue.clock) { [weak self] in self?.releaseSwipeDown() }
    }

    private func releaseSwipeDown() {
        guard let swipe = swipeDown else { return }
        swipeDown = nil
        swipe.hold.end()
    }

    /// SwiftUI wrote the `isPresented` binding of the alert or confirmation dialog it
    /// drew for `alert`: `false` means the platform took it away (a button was tapped, or
    /// the person tapped outside a dialog's popover), reported as the person's dismissal.
    /// The button's action, if one was tapped, follows with ``userChooses(_:in:)``. A
    /// write for an alert that is no longer presented (one a newer alert replaced) does
    /// nothing, so it never takes away the alert shown now. For a question (``ask(_:)``),
    /// a write with no button's action after it in the same turn answers `nil`.
    /// - Parameters:
    ///   - isPresented: The value written.
    ///   - alert: The alert the binding was drawn for.
    public func alertPresentationChanged(isPresented: Bool, of alert: AlertPage) {
        guard !isPresented else { return }
        if let question = question(for: alert) { return questionTakenAway(question) }
        guard presenter(of: alert) != nil else { return }
        personDismissed(alert)
    }

    /// The person tapped the button `id` of `alert`. As the platforms do, the alert is
    /// taken away first (reported as the person's dismissal, if that was not reported
    /// yet), and then answers (``/PageKit/AlertPage/choose(_:)``).
    /// - Parameters:
    ///   - id: The button's ``/PageKit/AlertButton/id``.
    ///   - alert: The alert.
    /// - Returns: What became of the answer: ``/PageKit/ResponseDelivery/awaited`` for a
    ///   question (``ask(_:)``), whose asker receives it.
    /// - Throws: ``/PageKit/NavigationError/Code/invalidAlert`` when the alert has no
    ///   such button or has answered already; nothing is dismissed then.
    @discardableResult
    public func userChooses(_ id: String, in alert: AlertPage) throws -> ResponseDelivery {
        if let question = question(for: alert) {
            try answer(question, with: id)
            return .awaited
        }
        takeAway(alert, answering: id)
        return try alert.choose(id)
    }

    /// The view's action for the button `id` of `alert`: ``userChooses(_:in:)``, with a
    /// failure (a second answer) reported on the queue as a refused change, not lost.
    /// - Parameters:
    ///   - id: The button's ``/PageKit/AlertButton/id``.
    ///   - alert: The alert.
    public func alertButtonTapped(_ id: String, in alert: AlertPage) {
        if question(for: alert) != nil {
            do {
                try userChooses(id, in: alert)
            } catch {
                queue.reportRefusal(error as? NavigationError ?? NavigationError(.invalidAlert, reason: "\(error)"), by: .user)
            }
            return
        }
        takeAway(alert, answering: id)
        alert.answer(id, reportingFailureOn: queue)
    }

    /// As a platform does before it runs a button's action: takes `alert` away, unless
    /// it is gone already or `id` would not answer it.
    private func takeAway(_ alert: AlertPage, answering id: String) {
        guard alert.canChoose(id), presenter(of: alert) != nil else { return }
        personDismissed(alert)
    }

    /// Whether the person may swipe down the sheet that holds `page`: the queue is idle (a
    /// transition's next step may present from the sheet or into it, and UIKit's host
    /// refuses the swipe then too), or holds only this sheet's own drag; and the leave
    /// policy for ``/PageKit/LeaveGesture/swipeDown`` of every page the swipe would
    /// remove (the presented page, every page of a `!/` sheet's stack, and what is
    /// presented above them) is ``/PageKit/LeavePolicy/allow``. The view sets
    /// `interactiveDismissDisabled` when it is not, and reads it again as the queue starts
    /// and stops; a sheet whose pages refuse closes through a button that calls
    /// ``userDismisses(_:)``.
    /// - Parameter page: A presented page, or a page inside one.
    /// - Returns: Whether the swipe is allowed; `true` for a page that is not presented.
    /// - Complexity: O(*n*) in the number of pages the swipe would remove.
    public func allowsSwipeDown(of page: any Page) -> Bool {
        guard let level = presentedLevel(holding: page) else { return true }
        guard queue.isIdle || swipeDown?.page == ObjectIdentifier(level) else { return false }
        return queue.leavePolicy(for: removed(with: level), by: .swipeDown) == .allow
    }

    /// The person taps a button that closes the sheet holding `page` (a Cancel or Close
    /// button of its own): the sheet is dismissed through the queue, with what is
    /// presented above it, as the leave policies for ``/PageKit/LeaveGesture/swipeDown``
    /// of every page it removes allow (each that confirms is asked first, the page on top
    /// first). The dismissal is reported as the person's.
    ///
    /// This is how a sheet that confirms leaving is closed, whether `!` presented the page
    /// or `!/` presented a stack holding it: iOS 16 gives no signal when the person tries
    /// to swipe down a sheet whose swipe is disabled.
    ///
    /// ```swift
    /// Button("Cancel") { try? host.userDismisses(page) }
    /// ```
    /// - Parameter page: A presented page, or any page inside one (a page of a `!/`
    ///   sheet's stack).
    /// - Returns: ``/PageKit/LeaveAttempt/leaving(_:)`` with the queued dismissal, or
    ///   ``/PageKit/LeaveAttempt/refused`` when a page refuses at once.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when `page` is not in a
    ///   presented level.
    @discardableResult
    public func userDismisses(_ page: any Page) throws -> LeaveAttempt {
        guard let level = presentedLevel(holding: page) else {
            throw NavigationError(.staleHierarchy, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is not presented, nor in a presented page")
        }
        let removed = removed(with: level)
        if queue.leavePolicy(for: removed, by: .swipeDown) == .refuse { return .refused }
        return .leaving(queue.enqueueLeave(of: removed, by: .swipeDown) { [weak self, weak level] completion in
            guard let self, let level, let presenter = self.presenter(of: level) else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the sheet is no longer presented"))
            }
            self.dismissPage(presentedBy: presenter, animated: true, by: .user, completion: completion)
        })
    }

    /// Every page that dismissing the presented `level` removes, `level` first.
    private func removed(with level: any Page) -> [any Page] {
        PresentationLevels.removed(with: level, presentedPage: presentedPage(of:))
    }
}
