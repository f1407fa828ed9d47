import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// Sheets and full-screen covers through the SwiftUI host model: how each is shown, when
/// its transition ends, the person's swipe down, and how a sheet that confirms leaving is
/// closed.
@MainActor
@Suite("SwiftUI host model", .timeLimit(.minutes(10)))
struct SwiftUIHostModelTests {
    private func host() -> (PageHostModel, TestPage, ManualTransitionClock) {
        let clock = ManualTransitionClock()
        let host = PageHostModel(queue: TransitionQueue(clock: clock))
        let root = TestPage("root")
        host.install(root: root)
        return (host, root, clock)
    }

    struct StyleCase: Sendable, CustomStringConvertible {
        let presentation: PresentationStyle
        let fullScreen: Bool
        let detents: [SheetDetent]
        var description: String { "\(presentation)" }
    }

    nonisolated static let styles = [
        StyleCase(presentation: .automatic, fullScreen: false, detents: []),
        StyleCase(presentation: .sheet(detents: [.medium, .large]), fullScreen: false, detents: [.medium, .large]),
        StyleCase(presentation: .sheet(detents: [.fraction(0.3)]), fullScreen: false, detents: [.fraction(0.3)]),
        StyleCase(presentation: .fullScreen, fullScreen: true, detents: []),
        StyleCase(presentation: .popover(anchor: "share"), fullScreen: false, detents: []),
    ]

    @Test("`!` presents a sheet unless the step's style says full screen, with its detents, and ends when the page appears",
          arguments: styles)
    func presentationStyles(_ testCase: StyleCase) {
        let (host, root, _) = host()
        let counter = ChangeCounter(host)
        let sheet = TestPage("sheet")
        var ended = false
        host.present(sheet, from: root, animated: true, style: ShowStyle(presentation: testCase.presentation),
                     completion: TransitionCompletion { _ in ended = true })
        #expect(host.presentedPage(of: root) === sheet)
        let presentation = host.presentation(over: root)
        #expect(presentation?.page === sheet)
        #expect(presentation?.isFullScreen == testCase.fullScreen)
        #expect(presentation?.detents == testCase.detents)
        #expect(host.presentationStyle(of: sheet)?.presentation == testCase.presentation)
        #expect(counter.animations == [true])
        host.presentationDidAppear(TestPage("other"))
        #expect(!ended, "only the presented page's appearance ends it")
        host.presentationDidAppear(sheet)
        #expect(ended)
    }

    @Test("the navigator's styles reach the host: a request's and a registration's")
    func stylesFromTheNavigator() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list!compose", .presentation(.fullScreen))
        #expect(app.host.presentation(over: app.tabs)?.isFullScreen == true)
        try app.open("/tab#contact/list")
        app.navigator.registry.replace("attach", options: ShowStyle(presentation: .sheet(detents: [.medium]))) {
            ScreenPage(intent: $0)
        }
        try app.open("/tab#contact/list!attach")
        #expect(app.host.presentation(over: app.tabs)?.detents == [.medium])
    }

    @Test("a custom presentation is refused: SwiftUI has none")
    func customRefused() {
        let (host, root, _) = host()
        var failure: NavigationError.Code?
        host.present(TestPage("x"), from: root, animated: true, style: ShowStyle(presentation: .custom("card")),
                     completion: TransitionCompletion { result in
                         if case .failure(let error as NavigationError) = result { failure = error.code }
                     })
        #expect(failure == .cannotShow)
        #expect(host.presentedPage(of: root) == nil)
    }

    @Test("a presentation that never appears ends with the queue's time-out, and is taken back")
    func neverAppears() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let host = PageHostModel(queue: queue)
        let root = TestPage("root")
        host.install(root: root)
        let sheet = TestPage("sheet")
        let ticket = queue.enqueue("present sheet") { valve in
            host.present(sheet, from: root, animated: true, style: .default, completion: valve.completion(for: "present sheet"))
            return .wait
        }
        clock.advance(by: .milliseconds(1_999))
        #expect(!ticket.isResolved)
        clock.advance(by: .milliseconds(1))
        #expect(ticket.errorCode == .timedOut)
        #expect(host.presentedPage(of: root) == nil, "SwiftUI never showed it: the model does not keep it")
    }

    @Test("a dismissal ends when the dismissed level disappears, at once when not animated or never shown")
    func dismissals() {
        let (host, root, _) = host()
        let sheet = TestPage("sheet"), nested = TestPage("nested")
        host.present(sheet, from: root, animated: false, style: .default, completion: TransitionCompletion { _ in })
        host.present(nested, from: sheet, animated: false, style: .default, completion: TransitionCompletion { _ in })
        host.presentationDidAppear(sheet)
        host.presentationDidAppear(nested)
        #expect(host.presentedPage(of: sheet) === nested, "a page presented from a sheet is over the sheet's level")
        var ended = false
        host.dismissPage(presentedBy: root, animated: true, style: .default, completion: TransitionCompletion { _ in ended = true })
        #expect(host.presentedPage(of: root) == nil)
        #expect(host.presentedPage(of: sheet) == nil, "what was presented above goes too")
        host.presentationDidDisappear(nested)
        #expect(!ended, "only the page dismissed")
        host.presentationDidDisappear(sheet)
        #expect(ended)
        host.present(sheet, from: root, animated: false, style: .default, completion: TransitionCompletion { _ in })
        host.presentationDidAppear(sheet)
        var endedAtOnce = false
        host.dismissPage(presentedBy: root, animated: false, style: .default, completion: TransitionCompletion { _ in endedAtOnce = true })
        #expect(endedAtOnce)
        host.present(sheet, from: root, animated: false, style: .default, completion: TransitionCompletion { _ in })
        var neverShown = false
        host.dismissPage(presentedBy: root, animated: true, style: .default, completion: TransitionCompletion { _ in neverShown = true })
        #expect(neverShown, "no onDismiss comes for a presentation that never appeared")
    }

    @Test("a page presented from deep in a level is recorded over the level's root, whose view carries the sheet")
    func levels() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)!/compose/attach")
        let sheet = try #require(app.host.presentedPage(of: app.tabs) as? PageStackModel)
        #expect(sheet.pages.map(\.pageName) == ["compose", "attach"])
        #expect(app.host.presentedPage(of: app.list) == nil)
        try app.open("/tab#contact/list/person_detail(id=5)!/compose/attach!home_page")
        #expect(app.host.presentedPage(of: sheet)?.pageName == "home_page")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!/compose/attach!home_page")
    }

    @Test("the person swipes a sheet down: reported as the person's dismissal, recorded, and back() returns")
    func swipeDown() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list!/compose/attach")
        let before = app.path
        weak var weakSheet: (any Page)?
        weakSheet = app.host.presentedPage(of: app.tabs)
        app.host.personDismissed(try #require(weakSheet))
        #expect(app.host.presentedPage(of: app.tabs) == nil)
        #expect(app.path == "/tab#contact/list")
        #expect(app.changes == ["dismissed by the user → /tab#contact/list"])
        #expect(app.navigator.history.entries.map(\.description).suffix(2) == [before, "/tab#contact/list"])
        app.host.personDismissed(TestPage("never presented"))
        #expect(app.changes.count == 1, "a page no longer presented changes nothing")
        try app.navigator.back().outcome(within: app.clock)
        #expect(app.path == before)
        #expect(weakSheet == nil, "the dismissed sheet is freed; back() made a new one")
    }

    @Test("a sheet whose presentation waits and that the person dismisses ends that wait, on the next turn")
    func dismissedWhileAppearing() {
        let (host, root, clock) = host()
        let sheet = TestPage("sheet")
        var ended = false
        host.present(sheet, from: root, animated: true, style: .default, completion: TransitionCompletion { _ in ended = true })
        host.personDismissed(sheet)
        #expect(!ended, "not inside the binding's setter, where the next operation would start")
        clock.advance(by: .zero)
        #expect(ended)
    }

    struct CloseCase: Sendable, CustomStringConvertible {
        let policy: LeavePolicy
        let answer: Bool?
        let leaves: Bool
        var description: String { "\(policy), answer \(answer.map { "\($0)" } ?? "-")" }
    }

    nonisolated static let closeCases = [
        CloseCase(policy: .allow, answer: nil, leaves: true),
        CloseCase(policy: .refuse, answer: nil, leaves: false),
        CloseCase(policy: .confirm, answer: true, leaves: true),
        CloseCase(policy: .confirm, answer: false, leaves: false),
    ]

    @Test("a sheet's swipe is disabled unless its page allows it; a close button goes through the queue and the page's policy",
          arguments: closeCases)
    func closeButton(_ testCase: CloseCase) async throws {
        let app = SwiftUIAppFixture()
        let page = ConfirmingPage("draft", allowsLeaving: nil)
        page.policy = testCase.policy
        app.navigator.registry.replace("draft") { _ in page }
        try app.open("/tab#contact/list!draft")
        #expect(app.host.allowsSwipeDown(of: page) == (testCase.policy == .allow))
        let before = app.path
        switch (testCase.policy, try app.host.userDismisses(page)) {
        case (.refuse, .refused):
            break
        case (.allow, .leaving(let ticket)):
            app.clock.advance(by: .seconds(1))
            #expect(ticket.isResolved && ticket.errorCode == nil)
        case (.confirm, .leaving(let ticket)):
            #expect(await yieldUntil { page.isAsking })
            #expect(page.leaveRequests.last?.gesture == .swipeDown)
            #expect(app.path == before, "nothing moves while it is asked")
            page.answerLeave(testCase.answer ?? true)
            #expect(await yieldUntil { testCase.answer == false ? ticket.isResolved : app.host.presentedPage(of: app.tabs) == nil })
            app.clock.advance(by: .seconds(1))
            #expect(ticket.errorCode == (testCase.answer == false ? .refused : nil))
        case (_, let attempt):
            Issue.record("unexpected \(attempt)")
        }
        if testCase.leaves {
            #expect(app.path == "/tab#contact/list")
            #expect(app.changes == ["dismissed by the user → /tab#contact/list"])
        } else {
            #expect(app.path == before, "the sheet stays")
            #expect(app.changes.isEmpty)
        }
        #expect(throws: NavigationError.self) { try app.host.userDismisses(TestPage("not presented")) }
    }

    @Test("a page already shown is refused when presented, with a typed error, and the failure announced")
    func presentedTwice() throws {
        let app = SwiftUIAppFixture()
        var failure: NavigationError.Code?
        app.host.present(app.list, from: app.tabs, animated: true, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .alreadyInHierarchy)
        #expect(app.failures == [.alreadyInHierarchy])
        try app.open("/tab#contact/list!compose")
        var busy: NavigationError.Code?
        app.host.present(TestPage("more"), from: app.list, animated: true, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { busy = error.code }
        })
        #expect(busy == .cannotShow, "a level presents one page at a time")
    }

    @Test("`!/` makes a SwiftUI stack model, of the kind the registration names")
    func makesStacks() throws {
        let app = SwiftUIAppFixture()
        app.navigator.registry.replace("compose", options: ShowStyle(stack: "branded")) { ScreenPage(intent: $0) }
        try app.open("/tab#contact/list!/compose")
        let stack = try #require(app.host.presentedPage(of: app.tabs) as? PageStackModel)
        #expect(stack.kind == "branded")
        #expect(stack.pageName.isEmpty, "transparent: it stands for its first page")
        #expect(stack.transitionQueue === app.queue)
        #expect(stack.isOnScreen, "its view appeared with the sheet")
    }

    @Test("a sheet follows the models inside it as they come and go: a tab view pushed onto its stack, and the stack in that tab view's tab")
    func followsModelsInsideASheet() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let host = PageHostModel(queue: queue, ending: .atOnce)
        let root = TestPage("root")
        host.install(root: root)
        let sheet = PageStackModel(pages: [TestPage("compose")], queue: queue, ending: .atOnce)
        host.present(sheet, from: root, animated: false, style: .default, completion: TransitionCompletion { _ in })
        let counter = ChangeCounter(host)

        let inner = PageStackModel(name: "inbox", pages: [TestPage("mail")], queue: queue, ending: .atOnce)
        let tabs = PageTabModel(name: "picker", tabs: [inner, TestPage("recent")], queue: queue)
        sheet.push([tabs], animated: false, style: .default, completion: TransitionCompletion { _ in })
        #expect(counter.animations.count == 1, "the sheet's stack changed")
        inner.push([TestPage("draft")], animated: false, style: .default, completion: TransitionCompletion { _ in })
        #expect(counter.animations.count == 2, "a stack inside the tab view pushed onto the sheet changed")

        sheet.pop(to: sheet.containedPages[0], animated: false, style: .default, completion: TransitionCompletion { _ in })
        #expect(counter.animations.count == 3)
        inner.push([TestPage("other")], animated: false, style: .default, completion: TransitionCompletion { _ in })
        #expect(counter.animations.count == 3, "a stack no longer in the sheet is no longer followed")
        #expect(counter.animations.allSatisfy { $0 }, "a binding read anew animates")
    }
}
