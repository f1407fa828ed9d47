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
public import PageKitContainers
public import PageKitTesting

/// Drives a navigator over the container family on a manual clock, and makes a test
/// account for everything that happened: each event, each change of the current path,
/// in order. What the test did not receive fails it, with a diff.
///
/// ```swift
/// let store = try NavigationTestStore(registry: registry, start: "/tab#contact/list") { parts in
///     parts.tabs("tab", [parts.stack("contact", [ListPage()]), SettingsPage()])
/// }
/// await store.open("/tab#contact/list/person_detail(id=5)")
/// store.receive(.willStart, .path("/tab#contact/list/person_detail(id=5)"))
/// await store.advance(by: .milliseconds(350))      // the push's animation
/// store.receive(.didFinish)
/// try await store.userTapsBack()
/// store.receive(.changed(.popped), .path("/tab#contact/list"))
/// await store.advance(by: .milliseconds(350))      // the pop's animation
/// await store.finish()
/// ```
///
/// Everything happens on the store's ``clock``: an animated transition ends when the test
/// advances it past the driver's duration, and a time-out when the test advances it past
/// the queue's. Nothing waits on the wall clock, so ``receive(_:fileID:filePath:line:column:)``
/// never waits: what has not happened by then has not happened.
///
/// The store is exhaustive by default (``exhaustivity``): an action taken while something
/// that happened is still unreceived fails, and ``finish(fileID:filePath:line:column:)``
/// fails on anything unreceived and on work still in flight. A store let go without
/// `finish()` reports that too.
@MainActor
public final class NavigationTestStore {
    /// How strictly the store holds the test to account.
    public enum Exhaustivity: Sendable, Hashable {
        /// Everything that happened must be received, in order, before the next action and
        /// by ``NavigationTestStore/finish(fileID:filePath:line:column:)``, which also fails
        /// on work still in flight. The default.
        case on
        /// Only what the test receives is checked: a receive skips what happened before the
        /// first match, an action drops what is unreceived, and `finish()` checks nothing
        /// more.
        case off
    }

    /// What the store records for the test to receive.
    public struct Records: OptionSet, Sendable, Hashable {
        public let rawValue: Int

        /// A set of records.
        /// - Parameter rawValue: The bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The navigator's events (``Entry/event(_:)``).
        public static let events = Records(rawValue: 1 << 0)
        /// Each change of the current path, as the store sees it after each event, each
        /// action and each moment the clock fires something (``Entry/path(_:)``).
        public static let paths = Records(rawValue: 1 << 1)
        /// Every transition a container or the host runs (``Entry/transition(_:)``).
        public static let transitions = Records(rawValue: 1 << 2)
    }

    /// The clock of the queue's time-outs and of the animations.
    public let clock: ManualTransitionClock
    /// Times the transitions on ``clock``, and drops or delays their ends on request: the
    /// store's own, or the one given with the navigator.
    public let driver: ClockTransitionDriver?
    /// The queue shared by the navigator and every container.
    public var queue: TransitionQueue { navigator.queue }
    /// The host that presents and dismisses, when it is the container family's.
    public let host: PageHostModel?
    /// The navigator under test.
    public let navigator: Navigator
    /// What the store records.
    public let records: Records
    /// How strictly the test is held to account; change it at any time.
    public var exhaustivity: Exhaustivity {
        didSet { strict.isOn = exhaustivity == .on }
    }
    /// Where failures go: by default, an issue of the running Swift Testing test
    /// (``Failure/record(_:)``). Called on the main actor, except for the report of a
    /// store let go without `finish()`, which comes from wherever the store is freed.
    public nonisolated let reportFailure: @Sendable (Failure) -> Void

    /// What happened and is not yet received, oldest first.
    public internal(set) var unreceived: [Entry] = []
    /// The requests the store's actions made, to check at `finish()` that each ended.
    var requests: [(label: String, request: NavigationRequest)] = []
    /// The current path the test last heard of.
    private var lastPath: PagePath
    /// How many entries were ever recorded: one of the signs that work is still going on.
    private var recordedCount = 0
    private var observation: ObservationToken?
    /// What `deinit` may read: it runs outside the main actor.
    private nonisolated let strict: Strictness
    private nonisolated let createdAt: Location

    /// Builds a headless app and its navigator, and opens `start` without animation.
    ///
    /// ```swift
    /// let store = try NavigationTestStore(registry: registry) { parts in
    ///     parts.stack("contact", [ListPage()])
    /// }
    /// ```
    /// - Parameters:
    ///   - registry: The page factories.
    ///   - start: A path opened in exact mode, without animation, before the test begins;
    ///     nothing it does is recorded. `nil` starts where `root` is.
    ///   - animationDuration: How long an animated transition takes on ``clock``.
    ///   - timeouts: The queue's time-outs.
    ///   - configuration: The navigator's settings.
    ///   - records: What the test must receive.
    ///   - exhaustivity: How strictly the test is held to account.
    ///   - reportFailure: Where failures go.
    ///   - fileID: Where the store is made: a store let go without `finish()` is reported
    ///     here.
    ///   - filePath: Where the store is made.
    ///   - line: Where the store is made.
    ///   - column: Where the store is made.
    ///   - root: Makes the root page from the parts every container must share.
    /// - Throws: What `root` throws; the ``/PageKit/NavigationError`` of a `start` that fails, or
    ///   ``/PageKit/NavigationError/Code/busy`` for one that does not end at once (a guard that
    ///   waits, a dropped transition).
    public convenience init(
        registry: PageRegistry = PageRegistry(),
        start: String? = nil,
        animationDuration: Duration = .milliseconds(350),
        timeouts: TransitionQueue.Timeouts = TransitionQueue.Timeouts(),
        configuration: Navigator.Configuration = Navigator.Configuration(),
        records: Records = [.events, .paths],
        exhaustivity: Exhaustivity = .on,
        reportFailure: @escaping @Sendable (Failure) -> Void = Failure.record,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        root: (Parts) throws -> any Page
    ) throws {
        let clock = ManualTransitionClock()
        let driver = ClockTransitionDriver(clock: clock, duration: animationDuration)
        let relay = RelayDriver(next: driver)
        let queue = TransitionQueue(clock: clock, timeouts: timeouts)
        let parts = Parts(clock: clock, queue: queue, ending: .driver(relay))
        let rootPage = try root(parts)
        let navigator = Navigator(root: rootPage, host: PageHostModel(queue: queue, ending: parts.ending),
                                  registry: registry, queue: queue, identifiers: .sequential(),
                                  configuration: configuration)
        self.init(navigator: navigator, clock: clock, driver: driver, relay: relay, records: records,
                  exhaustivity: exhaustivity, reportFailure: reportFailure,
                  createdAt: Location(fileID: fileID, filePath: filePath, line: line, column: column))
        if let start { try open(start: start) }
    }

    /// Takes over a navigator built elsewhere, whose queue and containers run on `clock`:
    /// from now on, what it does must be received.
    ///
    /// ```swift
    /// let store = NavigationTestStore(navigator: app.navigator, clock: app.clock, driver: app.driver)
    /// ```
    ///
    /// The store cannot see the transitions of containers it did not make, so it records
    /// ``Records/transitions`` only for an app it built.
    /// - Parameters:
    ///   - navigator: The navigator under test.
    ///   - clock: The clock of its queue and of its containers' transitions.
    ///   - driver: The driver that times its containers' transitions, if any.
    ///   - records: What the test must receive.
    ///   - exhaustivity: How strictly the test is held to account.
    ///   - reportFailure: Where failures go.
    ///   - fileID: Where the store is made: a store let go without `finish()` is reported
    ///     here.
    ///   - filePath: Where the store is made.
    ///   - line: Where the store is made.
    ///   - column: Where the store is made.
    public convenience init(
        navigator: Navigator,
        clock: ManualTransitionClock,
        driver: ClockTransitionDriver? = nil,
        records: Records = [.events, .paths],
        exhaustivity: Exhaustivity = .on,
        reportFailure: @escaping @Sendable (Failure) -> Void = Failure.record,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(navigator: navigator, clock: clock, driver: driver, relay: nil, records: records,
                  exhaustivity: exhaustivity, reportFailure: reportFailure,
                  createdAt: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private init(navigator: Navigator, clock: ManualTransitionClock, driver: ClockTransitionDriver?,
                 relay: RelayDriver?, records: Records, exhaustivity: Exhaustivity,
                 reportFailure: @escaping @Sendable (Failure) -> Void, createdAt: Location) {
        self.navigator = navigator
        self.clock = clock
        self.driver = driver
        host = navigator.host as? PageHostModel
        self.records = records
        self.exhaustivity = exhaustivity
        self.reportFailure = reportFailure
        strict = Strictness(isOn: exhaustivity == .on)
        self.createdAt = createdAt
        lastPath = navigator.currentPath
        observation = navigator.observe { [weak self] event in self?.noted(event) }
        relay?.onRun = { [weak self] transition in self?.noted(transition) }
    }

    /// Opens `start` before the test begins, recording nothing.
    private func open(start: String) throws {
        let request = navigator.request(start, NavigationOptions.mode(.exact).animated(false))
        switch request.result {
        case .success?:
            unreceived.removeAll()
            lastPath = navigator.currentPath
        case .failure(let error)?:
            isFinished = true
            throw error
        case nil:
            request.cancel()
            isFinished = true
            throw NavigationError(.busy, path: start,
                                  reason: "the start path did not open at once: open it with an action instead")
        }
    }

    deinit {
        guard strict.isOn, !strict.isFinished else { return }
        reportFailure(Failure(
            message: "The store was let go without `await store.finish()`: what happened last and any work "
                + "still in flight were never checked",
            location: createdAt
        ))
    }

    /// The navigator's current path.
    public var currentPath: PagePath { navigator.currentPath }

    // MARK: Recording

    private func noted(_ event: NavigationEvent) {
        if records.contains(.events) { record(.event(event)) }
        notePath()
    }

    private func noted(_ transition: ContainerTransition) {
        if records.contains(.transitions) { record(.transition(transition.description)) }
    }

    /// Records the current path when it differs from the one the test last heard of.
    func notePath() {
        let path = navigator.currentPath
        guard path != lastPath else { return }
        lastPath = path
        if records.contains(.paths) { record(.path(path)) }
    }

    private func record(_ entry: Entry) {
        recordedCount += 1
        unreceived.append(entry)
    }

    // MARK: Actions

    /// Runs an action on the navigator, then lets the main actor's work settle and notes
    /// the path: the closure may queue requests, call containers, answer a page that
    /// waits, await a request that ends without the clock.
    ///
    /// ```swift
    /// let request = await store.send { $0.push("person_detail(id=9)") }
    /// try await store.send { try await $0.open("/tab#settings", .animated(false)) }
    /// ```
    ///
    /// Awaiting an animated open inside it waits for a clock nobody advances: queue the
    /// request instead (``open(_:_:fileID:filePath:line:column:)``), return it, and advance
    /// the clock.
    /// - Parameters:
    ///   - action: What to do; a ``/PageKit/NavigationRequest`` it returns is checked at `finish()`.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    /// - Returns: What `action` returns.
    /// - Throws: What `action` throws.
    @discardableResult
    public func send<Result>(
        _ action: (Navigator) async throws -> Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async rethrows -> Result {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        checkUnreceived(before: "send", at: location)
        let result = try await action(navigator)
        if let request = result as? NavigationRequest {
            requests.append(("send (\(request.target.map { "\($0)" } ?? "a path that did not parse"))", request))
        }
        await settle()
        return result
    }

    /// Queues a request to open `destination`.
    /// - Parameters:
    ///   - destination: A path, its text or a route.
    ///   - options: Mode, animation, payload and source.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    /// - Returns: The request, which ends as the clock moves.
    @discardableResult
    public func open(
        _ destination: some PagePathConvertible, _ options: NavigationOptions = .default,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> NavigationRequest {
        let label = "open \(destination)"
        return await request(label, Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            navigator.request(destination, options)
        }
    }

    /// Queues a move back through the history (``/PageKit/Navigator/back(_:_:)``).
    /// - Parameters:
    ///   - count: How many entries back.
    ///   - options: Animation and source.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    /// - Returns: The request.
    @discardableResult
    public func back(
        _ count: Int = 1, _ options: NavigationOptions = .default,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> NavigationRequest {
        await request("back \(count)", Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            navigator.back(count, options)
        }
    }

    /// Queues a move up the hierarchy (``/PageKit/Navigator/up(_:_:)``).
    /// - Parameters:
    ///   - count: How many levels up.
    ///   - options: Animation and source.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    /// - Returns: The request.
    @discardableResult
    public func up(
        _ count: Int = 1, _ options: NavigationOptions = .default,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> NavigationRequest {
        await request("up \(count)", Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            navigator.up(count, options)
        }
    }

    /// Queues pops from the stack on top (``/PageKit/Navigator/pop(_:_:)``).
    /// - Parameters:
    ///   - count: How many pages.
    ///   - options: Animation and source.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    /// - Returns: The request.
    @discardableResult
    public func pop(
        _ count: Int = 1, _ options: NavigationOptions = .default,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> NavigationRequest {
        await request("pop \(count)", Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            navigator.pop(count, options)
        }
    }

    /// Moves the clock forward, firing what falls due in deadline order and noting the
    /// current path after each moment something fires: the ends of animations, time-outs,
    /// delayed completions.
    /// - Parameters:
    ///   - duration: How far to move.
    ///   - fileID: Where the action is, for a failure.
    ///   - filePath: Where the action is.
    ///   - line: Where the action is.
    ///   - column: Where the action is.
    public func advance(
        by duration: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        await perform("advance by \(duration)", at: location) {
            let target = clock.now + max(duration, .zero)
            while let next = clock.nextDeadline, next <= target {
                clock.advance(to: next)
                notePath()
            }
            clock.advance(to: target)
        }
    }

    private func request(_ label: String, _ location: Location,
                         _ make: () -> NavigationRequest) async -> NavigationRequest {
        await perform(label, at: location) {
            let request = make()
            requests.append((label, request))
            return request
        }
    }

    /// Checks that nothing is left unreceived, runs `body`, lets the work it started
    /// settle, and notes the path.
    func perform<Result>(_ label: String, at location: Location,
                         _ body: () throws -> Result) async rethrows -> Result {
        checkUnreceived(before: label, at: location)
        let result = try body()
        await settle()
        return result
    }

    /// Before an action: what happened must have been received (exhaustive), or is dropped.
    private func checkUnreceived(before label: String, at location: Location) {
        notePath()
        guard !unreceived.isEmpty else { return }
        if exhaustivity == .on {
            report(
                "`\(label)` was sent while \(counted(unreceived.count, "entry", "entries")) "
                    + "had not been received (receive them, or skip them with `skipEvents()`):\n"
                    + unreceived.map { "+ \($0)" }.joined(separator: "\n"),
                at: location
            )
        }
        unreceived.removeAll()
    }

    /// Lets main-actor work the action started run (a guard's answer, a page asked
    /// whether it may leave), a turn at a time, until nothing the store can see has
    /// changed for several turns. It counts turns of the main actor, never time.
    func settle() async {
        var last = progress
        var quietTurns = 0
        for _ in 0..<Self.settleTurnLimit where quietTurns < Self.quietTurnsToSettle {
            await Task.yield()
            notePath()
            let now = progress
            if now == last {
                quietTurns += 1
            } else {
                quietTurns = 0
                last = now
            }
        }
    }

    private static let quietTurnsToSettle = 8
    private static let settleTurnLimit = 1_000

    private var progress: [Int] {
        [recordedCount, queue.isIdle ? 1 : 0, queue.pendingCount, requests.filter { !$0.request.isResolved }.count]
    }

    // MARK: Failures

    func report(_ message: String, at location: Location) {
        reportFailure(Failure(message: message, location: location))
    }

    func counted(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }

    /// Whether the test is held to account, and whether it said it is done: read by
    /// `deinit`, which may run outside the main actor. Written on the main actor only,
    /// and read there or once the store is gone, so never at the same time.
    final class Strictness: @unchecked Sendable {
        var isOn: Bool
        var isFinished = false
        init(isOn: Bool) { self.isOn = isOn }
    }

    var isFinished: Bool {
        get { strict.isFinished }
        set { strict.isFinished = newValue }
    }
}

/// Hands each transition to the store before the clock driver times it.
@MainActor
final class RelayDriver: TransitionDriver {
    let next: any TransitionDriver
    var onRun: ((ContainerTransition) -> Void)?

    init(next: any TransitionDriver) {
        self.next = next
    }

    func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        onRun?(transition)
        next.run(transition, completion: completion)
    }
}
