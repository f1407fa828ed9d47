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

public import PageKitContainers

/// Logs every transition a container hands it, as text, then hands it to another driver,
/// which says when it ends: an exact trace of what the containers did, to assert on.
///
/// ```swift
/// let recorder = RecordingTransitionDriver()
/// let contact = PageStackModel(name: "contact", pages: [list], queue: queue, ending: .driver(recorder))
/// try await navigator.open("app://tab/contact/person_detail?id=5")
/// #expect(recorder.takeLog() == ["push [person_detail(id=5)] in contact (animated)"])
/// ```
public final class RecordingTransitionDriver: TransitionDriver {
    /// Each transition as text (``/PageKitContainers/ContainerTransition/description``),
    /// spelled when it ran, so the log keeps no page alive.
    public private(set) var log: [String] = []
    /// The driver that times the transitions: by default, one that ends each at once.
    public let next: any TransitionDriver

    /// A recorder.
    /// - Parameter next: The driver that times the transitions; `nil` ends each at once.
    public init(next: (any TransitionDriver)? = nil) {
        self.next = next ?? ImmediateDriver()
    }

    /// Records `transition`, then has ``next`` run it.
    /// - Parameters:
    ///   - transition: What happens.
    ///   - completion: Called when ``next`` says the transition is over.
    public func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        log.append(transition.description)
        next.run(transition, completion: completion)
    }

    /// The log as lines, cleared.
    /// - Returns: Every transition recorded since the last call.
    public func takeLog() -> [String] {
        defer { log = [] }
        return log
    }
}

/// Ends every transition at once.
private final class ImmediateDriver: TransitionDriver {
    func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        completion()
    }
}
