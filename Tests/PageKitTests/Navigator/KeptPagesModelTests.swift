import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Jumps that keep the pages they pop, against a small reference: the contact stack, and
/// the runs of kept pages with the page each stood on. A jump to a kept page reveals the
/// page its run stood on and pushes the run back up to it; when that page is itself kept,
/// its run comes back first, down to a page the stack holds. A page no stack or run holds
/// is gone, and so is a run whose page below is gone.
@MainActor
@Suite("Kept pages come back where they stood, over random jumps", .timeLimit(.minutes(10)))
struct KeptPagesModelTests {
    struct Run {
        var below: String
        var pages: [String]
    }

    @Test("600 seeded sequences of pushes, jumps that keep or not, and jumps back agree with the reference")
    func randomSequences() async throws {
        var broughtBack = 0
        var throughKeptRuns = 0
        var unknown = 0
        for seed in 0..<UInt64(600) {
            var random = SeededRandomNumberGenerator(seed: 40_000 + seed)
            let fixture = Fixture()
            let navigator = fixture.navigator
            navigator.configuration.keptPagesCapacity = 100
            func id(_ page: any Page) -> String { navigator.identifier(of: page).rawValue }
            // The fixture holds its own pages, so they never go.
            let held = Set(fixture.contact.pages.map(id))
            var stack = fixture.contact.pages.map(id)
            var runs: [Run] = []
            var made = stack
            var log = ["seed \(seed)"]
            func alive(_ page: String) -> Bool {
                held.contains(page) || stack.contains(page) || runs.contains { $0.pages.contains(page) }
            }
            /// What a jump to `target` brings back: each run, lowest first, with the position
            /// of its last page pushed back, and where the lowest stood in the stack.
            func bringingBack(_ target: String) -> (below: Int, runs: [(run: Int, position: Int)])? {
                guard var run = runs.lastIndex(where: { $0.pages.contains(target) }) else { return nil }
                var chain = [(run: run, position: runs[run].pages.firstIndex(of: target)!)]
                while !stack.contains(runs[run].below) {
                    let below = runs[run].below
                    guard let lower = runs.lastIndex(where: { $0.pages.contains(below) }),
                          !chain.contains(where: { $0.run == lower }) else { return nil }
                    run = lower
                    chain.insert((run, runs[run].pages.firstIndex(of: below)!), at: 0)
                }
                return (stack.firstIndex(of: runs[run].below)!, chain)
            }
            for step in 0..<Int.random(in: 5...25, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<3:
                    let page = TestPage("p", ["n": "\(step)"])
                    log.append("  push p(n=\(step))")
                    try await navigator.push(page: page, .animated(false)).outcome()
                    stack.append(id(page))
                    made.append(id(page))
                case 3..<6 where stack.count > 1:
                    let index = Int.random(in: 0..<(stack.count - 1), using: &random)
                    let keeping = random.chance(0.7)
                    log.append("  jump to \(stack[index])\(keeping ? ", keeping" : "")")
                    let page = try #require(navigator.page(identifiedBy: PageIdentifier(stack[index])))
                    try await navigator.jump(to: page, keeping ? .animated(false).keepingLeftPages() : .animated(false))
                        .outcome()
                    let popped = Array(stack[(index + 1)...])
                    stack.removeSubrange((index + 1)...)
                    if keeping { runs.append(Run(below: stack[index], pages: popped)) }
                case 6..<9:
                    // Half the time a page a run holds, which may have to come back through
                    // another run; else any page ever made, most of them gone.
                    let kept = runs.flatMap(\.pages)
                    let target = !kept.isEmpty && random.chance(0.5) ? random.pick(kept) : random.pick(made)
                    log.append("  jump to identifier \(target)")
                    // The newest run that holds it and whose page below is still in the stack.
                    let live = runs.filter { !$0.pages.isEmpty && alive($0.below) }
                    runs = live
                    if stack.contains(target) {
                        try await navigator.jump(toIdentifier: PageIdentifier(target), .animated(false)).outcome()
                        stack.removeSubrange((stack.firstIndex(of: target)! + 1)...)
                    } else if let (below, chain) = bringingBack(target) {
                        try await navigator.jump(toIdentifier: PageIdentifier(target), .animated(false)).outcome()
                        stack.removeSubrange((below + 1)...)
                        for (run, position) in chain {
                            stack += runs[run].pages[...position]
                            runs[run].below = runs[run].pages[position]
                            runs[run].pages.removeSubrange(...position)
                        }
                        broughtBack += 1
                        if chain.count > 1 { throughKeptRuns += 1 }
                    } else {
                        // Gone, or kept in a run whose place is gone: nothing moves.
                        await #expect { try await navigator.jump(toIdentifier: PageIdentifier(target)).outcome() } throws: {
                            ($0 as? NavigationError)?.code == .unknownIdentifier
                        }
                        unknown += 1
                    }
                default:
                    log.append("  forget kept pages")
                    navigator.forgetKeptPages()
                    runs = []
                }
                #expect(fixture.contact.pages.map(id) == stack, "\(log.joined(separator: "\n"))")
                if fixture.contact.pages.map(id) != stack { break }
            }
        }
        #expect(broughtBack > 200 && throughKeptRuns > 10 && unknown > 500,
                "\(broughtBack) brought back, \(throughKeptRuns) through kept runs, \(unknown) unknown")
    }
}
