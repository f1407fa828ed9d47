import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// UIKit and SwiftUI containers in one app share one queue. UIKit's containers cannot run
/// on Linux, so a tab model and a stack model timed by a driver stand for UIKit's (each
/// transition takes an animation's time, a selection too); the stack in a tab and the sheets are SwiftUI's models, each destination's
/// appearance driven by the same clock.
@MainActor
@Suite("SwiftUI and UIKit containers share one queue", .timeLimit(.minutes(10)))
struct SwiftUIOneQueueTests {
    @Test("a deep link crosses the tab, a SwiftUI stack and a sheet's stack, each step waiting for its page to appear")
    func deepLinkAcrossSwiftUI() throws {
        let app = SwiftUIAppFixture()
        try app.tabs.userSelectsTab(2)
        let first = app.navigator.request(try PagePath(parsing: "app://tab/contact/person_detail!/compose/attach?id=5"))
        // The second request starts as soon as the first ends, so read the path then.
        var pathAtFirst = ""
        first.onResolve { _ in pathAtFirst = app.path }
        let second = app.navigator.request(try PagePath(parsing: "app://tab/feed/post?id=1"))
        #expect(app.tabs.selectedIndex == 0, "the selection ends at once")
        #expect(app.contact.pages.map(\.pageName) == ["list", "person_detail"])
        app.clock.advance(by: .milliseconds(349))
        #expect(app.host.presentedPage(of: app.tabs) == nil, "the sheet waits for person_detail to appear")
        app.clock.advance(by: .milliseconds(1))
        let sheet = try #require(app.host.presentedPage(of: app.tabs) as? PageStackModel)
        #expect(sheet.pages.map(\.pageName) == ["compose", "attach"])
        app.clock.advance(by: .milliseconds(349))
        #expect(!first.isResolved)
        app.clock.advance(by: .milliseconds(1))
        #expect(first.isResolved && first.errorCode == nil)
        #expect(pathAtFirst == "/tab#contact/list/person_detail(id=5)!/compose/attach")
        #expect(app.host.presentedPage(of: app.tabs) == nil, "the second's dismissal has begun")
        // The second: dismiss (until the sheet's level disappears), select at once, push post.
        app.clock.advance(by: .milliseconds(350))
        #expect(app.host.presentedPage(of: app.tabs) == nil)
        #expect(app.tabs.selectedIndex == 1)
        #expect(app.feed.pages.map(\.pageName) == ["feed", "post"])
        #expect(!second.isResolved)
        app.clock.advance(by: .milliseconds(350))
        #expect(second.isResolved && second.errorCode == nil)
        #expect(app.path == "/tab#/feed/post(id=1)")
        #expect(app.driver.maxInFlight == 1, "no two transitions overlapped")
        // person_detail appears, the sheet appears, the sheet goes, post appears; the
        // selections end at once.
        #expect(app.screen.appearances == 4)
        #expect(app.queue.isIdle)
    }

    @Test("a UIKit tab bar (stood in for by a tab model timed by a driver) and SwiftUI's stack and sheets share one queue: nothing overlaps, every request ends, the path is right")
    func mixed() throws {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let timing = ClockTransitionDriver(clock: clock)
        let driver = OverlapCheckingDriver(next: timing)
        let screen = SwiftUIScreen(driver: driver, clock: clock, animationDuration: timing.duration)
        // SwiftUI: the contact stack and every presentation.
        let contact = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
        let host = PageHostModel(queue: queue)
        // UIKit, as models timed by the driver: the tab bar and the settings stack.
        let settings = PageStackModel(name: "settings", pages: [PlainPage("general")], queue: queue, ending: .driver(driver))
        let tabs = PageTabModel(name: "tab", tabs: [contact, settings], selectedIndex: 1, queue: queue,
                                ending: .driver(driver))
        var registry = PageRegistry()
        for name in ["compose", "attach", "home_page"] { try registry.registerScreen(name) }
        try registry.registerScreen("person_detail", keeping: ["id"])
        registry.replace("privacy") { _ in PlainPage("privacy") }
        let navigator = Navigator(root: tabs, host: host, registry: registry, queue: queue, identifiers: .sequential())
        screen.show(contact)
        screen.show(host, root: tabs)
        var changes: [String] = []
        let token = navigator.observe { event in
            if case .changed(let change) = event.kind { changes.append("\(change.kind.rawValue) by \(event.source)") }
        }
        defer { token.cancel() }

        var paths: [String] = []
        let first = navigator.request(try PagePath(parsing: "app://tab/contact/person_detail!/compose/attach?id=5"))
        first.onResolve { _ in paths.append(navigator.currentPath.description) }
        let push = contact.queued.push(ScreenPage("home_page"))
        push.onResolve { _ in paths.append(navigator.currentPath.description) }
        let second = navigator.request(try PagePath(parsing: "/tab#settings/general/privacy"))
        second.onResolve { _ in paths.append(navigator.currentPath.description) }
        let third = navigator.request(try PagePath(parsing: "/tab#contact/list/person_detail(id=5)!compose"))
        third.onResolve { _ in paths.append(navigator.currentPath.description) }

        var elapsed = Duration.zero
        while elapsed < .seconds(10) {
            clock.advance(by: .milliseconds(50))
            elapsed += .milliseconds(50)
            #expect(timing.inFlight <= 1, "at \(elapsed)")
        }
        #expect(driver.overlaps.isEmpty, "\(driver.overlaps)")
        #expect(timing.maxInFlight == 1)
        for request in [first, second, third] {
            #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        }
        #expect(push.isResolved && push.errorCode == nil)
        #expect(paths == [
            "/tab#contact/list/person_detail(id=5)!/compose/attach",
            "/tab#contact/list/person_detail(id=5)/home_page!/compose/attach",
            "/tab#settings/general/privacy",
            "/tab#contact/list/person_detail(id=5)!compose",
        ])
        #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(changes == ["pushed by the app"], "the SwiftUI stack reports the app's queued push")
        #expect(queue.isIdle)
        // Select contact (UIKit), push (SwiftUI), present (SwiftUI); push; dismiss (SwiftUI),
        // select, push (UIKit); select (UIKit), pop (SwiftUI), present (SwiftUI).
        #expect(clock.now == .seconds(10))
    }
}
