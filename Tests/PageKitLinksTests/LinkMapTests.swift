import Foundation
@testable import PageKit
@testable import PageKitLinks
import Testing

/// A link and what the map makes of it: the path's text, or an error code.
struct LinkCase: Sendable, CustomStringConvertible {
    let link: String
    let path: String?
    let code: LinkMapError.Code?

    init(_ link: String, _ path: String) {
        self.link = link
        self.path = path
        code = nil
    }

    init(_ link: String, fails code: LinkMapError.Code) {
        self.link = link
        path = nil
        self.code = code
    }

    var description: String { link }
}

/// A pattern (and target) that the map must refuse, and how.
struct PatternCase: Sendable, CustomStringConvertible {
    let pattern: String
    let target: String
    let code: LinkMapError.Code

    init(_ pattern: String, _ target: String, _ code: LinkMapError.Code) {
        self.pattern = pattern
        self.target = target
        self.code = code
    }

    init(_ pattern: String, _ code: LinkMapError.Code) {
        self.init(pattern, "/tab", code)
    }

    var description: String { "\(pattern) → \(target)" }
}

@Suite("Mapping outside links to page paths", .timeLimit(.minutes(10)))
struct LinkMapTests {
    static let rules: [(String, String)] = [
        ("https://example.com/people/{id}", "/tab#contact/person_detail(id={id})"),
        ("https://www.example.com/people/{id}", "/tab#contact/person_detail(id={id})"),
        ("https://example.com/people/me", "/tab#settings/profile"),
        ("https://example.com/people/{id}/posts/{post}", "/tab#contact/person_detail(id={id})/post(id={post})"),
        ("https://example.com/people/me/settings", "/tab#settings"),
        ("https://example.com/search?q={q}&scope={scope?}", "/tab#search/results(q={q},scope={scope})"),
        ("https://example.com/help/{topic*}", "/tab#settings/help(topic={topic})"),
        ("https://example.com/", "/tab#home"),
        ("https://example.com:8443/people/{id}", "/tab#staging/person_detail(id={id})"),
        ("https://example.com/caf%C3%A9/{id}", "/tab#cafe(id={id})"),
        ("https://example.com/section/{name}?ref={ref}", "app://tab/{name}?ref={ref}"),
        ("example://people/{id}?tab={tab?}", "/tab#contact/person_detail(id={id},tab={tab})"),
        ("example://open/{page}", "/tab#{page}"),
        ("example://item/{kind}/{id}", "/tab#catalog/item_{kind}(id={id},label=#{id} of {kind})"),
        ("example://go?page={page}", "/tab#{page}"),
        ("Example://Shout/{x}", "/shout(x={x})"),
    ]

    static func map() throws -> LinkMap {
        var links = LinkMap()
        for (pattern, target) in rules { try links.add(pattern, to: target) }
        return links
    }

    static let links: [LinkCase] = [
        LinkCase("https://example.com/people/5", "/tab#contact/person_detail(id=5)"),
        LinkCase("https://example.com/people/5?utm=x&id=9", "/tab#contact/person_detail(id=5)"),
        LinkCase("https://EXAMPLE.com/people/5", "/tab#contact/person_detail(id=5)"),
        LinkCase("HTTPS://Example.COM/people/5", "/tab#contact/person_detail(id=5)"),
        LinkCase("https://www.example.com/people/7", "/tab#contact/person_detail(id=7)"),
        LinkCase("https://example.com/people/5/", "/tab#contact/person_detail(id=5)"),
        LinkCase("https://example.com/people/5#top", "/tab#contact/person_detail(id=5)"),
        LinkCase("https://example.com/people/5?x=1#top", "/tab#contact/person_detail(id=5)"),
        // A literal beats a placeholder; segments compare case-sensitively.
        LinkCase("https://example.com/people/me", "/tab#settings/profile"),
        LinkCase("https://example.com/people/Me", "/tab#contact/person_detail(id=Me)"),
        LinkCase("https://example.com/people/me/settings", "/tab#settings"),
        // `me` also fits `{id}`: the deeper literal decides.
        LinkCase("https://example.com/people/me/posts/9", "/tab#contact/person_detail(id=me)/post(id=9)"),
        // Decoded exactly once; structural characters stay data.
        LinkCase("https://example.com/people/a%2Fb", "/tab#contact/person_detail(id=a/b)"),
        LinkCase("https://example.com/people/a,b)c(d", "/tab#contact/person_detail(id=a%2Cb%29c(d)"),
        LinkCase("https://example.com/people/%2C%29", "/tab#contact/person_detail(id=%2C%29)"),
        LinkCase("https://example.com/people/x=1!y", "/tab#contact/person_detail(id=x=1!y)"),
        LinkCase("https://example.com/people/%25", "/tab#contact/person_detail(id=%25)"),
        LinkCase("https://example.com/people/%2525", "/tab#contact/person_detail(id=%2525)"),
        LinkCase("https://example.com/people/caf%C3%A9", "/tab#contact/person_detail(id=café)"),
        LinkCase("https://example.com/people/a%20b", "/tab#contact/person_detail(id=a%20b)"),
        LinkCase("https://example.com/people/a+b", "/tab#contact/person_detail(id=a+b)"),
        LinkCase("https://example.com/café/5", "/tab#cafe(id=5)"),
        LinkCase("https://example.com/caf%C3%A9/5", "/tab#cafe(id=5)"),
        LinkCase("https://example.com/%63af%C3%A9/5", "/tab#cafe(id=5)"),
        // Query captures: required and optional; an absent optional leaves its parameter out.
        LinkCase("https://example.com/search?q=a%26b&scope=x", "/tab#search/results(q=a&b,scope=x)"),
        LinkCase("https://example.com/search?scope=x&q=cats", "/tab#search/results(q=cats,scope=x)"),
        LinkCase("https://example.com/search?q=cats", "/tab#search/results(q=cats)"),
        LinkCase("https://example.com/search?q=", "/tab#search/results(q=)"),
        LinkCase("https://example.com/search?q", "/tab#search/results(q=)"),
        LinkCase("https://example.com/search?q=1&q=2", "/tab#search/results(q=1)"),
        LinkCase("https://example.com/search?%71=x%29", "/tab#search/results(q=x%29)"),
        LinkCase("https://example.com/search?junk%zz=1&q=x", "/tab#search/results(q=x)"),
        LinkCase("https://example.com/search", fails: .missingParameter),
        LinkCase("https://example.com/search?scope=x", fails: .missingParameter),
        LinkCase("https://example.com/search?q=%zz", fails: .invalidURL),
        // The wildcard takes one or more segments, decoded as one value.
        LinkCase("https://example.com/help/a", "/tab#settings/help(topic=a)"),
        LinkCase("https://example.com/help/a/b%2Fc/", "/tab#settings/help(topic=a/b/c)"),
        LinkCase("https://example.com/help", fails: .unmatchedPath),
        LinkCase("https://example.com/", "/tab#home"),
        LinkCase("https://example.com", "/tab#home"),
        LinkCase("https://example.com?utm=1", "/tab#home"),
        LinkCase("https://example.com:8443/people/5", "/tab#staging/person_detail(id=5)"),
        LinkCase("https://example.com/section/feed?ref=a,b", "app://tab/feed?ref=a,b"),
        LinkCase("https://example.com/section/a%2Fb?ref=", "app://tab/a%2Fb?ref="),
        // Custom schemes: the host is the first name after `//`.
        LinkCase("example://people/5?tab=photos", "/tab#contact/person_detail(id=5,tab=photos)"),
        LinkCase("example://people/5", "/tab#contact/person_detail(id=5)"),
        LinkCase("EXAMPLE://PEOPLE/5", "/tab#contact/person_detail(id=5)"),
        LinkCase("example://shout/hey", "/shout(x=hey)"),
        LinkCase("example://Shout/hey", "/shout(x=hey)"),
        LinkCase("example://open/settings", "/tab#settings"),
        // A captured name is data too: it cannot add components or parameters.
        LinkCase("example://open/a%2Fb", "/tab#a%2Fb"),
        LinkCase("example://open/x(y=1)!z", "/tab#x%28y=1%29%21z"),
        LinkCase("example://open/..", "/tab#%2E%2E"),
        LinkCase("example://item/book/7", "/tab#catalog/item_book(id=7,label=#7%20of%20book)"),
        LinkCase("example://item/a,b/7)", "/tab#catalog/item_a,b(id=7%29,label=#7%29%20of%20a%2Cb)"),
        LinkCase("example://go?page=feed", "/tab#feed"),
        LinkCase("example://go?page=", fails: .missingParameter),
        LinkCase("example://go", fails: .missingParameter),
        // Nothing that is not declared.
        LinkCase("https://example.com/people", fails: .unmatchedPath),
        LinkCase("https://example.com/people/5/extra", fails: .unmatchedPath),
        LinkCase("https://example.com//people/5", fails: .unmatchedPath),
        LinkCase("https://example.com/people//", fails: .unmatchedPath),
        LinkCase("https://example.com/nothing", fails: .unmatchedPath),
        LinkCase("https://example.com/People/5", fails: .unmatchedPath),
        LinkCase("http://example.com/people/5", fails: .foreignScheme),
        LinkCase("ftp://example.com/people/5", fails: .foreignScheme),
        LinkCase("https://evil.example/people/5", fails: .foreignHost),
        LinkCase("https://example.com.evil.example/people/5", fails: .foreignHost),
        LinkCase("https://example.com:9999/people/5", fails: .foreignHost),
        LinkCase("https://sub.example.com/people/5", fails: .foreignHost),
        LinkCase("https:///people/5", fails: .foreignHost),
        LinkCase("https://user@example.com/people/5", fails: .invalidURL),
        LinkCase("https://evil.example@example.com/people/5", fails: .invalidURL),
        LinkCase("example.com/people/5", fails: .invalidURL),
        LinkCase("https:/example.com/people/5", fails: .invalidURL),
        LinkCase("https:example.com", fails: .invalidURL),
        LinkCase("1https://example.com", fails: .invalidURL),
        LinkCase("", fails: .invalidURL),
        LinkCase("https://example.com/people/%zz", fails: .invalidURL),
        LinkCase("https://example.com/people/%C3", fails: .invalidURL),
    ]

    @Test("a link maps to its pattern's target with the captured values as data, or fails with a typed error",
          arguments: links)
    func mapping(_ testCase: LinkCase) throws {
        let links = try Self.map()
        do {
            let path = try links.path(for: testCase.link)
            guard let expected = testCase.path else {
                Issue.record("`\(testCase.link)` mapped to `\(path)`, expected \(testCase.code?.description ?? "")")
                return
            }
            #expect(path.description == expected)
            #expect(path == (try PagePath(parsing: path.description)), "what a link maps to prints and parses back")
        } catch let error as LinkMapError {
            #expect(error.code == testCase.code, "\(error)")
            #expect(error.input == testCase.link)
            #expect(error.description.hasPrefix("cannot map link `\(testCase.link)`: "), "\(error)")
        }
    }

    @Test("captured values are data: a structural value is one parameter value")
    func valuesStayData() throws {
        let path = try Self.map().path(for: "https://example.com/people/1,evil=2)!x(y=3)")
        #expect(path.components.map(\.name) == ["tab", "contact", "person_detail"])
        #expect(path.components[2].parameters == ["id": "1,evil=2)!x(y=3)"])
        #expect(path.query.isEmpty)
    }

    @Test("a Foundation URL maps as its text does")
    func foundationURL() throws {
        let links = try Self.map()
        let url = try #require(URL(string: "https://example.com/people/a%2Fb?utm=x"))
        #expect(try links.path(for: url) == links.path(for: "https://example.com/people/a%2Fb?utm=x"))
        #expect(try links.path(for: url).components.last?.parameters["id"] == "a/b")
    }

    @Test("messages name the link and what is missing")
    func messages() throws {
        let links = try Self.map()
        let cases: [(String, String)] = [
            ("https://evil.example/people/5",
             "cannot map link `https://evil.example/people/5`: no pattern has the host `evil.example` for the scheme `https`"),
            ("ftp://example.com/x", "cannot map link `ftp://example.com/x`: no pattern has the scheme `ftp`"),
            ("https://example.com/nothing",
             "cannot map link `https://example.com/nothing`: no pattern for `https://example.com` matches its path"),
            ("https://example.com/search?scope=x",
             "cannot map link `https://example.com/search?scope=x`: the pattern "
                 + "`https://example.com/search?q={q}&scope={scope?}` requires the query parameter `q`"),
        ]
        for (link, message) in cases {
            do {
                _ = try links.path(for: link)
                Issue.record("`\(link)` mapped")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    static let badPatterns: [PatternCase] = [
        PatternCase("example.com/people/{id}", .invalidPattern),
        PatternCase("https:/example.com/people/{id}", .invalidPattern),
        PatternCase("https://example.com/people/{id", .invalidPattern),
        // Two placeholders with nothing between them: no link could say where one ends.
        PatternCase("https://example.com/people/{first}{last}", .invalidPattern),
        PatternCase("https://example.com/people/{}", .invalidPattern),
        PatternCase("https://example.com/people/{1d}", .invalidPattern),
        PatternCase("https://example.com/people/{id?}", .invalidPattern),
        PatternCase("https://example.com/{rest*}/x", .invalidPattern),
        PatternCase("https://example.com/{a}/{a}", .invalidPattern),
        PatternCase("https://example.com/{a}?a={a}", .invalidPattern),
        PatternCase("https://example.com/people//x", .invalidPattern),
        PatternCase("https://example.com/p?tab=x", .invalidPattern),
        PatternCase("https://example.com/p?={x}", .invalidPattern),
        PatternCase("https://example.com/p?a={x}&a={y}", .invalidPattern),
        PatternCase("https://example.com/p#frag", .invalidPattern),
        PatternCase("https://{host}/p", .invalidPattern),
        PatternCase("https://user@example.com/p", .invalidPattern),
        PatternCase("https://example.com/%zz", .invalidPattern),
        PatternCase("https://example.com/{id}", "/tab#{nope}", .invalidTarget),
        PatternCase("https://example.com/{id}", "tab/relative(id={id})", .invalidTarget),
        PatternCase("https://example.com/{id}", "/tab(", .invalidTarget),
        PatternCase("https://example.com/{id}", "/tab({id}=1)", .invalidTarget),
        PatternCase("https://example.com/{id}", "/tab?{id}=1", .invalidTarget),
        PatternCase("https://example.com/{id}", "/x(a={id)", .invalidTarget),
        PatternCase("https://example.com/{id}", "/x(a=id})", .invalidTarget),
        PatternCase("https://example.com/{id}", "/x(a={i d})", .invalidTarget),
        PatternCase("https://example.com/x?tab={tab?}", "/tab#{tab}", .invalidTarget),
        // The same shape as one already there: names and case of the host do not matter.
        PatternCase("https://example.com/people/{other}", .duplicatePattern),
        PatternCase("HTTPS://EXAMPLE.COM/people/{id}/", .duplicatePattern),
        PatternCase("https://example.com/people/{id}?x={x}", .duplicatePattern),
        PatternCase("https://example.com/help/{all*}", .duplicatePattern),
        PatternCase("https://example.com", .duplicatePattern),
        // Some link matches both, with neither more specific at every segment.
        PatternCase("https://example.com/{section}/5", .ambiguousPattern),
        PatternCase("https://example.com/{a}/{b}", .ambiguousPattern),
        PatternCase("https://example.com/{a}/me/settings", .ambiguousPattern),
        PatternCase("https://example.com/people/{x}/{y}/settings", .ambiguousPattern),
        PatternCase("https://example.com/{a}/b", .ambiguousPattern),
        PatternCase("https://example.com/{a}/{b}/{rest*}", .ambiguousPattern),
    ]

    @Test("an invalid, duplicate or ambiguous pattern is refused with a typed error, and the map is unchanged",
          arguments: badPatterns)
    func refusedPatterns(_ testCase: PatternCase) throws {
        var links = try Self.map()
        let before = links.patterns
        do {
            try links.add(testCase.pattern, to: testCase.target)
            Issue.record("`\(testCase.pattern)` was added")
        } catch let error as LinkMapError {
            #expect(error.code == testCase.code, "\(error)")
            #expect(error.description.hasPrefix("cannot add link pattern `\(testCase.pattern)`: "), "\(error)")
            if testCase.code == .duplicatePattern || testCase.code == .ambiguousPattern {
                #expect(error.pattern != nil)
            }
        }
        #expect(links.patterns == before)
        #expect(try links.path(for: "https://example.com/people/5").description == "/tab#contact/person_detail(id=5)")
    }

    @Test("patterns that differ in specificity everywhere in the same direction are both kept")
    func specificityOrder() throws {
        var links = LinkMap()
        try links.add("https://example.com/{a}/{b}", to: "/ab(a={a},b={b})")
        try links.add("https://example.com/x/{b}", to: "/xb(b={b})")
        try links.add("https://example.com/x/y", to: "/xy")
        try links.add("https://example.com/{rest*}", to: "/rest(r={rest})")
        try links.add("https://example.com/x/y/{tail*}", to: "/xtail(t={tail})")
        // `/x/{tail*}` would be ambiguous with `/{a}/{b}`: for `/x/y`, it is more specific at
        // the first segment and less at the second.
        #expect(throws: LinkMapError.self) { try links.add("https://example.com/x/{tail*}", to: "/t") }
        #expect(links.count == 5)
        let expectations = [
            ("https://example.com/x/y", "/xy"),
            ("https://example.com/x/z", "/xb(b=z)"),
            ("https://example.com/w/y", "/ab(a=w,b=y)"),
            ("https://example.com/w", "/rest(r=w)"),
            ("https://example.com/w/y/z", "/rest(r=w/y/z)"),
            ("https://example.com/x/y/z", "/xtail(t=z)"),
            ("https://example.com/x/y/z/%2F", "/xtail(t=z//)"),
            ("https://example.com/x/z/z", "/rest(r=x/z/z)"),
            ("https://example.com/x", "/rest(r=x)"),
        ]
        for (link, path) in expectations {
            #expect(try links.path(for: link).description == path, "\(link)")
        }
        #expect(throws: LinkMapError.self) { try links.path(for: "https://example.com") }
    }
}
