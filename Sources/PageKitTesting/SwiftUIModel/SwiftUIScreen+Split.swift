import PageKit
public import PageKitContainers

/// A `NavigationSplitView` on the model screen, as `PageSplitView` draws it.
///
/// The rules it follows, from SwiftUI's 16.5 documentation of `NavigationSplitView`
/// unless said otherwise:
/// - SSV-1 (documented): "with narrow sizes like on iPhone or on iPad in Slide Over, the
///   navigation split view collapses all of its columns into a stack, and shows the last
///   column that displays useful information". The view learns of it from the horizontal
///   size class, whose change it follows (`onChange(of:)`); iOS 16 has no way to name
///   the column shown (`preferredCompactColumn` is iOS 17's), so the view leaves the
///   columns after the model's current one empty, and SwiftUI shows the current one.
/// - SSV-2 (documented): "The split view ignores the visibility control when it
///   collapses its columns into a stack": collapsed, the person has no display-mode
///   button and SwiftUI writes no column visibility. Expanded, the person's sidebar
///   button or swipe writes it.
/// - SSV-3 (inferred): collapsed, SwiftUI's back button at a column's root takes the
///   column off the stack by itself, and the only sign is that column's `onDisappear`.
///   Nothing asks first, so nothing can refuse it.
/// - SSV-4 (inferred): a column's stack whose column is not on screen (covered or
///   empty, collapsed; hidden by the visibility, expanded) is not on screen: its
///   transitions end at once.
/// - SSV-5 (reported): a `TabView` shows only the selected tab's content, so switching
///   tabs runs `onDisappear` for the views of the tab left, the split view's columns
///   among them, and `onAppear` for those of the tab chosen (SwiftUI 16.5 documentation of
///   `onDisappear(perform:)`: "after this view disappears"; the tab case is widely
///   reported, e.g. Apple Developer Forums). In which order the columns' and the split
///   view's own `onDisappear` run is not documented: the columns' run first here, the
///   order a split view must not take for the person's back.
@MainActor
final class SplitView {
    weak var model: PageSplitModel?
    /// The columns drawn, bottom first when collapsed: what SwiftUI shows.
    var shownColumns: [Int] = []
    var isCompact: Bool
    /// Whether the view is on screen: its tab is the selected one, and no full-screen
    /// cover is over it.
    var isShown = true
    /// Whether its tab draws it, covered or not (SFC-1).
    var isDrawn = true
    var observation: ModelObservation?

    init(model: PageSplitModel, isCompact: Bool) {
        self.model = model
        self.isCompact = isCompact
    }
}

extension SwiftUIScreen {
    /// Puts `split`'s view on screen, its columns' stacks with it (SSV-4), in a compact
    /// or regular width (SSV-1).
    /// - Parameters:
    ///   - split: The split view.
    ///   - compact: Whether the width is compact.
    ///
    /// From iOS 18, a split view in a tab that is not selected is not drawn until its tab
    /// is: its `onAppear`, which reads the size class, runs then.
    public func show(_ split: PageSplitModel, compact: Bool) {
        guard !splitViews.contains(where: { $0.model === split }) else { return }
        let view = SplitView(model: split, isCompact: compact)
        splitViews.append(view)
        view.observation = split.observe { [weak self, weak view] _ in
            guard let self, let view else { return }
            self.update { [weak self, weak view] in view.map { self?.render($0) } }
        }
        guard !isInUnselectedTab(split), !isCovered(split) else {
            view.isShown = false
            view.isDrawn = !isInUnselectedTab(split)
            return
        }
        note("onAppear split \(split.pageName)")
        if compact { split.collapse() } else { split.expand() }
        render(view)
    }

    /// The width changes (rotation, Slide Over): SwiftUI runs the view's
    /// `onChange(of: horizontalSizeClass)`, which collapses or expands the model (SSV-1).
    /// - Parameters:
    ///   - compact: Whether the width is compact now.
    ///   - split: The split view.
    public func sizeClassChanges(compact: Bool, of split: PageSplitModel) {
        guard let view = splitViews.first(where: { $0.model === split }), view.isCompact != compact else { return }
        view.isCompact = compact
        note("onChange sizeClass \(compact ? "compact" : "regular")")
        if compact { split.collapse() } else { split.expand() }
    }

    /// The person's sidebar button or swipe, expanded: SwiftUI writes the column
    /// visibility. Collapsed there is no such button (SSV-2).
    /// - Parameters:
    ///   - display: What the person makes show.
    ///   - split: The split view.
    /// - Returns: Whether SwiftUI wrote the binding.
    @discardableResult
    public func personChangesDisplay(to display: SplitDisplay, of split: PageSplitModel) -> Bool {
        guard let view = splitViews.first(where: { $0.model === split }), !view.isCompact, view.isShown,
              canReach(split), takesTouch("the display-mode button of \(split.pageName)") else { return false }
        note("write columnVisibility \(display.rawValue)")
        insideSetter { split.userChangesDisplay(display) }
        // SwiftUI shows what the person chose itself, whatever became of the update.
        render(view)
        return true
    }

    /// The person taps SwiftUI's back button at the root of the top column, collapsed:
    /// SwiftUI takes the column off the stack and its `onDisappear` runs (SSV-3).
    /// - Parameter split: The split view.
    /// - Returns: Whether there was such a button: a column above the first, at its root.
    @discardableResult
    public func personTapsBackAtColumnRoot(of split: PageSplitModel) -> Bool {
        guard let view = splitViews.first(where: { $0.model === split }), view.isCompact, view.isShown,
              canReach(split), let top = view.shownColumns.last, top > 0,
              split.columns[top].pages.count == 1, takesTouch("back at the root of \(split.columns[top].pageName)") else { return false }
        view.shownColumns.removeLast()
        note("onDisappear column \(split.columns[top].pageName)")
        hide(split.columns[top])
        split.userLeftColumn(top)
        return true
    }

    /// SSV-5: the split views in `page`, a tab just switched away, leave the screen: each
    /// column on screen runs its `onDisappear`, then the split view its own, as
    /// `PageSplitView` reports them.
    /// - Returns: The split views that left the screen.
    @discardableResult
    func splitViewsDisappear(in page: any Page) -> [PageSplitModel] {
        var left: [PageSplitModel] = []
        for view in splitViews where view.isShown {
            guard let split = view.model, Self.holds(page, split) else { continue }
            left.append(split)
            view.isShown = false
            for index in split.columns.indices where self.view(of: split.columns[index])?.visible == true {
                note("onDisappear column \(split.columns[index].pageName)")
                hide(split.columns[index])
                split.userLeftColumn(index)
            }
            note("onDisappear split \(split.pageName)")
            split.viewDisappeared()
        }
        return left
    }

    /// SSV-5: the split views in `page`, the tab just chosen, come back on screen: the
    /// view's `onAppear` follows the size class, and its columns show again.
    func splitViewsAppear(in page: any Page) {
        let drawn = splitViews.filter { view in view.model.map { Self.holds(page, $0) } == true }
        drawn.forEach { $0.isDrawn = true }
        splitViewsAppear(drawn.compactMap(\.model))
    }

    /// The split views `splits` come back on screen (SSV-5, SFC-1): the view's `onAppear`
    /// follows the size class, and its columns show again.
    func splitViewsAppear(_ splits: [PageSplitModel]) {
        for view in splitViews where !view.isShown {
            // Drawn under a full-screen cover, it comes on screen when the cover goes.
            guard let split = view.model, splits.contains(where: { $0 === split }), !isCovered(split) else { continue }
            view.isShown = true
            note("onAppear split \(split.pageName)")
            if view.isCompact { split.collapse() } else { split.expand() }
            render(view)
        }
    }

    /// Whether `page` is in a tab that a tab view on the screen has not drawn yet: from iOS
    /// 18 a `TabView` draws a tab's content only once the tab is selected; before, every
    /// tab's content appeared at launch (reported: swiftyplace.com, "SwiftUI View
    /// Lifecycle: When onAppear Actually fires": "On iOS 17, that fetch ran at app launch …
    /// On iOS 18 … didn't run until someone actually tapped the tab").
    func isInUnselectedTab(_ page: any Page) -> Bool {
        behaviour.system >= SystemVersion(18, 0) && isBehindAnotherTab(page)
    }

    /// Whether `page` is in a tab that a tab view on the screen does not show, whatever
    /// the system: drawn there or not, it is out of the finger's reach.
    func isBehindAnotherTab(_ page: any Page) -> Bool {
        tabBars.contains { view in
            guard let tabs = view.model else { return false }
            return tabs.tabs.contains { $0 !== view.shown && Self.holds($0, page) }
        }
    }

    /// Whether `page` is `inner` or holds it, at any depth.
    static func holds(_ page: any Page, _ inner: any Page) -> Bool {
        if page === inner { return true }
        guard let parent = page as? any ParentPage else { return false }
        return parent.containedPages.contains { holds($0, inner) }
    }

    /// The columns SwiftUI shows: collapsed, the one stack, bottom first; expanded, those
    /// the visibility shows.
    public func shownColumns(of split: PageSplitModel) -> [String] {
        guard let view = splitViews.first(where: { $0.model === split }), let model = view.model else { return [] }
        return view.shownColumns.map { model.columns[$0].pageName }
    }

    private func render(_ splitView: SplitView) {
        let view = splitView
        // A tab not selected keeps its state, but nothing of it is drawn.
        guard view.isShown, let split = view.model else { return }
        let indices = Array(split.columns.indices)
        if view.isCompact {
            // SSV-1: the last column with content, and the columns before it beneath.
            let last = indices.last { !split.isCollapsed || $0 <= split.currentColumn } ?? 0
            view.shownColumns = Array(indices[...last])
        } else {
            view.shownColumns = indices.filter { split.isOnScreen(column: $0) }
        }
        for index in indices {
            let onScreen = view.isCompact ? index == view.shownColumns.last : view.shownColumns.contains(index)
            if onScreen {
                show(split.columns[index])
            } else if self.view(of: split.columns[index])?.visible == true {
                // The column's `onDisappear`, which `PageSplitView` reports.
                hide(split.columns[index])
                split.userLeftColumn(index)
            }
        }
    }
}
