#if canImport(UIKit)
public import PageKit
public import UIKit

/// A column-style `UISplitViewController` that is a ``/PageKit/SplitContainer``: its
/// columns are navigation controllers, reached by paths as tabs are
/// (`/mail#detail/message(id=3)`), named by their `restorationIdentifier`.
///
/// Expanded, a path that names a column changes that column's stack and makes it the
/// current column (`showColumn(_:)`, which shows a column the display mode hid).
/// Collapsed, the columns form one stack, and the same path shows the column with
/// `showColumn(_:)`, which pushes it and the columns between onto that stack; the plan
/// says so. When the split view collapses, the current column stays on top (the
/// controller answers `topColumnForCollapsingToProposedTopColumn`), and when it expands,
/// the current column stays on screen (it answers
/// `displayModeForExpandingToProposedDisplayMode` with the proposed display mode, or the
/// nearest one that shows the column), so collapsing and expanding change no path and
/// are not reported. The person's display-mode button that
/// hides the current column, and their back at a column's root in the collapsed stack,
/// are reported as the person's.
///
/// The app's own `setViewController(_:for:)` replaces a column as paths still name it,
/// reported as the app's change; a view controller that is not a navigation controller
/// is wrapped in a ``QueueNavigationController``.
///
/// Set `delegate` as usual: the controller keeps the delegate slot for itself and passes
/// every message on to yours, except that it answers
/// `topColumnForCollapsingToProposedTopColumn` and
/// `displayModeForExpandingToProposedDisplayMode` itself.
///
/// ```swift
/// let sidebar = QueueNavigationController(rootViewController: mailboxes, queue: navigator.queue)
/// sidebar.restorationIdentifier = "sidebar"
/// let detail = QueueNavigationController(rootViewController: welcome, queue: navigator.queue)
/// detail.restorationIdentifier = "detail"
/// let mail = try PageSplitViewController(name: "mail", columns: [sidebar, detail], queue: navigator.queue)
/// ```
open class PageSplitViewController: UISplitViewController, SplitContainer, QueuedContainer {
    /// Every decision it makes; this class translates them to UIKit.
    let core: SplitViewCore
    private let delegateProxy = SplitDelegateProxy()
    private var columnControllers: [UINavigationController]

    /// The name it answers to.
    public let pageName: String

    /// The queue it reports the person's changes on. A navigator moves the controller
    /// onto its own queue when it installs it or first meets it.
    public var transitionQueue: TransitionQueue {
        get { core.queue }
        set { core.queue = newValue }
    }

    /// Moves onto `queue` while the queue it is on is idle.
    /// - Parameter queue: The navigator's queue.
    /// - Returns: Whether ``transitionQueue`` is `queue` now.
    public func adopt(_ queue: TransitionQueue) -> Bool {
        core.adopt(queue)
    }

    /// Creates a split view of two columns (`.doubleColumn`) or three (`.tripleColumn`).
    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - columns: The columns' navigation controllers, leading first, each named by its
    ///     `restorationIdentifier`.
    ///   - queue: The queue to report on; share the navigator's.
    /// - Throws: ``/PageKit/NavigationError/Code/cannotShow`` for other than two or three columns.
    public init(name: String, columns: [UINavigationController], queue: TransitionQueue) throws {
        if let error = SplitState.refusal(ofColumns: columns.count, name: name) { throw error }
        pageName = name
        columnControllers = columns
        core = SplitViewCore(columnCount: columns.count, queue: queue)
        super.init(style: columns.count == 3 ? .tripleColumn : .doubleColumn)
        for (index, column) in columns.enumerated() { setViewController(column, for: Self.column(at: index, of: columns.count)) }
        core.surface = self
        delegateProxy.owner = self
        super.delegate = delegateProxy
    }

    /// Not supported: a split view's columns are given to ``init(name:columns:queue:)``.
    /// - Parameter coder: The decoder.
    public required init?(coder: NSCoder) {
        nil
    }

    /// The app's delegate; every message is passed on to it.
    override open var delegate: (any UISplitViewControllerDelegate)? {
        get { delegateProxy.external }
        set {
            delegateProxy.external = newValue
            // Reassigned so UIKit asks the proxy again which optional messages it answers.
            super.delegate = nil
            super.delegate = delegateProxy
        }
    }

    /// The columns.
    public var containedPages: [any Page] { columnControllers }

    /// The current column: the top of the one stack when collapsed, else the column the
    /// last navigation went to.
    public var visiblePage: (any Page)? { core.currentItem as? any Page }

    /// Makes `page` the current column with `showColumn(_:)`.
    /// - Parameters:
    ///   - page: One of the columns.
    ///   - animated: UIKit animates `showColumn(_:)` as it sees fit.
    ///   - completion: Finished when the column shows.
    public func selectTab(_ page: any Page, animated: Bool, completion: TransitionCompletion) {
        core.select(page, completion: completion)
    }

    static func column(at index: Int, of count: Int) -> UISplitViewController.Column {
        switch (index, count) {
        case (0, _): .primary
        case (1, 3): .supplementary
        default: .secondary
        }
    }

    func index(of column: UISplitViewController.Column) -> Int? {
        switch column {
        case .primary: 0
        case .supplementary: columnControllers.count == 3 ? 1 : nil
        case .secondary: columnControllers.count - 1
        default: nil
        }
    }

    /// The display mode that shows what `display` says: `proposed` when it does.
    func displayMode(for display: SplitDisplay, proposed: UISplitViewController.DisplayMode)
        -> UISplitViewController.DisplayMode {
        guard self.display(of: proposed) != display else { return proposed }
        switch display {
        case .automatic: return .automatic
        case .all: return columnControllers.count == 3 ? .twoBesideSecondary : .oneBesideSecondary
        case .doubleColumn: return .oneBesideSecondary
        case .detailOnly: return .secondaryOnly
        }
    }

    func display(of mode: UISplitViewController.DisplayMode) -> SplitDisplay {
        switch mode {
        case .secondaryOnly: .detailOnly
        case .oneBesideSecondary, .oneOverSecondary: columnControllers.count == 3 ? .doubleColumn : .all
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: .all
        default: .automatic
        }
    }
}

extension PageSplitViewController {
    /// The display mode the app prefers. Set by the app's own code, the display mode change
    /// it makes (`willChangeToDisplayMode`) is reported as the app's, where the person's
    /// display-mode button is theirs: hiding the current column makes the secondary one
    /// current.
    override open var preferredDisplayMode: UISplitViewController.DisplayMode {
        get { super.preferredDisplayMode }
        set { core.appChangesColumns { super.preferredDisplayMode = newValue } }
    }

    /// Shows `column` as `UISplitViewController` does; a call from the app's own code (a
    /// sidebar row's action) is reported to the navigator as the app's change, not the
    /// person's.
    /// - Parameter column: The column to show.
    override open func show(_ column: UISplitViewController.Column) {
        core.appChangesColumns { super.show(column) }
    }

    /// Hides `column` as `UISplitViewController` does; a call from the app's own code is
    /// reported to the navigator as the app's change, not the person's.
    /// - Parameter column: The column to hide.
    override open func hide(_ column: UISplitViewController.Column) {
        core.appChangesColumns { super.hide(column) }
    }

    /// Replaces a column, reported to the navigator as the app's change. A view controller
    /// that is not a navigation controller is wrapped in a ``QueueNavigationController``
    /// on ``transitionQueue`` (UIKit would wrap it in a plain one), and a column with no
    /// `restorationIdentifier` takes the name of the column it replaces, so paths reach it
    /// as before. Refused, with a `failed` event of the app's and nothing changed: the
    /// compact column (a collapsed split view's columns form one stack), `nil`, and a view
    /// controller another column or container holds.
    /// - Parameters:
    ///   - vc: The column's new view controller.
    ///   - column: The column.
    override open func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column) {
        // The initializer's own columns.
        guard core.surface != nil else { return super.setViewController(vc, for: column) }
        core.appSetsColumn(index(of: column), to: vc) { index, name in
            guard let vc else { return }
            let stack = vc as? UINavigationController ?? QueueNavigationController(rootViewController: vc, queue: core.queue)
            if stack.restorationIdentifier == nil { stack.restorationIdentifier = name }
            super.setViewController(stack, for: column)
            columnControllers[index] = stack
        }
    }
}

extension PageSplitViewController: SplitSurface {
    package var columnItems: [AnyObject] { columnControllers }
    package var containerPage: (any Page)? { self }
    package var columnTransition: (any TransitionCoordination)? { transitionCoordinator.map(UIKitCoordination.init) }

    package func showColumn(at index: Int) {
        show(Self.column(at: index, of: columnControllers.count))
    }

    package func isShownElsewhere(_ item: AnyObject) -> Bool {
        guard let controller = item as? UIViewController else { return false }
        return controller.parent != nil || controller.presentingViewController != nil
    }
}

/// Takes the split view controller's delegate slot to learn of collapsing, expanding and
/// the person's column changes, and passes every message on to the app's own delegate.
final class SplitDelegateProxy: NSObject, UISplitViewControllerDelegate {
    weak var owner: PageSplitViewController?
    // Read from `responds(to:)` and `forwardingTarget(for:)`, which UIKit calls on the
    // main thread but Objective-C declares without isolation.
    nonisolated(unsafe) weak var external: (any UISplitViewControllerDelegate)?

    // The protocol does not refine NSObjectProtocol, so the app's delegate is asked as
    // an object.
    override nonisolated func responds(to selector: Selector!) -> Bool {
        super.responds(to: selector) || externalResponds(to: selector)
    }

    override nonisolated func forwardingTarget(for selector: Selector!) -> Any? {
        externalResponds(to: selector) ? external : nil
    }

    private nonisolated func externalResponds(to selector: Selector) -> Bool {
        (external as? any NSObjectProtocol)?.responds(to: selector) ?? false
    }

    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column {
        guard let owner else { return proposedTopColumn }
        return PageSplitViewController.column(at: owner.core.topColumnForCollapsing, of: owner.columnItems.count)
    }

    func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
        owner?.core.didCollapse()
        external?.splitViewControllerDidCollapse?(svc)
    }

    func splitViewController(_ svc: UISplitViewController,
                             displayModeForExpandingToProposedDisplayMode proposedDisplayMode: UISplitViewController.DisplayMode)
        -> UISplitViewController.DisplayMode {
        guard let owner else { return proposedDisplayMode }
        let display = owner.core.displayForExpanding(proposed: owner.display(of: proposedDisplayMode))
        return owner.displayMode(for: display, proposed: proposedDisplayMode)
    }

    func splitViewControllerDidExpand(_ svc: UISplitViewController) {
        owner?.core.didExpand()
        external?.splitViewControllerDidExpand?(svc)
    }

    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
        if let owner { owner.core.willChangeDisplay(to: owner.display(of: displayMode)) }
        external?.splitViewController?(svc, willChangeTo: displayMode)
    }

    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {
        if let owner, let index = owner.index(of: column) { owner.core.willShowColumn(index) }
        external?.splitViewController?(svc, willShow: column)
    }

    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {
        if let owner, let index = owner.index(of: column) { owner.core.willHideColumn(index) }
        external?.splitViewController?(svc, willHide: column)
    }
}
#endif
