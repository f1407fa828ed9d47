public import PageKit
public import PageKitContainers
public import PageKitTesting

/// A live hierarchy on the container models with no view, with a navigator over it:
///
///     tab [tab container, s0 selected]
///     - s0 [stack]: list, item(id=1), item(id=2), …, item(id=depth-1)
///     - s1 [stack]: the same pages (other instances)
///     - s2, s3 …
///
/// Every container ends its transitions at once (`TransitionEnd.atOnce`) and
/// shares the navigator's transition queue, whose clock is a `ManualTransitionClock`.
/// The registry is `PageRegistry.benchmark(names:)`.
@MainActor
public final class LiveTree {
    public let clock: ManualTransitionClock
    public let queue: TransitionQueue
    public let host: PageHostModel
    public let tabs: PageTabModel
    public let stacks: [PageStackModel]
    public let navigator: Navigator
    public let depth: Int

    /// - Parameters:
    ///   - tabCount: How many tabs (each a stack `s0`, `s1`, …).
    ///   - depth: How many pages each stack holds.
    ///   - registeredNames: How many names the registry holds.
    public init(tabCount: Int = 4, depth: Int, registeredNames: Int) throws {
        precondition(depth >= 2, "a stack holds list and at least one item")
        clock = ManualTransitionClock()
        queue = TransitionQueue(clock: clock)
        host = PageHostModel(queue: queue, ending: .atOnce)
        let queue = queue
        stacks = (0..<tabCount).map { tab in
            PageStackModel(name: "s\(tab)", pages: LiveTree.stackPages(depth: depth), queue: queue, ending: .atOnce)
        }
        tabs = PageTabModel(name: "tab", tabs: stacks, queue: queue, ending: .atOnce)
        navigator = Navigator(
            root: tabs, host: host, registry: try .benchmark(names: registeredNames), queue: queue,
            identifiers: .sequential(), configuration: Navigator.Configuration(animated: false))
        self.depth = depth
    }

    /// `list`, then `item(id=1)` … `item(id=depth-1)`.
    static func stackPages(depth: Int) -> [any Page] {
        [BenchPage("list")] + (1..<depth).map { BenchPage("item", ["id": String($0)]) }
    }

    /// `item(id=n)` for the page `below` pages under the top of a stack (0: the top).
    /// - Parameter below: How far under the top.
    public func item(below: Int) -> String {
        "item(id=\(depth - 1 - below))"
    }
}
