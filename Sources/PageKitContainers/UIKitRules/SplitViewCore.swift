package import PageKit

/// A UIKit split view controller as ``SplitViewCore`` sees it.
@MainActor
package protocol SplitSurface: AnyObject {
    /// The columns' controllers, leading first (`viewControllerForColumn:`).
    var columnItems: [AnyObject] { get }
    /// The container as a page, for reports.
    var containerPage: (any Page)? { get }
    /// `showColumn:` for the column at `index`.
    func showColumn(at index: Int)
    /// Whether `item` belongs to another container or is presented.
    func isShownElsewhere(_ item: AnyObject) -> Bool
    /// The split view's transition coordinator right after `showColumn:`, if an
    /// animation started.
    var columnTransition: (any TransitionCoordination)? { get }
}

/// Every decision a UIKit split view controller makes for PageKit: which column is
/// current, what showing one does, what the person changed, and what collapsing and
/// expanding do not change.
///
/// The UIKit rules it relies on (`UISplitViewController.h`): collapsed, `showColumn:`
/// pushes the column and those between, does nothing for the top one and pops those
/// covering it; expanded, it is ignored for the secondary column and a column already
/// shown, and otherwise animates to the nearest display mode showing it; after either,
/// the split view's `transitionCoordinator` is available if an animation started. The
/// delegate's `topColumnForCollapsingToProposedTopColumn` chooses the column on top when
/// it collapses, which PageKit answers with the current column, so that collapsing and
/// expanding never change the path. That `willHideColumn` comes for the person's back at
/// a column's root in the collapsed stack, and `willChangeToDisplayMode` for the
/// display-mode button, is inferred from the delegate's declarations.
@MainActor
package final class SplitViewCore: IdleQueueAdopting {
    /// UIKit, or the behaviour model.
    package weak var surface: (any SplitSurface)?
    /// The queue the person's changes are reported on.
    package var queue: TransitionQueue
    /// The columns and the current one.
    package private(set) var state: SplitState
    /// Whether PageKit's own `showColumn:` is running: what UIKit says meanwhile is not
    /// the person's.
    private var showing = false
    /// Whether the app's own `showColumn:` or `hideColumn:` is running: what UIKit says
    /// meanwhile is the app's, not the person's.
    private var appChanging = false
    /// The display mode PageKit answered UIKit's question before expanding with.
    private var expandingTo: SplitDisplay?

    /// - Parameters:
    ///   - columnCount: 2 for `.doubleColumn`, 3 for `.tripleColumn`.
    ///   - queue: The navigator's queue.
    package init(columnCount: Int, queue: TransitionQueue) {
        state = SplitState(columnCount: columnCount)
        self.queue = queue
    }

    /// The current column, as a page.
    package var currentItem: AnyObject? {
        guard let items = surface?.columnItems, items.indices.contains(state.current) else { return nil }
        return items[state.current]
    }

    /// PageKit makes `page`, one of the columns, current: `showColumn:` when that changes
    /// anything, ending when the split view's transition does, at once without one.
    /// - Parameters:
    ///   - page: One of the columns.
    ///   - completion: Finished when the column shows; failed with
    ///     ``/PageKit/NavigationError/Code/staleHierarchy`` for a page that is not a column.
    package func select(_ page: any Page, completion: TransitionCompletion) {
        guard let surface, let index = surface.columnItems.firstIndex(where: { $0 === page }) else {
            let name = surface?.containerPage?.pageName ?? "the split view"
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not a column of `\(name)`"))
        }
        guard state.show(index) != .nothing else { return completion.finish() }
        reportCurrentColumn(by: .app)
        showing = true
        surface.showColumn(at: index)
        showing = false
        // `false` says nothing of whether the completion will come: end now; the
        // completion counts only its first end. UIKit runs the coordinator's completions
        // while the transition is still its own, and vends the coordinator meanwhile: the
        // step ends on the next turn, so that the next one never meets it.
        let clock = queue.clock
        guard let transition = surface.columnTransition,
              transition.whenCompleted({ _ in _ = clock.schedule(after: .zero) { completion.finish() } }) else {
            return completion.finish()
        }
    }

    /// Runs `body`, a `showColumn:` or `hideColumn:` of the split view's, so that the
    /// column changes UIKit announces meanwhile are reported as the app's: the app's own
    /// call (a sidebar row's action) is not the person's gesture. PageKit's own
    /// `showColumn:` passes through, as it reports its change itself.
    /// - Parameter body: The call to UIKit.
    package func appChangesColumns(_ body: () -> Void) {
        guard !showing, !appChanging else { return body() }
        appChanging = true
        defer { appChanging = false }
        body()
    }

    /// Who made a change UIKit announces outside PageKit's own `showColumn:`.
    private var changer: NavigationSource { appChanging ? .app : .user }

    /// `topColumnForCollapsingToProposedTopColumn`: the current column stays on top.
    package var topColumnForCollapsing: Int { state.current }

    /// `splitViewControllerDidCollapse`: no change of the path, nothing reported.
    package func didCollapse() {
        _ = state.collapse()
    }

    /// `displayModeForExpandingToProposedDisplayMode`: `proposed` when it shows the
    /// current column, else the nearest display mode that does, so that expanding
    /// changes no path.
    /// - Parameter proposed: The display mode UIKit proposes.
    /// - Returns: The display mode to expand to.
    package func displayForExpanding(proposed: SplitDisplay) -> SplitDisplay {
        let display = state.displayForExpanding(proposed: proposed)
        expandingTo = display
        return display
    }

    /// `splitViewControllerDidExpand`: no change of the path, nothing reported.
    package func didExpand() {
        _ = state.expand(to: expandingTo)
        expandingTo = nil
    }

    /// `willChangeToDisplayMode` outside PageKit's own `showColumn:`: the person's
    /// display-mode button or swipe, or the app's own `showColumn:` or `hideColumn:`.
    /// Hiding the current column makes the secondary current, reported as theirs.
    /// - Parameter display: The display mode it changes to.
    package func willChangeDisplay(to display: SplitDisplay) {
        guard !showing, state.displayChanged(to: display) else { return }
        reportCurrentColumn(by: changer)
    }

    /// `willHideColumn` outside PageKit's own `showColumn:`: collapsed, the person's back
    /// at the root of the top column, or the app's own `hideColumn:` or `showColumn:` of
    /// a column below, takes it off the one stack.
    /// - Parameter index: The column being hidden.
    package func willHideColumn(_ index: Int) {
        guard !showing, state.isCollapsed, index == state.current, state.popColumn() != nil else { return }
        reportCurrentColumn(by: changer)
    }

    /// `willShowColumn` outside PageKit's own `showColumn:`: the app showed a column
    /// itself (a sidebar row's action calling `show(_:)`), reported as the app's.
    /// - Parameter index: The column being shown.
    package func willShowColumn(_ index: Int) {
        guard !showing, state.show(index) != .nothing else { return }
        reportCurrentColumn(by: .app)
    }

    /// The app's own `setViewController(_:for:)` (`PageSplitViewController`'s override):
    /// the column at `index` becomes `item`, which `install` hands to UIKit, and the
    /// change is reported as the app's. UIKit would wrap a view controller that is not a
    /// navigation controller in a new, unnamed `UINavigationController`
    /// (`UISplitViewController.h`), which no path could name; `install` wraps it in a
    /// `QueueNavigationController` instead, and names a column that has no name of its
    /// own after the column it replaces, so paths reach it as before.
    ///
    /// Refused, with UIKit not called and the refusal announced as a failure of the
    /// app's: the compact column (`index` `nil`), as PageKit shows a collapsed split view's
    /// columns as one stack; removing a column (`item` `nil`); and an item that another
    /// column, or another container, already holds.
    /// - Parameters:
    ///   - index: The column; `nil` for the compact column.
    ///   - item: The view controller the app gives.
    ///   - install: Hands the column to UIKit: given the column's index and name.
    package func appSetsColumn(_ index: Int?, to item: AnyObject?,
                               install: (_ index: Int, _ name: String) -> Void) {
        guard let surface else { return }
        let split = surface.containerPage?.pageName ?? ""
        let before = surface.columnItems
        guard let index, before.indices.contains(index) else {
            return refuse(NavigationError(.cannotShow, component: split, reason:
                "the compact column is not followed: collapsed, the columns of `\(split)` form one stack"))
        }
        let name = (before[index] as? any Page)?.pageName ?? ""
        guard let item else {
            return refuse(NavigationError(.outOfRange, component: name, reason:
                "column `\(name)` of `\(split)` cannot be removed; set what it shows instead"))
        }
        guard item === before[index] || (!before.contains { $0 === item } && !surface.isShownElsewhere(item)) else {
            let shown = StackRules.describe(item)
            return refuse(NavigationError(.alreadyInHierarchy, component: shown, reason:
                "`\(shown)` is already shown in another column or container; a page is shown once"))
        }
        install(index, name)
        let after = surface.columnItems
        guard !after.elementsEqual(before, by: { $0 === $1 }) else { return }
        queue.reportChange(HierarchyChange(.replaced, by: .app, in: surface.containerPage,
                                           pages: after.compactMap { $0 as? any Page }))
    }

    private func refuse(_ refusal: NavigationError) {
        queue.reportRefusal(refusal, by: .app)
    }

    /// Reports that the current column changed, by the app or the person.
    private func reportCurrentColumn(by source: NavigationSource) {
        queue.reportChange(HierarchyChange(.selected, by: source, in: surface?.containerPage,
                                           pages: (currentItem as? any Page).map { [$0] } ?? []))
    }
}
