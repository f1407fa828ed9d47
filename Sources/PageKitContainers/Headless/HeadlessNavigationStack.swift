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

    /// Pushes `pages` on top at once; the driver reports the end.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func push(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        guard !pages.isEmpty else { return completion.finish() }
        self.pages.append(contentsOf: pages)
        run(.push, pages, animated, completion)
    }

    /// Pops every page above `page` at once; fails if `page` is not in the stack.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func pop(to page: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let index = index(of: page) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not in stack `\(pageName)`"))
        }
        let popped = Array(pages[(index + 1)...])
        pages.removeSubrange((index + 1)...)
        run(.pop, popped, animated, completion)
    }

    /// Replaces the stack at once; fails for an empty one.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the driver says so.
    public func setStack(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        guard !pages.isEmpty else {
            return completion.fail(NavigationError(.outOfRange, component: pageName,
                                                   reason: "a navigation stack cannot be empty"))
        }
        self.pages = pages
        run(.setStack, pages, animated, completion)
    }

    /// Begins an interactive pop (a swipe back): it holds the queue until it is cancelled
    /// or finished; the stack does not change before it finishes.
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

        /// The swipe went through: the top page is removed.
        public func finish() {
            guard !interaction.isEnded else { return }
            if let stack, stack.pages.count > 1 {
                stack.pages.removeLast()
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

    private func run(_ kind: HeadlessTransition.Kind, _ pages: [any Page], _ animated: Bool,
                     _ completion: TransitionCompletion) {
        let transition = HeadlessTransition(kind: kind, container: self, pages: pages, animated: animated)
        driver.run(transition) { completion.finish() }
    }
}
