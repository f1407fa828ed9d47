public import PageKit
public import PageKitContainers

/// A column-style split view controller of the ``UIKitModel``: `PageSplitViewController`,
/// whose delegate slot is PageKit's.
///
/// UIKit's side, from `UISplitViewController.h` (the comment above `hideColumn:`) unless
/// said otherwise:
/// - SPL-1 (documented): collapsed, the columns form one stack; `showColumn:` pushes the
///   column and the columns between when it is not on the stack, does nothing when it is
///   on top, and pops the columns covering it otherwise.
/// - SPL-2 (documented): expanded, `showColumn:` is ignored for the secondary column and
///   for a column already shown; otherwise it animates to the nearest display mode that
///   shows it.
/// - SPL-3 (documented): the split view's `transitionCoordinator` is available right
///   after `showColumn:` when an animation started, and only then: a `showColumn:` that
///   does nothing vends none and calls nothing back.
/// - SPL-4 (documented): when it collapses, the delegate's
///   `topColumnForCollapsingToProposedTopColumn` chooses the column on top, then
///   `splitViewControllerDidCollapse` comes; when it expands, the delegate's
///   `displayModeForExpandingToProposedDisplayMode` chooses the display mode (the one
///   before collapsing is proposed), then `splitViewControllerDidExpand` comes.
/// - SPL-5 (inferred from the delegate's declarations): the display-mode button sends
///   `willChangeToDisplayMode`; the person's back at a column's root, collapsed, sends
///   `willHideColumn` for it; `showColumn:` and `hideColumn:` send `willShowColumn`/
///   `willHideColumn` and `willChangeToDisplayMode` while they run, to the delegate,
///   which is PageKit's whoever called them.
/// - SPL-6 (documented): `hideColumn:` collapsed is ignored for the primary column and for
///   a column not on top, and pops the column otherwise; expanded, it is ignored for the
///   secondary column and for a column the display mode does not show, and otherwise
///   animates to the nearest display mode that hides it.
/// - SPL-7 (inferred from `preferredDisplayMode`, "an animatable property that controls
///   how the primary view controller is hidden and displayed", and from
///   `willChangeToDisplayMode`): the app's `preferredDisplayMode` changes the display mode
///   of an expanded split view, with `willChangeToDisplayMode` first; collapsed, it is
///   proposed when the split view expands.
/// - SPL-8 (documented, `setViewController:forColumn:`): the column's view controller is
///   replaced; one that is not a navigation controller is wrapped in a new
///   `UINavigationController`, except for the compact column.
@MainActor
public final class ModelSplitViewController: ModelViewController, SplitContainer, QueuedContainer {
    /// The columns' navigation controllers, leading first.
    public private(set) var columns: [ModelNavigationController]
    /// The decisions the UIKit layer makes for it.
    package let core: SplitViewCore
    /// UIKit's `isCollapsed`.
    public private(set) var uikitIsCollapsed = false
    /// Collapsed, the columns on UIKit's one stack, bottom first.
    public private(set) var stackedColumns: [Int] = []
    /// Expanded, which columns UIKit's display mode shows.
    public private(set) var displayMode: SplitDisplay = .automatic
    /// The transition `showColumn:` started, while it runs.
    private var coordinator: ModelCoordinator?

    /// A split view controller.
    /// - Parameters:
    ///   - model: The device.
    ///   - name: Its page name.
    ///   - columns: Two or three navigation controllers, leading first.
    ///   - queue: The queue.
    public init(_ model: UIKitModel, name: String, columns: [ModelNavigationController], queue: TransitionQueue) {
        self.columns = columns
        core = SplitViewCore(columnCount: columns.count, queue: queue)
        super.init(model, title: name)
        core.surface = self
        for column in columns { column.parent = self }
    }

    /// The page name.
    public var pageName: String { title }
    /// The queue it reports on.
    public var transitionQueue: TransitionQueue { core.queue }
    /// `PageSplitViewController.adopt(_:)`.
    public func adopt(_ queue: TransitionQueue) -> Bool { core.adopt(queue) }
    /// The columns.
    public var containedPages: [any Page] { columns }
    /// The current column, as PageKit knows it.
    public var visiblePage: (any Page)? { core.currentItem as? any Page }
    /// Whether PageKit knows it collapsed.
    public var isCollapsed: Bool { core.state.isCollapsed }

    /// `PageSplitViewController.selectTab(_:animated:completion:)`.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        core.select(page, completion: completion)
    }

    // MARK: The person and the device

    /// The width changes: UIKit collapses (asking the delegate which column goes on top,
    /// SPL-4) or expands (asking it which display mode to take).
    /// - Parameter compact: Whether the width is compact now.
    public func sizeChanges(compact: Bool) {
        guard compact != uikitIsCollapsed else { return }
        let shown = shownColumns
        defer { columnsAppear(after: shown) }
        uikitIsCollapsed = compact
        if compact {
            let top = core.topColumnForCollapsing
            model.called("topColumnForCollapsing \(columns[top].title)")
            stackedColumns = Array(0...top)
            model.called("didCollapse \(title)")
            core.didCollapse()
        } else {
            let display = core.displayForExpanding(proposed: displayMode)
            model.called("displayModeForExpanding \(display.rawValue)")
            displayMode = display
            stackedColumns = []
            model.called("didExpand \(title)")
            core.didExpand()
        }
    }

    /// The person taps the display-mode button, expanded (SPL-5).
    /// - Parameter display: What it shows next.
    /// - Returns: Whether there was a button to take the touch: not when collapsed, nor
    ///   while UIKit ignores touches (``UIKitModel/isIgnoringTouches``), nor on a split
    ///   view out of the window or under a presentation.
    @discardableResult
    public func personTapsDisplayModeButton(to display: SplitDisplay) -> Bool {
        guard !uikitIsCollapsed, display != displayMode, takesTouches,
              model.takesTouch("display-mode button") else { return false }
        changeDisplay(to: display)
        return true
    }

    /// The person taps back at the root of the top column, collapsed: UIKit pops the
    /// column off the one stack (SPL-5).
    /// - Returns: Whether there was such a back button to take the touch
    ///   (``UIKitModel/isIgnoringTouches``): not in a column out of the window or under a
    ///   presentation.
    @discardableResult
    public func personTapsBackAtColumnRoot() -> Bool {
        guard uikitIsCollapsed, let top = stackedColumns.last, top > 0, columns[top].viewControllers.count == 1,
              columns[top].takesTouches, model.takesTouch("back at a column's root") else {
            return false
        }
        let shown = shownColumns
        willHide(top)
        stackedColumns.removeLast()
        columnsAppear(after: shown)
        return true
    }

    /// The app calls `showColumn:` itself, as a sidebar row's action does: the
    /// controller's override lets PageKit know that what UIKit says meanwhile is the app's.
    /// - Parameter index: The column.
    public func appShowsColumn(_ index: Int) {
        core.appChangesColumns { uikitShowColumn(index) }
    }

    /// The app calls `hideColumn:` itself (SPL-6), through the same override.
    /// - Parameter index: The column.
    public func appHidesColumn(_ index: Int) {
        core.appChangesColumns { uikitHideColumn(index) }
    }

    /// The app sets `preferredDisplayMode`, through `PageSplitViewController`'s override
    /// (SPL-7): expanded, the display mode changes, the delegate hearing
    /// `willChangeToDisplayMode` first; collapsed, it is what the split view proposes when
    /// it expands.
    /// - Parameter display: The display mode the app prefers.
    public func appPrefersDisplay(_ display: SplitDisplay) {
        model.called("preferredDisplayMode = \(display.rawValue)")
        core.appChangesColumns {
            guard display != displayMode else { return }
            if uikitIsCollapsed { return displayMode = display }
            changeDisplay(to: display)
            animate()
        }
    }

    /// The app calls `setViewController(_:for:)` itself, through
    /// `PageSplitViewController`'s override: a view controller that is not a navigation
    /// controller is wrapped in a queue navigation controller named for the column, a
    /// navigation controller with no name is named for it, and the change is reported as
    /// the app's; the compact column, a column's removal and a controller shown elsewhere
    /// are refused without calling UIKit.
    /// - Parameters:
    ///   - controller: The view controller; `nil` to remove the column.
    ///   - index: The column; `nil` for the compact column.
    public func appSetsViewController(_ controller: ModelViewController?, forColumn index: Int?) {
        core.appSetsColumn(index, to: controller) { index, name in
            guard let controller else { return }
            let stack = controller as? ModelNavigationController
                ?? ModelNavigationController(model, name: name, root: [controller], queue: core.queue)
            if stack.title.isEmpty { stack.title = name }
            uikitSetsColumn(index, to: stack)
        }
    }

    /// `setViewController:forColumn:` as the header says (SPL-8), given a navigation
    /// controller.
    private func uikitSetsColumn(_ index: Int, to stack: ModelNavigationController) {
        model.called("setViewController \(stack.title) forColumn \(index)")
        guard columns[index] !== stack else { return }
        columns[index].parent = nil
        stack.parent = self
        columns[index] = stack
    }

    /// `hideColumn:` as the header says (SPL-6).
    private func uikitHideColumn(_ index: Int) {
        model.called("hideColumn \(columns[index].title)")
        let shown = shownColumns
        defer { columnsAppear(after: shown) }
        if uikitIsCollapsed {
            guard index > 0, stackedColumns.last == index else { return }
            willHide(index)
            stackedColumns.removeLast()
            return animate()
        }
        let secondary = columns.count - 1
        guard index != secondary, isShown(index) else { return }
        let display: SplitDisplay = index == 0 && columns.count == 3 ? .doubleColumn : .detailOnly
        changeDisplay(to: display)
        animate()
    }

    /// `showColumn:` as the header says (SPL-1, SPL-2, SPL-3).
    private func uikitShowColumn(_ index: Int) {
        model.called("showColumn \(columns[index].title)")
        let shown = shownColumns
        defer { columnsAppear(after: shown) }
        if uikitIsCollapsed {
            guard let top = stackedColumns.last, top != index else { return }
            if index > top {
                for column in (top + 1)...index {
                    model.called("willShowColumn \(columns[column].title)")
                    core.willShowColumn(column)
                }
            } else {
                for column in ((index + 1)...top).reversed() { willHide(column) }
            }
            stackedColumns = Array(0...index)
            return animate()
        }
        guard index != columns.count - 1, !isShown(index) else { return }
        changeDisplay(to: index == 0 ? .all : .doubleColumn)
        animate()
    }

    /// Whether the display mode shows the column, expanded.
    private func isShown(_ index: Int) -> Bool {
        switch displayMode {
        case .automatic, .all: true
        case .doubleColumn: index >= columns.count - 2
        case .detailOnly: index == columns.count - 1
        }
    }

    /// `willHideColumn`, to the delegate.
    private func willHide(_ column: Int) {
        model.called("willHideColumn \(columns[column].title)")
        core.willHideColumn(column)
    }

    /// `willChangeToDisplayMode`, to the delegate, and the change.
    private func changeDisplay(to display: SplitDisplay) {
        model.called("willChangeToDisplayMode \(display.rawValue)")
        core.willChangeDisplay(to: display)
        let shown = shownColumns
        displayMode = display
        columnsAppear(after: shown)
    }

    /// Whether `column`'s view is in the window, as far as the split view goes:
    /// collapsed, only the column on top of the one stack; expanded, every column, or
    /// those the display mode shows (``UIKitModel/Behaviour/hiddenColumnsLeaveWindow``).
    func showsColumn(_ column: ModelViewController) -> Bool {
        guard let index = columns.firstIndex(where: { $0 === column }) else { return false }
        if uikitIsCollapsed { return stackedColumns.last == index }
        return !model.behaviour.hiddenColumnsLeaveWindow || isShown(index)
    }

    /// The columns whose views the split view shows now.
    private var shownColumns: [Bool] { columns.map(showsColumn) }

    /// The columns back in the window since `before` hear what they owe: a `didShow` for a
    /// change made while they were out, if UIKit sends one at all.
    private func columnsAppear(after before: [Bool]) {
        for (index, column) in columns.enumerated() where !before[index] && column.isInWindow {
            column.appeared()
        }
    }

    /// Starts the transition of a `showColumn:` or `hideColumn:`. Each transition's
    /// completion runs when its own animation ends, even if another began meanwhile: the
    /// coordinator is released only after its transition completes
    /// (`UIViewControllerTransitionCoordinator.h`); the split view vends the latest.
    private func animate() {
        let coordinator = ModelCoordinator(model: model, interactive: false)
        self.coordinator = coordinator
        model.animate { [weak self] in
            coordinator.complete()
            if self?.coordinator === coordinator { self?.coordinator = nil }
        }
    }
}

extension ModelSplitViewController: SplitSurface {
    package var columnItems: [AnyObject] { columns }
    package var containerPage: (any Page)? { self }
    package var columnTransition: (any TransitionCoordination)? { coordinator }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? ModelViewController else { return false }
        return controller.parent != nil || controller.presentingViewController != nil
    }

    /// PageKit's `showColumn:`, through the same override as the app's.
    package func showColumn(at index: Int) {
        core.appChangesColumns { uikitShowColumn(index) }
    }
}
