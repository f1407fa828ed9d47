import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// Questions asked through the SwiftUI host (`PageHostModel.ask(_:)`), on the model of
/// SwiftUI: shown over whatever is on top, answered by the person's tap, withdrawn when
/// nothing waits for them any more.
/// The question shown and the level whose `alert` or `confirmationDialog` modifier
/// presents it, if one shows.
@MainActor
private func shownQuestion(_ app: SwiftUIAppFixture) -> (level: any Page, alert: AlertPage)? {
    var level: any Page = app.tabs
    while true {
        if let alert = app.host.alert(over: level), alert.pageName == "question" { return (level, alert) }
        guard let next = app.host.presentedPage(of: level) else { return nil }
        level = next
    }
}

@MainActor
@Suite("Questions over the top in SwiftUI", .timeLimit(.minutes(10)))
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

    /// The name of the level the question shows over, if any.
    private func levelShowingQuestion(_ app: SwiftUIAppFixture) -> String? {
        shownQuestion(app)?.level.pageName
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

/// Seeded random sequences of questions, taps, taps outside, cancellations, sheets and time
/// on the SwiftUI model, against a reference that is a queue of questions: the oldest one
/// unanswered shows over the level on top once the screen has settled, and each asker gets
/// the button tapped, or `nil`.
@MainActor
@Suite("Questions over the top in SwiftUI: seeded sequences against a reference", .timeLimit(.minutes(10)))
struct SwiftUIQuestionModelTests {
    struct Reference {
        /// The questions not answered yet, oldest first: number and style.
        var pending: [(number: Int, dialog: Bool)] = []
        /// The answer each finished question got.
        var answers: [Int: String?] = [:]
    }

    @Test("200 seeded sequences of up to 30 operations agree with the reference", arguments: [11, 12, 13, 14] as [UInt64])
    func seeded(_ batch: UInt64) async throws {
        for index in 0..<50 {
            var random = SeededRandomNumberGenerator(seed: batch * 1_000 + UInt64(index))
            try await run(&random)
        }
    }

    private func run(_ random: inout SeededRandomNumberGenerator) async throws {
        let app = SwiftUIAppFixture()
        var reference = Reference()
        var tasks: [Int: Task<String?, any Error>] = [:]
        var asked = 0
        let seed = random.seed
        for step in 0..<Int.random(in: 5...30, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                asked += 1
                let number = asked
                let dialog = random.chance(0.5)
                let content = AlertContent(dialog ? .confirmationDialog : .alert, title: "Q\(number)",
                                           buttons: [AlertButton("A", id: "a\(number)"), AlertButton("B", id: "b\(number)")])
                tasks[number] = Task { try await app.host.ask(content) }
                reference.pending.append((number, dialog))
            case 2, 3:
                guard let shown = reference.pending.first else { break }
                let id = (random.chance(0.5) ? "a" : "b") + "\(shown.number)"
                if app.screen.personTapsAlertButton(id, in: app.host) {
                    reference.pending.removeFirst()
                    reference.answers[shown.number] = id
                }
            case 4:
                guard let shown = reference.pending.first, shown.dialog else { break }
                if app.screen.personTapsOutsideDialog(in: app.host) {
                    reference.pending.removeFirst()
                    reference.answers[shown.number] = .some(nil)
                }
            case 5:
                guard !reference.pending.isEmpty else { break }
                let victim = reference.pending.remove(at: Int.random(in: 0..<reference.pending.count, using: &random))
                tasks[victim.number]?.cancel()
                reference.answers[victim.number] = .some(nil)
            case 6:
                app.navigator.request(try PagePath(parsing: random.chance(0.5) ? "/tab#contact/list!compose" : "/tab#contact/list"))
            default:
                app.clock.advance(by: .milliseconds(Int.random(in: 50...1_500, using: &random)))
            }
            for _ in 0..<10 { await Task.yield() }
            try check(app, reference, "seed \(seed), step \(step)")
        }
        // Settled, the oldest unanswered question shows; cancelled, every asker gets nil.
        app.clock.advance(by: .seconds(5))
        for _ in 0..<10 { await Task.yield() }
        if let oldest = reference.pending.first {
            #expect(shownTitle(app) == "Q\(oldest.number)", "seed \(seed): the oldest shows once settled")
        }
        for (number, _) in reference.pending {
            tasks[number]?.cancel()
            reference.answers[number] = .some(nil)
        }
        for (number, task) in tasks {
            let answer = try await task.value
            #expect(reference.answers[number] == .some(answer), "seed \(seed): Q\(number) answered \(answer ?? "nil")")
        }
        #expect(!app.host.isAsking, "seed \(seed)")
    }

    /// The title of the question shown, over whichever level shows it.
    private func shownTitle(_ app: SwiftUIAppFixture) -> String? {
        shownQuestion(app)?.alert.content.title
    }

    /// At most the oldest unanswered question shows, over the level on top.
    private func check(_ app: SwiftUIAppFixture, _ reference: Reference, _ context: String) throws {
        var levels: [any Page] = [app.tabs]
        while let next = app.host.presentedPage(of: levels.last!) { levels.append(next) }
        let showing = levels.filter { app.host.alert(over: $0)?.pageName == "question" }
        #expect(showing.count <= 1, "\(context): one question at a time")
        guard let level = showing.first, let title = app.host.alert(over: level)?.content.title else { return }
        #expect(level === levels.last!, "\(context): over the level on top")
        #expect(title == reference.pending.first.map { "Q\($0.number)" }, "\(context): the oldest unanswered")
    }
}
