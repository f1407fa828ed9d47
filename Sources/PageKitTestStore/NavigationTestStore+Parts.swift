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
public import PageKitTesting

extension NavigationTestStore {
    /// What every container of the app under test must share: the store's queue, and the
    /// ending that times transitions on the store's clock. Make the root's containers with
    /// ``stack(_:_:)`` and ``tabs(_:_:selectedIndex:acceptsNewTabs:)``, or with their
    /// initialisers and ``queue`` and ``ending``.
    ///
    /// ```swift
    /// let store = try NavigationTestStore(registry: registry) { parts in
    ///     parts.tabs("tab", [parts.stack("contact", [ListPage()]), SettingsPage()])
    /// }
    /// ```
    @MainActor
    public struct Parts {
        /// The store's clock.
        public let clock: ManualTransitionClock
        /// The queue every container must report on.
        public let queue: TransitionQueue
        /// Times every transition on the store's clock, and records it when the store
        /// records transitions.
        public let ending: TransitionEnd

        /// A stack.
        /// - Parameters:
        ///   - name: The name it answers to; empty for a transparent stack.
        ///   - pages: The pages, bottom first.
        /// - Returns: A stack on the store's queue and clock.
        public func stack(_ name: String = "", _ pages: [any Page]) -> PageStackModel {
            PageStackModel(name: name, pages: pages, queue: queue, ending: ending)
        }

        /// A tab container.
        /// - Parameters:
        ///   - name: The name it answers to.
        ///   - tabs: The tabs, in order.
        ///   - selectedIndex: The tab selected at first.
        ///   - acceptsNewTabs: Whether unknown components add tabs.
        /// - Returns: Tabs on the store's queue and clock.
        public func tabs(_ name: String, _ tabs: [any Page], selectedIndex: Int = 0,
                         acceptsNewTabs: Bool = false) -> PageTabModel {
            PageTabModel(name: name, tabs: tabs, selectedIndex: selectedIndex, acceptsNewTabs: acceptsNewTabs,
                         queue: queue, ending: ending)
        }
    }
}
