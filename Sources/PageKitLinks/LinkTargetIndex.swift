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

/// A map's rules by the pages their targets name, so a path finds the few targets that
/// may give it with one dictionary lookup, not one comparison per pattern.
///
/// A target whose page names are all literal is filed under its shape: each component's
/// presentation and name. One with a placeholder in a name (`/tab#{page}`) is filed under
/// its presentations alone, and read against the path to see whether it fits.
struct LinkTargetIndex: Sendable {
    /// Each component's presentation and name, in order.
    struct Shape: Hashable, Sendable {
        let presentations: [PageComponent.Presentation]
        let names: [String]
        /// The hash of the two, taken once: the dictionary hashes a key again each time it
        /// grows, and a shape is several strings long.
        private let hash: Int

        init(presentations: [PageComponent.Presentation], names: [String]) {
            self.presentations = presentations
            self.names = names
            var hasher = Hasher()
            hasher.combine(presentations)
            hasher.combine(names)
            hash = hasher.finalize()
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.hash == rhs.hash && lhs.presentations == rhs.presentations && lhs.names == rhs.names
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    private var byShape: [Shape: [Int]] = [:]
    /// Rules whose targets have a placeholder in a page name, by their presentations.
    private var byPresentations: [[PageComponent.Presentation]: [Int]] = [:]
    /// Rules by their target's last page name, for a path with pages left out; rules
    /// whose last page name has a placeholder under `nil`.
    private var byLastName: [String?: [Int]] = [:]
    /// The most components a target has; -1 while there is none.
    private(set) var maxComponents = -1
    /// Whether some target presents a page modally.
    private(set) var presentsModally = false

    /// Files a rule's target. Rules are added in increasing order.
    /// - Parameters:
    ///   - target: The target.
    ///   - rule: Its rule's index.
    mutating func insert(_ target: LinkTarget, rule: Int) {
        let presentations = target.components.map(\.presentation)
        maxComponents = max(maxComponents, presentations.count)
        presentsModally = presentsModally || presentations.contains(where: \.isModal)
        if case .literal(let name) = target.components.last?.name {
            byLastName[name, default: []].append(rule)
        } else if !target.components.isEmpty {
            byLastName[nil, default: []].append(rule)
        }
        var names: [String] = []
        names.reserveCapacity(target.components.count)
        for component in target.components {
            guard case .literal(let name) = component.name else {
                byPresentations[presentations, default: []].append(rule)
                return
            }
            names.append(name)
        }
        byShape[Shape(presentations: presentations, names: names), default: []].append(rule)
    }

    /// The rules whose targets may give `path`, in the order they were added.
    /// - Complexity: O(*c*) in the number of the path's components, to hash its shape.
    func candidates(for path: PagePath) -> [Int] {
        let presentations = path.components.map(\.presentation)
        let exact = byShape[Shape(presentations: presentations, names: path.components.map(\.name))] ?? []
        guard let loose = byPresentations[presentations] else { return exact }
        return (exact + loose).sorted()
    }

    /// The rules whose targets may end at the page `path` ends at, in the order they were
    /// added: those to read against `path` with some of its pages left out.
    /// - Complexity: O(*r*) in the number of rules returned.
    func candidates(endingLike path: PagePath) -> [Int] {
        guard let last = path.components.last else { return [] }
        let exact = byLastName[last.name] ?? []
        guard let loose = byLastName[nil] else { return exact }
        return (exact + loose).sorted()
    }
}
