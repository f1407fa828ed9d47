public import PageKit

/// Modal presentation with no UI, and the transparent stacks `!/` and `#/` make.
///
/// Like UIKit, it holds the presented pages, and a modal belongs to its presentation
/// context rather than to the page it was presented from: once the host knows the root
/// (a `Navigator` tells it), a page presented from anywhere in a level is recorded as
/// presented by that level's root (the app's root, or the modal the level lives in). So
/// pushing under a modal leaves it covering the screen, as UIKit does. A level presents
/// at most one page at a time; presenters are held weakly.
public final class HeadlessPageHost: PageHost {
    private struct Presentation {
        weak var presenter: (any Page)?
        let page: any Page
        var style = ShowStyle.default
    }

    // Main-actor state no access ever overlaps: the dynamic exclusivity check buys nothing.
    @exclusivity(unchecked) private var presentations: [ObjectIdentifier: Presentation] = [:]
    private weak var root: (any Page)?
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

    /// Keeps the root, to find the level a presenter belongs to.
    /// - Parameter root: The navigator's root page.
    public func install(root: any Page) {
        self.root = root
    }

    /// Presents `page` over the level `presenter` belongs to; fails if that level already
    /// presents one.
    /// - Parameters:
    ///   - page: The page to present.
    ///   - presenter: A page of the level.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    /// - Complexity: O(*n*) in the number of live pages, to find the level.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        present(page, from: presenter, animated: animated, by: .app, completion: completion)
    }

    /// Presents `page` as `style` says; the driver's transition records the style.
    /// - Parameters:
    ///   - page: The page to present.
    ///   - presenter: A page of the level.
    ///   - animated: Whether to animate.
    ///   - style: How to present it.
    ///   - completion: Finished when the driver says so.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                        completion: TransitionCompletion) {
        present(page, from: presenter, animated: animated, by: .app, style: style, completion: completion)
    }

    func present(_ page: any Page, from presenter: any Page, animated: Bool, by source: NavigationSource,
                 style: ShowStyle = .default, completion: TransitionCompletion) {
        sweep()
        let owner = levelRoot(of: presenter)
        if let current = presentedPage(of: owner) {
            return completion.fail(NavigationError(
                .cannotShow, component: page.pageName,
                reason: "`\(owner.pageDescription)` already presents `\(current.pageDescription)`"))
        }
        if isShown(page) {
            let refusal = NavigationError(.alreadyInHierarchy, component: page.pageDescription,
                                          reason: "`\(page.pageDescription)` is already shown; a page is shown once")
            queue.reportRefusal(refusal, by: source)
            return completion.fail(refusal)
        }
        presentations[ObjectIdentifier(owner)] = Presentation(presenter: owner, page: page, style: style)
        queue.reportChange(HierarchyChange(.presented, by: source, in: owner, pages: [page]))
        run(.present, owner, page, animated, completion, style: style)
    }

    /// Whether `page` is held by the root's tree or by a presented page, or is presented.
    private func isShown(_ page: any Page) -> Bool {
        PresentationLevels.level(holding: page, root: root, presented: presentations.values.lazy.map(\.page)) != nil
    }

    /// The root of the level `page` is held in: the app's root or a presented page; the
    /// page itself when the host knows no root or finds it nowhere.
    private func levelRoot(of page: any Page) -> any Page {
        guard root != nil else { return page }
        return PresentationLevels.level(holding: page, root: root, presented: presentations.values.lazy.map(\.page))
            ?? page
    }

    /// Dismisses what `presenter` presents (as recorded: a level's root), and everything
    /// presented above it, animated as `style` says; the driver's transition records the
    /// style. Fails if it presents nothing.
    /// - Parameters:
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the driver says so.
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle,
                            completion: TransitionCompletion) {
        dismissPage(presentedBy: presenter, animated: animated, by: .app, style: style, completion: completion)
    }

    func dismissPage(presentedBy presenter: any Page, animated: Bool, by source: NavigationSource,
                     style: ShowStyle = .default, completion: TransitionCompletion) {
        guard let page = presentedPage(of: presenter) else {
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        removePresentations(from: presenter)
        sweep()
        queue.reportChange(HierarchyChange(.dismissed, by: source, in: presenter, pages: [page]))
        run(.dismiss, presenter, page, animated, completion, style: style)
    }

    // MARK: Acting as the person does

    /// The person swipes down the sheet on top: it goes if the queue is idle and the
    /// `LeaveConfirming.leavePolicy(for:)` of every page it removes allows it (a `!/`
    /// sheet's stack and each page in it), or is held and each page that confirms is
    /// asked first.
    /// - Parameter finishing: Whether the sheet is swiped past the point of no return;
    ///   otherwise it springs back.
    /// - Returns: What became of the swipe.
    /// - Throws: `NavigationError.Code.staleHierarchy` when nothing is presented,
    ///   `NavigationError.Code.busy` while a transition runs.
    @discardableResult
    public func userSwipesDownModal(finishing: Bool = true) throws -> LeaveAttempt {
        guard let (presenter, sheet) = topPresentation() else {
            throw NavigationError(.staleHierarchy, reason: "nothing is presented to swipe down")
        }
        let removed = PresentationLevels.removed(with: sheet, presentedPage: presentedPage(of:))
        switch queue.leavePolicy(for: removed, by: .swipeDown) {
        case .refuse:
            return .refused
        case .confirm:
            return .leaving(queue.enqueueLeave(of: removed, by: .swipeDown) { [weak self, weak presenter] completion in
                guard let self, let presenter else {
                    return completion.fail(NavigationError(.staleHierarchy, reason: "the sheet's presenter is gone"))
                }
                self.dismissPage(presentedBy: presenter, animated: true, by: .user, completion: completion)
            })
        case .allow:
            guard let interaction = queue.beginInteraction("swipe down of \(sheet.pageDescription)") else {
                throw NavigationError(.busy, component: sheet.pageName,
                                      reason: "a transition is running, so the sheet cannot be swiped")
            }
            defer { interaction.end() }
            guard finishing else { return .abandoned }
            // The finger was the animation: the sheet is gone once it lifts.
            removePresentations(from: presenter)
            sweep()
            queue.reportChange(HierarchyChange(.dismissed, by: .user, in: presenter, pages: [sheet]))
            return .left
        }
    }

    /// The page presented last, over everything else, and its presenter.
    private func topPresentation() -> (presenter: any Page, page: any Page)? {
        guard var level = root else { return nil }
        var top: (presenter: any Page, page: any Page)?
        while let page = presentedPage(of: level) {
            top = (level, page)
            level = page
        }
        return top
    }

    /// A transparent ``HeadlessNavigationStack`` with this host's driver and queue.
    /// - Parameter pages: The stack, bottom first.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page]) -> any StackContainer {
        HeadlessNavigationStack(pages: pages, driver: driver, queue: queue)
    }

    /// A transparent ``HeadlessNavigationStack`` of the kind `style` names (its
    /// ``HeadlessNavigationStack/kind``).
    /// - Parameters:
    ///   - pages: The stack, bottom first.
    ///   - style: The style of the step that shows it.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        let stack = HeadlessNavigationStack(pages: pages, driver: driver, queue: queue)
        stack.kind = style.stack
        return stack
    }

    /// How `page` was presented, while it is: the style of the step that presented it.
    /// - Parameter page: A presented page.
    /// - Returns: Its style, or `nil` when it is not presented.
    public func presentationStyle(of page: any Page) -> ShowStyle? {
        presentations.values.first { $0.page === page }?.style
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

    private func run(_ kind: ContainerTransition.Kind, _ presenter: any Page, _ page: any Page, _ animated: Bool,
                     _ completion: TransitionCompletion, style: ShowStyle = .default) {
        let transition = ContainerTransition(kind: kind, container: presenter, pages: [page], animated: animated,
                                            style: style)
        driver.run(transition) { completion.finish() }
    }
}
