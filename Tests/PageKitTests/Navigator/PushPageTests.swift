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

import Foundation
import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Pages the app made itself and pushes: what they receive, and how a second push of a
/// page already shown fails.
@MainActor
@Suite("Pushing a page the app made", .timeLimit(.minutes(10)))
struct PushPageTests {
    struct Draft: Sendable, Equatable {
        let text: String
    }

    @Test("push(page:) hands the payload to the page through IntentReceiving, once it is on screen")
    func payload() async throws {
        let fixture = Fixture()
        let editor = TestPage("editor", ["draft": "1"])
        let outcome = try await fixture.navigator.push(page: editor, .payload(Draft(text: "Hello"))).outcome()
        #expect(outcome.target === editor)
        let intent = try #require(editor.receivedIntents.first)
        #expect(editor.receivedIntents.count == 1)
        #expect(intent.payload(as: Draft.self) == Draft(text: "Hello"))
        #expect(intent.component.name == "editor")
        #expect(intent.parameter("draft") == "1")
        #expect(intent.path.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)/editor(draft=1)")
        #expect(fixture.contact.pages.last === editor, "it was on screen when it was told")
        #expect(fixture.home.receivedIntents.isEmpty, "the page it covers is not told")
    }

    @Test("push(page:) without a payload still tells the page, with an intent that has none")
    func noPayload() async throws {
        let fixture = Fixture()
        let editor = TestPage("editor")
        try await fixture.navigator.push(page: editor).outcome()
        #expect(editor.receivedIntents.count == 1)
        #expect(editor.receivedIntents.first?.hasPayload == false)
    }

    @Test("a push(page:) that fails tells the page nothing")
    func failedPush() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/settings")
        let editor = TestPage("editor")
        await #expect { try await fixture.navigator.push(page: editor, .payload(Draft(text: "x"))).outcome() } throws: {
            ($0 as? NavigationError)?.code == .cannotShow
        }
        #expect(editor.receivedIntents.isEmpty)
    }

    @Test("a page already shown is refused with alreadyInHierarchy, however it is shown again")
    func shownTwice() async throws {
        let fixture = Fixture()
        func isAlreadyInHierarchy(_ error: any Error) -> Bool {
            (error as? NavigationError)?.code == .alreadyInHierarchy
        }
        // Through the navigator: a live page, then one page pushed twice in a row (a double tap).
        await #expect { try await fixture.navigator.push(page: fixture.list).outcome() } throws: { isAlreadyInHierarchy($0) }
        let fresh = TestPage("fresh")
        let first = fixture.navigator.push(page: fresh)
        let second = fixture.navigator.push(page: fresh)
        try await first.outcome()
        await #expect { try await second.outcome() } throws: { isAlreadyInHierarchy($0) }
        #expect(fixture.contact.pages.filter { $0 === fresh }.count == 1)
        // Straight to a container and to the host.
        var results: [Result<Void, any Error>] = []
        fixture.contact.push([fixture.list], animated: false, style: .default, completion: TransitionCompletion { results.append($0) })
        fixture.host.present(fixture.detail, from: fixture.tabs, animated: false, style: .default,
                             completion: TransitionCompletion { results.append($0) })
        #expect(await yieldUntil { results.count == 2 })
        for result in results {
            guard case .failure(let error) = result else {
                Issue.record("showing a page twice should fail")
                continue
            }
            #expect(isAlreadyInHierarchy(error), "\(error)")
        }
    }

    @Test("the Moves article names the same code for push(page:) of a page already shown")
    func documentedCode() throws {
        let article = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Sources/PageKit/PageKit.docc/Moves.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        let bullet = try #require(text.components(separatedBy: "\n- ").first { $0.hasPrefix("``Navigator/push(page:_:)``") })
        #expect(bullet.contains("``NavigationError/Code/alreadyInHierarchy``"))
        #expect(!bullet.contains("cannotShow"), "one code for a page shown twice: \(bullet)")
    }
}
