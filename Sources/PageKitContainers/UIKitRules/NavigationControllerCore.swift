package import PageKit

/// Every decision a UIKit navigation controller makes for PageKit, in platform-neutral
/// code: when a transition has ended, what a callback means, who is asked before the
/// person leaves a page, what the person changed. `QueueNavigationController` (and a
/// plain `UINavigationController`) only translate: they call UIKit when this class says
/// so and pass UIKit's callbacks in. The tests drive the same class through a behaviour
/// model of UIKit.
///
/// The UIKit rules it relies on, each from `UINavigationController.h` and
/// `UIViewControllerTransitionCoordinator.h`:
/// - `willShow`/`didShow` come only when the top view controller changes: a pop at the
///   root, `popToViewController` of the top and `setViewControllers` with the same top
///   show nothing, so nothing will call back.
/// - A stack whose view is not in a window (a tab not selected, a stack under a
///   full-screen presentation) changes at once, with no animation and no coordinator.
/// - A coordinator exists only for an animated transition, read right after the call;
///   its completion may run even when `animate(alongsideTransition:)` returns `false`, or
///   may not: the first of the completion, the `didShow` of the page expected on top, and
///   the queue's time-out ends the transition.
/// - The completion runs inside UIKit's `completeTransition:`, while the transition is
///   still UIKit's: a push or a present started there is deferred to the transition's
///   end, which devices report as a corrupted navigation bar (crash traces show
///   `pushViewController` and `_presentViewController` called from `_applyBlocks`). What
///   ends in a completion ends on the next turn, so the queue's next transition never
///   starts inside it.
/// - An edge swipe (or iOS 26's content swipe) starts an interactive pop: `willShow` of
///   the page below comes at once and means nothing yet; a cancelled swipe sends no
///   `didShow`. The coordinator's interaction and completion callbacks say how it ended.
@MainActor
package final class NavigationControllerCore {
    /// What a transition does to the stack.
    package enum Change {
        /// Items pushed on top.
        case push([AnyObject])
        /// Everything above the item popped.
        case popTo(AnyObject)
        /// The stack replaced.
        case set([AnyObject])
    }

    /// The transition this controller started and waits for.
    @MainActor
    private struct Running {
        /// The item that ends on top; its `didShow` ends the transition.
        let expected: WeakItem
        let completion: TransitionCompletion
        /// How it animates, when PageKit animates it itself.
        let style: TransitionStyle?
    }

    /// The person's interactive pop in progress.
    @MainActor
    private final class PersonPop {
        /// The stack before the pop, to tell what it removed.
        let before: [WeakItem]
        let interaction: TransitionInteraction?
        /// Whether UIKit queued the completion, which then ends it.
        var completionQueued = true
        init(before: [WeakItem], interaction: TransitionInteraction?) {
            self.before = before
            self.interaction = interaction
        }
    }

    /// The controller, as UIKit or the behaviour model answers for it.
    package weak var surface: (any NavigationSurface)?
    /// The queue its transitions and the person's gestures go through.
    package var queue: TransitionQueue {
        didSet {
            guard queue !== oldValue else { return }
            // What is asked of the stack from now on waits on the new queue.
            queued = NavigationStackQueue(queue: queue, primitives: primitives)
            observeLeavePolicies()
        }
    }
    /// Whether `didShow` reaches this class: the controller's delegate slot is
    /// PageKit's (`QueueNavigationController`); not for a plain navigation controller.
    package let hearsDidShow: Bool
    /// Pushes and pops anyone asks for, at their turn.
    package private(set) lazy var queued = NavigationStackQueue(queue: queue, primitives: primitives)

    private var running: Running?
    private var personPop: PersonPop?
    /// Changes that came while the person's pop animated, to start once it is over.
    private var afterPersonPop: [@MainActor () -> Void] = []
    /// The stack as this class last saw it, to tell a change it did not make.
    private var known: [WeakItem] = []
    /// The styles pages were pushed with, to reverse on their pop.
    private var pushStyles: [ObjectIdentifier: (item: WeakItem, style: TransitionStyle)] = [:]
    /// The person's leaves of items that are not pages, one per item.
    private var pendingLeaves: [ObjectIdentifier: TransitionTicket] = [:]
    private var policyObservation: ObservationToken?

    /// - Parameters:
    ///   - queue: The queue to go through.
    ///   - hearsDidShow: Whether the controller passes `didShow` in.
    package init(queue: TransitionQueue, hearsDidShow: Bool) {
        self.queue = queue
        self.hearsDidShow = hearsDidShow
        observeLeavePolicies()
    }

    deinit {
        // Freed mid-transition (the app replaced the split view column it was, say): the
        // coordinator's callbacks and `didShow` no longer reach this class, so nothing
        // else would end the transition it waits for, or the person's pop that holds the
        // queue, before their time-outs. They end now; the changes that waited for the
        // pop fail, as the controller is gone.
        let transition = running?.completion
        let interaction = personPop?.interaction
        guard transition != nil || interaction != nil else { return }
        let waiting = afterPersonPop
        Task { @MainActor in
            transition?.fail(NavigationError(.staleHierarchy, reason: "the navigation controller is gone"))
            for start in waiting { start() }
            interaction?.end()
        }
    }

    /// Moves onto `queue` (a navigator's) while the queue it is on is idle and no
    /// transition of its own runs, so nothing waiting is stranded.
    /// - Parameter queue: The queue to move onto.
    /// - Returns: Whether it is on `queue` now.
    package func adopt(_ queue: TransitionQueue) -> Bool {
        guard self.queue !== queue else { return true }
        guard self.queue.isIdle, running == nil, personPop == nil else { return false }
        self.queue = queue
        return true
    }

    // MARK: Transitions

    /// Starts `change` on UIKit and finishes `completion` when it has ended on screen.
    ///
    /// It ends at once when nothing will call back: the top does not change, the stack is
    /// not in a window, or it is not animated. Otherwise it ends at the coordinator's
    /// completion or at the `didShow` of the item expected on top, whichever comes first;
    /// the queue's time-out ends it if neither does. A `didShow` that an earlier transition
    /// expected is ignored.
    /// - Parameters:
    ///   - change: What to do.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it; ``/PageKit/TransitionStyle/none`` does not animate.
    ///   - source: Who asked, to report the change on the queue; `nil` for a navigator's
    ///     step, which the navigator reports itself.
    ///   - completion: Finished when it has ended; failed, with nothing changed, when
    ///     UIKit would raise (an item already in the stack or shown elsewhere).
    package func start(_ change: Change, animated: Bool, style: TransitionStyle = .platform,
                       by source: NavigationSource? = nil, completion: TransitionCompletion) {
        guard let surface else {
            return completion.fail(NavigationError(.staleHierarchy, reason: "the navigation controller is gone"))
        }
        // A pop UIKit carries out without asking (from the back button's history menu)
        // may come while the queue runs a request that has not reached this stack yet: a
        // change started inside its animation would nest in it. It starts once it is over.
        if personPop != nil {
            afterPersonPop.append { [weak self] in
                guard completion.isAwaited else { return }
                guard let self else {
                    let gone = NavigationError(.staleHierarchy, reason: "the navigation controller is gone")
                    return completion.fail(gone)
                }
                self.start(change, animated: animated, style: style, by: source, completion: completion)
            }
            return
        }
        // A transition this class did not start may still run: a plain navigation
        // controller's back, which tells PageKit nothing, or the app's own call. A change
        // started inside it would nest in it; UIKit vends its coordinator until it is over
        // (NAV-3), so it starts then.
        if running == nil, let coordinator = surface.transitionCoordination {
            return whenOver(coordinator) { core in
                guard completion.isAwaited else { return }
                core.start(change, animated: animated, style: style, by: source, completion: completion)
            }
        }
        // The queue runs one transition at a time: a wait still here belonged to one that
        // has ended (its time-out fired), and must not end this one.
        running = nil
        let before = surface.stackItems
        let after: [AnyObject]
        switch change {
        case .push(let items):
            if let refusal = refusal(toShow: items, on: before, surface: surface) {
                return refuse(refusal, by: source, completion)
            }
            after = before + items
        case .popTo(let item):
            guard let index = before.lastIndex(where: { $0 === item }) else {
                let name = StackRules.describe(item)
                return completion.fail(NavigationError(.staleHierarchy, component: name,
                                                       reason: "`\(name)` is not in the navigation controller"))
            }
            after = Array(before[...index])
        case .set(let items):
            guard !items.isEmpty else {
                let empty = NavigationError(.outOfRange, reason: "a navigation stack cannot be empty")
                return refuse(empty, by: source, completion)
            }
            let incoming = items.filter { item in !before.contains { $0 === item } }
            if let refusal = refusal(toShow: incoming, on: [], surface: surface)
                ?? StackRules.refusalToPush(items, onto: [], stack: "", same: { $0 === $1 }, describe: StackRules.describe) {
                return refuse(refusal, by: source, completion)
            }
            after = items
        }
        let animated = animated && style != .none
        if after.count == before.count, zip(after, before).allSatisfy({ $0 === $1 }) {
            // UIKit does nothing, and says nothing (a pop at the root, to the top).
            return completion.finish()
        }
        let popped = Self.removed(from: before, keeping: after)
        // Only an animated change of the top of a stack on screen calls back.
        let waits = animated && after.last !== before.last && surface.isInWindow
        if waits {
            running = Running(expected: WeakItem(after.last!), completion: completion,
                              style: animatorStyle(for: change, popping: popped, style: style))
        }
        remember(after)
        if case .push(let items) = change, style != .platform, style != .none {
            for item in items { pushStyles[ObjectIdentifier(item)] = (WeakItem(item), style) }
        }
        switch change {
        case .push(let items): surface.applyPush(items, animated: animated)
        case .popTo(let item): surface.applyPop(to: item, animated: animated)
        case .set(let items): surface.applySet(items, animated: animated)
        }
        forgetStyles(of: popped)
        // Set up now: a stack off screen sends no `willShow`, and its top must still ask
        // before the person leaves it once it shows.
        if let top = after.last { surface.setBackButton(of: top, to: backButton(for: top)) }
        if let source { report(change, popped: popped, by: source) }
        // Nothing will call back: done once `viewControllers` shows it.
        guard waits else { return completion.finish() }
        if let coordinator = surface.transitionCoordination {
            whenOver(coordinator) { $0.transitionEnded(completion) }
        } else if !hearsDidShow {
            // No coordinator and no delegate: nothing will say when it ends.
            transitionEnded(completion)
        }
    }

    /// Fails `completion` with `refusal`, for what UIKit would raise on; the app, whose
    /// UIKit call returns nothing, hears of it as a failure (`source`; a navigator's step,
    /// with none, fails its request instead).
    private func refuse(_ refusal: NavigationError, by source: NavigationSource?, _ completion: TransitionCompletion) {
        if let source { queue.reportRefusal(refusal, by: source) }
        completion.fail(refusal)
    }

    /// Why UIKit would raise on `items` put on a stack holding `existing`.
    private func refusal(toShow items: [AnyObject], on existing: [AnyObject],
                         surface: any NavigationSurface) -> NavigationError? {
        if let refusal = StackRules.refusalToPush(items, onto: existing, stack: surface.containerPage?.pageDescription ?? "",
                                                  same: { $0 === $1 }, describe: StackRules.describe) {
            return refusal
        }
        if let elsewhere = items.first(where: surface.isShownElsewhere) {
            let name = StackRules.describe(elsewhere)
            return NavigationError(.alreadyInHierarchy, component: name,
                                   reason: "`\(name)` is already shown in another container; a page is shown once")
        }
        return nil
    }

    /// Runs `work` on the turn after a coordinator's completion, once the transition is
    /// over for UIKit too.
    private func afterCompletion(_ work: @escaping @MainActor (NavigationControllerCore) -> Void) {
        _ = queue.clock.schedule(after: .zero) { [weak self] in
            if let self { work(self) }
        }
    }

    /// Runs `work` once, on the turn after `coordinator`'s transition is over: at its
    /// completion. `false` means the animations were not queued, not that the completion
    /// will not run (NAV-4): then `didShow`, where it is heard, ends a transition of this
    /// class's own under the queue's time-out; with none to hear (a plain navigation
    /// controller), the coordinator going away is the one sign left (NAV-3), looked for
    /// once the transition should have ended, then each frame.
    private func whenOver(_ coordinator: any TransitionCoordination,
                          _ work: @escaping @MainActor (NavigationControllerCore) -> Void) {
        let once = Once()
        let queued = coordinator.whenCompleted { [weak self] _ in
            self?.afterCompletion { if once.claim() { work($0) } }
        }
        guard !queued, !hearsDidShow else { return }
        let clock = queue.clock
        func look(after delay: Duration) {
            _ = clock.schedule(after: delay) { [weak self] in
                guard let self, !once.isClaimed else { return }
                if surface?.transitionCoordination != nil { return look(after: .milliseconds(16)) }
                if once.claim() { work(self) }
            }
        }
        look(after: coordinator.transitionDuration)
    }

    /// Whether something was done yet: the first to claim it does it.
    private final class Once {
        private(set) var isClaimed = false

        func claim() -> Bool {
            defer { isClaimed = true }
            return !isClaimed
        }
    }

    private func transitionEnded(_ completion: TransitionCompletion) {
        if running?.completion === completion { running = nil }
        completion.finish()
    }

    /// Whether a transition this class started is still on screen, and awaited: one
    /// whose operation timed out no longer counts.
    package var isTransitionRunning: Bool { running?.completion.isAwaited ?? false }

    // MARK: UIKit's callbacks

    /// UIKit's `navigationController(_:willShow:animated:)`: `item` is about to be shown.
    ///
    /// Sets its back button up, and starts following the person's interactive pop when a
    /// finger drives the transition: then it never means that a pop happened, as the swipe
    /// may be cancelled. A pop nobody announced that UIKit animates itself (from the back
    /// button's history menu, or of a tab tapped again) is followed the same way: the
    /// queue waits until it is over, as it would for the person's swipe, so that the next
    /// push does not start inside it. Any other change nobody announced is reported now,
    /// while the pages it removes are still alive.
    /// - Parameter item: The view controller about to be shown.
    package func willShow(_ item: AnyObject) {
        surface?.setBackButton(of: item, to: backButton(for: item))
        guard let coordinator = surface?.transitionCoordination else { return noticeChange() }
        if coordinator.isInteractive || (!isTransitionRunning && isUnannouncedPop) {
            followPersonPop(coordinator)
        } else {
            noticeChange()
        }
    }

    /// Whether the stack is shorter than this class last knew it, with the same bottom: a
    /// pop it did not make.
    private var isUnannouncedPop: Bool {
        Self.isPop(from: known.compactMap(\.item), to: surface?.stackItems ?? [])
    }

    /// Whether `items` is `before` with pages taken off its top.
    private static func isPop(from before: [AnyObject], to items: [AnyObject]) -> Bool {
        items.count < before.count && zip(items, before).allSatisfy { $0 === $1 }
    }

    /// UIKit's `navigationController(_:didShow:animated:)`: `item` is on top, its
    /// transition over.
    ///
    /// Ends the transition that expects `item`; ends the person's pop whose completion
    /// UIKit did not queue; and reports a change nobody announced (a pop from the back
    /// button's history menu, or of a tab tapped again, that UIKit carried out itself) as
    /// the person's.
    ///
    /// A `didShow` that comes while a transition's coordinator is still vended (PageKit's
    /// transition, or the person's swipe) belongs to an earlier showing, and ends
    /// nothing: UIKit releases the coordinator when the transition completes (NAV-3), and
    /// says `didShow` only after. A page shown without animation, whose `didShow` comes a
    /// turn late, may be shown again, or swiped away, in between.
    /// - Parameter item: The view controller now on top.
    package func didShow(_ item: AnyObject) {
        guard surface?.transitionCoordination == nil else { return }
        if let wait = running, !wait.completion.isAwaited {
            // Its operation timed out or was cancelled: nobody waits for this any more.
            running = nil
        }
        if let wait = running, wait.expected.item === item {
            return transitionEnded(wait.completion)
        }
        if let pop = personPop, !pop.completionQueued {
            return personPopEnded(cancelled: false)
        }
        noticeChange()
    }

    /// Reports what changed since this class last looked, when it did not make the
    /// change: a shorter stack that keeps its bottom is the person's pop; anything else
    /// the app's.
    package func noticeChange() {
        guard !isTransitionRunning, personPop == nil, let items = surface?.stackItems else { return }
        let before = known.compactMap(\.item)
        guard before.count != items.count || zip(before, items).contains(where: { $0 !== $1 }) else { return }
        remember(items)
        if Self.isPop(from: before, to: items) {
            let popped = Array(before[items.count...])
            forgetStyles(of: popped)
            report(.popped, by: .user, popped)
        } else {
            report(.replaced, by: .app, items)
        }
    }

    // MARK: The person's interactive pop

    /// UIKit's interactive pop began: through `popViewController(animated:)` while the
    /// edge swipe recognizes, or seen in `willShow` with an interactive coordinator. Holds
    /// the queue until it ends; finished, it is reported as the person's pop; cancelled,
    /// nothing changed and nothing is reported.
    /// - Parameter animated: Whether UIKit asked for an animated pop.
    /// - Returns: The view controller UIKit popped.
    package func personPopRequested(animated: Bool) -> AnyObject? {
        let before = surface?.stackItems ?? []
        let popped = surface?.applyPopTop(animated: animated)
        if let coordinator = surface?.transitionCoordination {
            followPersonPop(coordinator, before: before)
        } else {
            noticeChange()
        }
        return popped
    }

    private func followPersonPop(_ coordinator: any TransitionCoordination, before: [AnyObject]? = nil) {
        guard personPop == nil else { return }
        let before = before ?? known.compactMap(\.item)
        let top = before.last.map(StackRules.describe) ?? "stack"
        let kind = coordinator.isInteractive ? "interactive pop" : "pop by UIKit"
        let pop = PersonPop(before: before.map(WeakItem.init), interaction: queue.beginInteraction("\(kind) of \(top)"))
        personPop = pop
        let springBack = coordinator.transitionDuration
        coordinator.whenInteractionChanges { [weak self, weak pop] cancelled in
            // Without a queued completion, nothing more is said of a cancel (no `didShow`
            // follows one): it is over once the page has had the time to spring back.
            guard let self, let pop, self.personPop === pop, !pop.completionQueued, cancelled else { return }
            // The page may settle at that very instant: over on the turn after, once
            // UIKit's own end of the transition has run.
            _ = self.queue.clock.schedule(after: springBack) { [weak self, weak pop] in
                self?.afterCompletion { core in
                    guard let pop, core.personPop === pop else { return }
                    core.personPopEnded(cancelled: true)
                }
            }
        }
        pop.completionQueued = coordinator.whenCompleted { [weak self, weak pop] cancelled in
            // Held until then: what the pop took may have no other owner by the next turn.
            let before = pop?.before.compactMap(\.item)
            self?.afterCompletion { core in
                guard let pop, core.personPop === pop else { return }
                core.personPopEnded(cancelled: cancelled, before: before)
            }
        }
    }

    private func personPopEnded(cancelled: Bool, before held: [AnyObject]? = nil) {
        guard let pop = personPop else { return }
        personPop = nil
        defer {
            let waiting = afterPersonPop
            afterPersonPop = []
            for start in waiting { start() }
            pop.interaction?.end()
        }
        let before = held ?? pop.before.compactMap(\.item)
        guard !cancelled else {
            // The stack is as it was, even if UIKit has not put the page back yet.
            return remember(before)
        }
        let items = surface?.stackItems ?? []
        remember(items)
        guard items.count < before.count else { return }
        let popped = Array(before[items.count...])
        forgetStyles(of: popped)
        report(.popped, by: .user, popped)
    }

    // MARK: The person leaving

    /// Whether the edge swipe may begin now (the gesture recognizer delegate's
    /// `gestureRecognizerShouldBegin`): there is a page to pop, the queue is idle, and the
    /// policy of every page the pop removes allows it. A page that confirms is asked
    /// instead, and popped through the queue if it agrees.
    ///
    /// UIKit's own delegate refuses the swipe when the back button is hidden or replaced;
    /// it is asked first, except where PageKit replaced the button itself.
    /// - Parameter original: UIKit's own delegate's answer, if it has one.
    /// - Returns: Whether the swipe may begin.
    package func swipeBackShouldBegin(original: () -> Bool?) -> Bool {
        guard let top = surface?.stackItems.last else { return false }
        switch gate(top, by: .swipeBack) {
        case .allow:
            return backButton(for: top) == .pageKit || (original() ?? true)
        case .refuse:
            return false
        case .confirm:
            leave(top, by: .swipeBack)
            return false
        }
    }

    /// A swipe back began that PageKit was not asked about: iOS 26's full-width content
    /// swipe, which asks no delegate, or the edge swipe once the app has taken its
    /// recognizer's delegate slot (`delegate = nil` is a common snippet). PageKit decides
    /// now whether the swipe goes on, as the gate would have. UIKit may already have
    /// started the pop (its own target runs first): the page leaving is then the one the
    /// pop took off, and the queue is held by that pop, not busy.
    /// - Returns: `true` to let it go on; `false` to cancel it (the controller cancels the
    ///   recognizer; a page that confirms is then asked, as for the edge swipe).
    package func unaskedSwipeBegan() -> Bool {
        let items: [AnyObject]
        let isBusy: Bool
        if let pop = personPop {
            items = pop.before.compactMap(\.item)
            isBusy = pop.interaction == nil
        } else {
            items = surface?.stackItems ?? []
            isBusy = !queue.isIdle
        }
        guard items.count > 1, !isBusy, let top = items.last else { return false }
        switch policy(removing: [top], by: .swipeBack) {
        case .allow: return true
        case .refuse: return false
        case .confirm:
            // Asked once the cancelled pop has put the page back: the leave waits its turn.
            _ = leave(from: items.count - 1, items: items, by: .swipeBack)
            return false
        }
    }

    /// What a swipe of `top` meets: refused with only the root left or while a transition
    /// runs, otherwise the policy of every page it removes.
    private func gate(_ top: AnyObject, by gesture: LeaveGesture) -> LeavePolicy {
        guard let items = surface?.stackItems, items.count > 1, queue.isIdle else {
            return .refuse
        }
        return policy(removing: [top], by: gesture)
    }

    /// The back button of `item` was tapped (PageKit's, or the system's through
    /// `backAction`): the page leaves through the queue as its policy allows.
    /// - Parameter item: The view controller whose back button was tapped.
    package func backTapped(on item: AnyObject) {
        leave(item, by: .backButton)
    }

    /// The person leaves `item` by `gesture`: popped through the queue, with whatever is
    /// above it, as the policy of every page that removes allows (asked first when one
    /// confirms). One leave waits per item.
    /// - Parameters:
    ///   - item: The view controller to leave.
    ///   - gesture: How.
    /// - Returns: The queued leave, or `nil` when a page refused at once or `item` is not
    ///   above the root.
    @discardableResult
    package func leave(_ item: AnyObject, by gesture: LeaveGesture) -> TransitionTicket? {
        guard let items = surface?.stackItems, let index = items.lastIndex(where: { $0 === item }), index > 0 else {
            return nil
        }
        return leave(from: index, items: items, by: gesture)
    }

    /// The person takes the stack back to its root by `gesture` (a tab tapped again).
    /// - Parameter gesture: How.
    /// - Returns: The queued leave, or `nil` with only the root left or when a page
    ///   refused at once.
    @discardableResult
    package func leaveToRoot(by gesture: LeaveGesture) -> TransitionTicket? {
        guard let items = surface?.stackItems, items.count > 1 else { return nil }
        return leave(from: 1, items: items, by: gesture)
    }

    private func leave(from index: Int, items: [AnyObject], by gesture: LeaveGesture) -> TransitionTicket? {
        let leaving = Array(items[index...])
        let target = WeakItem(items[index - 1])
        let pages = pagesRemoved(with: leaving)
        let pop: @MainActor (TransitionCompletion) -> Void = { [weak self] completion in
            guard let self, let target = target.item else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the page to go back to is gone"))
            }
            self.start(.popTo(target), animated: true, by: .user, completion: completion)
        }
        guard !pages.isEmpty else {
            queue.personQueuedLeave(by: gesture)
            let key = ObjectIdentifier(leaving[0])
            if let pending = pendingLeaves[key], !pending.isResolved { return pending }
            let label = "\(gesture) from \(StackRules.describe(leaving[0]))"
            let ticket = queue.enqueue(label) { valve in
                pop(valve.completion(for: label))
                return .wait
            }
            pendingLeaves[key] = ticket
            ticket.onResolve { [weak self] _ in self?.pendingLeaves[key] = nil }
            return ticket
        }
        guard queue.leavePolicy(for: pages, by: gesture) != .refuse else { return nil }
        return queue.enqueueLeave(of: pages, by: gesture, leave: pop)
    }

    /// The policy of every page that removing `items` removes.
    private func policy(removing items: [AnyObject], by gesture: LeaveGesture) -> LeavePolicy {
        queue.leavePolicy(for: pagesRemoved(with: items), by: gesture)
    }

    /// The pages that removing `items` removes: each page among them, with what it holds.
    private func pagesRemoved(with items: [AnyObject]) -> [any Page] {
        items.compactMap { $0 as? any Page }.flatMap { PresentationLevels.removed(with: $0, presentedPage: { _ in nil }) }
    }

    // MARK: The back button

    /// The back button `item` gets: PageKit's while a page that a pop from the back
    /// button's history menu would remove does not allow the back button (the menu pops
    /// through UIKit, past every page's say); UIKit's otherwise, its tap routed through
    /// ``backTapped(on:)``.
    /// - Parameter item: A view controller of the stack.
    /// - Returns: Its back button.
    /// - Complexity: O(*n*) in the pages below it.
    package func backButton(for item: AnyObject) -> BackButton {
        guard let items = surface?.stackItems, let index = items.lastIndex(where: { $0 === item }), index > 0 else {
            return .system
        }
        return policy(removing: Array(items[1...index]), by: .backButton) == .allow ? .system : .pageKit
    }

    private func observeLeavePolicies() {
        policyObservation = queue.observeLeavePolicies { [weak self] reference in
            guard let self, let page = reference.page, let surface = self.surface,
                  let top = surface.stackItems.last,
                  surface.stackItems.contains(where: { $0 === page }) else { return }
            surface.setBackButton(of: top, to: self.backButton(for: top))
        }
    }

    // MARK: Animation

    /// The style to animate the transition UIKit asks an animator for, or `nil` for
    /// UIKit's own: the running transition's, or, for a pop, the style its top page was
    /// pushed with, reversed. The person's interactive pop keeps UIKit's own, which
    /// follows the finger.
    /// - Returns: The style, or `nil`.
    package func animatorStyle() -> TransitionStyle? {
        guard personPop == nil else { return nil }
        return running?.style
    }

    private func animatorStyle(for change: Change, popping popped: [AnyObject], style: TransitionStyle) -> TransitionStyle? {
        if style != .platform { return style }
        guard case .popTo = change, let top = popped.last, let pushed = pushStyles[ObjectIdentifier(top)],
              pushed.item.item === top else { return nil }
        return pushed.style
    }

    private func forgetStyles(of removed: [AnyObject]) {
        guard !pushStyles.isEmpty else { return }
        for item in removed { pushStyles[ObjectIdentifier(item)] = nil }
        pushStyles = pushStyles.filter { $0.value.item.item != nil }
    }

    // MARK: Reports

    /// Takes the stack as it is now as known, and reports nothing: the pages it was made
    /// with (several, when a `!/` link presents a stack of them at once), which no
    /// transition of its own showed. Without it, the person's first pop off such a stack
    /// would be measured against nothing, and go unreported.
    package func knowsCurrentStack() {
        remember(surface?.stackItems ?? [])
    }

    private func remember(_ items: [AnyObject]) {
        known = items.map(WeakItem.init)
    }

    private func report(_ change: Change, popped: [AnyObject], by source: NavigationSource) {
        switch change {
        case .push(let items): report(.pushed, by: source, items)
        case .popTo: if !popped.isEmpty { report(.popped, by: source, popped) }
        case .set(let items): report(.replaced, by: source, items)
        }
    }

    private func report(_ kind: HierarchyChange.Kind, by source: NavigationSource, _ items: [AnyObject]) {
        queue.reportChange(HierarchyChange(kind, by: source, in: surface?.containerPage,
                                           pages: items.compactMap { $0 as? any Page }))
    }

    /// What `before` loses when the stack becomes `after`.
    private static func removed(from before: [AnyObject], keeping after: [AnyObject]) -> [AnyObject] {
        before.filter { item in !after.contains { $0 === item } }
    }

    // MARK: Queued primitives

    private var primitives: NavigationStackQueue.Primitives {
        NavigationStackQueue.Primitives(
            name: { [weak self] in self?.surface?.containerPage?.pageDescription ?? "" },
            items: { [weak self] in self?.surface?.stackItems },
            describe: StackRules.describe,
            push: { [weak self] items, animated, completion in
                guard let self else { return completion.finish() }
                self.start(.push(items), animated: animated, by: .app, completion: completion)
            },
            pop: { [weak self] item, animated, completion in
                guard let self else { return completion.finish() }
                self.start(.popTo(item), animated: animated, by: .app, completion: completion)
            },
            set: { [weak self] items, animated, completion in
                guard let self else { return completion.finish() }
                self.start(.set(items), animated: animated, by: .app, completion: completion)
            }
        )
    }
}
