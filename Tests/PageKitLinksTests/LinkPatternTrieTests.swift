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

import Foundation
@testable import PageKit
@testable import PageKitLinks
import PageKitTestSupport
import Testing

/// The trie finds the patterns a new one could conflict with by walking only the branches
/// that could share a link with it, and the automaton is updated in place: both are checked
/// against a scan of every pattern, over random patterns with every kind of segment.
@Suite("Link pattern trie against a scan of every pattern", .timeLimit(.minutes(10)))
struct LinkPatternTrieTests {
    /// Segments of every kind: literals (some of which fit a type or a template),
    /// placeholders of each type, and templates that nest, overlap or exclude each other.
    static let segments = [
        "a", "7", "2.5", "true", "x.json", "x_y", "{p}", "{p:int}", "{p:float}", "{p:bool}", "{p:uuid}",
        "{p}.json", "{p:int}.json", "{p}_{q}", "x{p}", "{p}.{q}",
    ]
    /// Decoded link segments to match: each literal above, and text that fits some
    /// placeholders and not others.
    static let linkSegments = [
        "a", "7", "2.5", "true", "x.json", "x_y", "12.json", "b_c", "xz", "q.r", "other",
        "123e4567-e89b-12d3-a456-426614174000",
    ]

    static func randomPattern(_ random: inout SeededRandomNumberGenerator) -> String {
        var text = "https://example.com"
        for place in 0..<Int.random(in: 0...3, using: &random) {
            // Each placeholder named apart: `{p1}`, `{q1}`.
            text += "/" + random.pick(segments).replacingOccurrences(of: "{p", with: "{p\(place)")
                .replacingOccurrences(of: "{q", with: "{q\(place)")
        }
        if random.chance(0.25) { text += "/{rest*}" }
        return text
    }

    /// Whether `pattern` matches the decoded segments.
    static func matches(_ pattern: LinkPattern, _ path: [String]) -> Bool {
        guard pattern.hasWildcard ? path.count > pattern.segments.count : path.count == pattern.segments.count else {
            return false
        }
        for (segment, text) in zip(pattern.segments, path) {
            switch segment {
            case .literal(let literal): if literal != text { return false }
            case .capture(let segmentClass): if !segmentClass.fits(text) { return false }
            }
        }
        return true
    }

    @Test("the patterns a new one is compared with are those a scan finds sharing a link, and links match the most specific", arguments: [21, 22, 23, 24] as [UInt64])
    func agreesWithScan(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        for round in 0..<20 {
            var trie = LinkPatternTrie()
            var patterns: [LinkPattern] = []
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let pattern = try LinkPattern(parsing: Self.randomPattern(&random), limits: .default)
                let scanned = patterns.indices.filter { pattern.overlap(with: patterns[$0]) != .none }
                #expect(trie.overlapping(pattern) == scanned, "seed \(seed), round \(round): `\(pattern.text)`")
                // Only patterns that can live together are inserted, as the map does.
                let conflicts = scanned.contains { index in
                    let overlap = pattern.overlap(with: patterns[index])
                    return overlap == .duplicate || overlap == .ambiguous
                }
                if conflicts { continue }
                let all = patterns + [pattern]
                trie.insert(pattern, rule: patterns.count) { first, second in
                    all[first].overlap(with: all[second]) == .lessSpecific ? second : first
                }
                patterns.append(pattern)
            }
            for _ in 0..<60 {
                let path = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(Self.linkSegments) }
                let matching = patterns.indices.filter { Self.matches(patterns[$0], path) }
                // The one at least as specific as every other that matches too.
                let best = matching.first { candidate in
                    matching.allSatisfy { $0 == candidate || patterns[candidate].overlap(with: patterns[$0]) == .moreSpecific }
                }
                #expect(trie.automaton.match(path) == best,
                        "seed \(seed), round \(round): \(path) among \(patterns.map(\.text))")
            }
        }
    }
}

/// The children of a trie node or an automaton state, one in line or more in a
/// dictionary, behave as a dictionary.
@Suite("A node's children against a dictionary", .timeLimit(.minutes(10)))
struct LinkChildrenTests {
    @Test("500 seeded sequences of sets, removals and reads agree with a dictionary")
    func randomSequences() {
        var random = SeededRandomNumberGenerator(seed: 0xC41D)
        for _ in 0..<500 {
            var children = LinkChildren<String>()
            var reference: [String: Int] = [:]
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let key = random.pick(["a", "b", "c", "d"])
                let value: Int? = random.chance(0.25) ? nil : Int.random(in: 0...9, using: &random)
                children[key] = value
                reference[key] = value
                for probe in ["a", "b", "c", "d"] { #expect(children[probe] == reference[probe]) }
                #expect(children.map { "\($0.key)=\($0.value)" }.sorted()
                        == reference.map { "\($0.key)=\($0.value)" }.sorted())
                #expect(children.values.sorted() == reference.values.sorted())
            }
        }
    }
}
