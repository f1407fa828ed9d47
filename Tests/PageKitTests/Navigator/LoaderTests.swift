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
import PageKitRestoration
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

/// A page made from the value its loader loaded, which takes fresh ones.
@MainActor
final class LoadedTestPage: Page, LoadedPage {
    let pageName: String
    let pageParameters: PageParameters
    let value: String
    private(set) var refreshed: [String] = []

    init(_ intent: PageIntent, value: String) {
        pageName = intent.component.name
        pageParameters = Fixture.parameters(of: intent)
        self.value = value
    }

    func refresh(with value: String) {
        refreshed.append(value)
    }
}

/// The headless fixture, whose `person_detail` and `home_page` load their value first, and
/// whose `not_found` keeps the failures it shows.
@MainActor
final class LoaderFixture {
    let fixture = Fixture()
    let loads = ManualLoads()
    private(set) var events: [String] = []
    private(set) var shown: [NavigationFailure] = []
    private var token: ObservationToken?
    var navigator: Navigator { fixture.navigator }

    init(refreshesWhenRevealed: Bool = false, timeout: Duration = .seconds(10)) throws {
        for name in ["person_detail", "home_page"] {
            navigator.registry.remove(name)
            try navigator.registry.register(name, loader: loads.loader(refreshesWhenRevealed: refreshesWhenRevealed),
                                            externallyOpenable: true) { intent, value in
                LoadedTestPage(intent, value: value)
            }
        }
        navigator.registry.replace("not_found") { [weak self] intent in
            if let failure = intent.payload(as: NavigationFailure.self) { self?.shown.append(failure) }
            return TestPage("not_found")
        }
        fixture.queue.timeouts.load = timeout
        token = navigator.observe { [weak self] event in self?.events.append(event.description) }
    }

    var contact: String { fixture.contact.pages.map(\.pageDescription).joined(separator: ", ") }

    /// The page on top of the contact stack, when it was made from a loaded value.
    var top: LoadedTestPage? { fixture.contact.pages.last as? LoadedTestPage }

    /// Waits (boundedly) until the loads named are the ones waiting.
    func waitForLoads(_ names: Set<String>) async {
        let waiting = await yieldUntil { Set(loads.pending) == names }
        #expect(waiting, "waiting for \(names), pending \(loads.pending)")
    }

    func settle() async {
        let idle = await yieldUntil { fixture.queue.isIdle }
        #expect(idle, "the queue is still busy")
    }
}

@MainActor
@Suite("Pages whose data loads before they are made", .timeLimit(.minutes(10)))
struct LoaderTests {
    static let start = "list, person_detail(id=5), home_page(id=5)"

    @Test("the screen stays while the page's data loads, then the page is made from it and shown")
    func loadThenShow() async throws {
        let app = try LoaderFixture()
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        #expect(app.contact == Self.start)
        #expect(app.navigator.pendingLoad?.description == "loading person_detail(id=7) for /tab#contact/list/person_detail(id=7)")
        #expect(app.events == ["load started (person_detail(id=7)): /tab#contact/list/person_detail(id=5)/home_page(id=5) → "
                               + "/tab#contact/list/person_detail(id=7)"])
        app.loads.complete("person_detail(id=7)", with: "Ada")
        _ = try await request.outcome()
        #expect(app.contact == Self.start + ", person_detail(id=7)")
        #expect(app.top?.value == "Ada")
        #expect(app.navigator.pendingLoad == nil)
        #expect(app.events.map { $0.prefix { $0 != ":" } } == ["load started (person_detail(id=7))", "load ended", "will start",
                                                                "did finish"])
    }

    @Test("the loads of a deep link run together, and the pages are made in path order whatever order they end in")
    func parallelLoads() async throws {
        let app = try LoaderFixture()
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)/home_page(id=7)")
        await app.waitForLoads(["person_detail(id=7)", "home_page(id=7)"])
        app.loads.complete("home_page(id=7)", with: "home of Ada")
        let stillLoading = await yieldUntil(limit: 50) { app.navigator.pendingLoad == nil }
        #expect(!stillLoading, "one load ended: the request still waits for the other")
        app.loads.complete("person_detail(id=7)", with: "Ada")
        _ = try await request.outcome()
        #expect(app.contact == Self.start + ", person_detail(id=7), home_page(id=7)")
        let made = app.fixture.contact.pages.suffix(2).compactMap { ($0 as? LoadedTestPage)?.value }
        #expect(made == ["Ada", "home of Ada"])
    }

    @Test("a newer request supersedes one that is loading: it ends cancelled, its load is cancelled, the newer one runs")
    func supersession() async throws {
        let app = try LoaderFixture()
        let loading = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        try await app.navigator.open("/tab#settings")
        let error = try #require(loading.result.flatMap { if case .failure(let error) = $0 { error } else { nil } })
        #expect(error.code == .cancelled)
        #expect(error.description == "`/tab#contact/list/person_detail(id=7)` was cancelled: "
            + "`/tab#settings` superseded it while it loaded")
        let cancelled = await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }
        #expect(cancelled)
        #expect(app.fixture.tabs.visiblePage?.pageName == "settings")
        #expect(app.contact == Self.start)
        #expect(app.events.map { $0.prefix { $0 != ":" } }
            == ["load started (person_detail(id=7))", "load ended", "cancelled", "will start", "did finish"])
    }

    @Test("the person's back during a load supersedes it: the request ends cancelled, its load is cancelled, and the back runs at once")
    func personsBackSupersedesALoad() async throws {
        let app = try LoaderFixture()
        let loading = app.navigator.request("/tab#contact/list/person_detail(id=5)/home_page(id=5)/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        // PageKit's back button queues the person's pop, which would wait for the load
        // and then take away what the request showed.
        guard case .leaving(let back) = try app.fixture.contact.userTapsBack() else {
            Issue.record("the back button should queue the pop")
            return
        }
        let error = try #require(loading.result.flatMap { if case .failure(let error) = $0 { error } else { nil } })
        #expect(error.code == .cancelled)
        #expect(error.reason == "the person's back button superseded it while it loaded")
        try await back.finished()
        #expect(app.contact == "list, person_detail(id=5)")
        let cancelled = await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }
        #expect(cancelled)
        #expect(app.navigator.pendingLoad == nil)
        #expect(app.events.map { $0.prefix { $0 != ":" } }
            == ["load started (person_detail(id=7))", "load ended", "cancelled",
                "changed (popped [home_page(id=5)] in contact by the user)"])
    }

    /// With `dataFirst`, the data comes after the person's change, before the turn its
    /// supersession waits for: it is superseded all the same.
    @Test("a change the person makes during a load supersedes it too: a tab tapped, a back the platform carried out",
          arguments: [false, true])
    func personsChangeSupersedesALoad(dataFirst: Bool) async throws {
        let app = try LoaderFixture()
        let loading = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        try app.fixture.tabs.userSelectsTab(2)
        if dataFirst {
            #expect(app.loads.complete("person_detail(id=7)", with: "Ada"))
            #expect(await yieldUntil { loading.isResolved }, "the data came before the clock moved")
        }
        // A change's report may come from inside a view's setter: the supersession comes on
        // the next turn.
        app.fixture.clock.advance(by: .zero)
        let error = try #require(loading.result.flatMap { if case .failure(let error) = $0 { error } else { nil } })
        #expect(error.code == .cancelled)
        #expect(error.reason == "the person's change (selected) superseded it while it loaded")
        await app.settle()
        #expect(app.fixture.tabs.visiblePage?.pageName == "settings", "the request does not take the person back")
        #expect(app.contact == Self.start)
        // The app's own change does not: the request plans again (see below).
    }

    @Test("a request whose loads start while a newer request already waits its turn is superseded at once")
    func supersededAsItsLoadsStart() async throws {
        let app = try LoaderFixture()
        // The person's swipe holds the queue: both requests wait their turn behind it.
        let swipe = try #require(app.fixture.queue.beginInteraction("swipe"))
        let loading = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        let newer = app.navigator.request("/tab#settings")
        swipe.end()
        #expect(await yieldUntil { loading.isResolved && newer.isResolved })
        let error = try #require(loading.result.flatMap { if case .failure(let error) = $0 { error } else { nil } })
        #expect(error.code == .cancelled && error.reason.contains("superseded"), "\(error)")
        #expect(newer.result.map { (try? $0.get()) != nil } == true)
        #expect(await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }, "the load was not worth waiting for")
        #expect(app.fixture.tabs.visiblePage?.pageName == "settings")
        #expect(app.contact == Self.start)
    }

    @Test("a load that ends after its request was superseded is discarded: nothing is made or shown")
    func lateLoadDiscarded() async throws {
        let app = try LoaderFixture()
        app.loads.ignoresCancellation = true
        let loading = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        try await app.navigator.open("/tab#settings")
        #expect(loading.result != nil)
        let eventsBefore = app.events
        app.loads.complete("person_detail(id=7)", with: "late Ada")
        for _ in 0..<20 { await Task.yield() }
        #expect(app.events == eventsBefore)
        #expect(app.contact == Self.start)
        #expect(app.fixture.made.isEmpty)
        // A later visit loads afresh rather than using the late value.
        let again = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        app.loads.complete("person_detail(id=7)", with: "Ada")
        _ = try await again.outcome()
        #expect(app.top?.value == "Ada")
    }

    @Test("loads that take longer than the time-out fail the request and let go of the queue")
    func timeout() async throws {
        let app = try LoaderFixture(timeout: .seconds(3))
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        app.fixture.clock.advance(by: .seconds(2))
        #expect(request.result == nil)
        app.fixture.clock.advance(by: .seconds(1))
        let error = try #require(request.result.flatMap { if case .failure(let error) = $0 { error } else { nil } })
        #expect(error.code == .loadTimedOut)
        #expect(error.description == "cannot open `/tab#contact/list/person_detail(id=7)` at `person_detail`: its loads "
            + "took longer than 3.0 seconds, waiting for `person_detail(id=7)`")
        #expect(app.fixture.queue.isIdle)
        let cancelled = await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }
        #expect(cancelled)
        try await app.navigator.open("/tab#settings")
        #expect(app.fixture.tabs.visiblePage?.pageName == "settings")
    }

    @Test("a loader's error fails the request for its caller, and shows the fallback screen with it")
    func loadError() async throws {
        let app = try LoaderFixture()
        app.navigator.configuration.fallback = try FallbackScreen("!not_found", sources: [.app])
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        app.loads.fail("person_detail(id=7)", "offline")
        await #expect { try await request.outcome() } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .loadFailed && error.component == "person_detail"
                && (error.underlying as? ManualLoads.Failure) == ManualLoads.Failure("offline")
                && error.description == "cannot open `/tab#contact/list/person_detail(id=7)` at `person_detail`: the loader "
                + "of `person_detail(id=7)` threw (offline)"
        }
        await app.settle()
        #expect(app.shown.map(\.error.code) == [.loadFailed])
        #expect(app.navigator.currentPath.description.hasSuffix("!not_found"))
        #expect(app.contact == Self.start)
    }

    @Test("one failed load of a deep link fails it and cancels the others")
    func oneOfSeveralFails() async throws {
        let app = try LoaderFixture()
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)/home_page(id=7)")
        await app.waitForLoads(["person_detail(id=7)", "home_page(id=7)"])
        app.loads.fail("home_page(id=7)")
        await #expect { try await request.outcome() } throws: { ($0 as? NavigationError)?.code == .loadFailed }
        let cancelled = await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }
        #expect(cancelled)
        #expect(app.contact == Self.start)
    }

    @Test("a restore trims a page whose loader throws, as one whose factory refuses, and opens the rest")
    func restoreTrimsAFailedLoad() async throws {
        let app = try LoaderFixture()
        let state = NavigationState(path: try PagePath(parsing: "/tab#contact/list/person_detail(id=7)/home_page(id=7)"),
                                    history: [])
        let restore = Task { try await app.navigator.restore(state) }
        await app.waitForLoads(["person_detail(id=7)", "home_page(id=7)"])
        app.loads.fail("home_page(id=7)")
        // The failed open's other load is cancelled; the trimmed path's open loads it anew.
        #expect(await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] })
        await app.waitForLoads(["person_detail(id=7)"])
        #expect(app.loads.complete("person_detail(id=7)", with: "Ada"))
        let report = try await restore.value
        #expect(report.trims.map(\.component.name) == ["home_page"])
        #expect(report.trims.map(\.error.code) == [.loadFailed])
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(id=7)")
        #expect(app.top?.value == "Ada")
    }

    @Test("cancelling a loading request cancels its loads; it ends cancelled, not failed")
    func cancel() async throws {
        let app = try LoaderFixture()
        let request = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        request.cancel()
        await #expect { try await request.outcome() } throws: { ($0 as? NavigationError)?.code == .cancelled }
        let cancelled = await yieldUntil { app.loads.cancelled == ["person_detail(id=7)"] }
        #expect(cancelled)
        #expect(app.events.last?.hasPrefix("cancelled") == true)
        #expect(app.fixture.queue.isIdle)
    }

    /// Expects `request` to end at once, cancelled because its navigator is gone, and
    /// `queue` to be idle.
    static func expectEndedAsItsNavigatorWentAway(_ request: NavigationRequest, queue: TransitionQueue) async {
        #expect(await yieldUntil { request.isResolved }, "it waited on, though its navigator is gone")
        guard case .failure(let error) = request.result else {
            Issue.record("expected a cancellation, got \(String(describing: request.result))")
            return
        }
        #expect(error.code == .cancelled && error.reason.contains("navigator is gone"), "\(error)")
        #expect(queue.isIdle)
    }

    @Test("a navigator freed while its request loads ends it cancelled at once, cancels its loads and lets go of the queue")
    func navigatorFreedWhileLoading() async throws {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let loads = ManualLoads()
        let request: NavigationRequest
        weak var freed: Navigator?
        do {
            let stack = PageStackModel(name: "contact", pages: [TestPage("list")], queue: queue, ending: .atOnce)
            var registry = PageRegistry()
            try registry.register("person_detail", loader: loads.loader()) { intent, _ in TestPage(intent.component.name) }
            let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), registry: registry,
                                      queue: queue)
            freed = navigator
            request = navigator.request("/contact/list/person_detail(id=7)")
            #expect(await yieldUntil { loads.pending == ["person_detail(id=7)"] })
        }
        #expect(freed == nil)
        // No time passes: the load time-out (10 seconds) is not what ends it.
        await Self.expectEndedAsItsNavigatorWentAway(request, queue: queue)
        #expect(await yieldUntil { loads.cancelled == ["person_detail(id=7)"] }, "the load runs on for nothing")
    }

    @Test("a navigator freed while its request waits for a guard ends it cancelled at once and lets go of the queue")
    func navigatorFreedWhileGuarding() async throws {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        let answers = PendingAnswers()
        let request: NavigationRequest
        weak var freed: Navigator?
        do {
            let stack = PageStackModel(name: "contact", pages: [TestPage("list")], queue: queue, ending: .atOnce)
            let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue)
            navigator.registry.replace("person_detail") { intent in TestPage(intent.component.name) }
            let token = navigator.addGuard { _ in await answers.wait() ? .allow : .refuse(reason: "no") }
            freed = navigator
            request = navigator.request("/contact/list/person_detail(id=7)")
            #expect(await yieldUntil { answers.isAsking })
            withExtendedLifetime(token) {}
        }
        #expect(freed == nil)
        // No time passes: the answer time-out (60 seconds) is not what ends it.
        await Self.expectEndedAsItsNavigatorWentAway(request, queue: queue)
        answers.answer(true)
        #expect(queue.isIdle, "the late answer moves nothing")
    }

    @Test("a navigator freed while its request is on a guard's detour ends it cancelled at once")
    func navigatorFreedOnADetour() async throws {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        let request: NavigationRequest
        weak var freed: Navigator?
        do {
            let stack = PageStackModel(name: "contact", pages: [TestPage("list")], queue: queue, ending: .atOnce)
            let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue)
            for name in ["compose", "settings"] {
                navigator.registry.replace(name) { intent in TestPage(intent.component.name) }
            }
            let detour = try PagePath(parsing: "/contact/list!compose")
            let token = navigator.addGuard { request in
                request.to.components.last?.name == "settings" ? .detour(to: detour) : .allow
            }
            freed = navigator
            request = navigator.request("/contact/list/settings")
            #expect(await yieldUntil { navigator.currentPath.description.hasSuffix("!compose") },
                    "\(navigator.currentPath)")
            withExtendedLifetime(token) {}
        }
        #expect(freed == nil)
        // No answer comes, and no time passes: the answer time-out is not what ends it.
        await Self.expectEndedAsItsNavigatorWentAway(request, queue: queue)
    }

    @Test("a revealed page refreshes when the request asks, or when its loader says so; a page that cannot is an error")
    func refresh() async throws {
        let app = try LoaderFixture()
        let first = app.navigator.request("/tab#contact/list/person_detail(id=7)")
        await app.waitForLoads(["person_detail(id=7)"])
        app.loads.complete("person_detail(id=7)", with: "Ada")
        _ = try await first.outcome()
        let page = try #require(app.top)

        // Revealed without asking: nothing loads.
        try await app.navigator.open("/tab#contact/list/person_detail(id=7)")
        #expect(app.loads.started == ["person_detail(id=7)"])

        let refreshing = app.navigator.request("/tab#contact/list/person_detail(id=7)", .refreshing())
        await app.waitForLoads(["person_detail(id=7)"])
        #expect(page.refreshed.isEmpty)
        app.loads.complete("person_detail(id=7)", with: "Ada, renamed")
        _ = try await refreshing.outcome()
        #expect(page.refreshed == ["Ada, renamed"])
        #expect(app.top === page)

        // The fixture's person 5 is not a LoadedPage: asked to refresh, it fails, typed.
        await #expect { try await app.navigator.open("/tab#contact/list/person_detail(id=5)", .refreshing()) } throws: {
            ($0 as? NavigationError)?.code == .loadFailed
        }
        // A move cannot honour it.
        await #expect { try await app.navigator.back(1, .refreshing()).outcome() } throws: {
            ($0 as? NavigationError)?.code == .unsupportedOption
        }

        let always = try LoaderFixture(refreshesWhenRevealed: true)
        let made = always.navigator.request("/tab#contact/list/person_detail(id=7)")
        await always.waitForLoads(["person_detail(id=7)"])
        always.loads.complete("person_detail(id=7)", with: "Ada")
        _ = try await made.outcome()
        let revealed = always.navigator.request("/tab#contact/list/person_detail(id=7)")
        await always.waitForLoads(["person_detail(id=7)"])
        always.loads.complete("person_detail(id=7)", with: "Ada again")
        _ = try await revealed.outcome()
        #expect(always.top?.refreshed == ["Ada again"])
    }

    @Test("the plan is made again after the loads: a page taken away meanwhile is loaded too, then shown")
    func hierarchyChangesDuringLoad() async throws {
        let app = try LoaderFixture()
        // Person 5 is live: only home_page(id=9) loads.
        let request = app.navigator.request("/tab#contact/list/person_detail(id=5)/home_page(id=9)")
        await app.waitForLoads(["home_page(id=9)"])
        // Meanwhile the app pops the stack to its root directly.
        app.fixture.contact.pop(to: app.fixture.list, animated: false, style: .default,
                                completion: TransitionCompletion { _ in })
        app.loads.complete("home_page(id=9)", with: "home 9")
        // Planned again: person 5 must be made now, so it loads in a second round.
        await app.waitForLoads(["person_detail(id=5)"])
        app.loads.complete("person_detail(id=5)", with: "Bea")
        _ = try await request.outcome()
        #expect(app.contact == "list, person_detail(id=5), home_page(id=9)")
        let values = app.fixture.contact.pages.suffix(2).compactMap { ($0 as? LoadedTestPage)?.value }
        #expect(values == ["Bea", "home 9"])
        #expect(app.loads.started == ["home_page(id=9)", "person_detail(id=5)"])
    }

    @Test("a page with a loader is made only by a request: page(for:) fails, typed")
    func pageForFails() throws {
        let app = try LoaderFixture()
        #expect {
            try app.navigator.page(for: "/tab#contact/list/person_detail(id=7)")
        } throws: { error in
            guard let error = error as? NavigationError, error.code == .factoryFailed else { return false }
            return (error.underlying as? NavigationError)?.code == .loadFailed
        }
    }
}
