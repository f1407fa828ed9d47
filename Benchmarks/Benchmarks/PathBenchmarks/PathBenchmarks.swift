import Benchmark
import BenchmarkSupport
import Foundation
import PageKit

// Parsing text into a `PagePath`, and Foundation's `URLComponents` on the same app URL in
// the same run, so that the ratio of the two is measured side by side.
//
// Goal for PagePath parsing: <= 250 ns and <= 2 mallocs per parse.

/// An app URL: scheme, host as first component, a component with parameters, a query.
let appURL = "app://contact/person_detail(id=7)/handler?x=1"

/// A path string with `#` (an internal child, such as a tab), `!` (a modal) and two
/// parameters.
let pathString = "/top#coupon!show(id=10,shop=5)"

/// Parses `text` once, outside any measurement, and fails the benchmark unless it prints
/// back as `expected`, so that a parser change that breaks the input shows up as a failure
/// rather than as a fast time.
func checkParse(_ text: String, printsAs expected: String, _ benchmark: Benchmark) -> Bool {
    do {
        let printed = try PagePath(parsing: text).description
        guard printed == expected else {
            benchmark.error("`\(text)` printed back as `\(printed)`, expected `\(expected)`")
            return false
        }
        return true
    } catch {
        benchmark.error("`\(text)` did not parse: \(error)")
        return false
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("PagePath parse app URL", configuration: .perOperation) { benchmark in
        guard checkParse(appURL, printsAs: appURL, benchmark) else { return }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? PagePath(parsing: appURL))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("PagePath parse path string", configuration: .perOperation) { benchmark in
        guard checkParse(pathString, printsAs: pathString, benchmark) else { return }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? PagePath(parsing: pathString))
        }
        benchmark.stopMeasurement()
    }

    // Foundation, for comparison: parse the same app URL and read what PagePath gives
    // (the path and the query items). It does less than PagePath does: it neither splits
    // the path into components nor parses `(id=7)`.
    Benchmark("URLComponents app URL (path, queryItems)", configuration: .perOperation) { benchmark in
        guard let components = URLComponents(string: appURL), components.path == "/person_detail(id=7)/handler",
              components.queryItems == [URLQueryItem(name: "x", value: "1")] else {
            return benchmark.error("URLComponents read `\(appURL)` differently than expected")
        }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let components = URLComponents(string: appURL)
            blackHole(components?.path)
            blackHole(components?.queryItems)
        }
        benchmark.stopMeasurement()
    }
}
