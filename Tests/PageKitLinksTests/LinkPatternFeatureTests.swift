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
@testable import PageKitLinks
import Testing

/// What link patterns can say beyond whole-segment placeholders, pinned to the matching
/// rules routers for iOS and Android test for: typed placeholders that decline a segment
/// that does not fit, placeholders with literal text around them inside a segment, paths
/// that ignore case, repeated query keys as a list, and a pattern that ends in an empty `?`.
@Suite("Link patterns: types, templates, case, lists", .timeLimit(.minutes(10)))
struct LinkPatternFeatureTests {
    static func map(_ rules: [(String, String)], ignoresPathCase: Bool = false) throws -> LinkMap {
        var links = LinkMap(ignoresPathCase: ignoresPathCase)
        for (pattern, target) in rules { try links.add(pattern, to: target) }
        return links
    }

    static func expect(_ links: LinkMap, _ cases: [LinkCase], sourceLocation: SourceLocation = #_sourceLocation) {
        for testCase in cases {
            do {
                let path = try links.path(for: testCase.link)
                #expect(path.description == testCase.path, "\(testCase.link)", sourceLocation: sourceLocation)
                #expect(testCase.code == nil, "\(testCase.link)", sourceLocation: sourceLocation)
            } catch let error as LinkMapError {
                #expect(error.code == testCase.code, "\(testCase.link): \(error)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(testCase.link): \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: Typed placeholders

    @Test("a typed placeholder declines a segment that does not fit, so another pattern takes the link")
    func typedPlaceholdersDecline() throws {
        let typedOnly = try Self.map([("myapp://user/{id:int}", "/user(id={id})")])
        Self.expect(typedOnly, [
            LinkCase("myapp://user/123", "/user(id=123)"),
            LinkCase("myapp://user/-7", "/user(id=-7)"),
            LinkCase("myapp://user/devxoul", fails: .unmatchedPath),
            LinkCase("myapp://user/1.5", fails: .unmatchedPath),
            LinkCase("myapp://user/99999999999999999999", fails: .unmatchedPath),  // does not fit Int
        ])
        let both = try Self.map([
            ("myapp://user/{id:int}", "/user(id={id})"),
            ("myapp://user/{name}", "/profile(name={name})"),
            ("myapp://user/me", "/me"),
        ])
        Self.expect(both, [
            LinkCase("myapp://user/123", "/user(id=123)"),
            LinkCase("myapp://user/devxoul", "/profile(name=devxoul)"),
            LinkCase("myapp://user/me", "/me"),
        ])
    }

    @Test("each type fits its own values; an int is also a float, and the narrower type wins")
    func types() throws {
        let links = try Self.map([
            ("myapp://v/{x:int}", "/int(x={x})"),
            ("myapp://v/{x:float}", "/float(x={x})"),
            ("myapp://v/{x:bool}", "/bool(x={x})"),
            ("myapp://v/{x:uuid}", "/uuid(x={x})"),
            ("myapp://v/{x}", "/any(x={x})"),
        ])
        Self.expect(links, [
            LinkCase("myapp://v/5", "/int(x=5)"),
            LinkCase("myapp://v/+5", "/int(x=+5)"),
            LinkCase("myapp://v/5.25", "/float(x=5.25)"),
            LinkCase("myapp://v/-0.5", "/float(x=-0.5)"),
            LinkCase("myapp://v/5.", "/any(x=5.)"),
            LinkCase("myapp://v/.5", "/any(x=.5)"),
            LinkCase("myapp://v/nan", "/any(x=nan)"),
            LinkCase("myapp://v/1e5", "/any(x=1e5)"),
            LinkCase("myapp://v/true", "/bool(x=true)"),
            LinkCase("myapp://v/FALSE", "/bool(x=FALSE)"),
            LinkCase("myapp://v/yes", "/any(x=yes)"),
            LinkCase("myapp://v/123e4567-e89b-12d3-a456-426614174000", "/uuid(x=123e4567-e89b-12d3-a456-426614174000)"),
            LinkCase("myapp://v/123E4567-E89B-12D3-A456-426614174000", "/uuid(x=123E4567-E89B-12D3-A456-426614174000)"),
            LinkCase("myapp://v/123e4567e89b12d3a456426614174000", "/any(x=123e4567e89b12d3a456426614174000)"),
            LinkCase("myapp://v/123e4567-e89b-12d3-a456-42661417400g", "/any(x=123e4567-e89b-12d3-a456-42661417400g)"),
        ])
    }

    @Test("typed placeholders deeper in the path still let the rest decide")
    func typedDeeper() throws {
        let links = try Self.map([
            ("https://example.com/a/{x:int}/b", "/intb(x={x})"),
            ("https://example.com/a/{x}/c", "/anyc(x={x})"),
            ("https://example.com/{rest*}", "/rest(r={rest})"),
        ])
        Self.expect(links, [
            LinkCase("https://example.com/a/5/b", "/intb(x=5)"),
            LinkCase("https://example.com/a/5/c", "/anyc(x=5)"),
            LinkCase("https://example.com/a/q/c", "/anyc(x=q)"),
            LinkCase("https://example.com/a/q/b", "/rest(r=a/q/b)"),
        ])
    }

    // MARK: Placeholders inside a segment

    @Test("a placeholder with literal text around it, inside one segment")
    func templates() throws {
        let links = try Self.map([
            ("https://example.com/people/{first}_{last}", "/person(first={first},last={last})"),
            ("https://example.com/files/{id:int}.json", "/json(id={id})"),
            ("https://example.com/files/{name}.{ext}", "/file(name={name},ext={ext})"),
            ("https://example.com/files/{name}", "/plain(name={name})"),
            ("https://example.com/api/v{version:int}/{path*}", "/api(v={version},p={path})"),
            ("https://example.com/caf%C3%A9-{n}", "/cafe(n={n})"),
            // Text that is not ASCII around a placeholder, written as it is.
            ("https://example.com/ü{n:int}ß/{rest*}", "/umlaut(n={n},rest={rest})"),
        ])
        Self.expect(links, [
            LinkCase("https://example.com/people/john_smith", "/person(first=john,last=smith)"),
            // Each placeholder takes the shortest text that lets the rest match.
            LinkCase("https://example.com/people/a_b_c", "/person(first=a,last=b_c)"),
            LinkCase("https://example.com/people/_a", fails: .unmatchedPath),
            LinkCase("https://example.com/people/a_", fails: .unmatchedPath),
            LinkCase("https://example.com/people/john", fails: .unmatchedPath),
            // The typed template wins where it fits, the wider one takes the rest.
            LinkCase("https://example.com/files/12.json", "/json(id=12)"),
            LinkCase("https://example.com/files/x.json", "/file(ext=json,name=x)"),
            LinkCase("https://example.com/files/a.b.c", "/file(ext=b.c,name=a)"),
            LinkCase("https://example.com/files/readme", "/plain(name=readme)"),
            LinkCase("https://example.com/files/a%2Eb", "/file(ext=b,name=a)"),
            LinkCase("https://example.com/api/v2/users/5", "/api(p=users/5,v=2)"),
            LinkCase("https://example.com/api/vx/users", fails: .unmatchedPath),
            LinkCase("https://example.com/café-7", "/cafe(n=7)"),
            LinkCase("https://example.com/%C3%BC12%C3%9F/a/b", "/umlaut(n=12,rest=a/b)"),
            LinkCase("https://example.com/üxß/a", fails: .unmatchedPath),
        ])
    }

    static let ambiguousTemplates: [(String, String, LinkMapError.Code?)] = [
        // Same literal text, different types: the narrower one is kept beside the wider.
        ("{a}.json", "{b:int}.json", nil),
        // Different literal ends: no segment fits both.
        ("{a}.json", "{a}.xml", nil),
        ("v{a}", "x{a}", nil),
        // A literal character no int holds.
        ("{a:int}", "{b}.json", nil),
        // Some segment fits both and neither holds the other.
        ("{a}_{b}", "{a}.{b}", .ambiguousPattern),
        ("{a:float}", "{a}.{b}", .ambiguousPattern),
        ("{a:int}.{b}", "{a}.{b:int}", .ambiguousPattern),
        // The same shape whatever the names.
        ("{a}_{b}", "{x}_{y}", .duplicatePattern),
        ("{a:int}", "{b:int}", .duplicatePattern),
        // A placeholder and a template are never ambiguous: the template is narrower.
        ("{a}", "{b}_{c}", nil),
        // A literal that fits a template is more specific than it.
        ("me_too", "{a}_{b}", nil),
    ]

    @Test("templates and types that some segment fits both, with neither narrower, are refused as ambiguous",
          arguments: ambiguousTemplates.indices)
    func ambiguity(_ index: Int) throws {
        let (first, second, code) = Self.ambiguousTemplates[index]
        for (a, b) in [(first, second), (second, first)] {
            var links = LinkMap()
            try links.add("https://example.com/\(a)", to: "/first")
            do {
                try links.add("https://example.com/\(b)", to: "/second")
                #expect(code == nil, "\(a) then \(b) was added")
            } catch let error as LinkMapError {
                #expect(error.code == code, "\(a) then \(b): \(error)")
                #expect(error.pattern == "https://example.com/\(a)")
            }
        }
    }

    static let badPatterns: [PatternCase] = [
        PatternCase("https://example.com/{a}{b}", .invalidPattern),
        PatternCase("https://example.com/x{a:int}{b}", .invalidPattern),
        PatternCase("https://example.com/{id:number}", .invalidPattern),
        PatternCase("https://example.com/{id:}", .invalidPattern),
        PatternCase("https://example.com/{rest:int*}", .invalidPattern),
        PatternCase("https://example.com/x{rest*}", .invalidPattern),
        PatternCase("https://example.com/x{a?}", .invalidPattern),
        PatternCase("https://example.com/x}{a}", .invalidPattern),
        PatternCase("https://example.com/x?q={q:int}", .invalidPattern),
        PatternCase("https://example.com/x?tag={tags*}", "/x(tag={tags})", .invalidTarget),
        PatternCase("https://example.com/x?tag={tags*}", "/{tags}", .invalidTarget),
        PatternCase("https://example.com/x?tag={tags*}", "/x?tag=a{tags}", .invalidTarget),
    ]

    @Test("a malformed typed, template or list placeholder is refused with a typed error", arguments: badPatterns)
    func refused(_ testCase: PatternCase) {
        var links = LinkMap()
        #expect { try links.add(testCase.pattern, to: testCase.target) } throws: {
            ($0 as? LinkMapError)?.code == testCase.code
        }
        #expect(links.count == 0)
    }

    @Test("too many kinds of typed or template placeholder at one place is a typed error")
    func placeholderKinds() throws {
        var links = LinkMap()
        for index in 0..<8 {
            try links.add("https://example.com/p\(index)_{a}", to: "/p\(index)")
        }
        #expect { try links.add("https://example.com/p8_{a}", to: "/p8") } throws: {
            ($0 as? LinkMapError)?.code == .invalidPattern
        }
        try links.add("https://example.com/{a}", to: "/any")
        try links.add("https://example.com/{a}/p8_{b}", to: "/deeper")
        #expect(try links.path(for: "https://example.com/p3_x").description == "/p3")
        #expect(try links.path(for: "https://example.com/q_x").description == "/any")
    }

    // MARK: Case

    @Test("a map that ignores the case of paths matches literal text in any case and keeps captured values as written")
    func ignoringCase() throws {
        let rules = [
            ("https://example.com/people/me", "/me"),
            ("https://example.com/people/{id}", "/person(id={id})"),
            ("https://example.com/Files/{name}.JSON", "/json(name={name})"),
        ]
        let insensitive = try Self.map(rules, ignoresPathCase: true)
        Self.expect(insensitive, [
            LinkCase("https://example.com/People/ME", "/me"),
            LinkCase("https://example.com/PEOPLE/Bob", "/person(id=Bob)"),
            LinkCase("https://example.com/files/Report.json", "/json(name=Report)"),
            LinkCase("HTTPS://EXAMPLE.COM/FILES/A.Json", "/json(name=A)"),
        ])
        let sensitive = try Self.map(rules)
        Self.expect(sensitive, [
            LinkCase("https://example.com/People/ME", fails: .unmatchedPath),
            LinkCase("https://example.com/people/ME", "/person(id=ME)"),
            LinkCase("https://example.com/files/Report.json", fails: .unmatchedPath),
            LinkCase("https://example.com/Files/Report.JSON", "/json(name=Report)"),
        ])
        var links = LinkMap(ignoresPathCase: true)
        try links.add("https://example.com/people/me", to: "/me")
        #expect { try links.add("https://example.com/People/ME", to: "/other") } throws: {
            ($0 as? LinkMapError)?.code == .duplicatePattern
        }
    }

    // MARK: Lists and empty queries

    @Test("a repeated query key is captured as a list that repeats the target's query item")
    func lists() throws {
        let links = try Self.map([
            ("https://example.com/search?tag={tags*}&q={q?}", "/tab#search/results(q={q})?tag={tags}&from=link"),
        ])
        Self.expect(links, [
            LinkCase("https://example.com/search?tag=a&q=x&tag=b%20c", "/tab#search/results(q=x)?tag=a&tag=b%20c&from=link"),
            LinkCase("https://example.com/search?tag=", "/tab#search/results?tag=&from=link"),
            LinkCase("https://example.com/search", "/tab#search/results?from=link"),
            LinkCase("https://example.com/search?tag=%zz", fails: .invalidURL),
        ])
        let path = try links.path(for: "https://example.com/search?tag=a&tag=b")
        #expect(path.query.values(for: "tag") == ["a", "b"])
    }

    @Test("a pattern that ends in an empty `?` is the pattern without it, as a link that ends in one is")
    func emptyQuery() throws {
        var links = LinkMap()
        try links.add("https://example.com/people/{id}?", to: "/person(id={id})")
        Self.expect(links, [
            LinkCase("https://example.com/people/5?", "/person(id=5)"),
            LinkCase("https://example.com/people/5", "/person(id=5)"),
        ])
        #expect { try links.add("https://example.com/people/{id}", to: "/other") } throws: {
            ($0 as? LinkMapError)?.code == .duplicatePattern
        }
        try links.add("https://example.com/?", to: "/home")
        #expect(try links.path(for: "https://example.com?").description == "/home")
    }
}
