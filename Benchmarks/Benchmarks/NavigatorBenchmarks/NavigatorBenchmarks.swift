import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import PageKit
import PageKitContainers
import PageKitTesting

// Planning against a live tree (beside RoutingKit's router), registering pages, full opens on
// container models, and a cold start from a link.
//
// The live tree (see `LiveTree`) is a tab container `tab` with 4 tabs, each a navigation
// stack `s0`…`s3` of `depth` pages: `list`, `item(id=1)`, …, `item(id=depth-1)`. Tab `s0`
// is selected.

let benchmarks: @Sendable () -> Void = {
    planBenchmarks()
    routingComparison()
    registryBenchmarks()
    openBenchmarks()
    coldStartBenchmarks()
}

// MARK: - 3. Planning

/// `navigator.plan(for:mode: .reuse)` for a 5-component app URL, with no side effect, for
/// each stack depth × registry size. Goal: <= 1 µs; with 1,000 names within 1.3x of 10
/// names (the registry is looked up by name, never scanned).
///
/// Two URLs per tree, parsed before measuring (shown for depth 1000, whose top page is
/// `item(id=999)`):
///
/// - reuse, every component live (the plan has no step):
///   `app://tab/s0/item(id=997)/item(id=998)/item(id=999)`: the root `tab`, the selected
///   tab's stack `s0`, then its three top pages, each found by searching the stack from
///   the top down (3 + 2 + 1 pages compared).
/// - push, last component missing (the plan has one step, `push [detail(id=7)]`):
///   `app://tab/s0/item(id=998)/item(id=999)/detail(id=7)`: as above with the two top
///   pages; `detail` answers no live page, so it is looked up in the registry and pushed.
func planBenchmarks() {
    for depth in [10, 100, 1000] {
        for names in [10, 100, 1000] {
            let tree = MainActorFixture { try LiveTree(depth: depth, registeredNames: names) }
            let top = depth - 1
            let reuse = "app://tab/s0/item(id=\(top - 2))/item(id=\(top - 1))/item(id=\(top))"
            let push = "app://tab/s0/item(id=\(top - 1))/item(id=\(top))/detail(id=7)"
            planBenchmark("Plan reuse 5 live components, depth \(depth), \(names) names",
                          url: reuse, expecting: "no step", tree: tree) { plan in
                plan.steps.isEmpty && plan.newComponents.isEmpty
            }
            planBenchmark("Plan push 1 (last component missing), depth \(depth), \(names) names",
                          url: push, expecting: "one push of detail(id=7)", tree: tree) { plan in
                guard plan.steps.count == 1, case .push(let pages, _, _) = plan.steps[0] else { return false }
                return pages.count == 1 && plan.newComponents.map(\.description) == ["/detail(id=7)"]
            }
        }
    }
    pathLengthBenchmarks()
}

/// How planning grows with the path's length: reuse URLs of 3, 9 and 17 components (the
/// 5-component one is above) on the depth-100 tree with 100 names: `tab`, `s0`, then the
/// top 1, 7 or 15 pages of `s0`, e.g. for 3 components `app://tab/s0/item(id=99)` and for 9
/// `app://tab/s0/item(id=93)/item(id=94)/…/item(id=99)`. Each plan has no step.
func pathLengthBenchmarks() {
    let depth = 100
    let tree = MainActorFixture { try LiveTree(depth: depth, registeredNames: 100) }
    for components in [3, 9, 17] {
        let pages = components - 2
        let url = "app://tab/s0/" + (depth - pages..<depth).map { "item(id=\($0))" }.joined(separator: "/")
        planBenchmark("Plan reuse \(components) live components, depth \(depth), 100 names",
                      url: url, expecting: "no step", tree: tree) { plan in
            plan.steps.isEmpty && plan.newComponents.isEmpty && plan.path.components.count == components
        }
    }
}

func planBenchmark(
    _ name: String,
    url: String,
    expecting expected: String,
    tree: MainActorFixture<LiveTree>,
    isExpected: @escaping @MainActor (NavigationPlan) -> Bool
) {
    Benchmark(name, configuration: .perOperation) { benchmark in
        onMainActor(benchmark) { benchmark in
            let navigator = try tree.value.navigator
            let path = try PagePath(parsing: url)
            let plan = try navigator.plan(for: path)
            guard isExpected(plan) else {
                throw BenchmarkExpectationFailure("`\(url)` planned \(plan), expected \(expected)")
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try navigator.plan(for: path))
            }
            benchmark.stopMeasurement()
        }
    } setup: {
        try await tree.setUp()
    } teardown: {
        await tree.tearDown()
    }
}

// MARK: - 3b. PageKit's plan beside RoutingKit's route

/// `navigator.plan(for:)` of ``ComparedPath/url`` against a tab container of four stacks
/// `[list, item(id=1), item(id=2), item(id=3)]` with 1,000 registered names: `tab`, `s0`
/// and `item(id=3)` are live (the top of `s0`), `screen_00998` is not, so the plan is one
/// push. Goal: at most 0.7 times RoutingKit's route of the same path, as a ratio of
/// medians of interleaved batches in one process.
///
/// RoutingKit side (``RoutingKitYardstick``): a `TrieRouter` with 1,000 routes, one per
/// registered name `n`, shaped `tab/:tab/item/:id/n/:screen`, routes the pre-split path
/// `["tab", "s0", "item", "3", "screen_00998", "123"]` (the same names and values, each
/// parameter as a path segment, as a server router takes them). It has no live hierarchy
/// to read and makes no plan; PageKit's plan also checks the live pages and the registry.
///
/// The two `Compare …` rows time each side in a benchmark of its own, for detail; their
/// ratio is not the goal's, since the machine's speed changes between them. The
/// `Compare interleaved …` row times both in one benchmark, in alternating batches.
func routingComparison() {
    let tree = MainActorFixture { try LiveTree(depth: 4, registeredNames: ComparedPath.names) }
    planBenchmark("Compare PageKit plan, 4 components, one push, 1,000 names", url: ComparedPath.url,
                  expecting: "one push of screen_00998(id=123)", tree: tree, isExpected: ComparedPath.isExpected)

    let router = RoutingKitYardstick()
    Benchmark("Compare RoutingKit route, 6 segments, 1,000 routes", configuration: .perOperation) { benchmark in
        guard router.routesAsExpected else {
            return benchmark.error("RoutingKit did not route \(ComparedPath.segments) to screen_00998")
        }
        benchmark.startMeasurement()
        router.route(times: benchmark.scaledIterations.count)
        benchmark.stopMeasurement()
    }

    interleavedComparison(tree: tree, router: router)
}

/// PageKit's plan and RoutingKit's route timed in one benchmark, in 200 rounds of a batch
/// of 200 plans and a batch of 200 routes, the order swapped each round. One sample is
/// the 200 rounds; it reports the median time per operation of each side's 200 batches,
/// and their ratio (×1,000, so 700 is 0.7): the figure the goal is judged by, as the p50
/// over samples.
let interleavedPlanTime = BenchmarkMetric.custom("PageKit plan, median of batches (ns)", polarity: .prefersSmaller,
                                                 useScalingFactor: false)
let interleavedRouteTime = BenchmarkMetric.custom("RoutingKit route, median of batches (ns)",
                                                  polarity: .prefersSmaller, useScalingFactor: false)
let interleavedRatio = BenchmarkMetric.custom("PageKit / RoutingKit, ratio of medians (x1000)",
                                              polarity: .prefersSmaller, useScalingFactor: false)

func interleavedComparison(tree: MainActorFixture<LiveTree>, router: RoutingKitYardstick) {
    let metrics = [interleavedPlanTime, interleavedRouteTime, interleavedRatio]
    Benchmark(
        "Compare interleaved: PageKit plan / RoutingKit route, 200 batches each",
        configuration: .perBatch(
            maxDuration: .seconds(10), metrics: metrics,
            thresholds: [interleavedPlanTime: BenchmarkTolerance.time, interleavedRouteTime: BenchmarkTolerance.time,
                         interleavedRatio: BenchmarkTolerance.time])
    ) { benchmark in
        onMainActor(benchmark) { benchmark in
            let navigator = try tree.value.navigator
            let path = try PagePath(parsing: ComparedPath.url)
            guard ComparedPath.isExpected(try navigator.plan(for: path)), router.routesAsExpected else {
                throw BenchmarkExpectationFailure("`\(ComparedPath.url)` planned \(try navigator.plan(for: path)); "
                                                  + "RoutingKit routed as expected: \(router.routesAsExpected)")
            }
            benchmark.startMeasurement()
            let medians = InterleavedMedians(rounds: 200, batch: 200, first: { count in
                for _ in 0..<count { blackHole(try? navigator.plan(for: path)) }
            }, second: router.route(times:))
            benchmark.stopMeasurement()
            benchmark.measurement(interleavedPlanTime, Int(medians.first.rounded()))
            benchmark.measurement(interleavedRouteTime, Int(medians.second.rounded()))
            benchmark.measurement(interleavedRatio, Int((medians.ratio * 1_000).rounded()))
        }
    } setup: {
        try await tree.setUp()
    } teardown: {
        await tree.tearDown()
    }
}

// MARK: - 4. Registering

/// 10,000 distinct names (`screen_00000` … `screen_09999`), made once.
let registryNames = PageRegistry.fillerNames(from: 0, to: 10_000)

/// The batch's time divided by 10,000, in nanoseconds.
let perRegistration = BenchmarkMetric.custom("Time per registration (ns)", polarity: .prefersSmaller,
                                              useScalingFactor: false)

/// Registers 10,000 names into a fresh `PageRegistry`; one sample is the whole batch (the
/// registry is freed after the measurement). Goal: <= 1 µs per registration: see the
/// "Time per registration (ns)" metric, which is the batch's own time (read with
/// `ContinuousClock` around the loop) divided by 10,000, or divide the wall clock by 10,000.
func registryBenchmarks() {
    Benchmark(
        "PageRegistry register 10,000 names",
        configuration: .perBatch(
            metrics: [.wallClock, .mallocCountTotal, perRegistration],
            thresholds: [.wallClock: BenchmarkTolerance.time, .mallocCountTotal: BenchmarkTolerance.exact,
                         perRegistration: BenchmarkTolerance.time])
    ) { benchmark in
        let names = registryNames
        let clock = ContinuousClock()
        var registry = PageRegistry()
        benchmark.startMeasurement()
        let start = clock.now
        do {
            for name in names {
                try registry.register(name) { intent in BenchPage(intent.component.name, intent.component.parameters) }
            }
        } catch {
            return benchmark.error("registering failed: \(error)")
        }
        let elapsed = start.duration(to: clock.now)
        withExtendedLifetime(registry) {
            benchmark.stopMeasurement()
        }
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        benchmark.measurement(perRegistration, Int((nanoseconds / Double(names.count)).rounded()))
        if registry.names.count != names.count {
            benchmark.error("registered \(registry.names.count) names, expected \(names.count)")
        }
    }
}

// MARK: - 6. Opening

/// A live tree with an observer counting the navigator's events.
@MainActor
final class ObservedTree {
    let tree: LiveTree
    var events = 0
    private var token: ObservationToken?

    init(depth: Int) throws {
        tree = try LiveTree(depth: depth, registeredNames: 10)
        token = tree.navigator.observe { [unowned self] _ in self.events += 1 }
    }
}

/// A full open, executed: `navigator.request(_:)` on an idle queue plans, makes the page
/// through its factory, runs each step on the container models (which end at once),
/// records history and emits `willStart` and `didFinish` to an observer. One sample is a
/// round trip of two opens (per open: half):
///
/// - `app://tab/s0/item(id=n)/detail(id=7)` pushes a new `detail(id=7)` on `s0`, whose
///   top is `item(id=n)`;
/// - `app://tab/s0/item(id=n)` pops back to it.
///
/// For the record; no goal. At depth 1000 it shows what the open costs beyond the plan:
/// an open reads the current path (every page of the visible stack) before it plans.
func openBenchmarks() {
    for depth in [10, 1000] {
        let observed = MainActorFixture { try ObservedTree(depth: depth) }
        let top = "item(id=\(depth - 1))"
        let push = "app://tab/s0/\(top)/detail(id=7)"
        let back = "app://tab/s0/\(top)"
        Benchmark("Open push then pop back, depth \(depth), observed",
                  configuration: .perBatch()) { benchmark in
            onMainActor(benchmark) { benchmark in
                let observed = try observed.value
                let navigator = observed.tree.navigator
                let pushPath = try PagePath(parsing: push)
                let backPath = try PagePath(parsing: back)
                let eventsBefore = observed.events
                benchmark.startMeasurement()
                let pushed = navigator.request(pushPath, .animated(false))
                let popped = navigator.request(backPath, .animated(false))
                benchmark.stopMeasurement()
                for (request, url) in [(pushed, push), (popped, back)] {
                    guard case .success = request.result else {
                        throw BenchmarkExpectationFailure("`\(url)` did not finish at once: \(String(describing: request.result))")
                    }
                }
                guard observed.tree.stacks[0].pages.count == depth, observed.events - eventsBefore == 4 else {
                    throw BenchmarkExpectationFailure(
                        "after the round trip s0 holds \(observed.tree.stacks[0].pages.count) pages (expected \(depth)) "
                            + "and the observer saw \(observed.events - eventsBefore) events (expected 4)")
                }
            }
        } setup: {
            try await observed.setUp()
        } teardown: {
            await observed.tearDown()
        }
    }
}

// MARK: - 8. Cold start from a link

/// An app's cold start from a link (``ColdStart``): 1,000 names registered, 1,000 link
/// patterns added, then `https://example.com/r990/12345/messages/678/attachments/9` mapped
/// and opened in exact mode on a bare root: the tab `inbox` added, holding the four pages
/// the link names, each made by its factory. One row per phase, each measuring only its
/// phase (the phases before it run first, unmeasured), and one for the whole, which also
/// makes the navigator and its root. One sample is one cold start.
func coldStartBenchmarks() {
    Benchmark("Cold start 1: register 1,000 names", configuration: .perBatch()) { benchmark in
        onMainActor(benchmark) { benchmark in
            let queue = TransitionQueue(clock: ManualTransitionClock())
            benchmark.startMeasurement()
            let registry = try ColdStart.register(queue: queue)
            benchmark.stopMeasurement()
            guard registry.names.count == ColdStart.size else {
                throw BenchmarkExpectationFailure("registered \(registry.names.count) names")
            }
        }
    }
    Benchmark("Cold start 2: add 1,000 link patterns", configuration: .perBatch()) { benchmark in
        benchmark.startMeasurement()
        let links = try ColdStart.linkMap()
        benchmark.stopMeasurement()
        guard links.patterns.count == ColdStart.size else {
            return benchmark.error("added \(links.patterns.count) patterns")
        }
    }
    let links = Result { try ColdStart.linkMap() }
    Benchmark("Cold start 3: map the link through 1,000 patterns", configuration: .perBatch()) { benchmark in
        onMainActor(benchmark) { benchmark in
            let queue = TransitionQueue(clock: ManualTransitionClock())
            let start = ColdStart(registry: try ColdStart.register(queue: queue), links: try links.get(), queue: queue)
            benchmark.startMeasurement()
            let path = try start.map()
            benchmark.stopMeasurement()
            guard path.description == ColdStart.path else {
                throw BenchmarkExpectationFailure("`\(ColdStart.link)` mapped to `\(path)`")
            }
        }
    }
    Benchmark("Cold start 4: open the six-component link exactly on a bare root",
              configuration: .perBatch()) { benchmark in
        onMainActor(benchmark) { benchmark in
            let queue = TransitionQueue(clock: ManualTransitionClock())
            let start = ColdStart(registry: try ColdStart.register(queue: queue), links: try links.get(), queue: queue)
            let path = try start.map()
            benchmark.startMeasurement()
            let request = start.open(path)
            benchmark.stopMeasurement()
            guard start.opened(request) else {
                throw BenchmarkExpectationFailure("the link opened to \(start.navigator.currentPath): "
                                                  + "\(String(describing: request.result))")
            }
        }
    }
    Benchmark("Cold start: all of it, navigator and root included", configuration: .perBatch()) { benchmark in
        onMainActor(benchmark) { benchmark in
            benchmark.startMeasurement()
            let queue = TransitionQueue(clock: ManualTransitionClock())
            let start = ColdStart(registry: try ColdStart.register(queue: queue), links: try ColdStart.linkMap(),
                                  queue: queue)
            let request = start.open(try start.map())
            benchmark.stopMeasurement()
            guard start.opened(request) else {
                throw BenchmarkExpectationFailure("the link opened to \(start.navigator.currentPath)")
            }
        }
    }
}
