public import PageKit

/// A navigation stack with no UI: the model UIKit's navigation controller keeps, for
/// tests, previews and hosts without UIKit.
///
/// The stack changes when a transition starts (as `viewControllers` does) and reports the
/// end through its ``TransitionDriver``. Its ``queued`` API lets any caller push and pop
/// in turn, like `QueueNavigationController`.
///
/// ```swift
/// let queue = TransitionQueue(clock: clock)
/// let contact = HeadlessNavigationStack(name: "contact", pages: [ListPage()], queue: queue)
/// contact.queued.push(DetailPage())
/// ```
public final class HeadlessNavigationStack: StackContainer, QueuedContainer {
    /// The name it answers to; empty for a transparent stack, which stands for its first
    /// page.
    public let pageName: String
    /// Its own parameters.
    public var pageParameters: PageParameters
    // Main-actor state no access ever overlaps: the dynamic exclusivity check buys nothing.
    /// The pages, bottom first.
    @exclusivity(unchecked) public private(set) var pages: [any Page]
    /// Times its transitions.
    public let driver: any TransitionDriver
    /// The queue its queued operations go through.
    public let transitionQueue: TransitionQueue
    /// The kind of stack it is, when a host made it for a `!/` or `#/` whose style named
    /// one (`ShowStyle.stack`).
    public internal(set) var kind: String?
    /// Pushes and pops that wait their turn.
    public private(set) lazy var queued = NavigationStackQueue(stack: self, queue: transitionQueue)

    /// Creates a stack.
    /// - Parameters:
    ///   - name: The name it answers to; empty for a transparent stack.
    ///   - parameters: Its own parameters.
    ///   - pages: The initial pages, bottom first.
    ///   - driver: Times its transitions; immediate by default.
    ///   - queue: The queue for its queued operations; share the navigator's.
    public init(
        name: String = "",
        parameters: PageParameters = [:],
        pages: [any Page] = [],
        driver: any TransitionDriver = ImmediateTransitionDriver(),
        queue: TransitionQueue = TransitionQueue()
    ) {
        pageName = name
        pageParameters = parameters
        self.pages = pages
        self.driver = driver
        transitionQueue = queue
    }

    /// The stack, bottom first.
    public var containedPages: [any Page] { pages }

    /// Pushes `pages` on top at once; the driver reports the end. A change the navigator
    /// did not ask for is reported on ``transitionQueue`` as the app's.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so; failed with
    ///     `NavigationError.Code.alreadyInHierarchy` (and nothing pushed) if a page is
    ///     already in the stack or given twice.
    public func push(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        push(pages, animated: animated, by: .app, completion: completion)
    }

    /// Pushes `pages` shown as `style` says; the driver's transition records the style.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - style: How to show them.
    ///   - completion: Finished when the driver says so.
    public func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        push(pages, animated: animated, by: .app, style: style, completion: completion)
    }

    func push(_ pages: [any Page], animated: Bool, by source: NavigationSource, style: ShowStyle = .default,
              completion: TransitionCompletion) {
        guard !pages.isEmpty else { return completion.finish() }
        if let refusal = StackRules.refusalToPush(pages, onto: self.pages, stack: self) {
            transitionQueue.reportRefusal(refusal, by: source)
            return completion.fail(refusal)
        }
        self.pages.append(contentsOf: pages)
        transitionQueue.reportChange(HierarchyChange(.pushed, by: source, in: self, pages: pages))
        run(.push, pages, animated, completion, style: style)
    }

    /// Pops every page above `page` at once, animated as `style` says; the driver's
    /// transition records the style. Fails if `page` is not in the stack.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the driver says so.
    public func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        pop(to: page, animated: animated, by: .app, style: style, completion: completion)
    }

    func pop(to page: any Page, animated: Bool, by source: NavigationSource, style: ShowStyle = .default,
             completion: TransitionCompletion) {
        guard let index = index(of: page) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not in stack `\(pageName)`"))
        }
        let popped = Array(pages[(index + 1)...])
        pages.removeSubrange((index + 1)...)
        if !popped.isEmpty {
            transitionQueue.reportChange(HierarchyChange(.popped, by: source, in: self, pages: popped))
        }
        run(.pop, popped, animated, completion, style: style)
    }

    /// Replaces the stack at once; fails for an empty one, or one that holds a page twice.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func setStack(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        setStack(pages, animated: animated, style: .default, completion: completion)
    }

    /// Replaces the stack, shown as `style` says; the driver's transition records it.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - style: How to show it.
    ///   - completion: Finished when the driver says so.
    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard !pages.isEmpty else {
            return completion.fail(NavigationError(.outOfRange, component: pageName,
                                                   reason: "a navigation stack cannot be empty"))
        }
        if let refusal = StackRules.refusalToPush(pages, onto: [], stack: self) {
            transitionQueue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        self.pages = pages
        transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: pages))
        run(.setStack, pages, animated, completion, style: style)
    }

    // MARK: Acting as the person does

    /// The person taps the back button: the top page leaves, as its
    /// `LeaveConfirming.leavePolicy(for:)` allows (asked first when it says so).
    /// - Returns: `LeaveAttempt.leaving(_:)` with the queued pop, or
    ///   `LeaveAttempt.refused` when the page refuses at once.
    /// - Throws: `NavigationError.Code.outOfRange` when only the root is left.
    @discardableResult
    public func userTapsBack() throws -> LeaveAttempt {
        try leaveTop(by: .backButton)
    }

    /// The person swipes back: the swipe begins if the queue is idle and the top page's
    /// policy allows it; it then finishes (the top page is popped) or is abandoned (the
    /// stack stays). A page whose policy says `LeavePolicy.confirm` holds the swipe and
    /// is asked; it leaves through the queue if it agrees.
    /// - Parameter finishing: Whether the finger lifts past the point of no return.
    /// - Returns: What became of the swipe.
    /// - Throws: `NavigationError.Code.outOfRange` when only the root is left,
    ///   `NavigationError.Code.busy` while a transition runs.
    @discardableResult
    public func userSwipesBack(finishing: Bool = true) throws -> LeaveAttempt {
        switch try beginSwipeBack() {
        case .began(let swipe):
            if finishing {
                swipe.finish()
                return .left
            }
            swipe.cancel()
            return .abandoned
        case .held(let attempt):
            return attempt
        }
    }

    /// What beginning a swipe back gives: the swipe in progress, or what the page's
    /// policy made of it.
    @MainActor
    public enum SwipeStart {
        /// The swipe is in progress; finish or cancel it.
        case began(InteractivePop)
        /// The swipe did not begin: refused, or held while the page is asked.
        case held(LeaveAttempt)
    }

    /// Begins a swipe back, for a test that drives it step by step (see
    /// ``userSwipesBack(finishing:)``).
    /// - Returns: The swipe in progress, or what the page's policy made of it.
    /// - Throws: `NavigationError.Code.outOfRange` when only the root is left,
    ///   `NavigationError.Code.busy` while a transition runs.
    public func beginSwipeBack() throws -> SwipeStart {
        guard pages.count > 1, let top = pages.last else {
            throw NavigationError(.outOfRange, component: pageName, reason: "there is no page to swipe back to")
        }
        switch transitionQueue.leavePolicy(for: PresentationLevels.removed(with: top, presentedPage: { _ in nil }),
                                           by: .swipeBack) {
        case .allow:
            return .began(try beginInteractivePop())
        case .refuse:
            return .held(.refused)
        case .confirm:
            return .held(try leaveTop(by: .swipeBack))
        }
    }

    private func leaveTop(by gesture: LeaveGesture) throws -> LeaveAttempt {
        guard pages.count > 1, let top = pages.last else {
            throw NavigationError(.outOfRange, component: pageName, reason: "there is no page to go back to")
        }
        let removed = PresentationLevels.removed(with: top, presentedPage: { _ in nil })
        if transitionQueue.leavePolicy(for: removed, by: gesture) == .refuse { return .refused }
        return .leaving(transitionQueue.enqueueLeave(of: removed, by: gesture) { [weak self, weak top] completion in
            guard let self, let top, let index = self.index(of: top), index > 0 else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page to leave is no longer on top"))
            }
            self.pop(to: self.pages[index - 1], animated: true, by: .user, completion: completion)
        })
    }

    /// Begins an interactive pop (a swipe back) whatever the top page's leave policy: it
    /// holds the queue until it is cancelled or finished; the stack does not change before
    /// it finishes. ``beginSwipeBack()`` asks the policy first.
    /// - Returns: The pop in progress.
    /// - Throws: `NavigationError` with code `outOfRange` with only the root left, or
    ///   `busy` while another transition runs (UIKit would not let the gesture begin).
    public func beginInteractivePop() throws -> InteractivePop {
        guard pages.count > 1 else {
            throw NavigationError(.outOfRange, component: pageName, reason: "there is no page to swipe back to")
        }
        guard let interaction = queued.beginInteractivePop() else {
            throw NavigationError(.busy, component: pageName,
                                  reason: "a transition is running, so the swipe cannot begin")
        }
        return InteractivePop(stack: self, interaction: interaction)
    }

    /// An interactive pop in progress on a ``HeadlessNavigationStack``.
    @MainActor
    public final class InteractivePop {
        private weak var stack: HeadlessNavigationStack?
        private let interaction: TransitionInteraction

        init(stack: HeadlessNavigationStack, interaction: TransitionInteraction) {
            self.stack = stack
            self.interaction = interaction
        }

        /// Whether it has been cancelled or finished.
        public var isEnded: Bool { interaction.isEnded }

        /// The swipe was abandoned: the stack stays as it was.
        public func cancel() {
            interaction.end()
        }

        /// The swipe went through: the top page is removed, as the person's change.
        public func finish() {
            guard !interaction.isEnded else { return }
            if let stack, stack.pages.count > 1 {
                let top = stack.pages.removeLast()
                stack.transitionQueue.reportChange(HierarchyChange(.popped, by: .user, in: stack, pages: [top]))
            }
            interaction.end()
        }
    }

    /// Where `page` is, searched from the top, where pops usually go.
    private func index(of page: any Page) -> Int? {
        var index = pages.count - 1
        while index >= 0 {
            if pages[index] === page { return index }
            index -= 1
        }
        return nil
    }

    private func run(_ kind: ContainerTransition.Kind, _ pages: [any Page], _ animated: Bool,
                     _ completion: TransitionCompletion, style: ShowStyle = .default) {
        let transition = ContainerTransition(kind: kind, container: self, pages: pages, animated: animated, style: style)
        driver.run(transition) { completion.finish() }
    }
}
