//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

public import PageKit
import RoutingKit

/// The path PageKit plans and RoutingKit routes side by side: four components, two with
/// parameters, and a query; for RoutingKit, the same names and values as six segments.
public enum ComparedPath {
    /// What PageKit plans against a ``LiveTree`` of depth 4 with 1,000 names: `tab`, `s0`
    /// and `item(id=3)` are live (the top of `s0`), `screen_00998` is not, so the plan is
    /// one push.
    public static let url = "app://tab/s0/item(id=3)/screen_00998(id=123)?x=1"
    /// What RoutingKit routes: each parameter a segment, as a server router takes them.
    public static let segments = ["tab", "s0", "item", "3", "screen_00998", "123"]
    /// How many names the registry holds, and routes the router.
    public static let names = 1_000

    /// Whether `plan`, a plan of ``url``, is the one push expected.
    /// - Parameter plan: The plan.
    @MainActor
    public static func isExpected(_ plan: NavigationPlan) -> Bool {
        guard plan.steps.count == 1, case .push(let pages, _, _) = plan.steps[0] else { return false }
        return pages.count == 1 && plan.newComponents.map(\.description) == ["/screen_00998(id=123)"]
    }
}

/// vapor/routing-kit's `TrieRouter` with one route per registered name `n`, shaped
/// `tab/:tab/item/:id/n/:screen`: a router with no live hierarchy to read and no plan to
/// make, as a yardstick for PageKit's plan.
public final class RoutingKitYardstick: @unchecked Sendable {
    // Unchecked: the router is filled once, in `init`, and only read afterwards.
    private let router = TrieRouter(String.self)

    /// A router of ``ComparedPath/names`` routes.
    public init() {
        for name in PageRegistry.benchmarkNames(count: ComparedPath.names) {
            router.register(name, at: ["tab", ":tab", "item", ":id", .constant(name), ":screen"])
        }
    }

    /// Routes ``ComparedPath/segments``; the route's output, `screen_00998`.
    public func route() -> String? {
        var parameters = Parameters()
        return router.route(path: ComparedPath.segments, parameters: &parameters)
    }

    /// Routes ``ComparedPath/segments`` `count` times.
    /// - Parameter count: How many times.
    public func route(times count: Int) {
        for _ in 0..<count {
            var parameters = Parameters()
            consume(router.route(path: ComparedPath.segments, parameters: &parameters))
            consume(parameters)
        }
    }

    /// Whether the router routes the path as expected, with its parameters.
    public var routesAsExpected: Bool {
        var parameters = Parameters()
        return router.route(path: ComparedPath.segments, parameters: &parameters) == "screen_00998"
            && parameters.get("screen") == "123" && parameters.get("id") == "3"
    }
}

/// Keeps the optimizer from dropping a result no one reads.
@inline(never)
public func consume<T>(_ value: T) {}

/// The medians of two operations timed in alternating batches in one process, and their
/// ratio.
///
/// Two benchmarks run one after the other are timed minutes apart, and a shared machine's
/// speed changes in between; batches that alternate, first one operation then the other,
/// then the other way round, see the same machine, and the ratio of their medians holds
/// from run to run where their times do not.
public struct InterleavedMedians: Sendable {
    /// The first operation's median time per operation, in nanoseconds.
    public let first: Double
    /// The second operation's median time per operation, in nanoseconds.
    public let second: Double

    /// `first / second`.
    public var ratio: Double { first / second }

    /// Times `rounds` batches of `batch` runs of each operation, alternating which goes
    /// first in each round.
    /// - Parameters:
    ///   - rounds: How many batches of each.
    ///   - batch: How many runs of an operation one batch times.
    ///   - first: Runs the first operation the given number of times.
    ///   - second: Runs the second operation the given number of times.
    public init(rounds: Int, batch: Int, first: (Int) -> Void, second: (Int) -> Void) {
        let clock = ContinuousClock()
        var firstTimes: [Double] = []
        var secondTimes: [Double] = []
        firstTimes.reserveCapacity(rounds)
        secondTimes.reserveCapacity(rounds)
        func time(_ operation: (Int) -> Void) -> Double {
            let start = clock.now
            operation(batch)
            let (seconds, attoseconds) = start.duration(to: clock.now).components
            return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(batch)
        }
        for round in 0..<rounds {
            if round.isMultiple(of: 2) {
                firstTimes.append(time(first))
                secondTimes.append(time(second))
            } else {
                secondTimes.append(time(second))
                firstTimes.append(time(first))
            }
        }
        self.first = Self.median(firstTimes)
        self.second = Self.median(secondTimes)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
