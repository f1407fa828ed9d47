public import PageKit

/// Modal presentation with no UI, and the transparent stacks `!/` and `#/` make.
///
/// Like UIKit, it holds the presented pages; a presenter is held weakly. A page presents
/// at most one page at a time.
public final class HeadlessPageHost: PageHost {
    private struct Presentation {
        weak var presenter: (any Page)?
        let page: any Page
    }

    private var presentations: [ObjectIdentifier: Presentation] = [:]
    /// Times presentations and dismissals.
    public let driver: any TransitionDriver
    /// The queue the stacks it makes use for their queued operations.
    public let queue: TransitionQueue

    /// Creates a host.
    /// - Parameters:
    ///   - driver: Times its transitions and those of the stacks it makes.
    ///   - queue: The queue for the stacks it makes; share the navigator's.
    public init(driver: any TransitionDriver = ImmediateTransitionDriver(), queue: TransitionQueue = TransitionQueue()) {
        self.driver = driver
        self.queue = queue
    }

    /// The page `presenter` presents, if any.
    /// - Parameter presenter: A page.
    /// - Returns: The presented page.
    public func presentedPage(of presenter: any Page) -> (any Page)? {
        guard let presentation = presentations[ObjectIdentifier(presenter)],
              presentation.presenter === presenter else { return nil }
        return presentation.page
    }

    /// Presents `page` from `presenter`; fails if `presenter` already presents one.
    /// - Parameters:
    ///   - page: The page to present.
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        sweep()
        if let current = presentedPage(of: presenter) {
            return completion.fail(NavigationError(
                .cannotShow, component: page.pageName,
                reason: "`\(presenter.pageDescription)` already presents `\(current.pageDescription)`"))
        }
        presentations[ObjectIdentifier(presenter)] = Presentation(presenter: presenter, page: page)
        run(.present, presenter, page, animated, completion)
    }

    /// Dismisses what `presenter` presents, and everything presented above it; fails if
    /// it presents nothing.
    /// - Parameters:
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let page = presentedPage(of: presenter) else {
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        removePresentations(from: presenter)
        sweep()
        run(.dismiss, presenter, page, animated, completion)
    }

    /// A transparent ``HeadlessNavigationStack`` with this host's driver and queue.
    /// - Parameter pages: The stack, bottom first.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page]) -> any StackContainer {
        HeadlessNavigationStack(pages: pages, driver: driver, queue: queue)
    }

    /// Removes `presenter`'s presentation and those of every page inside what it
    /// presented.
    private func removePresentations(from presenter: any Page) {
        guard let removed = presentations.removeValue(forKey: ObjectIdentifier(presenter)) else { return }
        var pending: [any Page] = [removed.page]
        while let page = pending.popLast() {
            if let nested = presentations.removeValue(forKey: ObjectIdentifier(page)) {
                pending.append(nested.page)
            }
            if let parent = page as? any ParentPage {
                pending.append(contentsOf: parent.containedPages)
            }
        }
    }

    /// Drops presentations whose presenter has been freed.
    private func sweep() {
        presentations = presentations.filter { $0.value.presenter != nil }
    }

    private func run(_ kind: HeadlessTransition.Kind, _ presenter: any Page, _ page: any Page, _ animated: Bool,
                     _ completion: TransitionCompletion) {
        let transition = HeadlessTransition(kind: kind, container: presenter.pageDescription,
                                            pages: [page.pageDescription], animated: animated)
        driver.run(transition) { completion.finish() }
    }
}
