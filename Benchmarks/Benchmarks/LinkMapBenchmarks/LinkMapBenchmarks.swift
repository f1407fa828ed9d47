import Benchmark
import BenchmarkFixtures
import BenchmarkSupport
import PageKit
import PageKitLinks

// Mapping an outside link to a page path with `LinkMap.path(for:)`, against maps of 10,
// 100 and 1,000 patterns shaped like an app's: four hosts (three https, one custom
// scheme), 2-4 segments, a literal resource name first, placeholders for identifiers.
//
// Goal: the time of a match does not grow with the number of patterns (1,000 within 1.3x
// of 10): patterns are indexed by scheme and host, then matched one segment at a time.
//
// And the way back out, `LinkMap.link(for:)`: the link of the same path, written and
// mapped back in to check it. Goal: the same, 1,000 within 1.3x of 10: targets are
// indexed by their pages.
//
// The maps and links are `BenchmarkFixtures`' (LinkMaps.swift), which InstructionCounts
// counts too (`link10`, `link1000`).

/// The sizes measured.
let sizes = [10, 100, 1000]

/// The maps, made once, when a benchmark first reads them (outside any measurement).
let linkMaps: [Int: Result<LinkMap, any Error>] = Dictionary(
    uniqueKeysWithValues: sizes.map { count in (count, Result { try linkMap(patterns: count) }) }
)

let benchmarks: @Sendable () -> Void = {
    for count in sizes {
        Benchmark("LinkMap match 4-segment link, \(count) patterns", configuration: .perOperation) { benchmark in
            guard let made = linkMaps[count] else { return benchmark.error("no map of \(count) patterns") }
            let links = try made.get()
            let (link, expected) = link(patterns: count)
            let path = try links.path(for: link)
            guard path.description == expected, links.patterns.count == count else {
                return benchmark.error("`\(link)` mapped to `\(path)` among \(links.patterns.count) patterns, expected `\(expected)`")
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try? links.path(for: link))
            }
            benchmark.stopMeasurement()
        }
        Benchmark("LinkMap write link for a 3-component path, \(count) patterns", configuration: .perOperation) {
            benchmark in
            guard let made = linkMaps[count] else { return benchmark.error("no map of \(count) patterns") }
            let links = try made.get()
            let (expected, text) = link(patterns: count)
            let path = try PagePath(parsing: text)
            // Without the ignored `utm_source`, which the way back out does not write.
            let wanted = "\(expected.prefix { $0 != "?" })?ref=feed"
            guard try links.link(for: path) == wanted else {
                return benchmark.error("`\(text)` got `\(try links.link(for: path))`, expected `\(wanted)`")
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try? links.link(for: path))
            }
            benchmark.stopMeasurement()
        }
    }
}
