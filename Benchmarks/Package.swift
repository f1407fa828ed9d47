// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for PageKit, kept out of the library's own package so that its users never
// resolve the benchmark tooling. Run them from this directory:
//
//     swift package benchmark
//
// See README.md for what each benchmark measures and how to compare against a baseline.
let package = Package(
    name: "PageKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PageKit", path: ".."),
        // The MallocInterposer trait is the malloc-statistics backend on Swift 6.3+; it
        // must be named here or resolution fails on this toolchain.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // For a side-by-side row: a trie router with no live hierarchy, routing a path of
        // the same length in the same run as PageKit's plan.
        .package(url: "https://github.com/vapor/routing-kit", exact: "4.9.3"),
    ],
    targets: [
        // What is measured, shared by the benchmarks and the instruction counter: the page
        // type, the live trees, the cold start, the compared path and RoutingKit's router.
        // No benchmark tooling, so that callgrind counts PageKit's own mallocs.
        .target(
            name: "BenchmarkFixtures",
            dependencies: [
                .product(name: "PageKit", package: "PageKit"),
                .product(name: "PageKitLinks", package: "PageKit"),
                .product(name: "PageKitTesting", package: "PageKit"),
                .product(name: "PageKitContainers", package: "PageKit"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            path: "Support/BenchmarkFixtures"
        ),
        // What the benchmark targets share: running a body on the main actor, fixtures
        // made on it, tolerances. Not itself a benchmark (it is not under Benchmarks/).
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PageKit", package: "PageKit"),
            ],
            path: "Support/BenchmarkSupport"
        ),
        // Runs one operation N times for callgrind (`instruction-counts.sh`), and times the
        // interleaved comparison outside the benchmark runner.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "PageKit", package: "PageKit"),
                .product(name: "PageKitLinks", package: "PageKit"),
                .product(name: "PageKitTesting", package: "PageKit"),
            ],
            path: "Support/InstructionCounts"
        ),
        .executableTarget(
            name: "PathBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PageKit", package: "PageKit"),
            ],
            path: "Benchmarks/PathBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NavigatorBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PageKit", package: "PageKit"),
                .product(name: "PageKitLinks", package: "PageKit"),
                .product(name: "PageKitTesting", package: "PageKit"),
                .product(name: "PageKitContainers", package: "PageKit"),
            ],
            path: "Benchmarks/NavigatorBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "LinkMapBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PageKit", package: "PageKit"),
                .product(name: "PageKitLinks", package: "PageKit"),
            ],
            path: "Benchmarks/LinkMapBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TransitionQueueBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PageKit", package: "PageKit"),
                .product(name: "PageKitTesting", package: "PageKit"),
            ],
            path: "Benchmarks/TransitionQueueBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
