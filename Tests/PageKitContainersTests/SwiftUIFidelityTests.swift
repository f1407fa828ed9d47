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

import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// The SwiftUI layer as SwiftUI behaves on a device: the model screen calls the models
/// back when SwiftUI and UIKit would (`onAppear` as an animation starts, the hosting
/// controller's `viewDidAppear` as it ends, the path written by SwiftUI after the person's
/// pop, presentations SwiftUI drops), and each test holds one decision the views rely on
/// to that behaviour. Rules the sources only infer are tested under each setting.
@MainActor
@Suite("SwiftUI as it behaves on a device", .timeLimit(.minutes(10)))
struct SwiftUIFidelityTests {
    /// `app.open` for requests expected to fail: lets the screen run, returns the request.
    private func run(_ app: SwiftUIAppFixture, _ text: String, _ options: NavigationOptions = .default,
                     for duration: Duration = .seconds(10)) throws -> NavigationRequest {
        let request = app.navigator.request(try PagePath(parsing: text), options)
        app.clock.advance(by: duration)
        return request
    }

    // MARK: 1. Leave policy read when the page changes

    @Test("1. a page whose policy changes while shown (a form made dirty) loses the system back button, the swipe back and the swipe down")
    func leavePolicyFollowsThePage() throws {
        let app = SwiftUIAppFixture()
        let form = ConfirmingPage("form")
        form.policy = .allow
        app.navigator.registry.replace("form") { _ in form }
        try app.open("/tab#contact/list/form")
        #expect(app.screen.chromeOnTop(of: app.contact)?.backButton == nil, "clean: the system's back button")
        form.policy = .confirm
        app.navigator.leavePolicyChanged(of: form)
        #expect(app.screen.chromeOnTop(of: app.contact)?.backButton != nil, "dirty: PageKit's, which asks")
        #expect(!app.screen.personBeginsSwipeBack(app.contact), "the swipe goes with the system back button")
        #expect(!app.screen.personTapsSystemBack(app.contact))
        #expect(app.path == "/tab#contact/list/form")

        let sheet = ConfirmingPage("sheet")
        sheet.policy = .allow
        app.navigator.registry.replace("sheet") { _ in sheet }
        try app.open("/tab#contact/list/form!sheet")
        #expect(app.screen.canSwipeDown(in: app.host) == true)
        sheet.policy = .confirm
        app.navigator.leavePolicyChanged(of: sheet)
        #expect(app.screen.canSwipeDown(in: app.host) == false, "interactiveDismissDisabled follows the page")
        #expect(!app.screen.personSwipesDown(in: app.host))
        #expect(app.path == "/tab#contact/list/form!sheet")
        #expect(form.leaveRequests.isEmpty && sheet.leaveRequests.isEmpty)
    }

    // MARK: 2. `!/` sheets

    @Test("2. a `!/` sheet whose page confirms cannot be swiped down, and a Cancel button on that page asks it")
    func sheetWithStack() async throws {
        let app = SwiftUIAppFixture()
        let compose = ConfirmingPage("compose", allowsLeaving: nil)
        app.navigator.registry.replace("compose") { _ in compose }
        try app.open("/tab#contact/list!/compose")
        let sheet = try #require(app.host.presentedPage(of: app.tabs) as? PageStackModel)
        #expect(!app.host.allowsSwipeDown(of: sheet), "the swipe would remove compose with its stack")
        #expect(!app.host.allowsSwipeDown(of: compose))
        #expect(app.screen.canSwipeDown(in: app.host) == false)
        #expect(!app.screen.personSwipesDown(in: app.host))
        guard case .leaving(let ticket) = try app.host.userDismisses(compose) else {
            Issue.record("Cancel should ask compose")
            return
        }
        #expect(await yieldUntil { compose.isAsking })
        #expect(compose.leaveRequests.first?.gesture == .swipeDown)
        compose.answerLeave(true)
        #expect(await yieldUntil { app.host.presentedPage(of: app.tabs) == nil })
        app.clock.advance(by: .seconds(1))
        #expect(ticket.isResolved && ticket.errorCode == nil)
        #expect(app.path == "/tab#contact/list")
        #expect(app.changes == ["dismissed by the user → /tab#contact/list"])
    }

    // MARK: 3. Transitions end when they end

    @Test("3. a push, a presentation, a dismissal and a pop end when their animation has, so the next never starts inside it",
          arguments: SwiftUIBehaviour.OnAppearTiming.allCases)
    func transitionsEndWhenTheyEnd(_ timing: SwiftUIBehaviour.OnAppearTiming) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(onAppear: timing))
        let requests = try ["/tab#contact/list/person_detail(id=5)", "/tab#contact/list/person_detail(id=5)!compose",
                            "/tab#contact/list/person_detail(id=5)", "/tab#contact/list"].map {
            app.navigator.request(try PagePath(parsing: $0))
        }
        app.clock.advance(by: .milliseconds(349))
        #expect(!requests[0].isResolved, "the push runs for 350 ms")
        app.clock.advance(by: .seconds(5))
        #expect(requests.allSatisfy { $0.isResolved && $0.errorCode == nil }, "\(requests.map(\.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.driver.maxInFlight == 1)
        #expect(app.clock.now >= .milliseconds(1_400), "four animations, one after another")
        #expect(app.path == "/tab#contact/list")
    }

    @Test("3. a page whose view is empty, so that onAppear never runs, still ends its push when its animation ends")
    func emptyContentEnds() throws {
        let app = SwiftUIAppFixture()
        app.screen.showsEmptyContent("person_detail")
        let request = app.navigator.request("/tab#contact/list/person_detail(id=5)")
        app.clock.advance(by: .milliseconds(350))
        #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        #expect(!app.screen.callbacks.contains("onAppear person_detail(id=5)"))
    }

    // MARK: 4. A time-out undoes what it recorded

    @Test("4. a presentation SwiftUI dropped is taken back when it times out, and the next one shows at once")
    func droppedPresentationIsTakenBack() throws {
        let app = SwiftUIAppFixture()
        app.screen.dropNextPresentation()
        let first = try run(app, "/tab#contact/list!compose", for: .seconds(2))
        #expect(first.errorCode == .timedOut)
        #expect(app.host.presentedPage(of: app.tabs) == nil, "SwiftUI never showed it")
        #expect(app.path == "/tab#contact/list")
        let second = try run(app, "/tab#contact/list!compose", for: .milliseconds(350))
        #expect(second.isResolved && second.errorCode == nil, "\(String(describing: second.result))")
        #expect(app.screen.shownPresentations(in: app.host).map(\.pageName) == ["compose"])
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    @Test("4. dismissing a presentation that never appeared ends at once: no onDismiss will come")
    func dismissingWhatNeverAppeared() throws {
        let app = SwiftUIAppFixture()
        app.screen.dropNextPresentation()
        try app.open("/tab#contact/list!compose", .animated(false))
        #expect(app.host.presentedPage(of: app.tabs)?.pageName == "compose", "not animated: it ended at once")
        let dismissal = app.navigator.request("/tab#contact/list")
        #expect(dismissal.isResolved && dismissal.errorCode == nil, "\(String(describing: dismissal.result))")
        #expect(app.path == "/tab#contact/list")
    }

    // MARK: 5. Tab labels

    @Test("5. the tab bar under PageRootView shows each tab's label: a localizable title, an image, a badge that follows")
    func tabLabels() {
        let app = SwiftUIAppFixture()
        let inbox = Inbox()
        app.tabs.labels = { _, index in
            switch index {
            case 0: TabLabel("Contacts", table: "Tabs", image: .system("person.2"),
                             badge: inbox.unread > 0 ? .count(inbox.unread) : nil)
            case 1: TabLabel("Feed", image: .asset("feed"))
            default: TabLabel(verbatim: "⚙︎", badge: .text("New"))
            }
        }
        #expect(app.screen.tabLabels(of: app.tabs) == [
            TabLabel("Contacts", table: "Tabs", image: .system("person.2")),
            TabLabel("Feed", image: .asset("feed")),
            TabLabel(verbatim: "⚙︎", badge: .text("New")),
        ])
        inbox.unread = 3
        app.tabs.labelsChanged()
        #expect(app.screen.tabLabels(of: app.tabs).first?.badge == .count(3))
        #expect(app.screen.tabLabels(of: app.tabs).first?.isVerbatim == false, "a key looked up in the app's strings")
    }

    /// What a badge counts.
    @MainActor
    final class Inbox {
        var unread = 0
    }

    // MARK: 6. Stable identities

    @Test("6. a page pushed as another is popped, in one turn, is a new element, even at the freed page's address")
    func identitiesAreNeverReused() throws {
        let app = SwiftUIAppFixture()
        var sameAddress = 0
        for run in 0..<40 {
            weak var popped: (any Page)?
            let before: PageEntry
            do {
                let page = ScreenPage("home_page", parameters: ["run": "\(run)"])
                popped = page
                app.contact.push([page], animated: false, style: .default, completion: TransitionCompletion { _ in })
                before = try #require(app.contact.path.last)
            }
            let address = popped.map { ObjectIdentifier($0) }
            app.contact.pop(to: app.list, animated: false, style: .default, completion: TransitionCompletion { _ in })
            #expect(popped == nil, "nothing but the stack held it")
            let next = ScreenPage("post")
            app.contact.push([next], animated: false, style: .default, completion: TransitionCompletion { _ in })
            if address == ObjectIdentifier(next) { sameAddress += 1 }
            let after = try #require(app.contact.path.last)
            #expect(after != before, "run \(run)")
            #expect(app.screen.shownPages(of: app.contact).last === next, "SwiftUI shows the new page, run \(run)")
            app.contact.pop(to: app.list, animated: false, style: .default, completion: TransitionCompletion { _ in })
        }
        // The allocator hands the freed address out again (40 runs in 40 here): what the
        // identities must survive.
        _ = sameAddress
        let first = PagePresentation(app.list, style: .default)
        #expect(first != PagePresentation(app.list, style: .default), "each presentation is its own")
    }

    // MARK: 7. Swipe back holds the queue

    /// The model called `viewDidAppear` for the page a swipe revealed even when the stack
    /// had left the window under the finger, and the stack then waited for an appearance
    /// that a view out of the window never has (seed 9607027 of the SwiftUI split view run,
    /// the person at any moment: the app's push on a covered sidebar timed out).
    @Test("7. a swipe back that finishes after its stack left the window reveals no appearance: the stack's next push ends at once")
    func swipeFinishedOffScreen() throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour())
        try app.open("/tab#contact/list/person_detail(id=5)")
        #expect(app.screen.personBeginsSwipeBack(app.contact))
        app.screen.hide(app.contact)
        #expect(!app.contact.isOnScreen)
        app.screen.personEndsSwipeBack(app.contact, finishing: true)
        #expect(!app.contact.isOnScreen, "no viewDidAppear out of the window")
        #expect(!app.screen.callbacks.contains("viewDidAppear list"))
        let push = app.contact.queued.push(ScreenPage("home_page"))
        app.clock.advance(by: .milliseconds(100))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.contact.pages.map(\.pageName) == ["list", "home_page"])
    }

    @Test("7. the app's push during the person's swipe back waits for the swipe, then runs on the stack it left",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func swipeHoldsTheQueue(_ write: SwiftUIBehaviour.SwipeWrite) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(swipeWrite: write))
        try app.open("/tab#contact/list/person_detail(id=5)")
        #expect(app.screen.personBeginsSwipeBack(app.contact))
        let push = app.contact.queued.push(ScreenPage("home_page"))
        app.clock.advance(by: .seconds(1))
        #expect(!push.isResolved, "the finger is down: the push waits")
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail"])
        app.screen.personEndsSwipeBack(app.contact, finishing: true)
        app.clock.advance(by: .seconds(1))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.contact.pages.map(\.pageName) == ["list", "home_page"], "popped by the swipe, then pushed")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.changes.first == "popped by the user → /tab#contact/list")

        #expect(app.screen.personBeginsSwipeBack(app.contact))
        let pop = app.contact.queued.pop()
        app.screen.personEndsSwipeBack(app.contact, finishing: false)
        app.clock.advance(by: .seconds(1))
        #expect(pop.isResolved && pop.errorCode == nil, "a cancelled swipe lets the pop run")
        #expect(app.contact.pages.map(\.pageName) == ["list"])
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
    }

    @Test("7. the app's push during the person's tap on the system back button waits for the pop, then runs on the stack it left",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func systemBackTapHoldsTheQueue(_ write: SwiftUIBehaviour.SwipeWrite) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(swipeWrite: write))
        try app.open("/tab#contact/list/person_detail(id=5)")
        _ = app.changes
        #expect(app.screen.personTapsSystemBack(app.contact))
        // A reply from the network, mid-animation, before SwiftUI has written the path.
        let push = app.contact.queued.push(ScreenPage("home_page"))
        app.clock.advance(by: .milliseconds(100))
        #expect(!push.isResolved, "the pop animates: the push waits")
        app.clock.advance(by: .seconds(2))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.contact.pages.map(\.pageName) == ["list", "home_page"], "popped by the person, then pushed")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.changes.contains("popped by the user → /tab#contact/list"))
    }

    /// The coordinator's completion of the person's pop came inside UIKit's completion of
    /// the transition, and the hold let go at once: the operations that waited started
    /// there, before the hosting controller of the page the pop revealed said
    /// `viewDidAppear`. A pop among them, back to that same page, took that late appearance
    /// for its own end, and the next operation wrote the path while the pop still animated
    /// (seed 820390 of the SwiftUI cancellation run).
    @Test("7. what waited for the person's pop starts on the turn after its completion, and a late appearance ends none of it",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func afterThePersonsPop(_ write: SwiftUIBehaviour.SwipeWrite) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(onAppear: .animationEnd, swipeWrite: write))
        try app.open("/tab#contact/list/person_detail(id=5)")
        #expect(app.screen.personTapsSystemBack(app.contact))
        let push = app.contact.queued.push(ScreenPage("home_page"), animated: false)
        let pop = app.contact.queued.pop(to: app.list)
        let pushAgain = app.contact.queued.push(ScreenPage("person_detail", parameters: ["id": "6"]))
        app.clock.advance(by: .seconds(3))
        for ticket in [push, pop, pushAgain] {
            #expect(ticket.isResolved && ticket.errorCode == nil, "\(String(describing: ticket.result))")
        }
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail"])
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    /// A request whose turn began (its guard deciding) before the person tapped the system
    /// back button: the pop's hold comes after the request, and the request's sheet must
    /// not slide in over the pop (seed 3302173 of the alert run, the person at any moment).
    @Test("7. a request already deciding when the person taps the system back presents its sheet only once the pop is over",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func presentationAfterThePersonsPop(_ write: SwiftUIBehaviour.SwipeWrite) async throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(swipeWrite: write))
        try app.open("/tab#contact/list/person_detail(id=5)")
        let request = await requestDecidingAcrossThePersonsBack(app, to: "/tab#contact/list/person_detail(id=5)!compose")
        #expect(request.isResolved, "\(String(describing: request.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    /// A request to `path` whose guard is still deciding when the person taps the system
    /// back on the contact stack; its answer, `allow`, comes as the pop starts, and time
    /// then runs out every animation.
    private func requestDecidingAcrossThePersonsBack(_ app: SwiftUIAppFixture, to path: String) async -> NavigationRequest {
        var answer: CheckedContinuation<GuardDecision, Never>?
        let last = try? PagePath(parsing: path).components.last?.name
        let token = app.navigator.addGuard { request in
            guard request.to.components.last?.name == last else { return .allow }
            return await withCheckedContinuation { answer = $0 }
        }
        defer { token.cancel() }
        let request = app.navigator.request(path)
        #expect(await yieldUntil { answer != nil })
        #expect(app.screen.personTapsSystemBack(app.contact), "the finger reaches the stack")
        answer?.resume(returning: .allow)
        for _ in 0..<30 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        return request
    }

    /// person_detail under a compose sheet whose `behaviour` may let touches through, and a
    /// request waiting for the data of `loaded(id=1)`, to push on the contact stack.
    private func loadingUnderASheet(_ behaviour: SwiftUIBehaviour) async throws
        -> (SwiftUIAppFixture, ManualLoads, NavigationRequest) {
        let app = SwiftUIAppFixture(behaviour: behaviour)
        let loads = ManualLoads()
        try app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in ScreenPage(intent: intent) }
        try app.open("/tab#contact/list/person_detail(id=5)")
        try app.open("/tab#contact/list/person_detail(id=5)!compose")
        let request = app.navigator.request("/tab#contact/list/person_detail(id=5)/loaded(id=1)")
        #expect(await yieldUntil { loads.pending == ["loaded(id=1)"] })
        return (app, loads, request)
    }

    /// The data came while the person's system back, behind a sheet that lets touches
    /// through, still animated: the request went on at once and dismissed the sheet under
    /// the pop (seeds 9523017 and 9523497 of the SwiftUI split view run, the person at any
    /// moment, among loads).
    @Test("7. a request whose data comes while the person's system back animates moves nothing under the pop; the pop supersedes it",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func loadEndingUnderThePersonsPop(_ write: SwiftUIBehaviour.SwipeWrite) async throws {
        let (app, loads, request) = try await loadingUnderASheet(SwiftUIBehaviour(swipeWrite: write, sheetsLetTouchesBehind: true))
        #expect(app.screen.personTapsSystemBack(app.contact), "the sheet lets the finger through")
        app.clock.advance(by: .milliseconds(100))
        _ = loads.complete("loaded(id=1)", with: "value")
        for _ in 0..<30 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(request.errorCode == .cancelled, "the person's pop came after the request: \(String(describing: request.result))")
        #expect(app.path == "/tab#contact/list!compose")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    @Test("7. a request whose data comes under the person's swipe back waits for the finger; a swipe given up changes nothing, and the request goes on")
    func loadEndingUnderAGivenUpSwipe() async throws {
        let (app, loads, request) = try await loadingUnderASheet(SwiftUIBehaviour(sheetsLetTouchesBehind: true))
        #expect(app.screen.personBeginsSwipeBack(app.contact), "the sheet lets the finger through")
        _ = loads.complete("loaded(id=1)", with: "value")
        for _ in 0..<10 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(!request.isResolved && app.path == "/tab#contact/list/person_detail(id=5)!compose",
                "nothing moves under the finger")
        app.screen.personEndsSwipeBack(app.contact, finishing: false)
        for _ in 0..<30 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(request.errorCode == nil, "\(String(describing: request.result))")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)/loaded(id=1)")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    /// The same for a dismissal, which stop 48 left as it was: seeds 9700357 and 9700947 of
    /// the SwiftUI split view run (the person at any moment) dismissed a sheet while the
    /// person's pop, behind it, animated.
    @Test("7. a request already deciding when the person taps the system back behind a sheet dismisses it only once the pop is over",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func dismissalAfterThePersonsPop(_ write: SwiftUIBehaviour.SwipeWrite) async throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(swipeWrite: write, sheetsLetTouchesBehind: true))
        try app.open("/tab#contact/list/person_detail(id=5)")
        try app.open("/tab#contact/list/person_detail(id=5)!compose")
        let request = await requestDecidingAcrossThePersonsBack(app, to: "/tab#contact/list/home_page")
        #expect(request.isResolved, "\(String(describing: request.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.path == "/tab#contact/list/home_page", "\(app.path)")
    }

    /// The flow's first page was read from the screen as the open ended, counting back
    /// from its last: after the person went to another tab during the push, that counted
    /// into the feed's tab, and the flow waited for the wrong page (seeds 910111, 910165 of
    /// the alert run, the person at any moment).
    @Test("7. a flow whose push the person leaves for another tab still knows its first page: its reply pops that page, nothing else")
    func flowAcrossATabTap() async throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour())
        try app.open("/tab#contact/list/person_detail(id=5)")
        let flow = Task { @MainActor in
            try await app.navigator.open("/tab#contact/list/person_detail(id=5)/home_page", expecting: Int.self)
        }
        #expect(await yieldUntil { !app.queue.isIdle })
        app.clock.advance(by: .milliseconds(100))
        #expect(try app.screen.personTapsTab(1, of: app.tabs), "mid-push, the person goes to the feed")
        app.clock.advance(by: .seconds(2))
        let home = try #require(app.contact.pages.last)
        #expect(home.pageName == "home_page")
        for _ in 0..<20 { await Task.yield() }
        _ = app.navigator.send(PageResponse(.ok, payload: 4), from: home)
        for _ in 0..<20 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(200))
        }
        #expect(try await flow.value?.payload == 4)
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail"], "the flow's page closed")
        #expect(app.feed.pages.map(\.pageName) == ["feed"], "the feed untouched")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
    }

    // MARK: 8. iOS 16.0 and 16.1 pop several levels without animation

    @Test("8. a pop of several levels animates on every release: one level at a time on iOS 16.0 and 16.1",
          arguments: [SystemVersion(16, 0), SystemVersion(16, 1), SystemVersion(16, 2), SystemVersion(18, 0)])
    func multiLevelPops(_ system: SystemVersion) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: system))
        try app.open("/tab#contact/list/person_detail(id=5)/home_page/post(id=1)")
        let appearances = app.screen.appearances
        let pop = app.navigator.popToRoot()
        app.clock.advance(by: .seconds(3))
        #expect(pop.isResolved && pop.errorCode == nil, "\(String(describing: pop.result))")
        #expect(app.screen.jumps.isEmpty, "\(app.screen.jumps)")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.appearances - appearances == (system < SystemVersion(16, 2) ? 3 : 1))
        #expect(app.path == "/tab#contact/list")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    @Test("8. a pop of eight levels, one level per animation on iOS 16.0 and 16.1, gives each level its own time-out",
          arguments: [SystemVersion(16, 0), SystemVersion(16, 1), SystemVersion(17, 0)])
    func deepMultiLevelPops(_ system: SystemVersion) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: system))
        try app.open("/tab#contact/list/" + (1...8).map { "person_detail(id=\($0))" }.joined(separator: "/"))
        // Eight animations of 350 ms one after the other outlast one time-out of 2 s.
        let pop = app.navigator.popToRoot()
        let push = app.navigator.push(PageComponent("home_page"))
        app.clock.advance(by: .seconds(6))
        #expect(pop.isResolved && pop.errorCode == nil, "\(String(describing: pop.result))")
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(!app.failures.contains(.timedOut))
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.path == "/tab#contact/list/home_page")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    @Test("8. nested sheets are dismissed one level per update below iOS 17, all at once from it",
          arguments: [SystemVersion(16, 0), SystemVersion(16, 4), SystemVersion(17, 0), SystemVersion(18, 0)])
    func nestedDismissals(_ system: SystemVersion) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: system))
        try app.open("/tab#contact/list/person_detail(id=5)!/compose/attach!home_page")
        app.screen.recordsCallbacks = true
        let outcome = try app.open("/tab#contact/list/person_detail(id=5)")
        #expect(outcome.to.description == "/tab#contact/list/person_detail(id=5)")
        #expect(app.host.presentedPage(of: app.tabs) == nil)
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        let disappeared = app.screen.callbacks.filter { $0.hasPrefix("viewDidDisappear") }
        #expect(disappeared == (system < SystemVersion(17, 0)
            ? ["viewDidDisappear home_page (presented)", "viewDidDisappear stack (presented)"]
            : ["viewDidDisappear stack (presented)"]))
    }

    /// Below iOS 17, when the top level's end never comes (its `viewDidDisappear` lost) and
    /// the queue times the dismissal out, the levels below it are still on screen, their
    /// dismissal never begun. The host used to unbind them all at once, which dismisses a
    /// level with another presented over it, and left the records saying they were gone.
    @Test("8. below iOS 17, a nested dismissal whose top level's end is lost records the levels still shown again")
    func nestedDismissalWithLostEnd() throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: SystemVersion(16, 4)))
        try app.open("/tab#contact/list!compose!attach!home_page")
        #expect(app.screen.shownPresentations(in: app.host).map(\.pageName) == ["compose", "attach", "home_page"])
        app.driver.dropNextCompletion()
        let request = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        app.clock.advance(by: .seconds(1))
        #expect(app.screen.shownPresentations(in: app.host).map(\.pageName) == ["compose", "attach"], "home_page went")
        app.clock.advance(by: .seconds(5))
        #expect(request.errorCode == .timedOut)
        #expect(app.path == "/tab#contact/list!compose!attach", "what the screen still shows")
        #expect(app.changes == ["presented by the app → /tab#contact/list!compose!attach"])
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        // The next request takes them away, one level per update.
        _ = try app.open("/tab#contact/list")
        #expect(app.screen.shownPresentations(in: app.host).isEmpty)
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
    }

    @Test("8. a sheet with an alert on it is dismissed in one level: the alert is not a level SwiftUI takes away on its own",
          arguments: [SystemVersion(16, 4), SystemVersion(17, 0)])
    func sheetWithAnAlertDismissed(_ system: SystemVersion) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: system))
        try app.navigator.registry.registerAlert("delete") { _ in
            AlertContent(title: "Delete?", buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        try app.open("/tab#contact/list!/compose!delete")
        #expect(app.path == "/tab#contact/list!/compose!delete")
        let outcome = try app.open("/tab#settings")
        #expect(outcome.to.description == "/tab#settings")
        #expect(!app.failures.contains(.timedOut), "nothing waits for the alert's own level to go")
        #expect(app.changes.isEmpty, "\(app.changes)")
        #expect(app.screen.shownPresentations(in: app.host).isEmpty)
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    // MARK: 9. The replacement back button

    @Test("9. PageKit's back button shows the previous page's title, and its long press lists the pages below, each asked")
    func replacementBackButton() async throws {
        let app = SwiftUIAppFixture()
        app.list.title = "Contacts"
        let form = ConfirmingPage("form", allowsLeaving: nil)
        app.navigator.registry.replace("form") { _ in form }
        try app.open("/tab#contact/list/person_detail(id=5)")
        let person = try #require(app.contact.pages.last as? ScreenPage)
        person.title = "Person 5"
        try app.open("/tab#contact/list/person_detail(id=5)/form")
        let back = try #require(app.screen.chromeOnTop(of: app.contact)?.backButton)
        #expect(back.title == "Person 5")
        #expect(back.history.map(\.title) == ["Person 5", "Contacts"])
        guard case .leaving(let ticket) = try app.screen.personPicksHistory(1, in: app.contact) else {
            Issue.record("the history item should ask the form")
            return
        }
        #expect(await yieldUntil { form.isAsking })
        form.answerLeave(true)
        #expect(await yieldUntil { app.contact.pages.count == 1 })
        app.clock.advance(by: .seconds(1))
        #expect(ticket.isResolved && ticket.errorCode == nil)
        #expect(app.path == "/tab#contact/list")
        #expect(app.changes == ["popped by the user → /tab#contact/list"])
    }

    /// A back button's menu is drawn from the stack as it was: an item picked once its
    /// page has left is a typed error, not a pop to somewhere else.
    @Test("9. a back-button history item whose page has left the stack, or the page on top, is a typed error, and nothing changes")
    func staleHistoryItem() async throws {
        let app = SwiftUIAppFixture()
        let form = ConfirmingPage("form", allowsLeaving: true)
        app.navigator.registry.replace("form") { _ in form }
        try app.open("/tab#contact/list/person_detail(id=5)/form")
        let drawn = try #require(app.screen.chromeOnTop(of: app.contact)?.backButton)
        let top = try #require(app.contact.path.last)
        // The form, asked, lets go.
        let back = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        for _ in 0..<20 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(back.isResolved && back.errorCode == nil)
        try app.open("/tab#contact/list/home_page")
        let staleHierarchy = { (error: any Error) in (error as? NavigationError)?.code == .staleHierarchy }
        #expect(performing: { try app.contact.userGoesBack(to: drawn.history[0].entry) }, throws: staleHierarchy)
        #expect(performing: { try app.contact.userGoesBack(to: top) }, throws: staleHierarchy)
        #expect(performing: { try app.contact.userGoesBack(to: app.contact.path.last!) }, throws: staleHierarchy)
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#contact/list/home_page")
        #expect(app.queue.isIdle)
    }

    // MARK: 10. Observe per page; a refused link

    @Test("10. a push draws only the new page, not every page of the stack")
    func pushDrawsOnlyTheNewPage() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)/home_page")
        let below = app.contact.pages
        let before = below.map { app.screen.renders(of: $0, in: app.contact) }
        try app.open("/tab#contact/list/person_detail(id=5)/home_page/post(id=1)")
        #expect(below.map { app.screen.renders(of: $0, in: app.contact) } == before)
        #expect(app.screen.renders(of: try #require(app.contact.pages.last), in: app.contact) == 1)
    }

    @Test("10. a NavigationLink the stack refuses leaves SwiftUI showing the model's path again",
          arguments: SwiftUIBehaviour.UpdateInsideSetter.allCases)
    func refusedLinkIsUndone(_ update: SwiftUIBehaviour.UpdateInsideSetter) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(updateInsideSetter: update))
        try app.open("/tab#contact/list/person_detail(id=5)")
        app.screen.personTapsLink(to: app.list, in: app.contact)
        #expect(app.failures == [.alreadyInHierarchy])
        app.clock.advance(by: .seconds(1))
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.screen.shownPages(of: app.contact).map(\.pageName) == ["list", "person_detail"])
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
    }

    // MARK: 11. Alerts

    @Test("11. SwiftUI clears an alert's binding before it runs the button's action: the awaiting opener still gets the answer")
    func alertAnswersAfterItsBindingIsCleared() async throws {
        let app = SwiftUIAppFixture()
        try app.navigator.registry.registerAlert("delete") { _ in
            AlertContent(title: "Delete?", buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        let open = Task { try await app.navigator.open("/tab#contact/list!delete", expecting: AlertChoice.self) }
        #expect(await yieldUntil { app.host.alert(over: app.tabs) != nil })
        #expect(app.screen.shownPresentations(in: app.host).isEmpty, "an alert is never drawn as a sheet")
        #expect(app.screen.personTapsAlertButton("delete", in: app.host))
        app.clock.advance(by: .seconds(1))
        let reply = try await open.value
        #expect(reply?.payload == AlertChoice(button: "delete", role: .destructive))
        #expect(app.host.alert(over: app.tabs) == nil)
        #expect(app.navigator.currentPath.description == "/tab#contact/list")
    }

    // MARK: 12. A `!/` sheet's swipe down follows its stack

    @Test("12. a `!/` sheet reads its swipe down again when its stack changes: an edited form pushed holds it, and popped lets it go")
    func sheetSwipeFollowsItsStack() async throws {
        let app = SwiftUIAppFixture()
        let draft = ConfirmingPage("draft")
        app.navigator.registry.replace("draft") { _ in draft }
        try app.open("/tab#contact/list!/compose")
        // Pushed onto the sheet's stack with changes already made: nothing tells the page
        // changed, but the swipe would now remove it.
        await Self.expectSheetHolds(while: draft, isPushedOver: "/tab#contact/list!/compose", in: app)
        #expect(app.screen.personSwipesDown(in: app.host))
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#contact/list")
    }

    @Test("12. a sheet of tabs reads its swipe down again when a stack inside it changes: an edited form pushed there holds it")
    func sheetSwipeFollowsStacksInsideIt() async throws {
        let app = SwiftUIAppFixture()
        let draft = ConfirmingPage("draft")
        let inbox = PageStackModel(name: "inbox", pages: [ScreenPage("mail")], queue: app.queue)
        let picker = PageTabModel(name: "picker", tabs: [inbox, ScreenPage("recent")], queue: app.queue)
        app.navigator.registry.replace("picker") { _ in picker }
        app.navigator.registry.replace("draft") { _ in draft }
        try app.open("/tab#contact/list!picker")
        #expect(app.screen.shownPages(of: inbox).map(\.pageName) == ["mail"], "the sheet draws the stack in its tab")
        // Pushed onto the stack of the sheet's first tab: the presented page itself, the
        // tab view, did not change, but the swipe would now remove the draft.
        await Self.expectSheetHolds(while: draft, isPushedOver: "/tab#contact/list!picker#inbox/mail", in: app)
    }

    @Test("12. a link into a tab view it presents opens in one request: the tab view appears, then the page is pushed on its stack")
    func linkIntoAPresentedTabView() async throws {
        let app = SwiftUIAppFixture()
        app.navigator.registry.replace("picker") { [queue = app.queue] _ in
            let inbox = PageStackModel(name: "inbox", pages: [ScreenPage("mail")], queue: queue)
            return PageTabModel(name: "picker", tabs: [inbox, ScreenPage("recent")], queue: queue)
        }
        let outcome = try app.open("/tab#contact/list!picker#inbox/mail/person_detail(id=3)")
        #expect(outcome.plan.steps.map(\.description)
            == ["present picker from list", "push person_detail(id=3) onto inbox"])
        #expect(app.path == "/tab#contact/list!picker#inbox/mail/person_detail(id=3)")
        let picker = try #require(app.host.presentedPage(of: app.tabs) as? PageTabModel)
        let inbox = try #require(picker.tabs.first as? PageStackModel)
        #expect(app.screen.shownPages(of: inbox).map(\.pageDescription) == ["mail", "person_detail(id=3)"],
                "the push ran on the stack the sheet draws, once the sheet had appeared")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree)

        // The other tab, in one request too.
        try app.open("/tab#contact/list")
        try app.open("/tab#contact/list!picker#recent")
        let second = try #require(app.host.presentedPage(of: app.tabs) as? PageTabModel)
        #expect(second.selectedIndex == 1)
        #expect(app.path == "/tab#contact/list!picker#recent")
    }

    // MARK: 13. The person's link push holds the queue

    @Test("13. the app's push during the push of a NavigationLink the person tapped waits for its animation, then runs on the stack it left",
          arguments: SwiftUIBehaviour.OnAppearTiming.allCases, SwiftUIBehaviour.UpdateInsideSetter.allCases)
    func linkPushHoldsTheQueue(_ onAppear: SwiftUIBehaviour.OnAppearTiming,
                               _ update: SwiftUIBehaviour.UpdateInsideSetter) throws {
        // SNS-4: a device desynchronizes a stack whose path is written again before the
        // push SwiftUI made for the link has animated; SNS-2: that push is the person's.
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(onAppear: onAppear, updateInsideSetter: update))
        try app.open("/tab#contact/list")
        _ = app.changes
        let detail = ScreenPage("person_detail", parameters: ["id": "5"])
        app.screen.personTapsLink(to: detail, in: app.contact)
        // A reply from the network, at once: the link's push still animates.
        let push = app.contact.queued.push(ScreenPage("home_page"))
        app.clock.advance(by: .milliseconds(100))
        #expect(!push.isResolved, "the link's push animates: the push waits")
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail"])
        // The pushed page's hosting controller appears as the animation ends: the push runs
        // then, not at the queue's time-out.
        app.clock.advance(by: .milliseconds(300))
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail", "home_page"],
                "pushed on the stack the link left")
        app.clock.advance(by: .seconds(1))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.changes.first == "pushed by the user → /tab#contact/list/person_detail(id=5)")
        #expect(app.queue.isIdle)
    }

    /// SwiftUI cannot be told to refuse the person's back tap, so it may come while a
    /// request waits for its guard; the request's push on that stack must then wait for
    /// the pop's animation and its path, rather than write the path inside them.
    @Test("13. the person's back tap while a request waits for its guard: the push that follows waits for the pop to end",
          arguments: SwiftUIBehaviour.SwipeWrite.allCases)
    func backTapWhileAGuardDecides(_ write: SwiftUIBehaviour.SwipeWrite) async throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(swipeWrite: write))
        try app.open("/tab#contact/list/person_detail(id=5)")
        let (push, decision) = try await Self.pushWaitingForItsGuard(in: app)
        #expect(app.screen.personTapsSystemBack(app.contact))
        decision.answer(true)
        await Self.expect(push, endedAt: "/tab#contact/list/post(id=1)", in: app)
        #expect(app.queue.isIdle)
    }

    /// The same for a request that pops, or that replaces the stack: its change waits for
    /// the person's pop, then acts on the stack as the pop left it.
    @Test("13. the person's back tap while a pop or a stack replacement waits for its guard: the change waits for the pop to end",
          arguments: ["pop to list", "exact open"])
    func backTapWhileAGuardDecidesAnotherChange(_ request: String) async throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        let (change, decision) = try await Self.pushWaitingForItsGuard(in: app) { [list = app.list] navigator in
            request == "pop to list"
                ? navigator.pop(to: list)
                : navigator.request("/tab#contact/list/post(id=1)", .mode(.exact))
        }
        #expect(app.screen.personTapsSystemBack(app.contact))
        decision.answer(true)
        await Self.expect(change, endedAt: request == "pop to list" ? "/tab#contact/list" : "/tab#contact/list/post(id=1)",
                          in: app)
        #expect(app.queue.isIdle)
    }

    /// The same for a link the person taps: the request's push waits for the link's page
    /// to appear, then goes on top of it.
    @Test("13. the person's link while a request waits for its guard: the push that follows waits for the link's page")
    func linkWhileAGuardDecides() async throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list")
        let (push, decision) = try await Self.pushWaitingForItsGuard(in: app)
        _ = try #require(app.screen.personTapsLink(to: ScreenPage("person_detail", parameters: ["id": "5"]), in: app.contact))
        decision.answer(true)
        await Task.yield()
        app.clock.advance(by: .milliseconds(100))
        #expect(app.contact.pages.count == 2, "the link's push animates: the request's waits")
        await Self.expect(push, endedAt: "/tab#contact/list/person_detail(id=5)/post(id=1)", in: app)
    }

    /// Lets three seconds pass, then checks that `push` succeeded at `path`, recorded,
    /// with nothing SwiftUI would get wrong.
    private static func expect(_ push: NavigationRequest, endedAt path: String, in app: SwiftUIAppFixture) async {
        for _ in 0..<30 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.path == path)
        #expect(app.navigator.history.last?.description == app.path)
    }

    /// The navigator's push of `post(id=1)` (or the request `make` makes), held by a
    /// guard that decides when the test answers.
    private static func pushWaitingForItsGuard(
        in app: SwiftUIAppFixture,
        _ make: (Navigator) -> NavigationRequest = { $0.push(PageComponent("post", parameters: ["id": "1"])) }
    ) async throws -> (NavigationRequest, PendingAnswers) {
        let decision = PendingAnswers()
        app.guardTokens.append(app.navigator.addGuard { _ in await decision.wait() ? .allow : .refuse(reason: "no") })
        let request = make(app.navigator)
        #expect(await yieldUntil { decision.isAsking })
        return (request, decision)
    }

    @Test("13. a link's push whose page never appears lets the queue go: when its tab is left, or at the animated time-out")
    func cutLinkPushLetsTheQueueGo() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)")
        // The tab is left while the link's push animates: its pushed page will not appear.
        app.screen.personTapsLink(to: ScreenPage("home_page"), in: app.contact)
        let push = app.contact.queued.push(ScreenPage("post", parameters: ["id": "1"]))
        app.clock.advance(by: .milliseconds(100))
        #expect(!push.isResolved)
        app.screen.hide(app.contact)
        app.clock.advance(by: .zero)
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        app.screen.show(app.contact)
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail", "home_page", "post"])
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")

        // A view that never reports the pushed page's appearance: the time-out lets go.
        let lone = PageStackModel(name: "lone", pages: [ScreenPage("mail")], queue: app.queue)
        let draft = ScreenPage("draft")
        lone.stackAppeared()
        lone.pathChanged(to: [PageEntry(draft)])
        let pop = lone.queued.pop(animated: false)
        app.clock.advance(by: .milliseconds(1_900))
        #expect(!pop.isResolved, "held for at most an animated transition's time-out")
        app.clock.advance(by: .milliseconds(100))
        app.clock.advance(by: .milliseconds(100))
        #expect(pop.isResolved && pop.errorCode == nil, "\(String(describing: pop.result))")
        #expect(lone.pages.map(\.pageName) == ["mail"])
        #expect(app.queue.isIdle)
    }

    // MARK: 14. Appearances are not navigation facts

    /// `onAppear` may run again, or for a page of a stack SwiftUI no longer shows (SNS-7:
    /// "fire again, fire for screens below the top"); a stack off screen sends no
    /// `viewDidAppear`, so a push that waited for one would wait for its time-out and fail.
    @Test("14. a stray onAppear in a stack whose tab was left does not make its next push wait for an appearance that never comes")
    func strayOnAppearInAHiddenStack() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)")
        try app.open("/tab#feed")
        #expect(!app.contact.isOnScreen, "its tab was left")
        // SwiftUI runs the top page's onAppear again, though its stack is not shown.
        app.contact.pageAppeared(try #require(app.contact.pages.last))
        let push = app.contact.queued.push(ScreenPage("post", parameters: ["id": "1"]))
        app.clock.advance(by: .zero)
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail", "post"])
        #expect(app.queue.isIdle)
        try app.open("/tab#contact")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)/post(id=1)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    /// A stack that shows only its root, given a new root: the `NavigationStack`'s path
    /// stays empty, so SwiftUI pushes and pops nothing and no hosting controller appears
    /// for a transition (SNS-7: appearance is not a navigation fact). The replacement
    /// waited for the new root's appearance and failed at its time-out, the screen
    /// already showing it.
    @Test("14. an exact path that replaces the root of a stack showing only its root ends at once")
    func rootReplacedInPlace() async throws {
        let app = SwiftUIAppFixture()
        let timeouts = TimeoutLog(app.queue)
        let request = app.navigator.request(try PagePath(parsing: "/tab#contact/person_detail(id=1)"), .mode(.exact))
        app.clock.advance(by: .zero)
        #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        #expect(app.path == "/tab#contact/person_detail(id=1)")
        #expect(app.screen.shownPages(of: app.contact).map(\.pageDescription) == ["person_detail(id=1)"])
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        // With pages above it, the path empties: SwiftUI pops, and the new root appears.
        try app.open("/tab#contact/person_detail(id=1)/post(id=2)")
        let again = app.navigator.request(try PagePath(parsing: "/tab#contact/person_detail(id=3)"), .mode(.exact))
        app.clock.advance(by: .seconds(1))
        #expect(again.isResolved && again.errorCode == nil, "\(String(describing: again.result))")
        #expect(app.path == "/tab#contact/person_detail(id=3)")
        #expect(timeouts.labels.isEmpty && app.screen.violations.isEmpty)
    }

    /// A cancelled swipe lets go of the queue on the next turn; a back tap that came before
    /// that turn found the swipe's hold still there, took none of its own, and the app's
    /// push then ran while the back tap's pop animated (found with the person acting at
    /// any moment in the SwiftUI cancellation run, seed 700043).
    @Test("13. a back tap right after a cancelled swipe holds the queue: the app's push waits for its pop")
    func backTapRightAfterACancelledSwipe() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/home_page")
        #expect(app.screen.personBeginsSwipeBack(app.contact))
        app.screen.personEndsSwipeBack(app.contact, finishing: false)
        #expect(app.screen.personTapsSystemBack(app.contact), "in the same turn")
        let push = app.navigator.push(PageComponent("compose"))
        app.clock.advance(by: .zero)
        #expect(!push.isResolved, "the push waits for the back tap's pop")
        app.clock.advance(by: .seconds(1))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.path == "/tab#contact/list/compose")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
    }

    // MARK: 15. The person's swipe down holds the queue

    /// SwiftUI says nothing of a sheet's swipe down until it writes the binding at the end
    /// (SSH-2); the sheet's hosting controller hears `viewWillDisappear` as the dismissal
    /// begins (PRE-7), and UIKit refuses a present or a dismissal while it runs (PRE-1).
    @Test("15. a request made while the person drags a sheet down waits: until the sheet is gone, or back in place",
          arguments: [true, false])
    func requestDuringSwipeDown(finishes: Bool) throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list!compose")
        let drag = try #require(app.screen.personStartsSwipeDown(in: app.host))
        let request = app.navigator.request(try PagePath(parsing: "/tab#contact/list!person_detail(id=5)"))
        app.clock.advance(by: .milliseconds(100))
        #expect(!request.isResolved, "it waits while the finger holds the sheet")
        #expect(app.host.presentedPage(of: app.tabs)?.pageName == "compose", "nothing is written under the finger")
        #expect(app.screen.shownPresentations(in: app.host).map(\.pageName) == ["compose"])
        if finishes { drag.finish() } else { drag.letGo() }
        app.clock.advance(by: .seconds(3))
        #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        #expect(app.path == "/tab#contact/list!person_detail(id=5)")
        #expect(app.changes.contains("dismissed by the user → /tab#contact/list") == finishes, "\(app.changes)")
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree, "\(app.screen.violations) \(app.screen.disagreements)")
        #expect(app.queue.isIdle)
    }

    @Test("16. a sheet does not swipe down while PageKit's transition runs, as UIKit refuses it; its own drag keeps it swipeable")
    func sheetHeldWhileATransitionRuns() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list!/compose")
        #expect(app.screen.canSwipeDown(in: app.host) == true)
        // A push onto the sheet's own stack: the dismissal would take its destination away.
        let push = app.navigator.push(PageComponent("attach"))
        #expect(!push.isResolved)
        #expect(app.screen.canSwipeDown(in: app.host) == false, "interactiveDismissDisabled while the queue runs")
        #expect(app.screen.personStartsSwipeDown(in: app.host) == nil, "the sheet does not move under the finger")
        app.clock.advance(by: .seconds(1))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.path == "/tab#contact/list!/compose/attach")
        #expect(app.screen.canSwipeDown(in: app.host) == true, "swipeable again once the queue is idle")

        // The person's own drag holds the queue, and leaves the sheet it drags swipeable.
        let drag = try #require(app.screen.personStartsSwipeDown(in: app.host))
        #expect(!app.queue.isIdle)
        #expect(app.screen.canSwipeDown(in: app.host) == true, "a drag is not disabled by its own hold")
        drag.finish()
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#contact/list")
        #expect(app.changes.last == "dismissed by the user → /tab#contact/list", "\(app.changes)")
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree, "\(app.screen.violations) \(app.screen.disagreements)")
        #expect(app.queue.isIdle)
    }

    /// SwiftUI's sheets are UIKit presentations, and UIKit takes no touch while one slides
    /// in or out (rdar 41217893): the model's tab taps, back taps and swipes used to go
    /// through then.
    @Test("16. while a sheet slides in or out, the person's taps, links and swipes do nothing; once it is in, they do")
    func touchesIgnoredWhileASheetSlides() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/home_page")
        let sheet = app.navigator.request(try PagePath(parsing: "/tab#contact/list/home_page!compose"))
        app.clock.advance(by: .zero)
        #expect(app.screen.isIgnoringTouches, "the sheet slides in")
        try app.screen.personTapsTab(1, of: app.tabs)
        #expect(app.tabs.selectedIndex == 0)
        #expect(!app.screen.personTapsSystemBack(app.contact))
        #expect(!app.screen.personBeginsSwipeBack(app.contact))
        #expect(app.screen.personStartsSwipeDown(in: app.host) == nil)
        #expect(app.screen.personTapsLink(to: ScreenPage("post"), in: app.contact) == nil)
        #expect(app.contact.pages.map(\.pageName) == ["list", "home_page"])
        #expect(app.screen.callbacks.contains("touch ignored: tab 1 of tab"))
        #expect(app.screen.callbacks.contains("touch ignored: a link to post in contact"))
        app.clock.advance(by: .seconds(1))
        #expect(sheet.isResolved && sheet.errorCode == nil)
        #expect(!app.screen.isIgnoringTouches)
        let drag = try #require(app.screen.personStartsSwipeDown(in: app.host), "once it is in, the finger takes it")
        drag.finish()
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#contact/list/home_page")
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
    }

    /// SwiftUI "automatically disables the view behind a sheet that you present, so that
    /// people can't interact with the backing view until they dismiss the sheet" (Apple's
    /// documentation of `presentationBackgroundInteraction(_:)`): the model let the person
    /// tap a tab, tap back, swipe back or follow a link behind a sheet. A sheet whose
    /// content enables the interaction (the app's choice) lets them through, and each is
    /// then the person's change under the sheet, which stays.
    @Test("16. behind a sheet the finger reaches nothing, unless the app's sheets let touches through",
          arguments: [false, true])
    func nothingBehindASheet(touchesBehind: Bool) throws {
        var behaviour = SwiftUIBehaviour()
        behaviour.sheetsLetTouchesBehind = touchesBehind
        let app = SwiftUIAppFixture(behaviour: behaviour)
        try app.open("/tab#contact/list/home_page!compose")
        #expect(!app.screen.isIgnoringTouches, "the sheet is in")
        let tapped = app.screen.personTapsSystemBack(app.contact)
        app.clock.advance(by: .seconds(1))
        #expect(try app.screen.personTapsTab(1, of: app.tabs) == touchesBehind)
        app.clock.advance(by: .seconds(1))
        let linked = app.screen.personTapsLink(to: ScreenPage("post"), in: touchesBehind ? app.feed : app.contact)
        app.clock.advance(by: .seconds(1))
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
        guard touchesBehind else {
            #expect(!tapped && linked == nil && !app.screen.personBeginsSwipeBack(app.contact))
            #expect(app.path == "/tab#contact/list/home_page!compose")
            #expect(app.changes.isEmpty)
            return
        }
        #expect(tapped && linked != nil && app.screen.personBeginsSwipeBack(app.feed))
        app.screen.personEndsSwipeBack(app.feed, finishing: true)
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#/feed!compose")
        #expect(app.changes == ["popped by the user → /tab#contact/list!compose", "selected by the user → /tab#/feed!compose",
                                "pushed by the user → /tab#/feed/post!compose", "popped by the user → /tab#/feed!compose"])
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
    }

    /// An alert takes every touch behind it, whatever the app's sheets allow.
    @Test("16. behind an alert the finger reaches no tab and no stack")
    func nothingBehindAnAlert() async throws {
        var behaviour = SwiftUIBehaviour()
        behaviour.sheetsLetTouchesBehind = true
        let app = SwiftUIAppFixture(behaviour: behaviour)
        try app.navigator.registry.registerAlert("delete") { _ in
            AlertContent(title: "Delete?", buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        try app.open("/tab#contact/list/home_page")
        let open = Task { try await app.navigator.open("/tab#contact/list/home_page!delete", expecting: AlertChoice.self) }
        #expect(await yieldUntil { app.host.alert(over: app.tabs) != nil })
        app.clock.advance(by: .seconds(1))
        #expect(try !app.screen.personTapsTab(1, of: app.tabs))
        #expect(!app.screen.personTapsSystemBack(app.contact))
        #expect(!app.screen.personBeginsSwipeBack(app.contact))
        #expect(app.screen.personTapsLink(to: ScreenPage("post"), in: app.contact) == nil)
        #expect(app.screen.personTapsAlertButton("delete", in: app.host), "the alert's own buttons take the touch")
        app.clock.advance(by: .seconds(1))
        _ = try await open.value
        #expect(app.path == "/tab#contact/list/home_page")
        #expect(app.changes == ["dismissed by the user → /tab#contact/list/home_page"], "only the alert went")
    }

    /// SFC-1: a full-screen cover takes its presenter's views out of the window, and puts
    /// back, as it goes, what is still drawn: a tab the app chose under the cover appears
    /// then, not before, and one it left stays off screen. The model used to put back
    /// whatever the cover took, and to show the chosen tab's stack under the cover.
    @Test("SFC-1: a tab chosen under a full-screen cover appears when the cover goes; the tab left does not come back",
          arguments: [SystemVersion(17, 0), SystemVersion(18, 0)])
    func tabChosenUnderACover(system: SystemVersion) throws {
        let app = SwiftUIAppFixture(behaviour: SwiftUIBehaviour(system: system))
        try app.open("/tab#contact/list/home_page")
        try app.open("/tab#contact/list/home_page!compose", .presentation(.fullScreen))
        #expect(app.screen.callbacks.contains("onDisappear stack contact (covered)"))
        let covered = app.screen.callbacks.count
        app.tabs.selectTab(app.feed, animated: false, completion: TransitionCompletion { _ in })
        app.clock.advance(by: .zero)
        #expect(app.screen.callbacks.count == covered, "nothing appears or disappears under the cover")
        app.host.dismissPage(presentedBy: app.tabs, animated: true, style: .default, completion: TransitionCompletion { _ in })
        app.clock.advance(by: .seconds(1))
        let uncovered = Array(app.screen.callbacks[covered...])
        #expect(uncovered.contains("onAppear stack  (uncovered)"), "the feed, chosen under the cover: \(uncovered)")
        #expect(!uncovered.contains { $0.contains("stack contact") }, "the contacts' tab was left: \(uncovered)")
        // Off screen, a change to the contacts' stack ends at once.
        let push = app.contact.queued.push(ScreenPage("post"))
        app.clock.advance(by: .zero)
        #expect(push.isResolved)
        #expect(app.path == "/tab#/feed")
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
    }

    /// A finger reaches only what is on screen: the model used to push a link's page on a
    /// stack in a tab that was not selected, and to say it pushed one on a stack no view
    /// showed.
    @Test("16. a link on a stack that is not on screen does nothing")
    func linkOffScreenDoesNothing() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list")
        let feedPages = app.feed.pages.map(\.pageName)
        #expect(app.screen.personTapsLink(to: ScreenPage("post"), in: app.feed) == nil)
        #expect(app.feed.pages.map(\.pageName) == feedPages)
        let elsewhere = PageStackModel(name: "elsewhere", pages: [ScreenPage("start")], queue: app.queue)
        #expect(app.screen.personTapsLink(to: ScreenPage("post"), in: elsewhere) == nil)
        #expect(elsewhere.pages.map(\.pageName) == ["start"])
        let entry = try #require(app.screen.personTapsLink(to: ScreenPage("post"), in: app.contact))
        #expect(entry.page?.pageName == "post")
        app.clock.advance(by: .seconds(1))
        #expect(app.path == "/tab#contact/list/post")
        #expect(app.screen.violations.isEmpty && app.screen.bindingsAgree)
    }

    /// Checks that the sheet on screen at `path` swipes away, holds once `draft`, edited,
    /// is pushed in it, and swipes away again once `draft` agreed to be popped.
    private static func expectSheetHolds(while draft: ConfirmingPage, isPushedOver path: String,
                                         in app: SwiftUIAppFixture) async {
        draft.policy = .confirm
        #expect(app.path == path)
        #expect(app.screen.canSwipeDown(in: app.host) == true, "a clean sheet swipes away")
        let push = app.navigator.push(page: draft)
        app.clock.advance(by: .seconds(10))
        #expect(push.result.map { (try? $0.get()) != nil } == true)
        #expect(app.path == path + "/draft")
        #expect(app.screen.canSwipeDown(in: app.host) == false, "interactiveDismissDisabled follows the stacks in the sheet")
        #expect(!app.screen.personSwipesDown(in: app.host), "the draft is not lost to a swipe")
        #expect(app.path == path + "/draft")

        // Popped, after it agreed: the sheet swipes away again.
        let pop = app.navigator.pop()
        #expect(await yieldUntil { draft.leaveRequests.count == 1 })
        #expect(await yieldUntil {
            app.clock.advance(by: .milliseconds(100))
            return pop.result != nil
        })
        #expect(pop.result.map { (try? $0.get()) != nil } == true)
        #expect(app.path == path)
        #expect(app.screen.canSwipeDown(in: app.host) == true, "nothing edited is left in the sheet")
    }
}
