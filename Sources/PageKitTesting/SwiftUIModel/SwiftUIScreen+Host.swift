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

/// The sheets on the model screen: for each level, what its `sheet(item:)` or
/// `fullScreenCover(item:)` shows.
///
/// - SFC-1 (inferred): a full-screen cover takes its presenter's views out of the window
///   once it has appeared, and puts them back as its dismissal begins. SwiftUI presents
///   `fullScreenCover` as UIKit's `.fullScreen` style, whose presenting views "are
///   removed after the presentation completes" (Apple's documentation of
///   `UIModalPresentationStyle.fullScreen`; `shouldRemovePresentersView` in
///   `UIPresentationController.h`: "removed from the window in the end of the
///   presentation transition"), and `onDisappear` runs "after this view disappears"
///   (SwiftUI 16.5, `onDisappear(perform:)`); the presenter's own `viewDidDisappear` under
///   a full-screen modal is reported (software-mansion/react-native-screens#4016). So the
///   stacks and split views drawn in the presenter run their `onDisappear` (a split
///   view's columns first, as SSV-5), before the cover's `viewDidAppear` here (the order
///   is not documented), and their `onAppear` as the dismissal starts. A cover has no
///   swipe down: UIKit's interactive dismissal belongs to sheets.
@MainActor
final class HostView {
    /// A level: the root, or a presented page, and what its binding shows.
    final class Level {
        weak var page: (any Page)?
        /// The presentation shown over it, if any.
        var shown: PagePresentation? {
            didSet { held = shown?.page }
        }
        /// The page shown over it: a sheet's view holds its content, and so its page, until
        /// the sheet is gone, whatever the models still hold.
        private var held: (any Page)?
        /// A presentation SwiftUI dropped: bound, never shown.
        var dropped: PagePresentation.ID?
        /// Whether the shown sheet's swipe down is disabled, as last drawn.
        var dismissDisabled = false
        /// When its running animation ends on screen.
        var busyUntil: Duration = .zero
        /// Counts its presentations and dismissals: the end of one that a newer one
        /// overtook never comes, as UIKit sends a transition's callbacks before the next's.
        var generation = 0
        /// Puts back the views a full-screen cover over the level took off screen (SFC-1).
        var uncover: (@MainActor () -> Void)?

        init(page: any Page) {
            self.page = page
        }
    }

    weak var model: PageHostModel?
    weak var root: (any Page)?
    var levels: [Level] = []
    var observation: ModelObservation?

    init(model: PageHostModel, root: any Page) {
        self.model = model
        self.root = root
    }

    func level(of page: any Page) -> Level {
        if let level = levels.first(where: { $0.page === page }) { return level }
        levels.removeAll { $0.page == nil }
        let level = Level(page: page)
        levels.append(level)
        return level
    }

    var disagreements: [String] {
        guard let model else { return [] }
        return levels.compactMap { level in
            guard let page = level.page else { return nil }
            let bound = model.presentation(over: page, fullScreen: false) ?? model.presentation(over: page, fullScreen: true)
            // A presentation SwiftUI dropped is bound and never shown; nothing bound is
            // nothing dropped.
            guard bound?.id != level.shown?.id, bound == nil || bound?.id != level.dropped else { return nil }
            return "the level of \(page.pageDescription) shows \(level.shown.map { "\($0.id)" } ?? "nothing"), "
                + "its model binds \(bound.map { "\($0.id)" } ?? "nothing")"
        }
    }
}

extension SwiftUIScreen {
    /// Puts the presentations of `host` over `root` on screen, as `PageRootView` does:
    /// each level's binding is followed; a presented ``/PageKitContainers/PageStackModel`` is shown with
    /// its sheet.
    /// - Parameters:
    ///   - host: The host.
    ///   - root: The root page, whose view carries the first level's sheet.
    public func show(_ host: PageHostModel, root: any Page) {
        guard !hosts.contains(where: { $0.model === host }) else { return }
        // What the host reads from the system it runs on.
        host.dismissesOneLevelPerUpdate = behaviour.system < SystemVersion(17, 0)
        let view = HostView(model: host, root: root)
        hosts.append(view)
        view.observation = host.observe { [weak self, weak view] animated in
            guard let self, let view else { return }
            self.update { [weak self, weak view] in
                guard let self, let view else { return }
                self.render(view, animated: animated)
            }
        }
        render(view, animated: false)
    }

    /// SwiftUI reads every level's binding, from the root up, and shows the difference.
    func render(_ view: HostView, animated: Bool) {
        guard let host = view.model, var page = view.root else { return }
        while true {
            let level = view.level(of: page)
            // What its `sheet(item:)` and `fullScreenCover(item:)` bind to; an alert is
            // drawn by its `alert` modifier instead, which shows at once.
            let bound = host.presentation(over: page, fullScreen: false) ?? host.presentation(over: page, fullScreen: true)
            if let shown = level.shown, bound?.id != shown.id {
                dismiss(shown, over: level, in: view, animated: animated)
            }
            if level.dropped != nil, bound?.id != level.dropped {
                note("dropped presentation over \(page.pageDescription) unbound")
                level.dropped = nil
            }
            guard let bound, let presented = bound.page else { return }
            if level.shown == nil, level.dropped == nil {
                present(bound, over: level, in: view, animated: animated)
            }
            guard level.shown?.id == bound.id else { return }
            // Drawn again on each of the host's changes: the swipe-down policy.
            level.dismissDisabled = !host.allowsSwipeDown(of: presented)
            page = presented
        }
    }

    private func present(_ presentation: PagePresentation, over level: HostView.Level, in view: HostView, animated: Bool) {
        guard let host = view.model, let page = presentation.page, let presenter = level.page else { return }
        if presentationsToDrop > 0 {
            presentationsToDrop -= 1
            level.dropped = presentation.id
            note("SwiftUI dropped the presentation of \(page.pageDescription)")
            return
        }
        if clock.now < level.busyUntil {
            violation("\(page.pageDescription) presented over \(presenter.pageDescription) while it animates")
        }
        level.shown = presentation
        level.generation += 1
        let generation = level.generation
        // PageKit's sheets do nothing in `onAppear`: it is noted, for the order of callbacks.
        let onAppear: @MainActor () -> Void = { [weak self, weak page] in
            guard let self, let page, self.runsOnAppear(of: page, goingBack: false) else { return }
            self.note("onAppear \(page.pageDescription)")
        }
        let didAppear: @MainActor () -> Void = { [weak self, weak host, weak page, weak level] in
            guard let self, let host, let page else { return }
            if presentation.isFullScreen, let level { self.cover(level) }
            self.note("viewDidAppear \(page.pageDescription) (presented)")
            host.presentationDidAppear(page)
        }
        // The views of the models it holds appear with it (`PageView` draws a `!/` sheet's
        // NavigationStack, a presented tab view and the stacks in its tabs).
        showModels(in: page)
        guard animated else {
            onAppear()
            return didAppear()
        }
        animationBegins("presentation of \(page.pageDescription)")
        level.busyUntil = clock.now + animationDuration
        if behaviour.onAppear == .animationStart { onAppear() }
        let transition = ContainerTransition(kind: .present, container: presenter, pages: [page], animated: true)
        animationEnd(transition) { [behaviour, weak level] in
            guard let level, level.generation == generation else { return }
            if behaviour.onAppear == .animationEnd { onAppear() }
            didAppear()
        }
    }

    private func dismiss(_ presentation: PagePresentation, over level: HostView.Level, in view: HostView, animated: Bool) {
        guard let host = view.model, let presenter = level.page else { return }
        // The sheet's view holds its page until it is torn down, at the dismissal's end.
        let page = presentation.page
        // Dismissing nested presentations in one update works only from iOS 17; below it,
        // one level per update (FlowStacks' `allowMultipleDismissalsInOne`, iOS 17 only;
        // hmlongco/Navigator's step delays).
        if behaviour.system < SystemVersion(17, 0), let page, let nested = presented(inside: page, in: view) {
            violation("\(page.pageDescription) dismissed with \(nested.page?.pageDescription ?? "a freed page") "
                + "still presented over it, in one update, on iOS \(behaviour.system)")
        }
        level.shown = nil
        level.generation += 1
        let generation = level.generation
        hidePresentedStacks(above: page, in: view)
        uncover(level)
        let onDismiss: @MainActor () -> Void = { [weak self, weak host, weak presenter] in
            guard let self, let host, let presenter else { return }
            if let page {
                self.note("viewDidDisappear \(page.pageDescription) (presented)")
                host.presentationDidDisappear(page)
            }
            self.note("onDismiss over \(presenter.pageDescription)")
        }
        guard animated else { return onDismiss() }
        animationBegins("dismissal of \(presentation.page?.pageDescription ?? "a freed page")")
        level.busyUntil = clock.now + animationDuration
        let transition = ContainerTransition(kind: .dismiss, container: presenter,
                                            pages: presentation.page.map { [$0] } ?? [], animated: true)
        animationEnd(transition) { [weak level] in
            guard let level, level.generation == generation else { return }
            onDismiss()
        }
    }

    /// A level goes with everything shown above it: its stacks' views disappear.
    private func hidePresentedStacks(above page: (any Page)?, in view: HostView) {
        var next = page
        while let page = next {
            for stack in stacks.compactMap(\.model) where Self.holds(page, stack) { hide(stack) }
            tabBars.removeAll { $0.model.map { Self.holds(page, $0) } ?? true }
            let level = view.level(of: page)
            next = level.shown?.page
            level.shown = nil
            level.dropped = nil
            // Its views go with it: nothing of it comes back on screen.
            level.uncover = nil
        }
    }

    /// Puts the views of the tab views and stacks `page` holds on screen, itself included.
    /// A presented split view is left to the test, which says whether it is collapsed
    /// (``show(_:compact:)``).
    private func showModels(in page: any Page) {
        if let tabs = page as? PageTabModel { show(tabs) }
        if let stack = page as? PageStackModel { show(stack) }
        guard let parent = page as? any ParentPage, !(page is PageSplitModel) else { return }
        parent.containedPages.forEach(showModels(in:))
    }

    /// SFC-1: the views drawn in `level`'s page leave the window under a full-screen
    /// cover: its stacks' and split views' `onDisappear` run.
    private func cover(_ level: HostView.Level) {
        guard let presenter = level.page, level.uncover == nil else { return }
        // The split views first, so that their columns' `onDisappear` is theirs.
        splitViewsDisappear(in: presenter)
        let hidden = stacks.compactMap { view in
            view.visible ? view.model.flatMap { Self.holds(presenter, $0) ? $0 : nil } : nil
        }
        hidden.forEach { note("onDisappear stack \($0.pageName) (covered)"); takeOffScreen($0) }
        // As the cover goes, what is still drawn beneath comes back: not a tab left while
        // it was up, and the tab chosen meanwhile.
        level.uncover = { [weak self] in
            guard let self else { return }
            for view in self.stacks where view.drawn && !view.visible {
                guard let stack = view.model, Self.holds(presenter, stack), !self.isCovered(stack) else { continue }
                self.note("onAppear stack \(stack.pageName) (uncovered)")
                self.show(stack)
            }
            self.splitViewsAppear(self.splitViews.filter(\.isDrawn).compactMap(\.model).filter { Self.holds(presenter, $0) })
        }
    }

    /// Whether a full-screen cover that has appeared is over the level that draws `page`
    /// (SFC-1): its view is out of the window until the cover goes.
    func isCovered(_ page: any Page) -> Bool {
        hosts.contains { view in
            view.levels.contains { level in level.uncover != nil && level.page.map { Self.holds($0, page) } == true }
        }
    }

    /// Whether the person's finger can reach `page`, a stack, a tab view or a split view,
    /// by what the screen shows (not by what the models record: a sheet whose dismissal
    /// has not ended is still there): in no tab but a selected one, and behind no sheet,
    /// full-screen cover or alert (``SwiftUIBehaviour/sheetsLetTouchesBehind`` aside).
    /// Touches the whole screen ignores meanwhile are ``isIgnoringTouches``.
    /// - Parameter page: What the person would touch.
    public func canReach(_ page: any Page) -> Bool {
        !isUnderAPresentation(page) && !isBehindAnotherTab(page)
    }

    /// Whether the person's finger is kept from `page` by what is shown over the level
    /// that draws it: a sheet, as SwiftUI "automatically disables the view behind a sheet
    /// that you present, so that people can't interact with the backing view until they
    /// dismiss the sheet" (Apple's documentation of `presentationBackgroundInteraction(_:)`,
    /// which PageKit does not set; the app may, ``SwiftUIBehaviour/sheetsLetTouchesBehind``);
    /// a full-screen cover, which takes its presenter's views out of the window (SFC-1);
    /// or an alert or a confirmation dialog.
    func isUnderAPresentation(_ page: any Page) -> Bool {
        hosts.contains { view in
            view.levels.contains { level in
                guard let drawn = level.page, Self.holds(drawn, page) else { return false }
                if let shown = level.shown, shown.isFullScreen || !behaviour.sheetsLetTouchesBehind { return true }
                return view.model?.alert(over: drawn) != nil
            }
        }
    }

    /// SFC-1: the cover over `level` starts to go: what it covered comes back on screen.
    private func uncover(_ level: HostView.Level) {
        let uncover = level.uncover
        level.uncover = nil
        uncover?()
    }

    // MARK: The person

    /// The person puts a finger on the sheet on top and drags it down: only when it is not
    /// disabled and nothing animates. The sheet's hosting controller hears
    /// `viewWillDisappear` as the root being dismissed, with an interactive transition
    /// (PRE-7, `UIViewController.h`); SwiftUI writes nothing yet (SSH-2). The drag then
    /// goes through (``SwiftUISheetDrag/finish()``) or springs back
    /// (``SwiftUISheetDrag/letGo()``).
    /// - Returns: The drag, or `nil` when no sheet may be swiped.
    public func personStartsSwipeDown(in host: PageHostModel) -> SwiftUISheetDrag? {
        guard let (_, level) = swipeableSheet(in: host), let page = level.shown?.page,
              takesTouch("a swipe down of \(page.pageDescription)") else { return nil }
        note("viewWillDisappear \(page.pageDescription) (presented, interactive)")
        host.personSwipeDownBegan(page)
        return SwiftUISheetDrag(screen: self, host: host, page: page)
    }

    /// The person swipes down the sheet on top: only when it is not disabled and nothing
    /// animates. SwiftUI clears the binding at the very end of the dismissal, then runs
    /// `onDismiss`.
    /// - Returns: Whether a sheet was swiped away.
    @discardableResult
    public func personSwipesDown(in host: PageHostModel) -> Bool {
        guard takesTouch("a swipe down") else { return false }
        return sheetSwipedAway(in: host)
    }

    /// The sheet on top goes, as SwiftUI writes at the end of a swipe down.
    fileprivate func sheetSwipedAway(in host: PageHostModel) -> Bool {
        guard let (view, level) = swipeableSheet(in: host), let shown = level.shown, let presenter = level.page else {
            return false
        }
        level.shown = nil
        hidePresentedStacks(above: shown.page, in: view)
        note("write presentation over \(presenter.pageDescription): nil")
        insideSetter { host.presentationChanged(to: nil, over: presenter, fullScreen: shown.isFullScreen) }
        if let page = shown.page {
            note("viewDidDisappear \(page.pageDescription) (presented)")
            host.presentationDidDisappear(page)
        }
        note("onDismiss over \(presenter.pageDescription)")
        return true
    }

    /// The host's view and the level under the sheet on top, if the person may swipe
    /// that sheet down: not a full-screen cover, not disabled, and nothing animating.
    private func swipeableSheet(in host: PageHostModel) -> (HostView, HostView.Level)? {
        guard let view = hosts.first(where: { $0.model === host }), let root = view.root else { return nil }
        var level = view.level(of: root)
        while let presented = level.shown?.page, view.level(of: presented).shown != nil {
            level = view.level(of: presented)
        }
        guard let shown = level.shown, !shown.isFullScreen, level.page != nil, !level.dismissDisabled,
              clock.now >= level.busyUntil else { return nil }
        return (view, level)
    }

    /// The alert or confirmation dialog the person sees in `host`'s view, the one a tap
    /// lands on: over the first level drawn that has one, which may not yet, or no longer,
    /// be the one `host`'s model holds on top while a presentation animates.
    /// - Returns: The alert, or `nil` when none shows.
    public func alertShown(in host: PageHostModel) -> AlertPage? {
        shownAlert(in: host)?.alert
    }

    /// The alert shown in `host`'s view and the level it is shown over.
    private func shownAlert(in host: PageHostModel) -> (level: any Page, alert: AlertPage)? {
        guard let view = hosts.first(where: { $0.model === host }), var level: any Page = view.root else { return nil }
        while host.alert(over: level) == nil {
            guard let presented = view.level(of: level).shown?.page else { return nil }
            level = presented
        }
        return host.alert(over: level).map { (level, $0) }
    }

    /// The person taps the button `id` of the alert or confirmation dialog shown over a
    /// level, as `PresentationLevel` wires its `alert` and `confirmationDialog`: SwiftUI
    /// writes `false` to the `isPresented` binding first, then runs the button's action
    /// (reported: scgopi/GraphCode#35; "All actions in an alert dismiss the alert after
    /// the action runs", SwiftUI's documentation, says only that it goes).
    /// - Returns: Whether an alert was shown.
    @discardableResult
    public func personTapsAlertButton(_ id: String, in host: PageHostModel) -> Bool {
        guard hosts.contains(where: { $0.model === host && $0.root != nil }), takesTouch("\(id) of an alert"),
              let (level, alert) = shownAlert(in: host) else { return false }
        note("write isPresented over \(level.pageDescription): false")
        insideSetter { host.alertPresentationChanged(isPresented: false, of: alert) }
        note("action \(id)")
        host.alertButtonTapped(id, in: alert)
        return true
    }

    /// The person taps outside the confirmation dialog shown over a level, where it shows
    /// as a popover (a regular width): SwiftUI writes `false` to its `isPresented` binding
    /// and runs no button's action. An alert has nowhere outside to tap.
    /// - Returns: Whether a confirmation dialog was shown.
    @discardableResult
    public func personTapsOutsideDialog(in host: PageHostModel) -> Bool {
        guard hosts.contains(where: { $0.model === host && $0.root != nil }), takesTouch("outside a dialog"),
              let (level, alert) = shownAlert(in: host), alert.content.style == .confirmationDialog else { return false }
        note("write isPresented over \(level.pageDescription): false")
        insideSetter { host.alertPresentationChanged(isPresented: false, of: alert) }
        return true
    }

    /// Whether a finger on the sheet on top would move it now, what
    /// ``personStartsSwipeDown(in:)`` checks before it starts a drag: a sheet is shown, it
    /// is not a full-screen cover, `interactiveDismissDisabled` is off as last drawn, and
    /// no presentation or dismissal of it animates. Looks only: nothing changes.
    public func sheetFollowsFinger(in host: PageHostModel) -> Bool {
        swipeableSheet(in: host) != nil
    }

    /// Whether the person could swipe down the sheet on top, as last drawn.
    public func canSwipeDown(in host: PageHostModel) -> Bool? {
        guard let view = hosts.first(where: { $0.model === host }), let root = view.root else { return nil }
        var level = view.level(of: root)
        while let presented = level.shown?.page, view.level(of: presented).shown != nil {
            level = view.level(of: presented)
        }
        return level.shown == nil ? nil : !level.dismissDisabled
    }

    /// The pages each level shows, from the root up.
    public func shownPresentations(in host: PageHostModel) -> [any Page] {
        guard let view = hosts.first(where: { $0.model === host }), let root = view.root else { return [] }
        var pages: [any Page] = []
        var next: (any Page)? = root
        while let page = next, let presented = view.level(of: page).shown?.page {
            pages.append(presented)
            next = presented
        }
        return pages
    }
}

extension SwiftUIScreen {
    /// A presentation still shown over `page` or over a page `page` holds, if any (its
    /// page may be freed already: the sheet's view holds it until it is torn down).
    func presented(inside page: any Page, in view: HostView) -> PagePresentation? {
        var pages: [any Page] = [page]
        while let next = pages.popLast() {
            if let shown = view.levels.first(where: { $0.page === next })?.shown { return shown }
            if let parent = next as? any ParentPage { pages.append(contentsOf: parent.containedPages) }
        }
        return nil
    }
}

/// The person's finger on a sheet of the SwiftUI model (``SwiftUIScreen/personStartsSwipeDown(in:)``).
/// It lives until its transition has ended, as UIKit's transition does.
@MainActor
public final class SwiftUISheetDrag {
    private weak var screen: SwiftUIScreen?
    private weak var host: PageHostModel?
    /// The presented page, held as SwiftUI's sheet holds it until it has gone.
    private let page: any Page

    init(screen: SwiftUIScreen, host: PageHostModel, page: any Page) {
        self.screen = screen
        self.host = host
        self.page = page
    }

    /// The finger lifts past the point of no return: the transition's completion comes
    /// once the sheet has slid away, and SwiftUI writes the binding after it (SSH-2:
    /// "invoked at the very end of the dismissal"), with `viewDidDisappear` and
    /// `onDismiss`.
    public func finish() {
        afterTransition { screen, host, page in
            screen.note("completion of the swipe down of \(page.pageDescription)")
            host.personSwipeDownEnded(page, cancelled: false)
            _ = screen.clock.schedule(after: .zero) { [weak host, weak screen] in
                guard let host, let screen else { return }
                _ = screen.sheetSwipedAway(in: host)
            }
        }
    }

    /// The finger lifts early: the sheet springs back, its transition cancelled, and
    /// SwiftUI writes nothing.
    public func letGo() {
        afterTransition { screen, host, page in
            screen.note("completion of the swipe down of \(page.pageDescription), cancelled")
            host.personSwipeDownEnded(page, cancelled: true)
        }
    }

    /// Runs `end` once the sheet's transition has had its time, holding the drag until
    /// then.
    private func afterTransition(_ end: @escaping @MainActor (SwiftUIScreen, PageHostModel, any Page) -> Void) {
        guard let screen else { return }
        _ = screen.clock.schedule(after: screen.animationDuration) { [self] in
            guard let screen = self.screen, let host = self.host else { return }
            end(screen, host, page)
        }
    }
}
