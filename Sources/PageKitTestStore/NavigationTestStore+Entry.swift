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

extension NavigationTestStore {
    /// Something that happened, which the test must receive.
    public enum Entry: Sendable, CustomStringConvertible {
        /// The navigator reported an event.
        case event(NavigationEvent)
        /// The current path changed to this.
        case path(PagePath)
        /// A container or the host ran this transition
        /// (`ContainerTransition.description`).
        case transition(String)

        /// One line: the event as it prints, `path: /tab#settings`, or
        /// `transition: push [detail] in contact (animated)`.
        public var description: String {
            switch self {
            case .event(let event): event.description
            case .path(let path): "path: \(path)"
            case .transition(let transition): "transition: \(transition)"
            }
        }
    }

    /// What the test expects to have happened next: a line of text, which must equal the
    /// entry's, or a description and a rule.
    ///
    /// ```swift
    /// store.receive(.willStart, .path("/tab#settings"), .didFinish)
    /// store.receive("did finish: /tab#contact/list → /tab#settings")   // the whole line
    /// store.receive(.failed(.timedOut))
    /// store.receive(.matching("a pop by the user") { entry in
    ///     if case .event(let event) = entry, case .changed(let change) = event.kind {
    ///         return change.kind == .popped && change.source == .user
    ///     }
    ///     return false
    /// })
    /// ```
    public struct Expectation: Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// How it prints in a diff.
        public let description: String
        private let rule: @Sendable (Entry) -> Bool

        /// An expectation with a rule of its own.
        /// - Parameters:
        ///   - description: How it prints in a diff.
        ///   - rule: Whether an entry is the one expected.
        public init(_ description: String, where rule: @escaping @Sendable (Entry) -> Bool) {
            self.description = description
            self.rule = rule
        }

        /// The entry whose line is exactly `line`.
        /// - Parameter line: An entry's ``Entry/description``.
        public init(stringLiteral line: String) {
            self.init(line) { $0.description == line }
        }

        /// Whether `entry` is the one expected.
        /// - Parameter entry: Something that happened.
        /// - Returns: Whether it matches.
        public func matches(_ entry: Entry) -> Bool {
            rule(entry)
        }

        /// An expectation with a rule of its own.
        /// - Parameters:
        ///   - description: How it prints in a diff.
        ///   - rule: Whether an entry is the one expected.
        /// - Returns: The expectation.
        public static func matching(_ description: String,
                                    _ rule: @escaping @Sendable (Entry) -> Bool) -> Expectation {
            Expectation(description, where: rule)
        }

        /// A request's plan is made and its first step is about to run.
        public static var willStart: Expectation {
            event("will start") { if case .willStart = $0 { true } else { false } }
        }

        /// A request ran every step.
        public static var didFinish: Expectation {
            event("did finish") { if case .didFinish = $0 { true } else { false } }
        }

        /// A request was cancelled.
        public static var cancelled: Expectation {
            event("cancelled") { if case .cancelled = $0 { true } else { false } }
        }

        /// A request failed with `code`.
        /// - Parameter code: The error's code.
        /// - Returns: The expectation.
        public static func failed(_ code: NavigationError.Code) -> Expectation {
            event("failed (\(code))") { if case .failed(let error) = $0 { error.code == code } else { false } }
        }

        /// The hierarchy changed without the navigator.
        /// - Parameters:
        ///   - kind: What happened.
        ///   - source: Who did it: the person by default.
        /// - Returns: The expectation.
        public static func changed(_ kind: HierarchyChange.Kind,
                                   by source: NavigationSource = .user) -> Expectation {
            event("changed (\(kind.rawValue) … by \(source))") {
                if case .changed(let change) = $0 { change.kind == kind && change.source == source } else { false }
            }
        }

        /// The current path changed to `path`.
        /// - Parameter path: The path's text, as it prints.
        /// - Returns: The expectation.
        public static func path(_ path: String) -> Expectation {
            Expectation("path: \(path)") {
                if case .path(let actual) = $0 { actual.description == path } else { false }
            }
        }

        /// A container or the host ran a transition.
        /// - Parameter transition: The transition as it prints:
        ///   `push [detail] in contact (animated)`.
        /// - Returns: The expectation.
        public static func transition(_ transition: String) -> Expectation {
            Expectation("transition: \(transition)") {
                if case .transition(let actual) = $0 { actual == transition } else { false }
            }
        }

        private static func event(_ description: String,
                                  _ kind: @escaping @Sendable (NavigationEvent.Kind) -> Bool) -> Expectation {
            Expectation(description) { if case .event(let event) = $0 { kind(event.kind) } else { false } }
        }
    }
}
