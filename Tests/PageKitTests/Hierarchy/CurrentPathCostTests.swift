import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// A page that counts how often its parameters are read.
@MainActor
final class CountingParametersPage: Page {
    let pageName: String
    let id: Int
    static var reads = 0
    init(_ name: String, id: Int) {
        pageName = name
        self.id = id
    }
    var pageParameters: PageParameters {
        Self.reads += 1
        return ["id": "\(id)"]
    }
}

@MainActor
@Suite("An open reads what changed, not the whole stack", .timeLimit(.minutes(10)), .serialized)
struct CurrentPathCostTests {
    @Test("pushing and popping on a stack of 1,000 pages reads a handful of pages' parameters")
    func deepStack() async throws {
        let pages = (0..<1_000).map { CountingParametersPage("item", id: $0) }
        let queue = TransitionQueue()
        let stack = PageStackModel(name: "s", pages: pages, queue: queue, ending: .atOnce)
        let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue,
                                  identifiers: .sequential())
        navigator.registry.replace("detail") { _ in CountingParametersPage("detail", id: -1) }
        _ = navigator.currentPath  // The first read spells every page once.
        CountingParametersPage.reads = 0
        var events = 0
        let token = navigator.observe { _ in events += 1 }
        for _ in 0..<10 {
            try await navigator.open("/s/item(id=999)/detail", .animated(false))
            try await navigator.open("/s/item(id=999)", .animated(false))
        }
        #expect(stack.pages.count == 1_000)
        #expect(events == 40)
        // Each open reads the top page or two, and the page it pushes: a few per open,
        // never the thousand below.
        #expect(CountingParametersPage.reads <= 6 * 20, "\(CountingParametersPage.reads) reads for 20 opens")
        #expect(navigator.history.entries.count == 21, "the start, then each push and each pop")
        #expect(navigator.currentPath.components.count == 1_001)
        token.cancel()
    }
}
