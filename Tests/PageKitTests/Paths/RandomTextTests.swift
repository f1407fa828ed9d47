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
import PageKitLinks
import PageKitTestSupport
import Testing

/// Text from outside (a URL, a notification, a link pasted by the person) is read by four
/// doors: `PagePath(parsing:)`, `LinkMap.add(_:to:)`, `LinkMap.path(for:)` and the
/// navigator's `plan(for:)`, `canOpen(_:)` and `request(_:)`. Whatever the text, each
/// either reads it or throws its own typed error, what a path reads prints back to text
/// that reads to the same path, and every request ends.
@Suite("Random text through every door that reads text", .timeLimit(.minutes(10)))
struct RandomTextTests {
    /// The grammar's characters and their escapes, more often than anything else, then
    /// letters, digits, spaces, non-ASCII and characters no grammar gives a meaning.
    static let pieces: [String] = [
        "/", "/", "/", "#", "#", "!", "!", "(", ")", "=", ",", "?", "&", "%", "%2", "%2F", "%41", "%zz", "%%",
        ".", "..", "^", "^/", "~", ":", "://", "app://", "https://", "@", ";", "[", "]", "{", "}", "\\", "'",
        "\"", "*", ":id", "{id}", "a", "b", "tab", "list", "0", "7", "_", "-", " ", "\t", "\n", "\u{0}", "é",
        "e\u{301}", "日", "😀", "\u{301}", "\u{FEFF}",
    ]

    static func text(_ random: inout SeededRandomNumberGenerator) -> String {
        let count = Int.random(in: 0...24, using: &random)
        return (0..<count).map { _ in random.pick(pieces) }.joined()
    }

    @Test("any text parses to a path that prints back to itself, or throws a PagePathError",
          arguments: [11, 12, 13, 14] as [UInt64])
    func paths(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var read = 0
        for iteration in 0..<5_000 {
            let text = Self.text(&random)
            let path: PagePath
            do {
                path = try PagePath(parsing: text)
            } catch is PagePathError {
                continue
            } catch {
                Issue.record("seed \(seed), \(iteration): `\(text)` threw \(type(of: error)), not a PagePathError")
                continue
            }
            read += 1
            let printed = path.description
            guard let again = try? PagePath(parsing: printed) else {
                Issue.record("seed \(seed), \(iteration): `\(text)` read as `\(printed)`, which does not parse")
                continue
            }
            #expect(again == path, "seed \(seed), \(iteration): `\(text)` read as `\(printed)`, read back differently")
            #expect(again.description == printed, "seed \(seed), \(iteration): `\(text)`")
        }
        // Both doors are exercised: not every text is refused, nor every text read.
        #expect(read > 100 && read < 4_900, "seed \(seed): \(read) of 5,000 read")
    }

    @Test("any text as a link pattern or target is added, or throws a LinkMapError",
          arguments: [21, 22] as [UInt64])
    func patterns(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        var links = LinkMap()
        var added = 0
        for iteration in 0..<3_000 {
            // Half of them shaped like patterns and targets, so that many are added.
            let shaped = random.chance(0.5)
            let segments = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                random.pick(["people", "notes", "{id}", "{id:int}", "{note?}", "%41", Self.text(&random)])
            }
            let pattern = shaped ? "https://example.com/" + segments.joined(separator: "/") : Self.text(&random)
            let target = shaped ? "/tab#" + random.pick(["list", "person(id={id})", "note(id={note})", Self.text(&random)])
                : Self.text(&random)
            do {
                try links.add(pattern, to: target)
                added += 1
            } catch is LinkMapError {
            } catch {
                Issue.record("seed \(seed), \(iteration): `\(pattern)` → `\(target)` threw \(type(of: error))")
            }
        }
        // Most shaped ones are refused too, rightly: a placeholder used twice, an optional
        // path segment, a target naming what the pattern does not capture, a duplicate.
        #expect(added > 30, "seed \(seed): \(added) of 3,000 added")
    }

    @Test("any text as a link reads to a path, or throws a LinkMapError", arguments: [31, 32] as [UInt64])
    func links(seed: UInt64) throws {
        var links = LinkMap()
        try links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
        try links.add("https://example.com/people/{id}/notes/{note}", to: "/tab#contact/person_detail(id={id})/note(id={note})")
        try links.add("https://example.com/inbox", to: "/tab#inbox")
        var random = SeededRandomNumberGenerator(seed: seed)
        var read = 0
        for iteration in 0..<3_000 {
            let link = random.pick(["https://example.com/people/", "https://example.com/", "https://", ""])
                + Self.text(&random)
            do {
                let path = try links.path(for: link)
                read += 1
                #expect((try? PagePath(parsing: path.description)) == path, "seed \(seed), \(iteration): `\(link)`")
            } catch is LinkMapError {
            } catch {
                Issue.record("seed \(seed), \(iteration): `\(link)` threw \(type(of: error)), not a LinkMapError")
            }
        }
        #expect(read > 100, "seed \(seed): \(read) of 3,000 read")
    }

    /// The fixture's names among the grammar, so that a fair share of the paths plan.
    static func destination(_ random: inout SeededRandomNumberGenerator) -> String {
        let names = ["tab", "contact", "list", "person_detail", "home_page", "handler", "card", "feed", "post",
                     "settings", "compose", "sheet", "attach", "nothing"]
        let marks = ["/", "/", "#", "!", "!/", "#/", "..", "^"]
        // Half of them start where the fixture's tree is, half anywhere.
        let start = random.chance(0.5)
        var text = start
            ? random.pick(["/tab#contact/list", "/tab#contact/person_detail(id=5)", "/tab#settings", "/tab#/feed",
                           "app://tab/contact", "/tab#contact/list/person_detail(id=5)", "", ".."])
            : random.pick(["", "/", "app://", "/tab#", "app://tab/"])
        for index in 0..<Int.random(in: start ? 0...2 : 1...4, using: &random) {
            if index > 0 || start { text += random.pick(marks) }
            text += random.chance(0.1) ? Self.text(&random) : random.pick(names)
            if random.chance(0.2) { text += random.pick(["(id=5)", "(id=1)", "?id=5", "(id=%41)", "(id"]) }
        }
        return text
    }

    @Test("any path planned, asked about and opened plans or throws a NavigationError, and ends",
          arguments: [41, 42] as [UInt64])
    @MainActor func navigator(seed: UInt64) async {
        let fixture = Fixture()
        let navigator = fixture.navigator
        var random = SeededRandomNumberGenerator(seed: seed)
        var planned = 0, opened = 0
        for iteration in 0..<600 {
            let text = Self.destination(&random)
            let mode: ResolutionMode = random.chance(0.3) ? .exact : .reuse
            var plans = false
            do {
                _ = try navigator.plan(for: text, .mode(mode))
                plans = true
                planned += 1
            } catch is NavigationError {
            } catch {
                Issue.record("seed \(seed), \(iteration): planning `\(text)` threw \(type(of: error))")
            }
            #expect(navigator.canOpen(text, .mode(mode)) == plans, "seed \(seed), \(iteration): `\(text)`")
            guard random.chance(0.3) else { continue }
            let request = navigator.request(text, .mode(mode).animated(false))
            fixture.clock.runUntilIdle()
            await Task.yield()
            fixture.clock.runUntilIdle()
            #expect(request.isResolved, "seed \(seed), \(iteration): opening `\(text)` never ended")
            if case .success(let outcome) = request.result {
                opened += 1
                #expect(outcome.to == navigator.currentPath, "seed \(seed), \(iteration): `\(text)`")
            }
        }
        #expect(planned > 100, "seed \(seed): \(planned) of 600 planned")
        #expect(opened > 20, "seed \(seed): \(opened) opened")
    }
}
