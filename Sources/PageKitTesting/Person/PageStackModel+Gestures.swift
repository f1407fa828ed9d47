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
public import PageKitContainers

// The person's swipe back, acted out through what the SwiftUI view calls: the gesture's
// target reports the swipe (`swipeBackBegan()`, `swipeBackEnded(cancelled:)`), and
// SwiftUI writes the shorter path (`pathChanged(to:)`). The back button PageKit draws is
// the stack's own `userTapsBack()`.
extension PageStackModel {
    /// The person's finger starts a swipe back on the page on top, as `PageNavigationStack`
    /// reports it: the swipe holds the queue until it is finished or cancelled, and the
    /// stack does not change before it finishes.
    ///
    /// ```swift
    /// let swipe = try contact.beginSwipeBack()
    /// let push = contact.queued.push(detail)   // waits while the finger is down
    /// swipe.cancel()                           // the stack stays, and the push runs
    /// ```
    /// - Returns: The swipe in progress: finish or cancel it.
    /// - Throws: `NavigationError.Code.outOfRange` with only the root left;
    ///   `NavigationError.Code.refused` when the page on top does not allow the swipe back
    ///   or the back button, so that its view shows PageKit's back button, which turns the
    ///   system's swipe off (`chrome(of:)`); `NavigationError.Code.busy` while a
    ///   transition runs, when the system does not let the gesture begin.
    public func beginSwipeBack() throws -> BackSwipe {
        guard pages.count > 1, let top = pages.last, let entry = path.last(where: { $0.page === top }) else {
            throw NavigationError(.outOfRange, component: pageName, reason: "there is no page to swipe back to")
        }
        guard !replacesBackButton(of: top) else {
            throw NavigationError(.refused, component: top.pageDescription,
                                  reason: "`\(top.pageDescription)` shows PageKit's back button, which turns the swipe off")
        }
        guard transitionQueue.isIdle else {
            throw NavigationError(.busy, component: pageName, reason: "a transition is running, so the swipe cannot begin")
        }
        swipeBackBegan()
        return BackSwipe(stack: self, entry: entry)
    }

    /// The person swipes back: the swipe begins as ``beginSwipeBack()`` says, then
    /// finishes (the page on top is popped, reported as the person's) or is abandoned (the
    /// stack stays, and nothing is reported).
    /// - Parameter finishing: Whether the finger lifts past the point of no return.
    /// - Returns: `LeaveAttempt.left` or `LeaveAttempt.abandoned`;
    ///   `LeaveAttempt.refused` when the page on top turns the swipe off. A page that
    ///   confirms leaving is never asked: it is left through PageKit's back button.
    /// - Throws: `NavigationError.Code.outOfRange` with only the root left,
    ///   `NavigationError.Code.busy` while a transition runs.
    @discardableResult
    public func userSwipesBack(finishing: Bool = true) throws -> LeaveAttempt {
        let swipe: BackSwipe
        do {
            swipe = try beginSwipeBack()
        } catch let error as NavigationError where error.code == .refused {
            return .refused
        }
        guard finishing else {
            swipe.cancel()
            return .abandoned
        }
        swipe.finish()
        return .left
    }
}

/// The person's swipe back in progress on a `PageStackModel`
/// (``PageKitContainers/PageStackModel/beginSwipeBack()``): the finger lifts past the
/// point of no return (``finish()``), or early (``cancel()``).
@MainActor
public final class BackSwipe {
    private weak var stack: PageStackModel?
    /// The entry of the page being swiped away.
    private let entry: PageEntry
    /// Whether the finger has lifted.
    public private(set) var isEnded = false

    init(stack: PageStackModel, entry: PageEntry) {
        self.stack = stack
        self.entry = entry
    }

    /// The finger lifts past the point of no return: SwiftUI writes the path without the
    /// page, then the interactive pop's transition coordinator completes. The page is
    /// popped, reported as the person's, and the queue is let go.
    public func finish() {
        guard !isEnded else { return }
        isEnded = true
        guard let stack else { return }
        let path = stack.path
        if let index = path.firstIndex(of: entry) { stack.pathChanged(to: Array(path[..<index])) }
        stack.swipeBackEnded(cancelled: false)
    }

    /// The finger lifts early: the coordinator completes cancelled; the stack stays as it
    /// was, and the queue is let go.
    public func cancel() {
        guard !isEnded else { return }
        isEnded = true
        stack?.swipeBackEnded(cancelled: true)
    }
}
