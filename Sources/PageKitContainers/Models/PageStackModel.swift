//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

public import PageKit

/// The model of a SwiftUI navigation stack: a ``/PageKit/StackContainer`` that
/// `PageNavigationStack` binds `NavigationStack(path:)` to, and that runs on Linux.
///
/// PageKit's pushes and pops change the model and the view follows. The person's back
/// button or swipe shrinks the path binding, and the model reports that as the person's
/// change (``/PageKit/HierarchyChange`` `.popped` by `.user`) on its queue, as it reports
/// the app's own pushes and pops and refuses a page pushed twice.
///
/// iOS 16's `NavigationStack` reports no completion, and `onAppear` runs as an animation
/// starts, so an animated transition ends when the hosting controller of the page then on
/// top reports `viewDidAppear` or the transition coordinator its completion (the view
/// calls ``pageDidAppear(_:)``); the queue's time-out is the safety net. A transition that
/// is not animated, that leaves the same page on top, or that happens while no view shows
/// the stack (a tab not selected) ends at once. On iOS 16.0 and 16.1, which pop several
/// levels at once without animation, an animated pop of several levels goes one level
/// per animation (``systemVersion``).
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
    // Main-actor state no access ever overlaps: the dynamic exclusivity check, paid on
    // every read by every plan, buys nothing.
    /// Its own parameters.
    @exclusivity(unchecked) public var pageParameters: PageParameters
    /// The pages, bottom first: the root view, then the path.
    @exclusivity(unchecked) public private(set) var pages: [any Page]
    /// The queue its changes are reported on and its queued operations go through; share
    /// the navigator's.
    public let transitionQueue: TransitionQueue
    /// The kind of stack it is, when a host made it for a `!/` or `#/` whose style named
    /// one (``/PageKit/ShowStyle/stack``).
    public internal(set) var kind: String?
    /// Whether a view shows the stack now, as its view reports (``stackAppeared()``,
    /// ``stackDisappeared()``). Transitions of a stack no view shows end at once.
    public private(set) var isOnScreen = false
    /// The system the stack runs on, where SwiftUI's behaviour depends on it: the view
    /// sets it from the running system. `nil` behaves as iOS 16.2 and later.
    public var systemVersion: SystemVersion?
    /// Pushes and pops that wait their turn on ``transitionQueue``.
    public private(set) lazy var queued = NavigationStackQueue(stack: self, queue: transitionQueue)
    /// How its transitions end: reported by its view (``TransitionEnd/screen``), at once,
    /// or timed by a driver.
    public let ending: TransitionEnd

    // Like `pages`, read and written by every push and pop, never by overlapping accesses
    // (none calls out while it lasts; views are told from copies): unchecked.
    /// Each page's serial, in the order of ``pages``: the identity of its path entry.
    @exclusivity(unchecked) private(set) var serials: [UInt64]
    /// How each pushed page was shown, when not the default, by serial.
    @exclusivity(unchecked) private var styles: [UInt64: ShowStyle] = [:]
    /// The pages a pop of several levels still shows, bottom first, on a system that pops
    /// them one level per animation; held until they are off screen.
    private var leaving: [(page: any Page, serial: UInt64)] = []
    /// What each page's view observes, by serial: only the pages someone shows.
    @exclusivity(unchecked) private var slots: [UInt64: PageSlot] = [:]
    /// The person's swipe back or push while it holds the queue.
    private var move: PersonMove?
    /// Changes that reached the stack while the person's move held it, to make once it
    /// lets go.
    private var afterMove: [@MainActor () -> Void] = []
    private var policyObservation: ObservationToken?
    private var correction: (any TransitionTimer)?
    let pending: PendingTransition
    package let observers = ModelObservers()

    /// Creates a stack.
    /// - Parameters:
    ///   - name: The name it answers to; empty for a transparent stack.
    ///   - parameters: Its own parameters.
    ///   - pages: The pages, bottom first; the first is the `NavigationStack`'s root view.
    ///   - queue: The queue to report on and to queue on; share the navigator's.
    ///   - ending: How its transitions end: reported by its view, the default, at once,
    ///     or timed by a driver.
    public init(name: String = "", parameters: PageParameters = [:], pages: [any Page] = [],
                queue: TransitionQueue, ending: TransitionEnd = .screen) {
        pageName = name
        pageParameters = parameters
        self.pages = pages
        self.ending = ending
        serials = pages.map { _ in PageEntry.nextSerial() }
        transitionQueue = queue
        pending = PendingTransition(queue: queue)
        pending.timedOut = { [weak self] _ in self?.transitionTimedOut() }
        // A page's policy can change while it is shown (a form becomes dirty): the back
        // button it gets must follow, or the system's swipe would take it unasked.
        policyObservation = queue.observeLeavePolicies { [weak self] reference in
            guard let self, let page = reference.page, self.index(of: page) != nil else { return }
            self.refreshChrome()
        }
    }

    deinit {
        // Freed while the person's move holds the queue (its view gone mid-swipe): the
        // changes that waited for the move fail, as the stack is gone, and the queue is
        // let go now rather than at the interaction's time-out.
        guard let interaction = move?.hold.interaction else { return }
        let waiting = afterMove
        Task { @MainActor in
            for change in waiting { change() }
            interaction.end()
        }
    }

    /// The stack, bottom first.
    public var containedPages: [any Page] { pages }

    /// The path `NavigationStack(path:)` binds to: every page above the root, each under
    /// the serial it was shown with (and, while a pop goes one level per animation, the
    /// levels still on screen).
    public var path: [PageEntry] {
        var path: [PageEntry] = []
        path.reserveCapacity(pages.count - 1 + leaving.count)
        for index in pages.indices.dropFirst() {
            path.append(PageEntry(pages[index], id: serials[index]))
        }
        for level in leaving {
            path.append(PageEntry(level.page, id: level.serial))
        }
        return path
    }

    /// The root page's entry: what the `NavigationStack`'s root view shows.
    public var rootEntry: PageEntry? {
        pages.first.map { PageEntry($0, id: serials[0]) }
    }

    /// What the transition running on this stack waits for from the screen, if any.
    package var screenWait: ScreenWait? { pending.wait }

    /// Whether this stack pops several levels one level per animation: iOS 16.0 and 16.1.
    private var popsOneLevelAtATime: Bool {
        systemVersion.map { !$0.animatesMultiLevelPops } ?? false
    }

    // MARK: StackContainer

    /// Pushes `pages` on top, shown as `style` says: on screen, the view hides the tab bar
    /// for them when the style says so, and SwiftUI's own push animation is used whatever
    /// the transition style, except ``/PageKit/TransitionStyle/none``, which does not
    /// animate; a driver is handed the style.
    /// - Parameters:
    ///   - pages: The pages to push.
    ///   - animated: Whether to animate.
    ///   - style: How to show them.
    ///   - completion: Finished when the new top has appeared (at once when not animated
    ///     or not on screen), or when the driver says so; failed with
    ///     ``/PageKit/NavigationError/Code/alreadyInHierarchy``, and nothing pushed, if a
    ///     page is already in the stack or given twice.
    public func push(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        // Looked at before a closure is made: that would cost an allocation on every push.
        if move != nil {
            return afterPersonMove(completion) { stack in
                stack.push(pages, animated: animated, style: style, completion: completion)
            }
        }
        guard !pages.isEmpty else { return completion.finish() }
        if let refusal = StackRules.refusalToPush(pages, onto: self.pages, stack: self) {
            transitionQueue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        let before = serials.last
        dropLeaving()
        for page in pages {
            let serial = PageEntry.nextSerial()
            self.pages.append(page)
            serials.append(serial)
            if !style.isDefault { styles[serial] = style }
        }
        transitionQueue.reportChange(HierarchyChange(.pushed, by: .app, in: self, pages: pages))
        settle(.push, pages, from: before, animated: animated, style: style, completion: completion)
    }

    /// Pops every page above `page`; the transition ends when `page` has appeared.
    ///
    /// SwiftUI's own pop animation is used whatever `style`'s transition, as for a push,
    /// except ``/PageKit/TransitionStyle/none``, which does not animate.
    /// - Parameters:
    ///   - page: A page of the stack.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it; a driver is handed it.
    ///   - completion: Finished when `page` has appeared (at once when not animated, not
    ///     on screen, or already on top), or when the driver says so; failed with
    ///     ``/PageKit/NavigationError/Code/staleHierarchy`` if `page` is not in the stack.
    public func pop(to page: any Page, animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        pop(to: page, animated: animated, style: style, by: .app, completion: completion)
    }

    func pop(to page: any Page, animated: Bool, style: ShowStyle = .default, by source: NavigationSource,
             completion: TransitionCompletion) {
        if move != nil {
            return afterPersonMove(completion) { [weak page] stack in
                guard let page else {
                    return completion.fail(NavigationError(.staleHierarchy, reason: "the page to go back to is gone"))
                }
                stack.pop(to: page, animated: animated, style: style, by: source, completion: completion)
            }
        }
        guard let index = index(of: page) else {
            return completion.fail(NavigationError(.staleHierarchy, component: page.pageName,
                                                   reason: "`\(page.pageName)` is not in stack `\(pageName)`"))
        }
        let before = serials.last
        dropLeaving()
        let popped = Array(zip(pages[(index + 1)...], serials[(index + 1)...]))
        removeLevels(above: index)
        if !popped.isEmpty {
            transitionQueue.reportChange(HierarchyChange(.popped, by: source, in: self, pages: popped.map(\.0)))
        }
        // iOS 16.0 and 16.1 pop several levels at once without animation: show the levels
        // above the new top leaving one per animation instead.
        if case .screen = ending, animated, style.transition != .none, isOnScreen, popped.count > 1,
           popsOneLevelAtATime {
            leaving = popped.dropLast().map { (page: $0.0, serial: $0.1) }
        }
        settle(.pop, popped.map(\.0), from: before, animated: animated, style: style, completion: completion)
    }

    /// Replaces the stack, shown as `style` says. Pages already in the stack keep their
    /// path entries; the others are new elements.
    /// - Parameters:
    ///   - pages: The new stack, bottom first.
    ///   - animated: Whether to animate.
    ///   - style: How to show the pages.
    ///   - completion: Finished when the new top has appeared (at once when not animated,
    ///     not on screen, or the top is the same page), or when the driver says so; failed with
    ///     ``/PageKit/NavigationError/Code/outOfRange`` for an empty stack and
    ///     ``/PageKit/NavigationError/Code/alreadyInHierarchy`` for a page given twice.
    public func setStack(_ pages: [any Page], animated: Bool, style: ShowStyle, completion: TransitionCompletion) {
        if move != nil {
            return afterPersonMove(completion) { stack in
                stack.setStack(pages, animated: animated, style: style, completion: completion)
            }
        }
        guard !pages.isEmpty else {
            return completion.fail(NavigationError(.outOfRange, component: pageName,
                                                   reason: "a navigation stack cannot be empty"))
        }
        if let refusal = StackRules.refusalToPush(pages, onto: [], stack: self) {
            transitionQueue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        let before = serials.last
        // A root replaced under an empty path, which stays empty: the view swaps the root's
        // content, and pushes or pops nothing, so nothing animates or appears.
        let inPlace = self.pages.count == 1 && pages.count == 1
        dropLeaving()
        let newSerials = pages.map { page in index(of: page).map { serials[$0] } ?? PageEntry.nextSerial() }
        replace(with: pages, serials: newSerials)
        // The new stack is shown as `style` says, the pages kept as well.
        for serial in newSerials { styles[serial] = style.isDefault ? nil : style }
        transitionQueue.reportChange(HierarchyChange(.replaced, by: .app, in: self, pages: pages))
        settle(.setStack, pages, from: before, animated: animated && !inPlace, style: style, completion: completion)
    }

    // MARK: What the view tells the model

    /// The view of `page` appeared (`onAppear`). It ends nothing, and says nothing of
    /// whether the stack is on screen: `onAppear` runs as the animation starts, not when
    /// it ends, and may run again, or for a page of a stack no longer shown (a tab left, a
    /// full-screen cover over it), where a transition that waited for the page's
    /// appearance would wait for its time-out. Only the stack's own appearance
    /// (``stackAppeared()``) and a page's `viewDidAppear` (``pageDidAppear(_:)``) say so.
    /// - Parameter page: The page whose view appeared.
    public func pageAppeared(_ page: any Page) {}

    /// The hosting controller of `page` reported `viewDidAppear`, or the transition
    /// coordinator of the push or pop that showed it ended without being cancelled: the
    /// transition that waits for `page` ends (or, for a pop that goes one level per
    /// animation, the next level goes), and a push SwiftUI made for the person's link lets
    /// go of the queue once the page on top has appeared. Appearances nothing waits for
    /// are ignored.
    /// - Parameter page: The page that is now on top, its animation over.
    public func pageDidAppear(_ page: any Page) {
        isOnScreen = true
        defer { pushMayHaveEnded(showing: page) }
        guard pending.awaits(.appearance, of: page) else { return }
        guard !leaving.isEmpty else { return pending.end() }
        leaving.removeLast()
        if let next = leaving.last?.page ?? pages.last { pending.retarget(to: next) }
        // Each level is an animation of its own, with a time-out of its own.
        pending.continuesWithAnotherAnimation()
        observers.send(animated: true)
    }

    /// The stack's view appeared: from now on its animated transitions wait for their
    /// page to appear.
    public func stackAppeared() {
        isOnScreen = true
    }

    /// The stack's view disappeared (its tab was left, its sheet dismissed): from now on
    /// its transitions end at once, and one that waits ends now, as nothing will appear.
    /// A pop of the person's still under way keeps the queue until its completion and
    /// the path it writes come, which off screen is at once, or for at most an animated
    /// transition's time-out: an operation let in before them would run on the page the
    /// pop takes away.
    public func stackDisappeared() {
        isOnScreen = false
        if let move, case .pop = move.kind {
            releaseMove(after: transitionQueue.timeouts.animated)
        } else {
            releaseMove()
        }
        if !leaving.isEmpty {
            leaving = []
            observers.send(animated: false)
        }
        pending.end()
    }

    /// Tells the views to read the pages' leave policies again. Pages need not call it:
    /// a page whose ``/PageKit/LeaveConfirming/leavePolicy(for:)`` changes calls
    /// ``/PageKit/Navigator/leavePolicyChanged(of:)`` , which every
    /// container on the queue follows; nothing watches a page's own properties.
    public func leavePoliciesChanged() {
        refreshChrome()
    }

    // MARK: Chrome

    /// What the navigation bar and tab bar show for `page`: PageKit's back button when
    /// its leave policy for the back button or the swipe back is not
    /// ``/PageKit/LeavePolicy/allow`` (hiding the system's button also turns off the swipe
    /// back, so the page keeps its say), and whether the tab bar is hidden.
    /// - Parameter page: A page of the stack.
    /// - Returns: Its chrome; the root's has no back button.
    /// - Complexity: O(*n*) in the number of pages below `page`, for the history.
    public func chrome(of page: any Page) -> PageChrome {
        guard let index = index(of: page) else { return PageChrome() }
        return chrome(at: index)
    }

    private func chrome(at index: Int) -> PageChrome {
        let page = pages[index]
        let hidesBottomBar = styles[serials[index]]?.hidesBottomBar ?? false
        guard index > 0, transitionQueue.leavePolicy(for: page, by: .backButton) != .allow
            || transitionQueue.leavePolicy(for: page, by: .swipeBack) != .allow else {
            return PageChrome(hidesBottomBar: hidesBottomBar)
        }
        var history: [PageBackButton.Item] = []
        history.reserveCapacity(index)
        for below in pages[..<index].indices.reversed() {
            let page = pages[below]
            history.append(PageBackButton.Item(entry: PageEntry(page, id: serials[below]),
                                               title: Self.title(of: page) ?? page.pageDescription))
        }
        let button = PageBackButton(title: Self.title(of: pages[index - 1]), history: history)
        return PageChrome(backButton: button, hidesBottomBar: hidesBottomBar)
    }

    /// What `page`'s view observes: told when its chrome changes, and only then, so a
    /// push does not draw every page of the stack again.
    /// - Parameter serial: The serial of the page's path entry.
    /// - Returns: Its slot; a slot of its own, told nothing, for a page no longer in the
    ///   stack (SwiftUI still draws it while it leaves).
    package func slot(for serial: UInt64) -> PageSlot {
        if let slot = slots[serial] { return slot }
        guard let index = serials.firstIndex(of: serial) else { return PageSlot(chrome: PageChrome()) }
        let slot = PageSlot(chrome: chrome(at: index))
        slots[serial] = slot
        return slot
    }

    /// Tells each shown page whose chrome changed.
    private func refreshChrome() {
        guard !slots.isEmpty else { return }
        for (index, serial) in serials.enumerated() {
            guard let slot = slots[serial] else { continue }
            let chrome = chrome(at: index)
            if slot.chrome != chrome {
                slot.chrome = chrome
                slot.observers.send(animated: true)
            }
        }
    }

    private static func title(of page: any Page) -> String? {
        (page as? any TitledPage)?.pageTitle
    }

    // MARK: Internals

    /// Ends the transition `moved` pages make, as ``ending`` says: once the page then on
    /// top has appeared, when the driver says so, or now. On screen, SwiftUI animates
    /// whatever the transition style, except ``/PageKit/TransitionStyle/none``.
    private func settle(_ kind: ContainerTransition.Kind, _ moved: [any Page], from before: UInt64?, animated: Bool,
                        style: ShowStyle = .default, completion: TransitionCompletion) {
        refreshChrome()
        let animates = animated && style.transition != .none
        if case .screen = ending, animates, isOnScreen, let top = pages.last, serials.last != before {
            pending.begin(.appearance, of: leaving.last?.page ?? top, after: kind, completion: completion)
            return observers.send(animated: true)
        }
        leaving = []
        observers.send(animated: animates)
        ending.end(ContainerTransition(kind: kind, container: self, pages: moved, animated: animated, style: style),
                   completion: completion)
    }

    /// The queue gave up on the running transition: a pop still going one level per
    /// animation shows the rest at once.
    private func transitionTimedOut() {
        guard !leaving.isEmpty else { return }
        leaving = []
        observers.send(animated: false)
    }

    /// A new transition, or the person, moves the stack: the levels a pop still showed
    /// are gone.
    private func dropLeaving() {
        leaving = []
    }

    /// The serials of the levels a pop still shows.
    var leavingSerials: Set<UInt64> {
        leaving.isEmpty ? [] : Set(leaving.lazy.map(\.serial))
    }

    /// Keeps, of the levels a pop still shows, those `isKept` names.
    func keepLeaving(_ isKept: (UInt64) -> Bool) {
        if !leaving.isEmpty { leaving.removeAll { !isKept($0.serial) } }
    }

    /// The person or the app changed the pages outside a transition of the model's own:
    /// a wait in progress now waits for the new top.
    func pagesChangedOutsideTransition() {
        if let top = leaving.last?.page ?? pages.last { pending.retarget(to: top) }
    }

    /// Removes every page above `index`.
    func removeLevels(above index: Int) {
        for serial in serials[(index + 1)...] {
            styles[serial] = nil
            slots[serial] = nil
        }
        pages.removeSubrange((index + 1)...)
        serials.removeSubrange((index + 1)...)
    }

    /// Replaces the pages and their serials, forgetting what belonged to the pages gone.
    func replace(with pages: [any Page], serials newSerials: [UInt64]) {
        let kept = Set(newSerials)
        for serial in serials where !kept.contains(serial) {
            styles[serial] = nil
            slots[serial] = nil
        }
        self.pages = pages
        serials = newSerials
    }

    /// Tells the view, on the clock's next turn, to show the model's path again: SwiftUI
    /// drops an update published while its own binding's setter runs ("Update
    /// NavigationAuthority bound path tried to update multiple times per frame.",
    /// schwa/MastodonAgain#77), so a correction waits for the setter to return.
    func correctPathNextTurn() {
        correction?.cancel()
        correction = transitionQueue.clock.schedule(after: .zero) { [weak self] in
            guard let self else { return }
            self.correction = nil
            self.observers.send(animated: true)
        }
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

    /// The index of the page whose entry has `serial`.
    func index(ofSerial serial: UInt64) -> Int? {
        serials.lastIndex(of: serial)
    }

    // MARK: The person's moves that hold the queue

    /// A move of the person's that holds the queue until SwiftUI has shown it, so that an
    /// operation asked for meanwhile (the app's push) runs on the stack as the move left
    /// it, never writing the path while the move animates (SNS-4).
    struct PersonMove {
        enum Kind {
            /// A swipe back (or a tap on the system back button) on the page of `serial`,
            /// held from the finger down until the pop has ended and SwiftUI has written
            /// the path; `finished` once the transition coordinator said it finished.
            case pop(serial: UInt64, finished: Bool)
            /// A push SwiftUI made itself (a `NavigationLink(value:)`), held until the page
            /// then on top has appeared.
            case push
        }

        var hold: PersonHold
        var kind: Kind
        /// Over, its hold let go on the next turn: a pop the person begins before then
        /// takes the hold over.
        var isOver = false
    }

    func beginSwipe() {
        guard pages.count > 1, let top = serials.last else { return }
        if var move {
            // Only a push that has finished on screen can be swiped back: its appearance
            // was lost. A pop that is over lets go only on the next turn. Either way, the
            // new pop takes over the hold, with no operation let in between.
            let takesOver: Bool = if case .push = move.kind { true } else { move.isOver }
            if takesOver {
                move.hold.keep()
                self.move = PersonMove(hold: move.hold, kind: .pop(serial: top, finished: false))
                return
            }
        }
        guard move == nil,
              let interaction = transitionQueue.beginInteraction("swipe back on \(pageDescription)", evenIfBusy: true)
        else { return }
        move = PersonMove(hold: PersonHold(interaction), kind: .pop(serial: top, finished: false))
    }

    func endSwipe(cancelled: Bool) {
        guard var move, case .pop(let serial, _) = move.kind else { return }
        // Over (cancelled, or SwiftUI wrote the path first). On screen, the queue is let go
        // on the next turn: the completion comes inside UIKit's, before the page revealed
        // has said `viewDidAppear`, and an operation started here would take that late
        // appearance for its own end (a pop back to the same page).
        if cancelled || !serials.contains(serial) {
            guard case .screen = ending else { return releaseMove() }
            self.move?.isOver = true
            return releaseMove(after: .zero)
        }
        // Finished, but SwiftUI may write the path after the coordinator's completion:
        // hold until it does, for at most an animation's time-out.
        move.kind = .pop(serial: serial, finished: true)
        self.move = move
        releaseMove(after: transitionQueue.timeouts.animated)
    }

    /// After SwiftUI wrote the path: a finished swipe whose page is gone lets go of the
    /// queue on the next turn, outside the binding's setter, so the operation that waited
    /// does not write the path from inside it.
    func swipeMayHaveEnded() {
        guard let move, case .pop(let serial, true) = move.kind, !serials.contains(serial) else { return }
        self.move?.isOver = true
        releaseMove(after: .zero)
    }

    /// SwiftUI wrote a path the model did not ask for that shows another page on top (a
    /// `NavigationLink(value:)`'s push): while the stack is on screen, it holds the queue
    /// (from the end of what runs, if anything does) until the page on top has appeared
    /// (``pageDidAppear(_:)``), the stack leaves the screen, or an animated transition's
    /// time-out has passed. A further push meanwhile keeps the hold, which then waits for
    /// its page.
    func pushedOutsideTransition() {
        guard case .screen = ending, isOnScreen else { return }
        if move == nil {
            let label = "link push on \(pageDescription)"
            guard let interaction = transitionQueue.beginInteraction(label, evenIfBusy: true) else { return }
            move = PersonMove(hold: PersonHold(interaction), kind: .push)
        }
        guard let move, case .push = move.kind else { return }
        releaseMove(after: transitionQueue.timeouts.animated)
    }

    /// `page` appeared with its animation over: a push the person made is over once the
    /// page on top has.
    private func pushMayHaveEnded(showing page: any Page) {
        guard let move, case .push = move.kind, page === pages.last else { return }
        releaseMove()
    }

    /// Lets go of the move's hold after `delay`, in place of any earlier time.
    private func releaseMove(after delay: Duration) {
        guard let interaction = move?.hold.interaction else { return }
        move?.hold.release(after: delay, on: transitionQueue.clock) { [weak self] in
            // A stack freed meanwhile (its sheet gone) lets go of the queue all the same.
            guard let self else { return interaction.end() }
            self.releaseMove()
        }
    }

    func releaseMove() {
        guard let move else { return }
        self.move = nil
        let waiting = afterMove
        afterMove = []
        for change in waiting { change() }
        move.hold.end()
    }

    /// Makes `change` once the person's move lets go: their pop or link push still moves
    /// the stack, which SwiftUI cannot be told to refuse, and it may have begun while the
    /// queue ran a request that has not reached the stack yet (one waiting for its
    /// guard). A path written now would be written inside that move (SNS-4). Nothing is
    /// made if nobody waits for the change any more.
    private func afterPersonMove(_ completion: TransitionCompletion,
                                 _ change: @escaping @MainActor (PageStackModel) -> Void) {
        afterMove.append { [weak self] in
            guard completion.isAwaited else { return }
            guard let self else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the stack is gone"))
            }
            change(self)
        }
    }
}

/// What one page's view of a ``PageStackModel`` observes: its chrome, and a change
/// callback sent only when that chrome changes.
@MainActor
package final class PageSlot: ObservableModel {
    /// The chrome last sent.
    package fileprivate(set) var chrome: PageChrome
    package let observers = ModelObservers()

    init(chrome: PageChrome) {
        self.chrome = chrome
    }
}
