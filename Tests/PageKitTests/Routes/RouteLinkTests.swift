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
import Testing

@Suite("Routes and links", .timeLimit(.minutes(10)))
struct RouteLinkTests {
    @Test("a path composed of routes gets its link as its text does")
    func routes() throws {
        var links = LinkMap()
        try links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        let path = try PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5))
        #expect(try links.link(for: path) == "https://example.com/people/5")
        #expect(try links.link(for: path) == links.link(for: "/tab#contact/person_detail(id=5)"))
        // On its own, a route is a relative path.
        #expect(throws: LinkMapError.self) { try links.link(for: PersonDetail(id: 5)) }
        do {
            _ = try links.link(for: PersonDetail(id: 5))
        } catch let error as LinkMapError {
            #expect(error.code == .relativePath)
        }
    }
}
