public import PageKit

/// Modal presentation for SwiftUI, and the stacks `!/` and `#/` make: a
/// ``/PageKit/PageHost`` whose presentations SwiftUI's `sheet(item:)` and
/// `fullScreenCover(item:)` bind to (``PageRootView`` attaches them), and that runs on
/// Linux.
///
/// `!` presents a sheet, or a full-screen cover when the step's
/// ``/PageKit/ShowStyle/presentation`` is ``/PageKit/PresentationStyle/fullScreen``; a
/// sheet stops at the style's detents, if it gives any (popovers show as sheets;
/// ``/PageKit/PresentationStyle/custom(_:)`` fails, as SwiftUI has no such presentation).
/// `!/` and `#/` make a ``PageStackModel``.
///
/// As UIKit does, a modal belongs to its presentation context: once the host knows the
/// root (a ``/PageKit/Navigator`` tells it), a page presented from anywhere in a level is
/// recorded as presented by that level's root (the app's root, or the modal the level lives
/// in), whose view carries the `sheet` modifier. A level presents one page at a time.
///
/// SwiftUI's presentations report no completion on iOS 16: a presentation ends when the
/// presented page appears (``presentationAppeared(_:)``, from `onAppear`) and a dismissal
/// when SwiftUI's `onDismiss` runs (``presentationEnded(over:)``); the queue's time-out is
/// the safety net. The person's swipe down sets the binding to `nil`
/// (``personDismissed(_:)``), reported as the person's dismissal.
///
/// ```swift
/// let queue = TransitionQueue()
/// let host = PageHostModel(queue: queue)
/// let navigator = Navigator(root: tabs, host: host, registry: registry, queue: queue)
/// ```
public final class PageHostModel: PageHost, ObservableModel {
    private struct Record {
        weak var level: (any Page)?
        let page: any Page
        let style: ShowStyle
    }

    /// The queue its changes are reported on, and that the stacks it makes use.
    public let queue: TransitionQueue
    private var records: [ObjectIdentifier: Record] = [:]
    private weak var root: (any Page)?
    private let pending = PendingTransition()
    package let observers = ModelObservers()

    /// Creates a host.
    /// - Parameter queue: The queue to report on, and for the stacks it makes; share the
    ///   navigator's.
    public init(queue: TransitionQueue) {
        self.queue = queue
    }

    /// Keeps the root, to find the level a presenter belongs to.
    /// - Parameter root: The navigator's root page.
    public func install(root: any Page) {
        self.root = root
        observers.send(animated: false)
    }

    /// The page `presenter` presents, if any.
    /// - Parameter presenter: A page.
    /// - Returns: The presented page.
    public func presentedPage(of presenter: any Page) -> (any Page)? {
        guard let record = records[ObjectIdentifier(presenter)], record.level === presenter else { return nil }
        return record.page
    }

    /// What the view of `level` presents: the value its `sheet(item:)` or
    /// `fullScreenCover(item:)` binds to.
    /// - Parameter level: The root of a level: the app's root, or a presented page.
    /// - Returns: The presentation, or `nil`.
    public func presentation(over level: any Page) -> PagePresentation? {
        guard let record = records[ObjectIdentifier(level)], record.level === level else { return nil }
        return PagePresentation(record.page, style: record.style)
    }

    /// How `page` was presented, while it is.
    /// - Parameter page: A presented page.
    /// - Returns: The style of the step that presented it, or `nil`.
    public func presentationStyle(of page: any Page) -> ShowStyle? {
        records.values.first { $0.page === page }?.style
    }

    /// The presented pages, from the root's level up.
    package var presentedPages: [any Page] {
        guard var level = root else { return records.values.map(\.page) }
        var pages: [any Page] = []
        while let page = presentedPage(of: level) {
            pages.append(page)
            level = page
        }
        return pages
    }

    /// What the transition running on this host waits for from the screen, if any.
    package var screenWait: ScreenWait? { pending.wait }

    // MARK: PageHost

    /// Presents `page` as a sheet over the level `presenter` belongs to.
    /// - Parameters:
    ///   - page: The page to present.
    ///   - presenter: A page of the level.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the page has appeared.
    /// - Complexity: O(*n*) in the number of live pages, to find the level.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        present(page, from: presenter, animated: animated, by: .app, completion: completion)
    }

    /// Presents `page` over the level `presenter` belongs to, as `style` says: a
    /// full-screen cover for ``/PageKit/PresentationStyle/fullScreen``, a sheet (with the
    /// style's detents) otherwise; ``/PageKit/TransitionStyle/none`` does not animate.
    /// - Parameters:
    ///   - page: The page to present, not already shown.
    ///   - presenter: A page of the level.
    ///   - animated: Whether to animate.
    ///   - style: How to present it.
    ///   - completion: Finished when the page has appeared (at once when not animated);
    ///     failed with ``/PageKit/NavigationError/Code/cannotShow`` when the level already
    ///     presents a page or the style is custom, and with
    ///     ``/PageKit/NavigationError/Code/alreadyInHierarchy`` when the page is shown.
    /// - Complexity: O(*n*) in the number of live pages, to find the level.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                        completion: TransitionCompletion) {
        present(page, from: presenter, animated: animated, by: .app, style: style, completion: completion)
    }

    func present(_ page: any Page, from presenter: any Page, animated: Bool, by source: NavigationSource,
                 style: ShowStyle = .default, completion: TransitionCompletion) {
        sweep()
        if case .custom(let name) = style.presentation {
            return completion.fail(NavigationError(.cannotShow, component: page.pageName,
                                                   reason: "SwiftUI has no presentation named `\(name)`"))
        }
        let level = levelRoot(of: presenter)
        if let current = presentedPage(of: level) {
            return completion.fail(NavigationError(
                .cannotShow, component: page.pageName,
                reason: "`\(level.pageDescription)` already presents `\(current.pageDescription)`"))
        }
        if isShown(page) {
            let refusal = NavigationError(.alreadyInHierarchy, component: page.pageDescription,
                                          reason: "`\(page.pageDescription)` is already shown; a page is shown once")
            queue.reportRefusal(refusal, by: source)
            return completion.fail(refusal)
        }
        records[ObjectIdentifier(level)] = Record(level: level, page: page, style: style)
        queue.reportChange(HierarchyChange(.presented, by: source, in: level, pages: [page]))
        if animated, style.transition != .none {
            pending.begin(.appearance, of: page, after: .present, completion: completion)
            observers.send(animated: true)
        } else {
            observers.send(animated: false)
            completion.finish()
        }
    }

    /// Dismisses what `presenter` presents (as recorded: a level's root), and everything
    /// presented above it.
    /// - Parameters:
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when SwiftUI's `onDismiss` runs (at once when not
    ///     animated); failed with ``/PageKit/NavigationError/Code/staleHierarchy`` when
    ///     `presenter` presents nothing.
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        dismissPage(presentedBy: presenter, animated: animated, by: .app, completion: completion)
    }

    func dismissPage(presentedBy presenter: any Page, animated: Bool, by source: NavigationSource,
                     completion: TransitionCompletion) {
        guard let page = presentedPage(of: presenter) else {
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        removePresentations(from: presenter)
        sweep()
        queue.reportChange(HierarchyChange(.dismissed, by: source, in: presenter, pages: [page]))
        if animated {
            pending.begin(.dismissal, of: presenter, after: .dismiss, completion: completion)
            observers.send(animated: true)
        } else {
            observers.send(animated: false)
            completion.finish()
        }
    }

    /// A transparent ``PageStackModel`` on this host's queue.
    /// - Parameter pages: The stack, bottom first.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page]) -> any StackContainer {
        PageStackModel(pages: pages, queue: queue)
    }

    /// A transparent ``PageStackModel`` of the kind `style` names (its
    /// ``PageStackModel/kind``).
    /// - Parameters:
    ///   - pages: The stack, bottom first.
    ///   - style: The style of the step that shows it.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        let stack = PageStackModel(pages: pages, queue: queue)
        stack.kind = style.stack
        return stack
    }

    // MARK: What the view tells the model

    /// The presented `page` appeared (`onAppear` of the sheet's content): the
    /// presentation that waits for it ends.
    /// - Parameter page: The page whose view appeared.
    public func presentationAppeared(_ page: any Page) {
        guard let wait = pending.wait, wait.kind == .appearance, wait.page.page === page else { return }
        pending.end()
    }

    /// SwiftUI's `onDismiss` ran for the presentation over `level`: the dismissal that
    /// waits for it ends.
    /// - Parameter level: The page whose view carries the `sheet` modifier.
    public func presentationEnded(over level: any Page) {
        guard let wait = pending.wait, wait.kind == .dismissal, wait.page.page === level else { return }
        pending.end()
    }

    /// Tells the views to read the presented pages' leave policies again, after one
    /// changed. A page that is an `ObservableObject` needs no call.
    public func leavePoliciesChanged() {
        observers.send(animated: true)
    }

    // MARK: Levels

    /// The level `page` is the root of, if it presents or could present: the page whose
    /// view carries the `sheet` modifier for it.
    /// - Complexity: O(*n*) in the number of live pages.
    func levelRoot(of page: any Page) -> any Page {
        guard root != nil else { return page }
        return PresentationLevels.level(holding: page, root: root, presented: records.values.lazy.map(\.page)) ?? page
    }

    /// The level that presents `page`, if it is presented.
    func presenter(of page: any Page) -> (any Page)? {
        records.values.first { $0.page === page }?.level
    }

    /// Whether `page` is held by the root's tree or by a presented page, or is presented.
    private func isShown(_ page: any Page) -> Bool {
        PresentationLevels.level(holding: page, root: root, presented: records.values.lazy.map(\.page)) != nil
    }

    /// Removes `presenter`'s presentation and those of every page inside what it
    /// presented.
    func removePresentations(from presenter: any Page) {
        guard let removed = records.removeValue(forKey: ObjectIdentifier(presenter)) else { return }
        var remaining: [any Page] = [removed.page]
        while let page = remaining.popLast() {
            if let nested = records.removeValue(forKey: ObjectIdentifier(page)) {
                remaining.append(nested.page)
            }
            if let parent = page as? any ParentPage {
                remaining.append(contentsOf: parent.containedPages)
            }
        }
        // A presentation that waited to appear and is gone will not appear.
        if let wait = pending.wait, wait.kind == .appearance, let page = wait.page.page,
           PresentationLevels.level(holding: page, root: nil, presented: records.values.lazy.map(\.page)) == nil {
            pending.end()
        }
    }

    /// Drops presentations whose presenter has been freed.
    private func sweep() {
        records = records.filter { $0.value.level != nil }
    }
}
