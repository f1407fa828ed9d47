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

    /// A UIKit tab bar controller reselects after new tabs by its documented rule (the tab
    /// selected before, else the same index, else the first); the tab model does the same.
    @Test("the app's own setting of the tabs is announced and recorded as the app's, reselecting as UIKit does")
    func appSetsTabs() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#settings")
        let inbox = ScreenPage("inbox")
        try app.tabs.setTabs([app.settings, app.contact, inbox])
        #expect(app.tabs.selectedIndex == 0 && app.path == "/tab#settings", "the selected tab moved, and stays")
        #expect(app.changes == ["replaced by the app → /tab#settings"])
        #expect(app.navigator.history.last?.description == app.path)
        try app.tabs.setTabs([app.contact, inbox])
        #expect(app.path == "/tab#contact/list", "the tab at the same index, as the selected one is gone")
        try app.tabs.setTabs([app.contact, inbox])
        try app.navigator.request(try PagePath(parsing: "/tab#inbox")).outcome(within: app.clock)
        try app.tabs.setTabs([app.feed])
        #expect(app.path == "/tab#/feed", "an index past the end selects the first tab")
        #expect(app.changes == ["replaced by the app → /tab#settings", "replaced by the app → /tab#contact/list",
                                "replaced by the app → /tab#/feed"], "the same tabs again change nothing")
        #expect(app.navigator.history.last?.description == app.path)
        #expect { try app.tabs.setTabs([]) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        #expect { try app.tabs.setTabs([app.feed, app.feed]) } throws: { ($0 as? NavigationError)?.code == .alreadyInHierarchy }
        #expect(app.tabs.tabs.count == 1, "a refused setting changes nothing")
    }

    /// A tab taken away with a push still animating in it: its stack's view disappears, so
    /// the push ends rather than waiting for an appearance that never comes.
    @Test("taking away the tab a push animates in ends the push at once, on the model screen")
    func appTakesAwayTabMidPush() throws {
        let app = SwiftUIAppFixture()
        let push = app.navigator.request(try PagePath(parsing: "/tab#contact/list/home_page"))
        app.clock.advance(by: .milliseconds(50))
        #expect(!push.isResolved, "the push animates")
        try app.tabs.setTabs([app.feed, app.settings])
        #expect(app.screen.callbacks.contains("onDisappear stack contact (tab taken away)"))
        app.clock.advance(by: .milliseconds(10))
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.path == "/tab#/feed" && app.navigator.history.last?.description == app.path)
        #expect(app.queue.isIdle)
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
