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
@testable import PageKitLinks
import PageKitTestSupport
import Testing

/// A random pattern and its target, with what a naive link writer needs to know of them.
///
/// Its captures are named after their places, and its target gives each as a parameter of
/// the same name: `https://a.com/x/{s1}/{s2}_{t2}?q={q}` → `/r0(q={q},s1={s1},s2={s2},t2={t2})`.
struct OutPattern: CustomStringConvertible {
    enum Segment {
        case literal(String)
        /// `{sN}`.
        case any
        /// `{sN:int}`.
        case int
        /// `{sN}_{tN}`.
        case pair
        /// `v{sN:int}`.
        case version
    }

    let scheme: String
    let host: String
    let segments: [Segment]
    /// `{rest*}` at the end.
    let wildcard: Bool
    /// `q={q}`, `o={o?}` and `t={tags*}` in the query.
    let required: Bool
    let optional: Bool
    let list: Bool
    /// The target's page, and whether it is a child of `home` (`/home#r0`) or the root's.
    let name: String
    let child: Bool
    /// A literal parameter of the target, `k=…`.
    let literal: String?

    var text: String {
        var text = "\(scheme)://\(host)"
        for (place, segment) in segments.enumerated() {
            switch segment {
            case .literal(let literal): text += "/\(literal)"
            case .any: text += "/{s\(place)}"
            case .int: text += "/{s\(place):int}"
            case .pair: text += "/{s\(place)}_{t\(place)}"
            case .version: text += "/v{s\(place):int}"
            }
        }
        if wildcard { text += "/{rest*}" }
        let query = (required ? ["q={q}"] : []) + (optional ? ["o={o?}"] : []) + (list ? ["t={tags*}"] : [])
        return query.isEmpty ? text : text + "?" + query.joined(separator: "&")
    }

    /// The keys of the target's parameters that captures fill.
    var keys: [String] {
        var keys: [String] = []
        for (place, segment) in segments.enumerated() {
            switch segment {
            case .literal: break
            case .any, .int, .version: keys.append("s\(place)")
            case .pair: keys += ["s\(place)", "t\(place)"]
            }
        }
        if wildcard { keys.append("rest") }
        if required { keys.append("q") }
        if optional { keys.append("o") }
        return keys
    }

    var target: String {
        let parameters = keys.map { "\($0)={\($0)}" } + (literal.map { ["k=\($0)"] } ?? [])
        let component = name + (parameters.isEmpty ? "" : "(\(parameters.joined(separator: ",")))")
        return (child ? "/home#" : "/") + component + (list ? "?t={tags}" : "")
    }

    var description: String { "\(text) → \(target)" }

    /// The path the target gives for `values` (`o` absent when it has none) and `tags`.
    func path(_ values: [String: String], tags: [String]) -> PagePath {
        var parameters = keys.compactMap { key in values[key].map { PageParameter(key: key, value: $0) } }
        if let literal { parameters.append(PageParameter(key: "k", value: literal)) }
        let page = PageComponent(name, parameters: PageParameters(parameters), presentation: child ? .child : .shown)
        return PagePath((child ? [PageComponent("home")] : []) + [page],
                        query: PageParameters(tags.map { PageParameter(key: "t", value: $0) }))
    }

    /// A link to `path` written the simplest way, every byte but letters, digits and
    /// `-._~` percent-encoded; `nil` when the target cannot give `path`, or a segment
    /// would be `.` or `..`, which no link carries.
    func naiveLink(to path: PagePath) -> String? {
        let pages = path.components
        guard path.isAbsolute, pages.count == (child ? 2 : 1), let page = pages.last, page.name == name,
              page.presentation == (child ? .child : .shown) else { return nil }
        if child, pages[0] != PageComponent("home") { return nil }
        var expected = Set(keys + (literal == nil ? [] : ["k"]))
        if page.parameters["o"] == nil { expected.remove("o") }
        guard Set(page.parameters.map(\.key)) == expected, page.parameters.count == expected.count,
              page.parameters["k"] == literal else { return nil }
        guard path.query.allSatisfy({ $0.key == "t" }), list || path.query.isEmpty else { return nil }

        func encoded(_ text: String) -> String {
            text.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                     UInt8(ascii: "~"):
                    String(UnicodeScalar(byte))
                default:
                    "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }.joined()
        }
        let value = { (key: String) in page.parameters[key] ?? "" }
        var segments: [String] = []
        for (place, segment) in self.segments.enumerated() {
            switch segment {
            case .literal(let literal): segments.append(literal)
            case .any, .int: segments.append(value("s\(place)"))
            case .pair: segments.append(value("s\(place)") + "_" + value("t\(place)"))
            case .version: segments.append("v" + value("s\(place)"))
            }
        }
        if wildcard { segments += value("rest").split(separator: "/", omittingEmptySubsequences: false).map(String.init) }
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        var link = "\(scheme)://\(host)" + segments.map { "/" + encoded($0) }.joined()
        var query: [String] = []
        if required { query.append("q=" + encoded(value("q"))) }
        if optional, let o = page.parameters["o"] { query.append("o=" + encoded(o)) }
        query += path.query.map { "t=" + encoded($0.value) }
        if !query.isEmpty { link += "?" + query.joined(separator: "&") }
        return link
    }
}

@Suite("Links out round-trip, against a naive link writer", .timeLimit(.minutes(10)))
struct LinksOutModelTests {
    /// Values that need encoding, hold a template's `_`, fit `int`, equal a literal, or
    /// cannot be a segment.
    static let values = ["a", "b", "x", "7", "42", "-3", "me", "a_b", "_", "a/b", "%", "a b", "é", "+", "&", "=",
                         "?", "#", "(", ")", ",", ".", "..", "", "v7", "x.y"]
    static let integers = ["0", "7", "42", "-3", "+5", "x", "1.5", ""]
    static let outboundCodes: Set<LinkMapError.Code> = [
        .invalidPath, .relativePath, .noPatternForPath, .valueDoesNotFit, .ambiguousValue, .shadowedLink,
    ]

    static func randomPattern(_ random: inout SeededRandomNumberGenerator) -> OutPattern {
        let segments = (0..<Int.random(in: 0...3, using: &random)).map { _ -> OutPattern.Segment in
            switch Double.random(in: 0..<1, using: &random) {
            case ..<0.4: .literal(random.pick(["x", "y", "7", "me"]))
            case ..<0.65: .any
            case ..<0.8: .int
            case ..<0.9: .pair
            default: .version
            }
        }
        return OutPattern(
            scheme: random.pick(["https", "app"]), host: random.pick(["a.com", "b.com"]), segments: segments,
            wildcard: random.chance(0.2), required: random.chance(0.2), optional: random.chance(0.25),
            list: random.chance(0.15), name: random.pick(["r0", "r1", "r2"]), child: random.chance(0.3),
            literal: random.chance(0.2) ? random.pick(["1", "on"]) : nil
        )
    }

    static func randomValue(_ random: inout SeededRandomNumberGenerator) -> String {
        random.chance(0.8) ? random.pick(values) : random.pick(values) + random.pick(values)
    }

    /// A path `pattern`'s target gives, with random values.
    static func producedPath(_ pattern: OutPattern, _ random: inout SeededRandomNumberGenerator) -> PagePath {
        var values: [String: String] = [:]
        for (place, segment) in pattern.segments.enumerated() {
            switch segment {
            case .literal: break
            case .any: values["s\(place)"] = randomValue(&random)
            case .int, .version: values["s\(place)"] = random.pick(integers)
            case .pair: (values["s\(place)"], values["t\(place)"]) = (randomValue(&random), randomValue(&random))
            }
        }
        if pattern.wildcard {
            values["rest"] = (0..<Int.random(in: 1...3, using: &random)).map { _ in randomValue(&random) }
                .joined(separator: "/")
        }
        if pattern.required { values["q"] = randomValue(&random) }
        if pattern.optional, random.chance(0.6) { values["o"] = randomValue(&random) }
        let tags = pattern.list ? (0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(&random) } : []
        return pattern.path(values, tags: tags)
    }

    /// A path no target was made for, though it may happen to be one: other names,
    /// parameters and queries, a modal, a relative origin, too many components.
    static func strayPath(_ random: inout SeededRandomNumberGenerator) -> PagePath {
        let keys = ["s0", "s1", "t1", "s2", "rest", "q", "o", "k", "zz"]
        let parameters = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            PageParameter(key: random.pick(keys), value: randomValue(&random))
        }
        let presentation = random.pick([PageComponent.Presentation.shown, .child, .modal, .shown])
        var components = [PageComponent(random.pick(["r0", "r1", "zz"]), parameters: PageParameters(parameters),
                                        presentation: presentation)]
        if random.chance(0.3) { components.insert(PageComponent(random.pick(["home", "r1"])), at: 0) }
        if random.chance(0.1) { components.append(PageComponent("deeper")) }
        let query = random.chance(0.3) ? [PageParameter(key: random.pick(["t", "q"]), value: randomValue(&random))] : []
        return PagePath(components, query: PageParameters(query),
                        origin: random.chance(0.1) ? .current(levelsUp: random.pick([0, 1])) : .root)
    }

    /// Gives `path` a link and checks it against the naive writer: a link exactly when
    /// some pattern's naive link maps back to `path`, and then one that does too.
    static func check(_ path: PagePath, _ links: LinkMap, _ patterns: [OutPattern], _ context: String,
                      _ tally: inout (links: Int, errors: Int)) {
        let expected = patterns.compactMap { $0.naiveLink(to: path) }.first { link in
            guard let back = try? links.path(for: link) else { return false }
            return back.components == path.components && back.query == path.query
        }
        let context = "\(context), `\(path)`, patterns \(patterns.map(\.description))"
        do {
            let link = try links.link(for: path)
            tally.links += 1
            #expect(expected != nil, "\(context): got `\(link)`, and no naive link maps back")
            let back = try links.path(for: link)
            #expect(back.components == path.components && back.query == path.query,
                    "\(context): `\(link)` maps back to `\(back)`")
        } catch let error as LinkMapError {
            tally.errors += 1
            #expect(expected == nil, "\(context): \(error), and `\(expected ?? "")` maps back")
            #expect(outboundCodes.contains(error.code), "\(context): \(error)")
            if !path.isAbsolute { #expect(error.code == .relativePath, "\(context): \(error)") }
        } catch {
            Issue.record("\(context): not a LinkMapError: \(error)")
        }
    }

    @Test("random paths get a link exactly when a naive writer finds one, and it maps back, after every pattern added",
          arguments: [31, 32, 33, 34, 35] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        var tally = (links: 0, errors: 0)
        for round in 0..<8 {
            var links = LinkMap()
            var patterns: [OutPattern] = []
            for _ in 0..<Int.random(in: 1...25, using: &random) {
                let pattern = Self.randomPattern(&random)
                // Which patterns may live together is the inbound model's concern.
                guard (try? links.add(pattern.text, to: pattern.target)) != nil else { continue }
                patterns.append(pattern)
                let context = "seed \(seed), round \(round), after \(patterns.count) patterns"
                for _ in 0..<6 {
                    let path = random.chance(0.7) ? Self.producedPath(random.pick(patterns), &random)
                        : Self.strayPath(&random)
                    Self.check(path, links, patterns, context, &tally)
                }
            }
            #expect(links.count == patterns.count)
        }
        // Neither side of the property is left untested.
        #expect(tally.links > 100 && tally.errors > 100, "seed \(seed): \(tally)")
    }
}
