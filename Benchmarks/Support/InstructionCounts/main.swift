import BenchmarkFixtures
import Foundation
import PageKit
import PageKitLinks
import PageKitTesting

// Runs one operation a given number of times, for callgrind to count its instructions and
// mallocs (see `../../instruction-counts.sh`, which runs it twice, with two counts, and
// divides the difference). Every operation runs once before the counted runs, so that
// lazily made runtime metadata and caches are counted only by the cold start, which is
// split the same way: `cold k` runs its first k phases.
//
//     InstructionCounts <operation> <count>
//     InstructionCounts cold <phases>          0 to 5; 6 also checks where the link opened
//     InstructionCounts compare [samples]      not under callgrind: times, see below

/// The repeated part.
@inline(never)
@MainActor
func measured(_ count: Int, _ body: () throws -> Void) rethrows {
    for _ in 0..<count { try body() }
}

/// What a cold start made, kept for the process's lifetime (a global is never freed).
var kept: [Any] = []

/// Fails the run with `message`.
func fail(_ message: String) -> Never {
    print("InstructionCounts: \(message)")
    exit(1)
}

@MainActor
func run(_ operation: String, count: Int) throws {
    switch operation {
    case "parse":
        // The README's URL.
        let url = "app://contact/person_detail(id=7)/handler?x=1"
        guard try PagePath(parsing: url).description == url else {
            fail("`\(url)` parsed as \(try PagePath(parsing: url))")
        }
        try measured(count) { consume(try PagePath(parsing: url)) }

    case "plan":
        let tree = try LiveTree(depth: 4, registeredNames: ComparedPath.names)
        let path = try PagePath(parsing: ComparedPath.url)
        guard ComparedPath.isExpected(try tree.navigator.plan(for: path)) else {
            fail("`\(ComparedPath.url)` planned \(try tree.navigator.plan(for: path))")
        }
        try measured(count) { consume(try tree.navigator.plan(for: path)) }

    case "plan-live":
        // Every page live: a plan that reuses the root, the stack and its three top pages.
        let tree = try LiveTree(depth: 10, registeredNames: 10)
        let path = try PagePath(parsing: "app://tab/s0/item(id=7)/item(id=8)/item(id=9)")
        guard try tree.navigator.plan(for: path).steps.isEmpty else { fail("`\(path)` planned a step") }
        try measured(count) { consume(try tree.navigator.plan(for: path)) }

    case "route":
        let router = RoutingKitYardstick()
        guard router.routesAsExpected else { fail("RoutingKit did not route \(ComparedPath.segments)") }
        measured(count) { router.route(times: 1) }

    case "link10", "link1000":
        let size = operation == "link10" ? 10 : 1_000
        let links = try linkMap(patterns: size)
        let (link, expected) = link(patterns: size)
        guard try links.path(for: link).description == expected else { fail("`\(link)` did not map to \(expected)") }
        try measured(count) { consume(try links.path(for: link)) }

    case "open10", "open1000":
        let depth = operation == "open10" ? 10 : 1_000
        let tree = try LiveTree(depth: depth, registeredNames: 10)
        var events = 0
        let token = tree.navigator.observe { _ in events += 1 }
        let top = "item(id=\(depth - 1))"
        let push = try PagePath(parsing: "app://tab/s0/\(top)/detail(id=7)")
        let back = try PagePath(parsing: "app://tab/s0/\(top)")
        func roundTrip() {
            let pushed = tree.navigator.request(push, .animated(false))
            let popped = tree.navigator.request(back, .animated(false))
            guard case .success = pushed.result, case .success = popped.result else {
                fail("the round trip did not finish at once: \(String(describing: pushed.result)), "
                     + "\(String(describing: popped.result))")
            }
        }
        roundTrip()
        measured(count, roundTrip)
        guard tree.stacks[0].pages.count == depth, events == 4 * (count + 1) else {
            fail("s0 holds \(tree.stacks[0].pages.count) pages, the observer saw \(events) events")
        }
        withExtendedLifetime(token) {}

    case "cold":
        // One cold start, its first `count` phases. What each phase makes is kept to the
        // end of the process, which frees nothing: at an app's launch nothing is freed
        // either, and a phase would otherwise count the freeing of what an earlier one made
        // (the link map, freed with the navigator that holds it).
        let queue = TransitionQueue(clock: ManualTransitionClock())
        kept.append(queue)
        guard count >= 1 else { return }
        let registry = try ColdStart.register(queue: queue)
        kept.append(registry)
        guard count >= 2 else { return }
        let links = try ColdStart.linkMap()
        kept.append(links)
        guard count >= 3 else { return }
        let start = ColdStart(registry: registry, links: links, queue: queue)
        kept.append(start)
        guard count >= 4 else { return }
        let path = try start.map()
        kept.append(path)
        guard count >= 5 else { return }
        let request = start.open(path)
        kept.append(request)
        guard count >= 6 else { return }
        guard start.opened(request) else {
            fail("the link opened to \(start.navigator.currentPath): \(String(describing: request.result))")
        }
        print("the link opened to \(start.navigator.currentPath)")

    default:
        fail("no operation `\(operation)`")
    }
}

/// PageKit's plan and RoutingKit's route in alternating batches, as the `Compare
/// interleaved` benchmark does, `samples` times; prints each sample's medians and ratio,
/// then the median ratio.
@MainActor
func compare(samples: Int) throws {
    let tree = try LiveTree(depth: 4, registeredNames: ComparedPath.names)
    let router = RoutingKitYardstick()
    let path = try PagePath(parsing: ComparedPath.url)
    guard ComparedPath.isExpected(try tree.navigator.plan(for: path)), router.routesAsExpected else {
        fail("the compared operations did not plan or route as expected")
    }
    var ratios: [Double] = []
    for sample in 1...samples {
        let medians = InterleavedMedians(rounds: 200, batch: 200, first: { count in
            for _ in 0..<count { consume(try? tree.navigator.plan(for: path)) }
        }, second: router.route(times:))
        ratios.append(medians.ratio)
        print("sample \(sample): PageKit plan \(Int(medians.first.rounded())) ns, "
              + "RoutingKit route \(Int(medians.second.rounded())) ns, ratio \(medians.ratio)")
    }
    ratios.sort()
    print("median ratio over \(samples) samples: \(ratios[ratios.count / 2]) (min \(ratios[0]), max \(ratios.last!))")
}

let arguments = CommandLine.arguments.dropFirst()
guard let operation = arguments.first else { fail("usage: InstructionCounts <operation> <count>") }
do {
    if operation == "compare" {
        try compare(samples: arguments.dropFirst().first.flatMap { Int($0) } ?? 10)
    } else {
        guard let count = arguments.dropFirst().first.flatMap({ Int($0) }), count >= 0 else {
            fail("usage: InstructionCounts <operation> <count>")
        }
        try run(operation, count: count)
    }
} catch {
    fail("\(error)")
}
