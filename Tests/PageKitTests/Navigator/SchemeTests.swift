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
import PageKitLinks
import PageKitContainers
import PageKitTestSupport
import Testing

/// Routing the app's own schemes only: `Configuration.acceptedSchemes`.
@MainActor
@Suite("Accepted schemes", .timeLimit(.minutes(10)))
struct SchemeTests {
    struct SchemeCase: Sendable, CustomStringConvertible {
        let text: String
        let routed: Bool
        var description: String { text }
    }

    nonisolated static let cases: [SchemeCase] = [
        SchemeCase(text: "app://tab/settings", routed: true),
        SchemeCase(text: "APP://tab/settings", routed: true),  // Schemes compare without regard to case.
        SchemeCase(text: "myapp://tab/settings", routed: true),
        SchemeCase(text: "/tab#settings", routed: true),  // A path string has no scheme.
        SchemeCase(text: "evil://tab/settings", routed: false),
        SchemeCase(text: "https://tab/settings", routed: false),
        SchemeCase(text: "app-beta://tab/settings", routed: false),
    ]

    @Test("with accepted schemes, open, request, plan and canOpen route those and refuse any other", arguments: cases)
    func acceptedOnly(_ testCase: SchemeCase) async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        navigator.configuration.acceptedSchemes = ["app", "MyApp"]
        let before = fixture.snapshot
        #expect(navigator.canOpen(testCase.text) == testCase.routed)
        func isForeign(_ error: any Error) -> Bool {
            guard let error = error as? NavigationError, error.code == .foreignScheme else { return false }
            return error.description.contains(testCase.text) && error.description.contains("(`MyApp`, `app`)")
        }
        if testCase.routed {
            #expect(try navigator.plan(for: testCase.text).steps.map(\.description) == ["select settings in tab"])
            try await navigator.open(testCase.text)
            #expect(navigator.currentPath.description == "/tab#settings")
        } else {
            #expect { try navigator.plan(for: testCase.text) } throws: { isForeign($0) }
            await #expect { try await navigator.open(testCase.text) } throws: { isForeign($0) }
            await #expect { try await navigator.request(try PagePath(parsing: testCase.text), .source(.external)).outcome() } throws: {
                isForeign($0)
            }
            #expect(fixture.snapshot == before, "nothing moved")
        }
    }

    @Test("without accepted schemes, every scheme is routed, as before")
    func everySchemeByDefault() async throws {
        let fixture = Fixture()
        #expect(fixture.navigator.configuration.acceptedSchemes.isEmpty)
        try await fixture.navigator.open("anything://tab/settings")
        #expect(fixture.navigator.currentPath.description == "/tab#settings")
        #expect(Navigator.Configuration(acceptedSchemes: ["app"]).accepts(scheme: "App"))
        #expect(!Navigator.Configuration(acceptedSchemes: ["app"]).accepts(scheme: "apps"))
    }

    @Test("a link mapped to another scheme is refused when it is opened")
    func mappedLinks() async throws {
        let fixture = Fixture()
        fixture.navigator.configuration.acceptedSchemes = ["app"]
        try fixture.navigator.links.add("https://example.com/people/{id}", to: "app://tab/contact/person_detail(id={id})")
        try fixture.navigator.links.add("https://example.com/other", to: "other://tab/contact/person_detail(id=9)")
        try await fixture.navigator.openLink("https://example.com/people/9")
        #expect(fixture.navigator.currentPath.components.last?.description == "/person_detail(id=9)")
        await #expect { try await fixture.navigator.openLink("https://example.com/other") } throws: {
            ($0 as? NavigationError)?.code == .foreignScheme
        }
    }
}
