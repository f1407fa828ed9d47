import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// Questions asked through the SwiftUI host (`PageHostModel.ask(_:)`), on the model of
/// SwiftUI: shown over whatever is on top, answered by the person's tap, withdrawn when
/// nothing waits for them any more.
@MainActor
@Suite("Questions over the top in SwiftUI", .timeLimit(.minutes(2)))
struct SwiftUIQuestionTests {
    /// A sheet with a draft that asks, through the host, before it lets the draft go.
    final class DraftPage: LeaveConfirming {
        let pageName = "draft"
        let host: PageHostModel
        var draft = ""
        private(set) var answers: [String?] = []
        private(set) var isAsking = false

        init(host: PageHostModel) {
            self.host = host
        }

        func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
            draft.isEmpty ? .allow : .confirm
        }

        func canLeave(_ request: LeaveRequest) async -> Bool {
            guard !draft.isEmpty else { return true }
            isAsking = true
            defer { isAsking = false }
            let choice = try? await host.ask(Self.discard)
            answers.append(choice ?? nil)
            return choice == "discard"
        }

        static let discard = AlertContent(.confirmationDialog, title: "Discard this draft?", buttons: [
            AlertButton("Discard", id: "discard", role: .destructive), .cancel("Keep Editing"),
        ])
    }

    /// The draft sheet, an attachment sheet over it, and the draft edited: what a link
    /// that goes back to the list has to ask about.
    private func coveredDraft() throws -> (SwiftUIAppFixture, DraftPage) {
        let app = SwiftUIAppFixture()
        let draft = DraftPage(host: app.host)
        app.navigator.registry.replace("draft") { _ in draft }
        try app.open("/tab#contact/list!draft!attach")
        draft.draft = "edited"
        return (app, draft)
    }

    /// The level the question shows over, if any: the view whose `alert` or
    /// `confirmationDialog` modifier presents it.
    private func levelShowingQuestion(_ app: SwiftUIAppFixture) -> String? {
        var level: any Page = app.tabs
        while true {
            if let alert = app.host.alert(over: level), alert.pageName == "question" { return level.pageName }
            guard let next = app.host.presentedPage(of: level) else { return nil }
            level = next
        }
    }

    @Test("a page under a sheet asks over the sheet on top; the person's answer decides the request")
    func askedOverTheTop() async throws {
        for (tap, leaves) in [("discard", true), ("cancel", false)] {
            let (app, draft) = try coveredDraft()
            let before = app.path
            let leaving = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
            #expect(await yieldUntil { app.host.isAsking })
            #expect(levelShowingQuestion(app) == "attach", "over the sheet on top, where the person sees it")
            #expect(app.host.alert(over: app.host.presentedPage(of: app.tabs)!) == nil, "not from the covered draft")
            #expect(app.screen.personTapsAlertButton(tap, in: app.host))
            #expect(await yieldUntil { draft.answers.count == 1 })
            #expect(draft.answers == [tap])
            #expect(levelShowingQuestion(app) == nil && !app.host.isAsking)
            app.clock.advance(by: .seconds(10))
            let result = try #require(leaving.result)
            if leaves {
                _ = try result.get()
                #expect(app.path == "/tab#contact/list")
            } else {
                #expect(throws: NavigationError.self) { try result.get() }
                #expect(app.failures == [.refused])
                #expect(app.path == before, "both sheets stay")
            }
        }
    }

    @Test("a tap outside the dialog answers nothing: the page stays")
    func tapOutside() async throws {
        let (app, draft) = try coveredDraft()
        let before = app.path
        let leaving = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        #expect(await yieldUntil { levelShowingQuestion(app) != nil })
        #expect(app.screen.personTapsOutsideDialog(in: app.host))
        #expect(levelShowingQuestion(app) == nil, "SwiftUI took it away")
        #expect(await yieldUntil { draft.answers.count == 1 })
        #expect(draft.answers == [nil])
        app.clock.advance(by: .seconds(10))
        #expect(leaving.result.map { (try? $0.get()) == nil } == true)
        #expect(app.path == before)
        #expect(!app.screen.personTapsOutsideDialog(in: app.host), "nothing is shown any more")
    }

    @Test("a question nobody answers leaves the screen when the answer's time-out fails the request")
    func withdrawnAtTheTimeOut() async throws {
        let (app, draft) = try coveredDraft()
        let leaving = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        #expect(await yieldUntil { levelShowingQuestion(app) == "attach" })
        app.clock.advance(by: .seconds(59))
        #expect(levelShowingQuestion(app) == "attach", "still asked at 59 seconds")
        app.clock.advance(by: .seconds(1))
        #expect(leaving.result.map { result in
            if case .failure(let error) = result { return error.code == .answerTimedOut }
            return false
        } == true)
        #expect(await yieldUntil { !app.host.isAsking })
        #expect(levelShowingQuestion(app) == nil, "the asking task was cancelled, and the question withdrawn")
        #expect(await yieldUntil { draft.answers == [nil] })
        // Navigation goes on: the next request asks again, and is answered.
        let again = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        #expect(await yieldUntil { levelShowingQuestion(app) == "attach" })
        #expect(app.screen.personTapsAlertButton("discard", in: app.host))
        #expect(await yieldUntil { draft.answers == [nil, "discard"] })
        app.clock.advance(by: .seconds(10))
        _ = try #require(again.result).get()
        #expect(app.path == "/tab#contact/list")
    }

    @Test("a request cancelled while its page asks takes the question away")
    func withdrawnWhenCancelled() async throws {
        let (app, draft) = try coveredDraft()
        let leaving = app.navigator.request(try PagePath(parsing: "/tab#contact/list"))
        #expect(await yieldUntil { levelShowingQuestion(app) != nil })
        leaving.cancel()
        #expect(await yieldUntil { !app.host.isAsking })
        #expect(levelShowingQuestion(app) == nil)
        #expect(await yieldUntil { draft.answers == [nil] })
        app.clock.advance(by: .seconds(1))
        #expect(leaving.result.map { (try? $0.get()) == nil } == true)
    }

    @Test("the person's close button on a sheet with a draft asks over that sheet, through the queue")
    func closeButtonAsks() async throws {
        let app = SwiftUIAppFixture()
        let draft = DraftPage(host: app.host)
        app.navigator.registry.replace("draft") { _ in draft }
        try app.open("/tab#contact/list!draft")
        draft.draft = "edited"
        guard case .leaving(let ticket) = try app.host.userDismisses(draft) else {
            Issue.record("the close button did not queue a dismissal")
            return
        }
        #expect(await yieldUntil { levelShowingQuestion(app) == "draft" })
        #expect(app.screen.personTapsAlertButton("discard", in: app.host))
        #expect(await yieldUntil { app.host.presentedPage(of: app.tabs) == nil })
        app.clock.advance(by: .seconds(1))
        #expect(ticket.isResolved && ticket.errorCode == nil)
        #expect(app.path == "/tab#contact/list")
    }

    @Test("a question waits while a sheet is on its way and shows over it once it has appeared")
    func waitsForTheScreenToSettle() async throws {
        let app = SwiftUIAppFixture()
        let opening = app.navigator.request(try PagePath(parsing: "/tab#contact/list!compose"))
        app.clock.advance(by: .milliseconds(100))  // The sheet is on its way.
        #expect(app.host.presentedPage(of: app.tabs)?.pageName == "compose")
        let asking = Task { try await app.host.ask(AlertContent(title: "Sure?", buttons: [AlertButton("OK", id: "ok")])) }
        #expect(await yieldUntil { app.host.isAsking })
        #expect(levelShowingQuestion(app) == nil, "SwiftUI presents nothing from a level in motion")
        app.clock.advance(by: .seconds(1))
        #expect(opening.result != nil)
        #expect(levelShowingQuestion(app) == "compose")
        #expect(app.screen.personTapsAlertButton("ok", in: app.host))
        #expect(try await asking.value == "ok")
    }

    @Test("questions show one at a time, oldest first; a second answer and a bad button are refusals, not crashes")
    func oneAtATime() async throws {
        let app = SwiftUIAppFixture()
        let first = Task { try await app.host.ask(AlertContent(title: "First", buttons: [AlertButton("A", id: "a")])) }
        #expect(await yieldUntil { app.host.alert(over: app.tabs)?.content.title == "First" })
        let second = Task { try await app.host.ask(AlertContent(title: "Second", buttons: [AlertButton("B", id: "b")])) }
        for _ in 0..<10 { await Task.yield() }  // The second is asked; it waits behind the first.
        let shown = try #require(app.host.alert(over: app.tabs))
        #expect(shown.content.title == "First")
        #expect(throws: NavigationError.self) { try app.host.userChooses("b", in: shown) }
        #expect(app.host.alert(over: app.tabs) === shown, "a button it does not have answers nothing")
        guard case .awaited = try app.host.userChooses("a", in: shown) else {
            Issue.record("a question's answer goes to its asker")
            return
        }
        #expect(try await first.value == "a")
        #expect(app.host.alert(over: app.tabs)?.content.title == "Second")
        app.host.alertButtonTapped("a", in: shown)  // A second tap on the first: reported, not lost.
        #expect(app.host.alert(over: app.tabs)?.content.title == "Second")
        #expect(app.screen.personTapsAlertButton("b", in: app.host))
        #expect(try await second.value == "b")
        #expect(!app.host.isAsking)
    }

    @Test("a question that cannot be shown is a typed error; one asked by a cancelled task is not shown")
    func badQuestions() async throws {
        let app = SwiftUIAppFixture()
        let twins = AlertContent(title: "Twins", buttons: [AlertButton("A", id: "x"), AlertButton("B", id: "x")])
        await #expect { try await app.host.ask(twins) } throws: { error in
            (error as? NavigationError)?.code == .invalidAlert
        }
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await app.host.ask(AlertContent(title: "Late", buttons: [AlertButton("OK", id: "ok")]))
        }
        #expect(try await cancelled.value == nil)
        #expect(!app.host.isAsking)
    }
}
