public import PageKit

/// The queued behaviour of a navigation stack: pushes and pops that anyone asks for wait
/// their turn on a ``TransitionQueue`` and are checked against the stack as it is when
/// their turn comes, never as it was when they were asked.
///
/// `QueueNavigationController` and ``HeadlessNavigationStack`` share it: the container
/// supplies the primitives (``StackContainer``), this class supplies the order.
///
/// ```swift
/// stack.queued.push(detail)           // starts now, or after what runs
/// stack.queued.pop()                  // pops the top *at its turn*
/// try await stack.queued.pop(to: list).finished()
/// ```
@MainActor
public final class NavigationStackQueue {
    /// The queue the stack's transitions go through.
    public let queue: TransitionQueue
    private weak var stack: (any StackContainer)?

    /// Creates the queued behaviour of `stack`.
    /// - Parameters:
    ///   - stack: The stack; held weakly.
    ///   - queue: The queue; share the navigator's so everything waits in one line.
    public init(stack: any StackContainer, queue: TransitionQueue) {
        self.stack = stack
        self.queue = queue
    }

    /// Pushes `page` when its turn comes.
    /// - Parameters:
    ///   - page: The page to push.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket that tells how it ended.
    @discardableResult
    public func push(_ page: any Page, animated: Bool = true) -> TransitionTicket {
        perform("push \(page.pageDescription)", animated: animated) { stack, completion in
            stack.push([page], animated: animated, completion: completion)
            return nil
        }
    }

    /// Pops the page on top when its turn comes; fails with
    /// ``NavigationError/Code/outOfRange`` if only the root is left then.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func pop(animated: Bool = true) -> TransitionTicket {
        perform("pop", animated: animated) { stack, completion in
            let pages = stack.containedPages
            guard pages.count > 1 else {
                return NavigationError(.outOfRange, component: stack.pageName,
                                       reason: "only the root page of the stack is left to pop")
            }
            stack.pop(to: pages[pages.count - 2], animated: animated, completion: completion)
            return nil
        }
    }

    /// Pops until `page` is on top when its turn comes; fails with
    /// ``NavigationError/Code/staleHierarchy`` if it is not in the stack then.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func pop(to page: any Page, animated: Bool = true) -> TransitionTicket {
        let name = page.pageDescription
        // Held weakly while it waits: a page popped meanwhile is freed, not kept alive.
        return perform("pop to \(name)", animated: animated) { [weak page] stack, completion in
            guard let page, stack.containedPages.contains(where: { $0 === page }) else {
                return NavigationError(.staleHierarchy, component: name,
                                       reason: "`\(name)` is not in the stack any more")
            }
            stack.pop(to: page, animated: animated, completion: completion)
            return nil
        }
    }

    /// Pops to the root page when its turn comes.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> TransitionTicket {
        perform("pop to root", animated: animated) { stack, completion in
            guard let root = stack.containedPages.first else {
                return NavigationError(.outOfRange, component: stack.pageName, reason: "the stack is empty")
            }
            stack.pop(to: root, animated: animated, completion: completion)
            return nil
        }
    }

    /// Replaces the whole stack when its turn comes.
    /// - Parameters:
    ///   - pages: The new stack, bottom first; must not be empty.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func setStack(_ pages: [any Page], animated: Bool = true) -> TransitionTicket {
        perform("set stack", animated: animated) { stack, completion in
            guard !pages.isEmpty else {
                return NavigationError(.outOfRange, component: stack.pageName,
                                       reason: "a navigation stack cannot be empty")
            }
            stack.setStack(pages, animated: animated, completion: completion)
            return nil
        }
    }

    /// Takes hold of the queue for an interactive pop, if it is idle and there is a page
    /// to pop.
    /// - Returns: The interaction to end once the gesture ends; `nil` when the gesture
    ///   should not begin.
    public func beginInteractivePop() -> TransitionInteraction? {
        guard let stack, stack.containedPages.count > 1 else { return nil }
        return queue.beginInteraction("interactive pop of \(stack.pageName)")
    }

    /// Queues `body`, which starts a primitive and returns `nil`, or returns the error that
    /// makes the operation fail without starting anything.
    private func perform(
        _ label: String,
        animated: Bool,
        _ body: @escaping @MainActor (any StackContainer, TransitionCompletion) -> NavigationError?
    ) -> TransitionTicket {
        queue.enqueue(label, animated: animated) { [weak self] valve in
            guard let stack = self?.stack else {
                valve.fail(NavigationError(.staleHierarchy, reason: "the stack is gone"))
                return .wait
            }
            let completion = TransitionCompletion { result in
                switch result {
                case .success:
                    valve.fire()
                case .failure(let error as NavigationError):
                    valve.fail(error)
                case .failure(let error):
                    valve.fail(NavigationError(.transitionFailed, component: stack.pageName,
                                               reason: "\(label) failed", underlying: error))
                }
            }
            if let refusal = body(stack, completion) {
                valve.fail(refusal)
            }
            return .wait
        }
    }
}
