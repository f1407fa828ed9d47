public import PageKit

/// The model of a SwiftUI `NavigationSplitView`: a ``/PageKit/SplitContainer`` whose
/// columns are navigation stacks, that `PageSplitView` binds to, and that runs on Linux.
///
/// A path reaches a column with `#`, as it reaches a tab, and goes on in that column's
/// stack: `/mail#detail/message(id=3)`. Expanded, that changes only the detail column's
/// stack, and makes it the current column; collapsed (``collapse()``, a compact width),
/// the columns form one stack, so the detail column is pushed onto it, above the columns
/// before it, and the message above that. The plan says which: `push column detail onto
/// mail (collapsed split view)`. Collapsing and expanding change no column's pages and
/// are never reported as a change of the path.
///
/// The person's changes are reported as theirs (``/PageKit/HierarchyChange`` `.selected`
/// by `.user`): showing a column (``userShowsColumn(_:)``), going back off a column's
/// root in the one stack (``userTapsBack()``), and hiding the current column with the
/// display-mode button (``userChangesDisplay(_:)``). Each column's own back button and
/// swipe are its stack's, reported by the stack.
///
/// ```swift
/// let mailboxes = PageStackModel(name: "sidebar", pages: [ScreenPage("mailboxes")], queue: queue)
/// let messages = PageStackModel(name: "detail", pages: [ScreenPage("inbox")], queue: queue)
/// let mail = try PageSplitModel(name: "mail", columns: [mailboxes, messages], queue: queue)
/// // In a view: PageSplitView(mail), or PageRootView(root: mail, …)
/// ```
public final class PageSplitModel: SplitContainer, QueuedContainer, ObservableModel {
    /// The name it answers to.
    public let pageName: String
    /// Its own parameters.
    public var pageParameters: PageParameters
    /// The columns, leading first: primary, supplementary (of three), secondary.
    public let columns: [PageStackModel]
    /// The queue its changes are reported on; share the navigator's.
    public let transitionQueue: TransitionQueue
    /// How its transitions end: at once, unless a driver times them.
    public let ending: TransitionEnd
    package let observers = ModelObservers()
    private var state: SplitState
    /// The column whose `onDisappear` came, collapsed, waiting a turn to learn whether the
    /// whole split view left with it.
    private var columnLeaving: Int?

    /// Creates a split view model.
    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - parameters: Its own parameters.
    ///   - columns: Two or three stacks, leading first; each a column's navigation stack,
    ///     named as paths name the column.
    ///   - current: The current column at first; the secondary column by default.
    ///   - isCollapsed: Whether it starts collapsed (a compact width).
    ///   - queue: The queue to report its changes on; share the navigator's.
    ///   - ending: How its transitions end: at once, unless a driver times them.
    /// - Throws: ``/PageKit/NavigationError/Code/cannotShow`` for other than two or three columns.
    public init(name: String, parameters: PageParameters = [:], columns: [PageStackModel], current: Int? = nil,
                isCollapsed: Bool = false, queue: TransitionQueue, ending: TransitionEnd = .screen) throws {
        if let error = SplitState.refusal(ofColumns: columns.count, name: name) { throw error }
        pageName = name
        pageParameters = parameters
        self.columns = columns
        state = SplitState(columnCount: columns.count, current: current, isCollapsed: isCollapsed)
        transitionQueue = queue
        self.ending = ending
    }

    /// The columns.
    public var containedPages: [any Page] { columns }

    /// The current column: the top of the one stack when collapsed, else the column the
    /// last navigation went to.
    public var visiblePage: (any Page)? { columns[state.current] }

    /// The current column's index.
    public var currentColumn: Int { state.current }

    /// Whether the columns form one stack (a compact width).
    public var isCollapsed: Bool { state.isCollapsed }

    /// Which columns the expanded split view shows: what `NavigationSplitView`'s column
    /// visibility binds to.
    public var display: SplitDisplay { state.display }

    /// Whether column `index` is on screen: collapsed, only the top of the one stack.
    /// - Parameter index: A column's index.
    /// - Returns: Whether it shows.
    public func isOnScreen(column index: Int) -> Bool {
        columns.indices.contains(index) && state.isOnScreen(index)
    }

    /// The columns on the one stack, bottom first, when collapsed; every column otherwise.
    public var stackedColumns: ArraySlice<PageStackModel> {
        state.isCollapsed ? columns[...state.current] : columns[...]
    }

    /// Makes `page` the current column: collapsed, pushing it (and the columns between)
    /// or popping back to it; expanded, showing it if the display mode hid it.
    /// - Parameters:
    ///   - page: One of the columns.
    ///   - animated: Passed on to the view.
    ///   - completion: Finished at once (when the driver says so, with one), or failed with
    ///     ``/PageKit/NavigationError/Code/staleHierarchy``.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let index = columns.firstIndex(where: { $0 === page }) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not a column of `\(pageName)`"))
        }
        guard state.show(index) != .nothing else { return completion.finish() }
        reportCurrentColumn(by: .app, animated: animated)
        ending.end(ContainerTransition(kind: .select, container: self, pages: [page], animated: animated),
                   completion: completion)
    }

    /// The width became compact: the columns form one stack, the current column on top.
    /// Not a change of the path, so nothing is reported.
    public func collapse() {
        guard state.collapse() else { return }
        observers.send(animated: false)
    }

    /// The width became regular: the columns stand side by side, the current one still
    /// current and on screen: a display mode that hid it gives way to the nearest one that
    /// shows it. Not a change of the path, so nothing is reported.
    public func expand() {
        guard state.expand() else { return }
        observers.send(animated: false)
    }

    /// The person shows column `index` (a sidebar row, a link in an earlier column): it
    /// becomes current at once, as a tab bar tap does, and the change is reported as the
    /// person's.
    /// - Parameter index: The column's index.
    /// - Throws: ``/PageKit/NavigationError/Code/outOfRange`` when there is no such column.
    public func userShowsColumn(_ index: Int) throws {
        guard columns.indices.contains(index) else {
            throw NavigationError(.outOfRange, component: pageName,
                                  reason: "`\(pageName)` has \(columns.count) columns, so there is no column \(index)")
        }
        guard state.show(index) != .nothing else { return }
        reportCurrentColumn(by: .user, animated: true)
    }

    /// The person changes which columns show (the display-mode button, the sidebar
    /// swipe; SwiftUI writes the column visibility). Hiding the current column makes the
    /// secondary current, reported as the person's change.
    /// - Parameter display: What now shows.
    public func userChangesDisplay(_ display: SplitDisplay) {
        changeDisplay(to: display, by: .user)
    }

    /// The app changes which columns show, as `preferredDisplayMode` does in UIKit (the
    /// sidebar hidden after a pick, say): the view follows. Hiding the current column makes
    /// the secondary current, reported as the app's change. Collapsed, it is kept for when
    /// the split view expands.
    ///
    /// ```swift
    /// mail.setDisplay(.detailOnly)
    /// ```
    /// - Parameter display: What shows from now on.
    public func setDisplay(_ display: SplitDisplay) {
        changeDisplay(to: display, by: .app)
    }

    private func changeDisplay(to display: SplitDisplay, by source: NavigationSource) {
        guard display != state.display else { return }
        if state.displayChanged(to: display) {
            reportCurrentColumn(by: source, animated: true)
        } else {
            observers.send(animated: true)
        }
    }

    /// The platform took column `index` off the one stack itself, collapsed (SwiftUI's
    /// own back button at a column's root, which nothing can refuse): the column below
    /// is current, and the change is reported as the person's. Ignored unless `index` is
    /// the current column of a collapsed split view, as a late or repeated report is.
    ///
    /// SwiftUI says so only through the column's `onDisappear`, which also runs when the
    /// whole split view leaves the screen (its tab is switched away, a cover hides it), in
    /// an order it does not document. So the column is taken off on the next turn of the
    /// run loop (the queue's clock), unless ``viewDisappeared()`` came meanwhile.
    /// - Parameter index: The column that left the screen.
    public func userLeftColumn(_ index: Int) {
        guard state.isCollapsed, index == state.current, index > 0 else { return }
        columnLeaving = index
        _ = transitionQueue.clock.schedule(after: .zero) { [weak self] in self?.settleColumnLeaving() }
    }

    /// The split view itself left the screen (SwiftUI's `onDisappear` of the whole view):
    /// the columns that disappeared with it were not left by the person, and stay.
    public func viewDisappeared() {
        columnLeaving = nil
    }

    private func settleColumnLeaving() {
        guard let index = columnLeaving else { return }
        columnLeaving = nil
        guard state.isCollapsed, index == state.current, state.popColumn() != nil else { return }
        reportCurrentColumn(by: .user, animated: true)
    }

    /// Reports that the current column changed, by the app or the person, and redraws.
    private func reportCurrentColumn(by source: NavigationSource, animated: Bool) {
        transitionQueue.reportChange(HierarchyChange(.selected, by: source, in: self, pages: [columns[state.current]]))
        observers.send(animated: animated)
    }

    /// The person taps back in the current column: its stack's back when it holds more
    /// than its root; collapsed, at a column's root, the column comes off the one stack
    /// (keeping its pages) through the queue, as the root's leave policy for
    /// ``/PageKit/LeaveGesture/backButton`` allows.
    /// - Returns: How the leave went.
    /// - Throws: ``/PageKit/NavigationError/Code/outOfRange`` when there is nothing to go back to.
    @discardableResult
    public func userTapsBack() throws -> LeaveAttempt {
        let column = columns[state.current]
        if column.pages.count > 1 || !state.isCollapsed || state.current == 0 { return try column.userTapsBack() }
        let leaving: [any Page] = column.pages
        if transitionQueue.leavePolicy(for: leaving, by: .backButton) == .refuse { return .refused }
        return .leaving(transitionQueue.enqueueLeave(of: leaving, by: .backButton) { [weak self, weak column] completion in
            guard let self, let column, self.columns[self.state.current] === column, self.state.popColumn() != nil else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the column to leave is no longer on top"))
            }
            self.reportCurrentColumn(by: .user, animated: true)
            completion.finish()
        })
    }
}
