//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

public import PageKit

// What the person does to a SwiftUI navigation stack, as the view reports it, and the back
// button PageKit gives pages that confirm leaving.
extension PageStackModel {
    /// SwiftUI changed the path binding: the person's back button or swipe shrank it, or a
    /// `NavigationLink(value:)` the person tapped grew it.
    ///
    /// A shorter path that keeps the bottom of the old one is the person's pop, reported
    /// as ``/PageKit/HierarchyChange`` `.popped` by `.user`. A longer one that keeps the old
    /// path is the person's push, `.pushed` by `.user`; anything else replaces the pages
    /// above the root, as the app's change. Entries are compared by serial, and entries
    /// whose page is gone are dropped. A push that is refused (a page already in the
    /// stack) changes nothing, and the view is told on the next turn to show the model's
    /// path again: an update sent from inside the binding's setter is one SwiftUI may drop.
    ///
    /// While the stack is on screen, a push (or replacement) holds an idle queue until
    /// the page then on top has appeared (``pageDidAppear(_:)``), for at most an animated
    /// transition's time-out: an operation asked for meanwhile waits, rather than write
    /// the path while SwiftUI still animates the push.
    /// - Parameter newPath: The path SwiftUI set.
    /// - Complexity: O(*n*) in the length of the paths.
    public func pathChanged(to newPath: [PageEntry]) {
        guard let root = pages.first else { return }
        let bound = path
        guard newPath != bound else { return }
        // Levels a pop still showed one per animation are not the stack's pages: what
        // SwiftUI removed of them is gone, the rest stays on screen for now.
        let leavingSerials = self.leavingSerials
        let written = leavingSerials.isEmpty ? newPath : newPath.filter { !leavingSerials.contains($0.id) }
        let stillLeaving = Set(newPath.lazy.map(\.id))
        keepLeaving { stillLeaving.contains($0) }
        let current = serials.dropFirst()
        let common = zip(written, current).prefix { $0.id == $1 }.count
        if common == written.count, written.count == current.count {
            pagesChangedOutsideTransition()
            return observers.send(animated: true)
        }
        if common == written.count {
            let popped = Array(pages[(common + 1)...])
            removeLevels(above: common)
            transitionQueue.reportChange(HierarchyChange(.popped, by: .user, in: self, pages: popped))
        } else {
            let keepsAll = common == current.count
            let addedEntries = written[(keepsAll ? common : 0)...].filter { $0.page != nil }
            let added = addedEntries.compactMap(\.page)
            let kept = keepsAll ? Array(pages) : [root]
            if let refusal = StackRules.refusalToPush(added, onto: kept, stack: self) {
                transitionQueue.reportRefusal(refusal, by: .app)
                return correctPathNextTurn()
            }
            let keptSerials = keepsAll ? serials : [serials[0]]
            replace(with: kept + added, serials: keptSerials + addedEntries.map(\.id))
            if keepsAll {
                transitionQueue.reportChange(HierarchyChange(.pushed, by: .user, in: self, pages: added))
            } else {
                transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: pages))
            }
            pushedOutsideTransition()
        }
        pagesChangedOutsideTransition()
        leavePoliciesChanged()
        swipeMayHaveEnded()
        observers.send(animated: true)
    }

    /// The person's swipe back began (the interactive pop gesture's target, on the
    /// hosting controller's navigation controller), or the person tapped the system back
    /// button (the page's hosting controller leaves its navigation controller with no
    /// gesture, and SwiftUI writes the shorter path only once the pop has animated):
    /// the pop holds the queue until it has ended, so an operation asked for meanwhile
    /// (the app's push) waits and then runs on the stack as the pop left it, rather than
    /// writing the path mid-animation. SwiftUI cannot be told to refuse the gesture: one
    /// that begins while a transition runs (PageKit's, in a split view's other column)
    /// holds the queue from that transition's end, ahead of the operations waiting, and
    /// one in another column holds it together with the first. A change that reaches this
    /// stack meanwhile (a request that waited for its guard) is made once the pop is over.
    /// The pop is reported when SwiftUI writes it.
    public func swipeBackBegan() {
        beginSwipe()
    }

    /// The transition coordinator of the person's swipe back (or back tap) completed: `cancelled` when
    /// the finger went back, and then the stack is as it was and the queue is let go.
    /// Finished, the queue is let go once SwiftUI has also written the shorter path
    /// (``pathChanged(to:)``), whichever of the two comes first, or after the queue's
    /// animated time-out if no write ever comes.
    /// - Parameter cancelled: Whether the swipe was cancelled.
    public func swipeBackEnded(cancelled: Bool) {
        endSwipe(cancelled: cancelled)
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

    /// The person picks a page in the history of PageKit's back button (its long press):
    /// every page above it leaves through the queue, as their leave policies for
    /// ``/PageKit/LeaveGesture/backButton`` allow (each that confirms is asked first).
    /// - Parameter entry: A history item's entry: a page below the top.
    /// - Returns: ``/PageKit/LeaveAttempt/leaving(_:)`` with the queued pop, or
    ///   ``/PageKit/LeaveAttempt/refused`` when a page above refuses at once.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when the entry's page is
    ///   not below the top of the stack.
    @discardableResult
    public func userGoesBack(to entry: PageEntry) throws -> LeaveAttempt {
        guard let index = index(ofSerial: entry.id), index < pages.count - 1 else {
            throw NavigationError(.staleHierarchy, component: entry.page?.pageName ?? pageName,
                                  reason: "the page to go back to is not below the top of `\(pageDescription)`")
        }
        let target = pages[index]
        let leaving = Array(pages[(index + 1)...])
        if transitionQueue.leavePolicy(for: leaving, by: .backButton) == .refuse { return .refused }
        return .leaving(transitionQueue.enqueueLeave(of: leaving, by: .backButton) { [weak self, weak target] completion in
            guard let self, let target, self.index(of: target) != nil else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page to go back to is gone"))
            }
            self.pop(to: target, animated: true, by: .user, completion: completion)
        })
    }

    /// Whether the view hides the system back button of `page` and shows PageKit's
    /// instead (``chrome(of:)``'s back button): when the page's leave policy for the back
    /// button or the swipe back is not ``/PageKit/LeavePolicy/allow``.
    /// - Parameter page: A page of the stack.
    /// - Returns: `false` for the root, which has no back button, and for pages that
    ///   allow both gestures.
    public func replacesBackButton(of page: any Page) -> Bool {
        chrome(of: page).backButton != nil
    }
}
