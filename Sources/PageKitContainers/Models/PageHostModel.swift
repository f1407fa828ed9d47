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

/// Modal presentation for SwiftUI, and the stacks `!/` and `#/` make: a
/// ``/PageKit/PageHost`` whose presentations SwiftUI's `sheet(item:)` and
/// `fullScreenCover(item:)` bind to (`PageRootView` attaches them), and that runs on
/// Linux.
///
/// `!` presents a sheet, or a full-screen cover when the step's
/// ``/PageKit/ShowStyle/presentation`` is ``/PageKit/PresentationStyle/fullScreen``; a
/// sheet stops at the style's detents, if it gives any (popovers show as sheets;
/// ``/PageKit/PresentationStyle/custom(_:)`` fails on screen, as SwiftUI has no such
/// presentation; a driver is handed it as data).
/// `!/` and `#/` make a ``PageStackModel``.
///
/// As UIKit does, a modal belongs to its presentation context: once the host knows the
/// root (a ``/PageKit/Navigator`` tells it), a page presented from anywhere in a level is
/// recorded as presented by that level's root (the app's root, or the modal the level lives
/// in), whose view carries the `sheet` modifier. A level presents one page at a time.
///
/// SwiftUI's presentations report no completion on iOS 16, and `onAppear` runs as the
/// animation starts: a presentation ends when the hosting controller of the presented
/// level reports `viewDidAppear` (``presentationDidAppear(_:)``), and a dismissal when it
/// reports `viewDidDisappear` (``presentationDidDisappear(_:)``), which names the
/// presentation, where SwiftUI's `onDismiss` names only the level and may belong to an
/// earlier dismissal of it; the queue's time-out is the safety net. A presentation that never appeared is taken back when its operation times
/// out, since SwiftUI may drop a presentation it cannot show, and dismissing a level that
/// never appeared ends at once. The person's swipe down sets the binding to `nil`
/// (``presentationChanged(to:over:fullScreen:)``), reported as the person's dismissal.
///
/// ```swift
/// let queue = TransitionQueue()
/// let host = PageHostModel(queue: queue)
/// let navigator = Navigator(root: tabs, host: host, registry: registry, queue: queue)
/// ```
public final class PageHostModel: PageHost, QueueSharing, ObservableModel {
    private struct Record {
        weak var level: (any Page)?
        let page: any Page
        let entry: PageEntry
        let style: ShowStyle
        /// Whether its hosting controller reported `viewDidAppear`.
        var appeared = false
        /// Follows the models in the presented page while it is presented (a `!/` stack, a
        /// tab view and the stacks in its tabs): whether the person may swipe it down
        /// depends on the pages they hold.
        var observation: ModelObservation?
    }

    /// The queue its changes are reported on, and that the stacks it makes use.
    public let queue: TransitionQueue
    /// The queue its changes are reported on (``queue``). A navigator given a host on
    /// another queue listens to it as well.
    public var transitionQueue: TransitionQueue { queue }
    /// How its transitions, and those of the stacks it makes, end: reported by the views
    /// (``TransitionEnd/screen``), at once, or timed by a driver.
    public let ending: TransitionEnd
    /// Whether SwiftUI takes nested presentations away one level per update, the topmost
    /// first: before iOS 17 it cannot dismiss several nested sheets in one update. The
    /// host's records change at once either way, and one change is reported; only what
    /// the bindings show follows one level at a time (each level's binding goes `nil` once
    /// the level above it has disappeared). `true` on iOS 16, `false` on iOS 17 and later
    /// and on other platforms.
    public var dismissesOneLevelPerUpdate: Bool = {
        if #available(iOS 17, *) { false } else { true }
    }()
    /// Presentations removed from the records that the bindings still show, lowest first,
    /// while a dismissal takes them away one level per update: every one but the topmost
    /// is still bound. Each page is held until its view has gone, as SwiftUI's sheet holds
    /// it.
    private var departing: [Departing] = []

    /// A presentation taken out of the records, with the level it was over.
    struct Departing {
        let level: any Page
        let page: any Page
        let presentation: PagePresentation
    }
    // Read by every walk of the hierarchy (`presentsNothing`); no access calls out while
    // it lasts, so the dynamic exclusivity check buys nothing.
    @exclusivity(unchecked) private var records: [Record] = [] {
        didSet { followQueueWhilePresenting() }
    }
    private weak var root: (any Page)?
    private let pending: PendingTransition
    private var policyObservation: ObservationToken?
    /// The queue's events, followed while something is presented: a sheet does not swipe
    /// down while a transition runs, and the views read that again as the queue starts
    /// and stops.
    private var queueObservation: ObservationToken?
    /// Whether the queue was idle when the views were last told to read the policies.
    private var queueWasIdle = true
    /// Whether the views are to be told again on the next turn of the main actor.
    private var idlenessRetold = false
    /// The person's swipe down of a sheet, while it holds the queue.
    var swipeDown: SwipeDown?
    package let observers = ModelObservers()
    /// The questions asked with ``ask(_:)`` and not answered yet, oldest first.
    var questions: [Question] = []
    /// The number of the last question asked.
    var lastQuestion = 0

    /// Creates a host.
    /// - Parameters:
    ///   - queue: The queue to report on, and for the stacks it makes; share the
    ///     navigator's.
    ///   - ending: How its transitions, and those of the stacks it makes, end: reported by
    ///     the views, the default, at once, or timed by a driver.
    public init(queue: TransitionQueue, ending: TransitionEnd = .screen) {
        self.queue = queue
        self.ending = ending
        pending = PendingTransition(queue: queue)
        pending.timedOut = { [weak self] wait in self?.transitionTimedOut(wait) }
        // A question waits for the screen to settle: it may show once nothing is on its way.
        pending.ended = { [weak self] in self?.questionMayShow() }
        // Whether a sheet can be swiped down is set up in advance: follow its pages' policies.
        policyObservation = queue.observeLeavePolicies { [weak self] reference in
            guard let self, let page = reference.page, self.presentedLevel(holding: page) != nil else { return }
            self.observers.send(animated: true)
        }
    }

    /// Follows the queue's starts and stops while a page is presented, and only then: no
    /// view reads the swipe-down policy of a sheet that is not there, and a queue nobody
    /// observes does not build its events.
    private func followQueueWhilePresenting() {
        if records.isEmpty {
            queueObservation = nil
        } else if queueObservation == nil {
            queueWasIdle = queue.isIdle
            queueObservation = queue.observe { [weak self] _ in self?.queueMayHaveChangedIdleness() }
        }
    }

    /// The queue is about to go busy for the person's own drag of a sheet.
    func queueIsBusyForOwnDrag() {
        queueWasIdle = false
    }

    /// Tells the views to read the swipe-down policies again when the queue went from
    /// idle to busy or back (``allowsSwipeDown(of:)`` reads it).
    ///
    /// The change may come inside a binding's setter, where SwiftUI drops what a model
    /// publishes, as reported (schwa/MastodonAgain#77): the views are told again on the
    /// next turn of the main actor, once per turn. Not on the queue's clock: telling the
    /// views changes nothing a test waits for, so it leaves no timer due.
    private func queueMayHaveChangedIdleness() {
        guard queue.isIdle != queueWasIdle else { return }
        queueWasIdle = queue.isIdle
        observers.send(animated: false)
        guard !idlenessRetold else { return }
        idlenessRetold = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            idlenessRetold = false
            if !records.isEmpty { observers.send(animated: false) }
        }
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
        record(over: presenter).map { records[$0].page }
    }

    /// Whether no page is presented: what the model records is all there is.
    public var presentsNothing: Bool { records.isEmpty }

    /// What the view of `level` presents: the value its `sheet(item:)` or
    /// `fullScreenCover(item:)` binds to.
    /// - Parameter level: The root of a level: the app's root, or a presented page.
    /// - Returns: The presentation, or `nil`.
    public func presentation(over level: any Page) -> PagePresentation? {
        if let index = record(over: level) {
            return PagePresentation(entry: records[index].entry, style: records[index].style)
        }
        guard let index = departing.firstIndex(where: { $0.level === level }), index < departing.count - 1 else {
            return nil
        }
        return departing[index].presentation
    }

    /// What the `sheet(item:)` of `level` binds to (`fullScreen` false), or its
    /// `fullScreenCover(item:)` (`fullScreen` true): the presentation over `level` when it
    /// is shown that way, else `nil`.
    /// - Parameters:
    ///   - level: The root of a level.
    ///   - fullScreen: Which of the two bindings.
    /// - Returns: The presentation, or `nil`.
    public func presentation(over level: any Page, fullScreen: Bool) -> PagePresentation? {
        guard let presentation = presentation(over: level), presentation.isFullScreen == fullScreen,
              !(presentation.page is AlertPage) else { return nil }
        return presentation
    }

    /// The alert or confirmation dialog the view of `level` shows: what its `alert` and
    /// `confirmationDialog` modifiers present (an alert is never a sheet). That is the
    /// alert page `level` presents, or, over the level on top, the oldest question asked
    /// with ``ask(_:)`` that has no answer yet.
    /// - Parameter level: The root of a level.
    /// - Returns: The alert, or `nil`.
    public func alert(over level: any Page) -> AlertPage? {
        if let index = record(over: level) { return records[index].page as? AlertPage }
        guard let question = shownQuestion, questionLevel === level else { return nil }
        return question.alert
    }

    /// The level a question shows over: the level on top, once it is settled. `nil` while
    /// a presentation or a dismissal is on its way (SwiftUI presents nothing from a level
    /// in motion) or an alert is on top (nothing shows above an alert).
    var questionLevel: (any Page)? {
        guard var level = root, pending.wait == nil else { return nil }
        while let index = record(over: level) {
            guard !(records[index].page is AlertPage) else { return nil }
            level = records[index].page
        }
        return level
    }

    /// How `page` was presented, while it is.
    /// - Parameter page: A presented page.
    /// - Returns: The style of the step that presented it, or `nil`.
    public func presentationStyle(of page: any Page) -> ShowStyle? {
        records.first { $0.page === page }?.style
    }

    /// The presented pages, from the root's level up.
    package var presentedPages: [any Page] {
        guard var level = root else { return records.map(\.page) }
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

    /// Presents `page` over the level `presenter` belongs to, as `style` says: a
    /// full-screen cover for ``/PageKit/PresentationStyle/fullScreen``, a sheet (with the
    /// style's detents) otherwise; ``/PageKit/TransitionStyle/none`` does not animate.
    /// While the person's gesture holds the queue (a pop begun as the request's guard
    /// decided), the presentation waits for it to end.
    /// - Parameters:
    ///   - page: The page to present, not already shown.
    ///   - presenter: A page of the level.
    ///   - animated: Whether to animate.
    ///   - style: How to present it.
    ///   - completion: Finished when the presented level's hosting controller reports
    ///     `viewDidAppear` (at once when not animated); failed with
    ///     ``/PageKit/NavigationError/Code/cannotShow`` when the level already presents a
    ///     page or, on screen, the style is custom, and with
    ///     ``/PageKit/NavigationError/Code/alreadyInHierarchy`` when the page is shown. If
    ///     the queue times the presentation out before it appeared, the host takes it back.
    /// - Complexity: O(*n*) in the number of live pages, to find the level.
    public func present(_ page: any Page, from presenter: any Page, animated: Bool, style: ShowStyle,
                        completion: TransitionCompletion) {
        // A request whose turn began before the person's pop (its guard deciding) gets here
        // while the pop animates, its hold queued behind the request: SwiftUI presents
        // nothing from a level in motion, so the presentation waits for the person.
        if case .screen = ending, queue.isInteracting {
            return queue.afterInteractions { [weak self] in
                guard completion.isAwaited else { return }
                self?.present(page, from: presenter, animated: animated, style: style, completion: completion)
            }
        }
        sweep()
        if case .screen = ending, case .custom(let name) = style.presentation {
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
            queue.reportRefusal(refusal, by: .app)
            return completion.fail(refusal)
        }
        records.append(Record(level: level, page: page, entry: PageEntry(page), style: style,
                              observation: followingPolicies(of: page)))
        queue.reportChange(HierarchyChange(.presented, by: .app, in: level, pages: [page]))
        // SwiftUI tells nothing of an alert's appearance: its presentation ends at once.
        settle(.present, page, over: level, animated: animated,
               waits: animated && style.transition != .none && !(page is AlertPage), style: style, completion: completion)
    }

    /// Dismisses what `presenter` presents (as recorded: a level's root), and everything
    /// presented above it.
    ///
    /// SwiftUI's own animation is used whatever `style`'s transition, as for a
    /// presentation, except ``/PageKit/TransitionStyle/none``, which does not animate.
    /// - Parameters:
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - style: How to animate it.
    ///   - completion: Finished when the dismissed level's hosting controller reports
    ///     `viewDidDisappear` (at once when not animated, or when the presentation never
    ///     appeared: SwiftUI dismisses nothing it never showed); failed with ``/PageKit/NavigationError/Code/staleHierarchy`` when
    ///     `presenter` presents nothing.
    public func dismissPage(presentedBy presenter: any Page, animated: Bool, style: ShowStyle,
                            completion: TransitionCompletion) {
        // As for a presentation: a step whose request began before the person's gesture
        // (its guard deciding, an earlier step animating) gets here while the gesture
        // moves, and SwiftUI dismisses nothing from a level in motion. The person's own
        // swipe down dismisses through the call below, under its own interaction.
        if case .screen = ending, queue.isInteracting {
            return queue.afterInteractions { [weak self] in
                guard completion.isAwaited else { return }
                self?.dismissPage(presentedBy: presenter, animated: animated, style: style, completion: completion)
            }
        }
        dismissPage(presentedBy: presenter, animated: animated, by: .app, style: style, completion: completion)
    }

    func dismissPage(presentedBy presenter: any Page, animated: Bool, by source: NavigationSource,
                     style: ShowStyle = .default, completion: TransitionCompletion) {
        guard let index = record(over: presenter) else {
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        let page = records[index].page
        let appeared = records[index].appeared
        let waits = animated && style.transition != .none && appeared && !(page is AlertPage)
        let removed = removePresentations(from: presenter)
        // Only the views take nested levels away one at a time; a driver or `atOnce` ends as before.
        if waits, dismissesOneLevelPerUpdate, case .screen = ending, removed.count > 1 { departing = removed }
        sweep()
        queue.reportChange(HierarchyChange(.dismissed, by: source, in: presenter, pages: [page]))
        settle(.dismiss, page, over: presenter, animated: animated, waits: waits, style: style, completion: completion)
    }

    /// Ends the transition as ``ending`` says: once the views report it, when `waits`;
    /// when the driver says so; or now.
    private func settle(_ kind: ContainerTransition.Kind, _ page: any Page, over level: any Page, animated: Bool,
                        waits: Bool, style: ShowStyle = .default, completion: TransitionCompletion) {
        if case .screen = ending, waits {
            pending.begin(kind == .present ? .appearance : .dismissal, of: page, after: kind, completion: completion)
            return observers.send(animated: true)
        }
        if case .driver = ending { observers.send(animated: animated) } else { observers.send(animated: false) }
        ending.end(ContainerTransition(kind: kind, container: level, pages: [page], animated: animated, style: style),
                   completion: completion)
    }

    /// A transparent ``PageStackModel`` on this host's queue, whose transitions end as
    /// the host's do, of the kind `style` names (its ``PageStackModel/kind``).
    /// - Parameters:
    ///   - pages: The stack, bottom first.
    ///   - style: The style of the step that shows it.
    /// - Returns: The stack.
    public func makeStack(with pages: [any Page], style: ShowStyle) -> any StackContainer {
        let stack = PageStackModel(pages: pages, queue: queue, ending: ending)
        stack.kind = style.stack
        return stack
    }

    // MARK: What the view tells the model

    /// The hosting controller of the level `page` presents reported `viewDidAppear`: its
    /// presentation is on screen, and the transition that waits for it ends.
    /// - Parameter page: The presented page.
    public func presentationDidAppear(_ page: any Page) {
        guard let index = records.firstIndex(where: { $0.page === page }) else { return }
        records[index].appeared = true
        if pending.awaits(.appearance, of: page) { pending.end() }
    }

    /// The hosting controller of the level `page` presented reported `viewDidDisappear`:
    /// if `page` is being dismissed, its dismissal is over and the transition that waits
    /// for it ends. A presented page covered by another (a full-screen cover above it)
    /// disappears too, and nothing waits for that.
    /// - Parameter page: The presented page whose level disappeared.
    public func presentationDidDisappear(_ page: any Page) {
        if departing.count > 1, departing.last?.page === page {
            // The level above has gone: the next one down is unbound now, an animation of
            // its own with a time-out of its own.
            departing.removeLast()
            pending.continuesWithAnotherAnimation()
            return observers.send(animated: true)
        }
        if departing.count == 1, departing[0].page === page { departing = [] }
        if pending.awaits(.dismissal, of: page) { pending.end() }
    }

    /// Reads the presented pages' leave policies again each time a model in `page` changes
    /// (`page` itself, or a stack in its tabs): a stack's push or pop changes what a swipe
    /// down would remove (a form with changes pushed onto a sheet's stack must hold the
    /// sheet, and popped, let it go), and the view sets `interactiveDismissDisabled` in
    /// advance.
    private func followingPolicies(of page: any Page) -> ModelObservation? {
        // Animated, as for a policy a page says changed: a binding read anew animates.
        ModelTreeObservation.observe(page) { [weak self] in self?.observers.send(animated: true) }
    }

    /// Tells the views to read the presented pages' leave policies again. Pages need not
    /// call it: a page whose ``/PageKit/LeaveConfirming/leavePolicy(for:)`` changes calls
    /// ``/PageKit/Navigator/leavePolicyChanged(of:)`` , which the host
    /// follows; nothing watches a page's own properties.
    public func leavePoliciesChanged() {
        observers.send(animated: true)
    }

    // MARK: Levels

    /// The index of the record of what `level` presents.
    private func record(over level: any Page) -> Int? {
        records.firstIndex { $0.level === level }
    }

    /// The level `page` is the root of, if it presents or could present: the page whose
    /// view carries the `sheet` modifier for it.
    /// - Complexity: O(*n*) in the number of live pages.
    func levelRoot(of page: any Page) -> any Page {
        guard root != nil else { return page }
        return PresentationLevels.level(holding: page, root: root, presented: records.lazy.map(\.page)) ?? page
    }

    /// The presented page whose level holds `page` (the page itself, or a page of the
    /// stack it is), if any.
    /// - Complexity: O(*n*) in the number of presented pages and the pages they hold.
    func presentedLevel(holding page: any Page) -> (any Page)? {
        PresentationLevels.level(holding: page, root: nil, presented: records.lazy.map(\.page))
    }

    /// The level that presents `page`, if it is presented.
    func presenter(of page: any Page) -> (any Page)? {
        records.first { $0.page === page }?.level
    }

    /// Whether `page` is held by the root's tree or by a presented page, or is presented.
    private func isShown(_ page: any Page) -> Bool {
        PresentationLevels.level(holding: page, root: root, presented: records.lazy.map(\.page)) != nil
    }

    /// Removes `presenter`'s presentation and those of every page inside what it
    /// presented.
    /// - Returns: The sheets and covers it removed (alerts go with their level), each
    ///   before those nested over it.
    @discardableResult
    func removePresentations(from presenter: any Page) -> [Departing] {
        guard let index = record(over: presenter) else { return [] }
        var removed: [Departing] = []
        func remove(at index: Int) -> any Page {
            let record = records.remove(at: index)
            // An alert is no level of its own that SwiftUI takes away: it goes with the
            // view of the level it is shown on, and reports no disappearance to wait for.
            if let level = record.level, !(record.page is AlertPage) {
                removed.append(Departing(level: level, page: record.page,
                                         presentation: PagePresentation(entry: record.entry, style: record.style)))
            }
            return record.page
        }
        var remaining: [any Page] = [remove(at: index)]
        while let page = remaining.popLast() {
            if let nested = record(over: page) {
                remaining.append(remove(at: nested))
            }
            if let parent = page as? any ParentPage {
                remaining.append(contentsOf: parent.containedPages)
            }
        }
        // A presentation that waited to appear and is gone will not appear: it ends on
        // the next turn, so that what the queue runs next does not start from inside the
        // binding's setter that removed it.
        if let wait = pending.wait, wait.kind == .appearance, let page = wait.page,
           PresentationLevels.level(holding: page, root: nil, presented: records.lazy.map(\.page)) == nil {
            pending.endNextTurn(on: queue.clock)
        }
        return removed
    }

    /// The queue gave up on the running transition: a presentation that never appeared
    /// is taken back, as SwiftUI may have dropped it ("only presenting a single sheet is
    /// supported", subconsciousnetwork/subconscious#900), and would otherwise be recorded
    /// as shown for ever, so that the next request waits for a dismissal that never comes.
    private func transitionTimedOut(_ wait: ScreenWait) {
        if wait.kind == .dismissal, !departing.isEmpty { levelEndLost() }
        guard wait.kind == .appearance, let page = wait.page,
              let index = records.firstIndex(where: { $0.page === page }), !records[index].appeared,
              let level = records[index].level else { return }
        removePresentations(from: level)
        queue.reportChange(HierarchyChange(.dismissed, by: .app, in: level, pages: [page]))
        observers.send(animated: false)
    }

    /// The end of the level going on top of ``departing`` never came, and the queue timed
    /// the dismissal out. That level's dismissal began on screen, and it is taken as gone.
    /// The levels below it are still bound and on screen, their dismissal never begun:
    /// they are recorded again, as a presentation that never appeared is taken back.
    /// Unbinding them all at once instead would dismiss a level with another still
    /// presented over it, which SwiftUI before iOS 17 does not do: one would stay on
    /// screen while the records said it was gone.
    private func levelEndLost() {
        let kept = departing.dropLast()
        departing = []
        if let lowest = kept.first {
            for level in kept {
                records.append(Record(level: level.level, page: level.page, entry: level.presentation.entry,
                                      style: level.presentation.style, appeared: true,
                                      observation: followingPolicies(of: level.page)))
            }
            queue.reportChange(HierarchyChange(.presented, by: .app, in: lowest.level, pages: kept.map(\.page)))
        }
        observers.send(animated: false)
    }

    /// Drops presentations whose presenter has been freed.
    private func sweep() {
        records.removeAll { $0.level == nil }
    }
}
