import PageKit
import PageKitContainers
import Testing

/// What a failed expectation, `dump` or `print` shows of a navigator reflects its stored
/// properties, down to what its cache remembers of pages long gone. Swift Testing
/// describes a failed expectation's values that way, so a crash there would turn one
/// failure into the end of the whole test run, with no message.
@MainActor
@Suite("A navigator can be printed", .timeLimit(.minutes(10)))
struct ReflectionTests {
    @Test("dumping a navigator whose cache remembers pages that were freed prints them by identity, and does not crash")
    func dumpAfterPagesFreed() async throws {
        let queue = TransitionQueue()
        let stack = PageStackModel(name: "s", pages: [CountingParametersPage("item", id: 1)], queue: queue, ending: .atOnce)
        let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue,
                                  identifiers: .sequential())
        navigator.registry.replace("detail") { _ in CountingParametersPage("detail", id: 2) }
        try await navigator.open("/s/item(id=1)!detail", .animated(false))
        _ = navigator.currentPath  // The cache pins the presented page.
        try await navigator.open("/s/item(id=1)", .animated(false))
        #expect(navigator.currentPath.description == "/s/item(id=1)", "the presented page is gone, and freed")
        var text = ""
        dump(navigator, to: &text, maxDepth: 64)
        #expect(text.contains("PageKit.Navigator"))
        #expect(text.contains("IdentityPin") && text.contains("id: ObjectIdentifier"), "the cache's pins, by identity")
    }
}
