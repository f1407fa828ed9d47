package import PageKit

/// What a split view shows and every decision it makes about its columns, for
/// `PageSplitModel` and `PageSplitViewController` alike.
///
/// The rules it follows are UIKit's for `showColumn:` (`UISplitViewController.h`, the
/// comment above `hideColumn:`): collapsed, showing a column pushes it and the columns
/// between onto the one stack if it is not on it, does nothing if it is on top, and pops
/// the columns covering it otherwise; expanded, it changes the display mode to the nearest
/// one that shows the column, and does nothing for the secondary column or a column
/// already shown. The current column is the one the live path goes through: collapsed,
/// the top of the one stack; expanded, the one the last navigation went to. Collapsing
/// keeps it on top (PageKit answers `topColumnForCollapsingToProposedTopColumn` with it),
/// and expanding keeps it on screen (PageKit answers
/// `displayModeForExpandingToProposedDisplayMode` with a display mode that shows it), so
/// neither collapsing nor expanding changes the path.
package struct SplitState: Hashable, Sendable {
    /// How many columns: 2 or 3.
    package let columnCount: Int
    /// The current column's index.
    package private(set) var current: Int
    /// Whether the columns form one stack.
    package private(set) var isCollapsed: Bool
    /// Which columns an expanded split view shows.
    package private(set) var display: SplitDisplay

    /// What showing a column does.
    package enum Showing: Hashable, Sendable {
        /// Nothing: it is current and on screen.
        case nothing
        /// Expanded: it becomes current; `displayChanged` when the display mode changes to show it.
        case madeCurrent(displayChanged: Bool)
        /// Collapsed: it and the columns between are pushed onto the one stack.
        case pushed
        /// Collapsed: the columns covering it are popped.
        case popped
    }

    /// - Parameters:
    ///   - columnCount: 2 or 3 (anything else is taken as the nearest).
    ///   - current: The current column; the last when out of range.
    ///   - isCollapsed: Whether the columns form one stack.
    ///   - display: Which columns an expanded split view shows.
    package init(columnCount: Int, current: Int? = nil, isCollapsed: Bool = false, display: SplitDisplay = .automatic) {
        self.columnCount = min(max(columnCount, 2), 3)
        let last = self.columnCount - 1
        self.current = current.map { (0...last).contains($0) ? $0 : last } ?? last
        self.isCollapsed = isCollapsed
        self.display = display
    }

    /// The index of the secondary column.
    package var secondary: Int { columnCount - 1 }

    /// Whether column `index` is on screen: collapsed, whether it is on top; expanded,
    /// whether the display mode shows it (every column, for ``SplitDisplay/automatic``).
    package func isOnScreen(_ index: Int) -> Bool {
        isCollapsed ? index == current : shows(display, index)
    }

    /// Whether an expanded split view in `display` shows column `index`.
    private func shows(_ display: SplitDisplay, _ index: Int) -> Bool {
        switch display {
        case .automatic, .all: true
        case .doubleColumn: index >= columnCount - 2
        case .detailOnly: index == secondary
        }
    }

    /// `display` if it shows column `index`, else the nearest display mode that does, as
    /// `showColumn:` picks it: every column for the primary, the last two otherwise.
    private func nearestDisplay(to display: SplitDisplay, showing index: Int) -> SplitDisplay {
        shows(display, index) ? display : index == 0 ? .all : .doubleColumn
    }

    /// Makes column `index` current, as `showColumn:` would.
    /// - Parameter index: A column's index, in range.
    /// - Returns: What it did.
    package mutating func show(_ index: Int) -> Showing {
        if isCollapsed {
            guard index != current else { return .nothing }
            defer { current = index }
            return index > current ? .pushed : .popped
        }
        let shown = nearestDisplay(to: display, showing: index)
        let displayChanged = shown != display
        display = shown
        guard index != current || displayChanged else { return .nothing }
        current = index
        return .madeCurrent(displayChanged: displayChanged)
    }

    /// The width became compact: the columns before and at the current one form the
    /// stack, the current one on top.
    /// - Returns: Whether it was expanded.
    package mutating func collapse() -> Bool {
        defer { isCollapsed = true }
        return !isCollapsed
    }

    /// The display mode an expanding split view takes: `proposed` when it shows the
    /// current column, else the nearest one that does.
    /// - Parameter proposed: The display mode the platform proposes, or the one before
    ///   collapsing.
    package func displayForExpanding(proposed: SplitDisplay) -> SplitDisplay {
        nearestDisplay(to: proposed, showing: current)
    }

    /// The width became regular: the columns stand side by side again, the current one
    /// still current and on screen (``displayForExpanding(proposed:)``).
    /// - Parameter display: The display mode it expands to; by default, the one before
    ///   collapsing, or the nearest that shows the current column.
    /// - Returns: Whether it was collapsed.
    package mutating func expand(to display: SplitDisplay? = nil) -> Bool {
        guard isCollapsed else { return false }
        isCollapsed = false
        self.display = display ?? displayForExpanding(proposed: self.display)
        return true
    }

    /// The person's back at the root of the current column, collapsed: the column comes
    /// off the one stack, keeping its pages, and the one below is current.
    /// - Returns: The new current column, or `nil` when there is nothing to go back to.
    package mutating func popColumn() -> Int? {
        guard isCollapsed, current > 0 else { return nil }
        current -= 1
        return current
    }

    /// The display mode changed outside PageKit's own `showColumn:` (the person's
    /// display-mode button or sidebar swipe, the app's own call): a current column it
    /// hides gives way to the secondary column.
    /// - Parameter display: The new display mode.
    /// - Returns: Whether the current column changed.
    package mutating func displayChanged(to display: SplitDisplay) -> Bool {
        self.display = display
        guard !isCollapsed, !isOnScreen(current) else { return false }
        current = secondary
        return true
    }

    /// Why a split view cannot have `count` columns.
    /// - Parameters:
    ///   - count: How many columns were given.
    ///   - name: The split view, for the message.
    /// - Returns: The error, or `nil` for two or three.
    package static func refusal(ofColumns count: Int, name: String) -> NavigationError? {
        guard count != 2, count != 3 else { return nil }
        return NavigationError(.cannotShow, component: name,
                               reason: "a split view has two or three columns, not \(count)")
    }
}
