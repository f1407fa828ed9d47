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

import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// What loaders should do, told without queues, tasks or timers: requests wait in line,
/// the first one loads (if the page it shows is not live) until its load ends, fails,
/// times out, is cancelled or is superseded by a newer request or the person's back, and a
/// request whose page is live reveals it at once. The app's own pop, which the stack
/// reports, is planned around.
struct LoaderModel {
    enum Outcome: Equatable, CustomStringConvertible {
        case pending, finished
        case failed(NavigationError.Code)

        var description: String {
            switch self {
            case .pending: "pending"
            case .finished: "finished"
            case .failed(let code): "\(code)"
            }
        }
    }

    struct Request {
        /// The person it opens, or `nil` for the list.
        let person: Int?
        var outcome = Outcome.pending
    }

    static let timeout = 5

    /// The contact stack: each page's description and the value it was made from.
    var stack: [(name: String, value: String?)] = [("list", nil), ("person_detail(id=5)", nil), ("home_page(id=5)", nil)]
    var requests: [Request] = []
    /// The requests not yet ended, oldest first.
    var line: [Int] = []
    /// The request loading (the first in line), and when its load started.
    var loading: (request: Int, since: Int)?
    var now = 0
    /// How many loads started, and how many were stopped (cancelled, superseded, timed out).
    var loadsStarted = 0
    var loadsStopped = 0

    static func name(_ person: Int) -> String { "person_detail(id=\(person))" }

    /// The load waiting, by name.
    var pendingLoad: String? {
        loading.flatMap { requests[$0.request].person.map(Self.name) }
    }

    mutating func open(_ person: Int?) {
        requests.append(Request(person: person))
        line.append(requests.count - 1)
        if let loading { end(loading.request, .failed(.cancelled)) }
        run()
    }

    mutating func completeLoad(value: String) {
        guard let loading, let person = requests[loading.request].person else { return }
        // Planned again: nothing moved meanwhile, so it pushes the person loaded.
        stack.append((Self.name(person), value))
        end(loading.request, .finished)
        run()
    }

    mutating func failLoad() {
        guard let loading else { return }
        end(loading.request, .failed(.loadFailed))
        run()
    }

    mutating func advance(by seconds: Int) {
        now += seconds
        if let loading, now - loading.since >= Self.timeout {
            end(loading.request, .failed(.loadTimedOut))
            run()
        }
    }

    /// The app pops the stack to the list itself: a loading request goes on, and plans
    /// again around it once its load is in.
    mutating func appPopsToList() {
        stack.removeSubrange(1...)
    }

    /// The person taps back: the gesture, queued, supersedes a loading request, then pops.
    mutating func personTapsBack() {
        if let loading { end(loading.request, .failed(.cancelled)) }
        stack.removeLast()
        run()
    }

    mutating func cancel(_ request: Int) {
        guard requests[request].outcome == .pending else { return }
        end(request, .failed(.cancelled))
        run()
    }

    private mutating func end(_ request: Int, _ outcome: Outcome) {
        requests[request].outcome = outcome
        line.removeAll { $0 == request }
        guard loading?.request == request else { return }
        loading = nil
        if outcome != .finished, outcome != .failed(.loadFailed) { loadsStopped += 1 }
    }

    /// Runs the line until it is empty or its first request loads.
    private mutating func run() {
        while loading == nil, let first = line.first {
            guard let person = requests[first].person else {
                stack.removeSubrange(1...)
                end(first, .finished)
                continue
            }
            if let index = stack.firstIndex(where: { $0.name == Self.name(person) }) {
                stack.removeSubrange((index + 1)...)
                end(first, .finished)
                continue
            }
            // The newest request made, still waiting, supersedes it as it starts loading.
            if let newest = requests.indices.last, newest != first, line.contains(newest) {
                end(first, .failed(.cancelled))
                continue
            }
            loading = (first, now)
            loadsStarted += 1
        }
    }
}

@MainActor
@Suite("Loaders against a reference model, by seeded random operations", .timeLimit(.minutes(10)))
struct LoaderModelTests {
    enum Operation: CustomStringConvertible {
        case open(Int?), complete(String), fail, advance(Int), cancel(Int), appPops, personTapsBack

        var description: String {
            switch self {
            case .open(let person): person.map { "open person \($0)" } ?? "open list"
            case .complete(let value): "complete with \(value)"
            case .fail: "fail the load"
            case .advance(let seconds): "advance \(seconds) s"
            case .cancel(let request): "cancel request \(request)"
            case .appPops: "the app pops to the list"
            case .personTapsBack: "the person taps back"
            }
        }
    }

    /// Seeds that once failed are kept here, with those drawn for this run.
    nonisolated static let seeds: [UInt64] = Array(1...40)

    @Test("opens with loads that finish, fail or hang, supersessions, cancellations, time passing, the app's pops and the person's backs",
          arguments: seeds)
    func run(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let app = try LoaderFixture(timeout: .seconds(LoaderModel.timeout))
        var model = LoaderModel()
        var requests: [NavigationRequest] = []
        var trail: [String] = []
        for step in 0..<60 {
            let operation: Operation = switch Int.random(in: 0..<12, using: &random) {
            case 0...3: .open(random.chance(0.2) ? nil : Int.random(in: 5...8, using: &random))
            case 4, 5: .complete("v\(step)")
            case 6: .fail
            case 7, 8: .advance(Int.random(in: 1...3, using: &random))
            case 10: .appPops
            case 11: .personTapsBack
            default: .cancel(requests.isEmpty ? 0 : Int.random(in: 0..<requests.count, using: &random))
            }
            trail.append(operation.description)
            switch operation {
            case .open(let person):
                requests.append(app.navigator.request(person.map { "/tab#contact/list/person_detail(id=\($0))" }
                    ?? "/tab#contact/list"))
                model.open(person)
            case .complete(let value):
                if let name = model.pendingLoad { #expect(app.loads.complete(name, with: value)) }
                model.completeLoad(value: value)
            case .fail:
                if let name = model.pendingLoad { #expect(app.loads.fail(name)) }
                model.failLoad()
            case .advance(let seconds):
                app.fixture.clock.advance(by: .seconds(seconds))
                model.advance(by: seconds)
            case .cancel(let index):
                guard index < requests.count else { continue }
                requests[index].cancel()
                model.cancel(index)
            case .appPops:
                guard model.stack.count > 1 else { continue }
                app.fixture.contact.pop(to: app.fixture.list, animated: false, style: .default,
                                        completion: TransitionCompletion { _ in })
                model.appPopsToList()
            case .personTapsBack:
                guard model.stack.count > 1 else { continue }
                try app.fixture.contact.userTapsBack()
                model.personTapsBack()
            }
            let expectedPending = model.pendingLoad.map { [$0] } ?? []
            let expectedStack = model.stack.map { "\($0.name)=\($0.value ?? "-")" }
            let expectedOutcomes = model.requests.map(\.outcome)
            func stack() -> [String] {
                app.fixture.contact.pages.map { "\($0.pageDescription)=\(($0 as? LoadedTestPage)?.value ?? "-")" }
            }
            func outcomes() -> [LoaderModel.Outcome] {
                requests.map { request in
                    switch request.result {
                    case nil: .pending
                    case .success?: .finished
                    case .failure(let error)?: .failed(error.code)
                    }
                }
            }
            let settled = await yieldUntil {
                app.loads.started.count == model.loadsStarted && app.loads.cancelled.count == model.loadsStopped
                    && app.loads.pending == expectedPending && stack() == expectedStack && outcomes() == expectedOutcomes
                    && app.fixture.queue.isIdle == model.line.isEmpty
            }
            let context = "seed \(seed), after \(trail.joined(separator: "; "))"
            #expect(settled, "\(context)")
            guard settled else {
                #expect(stack() == expectedStack, "\(context)")
                #expect(outcomes() == expectedOutcomes, "\(context)")
                #expect(app.loads.pending == expectedPending, "\(context)")
                return
            }
            // Invariants: the pending load is the navigator's, and at most one request loads.
            #expect(app.navigator.pendingLoad?.components.map(ManualLoads.name) == model.pendingLoad.map { [$0] },
                    "\(context)")
        }
    }
}
