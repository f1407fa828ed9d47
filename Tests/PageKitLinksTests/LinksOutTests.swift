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
@testable import PageKit
import PageKitRestoration
@testable import PageKitLinks
import Testing

/// A path and the link the map gives it, or the error code it fails with.
struct LinkOutCase: Sendable, CustomStringConvertible {
    let path: String
    let scheme: String?
    let link: String?
    let code: LinkMapError.Code?

    init(_ path: String, _ link: String, scheme: String? = nil) {
        self.path = path
        self.scheme = scheme
        self.link = link
        code = nil
    }

    init(_ path: String, fails code: LinkMapError.Code, scheme: String? = nil) {
        self.path = path
        self.scheme = scheme
        link = nil
        self.code = code
    }

    var description: String { scheme.map { "\(path) (\($0))" } ?? path }
}

/// The error `makeLink` throws; a link it makes, or another error, is recorded as an issue.
/// - Parameters:
///   - subject: What is given a link, for the message.
///   - makeLink: Makes a link.
func linkError(_ subject: String, _ makeLink: () throws -> String) -> LinkMapError? {
    do {
        let link = try makeLink()
        Issue.record("\(subject) got the link `\(link)`")
        return nil
    } catch let error as LinkMapError {
        return error
    } catch {
        Issue.record("not a LinkMapError: \(error)")
        return nil
    }
}

@Suite("Giving page paths their links", .timeLimit(.minutes(10)))
struct LinksOutTests {
    /// One pattern or more for each feature of patterns and targets.
    static let rules: [(String, String)] = [
        ("https://example.com/people/{id}", "/tab#contact/person_detail(id={id})"),
        ("https://www.example.com/people/{id}", "/tab#contact/person_detail(id={id})"),
        ("https://example.com/people/me", "/tab#settings/profile"),
        ("https://example.com/people/{id}/posts/{post}", "/tab#contact/person_detail(id={id})/post(id={post})"),
        ("https://example.com/search?q={q}&scope={scope?}", "/tab#search/results(q={q},scope={scope})"),
        ("https://example.com/help/{topic*}", "/tab#settings/help(topic={topic})"),
        ("https://example.com/", "/tab#home"),
        ("https://example.com:8443/staging/{id}", "/tab#staging/person_detail(id={id})"),
        ("https://example.com/caf%C3%A9/{id}", "/tab#cafe(id={id})"),
        ("https://example.com/section/{name}?ref={ref}", "app://tab/{name}?ref={ref}"),
        ("https://example.com/names/{first}_{last}", "/person(first={first},last={last})"),
        ("https://example.com/files/{id:int}.json", "/json(id={id})"),
        ("https://example.com/api/v{version:int}/{path*}/", "/api(v={version},p={path})"),
        ("example://people/{id}?tab={tab?}", "/tab#contact/person_detail(id={id},tab={tab})"),
        ("example://open/{page}", "/tab#{page}"),
        ("example://go?page={page}", "/tab#{page}"),
        ("example://item/{kind}/{id}", "/tab#catalog/item_{kind}(id={id},label=#{id} of {kind})"),
        ("myapp://user/{id:int}", "/user(id={id})"),
        ("myapp://user/{name}", "/profile(name={name})"),
        ("myapp://flag/{on:bool}/{x:float}/{u:uuid}", "/flag(on={on},x={x},u={u})"),
        ("myapp://search?tag={tags*}", "/search?tag={tags}"),
        ("myapp://tagged/{name}?tag={tags*}&page={page?}", "/tagged(name={name},page={page})?tag={tags}"),
    ]

    static func map(_ rules: [(String, String)] = rules, limits: PagePath.Limits = .default,
                    ignoresPathCase: Bool = false) throws -> LinkMap {
        var links = LinkMap(limits: limits, ignoresPathCase: ignoresPathCase)
        for (pattern, target) in rules { try links.add(pattern, to: target) }
        return links
    }

    static let cases: [LinkOutCase] = [
        // A placeholder filled from the path's parameter; the pattern added first wins a tie.
        LinkOutCase("/tab#contact/person_detail(id=5)", "https://example.com/people/5"),
        LinkOutCase("/tab#contact/person_detail(id=5)", "https://example.com/people/5", scheme: "HTTPS"),
        LinkOutCase("/tab#contact/person_detail(id=5)", "example://people/5", scheme: "example"),
        LinkOutCase("/tab#contact/person_detail(id=5)", fails: .noPatternForPath, scheme: "ftp"),
        // Percent-encoded where it stands: a `/` inside a value does not start a segment.
        LinkOutCase("/tab#contact/person_detail(id=a%2Fb)", "https://example.com/people/a%2Fb"),
        LinkOutCase("/tab#contact/person_detail(id=caf%C3%A9%20au%20lait)",
                    "https://example.com/people/caf%C3%A9%20au%20lait"),
        LinkOutCase("/tab#contact/person_detail(id=a%2Cb%29c(d)", "https://example.com/people/a,b%29c%28d"),
        LinkOutCase("/tab#contact/person_detail(id=%3F%23%25)", "https://example.com/people/%3F%23%25"),
        LinkOutCase("/tab#contact/person_detail(id=x=1+y)", "https://example.com/people/x=1+y"),
        // `me` would be taken by `/people/me`: the next pattern that gives the path does.
        LinkOutCase("/tab#contact/person_detail(id=me)", "https://www.example.com/people/me"),
        // A literal pattern's own target; a deeper literal keeps `me` in its place.
        LinkOutCase("/tab#settings/profile", "https://example.com/people/me"),
        LinkOutCase("/tab#contact/person_detail(id=me)/post(id=9)", "https://example.com/people/me/posts/9"),
        // Query captures: a required one always, an optional one when the path has it.
        LinkOutCase("/tab#search/results(q=cats)", "https://example.com/search?q=cats"),
        LinkOutCase("/tab#search/results(q=cats,scope=all)", "https://example.com/search?q=cats&scope=all"),
        LinkOutCase("/tab#search/results(q=)", "https://example.com/search?q="),
        LinkOutCase("/tab#search/results(q=a&b=c+d%23e%20f%2Cg/h%3Fi)",
                    "https://example.com/search?q=a%26b=c%2Bd%23e%20f,g/h?i"),
        LinkOutCase("/tab#search/results(scope=all)", fails: .noPatternForPath),
        // The wildcard: the rest of the path keeps its `/`, each segment encoded.
        LinkOutCase("/tab#settings/help(topic=a)", "https://example.com/help/a"),
        LinkOutCase("/tab#settings/help(topic=a/b%20c/d)", "https://example.com/help/a/b%20c/d"),
        LinkOutCase("/tab#settings/help(topic=a//b)", fails: .valueDoesNotFit),
        LinkOutCase("/tab#settings/help(topic=a/)", fails: .valueDoesNotFit),
        LinkOutCase("/tab#settings/help(topic=)", fails: .valueDoesNotFit),
        LinkOutCase("/tab#settings/help(topic=a/../b)", fails: .valueDoesNotFit),
        // The path as the pattern writes it: its trailing `/`, its port, its literals.
        LinkOutCase("/tab#home", "https://example.com/"),
        LinkOutCase("/tab#staging/person_detail(id=5)", "https://example.com:8443/staging/5"),
        LinkOutCase("/tab#cafe(id=1)", "https://example.com/caf%C3%A9/1"),
        // An app URL target: the path's spelling does not matter, its structure does.
        LinkOutCase("app://tab/news?ref=mail", "https://example.com/section/news?ref=mail"),
        LinkOutCase("/tab/news?ref=mail", "https://example.com/section/news?ref=mail"),
        LinkOutCase("/tab#news?ref=mail", fails: .noPatternForPath),
        // Templates: each value must read back as itself.
        LinkOutCase("/person(first=ada,last=lovelace)", "https://example.com/names/ada_lovelace"),
        LinkOutCase("/person(first=a,last=b_c)", "https://example.com/names/a_b_c"),
        LinkOutCase("/person(first=a_b,last=c)", fails: .ambiguousValue),
        LinkOutCase("/person(first=,last=c)", fails: .valueDoesNotFit),
        LinkOutCase("/json(id=12)", "https://example.com/files/12.json"),
        LinkOutCase("/json(id=twelve)", fails: .valueDoesNotFit),
        LinkOutCase("/api(v=2,p=a/b)", "https://example.com/api/v2/a/b/"),
        LinkOutCase("/api(v=two,p=a)", fails: .valueDoesNotFit),
        // A custom scheme, where an optional query item tells targets apart.
        LinkOutCase("/tab#contact/person_detail(id=5,tab=photos)", "example://people/5?tab=photos"),
        LinkOutCase("/tab#contact/person_detail(id=5,tab=photos)", fails: .noPatternForPath, scheme: "https"),
        // A placeholder in a page name: the first pattern added of the two that give it.
        LinkOutCase("/tab#settings", "example://open/settings"),
        LinkOutCase("/tab#a%2Fb", "example://open/a%2Fb"),
        LinkOutCase("/tab#catalog/item_book(id=7,label=%237%20of%20book)", "example://item/book/7"),
        LinkOutCase("/tab#catalog/item_book(id=7,label=%238%20of%20book)", fails: .noPatternForPath),
        LinkOutCase("/tab#catalog/item_(id=7,label=%237%20of%20)", fails: .valueDoesNotFit),
        // Typed placeholders, and a value a narrower pattern would take.
        LinkOutCase("/user(id=42)", "myapp://user/42"),
        LinkOutCase("/user(id=-7)", "myapp://user/-7"),
        LinkOutCase("/user(id=abc)", fails: .valueDoesNotFit),
        LinkOutCase("/profile(name=devxoul)", "myapp://user/devxoul"),
        LinkOutCase("/profile(name=42)", fails: .shadowedLink),
        LinkOutCase("/flag(on=TRUE,u=123e4567-e89b-12d3-a456-426614174000,x=2.5)",
                    "myapp://flag/TRUE/2.5/123e4567-e89b-12d3-a456-426614174000"),
        LinkOutCase("/flag(on=yes,u=123e4567-e89b-12d3-a456-426614174000,x=2.5)", fails: .valueDoesNotFit),
        LinkOutCase("/flag(on=true,u=123e4567-e89b-12d3-a456-426614174000,x=1e3)", fails: .valueDoesNotFit),
        LinkOutCase("/flag(on=true,u=123,x=2)", fails: .valueDoesNotFit),
        // Lists: one query item per value, in order, none for none.
        LinkOutCase("/search?tag=a&tag=b%26c", "myapp://search?tag=a&tag=b%26c"),
        LinkOutCase("/search", "myapp://search"),
        LinkOutCase("/search?tag=a&other=b", fails: .noPatternForPath),
        LinkOutCase("/tagged(name=n,page=2)?tag=x&tag=y", "myapp://tagged/n?tag=x&tag=y&page=2"),
        LinkOutCase("/tagged(name=n)", "myapp://tagged/n"),
        // What no link carries.
        LinkOutCase("person_detail(id=5)", fails: .relativePath),
        LinkOutCase("..!profile", fails: .relativePath),
        LinkOutCase("/tab#contact/person_detail(id=5)!compose", fails: .noPatternForPath),
        LinkOutCase("/tab#contact/person_detail(id=5)/post(id=9)/comments/1", fails: .noPatternForPath),
        LinkOutCase("/tab#contact/person_detail(id=5,extra=1)", fails: .noPatternForPath),
        LinkOutCase("/tab#contact/person_detail", fails: .noPatternForPath),
        LinkOutCase("/tab#contact/person_detail(id=5)?utm=1", fails: .noPatternForPath),
        LinkOutCase("/nowhere", fails: .noPatternForPath),
        LinkOutCase("/tab#contact/person_detail(id=)", fails: .valueDoesNotFit),
        LinkOutCase("/tab#contact/person_detail(id=..)", fails: .valueDoesNotFit),
        LinkOutCase("/tab#contact/person_detail(id=.)", fails: .valueDoesNotFit),
        LinkOutCase("/tab((", fails: .invalidPath),
    ]

    @Test("a path gets the link of the pattern whose target gives it, or a typed error", arguments: cases)
    func linkOut(_ testCase: LinkOutCase) throws {
        let links = try Self.map()
        do {
            let link = try links.link(for: testCase.path, scheme: testCase.scheme)
            guard let expected = testCase.link else {
                Issue.record("`\(testCase.path)` got `\(link)`, expected \(testCase.code?.description ?? "")")
                return
            }
            #expect(link == expected)
            // The round trip, and a URL Foundation accepts as the same text.
            let path = try PagePath(parsing: testCase.path)
            let back = try links.path(for: link)
            #expect(back.components == path.components && back.query == path.query, "`\(link)` maps to `\(back)`")
            #expect(try links.linkURL(for: path, scheme: testCase.scheme).absoluteString == link)
        } catch let error as LinkMapError {
            #expect(error.code == testCase.code, "\(error)")
            #expect(error.description.hasPrefix("cannot make a link for `"), "\(error)")
        }
    }

    @Test("a case-insensitive map writes literals as the pattern does, and keeps the case of values")
    func ignoringCase() throws {
        let links = try Self.map([
            ("HTTPS://Example.com/People/{id}", "/person(id={id})"),
            ("https://example.com/Files/{name}.JSON", "/file(name={name})"),
        ], ignoresPathCase: true)
        #expect(try links.link(for: "/person(id=AbC)") == "https://example.com/People/AbC")
        #expect(try links.link(for: "/file(name=Read.Me)") == "https://example.com/Files/Read.Me.JSON")
        #expect(try links.path(for: "https://example.com/Files/Read.Me.JSON").description == "/file(name=Read.Me)")
    }

    @Test("a link beyond the map's limits is refused, as it would be read in")
    func limits() throws {
        let links = try Self.map([
            ("https://example.com/people/{id}", "/person(id={id})"),
            ("https://example.com/help/{topic*}", "/help(topic={topic})"),
        ], limits: PagePath.Limits(maxLength: 48, maxDepth: 4))
        #expect(try links.link(for: "/person(id=5)") == "https://example.com/people/5")
        #expect(try links.link(for: "/help(topic=a/b/c)") == "https://example.com/help/a/b/c")
        for path in ["/person(id=\(String(repeating: "x", count: 30)))", "/help(topic=a/b/c/d)"] {
            #expect {
                try links.link(for: path)
            } throws: { error in
                (error as? LinkMapError)?.code == .valueDoesNotFit
            }
        }
    }

    @Test("among patterns that give the same path, the more specific one for the same host wins, whatever the order")
    func specificity() throws {
        let typedLast = try Self.map([
            ("https://example.com/files/{name}", "/file(name={name})"),
            ("https://example.com/files/{name:int}", "/file(name={name})"),
            ("https://example.com/files/{name}.txt", "/file(name={name})"),
        ])
        #expect(try typedLast.link(for: "/file(name=12)") == "https://example.com/files/12")
        #expect(try typedLast.link(for: "/file(name=notes)") == "https://example.com/files/notes.txt")
        #expect(try typedLast.link(for: "/file(name=a.txt)") == "https://example.com/files/a.txt.txt")
        // When none can write the value, the error is the most specific pattern's.
        let error = try #require(Self.error(typedLast, "/file(name=)"))
        #expect(error.code == .valueDoesNotFit)
        #expect(error.pattern == "https://example.com/files/{name:int}")
        // Patterns for other hosts are not more specific: the one added first wins.
        let hostsInOrder = try Self.map([
            ("https://www.example.com/files/{name}", "/file(name={name})"),
            ("https://example.com/files/{name:int}", "/file(name={name})"),
        ])
        #expect(try hostsInOrder.link(for: "/file(name=12)") == "https://www.example.com/files/12")
    }

    // MARK: Errors, one per code

    static func error(_ links: LinkMap, _ path: some PagePathConvertible, scheme: String? = nil) -> LinkMapError? {
        linkError("`\(path)`") { try links.link(for: path, scheme: scheme) }
    }

    @Test("each error code says what went wrong, naming the path and the pattern")
    func messages() throws {
        let links = try Self.map()
        let expectations: [(String, String?, LinkMapError.Code, String?, String)] = [
            ("/tab((", nil, .invalidPath, nil, "cannot make a link for `/tab((`: it is not a page path: "),
            ("..!profile", nil, .relativePath, nil,
             "cannot make a link for `..!profile`: it is relative, and a link opens an absolute path"),
            ("/tab#contact/person_detail(id=5)/post(id=9)/comments/1", nil, .noPatternForPath, nil,
             "cannot make a link for `/tab#contact/person_detail(id=5)/post(id=9)/comments/1`: it has 6 components, "
                + "more than any pattern's target (4 at most)"),
            ("/tab#contact/person_detail(id=5)!compose", nil, .noPatternForPath, nil,
             "cannot make a link for `/tab#contact/person_detail(id=5)!compose`: it presents `compose` modally (`!`), "
                + "and no pattern's target presents a page, so no link carries it"),
            ("/a/b(x=1)/c", nil, .noPatternForPath, nil,
             "cannot make a link for `/a/b(x=1)/c`: no pattern's target has the pages `/a/b/c` in those places"),
            ("/tab#nowhere/else", nil, .noPatternForPath, "example://item/{kind}/{id}",
             "cannot make a link for `/tab#nowhere/else`: no pattern's target gives it; the nearest, "
                + "`example://item/{kind}/{id}` → `/tab#catalog/item_{kind}(id={id},label=#{id} of {kind})`, does not: "
                + "its page `#nowhere` is not the target's `#catalog`"),
            ("/tab#contact/person_detail(id=5,tab=photos)", "https", .noPatternForPath, nil,
             "cannot make a link for `/tab#contact/person_detail(id=5,tab=photos)`: no pattern's target gives it; "
                + "the nearest, `https://example.com/people/{id}` → `/tab#contact/person_detail(id={id})`, does not: "
                + "`person_detail` has the parameter `tab`, which the target does not give"),
            ("/tab#search/results(scope=all)", nil, .noPatternForPath, "https://example.com/search?q={q}&scope={scope?}",
             "cannot make a link for `/tab#search/results(scope=all)`: no pattern's target gives it; the nearest, "
                + "`https://example.com/search?q={q}&scope={scope?}` → `/tab#search/results(q={q},scope={scope})`, "
                + "does not: `results` has no parameter `q`, which the target always gives"),
            ("/user(id=abc)", nil, .valueDoesNotFit, "myapp://user/{id:int}",
             "cannot make a link for `/user(id=abc)`: `abc` is not an int, as `{id:int}` requires"),
            ("/tab#settings/help(topic=a//b)", nil, .valueDoesNotFit, "https://example.com/help/{topic*}",
             "cannot make a link for `/tab#settings/help(topic=a//b)`: `{topic*}` is `a//b`, and the rest of a path "
                + "is one or more segments, none of them empty"),
            ("/person(first=a_b,last=c)", nil, .ambiguousValue, "https://example.com/names/{first}_{last}",
             "cannot make a link for `/person(first=a_b,last=c)`: `{first}_{last}` with `a_b`, `c` is `a_b_c`, which "
                + "reads back as `a`, `b_c`: a value holds literal text that the segment puts around it"),
            ("/profile(name=42)", nil, .shadowedLink, "myapp://user/{name}",
             "cannot make a link for `/profile(name=42)`: the link `myapp://user/42` that `myapp://user/{name}` "
                + "gives it is taken by the more specific pattern `myapp://user/{id:int}`, which maps it to "
                + "`/user(id=42)`"),
        ]
        for (path, scheme, code, pattern, message) in expectations {
            let error = try #require(Self.error(links, path, scheme: scheme))
            #expect(error.code == code, "\(error)")
            #expect(error.input == path)
            if let pattern { #expect(error.pattern == pattern, "\(error)") }
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
        let invalid = try #require(Self.error(links, "/tab(("))
        #expect(invalid.underlying is PagePathError)
    }

    @Test("an empty map gives no link, and says so")
    func emptyMap() throws {
        let error = try #require(Self.error(LinkMap(), "/tab"))
        #expect(error.code == .noPatternForPath)
        #expect(error.reason == "the map has no patterns")
    }

    @Test("a link Foundation's URL does not accept is a typed error, not a nil")
    func foundationRefuses() throws {
        let links = try Self.map([("https://exa mple.com/people/{id}", "/person(id={id})")])
        let link = try links.link(for: "/person(id=5)")
        #expect(link == "https://exa mple.com/people/5")
        #expect {
            try links.linkURL(for: "/person(id=5)")
        } throws: { error in
            (error as? LinkMapError)?.code == .invalidURL
        }
    }

    // MARK: User activities

    @Test("an activity carries the https link, the title and a state that restores the path")
    func activity() throws {
        let links = try Self.map()
        let activity = try links.activity(for: "/tab#contact/person_detail(id=5)", type: "com.example.person",
                                          title: "Ada")
        #expect(activity.type == "com.example.person")
        #expect(activity.title == "Ada")
        #expect(activity.webpageURL.absoluteString == "https://example.com/people/5")
        let path = try PagePath(parsing: "/tab#contact/person_detail(id=5)")
        #expect(activity.state == NavigationState(path: path, history: [path]))
        #expect(activity.isEligibleForHandoff && activity.isEligibleForSearch && !activity.isEligibleForPublicIndexing)
        // The restoration state survives the JSON a restoration activity carries it in.
        let data = try JSONEncoder().encode(activity.state)
        #expect(try JSONDecoder().decode(NavigationState.self, from: data) == activity.state)
    }

    @Test("an activity for a page only a custom scheme links to is a typed error, not a web link it cannot hold")
    func activityNeedsHTTPS() throws {
        let links = try Self.map()
        #expect(try links.link(for: "/tab#settings") == "example://open/settings")
        do {
            _ = try links.activity(for: "/tab#settings", type: "com.example.settings")
            Issue.record("an activity was made")
        } catch let error as LinkMapError {
            #expect(error.code == .noPatternForPath)
            #expect(error.reason == "no pattern of the scheme `https` has a target with its pages; patterns of "
                + "`example` do")
        }
    }
}
