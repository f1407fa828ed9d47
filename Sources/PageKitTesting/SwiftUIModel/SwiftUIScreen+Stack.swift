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

/// A `NavigationStack` on the model screen: the path it shows, each page's view as last
/// drawn, and the animation or swipe running.
@MainActor
final class StackView {
    weak var model: PageStackModel?
    /// The path the `NavigationStack` shows.
    var shown: [PageEntry] = []
    /// Whether the stack is on screen: drawn, and under no full-screen cover.
    var visible = true
    /// Whether what holds it draws it (its tab is the one shown, say), covered or not: a
    /// cover takes it off screen, and puts it back only if it is still drawn (SFC-1).
    var drawn = true
    /// When its running animation ends on screen.
    var busyUntil: Duration = .zero
    /// Counts its animations: UIKit sends a transition's callbacks before the next
    /// transition's, so the end of one that a newer one overtook never comes.
    var generation = 0
    /// The person's swipe back, while the finger is down.
    var swiping = false
    /// The end of the person's back tap, while its pop animates: run once, when the
    /// animation is over or when the stack leaves the screen first.
    var personPopEnd: (@MainActor () -> Void)?
    /// Counts the person's back taps: the end of one that is over never ends the next.
    var personPops = 0
    /// Each page view's chrome as last drawn, and how often it was drawn, by serial.
    var chrome: [PageEntry.ID: PageChrome] = [:]
    var renders: [PageEntry.ID: Int] = [:]
    var pageObservations: [PageEntry.ID: ModelObservation] = [:]
    var observation: ModelObservation?

    init(model: PageStackModel) {
        self.model = model
    }

    var name: String { model?.pageDescription ?? "gone" }

    /// The entry of the page on top as shown: the last of the path, or the root.
    var topShown: PageEntry? { shown.last ?? model?.rootEntry }

    var disagreement: String? {
        guard let model, visible, shown != model.path else { return nil }
        return "stack \(name) shows \(shown.map(\.id)), its model binds \(model.path.map(\.id))"
    }
}

extension SwiftUIScreen {
    /// Puts `stack`'s view on screen, as `PageNavigationStack` does: it tells the model
    /// the system version and that it appeared, draws each page, and follows each change.
    /// - Parameter stack: The stack.
    public func show(_ stack: PageStackModel) {
        if let view = view(of: stack) {
            view.drawn = true
            // Drawn under a full-screen cover, it comes on screen when the cover goes.
            guard !view.visible, !isCovered(stack) else { return }
            // A pop of the person's that the stack's leaving ended has written its path by
            // the time the stack is back, even within the same turn.
            view.personPopEnd?()
            view.visible = true
            stack.stackAppeared()
            return render(view, animated: false)
        }
        let view = StackView(model: stack)
        stacks.append(view)
        stack.systemVersion = behaviour.system
        // From iOS 18, a stack in a tab that is not selected is drawn only once it is.
        view.drawn = !isInUnselectedTab(stack)
        view.visible = view.drawn && !isCovered(stack)
        if view.visible { stack.stackAppeared() }
        view.shown = stack.path
        drawPages(of: view)
        view.observation = stack.observe { [weak self, weak view] animated in
            guard let self, let view else { return }
            self.update { [weak self, weak view] in
                guard let self, let view else { return }
                self.render(view, animated: animated)
            }
        }
    }

    /// Takes `stack`'s view off screen, as leaving its tab does (`onDisappear`): it is no
    /// longer drawn, and a full-screen cover's going does not bring it back.
    /// - Parameter stack: The stack.
    public func hide(_ stack: PageStackModel) {
        view(of: stack)?.drawn = false
        takeOffScreen(stack)
    }

    /// Takes `stack`'s view out of the window, drawn or not: what leaving its tab does,
    /// and what a full-screen cover does to the views beneath (SFC-1).
    func takeOffScreen(_ stack: PageStackModel) {
        guard let view = view(of: stack), view.visible else { return }
        view.visible = false
        // Out of the window, its page views appear no more: an animation's end still to
        // come brings no `viewDidAppear`, and nothing of it animates when it comes back.
        view.generation += 1
        if view.busyUntil > clock.now {
            if animationEnds == view.busyUntil { animationEnds = clock.now }
            if changeEnds == view.busyUntil { changeEnds = clock.now }
        }
        view.busyUntil = .zero
        stack.stackDisappeared()
        // The person's pop ends then, on the next turn, rather than when it would have on
        // screen: a stack out of the window applies changes at once (NAV-2), and Core
        // Animation drops the animations of views that leave the window
        // (wnagrodzki/AnimationRestoration); inferred, as no source says when the pop's
        // completion comes.
        if let end = view.personPopEnd { _ = clock.schedule(after: .zero) { end() } }
    }

    func view(of stack: PageStackModel) -> StackView? {
        stacks.first { $0.model === stack }
    }

    /// SwiftUI reads the path after the model published and shows the difference.
    func render(_ view: StackView, animated: Bool) {
        guard let stack = view.model else { return }
        let path = stack.path
        guard view.visible else {
            view.shown = path
            return drawPages(of: view)
        }
        guard path != view.shown else { return drawPages(of: view) }
        if view.swiping || clock.now < view.busyUntil {
            violation("path of \(view.name) written while it animates")
        }
        let old = view.shown
        view.shown = path
        drawPages(of: view)
        note("show path of \(view.name): \(path.count) above the root")
        guard let top = view.topShown?.page else { return }
        let isPop = path.count < old.count && zip(path, old).allSatisfy { $0 == $1 }
        if !animated {
            return appear(top, in: view, goingBack: isPop, animates: false)
        }
        if isPop, old.count - path.count > 1, behaviour.system < SystemVersion(16, 2) {
            // popToViewController(_:animated: false), whatever was asked.
            jump("\(view.name) popped \(old.count - path.count) levels at once without animation on iOS \(behaviour.system)")
            return appear(top, in: view, goingBack: true, animates: false)
        }
        appear(top, in: view, goingBack: isPop, animates: true)
    }

    /// `top` becomes the page on top: its `onAppear`, then its hosting controller's
    /// `viewDidAppear` once the animation, if any, is over.
    func appear(_ top: any Page, in view: StackView, goingBack: Bool, animates: Bool) {
        guard let stack = view.model else { return }
        let runsOnAppear = runsOnAppear(of: top, goingBack: goingBack)
        let onAppear: @MainActor () -> Void = { [weak self, weak stack, weak top] in
            guard let self, let stack, let top, runsOnAppear else { return }
            self.note("onAppear \(top.pageDescription)")
            stack.pageAppeared(top)
        }
        let didAppear: @MainActor () -> Void = { [weak self, weak stack, weak top] in
            guard let self, let stack, let top else { return }
            self.note("viewDidAppear \(top.pageDescription)")
            stack.pageDidAppear(top)
        }
        guard animates else {
            view.generation += 1
            onAppear()
            return didAppear()
        }
        animationBegins("\(goingBack ? "pop" : "push") to \(top.pageDescription) in \(view.name)", .stackChange)
        view.busyUntil = clock.now + animationDuration
        view.generation += 1
        let generation = view.generation
        if behaviour.onAppear == .animationStart { onAppear() }
        let transition = ContainerTransition(kind: goingBack ? .pop : .push, container: stack, pages: [top], animated: true)
        animationEnd(transition) { [behaviour, weak view] in
            guard let view, view.generation == generation else { return }
            if behaviour.onAppear == .animationEnd { onAppear() }
            didAppear()
        }
    }

    /// Each page of the path has a view: it observes its own slot, and is drawn when that
    /// slot changes.
    func drawPages(of view: StackView) {
        guard let stack = view.model else { return }
        let entries = (stack.rootEntry.map { [$0] } ?? []) + view.shown
        let serials = Set(entries.map(\.id))
        for serial in view.pageObservations.keys where !serials.contains(serial) {
            view.pageObservations[serial] = nil
        }
        for entry in entries where view.pageObservations[entry.id] == nil {
            let slot = stack.slot(for: entry.id)
            view.chrome[entry.id] = slot.chrome
            view.renders[entry.id, default: 0] += 1
            view.pageObservations[entry.id] = slot.observe { [weak self, weak view, weak slot] _ in
                guard let self, let view, let slot else { return }
                self.update { [weak view, weak slot] in
                    guard let view, let slot else { return }
                    view.chrome[entry.id] = slot.chrome
                    view.renders[entry.id, default: 0] += 1
                }
            }
        }
    }

    // MARK: What the screen shows

    /// The chrome of the page on top of `stack`, as its view last drew it.
    public func chromeOnTop(of stack: PageStackModel) -> PageChrome? {
        guard let view = view(of: stack), let top = view.topShown else { return nil }
        return view.chrome[top.id]
    }

    /// How often the view of `page` in `stack` was drawn.
    public func renders(of page: any Page, in stack: PageStackModel) -> Int {
        guard let view = view(of: stack) else { return 0 }
        let entries = (stack.rootEntry.map { [$0] } ?? []) + view.shown
        guard let entry = entries.first(where: { $0.page === page }) else { return 0 }
        return view.renders[entry.id] ?? 0
    }

    /// The pages `stack`'s view shows, bottom first.
    public func shownPages(of stack: PageStackModel) -> [any Page] {
        guard let view = view(of: stack) else { return [] }
        return ((stack.rootEntry.map { [$0] } ?? []) + view.shown).compactMap(\.page)
    }

    // MARK: The person

    /// The person taps the system back button of `stack`: only when the page on top
    /// shows it. UIKit pops with an animated, non-interactive coordinator: the page's
    /// hosting controller hears `viewWillDisappear` with it, which PageKit's hosting
    /// events pass on as the pop beginning (`swipeBackBegan`), and its completion as the
    /// pop ending. SwiftUI writes the shorter path only once the pop has animated (before
    /// or after that completion, as ``SwiftUIBehaviour/swipeWrite`` says), then the page
    /// revealed appears.
    /// - Returns: Whether there was a system back button to tap, on a stack on screen.
    @discardableResult
    public func personTapsSystemBack(_ stack: PageStackModel) -> Bool {
        guard let view = reachableView(of: stack), !view.shown.isEmpty, !view.swiping,
              clock.now >= view.busyUntil, chromeOnTop(of: stack)?.backButton == nil,
              takesTouch("back in \(view.name)") else { return false }
        let remaining = Array(view.shown.dropLast())
        view.shown = remaining
        guard let revealed = view.topShown?.page else { return false }
        animationBegins("the person's pop to \(revealed.pageDescription) in \(view.name)", .person(alongside: true))
        view.busyUntil = clock.now + animationDuration
        stack.swipeBackBegan()
        if behaviour.onAppear == .animationStart, runsOnAppear(of: revealed, goingBack: true) { stack.pageAppeared(revealed) }
        view.personPops += 1
        let pop = view.personPops
        let end: @MainActor () -> Void = { [weak self, weak stack, weak revealed, weak view] in
            guard let self, let stack, let view, view.personPops == pop, view.personPopEnd != nil else { return }
            view.personPopEnd = nil
            self.endPop(writing: remaining, of: stack)
            // Off screen, the revealed page's view does not appear.
            if let revealed, view.visible { stack.pageDidAppear(revealed) }
        }
        view.personPopEnd = end
        // This pop's own end: one that ended early, as its stack left the screen, leaves
        // its timer behind, which must not end a later pop.
        _ = clock.schedule(after: animationDuration) { end() }
        return true
    }

    /// The person taps the back button PageKit drew on the page on top of `stack`.
    /// - Returns: What the button's action returned, or `nil` when the page shows the
    ///   system's button, or the finger cannot reach the stack.
    /// - Throws: What the button's action throws.
    @discardableResult
    public func personTapsPageKitBack(_ stack: PageStackModel) throws -> LeaveAttempt? {
        guard reachableView(of: stack) != nil, chromeOnTop(of: stack)?.backButton != nil,
              takesTouch("PageKit's back in \(stack.pageDescription)") else { return nil }
        return try stack.userTapsBack()
    }

    /// The person long-presses PageKit's back button of `stack` and picks the
    /// `index`-th page of its history (the nearest first).
    /// - Returns: What the item's action returned, or `nil` when there is no such item, or
    ///   the finger cannot reach the stack.
    /// - Throws: What the item's action throws.
    @discardableResult
    public func personPicksHistory(_ index: Int, in stack: PageStackModel) throws -> LeaveAttempt? {
        guard reachableView(of: stack) != nil, let history = chromeOnTop(of: stack)?.backButton?.history,
              history.indices.contains(index), takesTouch("the back menu of \(stack.pageDescription)") else {
            return nil
        }
        return try stack.userGoesBack(to: history[index].entry)
    }

    /// The person's finger starts a swipe back on `stack`: only when the stack is on
    /// screen, its page on top shows the system back button, nothing animates, and there
    /// is a page to go back to. The gesture's target tells the model.
    /// - Returns: Whether the swipe began.
    @discardableResult
    public func personBeginsSwipeBack(_ stack: PageStackModel) -> Bool {
        guard let view = reachableView(of: stack), !view.shown.isEmpty, !view.swiping,
              clock.now >= view.busyUntil, chromeOnTop(of: stack)?.backButton == nil,
              takesTouch("a swipe back in \(view.name)") else { return false }
        view.swiping = true
        note("swipe back begins on \(view.name)")
        stack.swipeBackBegan()
        let below = view.shown.dropLast().last?.page ?? stack.pages.first
        if let below, runsOnAppear(of: below, goingBack: true) { stack.pageAppeared(below) }
        return true
    }

    /// The person's finger lifts: the swipe finishes (the page is popped, and SwiftUI
    /// writes the shorter path, before or after the coordinator's completion as
    /// ``SwiftUIBehaviour/swipeWrite`` says) or is cancelled (nothing is written).
    public func personEndsSwipeBack(_ stack: PageStackModel, finishing: Bool) {
        guard let view = view(of: stack), view.swiping else { return }
        view.swiping = false
        guard finishing else {
            note("swipe back cancelled on \(view.name)")
            return stack.swipeBackEnded(cancelled: true)
        }
        // What the stack shows when the swipe ends: a change written meanwhile is lost
        // under the finger, as SwiftUI removes the page it swiped away from its own path.
        let remaining = Array(view.shown.dropLast())
        view.shown = remaining
        view.generation += 1
        // The revealed page's hosting controller appears as the transition completes; off
        // screen (the stack left the window under the finger), it does not appear.
        if let revealed = view.topShown?.page, view.visible {
            note("viewDidAppear \(revealed.pageDescription)")
            stack.pageDidAppear(revealed)
        }
        endPop(writing: remaining, of: stack)
    }

    /// The person's pop is over: SwiftUI writes the shorter path, before or after the
    /// coordinator's completion reaches the stack, as ``SwiftUIBehaviour/swipeWrite`` says.
    private func endPop(writing remaining: [PageEntry], of stack: PageStackModel) {
        switch behaviour.swipeWrite {
        case .beforeCompletion:
            writePath(remaining, of: stack)
            stack.swipeBackEnded(cancelled: false)
        case .afterCompletion:
            stack.swipeBackEnded(cancelled: false)
            writePath(remaining, of: stack)
        }
    }

    /// The person taps a `NavigationLink(value:)` for `page` on `stack`: SwiftUI pushes a
    /// new entry and writes the longer path; on screen, the page's `onAppear` runs as the
    /// push animates, and its hosting controller's `viewDidAppear` once it has.
    ///
    /// A finger reaches only a stack on screen, and nothing while UIKit ignores touches
    /// (``isIgnoringTouches``).
    /// - Returns: The entry pushed, or `nil` when the tap reached no link.
    @discardableResult
    public func personTapsLink(to page: any Page, in stack: PageStackModel) -> PageEntry? {
        guard takesTouch("a link to \(page.pageDescription) in \(stack.pageDescription)"),
              let view = reachableView(of: stack) else { return nil }
        // Another stack's animation runs alongside; one of this stack's is a violation.
        let alongside = clock.now >= view.busyUntil
        let entry = PageEntry(page)
        view.shown.append(entry)
        drawPages(of: view)
        animationBegins("the link's push of \(page.pageDescription) in \(view.name)", .person(alongside: alongside))
        view.busyUntil = clock.now + animationDuration
        view.generation += 1
        let generation = view.generation
        writePath(view.shown, of: stack)
        let runsOnAppear = runsOnAppear(of: page, goingBack: false)
        if behaviour.onAppear == .animationStart, runsOnAppear { stack.pageAppeared(page) }
        let transition = ContainerTransition(kind: .push, container: stack, pages: [page], animated: true)
        animationEnd(transition) { [weak self, weak view, weak stack, weak page, behaviour] in
            guard let self, let view, view.generation == generation, let stack, let page else { return }
            if behaviour.onAppear == .animationEnd, runsOnAppear { stack.pageAppeared(page) }
            self.note("viewDidAppear \(page.pageDescription)")
            stack.pageDidAppear(page)
        }
        return entry
    }

    /// `stack`'s view, if a finger can reach it: drawn, in no tab but a selected one, and
    /// under no sheet or cover (``canReach(_:)``).
    private func reachableView(of stack: PageStackModel) -> StackView? {
        guard let view = view(of: stack), view.visible, canReach(stack) else { return nil }
        return view
    }

    /// SwiftUI runs the path binding's setter with `path`.
    func writePath(_ path: [PageEntry], of stack: PageStackModel) {
        note("write path of \(stack.pageDescription)")
        insideSetter { stack.pathChanged(to: path) }
    }
}
