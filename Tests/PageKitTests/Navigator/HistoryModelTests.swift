import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// The history and `back(n)` against a small reference: a list of the paths shown, which
/// records each change of the current path (the navigator's or the person's), keeps the
/// newest `historyCapacity`, and which `back(n)` walks: the path `n` entries back is
/// shown again, exactly, and the entries after it are forgotten.
@MainActor
@Suite("The history and back(n) against a list of the paths shown, over random sequences", .timeLimit(.minutes(10)))
struct HistoryModelTests {
    static let names = ["compose", "attach", "sheet", "post", "detail"]

    @Test("400 seeded sequences of opens, the person's tab taps and back(n) agree with the list", arguments: 0..<2)
    func randomSequences(batch: Int) async throws {
        var backs = 0
        var refusedBacks = 0
        var trimmed = 0
        for seed in (0..<200).map({ UInt64(11_000 + batch * 200 + $0) }) {
            var random = SeededRandomNumberGenerator(seed: seed)
            let fixture = Fixture()
            let navigator = fixture.navigator
            let capacity = Int.random(in: 2...8, using: &random)
            navigator.configuration.historyCapacity = capacity
            var expected = navigator.history.entries.map(\.description)
            var log = ["seed \(seed), capacity \(capacity)"]
            for _ in 0..<Int.random(in: 5...30, using: &random) {
                let before = navigator.currentPath
                let name = random.pick(Self.names)
                let id = Int.random(in: 1...3, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<6:
                    let text = random.pick([
                        "app://tab/contact/\(name)(id=\(id))", "app://tab/feed/\(name)(id=\(id))", ".!\(name)(id=\(id))",
                        "app://tab/settings", "app://tab/contact/list", "\(name)(id=\(id))",
                    ])
                    log.append("  open \(text)")
                    _ = try? await navigator.open(text, .animated(false))
                case 6:
                    let tab = Int.random(in: 0...2, using: &random)
                    log.append("  the person taps tab \(tab)")
                    try? fixture.tabs.userSelectsTab(tab)
                default:
                    let count = random.pick([1, 1, 2, 3])
                    log.append("  back(\(count))")
                    guard count < expected.count else {
                        await #expect { try await navigator.back(count, .animated(false)).outcome() } throws: {
                            ($0 as? NavigationError)?.code == .outOfRange
                        }
                        #expect(navigator.currentPath == before, "\(log.joined(separator: "\n"))")
                        refusedBacks += 1
                        continue
                    }
                    let target = expected[expected.count - 1 - count]
                    try await navigator.back(count, .animated(false)).outcome()
                    #expect(navigator.currentPath.description == target, "\(log.joined(separator: "\n"))")
                    expected.removeLast(count)
                    backs += 1
                }
                // Every change of the current path is recorded, the oldest dropped past the capacity.
                let current = navigator.currentPath.description
                if expected.last != current { expected.append(current) }
                if expected.count > capacity {
                    expected.removeFirst(expected.count - capacity)
                    trimmed += 1
                }
                #expect(navigator.history.entries.map(\.description) == expected, "\(log.joined(separator: "\n"))")
                if navigator.history.entries.map(\.description) != expected { break }
            }
        }
        #expect(backs > 200 && refusedBacks > 20 && trimmed > 100, "\(backs) backs, \(refusedBacks) refused, \(trimmed) trims")
    }
}
