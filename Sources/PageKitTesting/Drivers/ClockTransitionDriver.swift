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

/// Gives each animated transition a duration on a `TransitionClock` and completes it
/// when that much time has passed; non-animated transitions complete at once. It can be
/// told to drop or delay completions, to test time-outs and late completions, and it
/// counts the transitions in flight, to show that none overlapped.
///
/// ```swift
/// let clock = ManualTransitionClock()
/// let driver = ClockTransitionDriver(clock: clock)
/// let queue = TransitionQueue(clock: clock)
/// let contact = PageStackModel(name: "contact", pages: [list], queue: queue, ending: .driver(driver))
/// driver.dropNextCompletion()        // the next transition never reports its end
/// clock.advance(by: .seconds(3))     // the queue's time-out opens the valve
/// #expect(driver.maxInFlight == 1)   // no two transitions overlapped
/// ```
public final class ClockTransitionDriver: TransitionDriver {
    /// What to do with a transition's completion.
    public enum Fate: Sendable, Hashable {
        /// Complete after the driver's duration (at once when not animated).
        case normal
        /// Complete after this long, animated or not.
        case after(Duration)
        /// Never complete.
        case dropped
    }

    /// The clock durations are measured on.
    public let clock: any TransitionClock
    /// How long an animated transition takes. Default: 0.35 s, UIKit's push.
    public var duration: Duration
    private var fates: [Fate] = []
    /// How many transitions have started and not yet completed (dropped ones stay counted).
    public private(set) var inFlight = 0
    /// The most transitions ever in flight at once: 1 when none overlapped.
    public private(set) var maxInFlight = 0

    /// Creates the driver.
    /// - Parameters:
    ///   - clock: The clock durations are measured on.
    ///   - duration: How long an animated transition takes.
    public init(clock: any TransitionClock, duration: Duration = .milliseconds(350)) {
        self.clock = clock
        self.duration = duration
    }

    /// Decides the fate of the next transitions, in order, one each.
    /// - Parameter fate: What happens to the next transition's completion.
    public func setNext(_ fate: Fate) {
        fates.append(fate)
    }

    /// Makes the next transition never report its end.
    public func dropNextCompletion() {
        setNext(.dropped)
    }

    /// Runs `transition`, completing it according to its fate.
    /// - Parameters:
    ///   - transition: What happens.
    ///   - completion: Called when it is over, unless dropped.
    public func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        let fate = fates.isEmpty ? .normal : fates.removeFirst()
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        let finish: @MainActor () -> Void = { [weak self] in
            self?.inFlight -= 1
            completion()
        }
        switch fate {
        case .normal where !transition.animated:
            finish()
        case .normal:
            _ = clock.schedule(after: duration, finish)
        case .after(let delay):
            _ = clock.schedule(after: delay, finish)
        case .dropped:
            break
        }
    }
}
