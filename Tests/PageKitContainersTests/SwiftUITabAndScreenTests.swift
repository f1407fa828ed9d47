import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// The SwiftUI tab model and screen pages.
@MainActor
@Suite("SwiftUI tab model and screens", .timeLimit(.minutes(10)))
struct SwiftUITabAndScreenTests {
    @Test("the navigator's selections change the tab model at once; the person's taps are reported as the person's")
    func tabs() throws {
        let app = SwiftUIAppFixture()
        let counter = ChangeCounter(app.tabs)
        let request = app.navigator.request(try PagePath(parsing: "/tab#settings"))
        #expect(request.isResolved && request.errorCode == nil, "a TabView does not animate a selection")
        #expect(app.tabs.selectedIndex == 2)
        #expect(counter.animations == [true])
        #expect(app.changes.isEmpty, "the navigator's own change is its request's")
        try app.tabs.userSelectsTab(1)
        #expect(app.path == "/tab#/feed")
        #expect(app.changes == ["selected by the user → /tab#/feed"])
        try app.tabs.userSelectsTab(1)
        #expect(app.changes.count == 1, "tapping the selected tab changes nothing")
        #expect { try app.tabs.userSelectsTab(3) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        try app.navigator.back().outcome(within: app.clock)
        #expect(app.path == "/tab#settings")
    }

    @Test("a tab without a label is called by its name, a transparent stack by its first page's")
    func titles() {
        let app = SwiftUIAppFixture()
        #expect(app.tabs.tabs.map(PageTabModel.title(of:)) == ["contact", "feed", "settings"])
    }

    @Test("a tab model that accepts new tabs adds them; one that does not refuses")
    func newTabs() throws {
        let app = SwiftUIAppFixture()
        #expect(throws: NavigationError.self) { try app.open("/tab#compose") }
        app.tabs.acceptsNewTabs = true
        try app.open("/tab#compose")
        #expect(app.tabs.tabs.map(\.pageName) == ["contact", "", "settings", "compose"])
        #expect(app.tabs.selectedIndex == 3)
    }

    @Test("registerScreen makes screen pages that keep the named query keys and read parameters and payloads")
    func screenPages() throws {
        let app = SwiftUIAppFixture()
        try app.open("app://tab/contact/person_detail?id=5&ref=mail", .payload("hello"))
        let page = try #require(app.contact.pages.last as? ScreenPage)
        #expect(page.pageParameters == ["id": "5"], "only `id` is its own")
        #expect(page.parameter("ref") == "mail", "the rest of the query is read from its intent")
        #expect(page.payload(as: String.self) == "hello")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        let counter = ChangeCounter(page)
        try app.open("app://tab/contact/person_detail?id=5&ref=push")
        #expect(page.parameter("ref") == "push", "an open that reveals it hands it its intent")
        page.updateParameters(["id": "6"])
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(id=6)")
        #expect(counter.animations == [true, true], "its view is told both times")
        #expect(throws: NavigationError.self) {
            var registry = PageRegistry()
            try registry.registerScreen("x")
            try registry.registerScreen("x")
        }
    }
}
