import Foundation
import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import SwiftUIApp
import Testing

/// The people the example's pages load: the sample directory's, each fetch numbered.
actor CountingDirectory {
    private(set) var fetches = 0

    func person(_ id: Int) async throws -> Person {
        fetches += 1
        var person = try await ExampleNavigation.sampleDirectory(id)
        person.name += " #\(fetches)"
        return person
    }
}

/// The changes a test saw, kept by an observer.
@MainActor
final class Changes {
    var list: [String] = []
}

/// The SwiftUI example's navigation, run on Linux on the model of SwiftUI
/// (`SwiftUIScreen`): what its views would do, through the same methods.
@MainActor
@Suite("SwiftUI example", .timeLimit(.minutes(10)))
struct SwiftUIExampleTests {
    let clock = ManualTransitionClock()
    let app: ExampleNavigation
    let screen: SwiftUIScreen
    let directory = CountingDirectory()

    init() throws {
        let directory = directory
        app = try ExampleNavigation(queue: TransitionQueue(clock: clock), people: { try await directory.person($0) })
        screen = SwiftUIScreen.showing(app, on: clock)
    }

    /// Runs `work` while the model screen lets time pass.
    @discardableResult
    private func run<T: Sendable>(_ work: @escaping @MainActor () async throws -> T) async throws -> T {
        try await letTimePass(on: clock, work)
    }

    /// Opens the compose sheet as the app does, awaiting its draft, and lets it appear.
    private func openCompose() async throws -> (drafts: Task<Draft?, any Error>, sheet: PageStackModel) {
        let app = app
        let drafts = Task { try await app.compose() }
        _ = await yieldUntil { app.host.presentedPage(of: app.tabs) != nil }
        clock.advance(by: .seconds(1))
        return (drafts, try #require(app.host.presentedPage(of: app.tabs) as? PageStackModel))
    }

    @Test("the tab bar shows the example's labels")
    func tabLabels() {
        #expect(screen.tabLabels(of: app.tabs).map(\.title) == ["Contacts", "Feed", "Mail"])
        #expect(screen.tabLabels(of: app.tabs).map(\.image) == [.system("person.2"), .system("newspaper"), .system("envelope")])
    }

    @Test("onOpenURL: a declared link opens the person in the contacts tab; any other is refused with a typed error")
    func deepLinks() async throws {
        try app.tabs.userSelectsTab(1)
        let link = try #require(URL(string: "https://example.com/people/5"))
        try await run { try await app.open(link) }
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        let custom = try #require(URL(string: "example://people/6"))
        try await run { try await app.open(custom) }
        #expect(app.contacts.pages.map(\.pageDescription) == ["list", "person_detail(id=5)", "person_detail(id=6)"])
        let foreign = try #require(URL(string: "https://evil.example/people/5"))
        await #expect { try await app.open(foreign) } throws: { ($0 as? NavigationError)?.code == .invalidLink }
    }

    @Test("a person's page appears once they have loaded; an unknown one fails, typed; Refresh fetches them again")
    func loadedPerson() async throws {
        let app = app
        try await run { try await app.showPerson(5).outcome() }
        let page = try #require(app.contacts.pages.last as? PersonPage)
        #expect(page.person == Person(id: 5, name: "Cy 5 #1"))
        #expect(page.title == "Cy 5 #1", "the back button names them")
        await #expect { try await run { try await app.showPerson(100).outcome() } } throws: { error in
            guard let error = error as? NavigationError, error.code == .loadFailed else { return false }
            return (error.underlying as? UnknownPerson) == UnknownPerson(id: "100")
        }
        #expect(app.contacts.pages.map(\.pageDescription) == ["list", "person_detail(id=5)"], "nothing moved")
        try await run { try await app.refreshPerson(5).outcome() }
        #expect(app.contacts.pages.last === page, "the live page is refreshed, not made again")
        #expect(page.person == Person(id: 5, name: "Cy 5 #3"))
    }

    @Test("the follow event marks the live person followed, in the path, without a push")
    func followEvent() async throws {
        let app = app
        try await run { try await app.showPerson(5).outcome() }
        let request = app.navigator.request("app://tab/contact/person_detail/follow?id=5")
        clock.advance(by: .seconds(2))
        #expect(request.errorCode == nil)
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(following=yes,id=5)")
        #expect(app.contacts.pages.count == 2)
    }

    @Test("Unfollow asks in a confirmation dialog over the person, and unfollows only when the answer is Unfollow",
          arguments: ["unfollow", "cancel"])
    func unfollowAsksFirst(answer: String) async throws {
        let app = app
        try await run { try await app.showPerson(5).outcome() }   // the person loads first
        app.navigator.request("app://tab/contact/person_detail/follow?id=5")
        clock.advance(by: .seconds(2))
        let person = try #require(app.contacts.pages.last as? ScreenPage)
        let unfollowed = Task { try await app.unfollow(person) }
        #expect(await yieldUntil { app.host.alert(over: app.tabs) != nil })
        let dialog = try #require(app.host.alert(over: app.tabs))
        #expect(dialog.content.style == .confirmationDialog)
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(following=yes,id=5)!unfollow")
        try app.host.userChooses(answer, in: dialog)
        #expect(try await unfollowed.value == (answer == "unfollow"))
        #expect(app.host.alert(over: app.tabs) == nil)
        #expect(app.navigator.currentPath.description
            == (answer == "unfollow" ? "/tab#contact/list/person_detail(id=5)" : "/tab#contact/list/person_detail(following=yes,id=5)"))
    }

    @Test("compose opens a sheet with its own stack; Send answers the awaiting opener and closes the sheet")
    func composeAndSend() async throws {
        let app = app
        let clock = clock
        let (drafts, sheet) = try await openCompose()
        #expect(app.navigator.currentPath.description == "/tab#contact/list!/compose")
        app.navigator.request("attach")
        clock.advance(by: .seconds(1))
        #expect(sheet.pages.map(\.pageName) == ["compose", "attach"], "the sheet has its own stack")
        app.navigator.up()
        clock.advance(by: .seconds(1))
        let compose = try #require(sheet.pages.first as? ComposePage)
        compose.text = "Hello"
        app.send(from: compose)
        // The awaited open is a flow: the sheet is dismissed, then the draft returned.
        #expect(try await run { try await drafts.value } == Draft(text: "Hello"))
        #expect(!app.host.isAsking, "a sent message is not discarded")
        #expect(app.sent == [Draft(text: "Hello")])
        #expect(app.navigator.currentPath.description == "/tab#contact/list")
    }

    @Test("the compose form confirms leaving once edited: no swipe down, and Cancel asks before discarding")
    func composeConfirmsLeaving() async throws {
        let app = app
        let clock = clock
        let (drafts, sheet) = try await openCompose()
        let compose = try #require(sheet.pages.first as? ComposePage)
        #expect(screen.canSwipeDown(in: app.host) == true, "nothing written yet")
        compose.text = "Hello"
        #expect(screen.canSwipeDown(in: app.host) == false, "edited: interactiveDismissDisabled")
        #expect(!screen.personSwipesDown(in: app.host))
        // Cancel, then Keep Editing.
        guard case .leaving(let kept) = try app.cancel(from: compose) else {
            Issue.record("Cancel should ask")
            return
        }
        #expect(await yieldUntil { app.host.alert(over: sheet)?.content == ComposePage.discardQuestion })
        #expect(screen.personTapsAlertButton("keep", in: app.host))
        #expect(await yieldUntil { kept.isResolved })
        #expect(kept.errorCode == .refused)
        #expect(app.host.presentedPage(of: app.tabs) === sheet, "the sheet stays, the text with it")
        // Cancel, then Discard.
        guard case .leaving(let discarded) = try app.cancel(from: compose) else {
            Issue.record("Cancel should ask")
            return
        }
        #expect(await yieldUntil { app.host.alert(over: sheet) != nil })
        #expect(screen.personTapsAlertButton("discard", in: app.host))
        #expect(await yieldUntil { app.host.presentedPage(of: app.tabs) == nil })
        clock.advance(by: .seconds(1))
        #expect(discarded.isResolved && discarded.errorCode == nil)
        #expect(try await drafts.value == nil, "the opener hears nothing")
        #expect(app.navigator.currentPath.description == "/tab#contact/list")
    }

    @Test("a link while Attach covers an edited message asks over the sheet, where the person sees it; Discard opens the link")
    func linkWhileAttachCoversTheForm() async throws {
        let app = app
        let clock = clock
        let (drafts, sheet) = try await openCompose()
        let compose = try #require(sheet.pages.first as? ComposePage)
        compose.text = "Hello"
        app.navigator.request("attach")
        clock.advance(by: .seconds(1))
        #expect(sheet.pages.map(\.pageName) == ["compose", "attach"], "the form is covered: its own view could not ask")
        let link = try #require(URL(string: "example://people/5"))
        let opening = Task { try await app.open(link) }
        #expect(await yieldUntil { app.host.alert(over: sheet)?.content == ComposePage.discardQuestion },
                "asked over the sheet on top")
        #expect(app.host.alert(over: app.tabs) == nil, "not from the root, which presents the sheet")
        #expect(screen.personTapsAlertButton("discard", in: app.host))
        _ = try await run { try await opening.value }
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(try await drafts.value == nil, "the opener hears nothing")
    }

    @Test("the mail tab's split view: a message shows beside the mailboxes on a wide screen, pushed above them on a narrow one")
    func splitView() async throws {
        screen.show(app.mail, compact: false)
        let plan = try app.navigator.plan(for: "/tab#mail#detail/message(id=3)")
        #expect(plan.steps.map(\.description) == ["select mail in tab", "push message(id=3) onto detail"])
        try await run { try await app.showMessage(3).outcome() }
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"])

        try await run { try await app.showFolder("work").outcome() }
        screen.sizeClassChanges(compact: true, of: app.mail)
        #expect(app.navigator.currentPath.description == "/tab#mail#sidebar/mailboxes/folder(name=work)",
                "narrowing the window changes no path")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar"])
        #expect(try app.navigator.plan(for: "/tab#mail#detail/message(id=4)").steps.map(\.description) == [
            "push column detail onto mail (collapsed split view)",
            "push message(id=4) onto detail (collapsed split view: one stack in mail)",
        ])
        try await run { try await app.showMessage(4).outcome() }
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(app.mail.columns[1].pages.map(\.pageDescription) == ["welcome", "message(id=3)", "message(id=4)"])

        let link = try #require(URL(string: "example://mail/7"))
        try await run { try await app.open(link) }
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)/message(id=4)/message(id=7)",
                "a link reuses the stack as it stands and pushes on top")
    }

    @Test("on a narrow screen, switching away from the mail tab and back keeps the message on show (SSV-5)")
    func splitViewSurvivesTabSwitch() async throws {
        screen.show(app.mail, compact: true)
        try await run { try await app.showMessage(3).outcome() }
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        let changes = Changes()
        let token = app.navigator.observe { event in
            if case .changed(let change) = event.kind, change.container?.page === app.mail { changes.list.append("\(change)") }
        }
        defer { token.cancel() }

        // The detail column's onDisappear comes with the tab's: not the person's back.
        try screen.personTapsTab(0, of: app.tabs)
        clock.advance(by: .zero)
        #expect(app.navigator.currentPath.description == "/tab#contact/list")
        try screen.personTapsTab(2, of: app.tabs)
        clock.advance(by: .zero)
        #expect(app.mail.currentColumn == 1)
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(screen.callbacks.contains("onDisappear column detail") && screen.callbacks.contains("onDisappear split mail"),
                "the tab switch was acted out")
        #expect(changes.list.isEmpty, "no column change was reported: \(changes.list)")
    }

    @Test("on a narrow screen, a full-screen cover over the tabs keeps the message on show and cannot be swiped (SFC-1)")
    func splitViewSurvivesFullScreenCover() async throws {
        let app = app
        screen.show(app.mail, compact: true)
        try await run { try await app.showMessage(3).outcome() }
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        let changes = Changes()
        let token = app.navigator.observe { event in
            if case .changed(let change) = event.kind { changes.list.append("\(change)") }
        }
        defer { token.cancel() }

        try await run { try await app.navigator.open("!/compose", .presentation(.fullScreen)) }
        clock.advance(by: .zero)
        #expect(screen.callbacks.contains("onDisappear column detail") && screen.callbacks.contains("onDisappear split mail"),
                "the cover took the split view off screen")
        #expect(screen.callbacks.contains("onDisappear stack contact (tab left)")
                    && !screen.callbacks.contains("onDisappear stack contact (covered)"),
                "the contacts' stack left with its tab, before the cover came")
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)!/compose")
        #expect(!screen.personSwipesDown(in: app.host), "a full-screen cover has no swipe down")

        try await run { try await app.navigator.back().outcome() }
        clock.advance(by: .zero)
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        #expect(screen.callbacks.filter { $0 == "onAppear split mail" }.count == 2, "shown, then uncovered")
        #expect(!screen.callbacks.contains("onAppear stack contact (uncovered)"), "its tab is still not selected")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(changes.list.isEmpty, "the cover's coming and going changed nothing beneath: \(changes.list)")
        #expect(screen.disagreements.isEmpty, "\(screen.disagreements)")
    }

    @Test("a compose sheet swiped down answers nothing")
    func composeSwipedDown() async throws {
        let app = app
        let clock = clock
        let drafts = Task { try await app.compose() }
        _ = await yieldUntil { app.host.presentedPage(of: app.tabs) != nil }
        clock.advance(by: .seconds(1))
        #expect(screen.personSwipesDown(in: app.host), "a clean form swipes away")
        #expect(try await drafts.value == nil)
        #expect(app.sent.isEmpty)
    }
}

/// The SwiftUI example on iOS 18, whose `TabView` draws a tab's content only once the tab
/// is selected.
@MainActor
@Suite("SwiftUI example on iOS 18", .timeLimit(.minutes(10)))
struct SwiftUIExampleLazyTabTests {
    let clock = ManualTransitionClock()
    let app: ExampleNavigation
    let screen: SwiftUIScreen

    init() throws {
        app = try ExampleNavigation(queue: TransitionQueue(clock: clock))
        screen = SwiftUIScreen.showing(app, on: clock, behaviour: SwiftUIBehaviour(system: SystemVersion(18, 0)))
    }

    /// Runs `work` while the model screen lets time pass.
    @discardableResult
    private func run<T: Sendable>(_ work: @escaping @MainActor () async throws -> T) async throws -> T {
        try await letTimePass(on: clock, work)
    }

    @Test("on a narrow screen, a message opened from another tab before the mail tab was ever drawn is on show")
    func messageIntoASplitViewNeverShown() async throws {
        let app = app
        // The mail tab is not selected: SwiftUI has not drawn its split view yet, and its
        // model, told nothing of the width, is expanded with the sidebar current.
        screen.show(app.mail, compact: true)
        #expect(!screen.callbacks.contains("onAppear split mail"))
        app.mail.selectTab(app.mail.columns[0], animated: false, completion: TransitionCompletion { _ in })
        clock.advance(by: .zero)
        #expect(app.mail.currentColumn == 0 && !app.mail.isCollapsed)
        // Planned expanded; the split view collapses as the first step shows it, and the
        // column is then shown the collapsed way: pushed onto the one stack.
        #expect(try app.navigator.plan(for: "/tab#mail#detail/message(id=3)").steps.map(\.description) == [
            "select mail in tab", "show column detail of mail", "push message(id=3) onto detail",
        ])
        try await run { try await app.showMessage(3).outcome() }
        clock.advance(by: .zero)
        #expect(app.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        #expect(screen.shownColumns(of: app.mail) == ["sidebar", "detail"], "the message is what the person sees")
        #expect(app.mail.isCollapsed, "the split view collapsed as its tab showed it")
    }


    @Test("a TabView draws only the selected tab: a push on another tab's stack ends at once, and shows when it is chosen")
    func stacksOfOtherTabsAreOffScreen() async throws {
        let app = app
        // Contacts is selected: the feed's stack is not drawn.
        let ticket = app.feed.queued.push(ScreenPage("post", parameters: ["id": "2"]))
        clock.advance(by: .zero)
        #expect(ticket.isResolved, "no animation runs off screen, so nothing is waited for")
        #expect(!screen.callbacks.contains { $0.hasPrefix("show path of ") })

        try screen.personTapsTab(1, of: app.tabs)
        clock.advance(by: .zero)
        #expect(screen.callbacks.contains("onDisappear stack contact (tab left)"))
        #expect(screen.callbacks.contains("onAppear stack  (tab chosen)"), "\(screen.callbacks)")
        #expect(app.navigator.currentPath.description == "/tab#/feed/post(id=2)")
        // Drawn as it stands, with no animation, so the next push animates at once.
        try await run { try await app.showPost(3).outcome() }
        #expect(app.navigator.currentPath.description == "/tab#/feed/post(id=2)/post(id=3)")
        #expect(screen.violations.isEmpty && screen.disagreements.isEmpty)
    }

}

/// The SwiftUI example's windows, on the model of the platform's (`ModelWindowOpener`).
@MainActor
@Suite("SwiftUI example windows", .timeLimit(.minutes(10)))
struct SwiftUIExampleWindowTests {
    let clock = ManualTransitionClock()

    @Test("a person opens in a window of their own, where a follow event reaches only that window's person")
    func personInNewWindow() async throws {
        let opener = ModelWindowOpener(supportsMultipleWindows: true)
        let app = try ExampleWindows(opener: opener, clock: clock)
        opener.windows = app.windows
        let main = try await app.connect("main")
        let opened = try await app.openPerson(5, inNewWindowFrom: "main")
        #expect(app.windows.connected == ["main", "window 1"])
        #expect(opened === app.navigation(of: "window 1") && opened !== main)
        #expect(opened.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(main.navigator.currentPath.description == "/tab#contact/list")

        // The registry is shared; the person's page acts on its own window's navigator.
        try await main.showPerson(5).outcome()
        try await opened.navigator.open("/tab#contact/list/person_detail(id=5)/follow")
        #expect(opened.navigator.currentPath.description == "/tab#contact/list/person_detail(following=yes,id=5)")
        #expect(main.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")

        app.disconnect("window 1")
        #expect(app.navigation(of: "window 1") == nil && app.windows.connected == ["main"])
    }

    @Test("on a device with one window, the person opens in the window that asked")
    func oneWindow() async throws {
        let app = try ExampleWindows(opener: ModelWindowOpener(supportsMultipleWindows: false), clock: clock)
        let main = try await app.connect("main")
        let shown = try await app.openPerson(7, inNewWindowFrom: "main")
        #expect(shown === main && app.windows.connected == ["main"])
        #expect(main.navigator.currentPath.description == "/tab#contact/list/person_detail(id=7)")
    }

    @Test("a window restores what it saved; one opened for a request shows the request instead")
    func restoresEachWindow() async throws {
        let app = try ExampleWindows(opener: ModelWindowOpener(supportsMultipleWindows: true), clock: clock)
        let first = try await app.connect("a")
        try await first.showMessage(3).outcome()
        let saved = first.navigator.state
        app.disconnect("a")

        let again = try await app.connect("a", restoring: saved)
        #expect(again !== first)
        #expect(again.navigator.currentPath.description == "/tab#mail#detail/welcome/message(id=3)")
        let request = WindowRequest(id: "window-9", path: "/tab#contact/list/person_detail(id=2)")
        let other = try await app.connect("b", request: request, restoring: saved)
        #expect(other.navigator.currentPath.description == "/tab#contact/list/person_detail(id=2)")
    }
}

extension SwiftUIScreen {
    /// A model screen on `clock` showing the example as its root view does: the tab view,
    /// the two stacks and the sheets over the tabs.
    static func showing(_ app: ExampleNavigation, on clock: ManualTransitionClock,
                        behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) -> SwiftUIScreen {
        let screen = SwiftUIScreen(driver: ClockTransitionDriver(clock: clock), behaviour: behaviour)
        screen.show(app.tabs)
        screen.show(app.contacts)
        screen.show(app.feed)
        screen.show(app.host, root: app.tabs)
        return screen
    }
}

/// Runs `work` while the model screen lets time pass: ten seconds of the model's time at
/// most, a quarter of a second at a time, until the work is done.
@MainActor
private func letTimePass<T: Sendable>(on clock: ManualTransitionClock,
                                      _ work: @escaping @MainActor () async throws -> T) async throws -> T {
    let finished = Flag()
    let task = Task {
        defer { finished.isSet = true }
        return try await work()
    }
    for _ in 0..<40 where !finished.isSet {
        _ = await yieldUntil(limit: 20) { finished.isSet }
        clock.advance(by: .milliseconds(250))
    }
    return try await task.value
}
