import PageKit
import PageKitContainers
import PageKitTestStore
import PageKitTestSupport
import PageKitTesting
import Testing

/// The same app as `makeStore()` builds, run by hand: a navigator, and a recorder that
/// notes each event and each change of the current path, as the store promises to.
@MainActor
private final class ReferenceApp {
    let clock = ManualTransitionClock()
    let contact: PageStackModel
    let tabs: PageTabModel
    let host: PageHostModel
    let navigator: Navigator
    /// Everything that happened, as lines, oldest first.
    private(set) var log: [String] = []
    private var lastPath: PagePath
    private var token: ObservationToken?

    init() throws {
        let driver = ClockTransitionDriver(clock: clock)
        let queue = TransitionQueue(clock: clock)
        contact = PageStackModel(name: "contact", pages: [TestPage("list")], queue: queue, ending: .driver(driver))
        tabs = PageTabModel(name: "tab", tabs: [contact, TestPage("settings")], queue: queue,
                            ending: .driver(driver))
        host = PageHostModel(queue: queue, ending: .driver(driver))
        var registry = PageRegistry()
        for name in ["person_detail", "home_page", "compose"] {
            registry.replace(name) { intent in TestPage(intent.component.name, Fixture.parameters(of: intent)) }
        }
        navigator = Navigator(root: tabs, host: host,
                              registry: registry, queue: queue, identifiers: .sequential())
        let start = navigator.request("/tab#contact/list", .mode(.exact).animated(false))
        try #require(start.isResolved)
        lastPath = navigator.currentPath
        token = navigator.observe { [weak self] event in
            self?.log.append(event.description)
            self?.notePath()
        }
    }

    func notePath() {
        let path = navigator.currentPath
        guard path != lastPath else { return }
        lastPath = path
        log.append("path: \(path)")
    }

    /// The person taps back where the store would: on `contact`, when it is on screen.
    /// - Returns: Whether there was a back button to tap.
    func userTapsBack() -> Bool {
        guard tabs.visiblePage === contact, host.presentedPage(of: tabs) == nil else { return false }
        return (try? contact.userTapsBack()) != nil
    }

    /// Moves the clock deadline by deadline, noting the path after each.
    func advance(by duration: Duration) {
        let target = clock.now + duration
        while let next = clock.nextDeadline, next <= target {
            clock.advance(to: next)
            notePath()
        }
        clock.advance(to: target)
        notePath()
    }
}

@MainActor
@Suite("The navigation test store against a reference recorder", .timeLimit(.minutes(10)))
struct NavigationTestStoreModelTests {
    /// Seeds that once failed stay here, to run first.
    nonisolated static let regressionSeeds: [UInt64] = []

    @Test("random opens, moves, gestures and time: the store's unreceived entries are the reference's, step by step",
          arguments: regressionSeeds + Array(1...40))
    func randomRuns(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let log = FailureLog()
        let store = try makeStore(log: log)
        let reference = try ReferenceApp()
        var received = 0          // how many of the reference's lines the test has received
        let paths = [
            "/tab#contact/list/person_detail(id=5)", "/tab#contact/list/person_detail(id=5)/home_page(id=5)",
            "/tab#settings", "/tab#contact/list!compose", "/tab#contact/list", "..", "/tab#contact/list/nowhere",
        ]
        for step in 0..<30 {
            receiveAll(store, reference, &received, &random, "seed \(seed), step \(step)")
            let animated = random.chance(0.5)
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1:
                let path = random.pick(paths)
                await store.open(path, .animated(animated))
                reference.navigator.request(path, .animated(animated))
            case 2:
                await store.back(1, .animated(animated))
                reference.navigator.back(1, .animated(animated))
            case 3:
                await store.up(1, .animated(animated))
                reference.navigator.up(1, .animated(animated))
            case 4:
                let tapped = (try? await store.userTapsBack()) != nil
                #expect(tapped == reference.userTapsBack(), "seed \(seed), step \(step)")
            default:
                let duration = Duration.milliseconds(Int.random(in: 0...800, using: &random))
                await store.advance(by: duration)
                reference.advance(by: duration)
            }
            reference.notePath()
            #expect(store.unreceived.map(\.description) == Array(reference.log[received...]),
                    "seed \(seed), step \(step)")
            #expect(store.currentPath == reference.navigator.currentPath, "seed \(seed), step \(step)")
        }
        receiveAll(store, reference, &received, &random, "seed \(seed), end")
        await store.advance(by: .seconds(10))
        reference.advance(by: .seconds(10))
        receiveAll(store, reference, &received, &random, "seed \(seed), end")
        await store.finish()
        #expect(log.messages == [], "seed \(seed)")
    }

    /// Receives what is pending, in chunks of random size, as exact lines.
    private func receiveAll(_ store: NavigationTestStore, _ reference: ReferenceApp, _ received: inout Int,
                            _ random: inout SeededRandomNumberGenerator, _ context: String) {
        while received < reference.log.count {
            let size = Int.random(in: 1...(reference.log.count - received), using: &random)
            let chunk = reference.log[received..<(received + size)].map {
                NavigationTestStore.Expectation(stringLiteral: $0)
            }
            store.receive(contentsOf: chunk)
            received += size
            #expect(store.unreceived.map(\.description) == Array(reference.log[received...]), "\(context)")
        }
    }
}
