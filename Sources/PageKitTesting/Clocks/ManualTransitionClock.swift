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

/// Time that moves only when told to: for tests, previews and simulations.
///
/// ```swift
/// let clock = ManualTransitionClock()
/// let queue = TransitionQueue(clock: clock)
/// // … start an animated transition that never completes …
/// clock.advance(by: .seconds(3))   // its time-out fires, and the next one starts
/// ```
public final class ManualTransitionClock: TransitionClock {
    private struct Entry {
        let deadline: Duration
        let order: UInt64
        let timer: ManualTimer
    }

    /// The current time.
    public private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var order: UInt64 = 0

    /// A clock at time zero.
    public init() {}

    /// How many actions are scheduled and not yet run or cancelled.
    public var scheduledCount: Int { entries.reduce(0) { $0 + ($1.timer.isCancelled ? 0 : 1) } }

    /// The time of the next scheduled action, if any.
    public var nextDeadline: Duration? { entries.first { !$0.timer.isCancelled }?.deadline }

    /// Schedules `action` at `now + delay`.
    /// - Parameters:
    ///   - delay: How long to wait.
    ///   - action: What to run.
    /// - Returns: A handle that cancels the action.
    public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any TransitionTimer {
        order += 1
        let entry = Entry(deadline: now + max(delay, .zero), order: order, timer: ManualTimer(action))
        let index = entries.firstIndex { ($0.deadline, $0.order) > (entry.deadline, entry.order) } ?? entries.endIndex
        entries.insert(entry, at: index)
        return entry.timer
    }

    /// Moves time forward by `duration`, running every action that falls due, in deadline
    /// order, each at its own deadline; actions they schedule run too if they fall due.
    /// - Parameter duration: How far to move; negative durations do nothing.
    public func advance(by duration: Duration) {
        advance(to: now + max(duration, .zero))
    }

    /// Moves time forward to `instant` (never backwards), running what falls due.
    /// - Parameter instant: The time to reach.
    public func advance(to instant: Duration) {
        while let first = entries.first, first.deadline <= instant {
            entries.removeFirst()
            now = max(now, first.deadline)
            first.timer.run()
        }
        now = max(now, instant)
    }

    /// Runs every scheduled action, moving time to each deadline in turn, until none is
    /// left.
    public func runUntilIdle() {
        while let next = nextDeadline {
            advance(to: next)
        }
        entries.removeAll { $0.timer.isCancelled }
    }

    private final class ManualTimer: TransitionTimer {
        private var action: (@MainActor () -> Void)?
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
        var isCancelled: Bool { action == nil }
        func cancel() { action = nil }
        func run() {
            let action = self.action
            self.action = nil
            action?()
        }
    }
}
