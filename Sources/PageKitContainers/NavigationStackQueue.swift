public import PageKit

/// The queued behaviour of a navigation stack: pushes and pops that anyone asks for wait
/// their turn on a `TransitionQueue` and are checked against the stack as it is when
/// their turn comes, never as it was when they were asked.
///
/// `QueueNavigationController` and ``PageStackModel`` share it: the container
/// supplies the primitives, this class supplies the order and every decision (what a pop
/// pops at its turn, what fails and why).
///
/// ```swift
/// stack.queued.push(detail)           // starts now, or after what runs
/// stack.queued.pop()                  // pops the top *at its turn*
/// try await stack.queued.pop(to: list).finished()
/// ```
@MainActor
public final class NavigationStackQueue {
    /// The primitives of a stack whose items are pages or, on UIKit, view controllers.
    package struct Primitives {
        /// The stack's name, for labels and messages.
        let name: () -> String
        /// The items, bottom first; `nil` once the stack is gone.
        let items: () -> [AnyObject]?
        let describe: (AnyObject) -> String
        let push: ([AnyObject], Bool, TransitionCompletion) -> Void
        let pop: (AnyObject, Bool, TransitionCompletion) -> Void
        let set: ([AnyObject], Bool, TransitionCompletion) -> Void
    }

    /// The queue the stack's transitions go through.
    public let queue: TransitionQueue
    private let primitives: Primitives

    /// Creates the queued behaviour of `stack`.
    /// - Parameters:
    ///   - stack: The stack; held weakly.
    ///   - queue: The queue; share the navigator's so everything waits in one line.
    public convenience init(stack: any StackContainer, queue: TransitionQueue) {
        // Captured weakly in each closure: the stack holds this queue.
        self.init(queue: queue, primitives: Primitives(
            name: { [weak stack] in stack?.pageName ?? "" },
            items: { [weak stack] in stack?.containedPages },
            describe: { ($0 as? any Page)?.pageDescription ?? "\(type(of: $0))" },
            push: { [weak stack] items, animated, completion in
                stack?.push(items.compactMap { $0 as? any Page }, animated: animated, style: .default,
                            completion: completion)
            },
            pop: { [weak stack] item, animated, completion in
                guard let page = item as? any Page else { return completion.finish() }
                stack?.pop(to: page, animated: animated, style: .default, completion: completion)
            },
            set: { [weak stack] items, animated, completion in
                stack?.setStack(items.compactMap { $0 as? any Page }, animated: animated, style: .default,
                                completion: completion)
            }
        ))
    }

    package init(queue: TransitionQueue, primitives: Primitives) {
        self.queue = queue
        self.primitives = primitives
    }

    // MARK: Pages

    /// Pushes `page` when its turn comes.
    /// - Parameters:
    ///   - page: The page to push.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket that tells how it ended.
    @discardableResult
    public func push(_ page: any Page, animated: Bool = true) -> TransitionTicket {
        push(items: [page], animated: animated)
    }

    /// Pops the page on top when its turn comes; fails with
    /// `NavigationError.Code.outOfRange` if only the root is left then.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func pop(animated: Bool = true) -> TransitionTicket {
        popItem(animated: animated)
    }

    /// Pops until `page` is on top when its turn comes; fails with
    /// `NavigationError.Code.staleHierarchy` if it is not in the stack then.
    ///
    /// The page is held weakly while it waits: a page popped meanwhile is freed.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func pop(to page: any Page, animated: Bool = true) -> TransitionTicket {
        pop(toItem: page, animated: animated)
    }

    /// Pops to the root page when its turn comes.
    /// - Parameter animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func popToRoot(animated: Bool = true) -> TransitionTicket {
        popToRootItem(animated: animated)
    }

    /// Replaces the whole stack when its turn comes; fails for an empty one.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    /// - Returns: The ticket.
    @discardableResult
    public func setStack(_ pages: [any Page], animated: Bool = true) -> TransitionTicket {
        set(items: pages, animated: animated)
    }

    // MARK: Items

    @discardableResult
    package func push(items: [AnyObject], animated: Bool) -> TransitionTicket {
        let names = items.map(primitives.describe).joined(separator: ", ")
        let queue = self.queue
        return perform("push \(names)", animated: animated) { primitives, existing, completion in
            // A double tap pushes the same page twice: refused at its turn, not UIKit's exception.
            if let refusal = StackRules.refusalToPush(items, onto: existing, stack: primitives.name(),
                                                      same: { $0 === $1 }, describe: primitives.describe) {
                queue.reportRefusal(refusal, by: .app)
                return refusal
            }
            primitives.push(items, animated, completion)
            return nil
        }
    }

    @discardableResult
    package func popItem(animated: Bool) -> TransitionTicket {
        perform("pop", animated: animated) { primitives, items, completion in
            guard items.count > 1 else {
                return NavigationError(.outOfRange, component: primitives.name(),
                                       reason: "only the root of the stack is left to pop")
            }
            primitives.pop(items[items.count - 2], animated, completion)
            return nil
        }
    }

    @discardableResult
    package func pop(toItem item: AnyObject, animated: Bool) -> TransitionTicket {
        let name = primitives.describe(item)
        return perform("pop to \(name)", animated: animated) { [weak item] primitives, items, completion in
            guard let item, items.contains(where: { $0 === item }) else {
                return NavigationError(.staleHierarchy, component: name,
                                       reason: "`\(name)` is not in the stack any more")
            }
            primitives.pop(item, animated, completion)
            return nil
        }
    }

    @discardableResult
    package func popToRootItem(animated: Bool) -> TransitionTicket {
        perform("pop to root", animated: animated) { primitives, items, completion in
            guard let root = items.first else {
                return NavigationError(.outOfRange, component: primitives.name(), reason: "the stack is empty")
            }
            primitives.pop(root, animated, completion)
            return nil
        }
    }

    @discardableResult
    package func set(items newItems: [AnyObject], animated: Bool) -> TransitionTicket {
        let queue = self.queue
        return perform("set stack", animated: animated) { primitives, _, completion in
            guard !newItems.isEmpty else {
                let refusal = NavigationError(.outOfRange, component: primitives.name(),
                                              reason: "a navigation stack cannot be empty")
                queue.reportRefusal(refusal, by: .app)
                return refusal
            }
            primitives.set(newItems, animated, completion)
            return nil
        }
    }

    /// Queues `body`, which, given the items at its turn, starts a primitive and returns
    /// `nil`, or returns the error that makes the operation fail without starting anything.
    private func perform(
        _ label: String,
        animated: Bool,
        _ body: @escaping @MainActor (Primitives, [AnyObject], TransitionCompletion) -> NavigationError?
    ) -> TransitionTicket {
        let primitives = self.primitives
        return queue.enqueue(label, animated: animated) { valve in
            guard let items = primitives.items() else {
                valve.fail(NavigationError(.staleHierarchy, reason: "the stack is gone"))
                return .wait
            }
            if let refusal = body(primitives, items, valve.completion(for: label)) {
                valve.fail(refusal)
            }
            return .wait
        }
    }
}
