import Benchmark
import BenchmarkSupport
import PageKit
import PageKitTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The transition queue on its own: what one operation costs when the valve is open, and
// how a long backlog drains.
//
// Every queue here uses a `ManualTransitionClock`, so nothing real is scheduled; the
// clock's cancelled timers are purged after each sample (`runUntilIdle()`), outside the
// measurement.

let benchmarks: @Sendable () -> Void = {
    perOperationBenchmark()
    for count in [10_000, 100_000] {
        drainBenchmark(count: count)
    }
    drainMemoryBenchmark(count: 100_000)
}

/// How many operation bodies have run. A global, so the measured bodies capture nothing and
/// the closure passed to `enqueue` needs no context allocation of its own.
@MainActor var bodiesRun = 0

/// A queue and its clock.
@MainActor
final class QueueFixture {
    let clock = ManualTransitionClock()
    let queue: TransitionQueue
    init() {
        queue = TransitionQueue(clock: clock)
    }

    /// Enqueues an operation that waits, so that the queue stays shut behind it.
    /// - Returns: Its valve: firing it opens the queue.
    func shut() throws -> TransitionValve {
        var gate: TransitionValve?
        queue.enqueue("gate", animated: false) { valve in
            gate = valve
            return .wait
        }
        guard let gate else { throw BenchmarkExpectationFailure("the gate did not start") }
        return gate
    }

    /// Checks that everything ran and the queue is idle, then purges cancelled timers.
    func expectDrained(ran expected: Int, from start: Int) throws {
        let ran = bodiesRun - start
        guard queue.isIdle, queue.pendingCount == 0, ran == expected else {
            throw BenchmarkExpectationFailure(
                "expected \(expected) bodies run and an idle queue; got \(ran), idle: \(queue.isIdle), "
                    + "pending: \(queue.pendingCount)")
        }
        clock.runUntilIdle()
    }
}

/// Enqueue one operation whose body returns `.done`, on an idle queue: it starts at once,
/// runs and finishes within `enqueue`. Per operation (1,000 per sample). Goal: <= 100 ns.
func perOperationBenchmark() {
    let fixture = MainActorFixture { QueueFixture() }
    Benchmark("TransitionQueue enqueue, valve open (.done)", configuration: .perOperation) { benchmark in
        onMainActor(benchmark) { benchmark in
            let fixture = try fixture.value
            let queue = fixture.queue
            let start = bodiesRun
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                queue.enqueue("op", animated: false) { _ in
                    bodiesRun += 1
                    return .done
                }
            }
            benchmark.stopMeasurement()
            try fixture.expectDrained(ran: benchmark.scaledIterations.count, from: start)
        }
    } setup: {
        try await fixture.setUp()
    } teardown: {
        await fixture.tearDown()
    }
}

/// With the queue held shut by a first operation that returned `.wait` (enqueued before
/// the measurement), enqueue `count` operations that return `.done`, then fire the first
/// valve: all `count` run in that one call. One sample is the whole batch: enqueue and
/// drain. Should be linear: compare 10,000 with 100,000.
///
/// Memory: "Malloc - free delta" and "Memory leaked (bytes)" are the interposer's
/// allocations minus frees over the sample: 0 means every byte the backlog took was freed
/// by the end of the drain.
func drainBenchmark(count: Int) {
    let fixture = MainActorFixture { QueueFixture() }
    Benchmark(
        "TransitionQueue drain \(count) queued operations",
        configuration: .perBatch(
            maxDuration: .seconds(3),
            metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount, .mallocFreeDelta, .memoryLeakedBytes],
            thresholds: [
                .wallClock: BenchmarkTolerance.time, .mallocCountTotal: BenchmarkTolerance.exact,
                .mallocBytesCount: BenchmarkTolerance.unchecked, .mallocFreeDelta: BenchmarkTolerance.exact,
                .memoryLeakedBytes: BenchmarkTolerance.exact,
            ])
    ) { benchmark in
        onMainActor(benchmark) { benchmark in
            let fixture = try fixture.value
            let queue = fixture.queue
            let gate = try fixture.shut()
            let start = bodiesRun
            benchmark.startMeasurement()
            for _ in 0..<count {
                queue.enqueue("op", animated: false) { _ in
                    bodiesRun += 1
                    return .done
                }
            }
            gate.fire()
            benchmark.stopMeasurement()
            try fixture.expectDrained(ran: count, from: start)
        }
    } setup: {
        try await fixture.setUp()
    } teardown: {
        await fixture.tearDown()
    }
}

/// Resident memory, in KiB, read from `/proc/self/statm` (Linux) without allocating; 0
/// elsewhere.
func residentKiB() -> Int {
    #if os(Linux)
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = (0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64, 0 as UInt64)
    return withUnsafeMutableBytes(of: &buffer) { raw -> Int in
        let length = read(fd, raw.baseAddress, raw.count - 1)
        guard length > 0 else { return 0 }
        // "size resident shared …", in pages: skip the first field, parse the second.
        var index = 0
        while index < length, raw[index] != UInt8(ascii: " ") { index += 1 }
        index += 1
        var pages = 0
        while index < length, raw[index] >= UInt8(ascii: "0"), raw[index] <= UInt8(ascii: "9") {
            pages = pages * 10 + Int(raw[index] - UInt8(ascii: "0"))
            index += 1
        }
        return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
    }
    #else
    return 0
    #endif
}

let residentWhileQueued = BenchmarkMetric.custom("Resident growth while queued (KiB)", polarity: .prefersSmaller,
                                                  useScalingFactor: false)
let residentAfterDrain = BenchmarkMetric.custom("Resident kept after drain (KiB)", polarity: .prefersSmaller,
                                                 useScalingFactor: false)

/// The same drain, for memory: resident memory (read from `/proc/self/statm`) just before
/// the backlog is enqueued, once it is all queued, and after the drain. Reports the growth
/// while queued and what is still resident after the drain, plus the benchmark tool's own
/// `peakMemoryResident` (resident memory at the end of each sample; on Linux it samples
/// `/proc/self/stat`) and its delta from the start of the benchmark. Apart from those
/// samples (they run on a thread of their own, which is why this benchmark is separate from
/// the malloc counts above), nothing is measured but the drain. For the record; not checked.
func drainMemoryBenchmark(count: Int) {
    let fixture = MainActorFixture { QueueFixture() }
    Benchmark(
        "TransitionQueue drain \(count) queued operations, resident memory",
        configuration: .perBatch(
            maxDuration: .seconds(3),
            metrics: [.peakMemoryResident, .peakMemoryResidentDelta, residentWhileQueued, residentAfterDrain],
            thresholds: [
                .peakMemoryResident: BenchmarkTolerance.unchecked,
                .peakMemoryResidentDelta: BenchmarkTolerance.unchecked,
                residentWhileQueued: BenchmarkTolerance.unchecked,
                residentAfterDrain: BenchmarkTolerance.unchecked,
            ])
    ) { benchmark in
        onMainActor(benchmark) { benchmark in
            let fixture = try fixture.value
            let queue = fixture.queue
            let gate = try fixture.shut()
            let start = bodiesRun
            let before = residentKiB()
            benchmark.startMeasurement()
            for _ in 0..<count {
                queue.enqueue("op", animated: false) { _ in
                    bodiesRun += 1
                    return .done
                }
            }
            let queued = residentKiB()
            gate.fire()
            benchmark.stopMeasurement()
            let after = residentKiB()
            // Histograms take no negative values: memory given back beyond the start counts as 0.
            benchmark.measurement(residentWhileQueued, max(0, queued - before))
            benchmark.measurement(residentAfterDrain, max(0, after - before))
            try fixture.expectDrained(ran: count, from: start)
        }
    } setup: {
        try await fixture.setUp()
    } teardown: {
        await fixture.tearDown()
    }
}
