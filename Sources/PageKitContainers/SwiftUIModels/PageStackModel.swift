public import PageKit

/// The model of a SwiftUI navigation stack: a ``/PageKit/StackContainer`` that
/// ``PageNavigationStack`` binds `NavigationStack(path:)` to, and that runs on Linux.
///
/// PageKit's pushes and pops change the model and the view follows. The person's back
/// button or swipe shrinks the path binding, and the model reports that as the person's
/// change (``/PageKit/HierarchyChange`` `.popped` by `.user`) on its queue, as it reports
/// the app's own pushes and pops and refuses a page pushed twice.
///
/// iOS 16's `NavigationStack` reports no completion, so an animated transition ends when
/// the page then on top appears (the view calls ``pageAppeared(_:)`` from `onAppear`);
/// the queue's time-out is the safety net. A transition that is not animated, that leaves
/// the same page on top, or that happens while no view shows the stack (a tab not
/// selected) ends at once.
///
/// ```swift
/// let queue = TransitionQueue()
/// let contacts = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
/// // In a view: PageNavigationStack(contacts)
/// contacts.queued.push(ScreenPage("person_detail", parameters: ["id": "5"]))
/// ```
public final class PageStackModel: StackContainer, QueuedContainer, ObservableModel {
    /// The name it answers to; empty for a transparent stack, which stands for its first
    /// page.
    public let pageName: String
    /// Its own parameters.
    public var pageParameters: PageParameters
    /// The pages, bottom first: the root view, then the path.
    public private(set) var pages: [any Page]
    /// The queue its changes are reported on and its queued operations go through; share
    /// the navigator's.
    public let transitionQueue: TransitionQueue
    /// The kind of stack it is, when a host made it for a `!/` or `#/` whose style named
    /// one (``/PageKit/ShowStyle/stack``).
    public internal(set) var kind: String?
    /// Whether a view shows the stack now, as its view reports (``stackAppeared()``,
    /// ``stackDisappeared()``). Transitions of a stack no view shows end at once.
    public private(set) var isOnScreen = false
    /// Pushes and pops that wait their turn on ``transitionQueue``.
    public private(set) lazy var queued = NavigationStackQueue(stack: self, queue: transitionQueue)

    /// How each pushed page was shown, when not the default: what the view reads for the
    /// tab bar.
    private var styles: [ObjectIdentifier: ShowStyle] = [:]
    private let pending = PendingTransition()
    package let observers = ModelObservers()

    /// Creates a stack.
    /// - Parameters:
    ///   - name: The name it answers to; empty for a transparent stack.
    ///   - parameters: Its own parameters.
    ///   - pages: The pages, bottom first; the first is the `NavigationStack`'s root view.
    ///   - queue: The queue to report on and to queue on; share the navigator's.
    public init(name: String = "", parameters: PageParameters = [:], pages: [any Page] = [],
                queue: TransitionQueue) {
        pageName = name
        pageParameters = parameters
        self.pages = pages
        transitionQueue = queue
    }

    /// The stack, bottom first.
    public var containedPages: [any Page] { pages }

    /// The path `NavigationStack(path:)` binds to: every page above the root.
    public var path: [PageEntry] {
        pages.dropFirst().map(PageEntry.init)
    }

    /// How `page` was pushed: the style of the step that pushed it, or the default.
    /// - Parameter page: A page of the stack.
    /// - Returns: Its style; the view hides the tab bar when ``/PageKit/ShowStyle/hidesBottomBar``.
    public func style(of page: any Page) -> ShowStyle {
        styles[ObjectIdentifier(page)] ?? .default
    }

    /// What the transition running on this stack waits for from the screen, if any.
    package var screenWait: ScreenWait? { pending.wait }

    // MARK: StackContainer

    /// Pushes `pages` on top; the transition ends when the new top appears.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the new top has appeared (at once when not animated
    ///     or not on screen); failed with ``/PageKit/NavigationError/Code/alreadyInHierarchy``,
    ///     and nothing pushed, if a page is already in the stack or given twice.
    public func push(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        push(pages, animated: animated, by: .app, completion: completion)
    }

    /// Pushes `pages` shown as `style` says: the view hides the tab bar for them when the
    /// style says so; SwiftUI's own push animation is used whatever the transition style,
    /// except ``/PageKit/TransitionStyle/none``, which does not animate.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - style: How to show them.
    ///   - completion: Finished when the new top has appeared.
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
        let before = self.pages.last
        self.pages.append(contentsOf: pages)
        if !style.isDefault {
            for page in pages { styles[ObjectIdentifier(page)] = style }
        }
        transitionQueue.reportChange(HierarchyChange(.pushed, by: source, in: self, pages: pages))
        settle(.push, from: before, animated: animated && style.transition != .none, completion: completion)
    }

    /// Pops every page above `page`; the transition ends when `page` appears.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when `page` has appeared (at once when not animated, not
    ///     on screen, or already on top); failed with
    ///     ``/PageKit/NavigationError/Code/staleHierarchy`` if `page` is not in the stack.
    public func pop(to page: any Page, animated: Bool, completion: TransitionCompletion) {
        pop(to: page, animated: animated, by: .app, completion: completion)
    }

    func pop(to page: any Page, animated: Bool, by source: NavigationSource, completion: TransitionCompletion) {
        guard let index = index(of: page) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not in stack `\(pageName)`"))
        }
        let before = pages.last
        let popped = Array(pages[(index + 1)...])
        pages.removeSubrange((index + 1)...)
        forgetStyles(of: popped)
        if !popped.isEmpty {
            transitionQueue.reportChange(HierarchyChange(.popped, by: source, in: self, pages: popped))
        }
        settle(.pop, from: before, animated: animated, completion: completion)
    }

    /// Replaces the stack; fails for an empty one, or one that holds a page twice.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the new top has appeared.
    public func setStack(_ pages: [any Page], animated: Bool, completion: TransitionCompletion) {
        setStack(pages, animated: animated, style: .default, completion: completion)
    }

    /// Replaces the stack, shown as `style` says.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - style: How to show the pages.
    ///   - completion: Finished when the new top has appeared (at once when not animated,
    ///     not on screen, or the top is the same page); failed with
    ///     ``/PageKit/NavigationError/Code/outOfRange`` for an empty stack and
    ///     ``/PageKit/NavigationError/Code/alreadyInHierarchy`` for a page given twice.
    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        guard !pages.isEmpty else {
            return completion.fail(NavigationError(.outOfRange, component: pageName,
                                                   reason: "a navigation stack cannot be empty"))
        }
        if let refusal = StackRules.refusalToPush(pages, onto: [], stack: self) {
            transitionQueue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        let before = self.pages.last
        forgetStyles(of: self.pages)
        self.pages = pages
        if !style.isDefault {
            for page in pages { styles[ObjectIdentifier(page)] = style }
        }
        transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: pages))
        settle(.setStack, from: before, animated: animated && style.transition != .none, completion: completion)
    }

    // MARK: What the view tells the model

    /// The view of `page` appeared (`onAppear`): the transition that waits for the page on
    /// top ends, if `page` is that page. Appearances nothing waits for are ignored.
    /// - Parameter page: The page whose view appeared.
    public func pageAppeared(_ page: any Page) {
        isOnScreen = true
        guard pending.wait?.kind == .appearance, let top = pages.last, top === page else { return }
        pending.end()
    }

    /// The stack's view appeared: from now on its animated transitions wait for their
    /// page to appear.
    public func stackAppeared() {
        isOnScreen = true
    }

    /// The stack's view disappeared (its tab was left, its sheet dismissed): from now on
    /// its transitions end at once, and one that waits ends now, as nothing will appear.
    public func stackDisappeared() {
        isOnScreen = false
        pending.end()
    }

    /// Tells the views to read the pages' leave policies again, after a page's
    /// ``/PageKit/LeaveConfirming/leavePolicy(for:)`` changed (a draft became dirty), so
    /// the back button it gets follows. A page that is an `ObservableObject` needs no
    /// call: the view reads its policy again whenever it changes.
    public func leavePoliciesChanged() {
        observers.send(animated: true)
    }

    // MARK: Internals

    /// Ends the transition now, or once the page then on top appears.
    private func settle(_ transition: HeadlessTransition.Kind, from before: (any Page)?, animated: Bool,
                        completion: TransitionCompletion) {
        if animated, isOnScreen, let top = pages.last, top !== before {
            pending.begin(.appearance, of: top, after: transition, completion: completion)
            observers.send(animated: true)
        } else {
            observers.send(animated: animated)
            completion.finish()
        }
    }

    /// The person or the app changed the pages outside a transition of the model's own:
    /// a wait in progress now waits for the new top.
    func pagesChangedOutsideTransition() {
        if let top = pages.last { pending.retarget(to: top) }
    }

    func forgetStyles(of removed: [any Page]) {
        guard !styles.isEmpty else { return }
        for page in removed { styles[ObjectIdentifier(page)] = nil }
    }

    /// Replaces the pages for a change the view made (the path binding).
    func replacePages(_ pages: [any Page]) {
        self.pages = pages
    }

    /// Where `page` is, searched from the top, where pops usually go.
    func index(of page: any Page) -> Int? {
        var index = pages.count - 1
        while index >= 0 {
            if pages[index] === page { return index }
            index -= 1
        }
        return nil
    }
}
