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
import PageKitTestSupport
import Testing

/// A page that keeps its navigator, weakly, as the documentation says to.
final class HoldingPage: ParentPage, NavigatorHolding {
    let pageName: String
    var pageParameters: PageParameters
    var containedPages: [any Page] = []
    weak var navigator: Navigator?

    init(_ name: String, _ parameters: PageParameters = [:]) {
        pageName = name
        pageParameters = parameters
    }
}

/// Pages reach the navigator that shows them (`NavigatorHolding`), with no retain cycle,
/// and use it to push, pop, answer and close themselves.
@MainActor
@Suite("Pages reach the navigator", .timeLimit(.minutes(10)))
struct PagesReachTheNavigatorTests {
    /// A stack `[home]` under a navigator whose registry makes holding pages.
    @MainActor
    final class App {
        let home = HoldingPage("home")
        let stack: PageStackModel
        let host: PageHostModel
        let navigator: Navigator
        let queue = TransitionQueue()

        init() {
            stack = PageStackModel(name: "nav", pages: [home], queue: queue, ending: .atOnce)
            host = PageHostModel(queue: queue, ending: .atOnce)
            navigator = Navigator(root: stack, host: host, queue: queue, identifiers: .sequential())
            for name in ["detail", "editor", "sheet"] {
                navigator.registry.replace(name) { intent in HoldingPage(intent.component.name, intent.component.parameters) }
            }
        }

        var top: HoldingPage? { stack.pages.last as? HoldingPage }
    }

    @Test("the navigator reaches the pages of its root, the pages it makes, and the pages pushed to it")
    func reaches() async throws {
        let app = App()
        #expect(app.home.navigator === app.navigator, "at install")
        try await app.navigator.open("/nav/home/detail(id=1)")
        #expect(app.top?.pageName == "detail")
        #expect(app.top?.navigator === app.navigator, "made from the registry")
        let mine = HoldingPage("mine")
        app.navigator.push(page: mine)
        #expect(mine.navigator === app.navigator, "handed to push(page:)")
        // Pushed straight onto the container, by the app: the container reports it.
        let direct = HoldingPage("direct")
        try await app.stack.queued.push(direct).finished()
        #expect(direct.navigator === app.navigator, "reported by its container")
        guard case .made(let preview) = try app.navigator.page(for: "/nav/home/editor") else {
            Issue.record("editor is not live")
            return
        }
        #expect((preview as? HoldingPage)?.navigator === app.navigator, "made for page(for:)")
    }

    @Test("a page pushes, answers and closes itself through its own navigator")
    func pageDrivesItself() async throws {
        let app = App()
        let home = app.home
        try await #require(home.navigator).push(PageComponent("detail", parameters: ["id": "1"])).outcome()
        let detail = try #require(app.top)
        try await #require(detail.navigator).push(PageComponent("editor")).outcome()
        let editor = try #require(app.top)
        #expect(app.navigator.currentPath.description == "/nav/home/detail(id=1)/editor")

        // The editor answers, then closes itself: popped back to detail.
        let awaited = Task { await app.navigator.response(from: editor) }
        await Task.yield()
        _ = editor.navigator?.send(PageResponse(.ok), from: editor)
        let closed = try await #require(editor.navigator).close(editor).outcome()
        #expect(closed.plan.steps.map(\.description) == ["pop nav to detail(id=1)"])
        #expect(closed.plan.description.hasPrefix("plan for close(editor [page-1]) → /nav/home/detail(id=1)"), "\(closed.plan)")
        #expect(await awaited.value?.status == .ok)
        #expect(app.navigator.currentPath.description == "/nav/home/detail(id=1)")

        // A presented page closes by being dismissed, with what it presents.
        try await #require(detail.navigator).open(".!sheet")
        let sheet = try #require(app.host.presentedPage(of: app.stack) as? HoldingPage)
        try await #require(sheet.navigator).open(".!/editor")
        let dismissed = try await #require(sheet.navigator).close(sheet).outcome()
        #expect(dismissed.plan.steps.map(\.description) == ["dismiss sheet (presented by nav)"])
        #expect(app.navigator.currentPath.description == "/nav/home/detail(id=1)")
    }

    @Test("a page with nothing to close it to is a typed error, and nothing moves")
    func nothingToCloseTo() async throws {
        let app = App()
        await #expect { try await app.navigator.close(app.home).outcome() } throws: {
            ($0 as? NavigationError)?.code == .cannotShow
        }
        let fixture = Fixture()
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.close(fixture.settings).outcome() } throws: {
            ($0 as? NavigationError)?.code == .cannotShow
        }
        await #expect { try await fixture.navigator.close(TestPage("gone")).outcome() } throws: {
            ($0 as? NavigationError)?.code == .unknownIdentifier
        }
        #expect(fixture.snapshot == before)
        // A page below the top closes with what lies above it; one in a stack presented
        // on its own closes by dismissal.
        let outcome = try await fixture.navigator.close(fixture.detail).outcome()
        #expect(outcome.plan.steps.map(\.description) == ["pop contact to list"])
        try await fixture.navigator.open("app://tab/contact!/compose")
        let compose = try #require((fixture.host.presentedPage(of: fixture.tabs) as? any StackContainer)?.containedPages.first)
        let dismissal = try await fixture.navigator.close(compose).outcome()
        #expect(dismissal.plan.steps.map(\.description) == ["dismiss stack (presented by tab)"])
    }

    @Test("a page that holds its navigator weakly keeps neither alive: both are freed")
    func noRetainCycle() async throws {
        weak var weakNavigator: Navigator?
        weak var weakHome: HoldingPage?
        weak var weakDetail: (any Page)?
        do {
            let app = App()
            weakNavigator = app.navigator
            weakHome = app.home
            try await app.navigator.open("/nav/home/detail")
            weakDetail = app.top
            #expect(app.top?.navigator === app.navigator)
        }
        #expect(await yieldUntil { weakNavigator == nil && weakHome == nil && weakDetail == nil })
    }
}
