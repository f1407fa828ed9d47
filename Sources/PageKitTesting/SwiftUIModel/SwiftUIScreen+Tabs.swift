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
public import PageKitContainers

/// A `TabView` on the model screen: its selection and its tab bar's labels.
@MainActor
final class TabBarView {
    weak var model: PageTabModel?
    var labels: [TabLabel] = []
    /// The tab whose content is drawn: SwiftUI tells a tab's views apart by the tab, not by
    /// its index, as `PageTabView` identifies them.
    weak var shown: (any Page)?
    var observation: ModelObservation?

    init(model: PageTabModel) {
        self.model = model
    }
}

extension SwiftUIScreen {
    /// Puts `tabs`' view on screen, as `PageTabView` does under `PageRootView`: its
    /// selection and each tab's label follow the model.
    /// - Parameter tabs: The tabs.
    public func show(_ tabs: PageTabModel) {
        guard !tabBars.contains(where: { $0.model === tabs }) else { return }
        let view = TabBarView(model: tabs)
        tabBars.append(view)
        view.observation = tabs.observe { [weak self, weak view] _ in
            guard let self, let view else { return }
            self.update { [weak self, weak view] in view.map { self?.render($0) } }
        }
        view.shown = tabs.visiblePage
        render(view)
    }

    private func render(_ view: TabBarView) {
        guard let tabs = view.model else { return }
        let left = view.shown
        view.shown = tabs.visiblePage
        view.labels = tabs.tabs.indices.map(tabs.label(ofTab:))
        // Only the selected tab's content is drawn: the one chosen appears and the one left
        // disappears, its stacks' and split views' `onDisappear` running (SSV-5). Which
        // comes first is not documented (inferred: the chosen one, so that what the
        // disappearance sets off, a transition of the stack left ending at once and the
        // queue moving on, finds the chosen tab on screen; the other order is as safe, and
        // was the model's before). A tab the app took away goes as one left does.
        guard left !== view.shown else { return }
        if let chosen = view.shown {
            // A split view's columns come back with it, as it draws them.
            let columns = splitViews.compactMap(\.model).flatMap(\.columns)
            for stack in stacks.compactMap(\.model) where Self.holds(chosen, stack) && !columns.contains(where: { $0 === stack }) {
                if self.view(of: stack)?.visible == false, !isCovered(stack) {
                    note("onAppear stack \(stack.pageName) (tab chosen)")
                }
                show(stack)
            }
            splitViewsAppear(in: chosen)
        }
        if let left {
            let why = tabs.tabs.contains { $0 === left } ? "tab left" : "tab taken away"
            for split in splitViews where split.model.map({ Self.holds(left, $0) }) == true { split.isDrawn = false }
            splitViewsDisappear(in: left)
            for stack in stacks.compactMap(\.model) where Self.holds(left, stack) {
                if self.view(of: stack)?.visible == true { note("onDisappear stack \(stack.pageName) (\(why))") }
                hide(stack)
            }
        }
    }

    /// The labels `tabs`' tab bar shows, as last drawn.
    public func tabLabels(of tabs: PageTabModel) -> [TabLabel] {
        tabBars.first { $0.model === tabs }?.labels ?? []
    }

    /// The person taps tab `index`: SwiftUI writes the selection binding. Nothing happens
    /// while UIKit ignores touches (``isIgnoringTouches``), nor when the tab bar is under a
    /// sheet or a cover, or in a tab not shown (``canReach(_:)``).
    /// - Returns: Whether the tap reached the tab bar.
    /// - Throws: What the binding's setter throws for a tab that is not there.
    @discardableResult
    public func personTapsTab(_ index: Int, of tabs: PageTabModel) throws -> Bool {
        guard takesTouch("tab \(index) of \(tabs.pageName)"), canReach(tabs) else { return false }
        var failure: (any Error)?
        insideSetter {
            do { try tabs.userSelectsTab(index) } catch { failure = error }
        }
        // SwiftUI shows the tab the person chose itself, whatever became of the update.
        if let view = tabBars.first(where: { $0.model === tabs }) { render(view) }
        if let failure { throw failure }
        return true
    }
}
