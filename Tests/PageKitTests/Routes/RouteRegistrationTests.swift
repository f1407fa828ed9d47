@testable import PageKit
@testable import PageKitRoutes
import PageKitTestSupport
import Testing

/// A page made from a route.
final class PersonDetailPage: RoutedPage {
    let route: PersonDetail
    init(route: PersonDetail) { self.route = route }
}

final class ProfilePage: RoutedPage {
    let route: Profile
    init(route: Profile) { self.route = route }
}

@MainActor
@Suite("Registering routes and answering by route", .timeLimit(.minutes(10)))
struct RouteRegistrationTests {
    /// Runs the factory registered for `text`'s last component, as the navigator does.
    func make(_ registry: PageRegistry, _ text: String) throws -> any Page {
        let path = try PagePath(parsing: text)
        let component = try #require(path.components.last)
        let factory = try #require(registry.entry(for: component.name)?.factory)
        return try factory(PageIntent(component: component, path: path))
    }

    @Test("the factory receives the decoded route and the intent")
    func factoryGetsRoute() throws {
        var registry = PageRegistry()
        var received: [(PersonDetail, PageIntent)] = []
        try registry.register(PersonDetail.self, externallyOpenable: true) { route, intent in
            received.append((route, intent))
            return PersonDetailPage(route: route)
        }
        #expect(registry.contains("person_detail"))
        #expect(registry.isExternallyOpenable("person_detail"))

        let page = try make(registry, "/tab#contact/person_detail(id=5)")
        #expect((page as? PersonDetailPage)?.route == PersonDetail(id: 5))
        _ = try make(registry, "app://tab/contact/person_detail?id=6")
        #expect(received.map(\.0) == [PersonDetail(id: 5), PersonDetail(id: 6)])
        #expect(received.map(\.1.component.name) == ["person_detail", "person_detail"])
    }

    @Test("a component that does not decode fails the factory with the typed error, and the factory is not called",
          arguments: [
              ("/tab/person_detail(id=abc)", PageRouteError.Code.invalidValue),
              ("/tab/person_detail", .missingParameter),
              ("/tab/person_detail(id=5,extra=1)", .unknownParameter),
          ])
    func badComponent(text: String, code: PageRouteError.Code) throws {
        var registry = PageRegistry()
        var calls = 0
        try registry.register(PersonDetail.self) { route, _ in
            calls += 1
            return PersonDetailPage(route: route)
        }
        do {
            _ = try make(registry, text)
            Issue.record("`\(text)` made a page")
        } catch let error as PageRouteError {
            #expect(error.code == code)
            #expect(error.route == "PersonDetail")
        }
        #expect(calls == 0)
        #expect(!registry.isExternallyOpenable("person_detail"), "off by default")
    }

    @Test("a route's name is taken once; replace swaps its factory")
    func duplicate() throws {
        var registry = PageRegistry()
        try registry.register(PersonDetail.self) { route, _ in PersonDetailPage(route: route) }
        #expect(throws: NavigationError.self) {
            try registry.register(PersonDetail.self) { route, _ in PersonDetailPage(route: route) }
        }
        do {
            try registry.register("person_detail") { _ in PlainPage("person_detail") }
        } catch let error as NavigationError {
            #expect(error.code == .duplicateRegistration)
        }
        #expect(registry.replace(PersonDetail.self, externallyOpenable: true) { route, _ in
            PersonDetailPage(route: PersonDetail(id: route.id + 100))
        })
        #expect(!registry.replace(Profile.self) { route, _ in ProfilePage(route: route) })
        #expect(registry.isExternallyOpenable("person_detail"))
        let page = try make(registry, "/person_detail(id=1)")
        #expect((page as? PersonDetailPage)?.route.id == 101)
        #expect(registry.names == ["person_detail", "profile"])
    }

    @Test("a routed page's name and parameters come from its route")
    func routedPageIdentity() {
        let page = ProfilePage(route: Profile(personID: 5, section: .sad))
        #expect(page.pageName == "profile")
        #expect(page.pageParameters == ["id": "5", "section": "sad"])
        #expect(page.pageDescription == "profile(id=5,section=sad)")
        #expect(ProfilePage(route: Profile(personID: 5)).pageParameters == ["id": "5"])
    }

    @Test("a routed page answers a component that decodes to an equal route, and nothing else", arguments: [
        ("person_detail(id=5)", true),
        ("person_detail(id=05)", true),
        ("person_detail(id=+5)", true),
        ("person_detail?id=5", true),
        ("person_detail?id=5&utm=mail", true),
        ("person_detail(id=5)?id=6", true),
        ("person_detail(id=6)", false),
        ("person_detail?id=6", false),
        ("person_detail(id=abc)", false),
        ("person_detail", false),
        ("person_detail(id=5,tab=photos)", false),
    ])
    func canRespond(text: String, answers: Bool) throws {
        let page = PersonDetailPage(route: PersonDetail(id: 5))
        let path = try PagePath(parsing: text)
        #expect(page.canRespond(to: path.components[0], query: path.query) == answers)
    }

    @Test("a routed page answers the component it exports, so the current path finds it again")
    func answersItsOwnComponent() throws {
        for route in [Profile(personID: 1), Profile(personID: -7, section: .soSo), Profile(personID: 0, section: .happy)] {
            let page = ProfilePage(route: route)
            let component = PageComponent(page.pageName, parameters: page.pageParameters)
            #expect(page.canRespond(to: component, query: [:]))
            let reparsed = try PagePath(parsing: PagePath([component]).description)
            #expect(page.canRespond(to: reparsed.components[0], query: reparsed.query))
        }
    }
}
