import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Alerts and confirmation dialogs as destinations: registered, planned and printed like
/// pages, answered through the button chosen.
@MainActor
@Suite("Alerts as destinations", .timeLimit(.minutes(10)))
struct AlertTests {
    private static let delete = AlertContent(title: "Delete?", buttons: [.destructive("Delete", id: "delete"), .cancel()])

    /// The worked example with a `delete` alert (its title names the `name` parameter) and
    /// a `share` confirmation dialog; transitions take `animationDuration` when given.
    private func fixture(animationDuration: Duration? = nil) throws -> Fixture {
        let fixture = Fixture(animationDuration: animationDuration)
        var registry = fixture.navigator.registry
        try registry.registerAlert("delete") { intent in
            AlertContent(title: "Delete \(intent.parameter("name") ?? "it")?",
                         buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        try registry.registerAlert("share") { _ in
            AlertContent(.confirmationDialog, title: "Share", buttons: [AlertButton("Mail", id: "mail")])
        }
        fixture.navigator.registry = registry
        return fixture
    }

    private func changes(of fixture: Fixture) -> (token: ObservationToken, log: ChangeLog) {
        let log = ChangeLog()
        let token = fixture.navigator.observe { event in
            if case .changed(let change) = event.kind {
                log.entries.append("\(change.kind) [\(change.pages.map(\.description).joined(separator: ", "))] by \(change.source)")
            }
        }
        return (token, log)
    }

    // MARK: Content

    @Test("the content gets the buttons the platforms add, and refuses what they cannot show")
    func validation() throws {
        #expect(try AlertContent(title: "Saved").validated().buttons == [AlertButton("OK", id: "ok")])
        let dialog = try AlertContent(.confirmationDialog, title: "Share", buttons: [AlertButton("Mail")]).validated()
        #expect(dialog.buttons.map(\.id) == ["Mail", "cancel"], "a dialog always has a way out")
        #expect(try Self.delete.validated() == Self.delete)
        #expect(Self.delete.description == "alert \"Delete?\" [delete (destructive), cancel (cancel)]")

        let cases: [(AlertContent, String)] = [
            (AlertContent(title: "x", buttons: [.cancel(), .cancel("No", id: "no")]), "2 cancel buttons"),
            (AlertContent(title: "x", buttons: [AlertButton("A", id: "a"), AlertButton("B", id: "a")]),
             "two of its buttons answer `a`"),
            (AlertContent(title: "x", buttons: [AlertButton("", id: "a")]), "its button `a` has no title"),
        ]
        for (content, message) in cases {
            #expect { try content.validated() } throws: { error in
                guard let error = error as? NavigationError else { return false }
                return error.code == .invalidAlert && error.reason.contains(message)
            }
        }
        #expect { try AlertPage(name: "bad", content: cases[0].0) } throws: {
            ($0 as? NavigationError)?.component == "bad"
        }
    }

    // MARK: Opening and answering

    @Test("an alert opened and awaited answers with the button chosen, after it is gone")
    func awaitedAnswer() async throws {
        let fixture = try fixture()
        let (token, log) = changes(of: fixture)
        let plan = try fixture.navigator.plan(for: "app://tab/contact/home_page!delete(name=Ada)")
        #expect(plan.description.hasSuffix("1. present delete(name=Ada) from home_page(id=5) as alert"), "\(plan)")
        let open = Task { try await fixture.navigator.open("app://tab/contact/home_page!delete(name=Ada)",
                                                           expecting: AlertChoice.self) }
        #expect(await yieldUntil { fixture.host.alert(over: fixture.tabs) != nil })
        let alert = try #require(fixture.host.alert(over: fixture.tabs))
        #expect(alert.content.title == "Delete Ada?")
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!delete(name=Ada)")
        #expect(fixture.host.presentation(over: fixture.home, fullScreen: false) == nil, "an alert is never a sheet")

        let delivery = try fixture.host.userChooses("delete", in: alert)
        #expect({ if case .awaited = delivery { true } else { false } }(), "\(delivery)")
        let reply = try #require(try await open.value)
        #expect(reply.status == .ok)
        #expect(reply.payload == AlertChoice(button: "delete", role: .destructive))
        #expect(fixture.host.alert(over: fixture.tabs) == nil)
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        #expect(log.entries == ["dismissed [delete(name=Ada)] by the user"], "gone, then answered: as the platforms do")
        withExtendedLifetime(token) {}
    }

    @Test("a request cannot show an alert as a sheet")
    func alwaysAnAlert() throws {
        let fixture = try fixture()
        let plan = try fixture.navigator.plan(for: "app://tab/contact/home_page!delete", .presentation(.sheet))
        #expect(plan.description.hasSuffix("1. present delete from home_page(id=5) as alert"), "\(plan)")
    }

    @Test("the cancel button answers `cancelled`")
    func cancelButton() async throws {
        let fixture = try fixture()
        let open = Task { try await fixture.navigator.open("app://tab/contact/home_page!delete", expecting: AlertChoice.self) }
        #expect(await yieldUntil { fixture.host.alert(over: fixture.tabs) != nil })
        try fixture.host.userChooses("cancel", in: #require(fixture.host.alert(over: fixture.tabs)))
        let reply = try #require(try await open.value)
        #expect(reply.status == .cancelled && reply.payload?.button == "cancel" && reply.payload?.role == .cancel)
    }

    @Test("an answer nobody awaits bubbles from the page the alert was presented over")
    func bubblesFromThePresenter() async throws {
        let fixture = try fixture()
        fixture.home.consumesResponses = true
        try await fixture.navigator.open("app://tab/contact/home_page!delete")
        let alert = try #require(fixture.host.alert(over: fixture.tabs))
        let delivery = try fixture.host.userChooses("delete", in: alert)
        guard case .consumed(let page) = delivery else {
            Issue.record("expected home_page to consume it, got \(delivery)")
            return
        }
        #expect(page.name == "home_page")
        #expect(fixture.home.receivedResponses == [.ok])
    }

    @Test("an alert answers once, and only with one of its buttons")
    func answersOnce() async throws {
        let fixture = try fixture()
        try await fixture.navigator.open("app://tab/contact/home_page!delete")
        let alert = try #require(fixture.host.alert(over: fixture.tabs))
        #expect { try fixture.host.userChooses("archive", in: alert) } throws: { error in
            (error as? NavigationError)?.code == .invalidAlert
                && (error as? NavigationError)?.reason.contains("no button `archive`") == true
        }
        #expect(fixture.host.alert(over: fixture.tabs) === alert, "a wrong button dismisses nothing")
        try fixture.host.userChooses("cancel", in: alert)
        #expect(alert.choice == AlertChoice(button: "cancel", role: .cancel))
        #expect { try alert.choose("delete") } throws: { error in
            (error as? NavigationError)?.reason.contains("already answered `cancel`") == true
        }
    }

    // MARK: Going without an answer

    @Test("a plan that moves below an alert dismisses it, and an awaiting open ends with nil one turn later")
    func dismissedByAPlan() async throws {
        let fixture = try fixture()
        let open = Task { try await fixture.navigator.open("app://tab/contact/home_page!delete", expecting: AlertChoice.self) }
        #expect(await yieldUntil { fixture.host.alert(over: fixture.tabs) != nil })
        let plan = try fixture.navigator.plan(for: "app://tab/settings")
        #expect(plan.description.contains("dismiss delete"), "\(plan)")
        try await fixture.navigator.open("app://tab/settings")
        #expect(fixture.host.alert(over: fixture.tabs) == nil)
        fixture.clock.advance(by: .zero)
        #expect(try await open.value == nil)
    }

    @Test("an awaiting open ends with nil when the request that dismisses its alert is cancelled as the alert goes")
    func dismissedByACancelledRequest() async throws {
        let fixture = try fixture(animationDuration: .milliseconds(300))
        let ended = Flag()
        let open = Task {
            defer { ended.isSet = true }
            return try await fixture.navigator.open("app://tab/contact/home_page!delete", expecting: AlertChoice.self)
        }
        for _ in 0..<20 where fixture.host.alert(over: fixture.tabs) == nil || !fixture.queue.isIdle {
            await Task.yield()
            fixture.clock.advance(by: .milliseconds(100))
        }
        #expect(fixture.host.alert(over: fixture.tabs) != nil && fixture.queue.isIdle)
        let settings = fixture.navigator.request("app://tab/settings")
        await Task.yield()
        fixture.clock.advance(by: .milliseconds(100))
        #expect(!fixture.queue.isIdle, "the alert's dismissal runs")
        fixture.queue.cancelAll()
        for _ in 0..<20 {
            await Task.yield()
            fixture.clock.advance(by: .milliseconds(100))
        }
        let cancelled = if case .failure(let error)? = settings.result { error.code == .cancelled } else { false }
        #expect(cancelled, "\(String(describing: settings.result))")
        #expect(fixture.host.alert(over: fixture.tabs) == nil, "the dismissal that began ran to its end")
        #expect(await yieldUntil { ended.isSet }, "the open still waits for an alert that is gone")
        if ended.isSet { #expect(try await open.value == nil) } else { open.cancel() }
    }

    @Test("a dialog the person taps outside of goes without an answer")
    func tapOutside() async throws {
        let fixture = try fixture()
        let open = Task { try await fixture.navigator.open("app://tab/contact/home_page!share", expecting: AlertChoice.self) }
        #expect(await yieldUntil { fixture.host.alert(over: fixture.tabs) != nil })
        try fixture.host.alertPresentationChanged(isPresented: false, of: #require(fixture.host.alert(over: fixture.tabs)))
        #expect(fixture.host.alert(over: fixture.tabs) == nil)
        fixture.clock.advance(by: .zero)
        #expect(try await open.value == nil)
    }

    // MARK: Where an alert may be

    @Test("an alert is presented, last on its path", arguments: [
        ("app://tab/contact/delete", "it can only be presented, with `!delete`"),
        ("app://tab/contact/home_page!/delete", "it can only be presented, with `!delete`"),
        ("app://tab/contact/home_page!delete!compose", "nothing shows above an alert"),
        ("app://tab/contact/home_page!delete/compose", "nothing shows above an alert"),
    ])
    func placement(path: String, reason: String) throws {
        let fixture = try fixture()
        #expect { try fixture.navigator.plan(for: path) } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .cannotShow && error.component == "delete" && error.reason.contains(reason)
        }
    }

    @Test("a live alert is reused for the same parameters, replaced for others, and shows nothing above it")
    func liveAlert() async throws {
        let fixture = try fixture()
        try await fixture.navigator.open("app://tab/contact/home_page!delete(name=Ada)")
        let first = try #require(fixture.host.alert(over: fixture.tabs))
        try await fixture.navigator.open("app://tab/contact/home_page!delete(name=Ada)")
        #expect(fixture.host.alert(over: fixture.tabs) === first)
        #expect { try fixture.navigator.plan(for: "app://tab/contact/home_page!delete(name=Ada)!compose") } throws: {
            ($0 as? NavigationError)?.reason.contains("nothing shows above an alert") == true
        }
        try await fixture.navigator.open("app://tab/contact/home_page!delete(name=Bob)")
        let second = try #require(fixture.host.alert(over: fixture.tabs))
        #expect(second !== first && second.content.title == "Delete Bob?")
        fixture.host.alertPresentationChanged(isPresented: false, of: first)
        #expect(fixture.host.alert(over: fixture.tabs) === second, "a late write for the replaced alert leaves the new one")
    }

    @Test("a relative path from a live alert shows nothing above it either: refused when planned, naming the alert",
          arguments: [".!share", ".!compose", "./compose", ".!/compose"])
    func relativePathAboveAnAlert(path: String) async throws {
        let fixture = try fixture()
        try await fixture.navigator.open("app://tab/contact/home_page!delete")
        #expect { try fixture.navigator.plan(for: path) } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .cannotShow && error.component == "delete" && error.reason.contains("nothing shows above an alert")
        }
        let request = fixture.navigator.request(path)
        fixture.clock.advance(by: .zero)
        let refused = if case .failure(let error)? = request.result { error.code == .cannotShow } else { false }
        #expect(refused, "\(String(describing: request.result))")
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!delete")
        #expect(try fixture.navigator.plan(for: "..!share").description.contains("present share"),
                "climbing off the alert first is fine")
    }

    @Test("saved state leaves the alert out: a restored app does not ask again")
    func stateLeavesAlertsOut() async throws {
        let fixture = try fixture()
        try await fixture.navigator.open("app://tab/contact/home_page!delete")
        #expect(fixture.navigator.state.path.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
    }

    // MARK: A seeded model

    /// Random opens, answers, dismissals and moves elsewhere, against a reference that
    /// knows which alert shows and what each awaiting open must end with.
    @Test("seeded sequences of alerts agree with a reference model", arguments: [3, 17, 42, 101])
    func seededModel(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let fixture = try fixture()
        var shown: String?  // The name and parameter of the alert that shows, as the reference sees it.
        var waits: [(task: Task<PageReply<AlertChoice>?, any Error>, expected: AlertChoice?)] = []
        var pending: Int?  // The wait that the alert on screen answers.
        for _ in 0..<60 {
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
                let name = ["Ada", "Bob"][Int.random(in: 0..<2, using: &random)]
                let key = "delete(name=\(name))"
                if shown != key, let index = pending {
                    waits[index].expected = nil  // Replaced: the old one goes without an answer.
                    pending = nil
                }
                if shown != key {
                    let task = Task { try await fixture.navigator.open("app://tab/contact/home_page!\(key)",
                                                                       expecting: AlertChoice.self) }
                    waits.append((task, nil))
                    pending = waits.count - 1
                    shown = key
                } else {
                    try await fixture.navigator.open("app://tab/contact/home_page!\(key)")
                }
            case 2:
                guard shown != nil, let alert = fixture.host.alert(over: fixture.tabs) else { continue }
                let button = ["delete", "cancel", "other"][Int.random(in: 0..<3, using: &random)]
                if button == "other" {
                    #expect(throws: NavigationError.self) { try fixture.host.userChooses(button, in: alert) }
                    continue
                }
                try fixture.host.userChooses(button, in: alert)
                if let index = pending { waits[index].expected = AlertChoice(button: button, role: button == "delete" ? .destructive : .cancel) }
                pending = nil
                shown = nil
            case 3:
                try await fixture.navigator.open("app://tab/settings")
                pending = nil
                shown = nil
            default:
                if let alert = fixture.host.alert(over: fixture.tabs) {
                    fixture.host.alertPresentationChanged(isPresented: false, of: alert)
                }
                pending = nil
                shown = nil
            }
            await Task.yield()
            fixture.clock.advance(by: .zero)
            let live = fixture.host.alert(over: fixture.tabs)
            #expect(live.map { "\($0.pageName)(name=\($0.pageParameters["name"] ?? ""))" } == shown)
        }
        if let alert = fixture.host.alert(over: fixture.tabs) {
            fixture.host.alertPresentationChanged(isPresented: false, of: alert)
        }
        fixture.clock.advance(by: .zero)
        for wait in waits {
            let reply = try await wait.task.value
            #expect(reply?.payload == wait.expected)
        }
    }
}

@MainActor
private final class ChangeLog {
    var entries: [String] = []
}
