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
import PageKitTestSupport
import Testing

@MainActor
@Suite("The link map a navigator keeps", .timeLimit(.minutes(10)))
struct NavigatorLinksTests {
    @Test("a navigator's map is empty until the app adds patterns, and refuses every link")
    func emptyByDefault() async throws {
        let fixture = Fixture()
        #expect(fixture.navigator.links.patterns.isEmpty)
        await #expect(throws: NavigationError.self) {
            try await fixture.navigator.openLink("https://example.com/people/5")
        }
    }

    @Test("patterns added in place stay; a refused add changes nothing; a map set whole replaces it")
    func addsInPlace() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try navigator.links.add("example://people/{id}", to: "/tab#contact/person_detail(id={id})")
        #expect(throws: LinkMapError.self) {
            try navigator.links.add("https://example.com/people/{name}", to: "/tab#contact/profile(name={name})")
        }
        #expect(navigator.links.patterns == ["https://example.com/people/{id}", "example://people/{id}"])
        #expect(try navigator.links.path(for: "example://people/5").description
                == "/tab#contact/person_detail(id=5)")

        var other = LinkMap()
        try other.add("https://example.com/help", to: "/tab#settings")
        navigator.links = other
        #expect(navigator.links.patterns == ["https://example.com/help"])
        // Each navigator keeps its own map.
        #expect(Fixture().navigator.links.patterns.isEmpty)
    }
}
