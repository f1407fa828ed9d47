import PageKit
@testable import PageKitRoutes
import Testing

/// A composed path and the text it must equal once parsed.
struct CompositionCase: Sendable, CustomStringConvertible {
    let text: String
    let compose: @Sendable () throws -> PagePath

    init(_ text: String, _ compose: @escaping @Sendable () throws -> PagePath) {
        self.text = text
        self.compose = compose
    }

    var description: String { text }
}

@Suite("Composing paths from routes", .timeLimit(.minutes(10)))
struct RouteCompositionTests {
    static let cases: [CompositionCase] = [
        CompositionCase("/tab#contact/person_detail(id=5)!compose") {
            try PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5)).presenting(Compose())
        },
        CompositionCase("/tab/contact/person_detail(id=5)") {
            try PagePath.root.showing(Tab()).showing(Contact()).showing(PersonDetail(id: 5))
        },
        CompositionCase("/tab!/compose#/contact") {
            try PagePath.root.showing(Tab()).presenting(Compose(), inNavigationStack: true)
                .embedding(Contact(), inNavigationStack: true)
        },
        CompositionCase("!compose") { try PagePath.root.presenting(Compose()) },
        CompositionCase("#/tab") { try PagePath.root.embedding(Tab(), inNavigationStack: true) },
        CompositionCase("/") { PagePath.root },
        CompositionCase(".") { PagePath.current },
        CompositionCase(".!compose") { try PagePath.current.presenting(Compose()) },
        CompositionCase("person_detail(id=5)") { try PagePath.current.showing(PersonDetail(id: 5)) },
        CompositionCase("person_detail(id=5)") { try PersonDetail(id: 5).pagePath(limits: .default) },
        CompositionCase("person_detail(id=5)/compose") { try PersonDetail(id: 5).pagePath(limits: .default).showing(Compose()) },
        CompositionCase("/tab#contact/list") {
            // Plain components mix with routes; the method decides the presentation.
            try PagePath.root.showing(PageComponent("tab")).embedding(Contact())
                .showing(PageComponent("list", presentation: .modal))
        },
        CompositionCase("/search(query=a%2Cb%29c(d,scope=x/y!z#w?v)") {
            try PagePath.root.showing(Search(query: "a,b)c(d", scope: "x/y!z#w?v"))
        },
        CompositionCase("/profile(id=5,section=sad)!search(query=)") {
            try PagePath.root.showing(Profile(personID: 5, section: .sad)).presenting(Search(query: ""))
        },
        CompositionCase("/tab#/contact!/compose") {
            // The general form, which names the presentation, and a plain component appended as it is.
            try PagePath.root.appending(PageComponent("tab")).appending(Contact(), as: .childStack)
                .appending(PageComponent("compose", presentation: .modalStack))
        },
        CompositionCase("/tab#contact/person_detail(id=5)?utm=mail") {
            var path = try PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5))
            path.query = ["utm": "mail"]
            return path
        },
    ]

    @Test("a composed path equals the path its text parses to, and prints as that text", arguments: cases)
    func composition(_ testCase: CompositionCase) throws {
        let composed = try testCase.compose()
        let parsed = try PagePath(parsing: testCase.text)
        #expect(composed == parsed)
        #expect(composed.description == testCase.text)
    }

    @Test("a route alone is the relative path of one component shown by the current page")
    func routeAlone() throws {
        let path = try PersonDetail(id: 5).pagePath(limits: .default)
        #expect(path.origin == .current(levelsUp: 0))
        #expect(!path.isAbsolute)
        #expect(path.components == [PageComponent("person_detail", parameters: ["id": "5"])])
        let base = try PagePath(parsing: "/tab#contact/list")
        #expect(try path.resolved(against: base) == PagePath(parsing: "/tab#contact/list/person_detail(id=5)"))
    }

    @Test("an app URL of composed routes reads back as the same routes")
    func urlSpelling() throws {
        let path = try PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5))
            .presenting(Search(query: "a b&c#d", scope: nil))
        let url = path.urlString(scheme: "app")
        #expect(url.hasPrefix("app://tab/contact/person_detail(id=5)!search(query=a%20b"))
        let parsed = try PagePath(parsing: url)
        #expect(try PersonDetail(decoding: parsed.components[2], query: parsed.query) == PersonDetail(id: 5))
        #expect(try Search(decoding: parsed.components[3], query: parsed.query) == Search(query: "a b&c#d"))
    }

    @Test("a route that cannot be written fails the composition with its typed error")
    func compositionFails() {
        #expect(throws: PageRouteError.self) {
            try PagePath.root.showing(Tab()).showing(Nested(address: Address(street: "x")))
        }
    }
}
