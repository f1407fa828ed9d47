public import Benchmark
import Dispatch

/// Runs `body` on the main actor, synchronously, once per benchmark sample.
///
/// PageKit's navigator, containers and transition queue are `@MainActor`, but the
/// benchmark runner (package-benchmark 1.38.1) calls a benchmark's closure from a thread
/// of Swift's cooperative pool: its `async` `main` awaits a nonisolated function, which
/// leaves the main actor. `MainActor.assumeIsolated` alone therefore traps there
/// (checked: `_swift_task_checkIsolatedSwift` → illegal instruction).
///
/// So each sample hops onto the main queue, which is the main actor's executor, with
/// `DispatchQueue.main.sync`, and asserts isolation there. (The async `main` parked the main
/// thread in `dispatch_main()`, so a dispatch worker drains the main queue:
/// `Thread.isMainThread` is `false` inside `body`, yet the code is main-actor isolated.)
/// The runner's thread is blocked in `sync` until `body` returns, so handing it the
/// `Benchmark` object is safe even though that class is not `Sendable`.
///
/// The hop itself costs about 0.6 µs and 4 mallocs, so `body` must call
/// `benchmark.startMeasurement()` and `benchmark.stopMeasurement()` itself, around exactly
/// the work to measure; setup done before `startMeasurement()` is not measured.
///
/// An error thrown by `body` is reported through `Benchmark.error(_:)`, which fails the
/// run with its text.
/// - Parameters:
///   - benchmark: The benchmark whose sample this is.
///   - body: The sample, on the main actor.
public func onMainActor(_ benchmark: Benchmark, _ body: @MainActor (_ benchmark: Benchmark) throws -> Void) {
    dispatchPrecondition(condition: .notOnQueue(.main))  // `sync` would deadlock.
    let handle = UncheckedBenchmark(benchmark: benchmark)
    DispatchQueue.main.sync {
        MainActor.assumeIsolated {
            do {
                try body(handle.benchmark)
            } catch {
                handle.benchmark.error("\(handle.benchmark.name) failed: \(error)")
            }
        }
    }
}

/// Carries the benchmark across the `DispatchQueue.main.sync` hop; see ``onMainActor(_:_:)``
/// for why no other thread touches it meanwhile.
private struct UncheckedBenchmark: @unchecked Sendable {
    let benchmark: Benchmark
}

/// A value made on the main actor once per benchmark (in its `setup`), used by every sample,
/// and released in its `teardown`, so that one benchmark's live tree does not stay in memory
/// while the next one runs.
///
/// ```swift
/// let tree = MainActorFixture { try LiveTree(depth: 100, registeredNames: 10) }
/// Benchmark("…") { benchmark in
///     onMainActor(benchmark) { benchmark in
///         let navigator = try tree.value.navigator
///         …
///     }
/// } setup: {
///     try await tree.setUp()
/// } teardown: {
///     await tree.tearDown()
/// }
/// ```
@MainActor
public final class MainActorFixture<Value> {
    private let make: @MainActor () throws -> Value
    private var storage: Value?

    /// - Parameter make: Makes the value; called at most once between `setUp` and `tearDown`.
    public nonisolated init(_ make: @escaping @MainActor () throws -> Value) {
        self.make = make
    }

    /// The value, made now if `setUp()` has not made it.
    public var value: Value {
        get throws {
            if let storage { return storage }
            let made = try make()
            storage = made
            return made
        }
    }

    /// Makes the value, outside any measurement.
    public func setUp() throws {
        _ = try value
    }

    /// Releases the value.
    public func tearDown() {
        storage = nil
    }
}

/// A failed expectation about what a benchmark runs (a plan of the wrong shape, an open
/// that did not finish), reported through `Benchmark.error(_:)`.
public struct BenchmarkExpectationFailure: Error, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    /// - Parameter description: What was expected and what happened.
    public init(_ description: String) {
        self.description = description
    }
}
