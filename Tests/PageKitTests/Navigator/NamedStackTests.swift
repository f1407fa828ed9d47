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

/// Navigation stacks the registry makes by name, so that one URL can name a new stack and
/// fill it: `app://tab!nav2/list`.
@MainActor
@Suite("Stacks made by name", .timeLimit(.minutes(10)))
struct NamedStackTests {
    struct Draft: Sendable, Equatable {
        let text: String
    }

    /// The fixture, with `nav2` registered as a stack; each stack made is recorded with
    /// the intent it was made from.
    @MainActor
    final class App {
        let fixture: Fixture
        var stackIntents: [PageIntent] = []
        var navigator: Navigator { fixture.navigator }

        init(acceptsNewTabs: Bool = false, externallyOpenable: Bool = false) throws {
            let fixture = Fixture(acceptsNewTabs: acceptsNewTabs)
            self.fixture = fixture
            try fixture.navigator.registry.registerStack("nav2", externallyOpenable: externallyOpenable,
                                                         options: ShowStyle(presentation: .fullScreen)) {
                [weak self] intent, pages in
                self?.stackIntents.append(intent)
                return PageStackModel(name: "nav2", pages: pages, queue: fixture.queue, ending: .driver(fixture.recorder))
            }
        }
    }

    struct StackCase: Sendable, CustomStringConvertible {
        let path: String
        let steps: [String]
        let after: String
        var description: String { path }
    }

    nonisolated static let cases: [StackCase] = [
        StackCase(path: "app://tab!nav2/list", steps: ["present nav2 [list] from tab as full screen"],
                  after: "!nav2/list"),
        StackCase(path: "app://tab!nav2/list/detail(id=3)",
                  steps: ["present nav2 [list, detail(id=3)] from tab as full screen"], after: "!nav2/list/detail(id=3)"),
        // From a page being made, and then a page presented from the stack's top.
        StackCase(path: "app://tab!compose!nav2/list!sheet",
                  steps: ["present compose from tab", "present nav2 [list] from compose as full screen",
                          "present sheet from list"],
                  after: "!compose!nav2/list!sheet"),
        StackCase(path: "app://tab/contact/list!nav2/feed",
                  steps: ["pop contact to list", "present nav2 [feed] from list as full screen"],
                  after: "!nav2/feed"),
    ]

    @Test("a URL names a new stack and fills it; its path reopens as a no-op", arguments: cases)
    func presented(_ testCase: StackCase) async throws {
        let app = try App()
        let plan = try app.navigator.plan(for: testCase.path)
        #expect(plan.steps.map(\.description) == testCase.steps)
        try await app.navigator.open(testCase.path)
        let current = app.navigator.currentPath
        #expect(current.description.hasSuffix(testCase.after), "\(current)")
        #expect(app.stackIntents.map(\.component.name) == ["nav2"])
        #expect(try app.navigator.plan(for: current, .mode(.exact)).steps.isEmpty)
        #expect(try app.navigator.plan(for: testCase.path).steps.isEmpty, "the stack is found again by its name")
        // A fresh app rebuilds it from the current path.
        let fresh = try App()
        try await fresh.navigator.open(current, .mode(.exact))
        #expect(fresh.navigator.currentPath == current)
    }

    @Test("a stack named where tabs can be added becomes a new tab holding its pages")
    func newTab() async throws {
        let app = try App(acceptsNewTabs: true)
        let plan = try app.navigator.plan(for: "/tab#nav2/list/detail")
        #expect(plan.steps.map(\.description) == ["add tab nav2 [list, detail] to tab"])
        // The step's reference to the stack names the pages the stack will hold.
        guard case .addTab(let references, let inNewStack, _, _)? = plan.steps.first else {
            Issue.record("expected a step that adds a tab")
            return
        }
        #expect(!inNewStack)
        #expect(references.map(\.name) == ["nav2"])
        #expect(references.first?.contents.map(\.name) == ["list", "detail"])
        try await app.navigator.open("/tab#nav2/list/detail")
        #expect(app.navigator.currentPath.description == "/tab#nav2/list/detail")
        #expect(app.fixture.tabs.tabs.last?.pageName == "nav2")
        #expect(try app.navigator.plan(for: "app://tab/nav2/list/detail").steps.isEmpty)
    }

    @Test("pages are made first, in order, then the stack with them; the payload goes to the last page")
    func madeInOrder() async throws {
        let app = try App()
        let outcome = try await app.navigator.open("app://tab!nav2/list/detail(id=3)", .payload(Draft(text: "x")))
        #expect(app.fixture.made == ["list", "detail"])
        #expect(app.stackIntents.count == 1 && app.stackIntents[0].hasPayload == false)
        #expect(outcome.target?.pageDescription == "detail(id=3)")
        let stack = try #require(app.fixture.host.presentedPage(of: app.fixture.tabs) as? PageStackModel)
        #expect(stack.pages.map(\.pageDescription) == ["list", "detail(id=3)"])
    }

    struct FailureCase: Sendable, CustomStringConvertible {
        let path: String
        let code: NavigationError.Code
        var description: String { path }
    }

    nonisolated static let failures: [FailureCase] = [
        // A stack with no page to hold.
        FailureCase(path: "app://tab!nav2", code: .cannotShow),
        FailureCase(path: "app://tab!nav2!sheet", code: .cannotShow),
        // A stack cannot be pushed on a stack, nor held in a stack of its own.
        FailureCase(path: "app://tab/contact/nav2/list", code: .cannotShow),
        FailureCase(path: "app://tab!/nav2/list", code: .cannotShow),
        FailureCase(path: "app://tab!/compose/nav2/list", code: .cannotShow),
        // Its pages must be registered.
        FailureCase(path: "app://tab!nav2/unregistered", code: .notRegistered),
    ]

    @Test("a stack that cannot be made is a typed error before anything moves", arguments: failures)
    func failures(_ testCase: FailureCase) async throws {
        let app = try App()
        let before = app.fixture.snapshot
        await #expect { try await app.navigator.open(testCase.path) } throws: {
            ($0 as? NavigationError)?.code == testCase.code
        }
        #expect(app.fixture.snapshot == before)
        #expect(app.stackIntents.isEmpty)
    }

    @Test("from outside the app, a stack must be externally openable; a factory that throws fails the open")
    func outsideAndFailingFactories() async throws {
        let closed = try App()
        await #expect { try await closed.navigator.open("app://tab!nav2/post", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        let open = try App(externallyOpenable: true)
        try await open.navigator.open("app://tab!nav2/post", .source(.external))
        #expect(open.navigator.currentPath.description.hasSuffix("!nav2/post"))

        let fixture = Fixture()
        struct Refused: Error {}
        try fixture.navigator.registry.registerStack("nav2") { _, _ in throw Refused() }
        #expect(fixture.navigator.registry.isStack("nav2"))
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab!nav2/list") } throws: {
            ($0 as? NavigationError)?.code == .factoryFailed
        }
        #expect(fixture.snapshot == before)
        #expect { try fixture.navigator.registry.registerStack("nav2") { _, pages in
            PageStackModel(name: "nav2", pages: pages, queue: fixture.queue)
        } } throws: { ($0 as? NavigationError)?.code == .duplicateRegistration }
    }
}
