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
public import PageKitContainers

/// Stands in for SwiftUI, and the UIKit beneath it, in tests: a model of when SwiftUI
/// calls back, which drives the same model methods PageKit's SwiftUI views call.
///
/// It holds what the views bind: each stack's path as `NavigationStack` shows it, each
/// level's sheet or full-screen cover, the tab bar's labels, and each page's chrome as
/// its view last drew it. When a model publishes, it reads the bindings as SwiftUI does
/// and animates the difference, timed by a ``/PageKitContainers/TransitionDriver`` on a clock; it calls back
/// as SwiftUI and UIKit do, and withholds what they withhold. It records what would go
/// wrong on a device (``violations``): a path written while it animates, an animation
/// begun inside another, a presentation begun while its presenter animates.
///
/// The rules, each with its source (quotes are from those sources):
/// - UIKit takes none of the person's touches while a sheet or a cover slides in or out
///   other than by the person's own drag (rdar 41217893): every gesture method then does
///   nothing and returns `false` or `nil` (``isIgnoringTouches``).
/// - `NavigationStack` writes the path binding itself when the person goes back
///   (SwiftUI 16.5 documentation of `NavigationStack`: "removes items when it removes
///   views"); a pop through `dismiss` is written "only after the pop animation has
///   finished" (boscojwho/NavigateDismissBug-SwiftUI, FB13189889), so the person's pops
///   are written at the end here; a cancelled swipe writes nothing.
/// - Writing the path again before the previous change finished animating leaves stack
///   and path apart (boscojwho/NavigateDismissBug-SwiftUI; Apple Developer Forums thread
///   750879): recorded as a violation.
/// - `onAppear` "completes before the first rendered frame appears" (SwiftUI 16.5
///   documentation of `onAppear(perform:)`): at the animation's start, or its end
///   (``SwiftUIBehaviour/onAppear``). It never runs for a view with empty content
///   (onevcat/Kingfisher#1973: modifiers on `EmptyView` never run), see ``showsEmptyContent(_:)``,
///   and may be skipped going back (``SwiftUIBehaviour/customBindingSkipsOnAppearGoingBack``).
/// - The hosting controller's `viewDidAppear`, and the transition coordinator's
///   completion, come when the animation is over (`UIKit/UIViewController.h`: a
///   presentation's completion runs after `viewDidAppear`;
///   `UIKit/UIViewControllerTransitionCoordinator.h`); the driver times them, and its
///   fates make them late or lose them.
/// - iOS 16.0 and 16.1 pop several levels at once without animation
///   (davdroman/swiftui-navigation-transitions#44, #45): recorded in ``jumps``.
/// - A hidden back button takes the swipe back with it (`UIKit/UINavigationController.h`,
///   `interactivePopGestureRecognizer`; signalapp/Signal-iOS#3540: the system refuses
///   the swipe when the back button is hidden or replaced).
/// - A sheet shows while its item is non-nil, and a changed identity is a dismissal and
///   a new presentation (SwiftUI 16.5 documentation of `sheet(item:onDismiss:content:)`);
///   a person's dismissal writes the binding at the very end and runs `onDismiss` then
///   (johnpatrickmorgan/FlowStacks#69).
/// - `interactiveDismissDisabled` stops the swipe down and says nothing back (SwiftUI
///   16.5 documentation of `interactiveDismissDisabled(_:)`).
/// - SwiftUI may drop a presentation it cannot show ("Currently, only presenting a single
///   sheet is supported", subconsciousnetwork/subconscious#900;
///   pointfreeco/swift-composable-architecture#1991): see ``dropNextPresentation()``;
///   such a sheet never appears, and nothing is dismissed when its item goes.
/// - An update published inside a binding's setter is dropped or applied afterwards
///   (``SwiftUIBehaviour/updateInsideSetter``).
/// - `TabView(selection:)` writes the selection when the person taps a tab (SwiftUI 16.5
///   documentation of `TabView.init(selection:content:)`).
///
/// ```swift
/// let screen = SwiftUIScreen(driver: ClockTransitionDriver(clock: clock), clock: clock)
/// screen.show(stack)                 // its view is on screen
/// screen.show(host, root: tabs)      // sheets appear over the root, and over each other
/// ```
@MainActor
public final class SwiftUIScreen {
    /// How SwiftUI behaves here.
    public let behaviour: SwiftUIBehaviour
    /// Times each animation's end callback; its fates make it late or lose it.
    public let driver: any TransitionDriver
    /// The clock animations are measured on.
    public let clock: any TransitionClock
    /// How long an animation runs on screen, whatever becomes of its callback.
    public let animationDuration: Duration
    /// What would go wrong on a device, in the order it happened.
    public private(set) var violations: [String] = []
    /// Pops of several levels shown without animation (iOS 16.0 and 16.1).
    public private(set) var jumps: [String] = []
    /// How many end-of-animation callbacks the screen delivered.
    public private(set) var appearances = 0
    /// The callbacks made, in order: `onAppear list`, `viewDidAppear list`,
    /// `onDismiss over tab`, `write path of contact`; kept while ``recordsCallbacks``.
    public private(set) var callbacks: [String] = []
    /// Whether ``callbacks`` are kept; long seeded runs turn it off.
    public var recordsCallbacks = true

    var stacks: [StackView] = []
    var hosts: [HostView] = []
    var tabBars: [TabBarView] = []
    var splitViews: [SplitView] = []
    private var emptyContent: Set<String> = []
    var presentationsToDrop = 0
    /// When the last animation begun ends on screen; one cut short, as a stack's is when
    /// it leaves the window, ends when it is cut. A checker of overlapping transitions
    /// reads it: the driver still times a cut animation's end callback, which then does
    /// nothing.
    public internal(set) var animationEnds: Duration = .zero
    private var lastAnimation = ""
    /// When the last animation begun that is not the person's own ends, and what it was.
    var changeEnds: Duration = .zero
    private var lastChange = ""
    private var setterDepth = 0
    private var afterSetter: [@MainActor () -> Void] = []

    /// A screen.
    /// - Parameters:
    ///   - driver: Times each animation's end callback.
    ///   - clock: The clock; the driver's, if it has one.
    ///   - animationDuration: How long an animation runs on screen: the driver's duration.
    ///   - behaviour: How SwiftUI behaves.
    public init(driver: any TransitionDriver, clock: any TransitionClock, animationDuration: Duration = .milliseconds(350),
                behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        self.driver = driver
        self.clock = clock
        self.animationDuration = animationDuration
        self.behaviour = behaviour
    }

    /// A screen timed by `driver`, on its clock and with its duration.
    /// - Parameters:
    ///   - driver: Times each animation's end callback.
    ///   - behaviour: How SwiftUI behaves.
    public convenience init(driver: ClockTransitionDriver, behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        self.init(driver: driver, clock: driver.clock, animationDuration: driver.duration, behaviour: behaviour)
    }

    // MARK: Withholding

    /// Pages named `name` have a view with empty content: their `onAppear` never runs.
    public func showsEmptyContent(_ name: String) {
        emptyContent.insert(name)
    }

    /// SwiftUI drops the next presentation: it never shows, never appears, and nothing is
    /// dismissed when its item goes.
    public func dropNextPresentation() {
        presentationsToDrop += 1
    }

    // MARK: Callbacks

    func note(_ callback: @autoclosure () -> String) {
        if recordsCallbacks { callbacks.append(callback()) }
    }

    func violation(_ text: String) {
        violations.append("at \(clock.now): \(text)")
    }

    func jump(_ text: String) {
        jumps.append(text)
    }

    /// Whether UIKit ignores the person's touches now: while a sheet's or a cover's
    /// presentation or dismissal that is not the person's own drag animates. SwiftUI's
    /// sheets are UIKit presentations, and UIKit's presentation controller begins ignoring
    /// interaction events for a transition that is not interactive
    /// (lionheart/openradar-mirror#19940, rdar 41217893; reported), as the UIKit model's
    /// `isIgnoringTouches` says.
    public var isIgnoringTouches: Bool {
        hosts.contains { host in host.levels.contains { clock.now < $0.busyUntil } }
    }

    /// Whether the person's `gesture` reaches the screen: not while ``isIgnoringTouches``,
    /// and then the log says so.
    func takesTouch(_ gesture: @autoclosure () -> String) -> Bool {
        guard isIgnoringTouches else { return true }
        note("touch ignored: \(gesture())")
        return false
    }

    /// What animates on screen, for the rule of `animationBegins(_:_:)`.
    enum Animation {
        /// A sheet or a cover slides in or out.
        case presentation
        /// A stack's path changed by the app or PageKit animates.
        case stackChange
        /// The person's own pop or link push; `alongside` when its stack was not animating.
        case person(alongside: Bool)
    }

    /// An animation begins on screen: none may begin inside another, but for what runs
    /// beside the person's own. A split view's columns are navigation controllers of their
    /// own, and UIKit holds neither for the other: the person's pop or link in a stack that
    /// is not animating runs beside any other animation, and a stack's change beside the
    /// person's in another stack (one in the same stack is caught as its path is written).
    func animationBegins(_ label: @autoclosure () -> String, _ kind: Animation = .presentation) {
        let end = clock.now + animationDuration
        let overlapped: String? = switch kind {
        case .presentation, .person(alongside: false): clock.now < animationEnds ? lastAnimation : nil
        case .stackChange: clock.now < changeEnds ? lastChange : nil
        case .person(alongside: true): nil
        }
        if let overlapped { violation("\(label()) began while \(overlapped) was still animating") }
        // Every animation lasts as long: the one begun last ends last.
        lastAnimation = recordsCallbacks || !violations.isEmpty ? label() : "an animation"
        animationEnds = end
        if case .person = kind { return }
        changeEnds = end
        lastChange = lastAnimation
    }

    /// Runs `end` when the animation's end callback comes, as the driver decides.
    func animationEnd(_ transition: ContainerTransition, _ end: @escaping @MainActor () -> Void) {
        driver.run(transition) { [weak self] in
            self?.appearances += 1
            end()
        }
    }

    /// Whether `page`'s `onAppear` runs: not for a view with empty content, nor, with
    /// the unconfirmed 18.4 report on, for the page revealed going back.
    func runsOnAppear(of page: any Page, goingBack: Bool) -> Bool {
        if emptyContent.contains(page.pageName) { return false }
        if goingBack, behaviour.customBindingSkipsOnAppearGoingBack, behaviour.system >= SystemVersion(18, 4) {
            return false
        }
        return true
    }

    /// Runs `write` as SwiftUI runs a binding's setter: what the models publish meanwhile
    /// is dropped or applied afterwards, as ``SwiftUIBehaviour/updateInsideSetter`` says.
    func insideSetter(_ write: () -> Void) {
        setterDepth += 1
        write()
        setterDepth -= 1
        guard setterDepth == 0, !afterSetter.isEmpty else { return }
        let pending = afterSetter
        afterSetter = []
        for update in pending { update() }
    }

    /// A model published: SwiftUI updates the views that observe it, unless it is inside
    /// a setter.
    func update(_ render: @escaping @MainActor () -> Void) {
        guard setterDepth > 0 else { return render() }
        switch behaviour.updateInsideSetter {
        case .dropped:
            note("update dropped inside a setter")
        case .appliedAfterSetter:
            afterSetter.append(render)
        }
    }

    /// Whether every view shows what its model binds: each stack's path, each sheet.
    public var bindingsAgree: Bool {
        disagreements.isEmpty
    }

    /// Where a view shows something else than its model binds.
    public var disagreements: [String] {
        stacks.compactMap(\.disagreement) + hosts.flatMap(\.disagreements)
    }
}
