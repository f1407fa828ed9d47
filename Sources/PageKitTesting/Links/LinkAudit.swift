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
import PageKitLinks

/// What `Navigator.auditLinks(_:)` found: the sample links that go wrong, and why.
public struct LinkAudit: Sendable, CustomStringConvertible {
    /// One link that goes wrong.
    public struct Problem: Sendable, CustomStringConvertible {
        /// How it goes wrong.
        public enum Kind: String, Sendable, Hashable {
            /// No pattern of the link map matches it (or its scheme or host is foreign).
            case unmatched
            /// Its path cannot be shown: an unknown page, a page with nowhere to go.
            case unreachable
            /// Its path reaches a page not registered as externally openable.
            case notExternallyOpenable
        }

        /// The link.
        public let link: String
        /// How it goes wrong.
        public let kind: Kind
        /// The error the link map or the plan gave.
        public let error: NavigationError

        /// `unmatched https://example.com/x: …`.
        public var description: String { "\(kind.rawValue) \(link): \(error)" }
    }

    /// How many links were checked.
    public let checked: Int
    /// The links that go wrong, in the order given.
    public let problems: [Problem]

    /// `12 links checked, 1 problem:` then a line per problem.
    public var description: String {
        let header = "\(checked) links checked, \(problems.count) problem\(problems.count == 1 ? "" : "s")"
        return ([header + (problems.isEmpty ? "" : ":")] + problems.map { "  \($0)" }).joined(separator: "\n")
    }
}

extension Navigator {
    /// Plans every sample link as a link from outside the app, against the hierarchy as
    /// it is, and reports each one that goes wrong: unmatched by ``/PageKitLinks/PageKit/Navigator/links``, unreachable
    /// (no plan can show it), or reaching a page that is not externally openable. Run it
    /// in an app's own tests, over the paths its associated domains declare, on a
    /// navigator built on container models that end their transitions at once.
    ///
    /// ```swift
    /// let audit = navigator.auditLinks(["https://example.com/people/5", "https://example.com/admin"])
    /// #expect(audit.problems.isEmpty, "\(audit)")
    /// ```
    /// - Parameter samples: The links to check.
    /// - Returns: The links that go wrong, and why.
    /// - Complexity: One plan per link; nothing moves.
    public func auditLinks(_ samples: [String]) -> LinkAudit {
        var problems: [LinkAudit.Problem] = []
        for link in samples {
            let path: PagePath
            do {
                path = try links.path(for: link)
            } catch {
                problems.append(LinkAudit.Problem(link: link, kind: .unmatched, error: NavigationError(wrapping: error)))
                continue
            }
            do {
                _ = try plan(for: path, .source(.external))
            } catch {
                let error = NavigationError(wrapping: error)
                let kind: LinkAudit.Problem.Kind = error.code == .notExternallyOpenable ? .notExternallyOpenable : .unreachable
                problems.append(LinkAudit.Problem(link: link, kind: kind, error: error))
            }
        }
        return LinkAudit(checked: samples.count, problems: problems)
    }
}
