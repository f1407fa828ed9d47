import Benchmark
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

/// The hosts patterns are spread over, in turn.
let hosts = ["https://example.com", "https://www.example.com", "https://m.example.com", "example://app"]

/// The host of pattern `index`: four patterns (one of each shape) on each host in turn.
func host(_ index: Int) -> String { hosts[(index / 4) % hosts.count] }

/// Pattern `index`, and its target. Four shapes in turn:
///
///     https://example.com/r0/{id}                       → /tab#r0/detail(id={id})
///     https://example.com/r1/{id}/comments              → /tab#r1/detail(id={id})/comments
///     https://example.com/r2/{id}/comments/{comment}?ref={ref?}
///                                                       → /tab#r2/detail(id={id})/comment(id={comment},ref={ref})
///     https://example.com/r3/recent/all                 → /tab#r3/recent
///     https://www.example.com/r4/{id}                   → /tab#r4/detail(id={id})
///     …
func pattern(_ index: Int) -> (pattern: String, target: String) {
    let host = host(index)
    let resource = "r\(index)"
    switch index % 4 {
    case 0: return ("\(host)/\(resource)/{id}", "/tab#\(resource)/detail(id={id})")
    case 1: return ("\(host)/\(resource)/{id}/comments", "/tab#\(resource)/detail(id={id})/comments")
    case 2: return ("\(host)/\(resource)/{id}/comments/{comment}?ref={ref?}",
                    "/tab#\(resource)/detail(id={id})/comment(id={comment},ref={ref})")
    default: return ("\(host)/\(resource)/recent/all", "/tab#\(resource)/recent")
    }
}

/// A map of the first `count` patterns.
func linkMap(patterns count: Int) throws -> LinkMap {
    var links = LinkMap()
    for index in 0..<count {
        let (pattern, target) = pattern(index)
        try links.add(pattern, to: target)
    }
    return links
}

/// The link measured for a map of `count` patterns: 4 segments with 2 captured, a query
/// with a captured item and one the pattern ignores, matching the map's last pattern of
/// the third shape (`r6` on www.example.com for 10, `r98` on example.com for 100, `r998`
/// on www.example.com for 1,000; its host has about a quarter of the patterns).
func link(patterns count: Int) -> (link: String, path: String) {
    let index = (count - 4..<count).last { $0 % 4 == 2 } ?? 2
    let resource = "r\(index)"
    return ("\(host(index))/\(resource)/12345/comments/678?utm_source=mail&ref=feed",
            "/tab#\(resource)/detail(id=12345)/comment(id=678,ref=feed)")
}

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
