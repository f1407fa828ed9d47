package import PageKit

/// Every decision UIKit's modal presentation needs from PageKit, in platform-neutral
/// code: whether UIKit would present at all, when a presentation or dismissal has ended,
/// who is asked before the person swipes a sheet down, and what the person or the app
/// dismissed. `UIKitPageHost` only translates; the tests drive the same class through a
/// behaviour model of UIKit.
///
/// The UIKit rules it relies on:
/// - `present` presents nothing, logs a warning and never calls its completion when the
///   presenter's context already presents, is not in a window, or is being presented or
///   dismissed (library reports; Apple documents none of it): refused up front with a
///   typed error, and confirmed after the call by `presentingViewController`.
/// - `present`'s completion runs after the presented page's `viewDidAppear`, `dismiss`'s
///   after its `viewDidDisappear` (`UIViewController.h`).
/// - The person's dismissal, and only theirs, goes through the presentation controller's
///   delegate (`UIPresentationController.h`): `presentationControllerShouldDismiss` must
///   answer at once; a refusal, or `isModalInPresentation`, sends
///   `presentationControllerDidAttemptToDismiss`; `WillDismiss` comes before the finger
///   has decided, `DidDismiss` only once the sheet is gone. The slot holds one delegate
///   and a page may take it, so the root of a level also reports its own disappearance
///   while `isBeingDismissed` (`UIViewController.h`), which needs no slot.
@MainActor
package final class PresentationCore {
    /// A presentation PageKit made, while it shows.
    private final class Level {
        weak var item: AnyObject?
        weak var presenter: AnyObject?
        var phase = Phase.presenting
        init(item: AnyObject, presenter: AnyObject) {
            self.item = item
            self.presenter = presenter
        }
    }

    private enum Phase {
        case presenting
        case shown
        /// PageKit dismisses it: the navigator or the person's confirmed leave reports it.
        case dismissing
        /// The person's finger holds it; the queue waits.
        case swiping(TransitionInteraction?)
        /// The app dismisses it itself (a Cancel button calling `dismiss`); the queue
        /// waits until it is gone.
        case leaving(TransitionInteraction?)
    }

    /// UIKit, or the behaviour model.
    package weak var surface: (any PresentationSurface)?
    /// The queue the person's dismissals are reported on and wait in.
    package private(set) var queue: TransitionQueue
    private var levels: [ObjectIdentifier: Level] = [:]
    private var observations: [ObservationToken] = []
    /// The root the host was given, from which questions find the top of the window.
    package weak var questionRoot: AnyObject?
    /// The questions asked and not answered, oldest first; the first shows.
    var questions: [QuestionRecord] = []
    /// What a question that cannot show yet waits for.
    var questionWait: QuestionWait?

    enum QuestionWait {
        /// The coordinator's completion of the transition under way.
        case transition
        /// A moment, when UIKit gives nothing to wait on.
        case timer(any TransitionTimer)
    }

    /// - Parameter queue: The navigator's queue.
    package init(queue: TransitionQueue) {
        self.queue = queue
        observeQueue()
    }

    /// Moves onto `queue` (a navigator's) while the queue it is on is idle and no
    /// presentation of its own is on its way in or out.
    /// - Parameter queue: The queue to move onto.
    /// - Returns: Whether it is on `queue` now.
    package func adopt(_ queue: TransitionQueue) -> Bool {
        guard self.queue !== queue else { return true }
        guard self.queue.isIdle, levels.values.allSatisfy({ if case .shown = $0.phase { true } else { false } }) else {
            return false
        }
        self.queue = queue
        observeQueue()
        return true
    }

    private func observeQueue() {
        observations = [
            queue.observeLeavePolicies { [weak self] _ in self?.updateModality() },
            queue.observe { [weak self] event in
                // A stack inside a sheet changed, or a request ended: the sheet's pages may be others.
                switch event {
                case .finished, .failed, .timedOut, .interactionEnded: self?.updateModality()
                case .started, .cancelled, .interactionBegan: break
                }
            },
        ]
    }

    // MARK: Reading

    /// The page `presenter` itself presents, unless it is going (``isGoing(_:on:)``).
    /// - Parameter presenter: A page.
    /// - Returns: The presented page.
    package func presentedPage(of presenter: any Page) -> (any Page)? {
        guard let surface, let item = surface.presented(by: presenter), !isGoing(item, on: surface) else {
            return nil
        }
        return surface.page(of: item)
    }

    /// What covers the level whose root is `level` and is not a page (an alert, a share
    /// sheet, a system controller), unless it is going (``isGoing(_:on:)``).
    /// - Parameter level: The root of a level: the app's root, or a presented page.
    /// - Returns: The covering view controller.
    package func foreignCovering(_ level: any Page) -> AnyObject? {
        guard let surface, let item = surface.covering(level), surface.page(of: item) == nil,
              !isGoing(item, on: surface) else { return nil }
        return item
    }

    /// Whether a presented `item` is as good as gone: being dismissed, unless by a finger
    /// still on it or one that let go early. A sheet the person is swiping down is
    /// `isBeingDismissed` from the moment the finger takes it (its `viewWillDisappear`),
    /// and springs back if the finger lets go early: it is there until the finger lifts
    /// past the point of no return. An alert of a page that PageKit is not dismissing is
    /// there until it has gone: UIKit takes an alert away for a tapped button and runs
    /// the button's action only once the dismissal is over, so its answer is still to
    /// come, and a request in between waits for it rather than ending unanswered the
    /// wait of whoever opened the alert.
    private func isGoing(_ item: AnyObject, on surface: any PresentationSurface) -> Bool {
        guard surface.state(of: item).isBeingDismissed else { return false }
        if surface.page(of: item) is AlertPage, let level = level(of: item) {
            if case .dismissing = level.phase { return true }
            return false
        }
        guard let coordinator = surface.transitionCoordination(of: item) else { return true }
        return !coordinator.isInteractive && !coordinator.isCancelled
    }

    /// Dismisses what covers `level` and is not a page (``foreignCovering(_:)``); a
    /// question's alert dismissed so goes unanswered.
    /// - Parameters:
    ///   - level: The root of a level.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when it is gone; failed when nothing such covers `level`.
    package func dismissForeign(over level: any Page, animated: Bool, completion: TransitionCompletion) {
        guard let surface, let covering = foreignCovering(level), let presenter = surface.presenter(of: covering) else {
            return completion.fail(NavigationError(.staleHierarchy, component: level.pageName,
                                                   reason: "nothing that is not a page covers `\(level.pageDescription)`"))
        }
        // UIKit drops a dismiss while a presentation is in progress, and never calls back.
        switch afterTransition(of: covering, { [weak self] in
            guard let self else { return completion.fail(NavigationError(.staleHierarchy, reason: "the host is gone")) }
            self.dismissForeign(over: level, animated: animated, completion: completion)
        }) {
        case .settled:
            break
        case .waiting:
            return
        case .unknowable:
            return completion.fail(NavigationError(
                .busy, component: StackRules.describe(covering),
                reason: "\(StackRules.describe(covering)) is in a transition, and UIKit would drop its dismissal"))
        }
        surface.applyDismiss(presentedBy: presenter, animated: animated) { [weak self] in
            if let self, !self.questions.isEmpty { self.showNextQuestion() }
            completion.finish()
        }
    }

    /// Whether a view controller's transition is over.
    enum Settling {
        /// It is in no transition: nothing waits.
        case settled
        /// The work runs once the transition is over.
        case waiting
        /// It is in a transition UIKit gives nothing to wait on.
        case unknowable
    }

    /// Runs `work` once the transition `item` is in is over: on the turn after the
    /// coordinator's completion (inside it the transition is not over for UIKit: the
    /// coordinator is still there), or after the transition's duration, whichever comes
    /// first. The duration bounds the wait even when UIKit promised the completion: a
    /// transition cut short (its presenter dismissed while it slid in) may never complete,
    /// and a question waiting on it would never show. `work` runs once, and checks again.
    func afterTransition(of item: AnyObject, _ work: @escaping @MainActor () -> Void) -> Settling {
        guard let surface else { return .settled }
        let state = surface.state(of: item)
        guard state.isBeingPresented || state.isBeingDismissed || state.isInTransition else { return .settled }
        guard let coordinator = surface.transitionCoordination(of: item) else { return .unknowable }
        let again = OnceAgain(work)
        let queued = coordinator.whenCompleted { [weak self] _ in
            _ = self?.queue.clock.schedule(after: .zero) { again.run() }
        }
        let bound = coordinator.transitionDuration + (queued ? .milliseconds(100) : .zero)
        _ = queue.clock.schedule(after: bound) { again.run() }
        return .waiting
    }

    /// Ends `interaction` once the transition `item` is in is over (``afterTransition(of:_:)``),
    /// or on the next turn when it is in none.
    private func endAfterTransition(_ interaction: TransitionInteraction, of item: AnyObject) {
        if case .waiting = afterTransition(of: item, { interaction.end() }) { return }
        _ = queue.clock.schedule(after: .zero) { interaction.end() }
    }

    /// Runs its work once, whichever of its callers comes first.
    private final class OnceAgain {
        private var work: (@MainActor () -> Void)?
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }
        @MainActor func run() {
            let work = self.work
            self.work = nil
            work?()
        }
    }

    // MARK: Presenting and dismissing

    /// Presents `item` from `presenter`, once it is set up for its style.
    ///
    /// Fails at once, with nothing shown, where UIKit would refuse silently and never call
    /// back; finishes at UIKit's completion, after which the dismissal watcher is set up
    /// (after `viewDidLoad`, where a page may have taken the delegate slot, so that slot is
    /// kept and chained). What covers `presenter` and is not a page (an alert the app
    /// presented after the plan, which would have dismissed it as a step) is dismissed
    /// first, once.
    /// - Parameters:
    ///   - item: The view controller to present.
    ///   - presenter: The page to present it from.
    ///   - animated: Whether to animate.
    ///   - completion: Finished when the presentation has ended; failed with
    ///     `cannotShow` (already presenting a page, not in a window, refused by UIKit),
    ///     `busy` (a transition of the presenter runs) or `alreadyInHierarchy`.
    package func present(_ item: AnyObject, from presenter: any Page, animated: Bool, completion: TransitionCompletion) {
        present(item, from: presenter, animated: animated, dismissingForeign: true, completion: completion)
    }

    private func present(_ item: AnyObject, from presenter: any Page, animated: Bool, dismissingForeign: Bool,
                         completion: TransitionCompletion) {
        guard let surface else {
            return completion.fail(NavigationError(.staleHierarchy, reason: "the host is gone"))
        }
        let name = StackRules.describe(item)
        if let refusal = refusal(toPresent: item, from: presenter, surface: surface) {
            if refusal.code == .alreadyInHierarchy { queue.reportRefusal(refusal, by: .app) }
            guard dismissingForeign, refusal.code == .cannotShow, foreignCovering(presenter) != nil else {
                return completion.fail(refusal)
            }
            return dismissForeign(over: presenter, animated: animated, completion: TransitionCompletion { [weak self] result in
                if case .failure(let error) = result { return completion.fail(error) }
                guard let self else { return completion.fail(NavigationError(.staleHierarchy, reason: "the host is gone")) }
                completion.continuesWithAnotherAnimation()
                self.present(item, from: presenter, animated: animated, dismissingForeign: false, completion: completion)
            })
        }
        surface.applyPresent(item, from: presenter, animated: animated) { [weak self, weak item] in
            guard let self, let item else { return completion.finish() }
            self.presentationEnded(item)
            completion.finish()
        }
        guard let context = surface.presenter(of: item) else {
            // UIKit refused without a word: its completion will never come.
            return completion.fail(NavigationError(.cannotShow, component: name,
                                                   reason: "UIKit did not present `\(name)` over `\(presenter.pageDescription)`"))
        }
        sweep()
        if levels[ObjectIdentifier(item)] == nil {
            levels[ObjectIdentifier(item)] = Level(item: item, presenter: context)
        }
    }

    private func refusal(toPresent item: AnyObject, from presenter: any Page,
                         surface: any PresentationSurface) -> NavigationError? {
        let name = StackRules.describe(item)
        if let current = surface.covering(presenter), !surface.state(of: current).isBeingDismissed {
            return NavigationError(.cannotShow, component: name,
                                   reason: "`\(presenter.pageDescription)` already presents \(StackRules.describe(current))")
        }
        let state = surface.state(of: presenter)
        guard state.isInWindow else {
            return NavigationError(.cannotShow, component: name,
                                   reason: "`\(presenter.pageDescription)` is not in a window, so UIKit would not present")
        }
        if state.isBeingPresented || state.isBeingDismissed || state.isInTransition
            || surface.covering(presenter).map({ surface.state(of: $0).isBeingDismissed }) == true {
            return NavigationError(.busy, component: name,
                                   reason: "`\(presenter.pageDescription)` is in a transition, so UIKit would not present")
        }
        if surface.isShownElsewhere(item) {
            return NavigationError(.alreadyInHierarchy, component: name,
                                   reason: "`\(name)` is already shown; a page is shown once")
        }
        return nil
    }

    private func presentationEnded(_ item: AnyObject) {
        guard let level = levels[ObjectIdentifier(item)], level.item === item, case .presenting = level.phase else { return }
        level.phase = .shown
        surface?.watchDismissal(of: item)
        updateModality()
    }

    /// Dismisses what `presenter` presents, and everything above it.
    /// - Parameters:
    ///   - presenter: The presenter.
    ///   - animated: Whether to animate.
    ///   - source: Who asked, to report it on the queue; `nil` for a navigator's step.
    ///   - completion: Finished when the dismissal has ended, including one already under
    ///     way; failed when `presenter` presents nothing.
    package func dismiss(presentedBy presenter: any Page, animated: Bool, by source: NavigationSource? = nil,
                         completion: TransitionCompletion) {
        guard let surface, let item = surface.presented(by: presenter) else {
            // UIKit would do nothing, and might never call back.
            return completion.fail(NavigationError(.staleHierarchy, component: presenter.pageName,
                                                   reason: "`\(presenter.pageDescription)` presents nothing"))
        }
        if let departing = firstDeparting(from: item, on: surface) {
            // A second `dismiss` of this level would be dropped, and one under a level
            // above that is going would cut that dismissal short, and with it the action
            // UIKit runs once an answered alert is gone: wait for the one under way, then
            // look again. Gone, this dismissal is done; still there (the person's swipe down
            // sprang back), or only a level above it went, it runs now.
            let settling = afterTransition(of: departing) { [weak self, weak presenter] in
                guard let self, let presenter else {
                    return completion.fail(NavigationError(.staleHierarchy, reason: "the host or the presenter is gone"))
                }
                guard self.surface?.presented(by: presenter) != nil else { return completion.finish() }
                self.dismiss(presentedBy: presenter, animated: animated, by: source, completion: completion)
            }
            if case .waiting = settling { return }
            if departing === item { return completion.finish() }
        }
        let removed = removedLevels(from: item)
        for level in removed { level.phase = .dismissing }
        let page = surface.page(of: item)
        surface.applyDismiss(presentedBy: presenter, animated: animated) { [weak self, weak presenter] in
            guard let self else { return completion.finish() }
            self.forget(removed)
            if !self.questions.isEmpty { self.showNextQuestion() }  // One dismissed as foreign goes unanswered.
            // Reported once UIKit has taken it away, so the path read then no longer has it.
            if let source {
                self.queue.reportChange(HierarchyChange(.dismissed, by: source, in: presenter,
                                                        pages: page.map { [$0] } ?? []))
            }
            completion.finish()
        }
    }

    /// `item`, or the first level presented above it, that is being dismissed.
    private func firstDeparting(from item: AnyObject, on surface: any PresentationSurface) -> AnyObject? {
        var level: AnyObject? = item
        while let current = level {
            if surface.state(of: current).isBeingDismissed { return current }
            level = surface.covering(current)
        }
        return nil
    }

    // MARK: The person's dismissal

    /// `presentationControllerShouldDismiss`: whether the person may swipe `item` down
    /// now. Not while a transition runs (the next step would present from a sheet being
    /// dismissed); otherwise as the strictest policy of every page the dismissal removes
    /// (a `!/` sheet's whole stack) allows. A refusal is followed by
    /// ``didAttemptToDismiss(_:)``.
    /// - Parameter item: The presented view controller.
    /// - Returns: Whether the swipe may dismiss it.
    package func shouldDismiss(_ item: AnyObject) -> Bool {
        guard queue.isIdle else { return false }
        return policy(dismissing: item) == .allow
    }

    /// `presentationControllerDidAttemptToDismiss`: the person tried to swipe `item` down
    /// and was refused. When a page confirms leaving, every such page is asked and the
    /// sheet dismissed through the queue if all agree, reported as the person's.
    /// - Parameter item: The presented view controller.
    package func didAttemptToDismiss(_ item: AnyObject) {
        guard let surface, policy(dismissing: item) == .confirm, let page = surface.page(of: item) else { return }
        let pages = PresentationLevels.removed(with: page, presentedPage: presentedPage(of:))
        queue.enqueueLeave(of: pages, by: .swipeDown) { [weak self, weak item] completion in
            guard let self, let surface = self.surface, let item, let presenter = surface.presenter(of: item),
                  let presenting = presenter as? any Page else {
                return completion.fail(NavigationError(.staleHierarchy, reason: "the sheet is no longer presented"))
            }
            self.dismiss(presentedBy: presenting, animated: true, by: .user, completion: completion)
        }
    }

    /// `presentationControllerWillDismiss`: the finger moves the sheet; it may still be
    /// abandoned. The queue waits until it is gone or back.
    /// - Parameter item: The presented view controller.
    package func willDismiss(_ item: AnyObject) {
        guard let level = level(of: item) else { return }
        if case .swiping = level.phase { return }
        let interaction = queue.beginInteraction("swipe down of \(StackRules.describe(item))")
        level.phase = .swiping(interaction)
        let coordinator = level.presenter.flatMap { surface?.transitionCoordination(of: $0) }
            ?? surface?.transitionCoordination(of: item)
        let abandoned: @MainActor (Bool) -> Void = { [weak self, weak level] cancelled in
            // Abandoned: no `DidDismiss` follows, and nothing changed. Over on the turn
            // after: a completion runs while the transition is still UIKit's, and a
            // spring-back may settle at the very instant its time runs out.
            guard cancelled, let self else { return }
            _ = self.queue.clock.schedule(after: .zero) { [weak level] in
                guard let level, case .swiping(let interaction) = level.phase else { return }
                level.phase = .shown
                interaction?.end()
            }
        }
        let completes = coordinator?.whenCompleted(abandoned) ?? false
        // Without a queued completion, an abandoned swipe is over once the sheet has had
        // the time to spring back.
        if !completes, let coordinator {
            let springBack = coordinator.transitionDuration
            coordinator.whenInteractionChanges { [weak self] cancelled in
                guard cancelled, let self else { return }
                _ = self.queue.clock.schedule(after: springBack) { abandoned(true) }
            }
        }
    }

    /// UIKit took the alert controller `item` away for a tapped action: reported as the
    /// person's dismissal, unless PageKit was dismissing it.
    /// - Parameter item: The alert controller.
    package func alertGone(_ item: AnyObject) {
        gone(item, by: .user)
    }

    /// `presentationControllerDidDismiss`: the person swiped `item` away.
    /// - Parameter item: The presented view controller.
    package func didDismiss(_ item: AnyObject) {
        gone(item, by: .user)
    }

    /// The root of a presented level is about to disappear (its `viewWillDisappear`),
    /// which, while `isBeingDismissed` and not driven by a finger, is the app's own
    /// `dismiss` (a Cancel button) as it begins: the queue waits until the level is gone,
    /// so that the app's next request neither runs under the leaving sheet nor presents
    /// from a presenter still in its transition, which UIKit refuses. PageKit's own
    /// dismissals and the person's swipe down are followed already.
    /// - Parameters:
    ///   - item: The presented view controller.
    ///   - isBeingDismissed: Its `isBeingDismissed`.
    package func levelWillDisappear(_ item: AnyObject, isBeingDismissed: Bool) {
        guard isBeingDismissed, let level = level(of: item) else { return }
        switch level.phase {
        case .presenting, .shown:
            guard !isDrivenByFinger(item) else { return }
            level.phase = .leaving(queue.beginInteraction("dismissal of \(StackRules.describe(item)) by the app"))
        case .dismissing, .swiping, .leaving: return
        }
    }

    /// The root of a presented level disappeared (its `viewDidDisappear`), which, while
    /// `isBeingDismissed`, means it is gone however it went: PageKit's dismissal (nothing
    /// to report), the person's swipe (a transition that began interactive; reported as
    /// theirs once, whether or not the delegate slot was kept), or the app's own
    /// `dismiss` (a Cancel button), reported as the app's.
    /// - Parameters:
    ///   - item: The presented view controller.
    ///   - isBeingDismissed: Its `isBeingDismissed`.
    package func levelDisappeared(_ item: AnyObject, isBeingDismissed: Bool) {
        guard isBeingDismissed, let level = level(of: item) else { return }
        switch level.phase {
        case .dismissing: forget([level])
        case .swiping: gone(item, by: .user)
        case .leaving: gone(item, by: .app)
        case .presenting, .shown:
            gone(item, by: isDrivenByFinger(item) ? .user : .app)
        }
    }

    /// Whether the transition `item` is in began under the person's finger.
    private func isDrivenByFinger(_ item: AnyObject) -> Bool {
        surface?.transitionCoordination(of: item)?.isInitiallyInteractive ?? false
    }

    private func gone(_ item: AnyObject, by source: NavigationSource) {
        guard let level = level(of: item) else { return }
        let removed = removedLevels(from: item)
        forget(removed)
        switch level.phase {
        case .swiping(let interaction), .leaving(let interaction):
            // Heard inside the transition's end (`viewDidDisappear` comes before the
            // completion): the queue goes on once the transition is over for UIKit too,
            // or a present from the presenter would be refused as in a transition.
            if let interaction { endAfterTransition(interaction, of: item) }
        case .dismissing: return
        case .presenting, .shown: break
        }
        let presenter = level.presenter as? any Page
        queue.reportChange(HierarchyChange(.dismissed, by: source, in: presenter,
                                           pages: surface?.page(of: item).map { [$0] } ?? []))
    }

    /// The strictest policy of the pages dismissing `item` removes.
    private func policy(dismissing item: AnyObject) -> LeavePolicy {
        guard let page = surface?.page(of: item) else { return .allow }
        return queue.leavePolicy(for: PresentationLevels.removed(with: page, presentedPage: presentedPage(of:)),
                                 by: .swipeDown)
    }

    /// Mirrors each shown sheet's policy into `isModalInPresentation`, which UIKit honours
    /// with no delegate at all, and takes back each sheet's presentation delegate slot
    /// from a page that took it since (one slot, last writer wins, and the one replaced
    /// is not told): the watcher goes back in, passing every message on to that page.
    /// Runs at every policy change and at the end of every transition, so a page that
    /// took the slot as it was pushed on a sheet loses nothing of the person's swipe.
    private func updateModality() {
        guard let surface else { return }
        for level in levels.values {
            guard case .shown = level.phase, let item = level.item else { continue }
            surface.watchDismissal(of: item)
            surface.setModalInPresentation(item, policy(dismissing: item) != .allow)
        }
    }

    // MARK: Records

    private func level(of item: AnyObject) -> Level? {
        guard let level = levels[ObjectIdentifier(item)], level.item === item else { return nil }
        return level
    }

    /// The level of `item` and every level PageKit presented above it.
    private func removedLevels(from item: AnyObject) -> [Level] {
        var removed: [Level] = []
        var current: AnyObject? = item
        while let next = current {
            if let level = level(of: next) { removed.append(level) }
            current = surface?.presented(by: next)
        }
        return removed
    }

    private func forget(_ removed: [Level]) {
        for level in removed {
            if let item = level.item, levels[ObjectIdentifier(item)] === level { levels[ObjectIdentifier(item)] = nil }
        }
        sweep()
    }

    /// Drops the records of presentations that are gone, so they never grow without bound.
    private func sweep() {
        levels = levels.filter { $0.value.item != nil }
    }

    /// How many presentations it follows: for tests that check the records do not grow.
    package var followedCount: Int {
        sweep()
        return levels.count
    }
}
