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

import PageKit

/// How the containers of the family (``PageStackModel``, ``PageTabModel``,
/// ``PageHostModel``) learn that a transition they started is over.
///
/// A container changes its pages when a transition starts; what differs is who says the
/// transition has ended, so that the queue starts the next one.
///
/// ```swift
/// let queue = TransitionQueue()
/// let onScreen = PageStackModel(name: "contact", pages: [list], queue: queue)               // a view reports it
/// let viewless = PageStackModel(name: "contact", pages: [list], queue: queue, ending: .atOnce)
/// let timed = PageStackModel(name: "contact", pages: [list], queue: queue, ending: .driver(driver))
/// ```
public enum TransitionEnd: Sendable {
    /// The view that shows the container reports it, as the SwiftUI views do: a push, pop
    /// or presentation ends when the page then on top has appeared, a dismissal when the
    /// dismissed level has disappeared, and a selection at once. A transition no view
    /// waits for ends at once: one that is not animated, that leaves the same page on top,
    /// or of a container no view shows. The default.
    case screen
    /// Every transition ends as soon as it has started: for a host with no screen, such
    /// as a server or a command line, and for tests that do not care about timing.
    case atOnce
    /// A driver times every transition the container starts, animated or not, and is
    /// handed it with its style: for tests and simulations (`PageKitTesting` has a
    /// driver on a manual clock and one that records every transition).
    case driver(any TransitionDriver)
}

extension TransitionEnd {
    /// Ends a transition no view waits for: when the driver says so, or now.
    @MainActor func end(_ transition: @autoclosure () -> ContainerTransition, completion: TransitionCompletion) {
        guard case .driver(let driver) = self else { return completion.finish() }
        driver.run(transition()) { completion.finish() }
    }
}
