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

/// One load a plan needs: a page it makes from a loaded value, or the live page it ends at,
/// refreshed.
struct PageLoad: Sendable {
    /// What the value is for.
    enum Purpose: Hashable, Sendable { case make, refresh }

    /// Which load it is within a turn: the same component for the same purpose loads once.
    struct Key: Hashable, Sendable {
        let component: PageComponent
        let purpose: Purpose
    }

    let key: Key
    let intent: PageIntent
    let loader: AnyPageLoader

    init(_ component: PageComponent, _ purpose: Purpose, intent: PageIntent, loader: AnyPageLoader) {
        key = Key(component: component, purpose: purpose)
        self.intent = intent
        self.loader = loader
    }

    var component: PageComponent { key.component }
}

/// The loads of one request's turn: what its plans need, what has been loaded, and the
/// task and timer of the loads running. The driver starts and stops them; the machine
/// decides when.
///
/// Loads run in parallel in child tasks; their values are kept in path order once all have
/// finished, or the first failure (in the order they fail) is reported and the rest are
/// cancelled. Stopped loads are cancelled and whatever they return is discarded, never kept
/// for a later request.
@MainActor
final class PageLoads {
    /// The values loaded in this turn.
    private var values: [PageLoad.Key: (value: any Sendable, loader: AnyPageLoader)] = [:]
    /// What the last plan needs and the turn has not loaded.
    private(set) var pending: [PageLoad] = []
    private var task: Task<Void, Never>?
    private var timer: (any TransitionTimer)?

    /// Keeps, of `loads` (what a plan needs), those not loaded yet, and returns their
    /// components for the machine.
    func need(_ loads: [PageLoad]) -> [PageComponent] {
        pending = loads.filter { values[$0.key] == nil }
        return pending.map(\.component)
    }

    /// Starts the pending loads, and a timer of `timeout` on `clock`.
    func start(clock: any TransitionClock, timeout: Duration,
               finished: @escaping @MainActor (Result<Void, NavigationError>) -> Void,
               timedOut: @escaping @MainActor () -> Void) {
        stop()
        let loads = pending
        timer = clock.schedule(after: timeout) { timedOut() }
        task = Task { [weak self] in
            let result = await Self.run(loads)
            // Stopped (cancelled, superseded, timed out): the values are discarded.
            guard !Task.isCancelled, let self else { return }
            self.task = nil
            self.timer?.cancel()
            self.timer = nil
            switch result {
            case .success(let loaded):
                for (index, value) in loaded.enumerated() { values[loads[index].key] = (value, loads[index].loader) }
                pending = []
                finished(.success(()))
            case .failure(let error):
                finished(.failure(error))
            }
        }
    }

    /// Stops the loads running, if any: their task is cancelled and their values discarded.
    func stop() {
        task?.cancel()
        task = nil
        timer?.cancel()
        timer = nil
    }

    /// Stops everything and forgets what was loaded: the turn is over.
    func reset() {
        stop()
        values = [:]
        pending = []
    }

    /// The value loaded to make `component`'s page, if any.
    func valueToMake(_ component: PageComponent) -> (any Sendable)? {
        values[PageLoad.Key(component: component, purpose: .make)]?.value
    }

    /// The value loaded to refresh the live page of `component`, with its loader, if any.
    func loadedToRefresh(_ component: PageComponent) -> (any Sendable, AnyPageLoader)? {
        values[PageLoad.Key(component: component, purpose: .refresh)].map { ($0.value, $0.loader) }
    }

    /// Runs `loads` in parallel: every value in their order, or the first error.
    private nonisolated static func run(_ loads: [PageLoad]) async -> Result<[any Sendable], NavigationError> {
        await withTaskGroup(of: (Int, Result<any Sendable, any Error>).self) { group in
            for (index, load) in loads.enumerated() {
                let run = load.loader.load
                let intent = load.intent
                group.addTask {
                    do {
                        return (index, .success(try await run(intent)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var values: [(any Sendable)?] = Array(repeating: nil, count: loads.count)
            for await (index, result) in group {
                switch result {
                case .success(let value):
                    values[index] = value
                case .failure(let error):
                    group.cancelAll()
                    let component = loads[index].component
                    let name = PageReference.describe(name: component.name, parameters: component.parameters)
                    return .failure(NavigationError(.loadFailed, component: component.name,
                                                    reason: "the loader of `\(name)` threw", underlying: error))
                }
            }
            return .success(values.compactMap { $0 })
        }
    }
}
