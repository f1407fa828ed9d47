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

extension NavigationTestStore {
    /// Checks what happened next, in order.
    ///
    /// Exhaustive (the default), the oldest unreceived entries must match `expected`, one
    /// each; otherwise the failure shows the expected lines against everything unreceived
    /// as a diff (`-` expected, `+` happened), and the entries compared are taken as
    /// received, so one mistake fails once. Not exhaustive, each expectation skips what
    /// happened before its first match.
    ///
    /// It never waits: the clock moves only when the test advances it.
    ///
    /// ```swift
    /// await store.open("/tab#settings")
    /// store.receive(.willStart, .didFinish, .path("/tab#settings"))
    /// ```
    /// - Parameters:
    ///   - expected: What happened, oldest first.
    ///   - fileID: Where the check is, for a failure.
    ///   - filePath: Where the check is.
    ///   - line: Where the check is.
    ///   - column: Where the check is.
    public func receive(
        _ expected: Expectation...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        receive(contentsOf: expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks what happened next, in order, as ``receive(_:fileID:filePath:line:column:)``
    /// does, with the expectations in an array.
    /// - Parameters:
    ///   - expected: What happened, oldest first.
    ///   - fileID: Where the check is, for a failure.
    ///   - filePath: Where the check is.
    ///   - line: Where the check is.
    ///   - column: Where the check is.
    public func receive(
        contentsOf expected: [Expectation],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let location = Location(fileID: fileID, filePath: filePath, line: line, column: column)
        notePath()
        switch exhaustivity {
        case .on:
            let compared = Array(unreceived.prefix(expected.count))
            let matches = compared.count == expected.count
                && zip(expected, compared).allSatisfy { $0.matches($1) }
            if !matches {
                let heading = unreceived.isEmpty
                    ? "Expected \(counted(expected.count, "entry", "entries")), but nothing happened that was not received"
                    : "What happened differs from what was expected (- expected, + happened)"
                report(heading + ":\n" + LineDiff.lines(expected: expected, happened: unreceived).joined(separator: "\n"),
                       at: location)
            }
            unreceived.removeFirst(compared.count)
        case .off:
            for (index, expectation) in expected.enumerated() {
                guard let found = unreceived.firstIndex(where: expectation.matches) else {
                    let missing = expected[index...].map { "- \($0)" }
                    let happened = unreceived.map { "+ \($0)" }
                    report("Expected \(expectation), which has not happened; not received so far:\n"
                               + (missing + (happened.isEmpty ? ["  (nothing)"] : happened)).joined(separator: "\n"),
                           at: location)
                    return
                }
                unreceived.removeFirst(found + 1)
            }
        }
    }

    /// Takes everything that happened and is unreceived as received, without checking it.
    /// - Parameters:
    ///   - strict: Whether skipping nothing is a failure: a skip with nothing to skip
    ///     usually means the test is not where it thinks.
    ///   - fileID: Where the skip is, for a failure.
    ///   - filePath: Where the skip is.
    ///   - line: Where the skip is.
    ///   - column: Where the skip is.
    public func skipEvents(
        strict: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        notePath()
        if strict, unreceived.isEmpty {
            report("`skipEvents()` found nothing to skip: everything that happened was received",
                   at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        unreceived.removeAll()
    }

    /// Ends the test's account: lets the work settle, then, when exhaustive, fails on
    /// everything unreceived, on requests that have not ended, on a queue still busy and
    /// on timers still due on the clock (a late completion, a transition's end).
    /// Call it last in every exhaustive test: a store let go without it reports that.
    /// - Parameters:
    ///   - fileID: Where the test ends, for a failure.
    ///   - filePath: Where the test ends.
    ///   - line: Where the test ends.
    ///   - column: Where the test ends.
    public func finish(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        await settle()
        notePath()
        isFinished = true
        guard exhaustivity == .on else { return }
        var problems: [String] = []
        if !unreceived.isEmpty {
            problems.append("\(counted(unreceived.count, "entry was", "entries were")) not received:\n"
                                + unreceived.map { "+ \($0)" }.joined(separator: "\n"))
        }
        let open = requests.filter { !$0.request.isResolved }
        if !open.isEmpty {
            problems.append("\(counted(open.count, "request has", "requests have")) not ended: "
                                + open.map { "`\($0.label)`" }.joined(separator: ", "))
        }
        if !queue.isIdle {
            let running = queue.runningLabel.map { "`\($0)` runs" } ?? "an interaction holds it"
            problems.append("the queue is busy: \(running), \(counted(queue.pendingCount, "operation waits", "operations wait"))")
        }
        if clock.scheduledCount > 0, let next = clock.nextDeadline {
            problems.append("\(counted(clock.scheduledCount, "timer is", "timers are")) still due on the clock, "
                                + "the next at \(next) (now \(clock.now)): advance the clock")
        }
        guard !problems.isEmpty else { return }
        report("The test ended with work left:\n" + problems.joined(separator: "\n"),
               at: Location(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension NavigationTestStore {
    /// The diff a receive that differs reports: the expected lines against what happened,
    /// one line each, marked as in a unified diff.
    ///
    /// ```swift
    /// NavigationTestStore.diff(expected: [.willStart, .didFinish], happened: store.unreceived)
    /// // ["  will start: /tab#contact/list → /tab#settings", "- did finish",
    /// //  "+ path: /tab#settings"]
    /// ```
    /// - Parameters:
    ///   - expected: What the test expected.
    ///   - happened: What happened.
    /// - Returns: Each line the two share (`  ` and the entry), and at each gap the
    ///   expected lines missing (`- `) before the entries that happened instead (`+ `).
    /// - Complexity: O(*e* × *h*) in the lengths of the two lists.
    public nonisolated static func diff(expected: [Expectation], happened: [Entry]) -> [String] {
        LineDiff.lines(expected: expected, happened: happened)
    }
}

/// The expected lines against what happened, as a unified diff without its headers: the
/// longest run they share kept (`  ` and the entry), then, at each gap, the expected
/// lines missing (`- `) before the entries that happened instead (`+ `).
enum LineDiff {
    static func lines(expected: [NavigationTestStore.Expectation],
                      happened: [NavigationTestStore.Entry]) -> [String] {
        let rows = expected.count, columns = happened.count
        // common[i][j]: the longest shared run of expected[i...] and happened[j...].
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                common[i][j] = expected[i].matches(happened[j])
                    ? common[i + 1][j + 1] + 1
                    : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var removed: [String] = []
        var added: [String] = []
        func flush() {
            lines += removed + added
            removed = []
            added = []
        }
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, expected[i].matches(happened[j]), common[i][j] == common[i + 1][j + 1] + 1 {
                flush()
                lines.append("  \(happened[j])")
                i += 1
                j += 1
            } else if i < rows, j == columns || common[i + 1][j] >= common[i][j + 1] {
                removed.append("- \(expected[i])")
                i += 1
            } else {
                added.append("+ \(happened[j])")
                j += 1
            }
        }
        flush()
        return lines
    }
}
