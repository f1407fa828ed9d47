public import PageKit

// What the person does to SwiftUI's sheets, as the view reports it, and how a sheet whose
// page confirms leaving is closed.
extension PageHostModel {
    /// SwiftUI dismissed `page` itself, setting its presentation binding to `nil`: the
    /// person swiped the sheet down. It is reported as the person's dismissal
    /// (``/PageKit/HierarchyChange`` `.dismissed` by `.user`), with what was presented
    /// above it. SwiftUI's `dismiss` action, called from the page's own view, comes here
    /// too and is reported the same way: SwiftUI gives the same signal for both.
    ///
    /// Nothing happens if `page` is no longer presented (the model dismissed it first).
    /// - Parameter page: The page the binding showed.
    public func personDismissed(_ page: any Page) {
        guard let level = presenter(of: page) else { return }
        removePresentations(from: level)
        queue.reportChange(HierarchyChange(.dismissed, by: .user, in: level, pages: [page]))
        observers.send(animated: true)
    }

    /// Whether the person may swipe `page`'s sheet down: its leave policy for
    /// ``/PageKit/LeaveGesture/swipeDown`` is ``/PageKit/LeavePolicy/allow``. The view sets
    /// `interactiveDismissDisabled` when it is not; such a sheet closes through a button
    /// that calls ``userDismisses(_:)``.
    /// - Parameter page: A presented page.
    /// - Returns: Whether the swipe is allowed.
    public func allowsSwipeDown(of page: any Page) -> Bool {
        queue.leavePolicy(for: page, by: .swipeDown) == .allow
    }

    /// The person taps a button that closes the presented `page` (a Cancel or Close button
    /// of its own): it is dismissed through the queue, with what is presented above it, as
    /// its ``/PageKit/LeaveConfirming/leavePolicy(for:)`` for
    /// ``/PageKit/LeaveGesture/swipeDown`` allows (asked first when it says so). The
    /// dismissal is reported as the person's.
    ///
    /// This is how a sheet that confirms leaving is closed: iOS 16 gives no signal when
    /// the person tries to swipe down a sheet whose swipe is disabled.
    ///
    /// ```swift
    /// Button("Cancel") { try? host.userDismisses(page) }
    /// ```
    /// - Parameter page: A presented page.
    /// - Returns: ``/PageKit/LeaveAttempt/leaving(_:)`` with the queued dismissal, or
    ///   ``/PageKit/LeaveAttempt/refused`` when the page refuses at once.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when `page` is not
    ///   presented.
    @discardableResult
    public func userDismisses(_ page: any Page) throws -> LeaveAttempt {
        guard presenter(of: page) != nil else {
            throw NavigationError(.staleHierarchy, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is not presented")
        }
        if queue.leavePolicy(for: page, by: .swipeDown) == .refuse { return .refused }
        return .leaving(queue.enqueueLeave(of: page, by: .swipeDown) { [weak self, weak page] completion in
            guard let self, let page, let level = self.presenter(of: page) else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page is no longer presented"))
            }
            self.dismissPage(presentedBy: level, animated: true, by: .user, completion: completion)
        })
    }
}
