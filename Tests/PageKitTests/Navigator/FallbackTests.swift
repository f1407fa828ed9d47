import PageKit
import PageKitLinks
import PageKitContainers
import PageKitTestStore
import PageKitTestSupport
import Testing

/// A fixture whose registry has a `not_found` page that keeps the failures it is given.
@MainActor
final class FallbackFixture {
    let fixture = Fixture()
    private(set) var shown: [NavigationFailure] = []
    /// Whether a guard refuses requests that do not come from the app, once added.
    var refusing = false
    var navigator: Navigator { fixture.navigator }

    init(_ fallback: FallbackScreen?) throws {
        try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try navigator.links.add("https://example.com/compose", to: "/tab#contact!compose")
        try navigator.links.add("https://example.com/nobody", to: "/tab#contact/nobody")
        navigator.registry.replace("not_found") { [weak self] intent in
            if let failure = intent.payload(as: NavigationFailure.self) { self?.shown.append(failure) }
            return TestPage("not_found")
        }
        navigator.configuration.fallback = fallback
    }

    /// Lets the requests queued so far run, the fallback among them: it is queued when
    /// the failed request ends, before its caller resumes.
    func settle() async {
        let idle = await yieldUntil { fixture.queue.isIdle }
        #expect(idle, "the queue is still busy")
    }
}

@MainActor
@Suite("A fallback screen declared once for links and paths that fail", .timeLimit(.minutes(10)))
struct FallbackTests {
    @Test("a link no pattern maps fails for its caller, and then shows the fallback with the failure")
    func unmatchedLink() async throws {
        let app = try FallbackFixture(try FallbackScreen("!not_found"))
        await #expect {
            try await app.navigator.openLink("https://example.com/nowhere?x=1")
        } throws: { ($0 as? NavigationError)?.code == .invalidLink }
        await app.settle()
        #expect(app.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!not_found")
        #expect(app.shown.count == 1)
        let failure = try #require(app.shown.first)
        #expect(failure.error.code == .invalidLink)
        #expect(failure.error.path == "https://example.com/nowhere?x=1")
        #expect(failure.requested == nil)
        #expect(failure.source == .external)
    }

    @Test("each failure that means a destination leads nowhere shows it, from outside the app", arguments: [
        ("https://example.com/nobody", NavigationError.Code.notRegistered),
        ("https://example.com/compose", .notExternallyOpenable),
    ])
    func leadsNowhere(link: String, code: NavigationError.Code) async throws {
        let app = try FallbackFixture(try FallbackScreen("/tab!not_found"))
        await #expect { try await app.navigator.openLink(link) } throws: { ($0 as? NavigationError)?.code == code }
        await app.settle()
        #expect(app.navigator.currentPath.description.hasSuffix("!not_found"))
        #expect(app.shown.map(\.error.code) == [code])
        #expect(app.shown.first?.requested?.description == (try app.navigator.links.path(for: link)).description)
    }

    @Test("an external path that names no page shows it; the app's own failures do not, unless it says so")
    func sources() async throws {
        let external = try FallbackFixture(try FallbackScreen("!not_found"))
        await #expect { try await external.navigator.open("/tab#contact/nobody", .source(.external)) } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        await #expect { try await external.navigator.open("/tab#contact/nobody") } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        await external.settle()
        #expect(external.shown.map(\.source) == [.external])

        let app = try FallbackFixture(try FallbackScreen("!not_found", sources: [.app]))
        await #expect { try await app.navigator.open("/tab#contact/nobody") } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        await app.settle()
        #expect(app.shown.map(\.source) == [.app])
        #expect(app.navigator.currentPath.description.hasSuffix("!not_found"))
    }

    @Test("a guard's refusal leaves the screen as it is")
    func refusalsDoNotShowIt() async throws {
        let app = try FallbackFixture(try FallbackScreen("!not_found"))
        let before = app.fixture.snapshot
        let token = app.navigator.addGuard { _ in .refuse(reason: "signed out") }
        await #expect { try await app.navigator.openLink("https://example.com/people/7") } throws: {
            ($0 as? NavigationError)?.code == .refused
        }
        token.cancel()
        await app.settle()
        #expect(app.shown.isEmpty)
        #expect(app.fixture.snapshot == before)
    }

    @Test("a fallback that fails in its turn fails alone, and shows nothing again")
    func failingFallback() async throws {
        // The fallback is shown for the app's own failures too, as its own request is.
        let app = try FallbackFixture(try FallbackScreen("!missing_page", sources: [.external, .app]))
        let store = NavigationTestStore(navigator: app.navigator, clock: app.fixture.clock)
        let before = app.fixture.snapshot
        let link = await store.send { $0.requestLink("https://example.com/nowhere") }
        guard case .failure(let error) = link.result else {
            Issue.record("the link should fail for its caller")
            return
        }
        #expect(error.code == .invalidLink)
        // The link, then the fallback, which names an unregistered page: nothing else.
        store.receive(.failed(.invalidLink), .failed(.notRegistered))
        await store.finish()
        #expect(app.fixture.snapshot == before)
    }

    @Test("without a fallback, a failure only fails")
    func noFallback() async throws {
        let app = try FallbackFixture(nil)
        let before = app.fixture.snapshot
        await #expect { try await app.navigator.openLink("https://example.com/nowhere") } throws: {
            ($0 as? NavigationError)?.code == .invalidLink
        }
        await app.settle()
        #expect(app.shown.isEmpty)
        #expect(app.fixture.snapshot == before)
    }
}

/// Seeded random requests, good and bad, from the app and from outside, with a guard that
/// sometimes refuses: after each, the fallbacks shown are compared with a reference list
/// that adds one for each failure the declaration covers, and nothing for a fallback's
/// own failure.
@MainActor
@Suite("The fallback after random requests, against a reference list", .timeLimit(.minutes(10)))
struct FallbackModelTests {
    enum Step: CustomStringConvertible {
        case link(String)
        case open(String, NavigationSource)

        var description: String {
            switch self {
            case .link(let link): "link \(link)"
            case .open(let path, let source): "open \(path) from \(source)"
            }
        }
    }

    static func step(_ random: inout SeededRandomNumberGenerator) -> Step {
        if random.chance(0.5) {
            return .link(random.pick([
                "https://example.com/people/7", "https://example.com/people/5", "https://example.com/nowhere",
                "https://example.com/nobody", "https://example.com/compose", "not a link", "ftp://example.com/x",
            ]))
        }
        return .open(random.pick([
            "/tab#contact/nobody", "/tab#settings", "/tab#contact/person_detail(id=7)", "/tab((", "..!compose",
            "/tab#contact/list/../../../../..", "/tab#contact!compose", "/tab#nowhere",
        ]), random.pick([.app, .external]))
    }

    /// The error a request fails with, or `nil` when it succeeds.
    static func error(_ body: () async throws -> NavigationOutcome) async -> NavigationError? {
        do {
            _ = try await body()
            return nil
        } catch let error as NavigationError {
            return error
        } catch {
            Issue.record("not a NavigationError: \(error)")
            return nil
        }
    }

    @Test("fallbacks shown are exactly the covered failures, in order, whatever the declaration",
          arguments: [91, 92, 93, 94, 95, 96] as [UInt64])
    func randomRequests(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let sources = random.pick([[.external], [.app], [.external, .app]] as [Set<NavigationSource>])
        let codes = random.chance(0.7) ? FallbackScreen.defaultCodes : [.notRegistered, .invalidLink, .refused]
        // A fallback whose page is not registered fails in its turn.
        let destination = random.pick(["!not_found", "/tab!not_found", "!missing_page"])
        let app = try FallbackFixture(try FallbackScreen(destination, sources: sources, codes: codes))
        let token = app.navigator.addGuard { [app] request in
            app.refusing && request.source != .app ? .refuse(reason: "signed out") : .allow
        }
        var expected: [(NavigationError.Code, NavigationSource)] = []
        var shownFallbacks = 0
        var steps: [String] = []
        for _ in 0..<80 {
            // A known screen first, with no fallback on it, so each fallback is a new page.
            try await app.navigator.open("/tab#contact/list/person_detail(id=5)", .mode(.exact))
            app.refusing = random.chance(0.15)
            let step = Self.step(&random)
            steps.append("\(step)\(app.refusing ? " (refusing)" : "")")
            let source: NavigationSource
            let failed: NavigationError?
            switch step {
            case .link(let link):
                source = .external
                failed = await Self.error { try await app.navigator.openLink(link) }
            case .open(let path, let from):
                source = from
                failed = await Self.error { try await app.navigator.open(path, .source(from)) }
            }
            await app.settle()
            var shownNow = false
            if let failed, sources.contains(source), codes.contains(failed.code) {
                expected.append((failed.code, source))
                shownNow = destination != "!missing_page"
            }
            if shownNow { shownFallbacks += 1 }
            let context = "seed \(seed), \(destination) for \(sources) and \(codes.count) codes, after \(steps)"
            #expect(app.shown.count == shownFallbacks, "\(context)")
            // A fallback that fails shows nothing, so it is left out of the pages' list.
            let shownExpected = destination == "!missing_page" ? [] : expected
            #expect(app.shown.map(\.error.code) == shownExpected.map(\.0), "\(context)")
            #expect(app.shown.map(\.source) == shownExpected.map(\.1), "\(context)")
            #expect(app.navigator.currentPath.description.hasSuffix("!not_found") == shownNow, "\(context)")
        }
        #expect(expected.count > 3, "seed \(seed): few covered failures, \(expected.count)")
        token.cancel()
    }
}
