import Foundation
import PageKit
import PageKitRestoration
import PageKitLinks
import PageKitRoutes
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

@MainActor
@Suite("Typed routes, outside links, saved state and detours through the navigator", .timeLimit(.minutes(10)))
struct LinksAndRestorationTests {
    // MARK: Routes

    @Test("a route is pushed as its component, and its factory gets the decoded route")
    func pushRoute() async throws {
        let fixture = Fixture()
        var decoded: [PersonDetail] = []
        fixture.navigator.registry.replace(PersonDetail.self, externallyOpenable: true) { route, _ in
            decoded.append(route)
            return TestPage("person_detail", ["id": "\(route.id)"])
        }
        try await fixture.navigator.open("app://tab/feed")
        try await fixture.navigator.push(PersonDetail(id: 7)).outcome()
        #expect(decoded == [PersonDetail(id: 7)])
        #expect(fixture.navigator.currentPath.description == "/tab#/feed/person_detail(id=7)")
    }

    @Test("a composed path opens like its text")
    func composedPath() async throws {
        let fixture = Fixture()
        let path = try PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5))
            .presenting(Compose())
        #expect(path == (try PagePath(parsing: "/tab#contact/person_detail(id=5)!compose")))
        try await fixture.navigator.open(path)
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(fixture.made == ["compose"])
    }

    @Test("a component its route cannot read fails before anything moves, with the route's error underneath")
    func unreadableRoute() async throws {
        let fixture = Fixture()
        var calls = 0
        fixture.navigator.registry.replace(PersonDetail.self) { route, _ in
            calls += 1
            return TestPage("person_detail", ["id": "\(route.id)"])
        }
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/contact/person_detail(id=abc)") } throws: { error in
            guard let error = error as? NavigationError, error.code == .factoryFailed,
                  let underlying = error.underlying as? PageRouteError else { return false }
            return underlying.code == .invalidValue && underlying.parameter == "id" && underlying.value == "abc"
        }
        #expect(calls == 0)
        #expect(fixture.snapshot == before)
    }

    // MARK: Outside links

    @Test("a declared link opens its page as an external request")
    func openLink() async throws {
        let fixture = Fixture()
        try fixture.navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        var sources: [NavigationSource] = []
        let token = fixture.navigator.addGuard { request in
            sources.append(request.source)
            return .allow
        }
        try await fixture.navigator.openLink("https://Example.com/people/5?utm_source=mail")
        #expect(sources == [.external])
        // The live person_detail(id=5) answers: it is revealed, nothing is made.
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(fixture.made.isEmpty)

        try await fixture.navigator.openLink(URL(string: "https://example.com/people/8")!)
        #expect(fixture.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/person_detail(id=8)")
        #expect(fixture.made == ["person_detail"])
        token.cancel()
    }

    @Test("an undeclared link is a typed error and a failed request; nothing moves")
    func undeclaredLink() async throws {
        let fixture = Fixture()
        try fixture.navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        let before = fixture.snapshot
        for link in ["https://evil.example/people/5", "https://example.com/admin", "not a link"] {
            await #expect { try await fixture.navigator.openLink(link) } throws: { error in
                guard let error = error as? NavigationError else { return false }
                return error.code == .invalidLink && error.underlying is LinkMapError
            }
            let request = fixture.navigator.requestLink(link)
            #expect(request.isResolved)
            guard case .failure(let error)? = request.result else {
                Issue.record("\(link) did not fail")
                continue
            }
            #expect(error.code == .invalidLink)
        }
        #expect(fixture.snapshot == before)
    }

    @Test("a link may only reach externally openable pages")
    func linkToInternalPage() async throws {
        let fixture = Fixture()
        try fixture.navigator.links.add("https://example.com/compose", to: "/tab#contact!compose")
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.openLink("https://example.com/compose") } throws: {
            ($0 as? NavigationError)?.code == .notExternallyOpenable
        }
        #expect(fixture.snapshot == before)
        #expect(fixture.made.isEmpty)
    }

    @Test("an audit names each link that goes wrong, and why, without moving anything")
    func audit() throws {
        let fixture = Fixture()
        try fixture.navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try fixture.navigator.links.add("https://example.com/compose", to: "/tab#contact!compose")
        try fixture.navigator.links.add("https://example.com/nowhere", to: "/tab#contact/nowhere")
        let before = fixture.snapshot
        let audit = fixture.navigator.auditLinks([
            "https://example.com/people/5",
            "https://example.com/people/6",
            "https://example.com/compose",
            "https://example.com/nowhere",
            "https://example.com/unknown",
        ])
        #expect(audit.checked == 5)
        #expect(audit.problems.map(\.link) == [
            "https://example.com/compose", "https://example.com/nowhere", "https://example.com/unknown",
        ])
        #expect(audit.problems.map(\.kind) == [.notExternallyOpenable, .unreachable, .unmatched])
        #expect(audit.problems.map(\.error.code) == [.notExternallyOpenable, .notRegistered, .invalidLink])
        #expect(audit.description.hasPrefix("5 links checked, 3 problems:\n  notExternallyOpenable https://example.com/compose: "))
        #expect(fixture.snapshot == before)
        #expect(fixture.made.isEmpty)
        #expect(fixture.navigator.auditLinks(["https://example.com/people/5"]).description == "1 links checked, 0 problems")
    }

    // MARK: Saved state

    @Test("a saved state survives JSON and is restored exactly, history included")
    func restoreRoundTrip() async throws {
        let first = Fixture()
        try await first.navigator.open("app://tab/feed/post(id=1)/detail(id=3)")
        try await first.navigator.open("/tab#contact/list!/sheet(id=2)", .mode(.exact))
        let saved = first.navigator.state
        #expect(saved.path.description == "/tab#contact/list!/sheet(id=2)")
        let data = try JSONEncoder().encode(saved)
        let state = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(state == saved)

        let second = Fixture()
        let report = try await second.navigator.restore(state)
        #expect(report.isComplete)
        #expect(report.restored == saved.path)
        #expect(second.navigator.currentPath == saved.path)
        #expect(second.navigator.history.entries == saved.history)
        #expect(second.made == ["sheet"])
        #expect(second.recorder.log.allSatisfy { !$0.hasSuffix("(animated)") })
    }

    @Test("a component no longer registered is trimmed with everything after it")
    func restoreTrimsUnknown() async throws {
        let fixture = Fixture()
        let state = NavigationState(
            path: try PagePath(parsing: "/tab#contact/list/gone(id=1)/person_detail(id=5)"),
            history: [try PagePath(parsing: "/tab#settings"),
                      try PagePath(parsing: "/tab#contact/list/gone(id=1)/person_detail(id=5)")])
        let report = try await fixture.navigator.restore(state)
        #expect(!report.isComplete)
        #expect(report.restored.description == "/tab#contact/list")
        #expect(report.trims.map(\.component.name) == ["gone"])
        #expect(report.trims.map(\.index) == [3])
        #expect(report.trims.map(\.error.code) == [.notRegistered])
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list")
        #expect(fixture.navigator.history.entries.map(\.description) == ["/tab#settings", "/tab#contact/list"])
        #expect(report.description.hasPrefix("restored /tab#contact/list (trimmed 1: /gone(id=1) at 3: "))
    }

    @Test("a factory that refuses is trimmed before anything moves, and the rest is opened")
    func restoreTrimsRefusingFactory() async throws {
        let fixture = Fixture()
        struct Refused: Error {}
        fixture.navigator.registry.replace("sheet") { _ in throw Refused() }
        _ = fixture.recorder.takeLog()
        let report = try await fixture.navigator.restore(NavigationState(
            path: try PagePath(parsing: "/tab#/feed!/sheet/compose"), history: []))
        #expect(report.restored.description == "/tab#/feed")
        #expect(report.trims.map(\.component.name) == ["sheet"])
        #expect(report.trims.map(\.error.code) == [.factoryFailed])
        #expect(fixture.navigator.currentPath.description == "/tab#/feed")
        // One run of transitions, for the trimmed path: nothing moved for the refused one.
        #expect(fixture.recorder.takeLog() == ["select [stack] in tab", "pop [post(id=1)] in stack"])
    }

    @Test("a restore whose root cannot be kept is an error")
    func restoreWrongRoot() async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        await #expect {
            try await fixture.navigator.restore(NavigationState(path: try PagePath(parsing: "/other/list"), history: []))
        } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .cannotShow
        }
        #expect(fixture.snapshot == before)
    }

    // MARK: Detours

    /// Sends every request for `settings` on a detour to a compose sheet.
    private func detourSettings(_ fixture: Fixture) throws -> ObservationToken {
        let login = try PagePath(parsing: "app://tab/contact!compose")
        return fixture.navigator.addGuard { request in
            request.to.components.last?.name == "settings" ? .detour(to: login) : .allow
        }
    }

    /// Requests `settings` and waits until its detour shows compose.
    private func requestSettingsOnDetour(_ fixture: Fixture) async -> NavigationRequest {
        let request = fixture.navigator.request("app://tab/settings")
        #expect(await yieldUntil { fixture.navigator.currentPath.components.last?.name == "compose" })
        return request
    }

    @Test("a detour lets go of the queue, shows its page, and resumes the request when it answers ok")
    func detourResumes() async throws {
        let fixture = Fixture()
        var signedIn = false
        let login = try PagePath(parsing: "app://tab/contact!compose")
        let token = fixture.navigator.addGuard { request in
            request.to.components.last?.name == "settings" && !signedIn ? .detour(to: login) : .allow
        }
        let request = await requestSettingsOnDetour(fixture)
        #expect(!request.isResolved)
        guard case .live(let compose) = try fixture.navigator.page(for: ".") else {
            Issue.record("compose is not live")
            return
        }
        #expect(compose.pageName == "compose")
        signedIn = true
        fixture.navigator.send(PageResponse(.ok), from: compose)
        let outcome = try await request.outcome()
        #expect(outcome.to.description == "/tab#settings")
        #expect(fixture.navigator.currentPath.description == "/tab#settings")
        token.cancel()
    }

    @Test("a detour that does not answer ok cancels the request")
    func detourCancelled() async throws {
        let fixture = Fixture()
        let token = try detourSettings(fixture)
        let request = await requestSettingsOnDetour(fixture)
        let compose = try #require(fixture.navigator.plan(for: ".").target.page)
        fixture.navigator.send(PageResponse(.cancelled), from: compose)
        await #expect { try await request.outcome() } throws: { ($0 as? NavigationError)?.code == .cancelled }
        #expect(fixture.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose")
        token.cancel()
    }

    @Test("while a detour waits, other requests run; cancelling the waiting request ends it")
    func detourDoesNotBlock() async throws {
        let fixture = Fixture()
        let token = try detourSettings(fixture)
        let request = await requestSettingsOnDetour(fixture)
        try await fixture.navigator.open(".!attach")
        #expect(fixture.navigator.currentPath.components.last?.name == "attach")
        request.cancel()
        await #expect { try await request.outcome() } throws: { ($0 as? NavigationError)?.code == .cancelled }
        token.cancel()
    }

    @Test("detours that lead to more detours are bounded")
    func detourLoop() async throws {
        let fixture = Fixture()
        fixture.navigator.configuration.maxRedirects = 2
        let token = try detourSettings(fixture)
        var detoursShown = 0
        let observer = fixture.navigator.observe { event in
            if case .didFinish = event.kind, event.requested?.description == "app://tab/contact!compose" {
                detoursShown += 1
            }
        }
        let request = fixture.navigator.request("app://tab/settings")
        // Each ok resumes the request, and the guard sends it on the next detour; the
        // compose page already up is reused and waited on again.
        for shown in 1...2 {
            #expect(await yieldUntil { detoursShown == shown })
            #expect(!request.isResolved)
            let compose = try #require(fixture.navigator.plan(for: ".").target.page)
            #expect(compose.pageName == "compose")
            fixture.navigator.send(PageResponse(.ok), from: compose)
        }
        await #expect { try await request.outcome() } throws: { ($0 as? NavigationError)?.code == .redirectLoop }
        #expect(detoursShown == 2)
        observer.cancel()
        token.cancel()
    }

    // MARK: Asking the guards again

    /// What the guards read.
    final class Session {
        var signedIn = true
    }

    /// A guard that sends a path to a person to settings once `session` is signed out.
    static func redirectPeopleWhenSignedOut(in fixture: Fixture, _ session: Session) -> ObservationToken {
        fixture.navigator.addGuard { request in
            request.to.components.contains { $0.name == "person_detail" } && !session.signedIn
                ? .redirect(to: try! PagePath(parsing: "/tab#settings")) : .allow
        }
    }

    @Test("revalidating moves nothing when the guards allow the path on screen")
    func revalidateAllows() async throws {
        let fixture = Fixture()
        let before = fixture.snapshot
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.revalidate().outcome()
        #expect(outcome.plan.steps.isEmpty)
        #expect(fixture.snapshot == before)
        #expect(fixture.recorder.takeLog().isEmpty)
    }

    @Test("revalidating after signing out follows the guard's redirect")
    func revalidateRedirects() async throws {
        let fixture = Fixture()
        let session = Session()
        let token = Self.redirectPeopleWhenSignedOut(in: fixture, session)
        session.signedIn = false
        let outcome = try await fixture.navigator.revalidate().outcome()
        #expect(outcome.redirectedFrom.map(\.description)
            == ["/tab#contact/list/person_detail(id=5)/home_page(id=5)"])
        #expect(fixture.navigator.currentPath.description == "/tab#settings")
        token.cancel()
    }

    // MARK: Asking again when state changes

    @Test("a change the app observes revalidates: signing out follows the guard's redirect")
    func revalidateOnChange() async throws {
        let fixture = Fixture()
        let session = Session()
        let token = Self.redirectPeopleWhenSignedOut(in: fixture, session)
        let (changes, continuation) = AsyncStream<Bool>.makeStream()
        let observation = fixture.navigator.revalidate(on: changes)
        session.signedIn = false
        continuation.yield(false)
        #expect(await yieldUntil { fixture.navigator.currentPath.description == "/tab#settings" })
        observation.cancel()
        token.cancel()
        continuation.finish()
    }

    @Test("changes while a revalidation waits or runs give one more revalidation after it, not one each")
    func revalidationCoalesces() async throws {
        let fixture = Fixture(animationDuration: .milliseconds(300))
        var asked = 0
        let token = fixture.navigator.addGuard { _ in
            asked += 1
            return .allow
        }
        let open = fixture.navigator.request("app://tab/settings")
        #expect(await yieldUntil { asked == 1 }, "the open is asked and its transition runs")
        let (changes, continuation) = AsyncStream<Int>.makeStream()
        let observation = fixture.navigator.revalidate(on: changes)
        for change in 0..<5 { continuation.yield(change) }
        for _ in 0..<50 { await Task.yield() }
        #expect(asked == 1, "the revalidation waits for the open's transition")
        fixture.clock.advance(by: .milliseconds(300))
        _ = try await open.outcome()
        #expect(await yieldUntil { asked == 3 }, "one for the first change, one for the four after it")
        for _ in 0..<50 { await Task.yield() }
        #expect(asked == 3)
        continuation.yield(5)
        #expect(await yieldUntil { asked == 4 }, "a later change revalidates again")
        observation.cancel()
        continuation.yield(6)
        for _ in 0..<50 { await Task.yield() }
        #expect(asked == 4, "a cancelled observation revalidates no more")
        token.cancel()
        continuation.finish()
    }
}
