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

package import PageKit

/// What a SwiftUI model's transition waits for from the screen before it ends.
///
/// `onAppear` runs before the first frame is drawn, so as the animation starts (SwiftUI's
/// documentation of `onAppear(perform:)`: its action "completes before the first rendered
/// frame appears"); it never ends a transition. A model ends one when the hosting
/// controller of the page then on top (or presented) reports `viewDidAppear`, or the
/// transition coordinator its completion, which UIKit sends once the animation is over
/// (`UIKit/UIViewController.h`: a presentation's completion runs after `viewDidAppear`);
/// a dismissal ends when the dismissed level's hosting controller reports
/// `viewDidDisappear` (the dismissal's completion runs after it, the same header says).
/// The transition queue's time-out is the safety net.
package struct ScreenWait: Sendable, Equatable, CustomStringConvertible {
    /// What ends the wait.
    package enum Kind: String, Sendable {
        /// The page has appeared: ``page`` is the page on top (or presented) once it has
        /// moved, and its hosting controller reported `viewDidAppear`.
        case appearance
        /// The presented ``page`` has gone: its level's hosting controller reported
        /// `viewDidDisappear`.
        case dismissal
    }

    /// Distinguishes this wait from earlier ones of the same model.
    package let id: UInt64
    /// What ends it.
    package let kind: Kind
    /// The kind of transition that waits, for logs.
    package let transition: ContainerTransition.Kind
    /// The page that must appear, or the presented page that must go; held weakly.
    package weak var page: (any Page)?

    package static func == (lhs: ScreenWait, rhs: ScreenWait) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.page === rhs.page
    }

    /// `appearance #3 after push`.
    package var description: String {
        "\(kind.rawValue) #\(id) after \(transition.rawValue)"
    }
}

/// The one transition a model waits on, and the wait that ends it. A class: ending a wait
/// finishes its transition, which may start the next one on the same model at once.
///
/// A wait begun while a queue operation runs belongs to that operation: if the queue
/// times the operation out, the wait is over and the model hears of it
/// (``timedOut``), so it can undo what it recorded for a transition the screen never
/// showed, before the queue's next operation starts.
@MainActor
final class PendingTransition {
    private(set) var wait: ScreenWait?
    private var completion: TransitionCompletion?
    private var lastID: UInt64 = 0
    private weak var queue: TransitionQueue?
    /// The label of the queue operation the wait belongs to, if any.
    private var operation: String?
    /// Held only while a wait that belongs to an operation is pending.
    private var observation: ObservationToken?
    private var nextTurn: (any TransitionTimer)?
    /// What the model does when the operation its wait belongs to times out.
    var timedOut: (@MainActor (ScreenWait) -> Void)?
    /// What the model does once a wait is over, however it ended.
    var ended: (@MainActor () -> Void)?

    init(queue: TransitionQueue) {
        self.queue = queue
    }

    /// Waits for `kind` of `page` before finishing `completion`; a wait still pending is
    /// over (its transition has already timed out, or been superseded by a direct call).
    func begin(_ kind: ScreenWait.Kind, of page: any Page, after transition: ContainerTransition.Kind,
               completion: TransitionCompletion) {
        end()
        lastID += 1
        wait = ScreenWait(id: lastID, kind: kind, transition: transition, page: page)
        self.completion = completion
        operation = queue?.runningLabel
        if operation != nil, observation == nil {
            observation = queue?.observe { [weak self] event in
                guard case .timedOut(let label, _) = event else { return }
                self?.operationTimedOut(label)
            }
        }
    }

    /// The awaited page is now `page` (the person moved the stack meanwhile, or a pop
    /// goes one more level).
    func retarget(to page: any Page) {
        wait?.page = page
    }

    /// The awaited transition goes on with another animation: its operation gets a fresh
    /// time-out.
    func continuesWithAnotherAnimation() {
        completion?.continuesWithAnotherAnimation()
    }

    /// Whether the wait is for `kind` of `page`.
    func awaits(_ kind: ScreenWait.Kind, of page: any Page) -> Bool {
        guard let wait, wait.kind == kind, let awaited = wait.page else { return false }
        return awaited === page
    }

    /// Ends the wait, finishing its transition.
    func end() {
        let completion = self.completion
        clear()
        completion?.finish()
    }

    /// Ends the wait on `clock`'s next turn, unless another wait has begun by then: for an
    /// end found inside a SwiftUI binding's setter, where the next operation must not
    /// start.
    func endNextTurn(on clock: any TransitionClock) {
        guard let id = wait?.id else { return }
        nextTurn?.cancel()
        nextTurn = clock.schedule(after: .zero) { [weak self] in
            guard let self, self.wait?.id == id else { return }
            self.end()
        }
    }

    private func clear() {
        nextTurn?.cancel()
        nextTurn = nil
        completion = nil
        let waited = wait != nil
        wait = nil
        operation = nil
        observation?.cancel()
        observation = nil
        if waited { ended?() }
    }

    private func operationTimedOut(_ label: String) {
        guard let wait, label == operation else { return }
        clear()
        timedOut?(wait)
    }
}
