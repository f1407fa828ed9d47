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

/// Loads a test finishes when it chooses: each load a ``loader(_:refreshesWhenRevealed:)``
/// starts waits here, named by its component (`person_detail(id=5)`), until the test
/// completes or fails it; a load whose task is cancelled ends at once and is recorded.
@MainActor
public final class ManualLoads {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    private struct Waiting {
        let id: Int
        let name: String
        let continuation: CheckedContinuation<String, any Error>
    }

    private var waiting: [Waiting] = []
    private var nextID = 0
    /// Every load started, in order.
    public private(set) var started: [String] = []
    /// Every load whose task was cancelled while it waited, in order.
    public private(set) var cancelled: [String] = []

    /// Whether loads ignore their task's cancellation and wait on for the test, as a
    /// loader that never checks for it does.
    public var ignoresCancellation = false

    public init() {}

    /// The loads waiting for the test, oldest first.
    public var pending: [String] { waiting.map(\.name) }

    /// A loader whose value is the text the test completes it with.
    public func loader(refreshesWhenRevealed: Bool = false) -> PageLoader<String> {
        PageLoader(refreshesWhenRevealed: refreshesWhenRevealed) { [self] intent in
            try await self.wait(Self.name(intent.component))
        }
    }

    /// `person_detail(id=5)`.
    public static func name(_ component: PageComponent) -> String {
        guard !component.parameters.isEmpty else { return component.name }
        return "\(component.name)(\(component.parameters.map { "\($0.key)=\($0.value)" }.joined(separator: ",")))"
    }

    /// Finishes the oldest load named `name` with `value`.
    /// - Returns: Whether one waited.
    @discardableResult
    public func complete(_ name: String, with value: String) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.name == name }) else { return false }
        waiting.remove(at: index).continuation.resume(returning: value)
        return true
    }

    /// Fails the oldest load named `name`.
    /// - Returns: Whether one waited.
    @discardableResult
    public func fail(_ name: String, _ message: String = "offline") -> Bool {
        guard let index = waiting.firstIndex(where: { $0.name == name }) else { return false }
        waiting.remove(at: index).continuation.resume(throwing: Failure(message))
        return true
    }

    private func wait(_ name: String) async throws -> String {
        let id = nextID
        nextID += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard ignoresCancellation || !Task.isCancelled else {
                    cancelled.append(name)
                    return continuation.resume(throwing: CancellationError())
                }
                started.append(name)
                waiting.append(Waiting(id: id, name: name, continuation: continuation))
            }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    private func cancel(_ id: Int) {
        guard !ignoresCancellation, let index = waiting.firstIndex(where: { $0.id == id }) else { return }
        let load = waiting.remove(at: index)
        cancelled.append(load.name)
        load.continuation.resume(throwing: CancellationError())
    }

    /// One load waiting, picked at random, gets its data, or fails with `failing`; nothing
    /// when none waits.
    public func endOne(failing: Bool, random: inout SeededRandomNumberGenerator, log: inout [String]) {
        guard let name = pending.randomElement(using: &random) else { return }
        log.append(failing ? "  the load of \(name) fails" : "  the data of \(name) comes")
        _ = failing ? fail(name) : complete(name, with: "value")
    }
}
