public import PageKit

// What the person does to a SwiftUI navigation stack, as the view reports it, and the back
// button PageKit gives pages that confirm leaving.
extension PageStackModel {
    /// SwiftUI changed the path binding: the person's back button or swipe shrank it, or a
    /// `NavigationLink(value:)` of the app's grew it.
    ///
    /// A shorter path that keeps the bottom of the old one is the person's pop, reported
    /// as ``/PageKit/HierarchyChange`` `.popped` by `.user`. A longer one that keeps the old
    /// path is the app's push (refused, and the path restored, if a page is already in the
    /// stack); anything else replaces the pages above the root, as the app's change.
    /// Entries whose page is gone are dropped.
    /// - Parameter newPath: The path SwiftUI set.
    /// - Complexity: O(*n*) in the length of the paths.
    public func pathChanged(to newPath: [PageEntry]) {
        guard let root = pages.first else { return }
        let current = Array(pages.dropFirst())
        let common = zip(newPath, current).prefix { $0.id == ObjectIdentifier($1) }.count
        if common == newPath.count, newPath.count == current.count { return }
        if common == newPath.count {
            let popped = Array(current[common...])
            replacePages([root] + current[..<common])
            forgetStyles(of: popped)
            transitionQueue.reportChange(HierarchyChange(.popped, by: .user, in: self, pages: popped))
        } else {
            let kept = common == current.count ? current : []
            let added = newPath[common == current.count ? common... : 0...].compactMap(\.page)
            if let refusal = StackRules.refusalToPush(added, onto: [root] + kept, stack: self) {
                transitionQueue.reportRefusal(refusal, by: .app)
                // The view shows the path it set: tell it to show the model's again.
                return observers.send(animated: true)
            }
            replacePages([root] + kept + added)
            if common == current.count {
                transitionQueue.reportChange(HierarchyChange(.pushed, by: .app, in: self, pages: added))
            } else {
                forgetStyles(of: current)
                transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: pages))
            }
        }
        pagesChangedOutsideTransition()
        observers.send(animated: true)
    }

    /// The person taps the back button PageKit gives a page that confirms leaving: the top
    /// page leaves through the queue, as its ``/PageKit/LeaveConfirming/leavePolicy(for:)``
    /// for ``/PageKit/LeaveGesture/backButton`` allows (asked first when it says so).
    /// - Returns: ``/PageKit/LeaveAttempt/leaving(_:)`` with the queued pop, or
    ///   ``/PageKit/LeaveAttempt/refused`` when the page refuses at once.
    /// - Throws: ``/PageKit/NavigationError/Code/outOfRange`` when only the root is left.
    @discardableResult
    public func userTapsBack() throws -> LeaveAttempt {
        guard pages.count > 1, let top = pages.last else {
            throw NavigationError(.outOfRange, component: pageName, reason: "there is no page to go back to")
        }
        if transitionQueue.leavePolicy(for: top, by: .backButton) == .refuse { return .refused }
        return .leaving(transitionQueue.enqueueLeave(of: top, by: .backButton) { [weak self, weak top] completion in
            guard let self, let top, let index = self.index(of: top), index > 0 else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page to leave is no longer on top"))
            }
            self.pop(to: self.pages[index - 1], animated: true, by: .user, completion: completion)
        })
    }

    /// Whether the view hides the system back button of `page` and shows PageKit's
    /// instead (whose tap is ``userTapsBack()``): when the page's leave policy for the back
    /// button or the swipe back is not ``/PageKit/LeavePolicy/allow``. Hiding the system
    /// button also turns off the swipe back on iOS 16, so the page keeps its say.
    /// - Parameter page: A page of the stack.
    /// - Returns: `false` for the root, which has no back button, and for pages that
    ///   allow both gestures.
    public func replacesBackButton(of page: any Page) -> Bool {
        guard let root = pages.first, root !== page else { return false }
        return transitionQueue.leavePolicy(for: page, by: .backButton) != .allow
            || transitionQueue.leavePolicy(for: page, by: .swipeBack) != .allow
    }
}
