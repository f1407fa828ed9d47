public import Benchmark

/// Tolerances for `swift package benchmark baseline check`, shared by every benchmark.
///
/// Only p50 is checked. Time gets 20 %: these benchmarks were tuned on a shared 2-core VM
/// where the p50 of a run moves by up to ~10 % from run to run; tighten it on a quiet,
/// dedicated machine. Malloc counts are deterministic, so any change to them counts
/// (absolute tolerance 0, compared on the raw per-sample count).
public enum BenchmarkTolerance {
    /// 20 % on the p50 wall-clock time.
    public static var time: BenchmarkThresholds { BenchmarkThresholds(relative: [.p50: 20.0]) }
    /// No change allowed to the p50 malloc count.
    public static var exact: BenchmarkThresholds { BenchmarkThresholds(absolute: [.p50: 0]) }
    /// Not checked: metrics that are for the record (sampled resident memory).
    public static var unchecked: BenchmarkThresholds { BenchmarkThresholds(relative: [:], absolute: [:]) }

    /// Time and malloc count, as most benchmarks report.
    public static var timeAndMallocs: [BenchmarkMetric: BenchmarkThresholds] {
        [.wallClock: time, .mallocCountTotal: exact]
    }
}

extension Benchmark.Configuration {
    /// For an operation well under a microsecond: each sample runs it 1,000 times
    /// (`scalingFactor: .kilo`), so the clock's own overhead (tens of nanoseconds) is
    /// spread over 1,000 operations, and the output shows per-operation figures (marked
    /// `*`). Samples for 2 s, up to 1,000,000 of them.
    public static var perOperation: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: 10,
            scalingFactor: .kilo,
            maxDuration: .seconds(2),
            maxIterations: 1_000_000,
            thresholds: BenchmarkTolerance.timeAndMallocs
        )
    }

    /// For a batch measured whole (one sample = one batch), for `maxDuration`. Every metric
    /// but time is shown as a plain count (no K or M rounding), so that a malloc count reads
    /// exactly.
    /// - Parameters:
    ///   - maxDuration: How long to sample.
    ///   - timeUnits: The unit times are shown in.
    ///   - metrics: What to report.
    ///   - thresholds: The tolerances for those metrics.
    public static func perBatch(
        maxDuration: Duration = .seconds(2),
        timeUnits: BenchmarkTimeUnits = .microseconds,
        metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal],
        thresholds: [BenchmarkMetric: BenchmarkThresholds] = BenchmarkTolerance.timeAndMallocs
    ) -> Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: metrics,
            timeUnits: timeUnits,
            units: Dictionary(uniqueKeysWithValues: metrics.filter { $0 != .wallClock }.map { ($0, .count) }),
            warmupIterations: 2,
            scalingFactor: .one,
            maxDuration: maxDuration,
            maxIterations: 1_000_000,
            thresholds: thresholds
        )
    }
}
