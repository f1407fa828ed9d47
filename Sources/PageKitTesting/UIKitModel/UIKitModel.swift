import PageKit

/// A behaviour model of UIKit's callback contract: the device, for tests on Linux.
///
/// Its view controllers, navigation controllers, tab bar controllers and presentations
/// drive the same decision code the UIKit layer runs (`NavigationControllerCore`,
/// `TabBarCore`, `PresentationCore`), and answer as UIKit does, including where UIKit does
/// not answer at all: no `didShow` for a change that shows nothing, no coordinator without
/// animation, a present refused with a console warning and no completion, no
/// `DidDismiss` for an abandoned swipe. What would raise on a device is recorded in
/// ``exceptions``, what UIKit logs instead of doing in ``warnings``; a test asserts both
/// stay empty.
///
/// Each rule names its source where the model applies it. Where the sources leave a
/// behaviour unsettled, ``Behaviour`` has a switch, and the code under test must be
/// right under every setting.
@MainActor
public final class UIKitModel {
    /// The switches for what the sources leave unsettled.
    public struct Behaviour: Sendable, Hashable, CustomStringConvertible {
        /// A stack edited while not in a window sends `didShow` when it next appears
        /// (`UINavigationController.h` is silent; inferred either way).
        public var didShowOnReappear = false
        /// A visible stack changed without animation sends `didShow` on the next turn
        /// rather than inside the call (radianttap/Coordinator handles both).
        public var deferredDidShow = false
        /// `animate(alongsideTransition:completion:)` returns `true`
        /// (`UIViewControllerTransitionCoordinator.h`: the Bool says whether the animations
        /// were queued).
        public var alongsideQueued = true
        /// After `animate(alongsideTransition:)` returned `false`, the completion still
        /// runs ("the completions may be run even if the animations are not"; not
        /// promised either way).
        public var completionAfterFalse = true
        /// The edge swipe asks for its pop through `popViewController(animated:)`, so a
        /// subclass's override sees it (what `QueueNavigationController` was written
        /// for; not documented).
        public var swipePopsThroughOverride = true
        /// The back button's history menu pops through `popToViewController(_:animated:)`,
        /// so a subclass's override sees it; otherwise UIKit pops internally (not
        /// documented; wikimedia/wikipedia-ios#3640 shows `shouldPop` is not asked).
        public var menuPopsThroughOverride = false
        /// The tab bar's pop of a re-tapped tab goes through
        /// `popToRootViewController(animated:)` (not documented).
        public var retapPopsThroughOverride = false
        /// A re-tap that `tabBarController(_:shouldSelect:)` refused still pops (that
        /// `false` stops it is inferred, not shown).
        public var refusedRetapStillPops = false
        /// The person's tap selects its tab through `selectedViewController`'s setter, so a
        /// subclass's override sees it before `didSelect`; so does the reselection that
        /// follows new tabs, and the person's new order of the tabs goes through the
        /// `viewControllers` setter (not documented).
        public var tapSelectsThroughSetter = false
        /// `presentationControllerShouldDismiss` is asked while `isModalInPresentation`
        /// is `true` (not settled by `UIPresentationController.h`).
        public var asksShouldDismissWhenModal = false
        /// `dismiss(animated:completion:)` with nothing to dismiss calls its completion
        /// (Apple's documentation is silent).
        public var completesEmptyDismiss = false
        /// The system has iOS 26's full-width content swipe.
        public var hasContentSwipe = false
        /// The window is of a regular width (an iPad's): an action sheet is a popover.
        public var regularWidth = false
        /// A navigation controller nothing else holds any more (a split view column the
        /// app replaced mid-push) lives on until its animated transition ends, which then
        /// calls back as usual. The transition's context gives the view controllers it
        /// moves (`viewControllerForKey:`, `UIViewControllerTransitioning.h`); whether
        /// anything holds their container is not said. Off, the controller is freed at
        /// once and nothing calls back. Not drawn by ``random(using:)``, so that earlier
        /// seeds keep their sequences: runs set it.
        public var keepsTransitioningContainers = false
        /// An expanded split view's column that its display mode hides is out of the
        /// window, as a tab not selected is: what changes in it changes at once, with no
        /// `didShow`, and the person cannot touch it. Not documented (the display modes
        /// say which columns show, not whether the others stay in the view hierarchy);
        /// off, a hidden column stays in the window. Collapsed, only the column on top of
        /// the one stack is in the window either way, as only a stack's top page is. Not
        /// drawn by ``random(using:)``: runs set it.
        public var hiddenColumnsLeaveWindow = false
        /// Not UIKit's but the app's choice: its sheets set their
        /// `sheetPresentationController`'s `largestUndimmedDetentIdentifier` to their
        /// largest detent, so nothing behind them is dimmed ("When nil …, all detents are
        /// dimmed", `UISheetPresentationController.h`) and the person can still tap a tab,
        /// tap back or swipe behind them, as in a map under a non-modal sheet (WWDC21,
        /// "Customize and resize sheets in UIKit"). Off, a sheet's dimming view takes every
        /// touch outside it. A full-screen presentation and an alert take them either way.
        /// Not drawn by ``random(using:)``: runs set it.
        public var sheetsLetTouchesBehind = false

        /// The defaults: the most likely reading of each source.
        public init() {}

        /// A setting drawn from `random`, for seeded runs over every combination.
        public static func random(using random: inout some RandomNumberGenerator) -> Behaviour {
            var behaviour = Behaviour()
            behaviour.didShowOnReappear = Bool.random(using: &random)
            behaviour.deferredDidShow = Bool.random(using: &random)
            behaviour.alongsideQueued = Int.random(in: 0..<4, using: &random) > 0
            behaviour.completionAfterFalse = Bool.random(using: &random)
            behaviour.swipePopsThroughOverride = Bool.random(using: &random)
            behaviour.menuPopsThroughOverride = Bool.random(using: &random)
            behaviour.retapPopsThroughOverride = Bool.random(using: &random)
            behaviour.refusedRetapStillPops = false
            // Whether the tab bar's own actions go through API a subclass overrides: one
            // draw for both, so that the seeds of earlier runs keep their sequences.
            behaviour.tapSelectsThroughSetter = behaviour.retapPopsThroughOverride
            behaviour.asksShouldDismissWhenModal = Bool.random(using: &random)
            behaviour.completesEmptyDismiss = Bool.random(using: &random)
            behaviour.hasContentSwipe = Bool.random(using: &random)
            behaviour.regularWidth = Bool.random(using: &random)
            return behaviour
        }

        /// The switches that are on.
        public var description: String {
            let on: [(Bool, String)] = [
                (didShowOnReappear, "didShowOnReappear"), (deferredDidShow, "deferredDidShow"),
                (!alongsideQueued, "alongsideNotQueued"), (!completionAfterFalse, "noCompletionAfterFalse"),
                (swipePopsThroughOverride, "swipePopsThroughOverride"), (menuPopsThroughOverride, "menuPopsThroughOverride"),
                (retapPopsThroughOverride, "retapPopsThroughOverride"), (refusedRetapStillPops, "refusedRetapStillPops"),
                (tapSelectsThroughSetter, "tapSelectsThroughSetter"),
                (asksShouldDismissWhenModal, "asksShouldDismissWhenModal"), (completesEmptyDismiss, "completesEmptyDismiss"),
                (hasContentSwipe, "hasContentSwipe"), (regularWidth, "regularWidth"),
                (keepsTransitioningContainers, "keepsTransitioningContainers"),
                (hiddenColumnsLeaveWindow, "hiddenColumnsLeaveWindow"),
                (sheetsLetTouchesBehind, "sheetsLetTouchesBehind"),
            ]
            return on.filter(\.0).map(\.1).joined(separator: ", ")
        }
    }

    /// Time: animations take ``duration`` on it.
    public let clock: ManualTransitionClock
    /// The switches.
    public var behaviour: Behaviour
    /// How long an animated push, pop, present or dismiss takes.
    public var duration: Duration = .milliseconds(350)
    /// The window's root view controller.
    public var root: ModelViewController? {
        didSet {
            oldValue?.window = nil
            root?.window = self
        }
    }
    /// What would raise on a device (`NSInvalidArgumentException`, "unrecognized
    /// selector", `UIViewControllerHierarchyInconsistency`).
    public private(set) var exceptions: [String] = []
    /// What UIKit would log instead of doing what it was asked.
    public private(set) var warnings: [String] = []
    /// Every callback UIKit made, in order, for assertions.
    public private(set) var callbacks: [String] = []
    /// How many animated transitions run now, and the most there ever were at once.
    public private(set) var transitionsInFlight = 0
    /// The most animated transitions there were at once: 1 when none overlapped.
    public private(set) var maxTransitionsInFlight = 0
    /// How many presentations and dismissals the app asked for run now. UIKit ignores
    /// every touch meanwhile: `-[UIPresentationController runTransitionForCurrentState]`
    /// calls `-[UIApplication beginIgnoringInteractionEvents]` unless the transition is
    /// interactive (lionheart/openradar-mirror#19940, rdar 41217893; reported).
    private var presentationsRunning = 0

    /// A device.
    /// - Parameters:
    ///   - clock: Time.
    ///   - behaviour: The switches.
    public init(clock: ManualTransitionClock = ManualTransitionClock(), behaviour: Behaviour = Behaviour()) {
        self.clock = clock
        self.behaviour = behaviour
    }

    // MARK: What the model records

    func raise(_ message: String) {
        exceptions.append(message)
    }

    func warn(_ message: String) {
        warnings.append(message)
    }

    func called(_ callback: String) {
        callbacks.append(callback)
    }

    /// Empties the callback log, returning it.
    public func takeCallbacks() -> [String] {
        defer { callbacks = [] }
        return callbacks
    }

    /// Whether UIKit ignores the person's touches now: while a presentation or dismissal
    /// the app asked for runs, animated or not (a finger's own dismissal is interactive, and
    /// UIKit takes touches through it).
    public var isIgnoringTouches: Bool { presentationsRunning > 0 }

    /// Whether the person's `gesture` reaches UIKit: not while ``isIgnoringTouches``,
    /// and then the log says so.
    func takesTouch(_ gesture: String) -> Bool {
        guard isIgnoringTouches else { return true }
        called("touch ignored: \(gesture)")
        return false
    }

    /// A presentation or dismissal the app asked for starts; `end` runs when it is over,
    /// after ``duration`` when `animated`, on the next turn otherwise.
    func runPresentation(animated: Bool, _ end: @escaping @MainActor () -> Void) {
        presentationsRunning += 1
        let over: @MainActor () -> Void = { [weak self] in
            self?.presentationsRunning -= 1
            end()
        }
        if animated { animate(over) } else { nextTurn(over) }
    }

    /// An animated transition starts; `end` runs when it has run for ``duration``.
    func animate(_ end: @escaping @MainActor () -> Void) {
        transitionsInFlight += 1
        maxTransitionsInFlight = max(maxTransitionsInFlight, transitionsInFlight)
        _ = clock.schedule(after: duration) { [weak self] in
            self?.transitionsInFlight -= 1
            end()
        }
    }

    /// Runs `action` on the next turn of the run loop (a zero delay on the clock).
    func nextTurn(_ action: @escaping @MainActor () -> Void) {
        _ = clock.schedule(after: .zero, action)
    }

    /// Lets every animation run to its end and every time-out fire.
    public func settle() {
        clock.runUntilIdle()
    }

    /// Moves time on by `duration`.
    public func advance(by duration: Duration) {
        clock.advance(by: duration)
    }

    /// Runs what is due on the next turn, without moving time.
    public func turn() {
        clock.advance(by: .zero)
    }
}
