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

/// Follows every model a page holds: the page itself when it is one, and the models in the
/// pages it contains, at any depth (a stack in a tab of a presented tab view). The models
/// held change as pages come and go, so each change looks again before telling.
@MainActor
final class ModelTreeObservation {
    private weak var root: (any Page)?
    private let changed: @MainActor () -> Void
    /// The models followed, each with its observation. A model is held weakly and
    /// compared by identity: a model let go frees its address for a new one.
    private var observations: [ObjectIdentifier: (model: Weak, observation: ModelObservation)] = [:]

    private struct Weak {
        weak var model: AnyObject?
    }

    private init(_ root: any Page, changed: @escaping @MainActor () -> Void) {
        self.root = root
        self.changed = changed
    }

    /// Calls `changed` after every change of a model in `page`, until the token is
    /// cancelled or let go.
    /// - Returns: The token, or `nil` when `page` holds no model now and cannot hold one
    ///   later (it is no parent).
    /// - Complexity: O(*n*) in the pages `page` holds, at each change.
    static func observe(_ page: any Page, _ changed: @escaping @MainActor () -> Void) -> ModelObservation? {
        guard page is any ObservableModel || page is any ParentPage else { return nil }
        let tree = ModelTreeObservation(page, changed: changed)
        tree.follow()
        // The token holds the tree; the tree's observations hold it weakly.
        return ModelObservation { tree.cancel() }
    }

    /// Observes the models `root` holds now, and lets go of those it no longer holds.
    private func follow() {
        var held = Set<ObjectIdentifier>()
        var pages: [any Page] = root.map { [$0] } ?? []
        while let page = pages.popLast() {
            if let parent = page as? any ParentPage { pages.append(contentsOf: parent.containedPages) }
            guard let model = page as? any ObservableModel else { continue }
            let key = ObjectIdentifier(model)
            held.insert(key)
            if observations[key]?.model.model !== model {
                observations[key]?.observation.cancel()
                observations[key] = (Weak(model: model), model.observe { [weak self] _ in self?.modelChanged() })
            }
        }
        for (key, entry) in observations where !held.contains(key) {
            entry.observation.cancel()
            observations[key] = nil
        }
    }

    private func modelChanged() {
        follow()
        changed()
    }

    private func cancel() {
        observations.values.forEach { $0.observation.cancel() }
        observations = [:]
    }
}
