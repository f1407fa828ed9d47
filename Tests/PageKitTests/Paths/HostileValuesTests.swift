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
import PageKit
import PageKitTestSupport
import Testing

/// Values no parsed text produces but code can: extreme limits, negative climbs, names and
/// keys that Unicode calls equal but bytes do not, many parameters in the worst order.
/// Each is a typed error or a stable round trip, never a trap.
@Suite("Hostile values from code", .timeLimit(.minutes(10)))
struct HostileValuesTests {
    // MARK: Limits

    static let extremeLimits: [PagePath.Limits] = [
        PagePath.Limits(maxLength: .max, maxDepth: .max, maxParameters: .max),
        PagePath.Limits(maxDepth: .max),
        PagePath.Limits(maxLength: .min, maxDepth: .min, maxParameters: .min),
        PagePath.Limits(maxLength: 0, maxDepth: 0, maxParameters: 0),
        PagePath.Limits(maxDepth: -1),
    ]

    @Test("any limits parse or refuse with a typed error, Int.max and Int.min included", arguments: extremeLimits)
    func anyLimits(_ limits: PagePath.Limits) {
        for text in ["/tab#contact/list/person_detail(id=5)?q=1", "app://tab/contact!compose", "../../x", "."] {
            do {
                let path = try PagePath(parsing: text, limits: limits)
                #expect(path == (try? PagePath(parsing: text, limits: PagePath.Limits(
                    maxLength: .max, maxDepth: .max, maxParameters: .max))))
            } catch let error as PagePathError {
                #expect([.tooLong, .tooDeep, .tooManyParameters].contains(error.code), "\(error)")
            } catch {
                Issue.record("not a PagePathError: \(error)")
            }
        }
    }

    @Test("a navigator configured with Int.max limits opens paths as with the defaults")
    @MainActor
    func navigatorWithMaxLimits() async throws {
        let fixture = Fixture()
        fixture.navigator.configuration = Navigator.Configuration(limits: PagePath.Limits(maxDepth: .max))
        try await fixture.navigator.open("app://tab/contact/person_detail?id=7")
        #expect(fixture.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/home_page(id=5)/person_detail(id=7)")
        fixture.navigator.configuration.limits = PagePath.Limits(maxDepth: 0)
        await #expect { try await fixture.navigator.open("app://tab/settings") } throws: {
            ($0 as? NavigationError)?.code == .invalidPath
        }
    }

    // MARK: Negative climbs

    @Test("a path that climbs fewer than 0 levels prints, and resolving, planning, opening or encoding it is a typed error")
    @MainActor
    func negativeClimb() async throws {
        let path = PagePath([PageComponent("x")], origin: .current(levelsUp: -1))
        #expect(path.description == "x", "printed as the current page")
        #expect(PagePath([], origin: .current(levelsUp: -3)).description == ".")
        #expect { try path.resolved(against: PagePath(parsing: "/a/b")) } throws: {
            ($0 as? PagePathError)?.code == .negativeClimb
        }
        let fixture = Fixture()
        let before = fixture.snapshot
        #expect { try fixture.navigator.plan(for: path) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        await #expect { try await fixture.navigator.open(path) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        // With a guard, the path is made absolute before it is planned: the same code.
        let token = fixture.navigator.addGuard { _ in .allow }
        await #expect { try await fixture.navigator.open(path) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        token.cancel()
        #expect(fixture.snapshot == before, "nothing moved")
        #expect { try JSONEncoder().encode(path) } throws: { $0 is EncodingError }
    }

    // MARK: Printing names

    static let leadingNames: [String] = [
        "^\u{593}", "^\u{301}\u{302}", "^e\u{301}", "^", "^^", "^/", "^(", ".\u{301}", "..\u{301}", "%\u{301}", ":\u{301}",
    ]

    @Test("a name that starts with an escaped character keeps the marks that follow it", arguments: leadingNames)
    func leadingEscapedCharacter(_ name: String) throws {
        let relative = PagePath([PageComponent(name)], origin: .current(levelsUp: 0))
        let absolute = PagePath([PageComponent(name)])
        for path in [relative, absolute] {
            let printed = path.description
            let reparsed = try PagePath(parsing: printed)
            #expect(reparsed.components.map(\.name) == [name], "`\(printed)`")
            #expect(Array(reparsed.components[0].name.unicodeScalars) == Array(name.unicodeScalars), "`\(printed)`")
            #expect(reparsed.description == printed)
        }
        #expect(try PagePath(parsing: "%5E\u{593}").description == "%5E\u{593}")
    }

    // MARK: Keys ordered by bytes

    static let mixedKeys: [[String]] = [
        ["é", "e\u{301}", "é/"],
        ["e\u{301}", "é/", "é"],
        ["é/", "é", "e\u{301}", "e"],
        ["\u{212B}", "\u{C5}", "A\u{30A}"],  // Angstrom sign, Å, A + ring: one letter, three spellings
        ["ﬁ", "fi", "f"],
    ]

    @Test("keys that Unicode calls equal are distinct keys in one byte order everywhere", arguments: mixedKeys)
    func keysByBytes(_ keys: [String]) throws {
        let parameters = keys.enumerated().map { PageParameter(key: $0.element, value: "\($0.offset)") }
        let canonical = PageParameters.canonical(parameters)
        let byBytes = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(canonical.map(\.key).map { Array($0.utf8) } == byBytes.map { Array($0.utf8) })
        let component = PageComponent("x", parameters: PageParameters(parameters))
        let printed = PagePath([component]).description
        let parsed = try PagePath(parsing: printed)
        #expect(parsed.components[0].parameters.map { Array($0.key.utf8) } == byBytes.map { Array($0.utf8) })
        #expect(parsed.description == printed, "print → parse → print is stable")
        // Written in any order, they parse to the same order.
        let written = "/x(" + keys.reversed().enumerated().map { "\($0.element)=\($0.offset)" }.joined(separator: ",") + ")"
        let reversed = try PagePath(parsing: written)
        #expect(reversed.components[0].parameters.map { Array($0.key.utf8) } == byBytes.map { Array($0.utf8) })
        // Each is found by its own bytes.
        for (offset, key) in keys.enumerated() {
            #expect(canonical[key] == "\(offset)", "\(Array(key.unicodeScalars))")
        }
    }

    @Test("a parameter set in code in any order prints canonically")
    func publicParametersPrintCanonically() throws {
        var component = PageComponent("x")
        component.parameters = ["b": "1", "a": "2"]
        let printed = PagePath([component]).description
        #expect(printed == "/x(a=2,b=1)")
        #expect(try PagePath(parsing: printed).description == printed)
    }

    // MARK: Many parameters in the worst order

    static let keyCounts = [2, 33, 1_000, 10_000]

    @Test("parameters written in descending order parse sorted, each key once", arguments: keyCounts)
    func descendingKeys(_ count: Int) throws {
        let keys = (0..<count).map { String(format: "k%06d", $0) }
        let text = "/x(" + keys.reversed().map { "\($0)=v" }.joined(separator: ",") + ")"
        let limits = PagePath.Limits(maxLength: .max, maxParameters: .max)
        let path = try PagePath(parsing: text, limits: limits)
        #expect(path.components[0].parameters.map(\.key) == keys)
        #expect(path.components[0].parameters == PageParameters.canonical(path.components[0].parameters))
        // A repeated key is still found, wherever it stands.
        let repeated = "/x(" + (keys.reversed() + [keys[count / 2]]).map { "\($0)=v" }.joined(separator: ",") + ")"
        #expect { try PagePath(parsing: repeated, limits: limits) } throws: {
            ($0 as? PagePathError)?.code == .duplicateParameter
        }
    }

    @Test("random parameter orders parse to the order canonical(_:) gives", arguments: [7, 8] as [UInt64])
    func randomOrders(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let alphabet = ["a", "b", "é", "e\u{301}", "\u{301}", "日", "Z", "0", "_"]
        for iteration in 0..<500 {
            var keys: Set<[UInt8]> = []
            var parameters: [PageParameter] = []
            for index in 0..<Int.random(in: 1...12, using: &random) {
                let key = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick(alphabet) }.joined()
                guard keys.insert(Array(key.utf8)).inserted else { continue }
                parameters.append(PageParameter(key: key, value: "\(index)"))
            }
            parameters.shuffle(using: &random)
            let written = "/x(" + parameters.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + ")"
            let parsed = try PagePath(parsing: written)
            let canonical = PageParameters.canonical(parameters)
            #expect(parsed.components[0].parameters.map { Array($0.key.utf8) } == canonical.map { Array($0.key.utf8) },
                    "seed \(seed), iteration \(iteration): \(written)")
            #expect(try PagePath(parsing: parsed.description).description == parsed.description)
        }
    }

    // MARK: Messages

    @Test("an error's shortened input is cut at the end of a character", arguments: ["é", "😀", "e\u{301}", "a"])
    func shortenedAtCharacter(_ character: String) throws {
        let text = "/" + String(repeating: character, count: 300) + "/"
        var caught: PagePathError?
        do {
            _ = try PagePath(parsing: text + "/")
        } catch let error as PagePathError {
            caught = error
        }
        let error = try #require(caught)
        #expect(error.code == .emptyComponent)
        #expect(!error.input.unicodeScalars.contains("\u{FFFD}"))
        #expect(error.input.hasSuffix("…"))
        #expect(error.input.utf8.count <= 200 + "…".utf8.count)
        #expect(text.hasPrefix(String(error.input.dropLast())))
    }

    // MARK: What cannot round-trip, as documented

    @Test("an empty name, an empty key and a scheme that is not a scheme do not round-trip, as documented")
    func documentedNonRoundTrips() throws {
        let emptyName = PagePath([PageComponent("")])
        #expect(emptyName.description == "/")
        #expect(try PagePath(parsing: emptyName.description).components.isEmpty)

        let emptyKey = PagePath([PageComponent("x", parameters: ["": "1"])])
        #expect(emptyKey.description == "/x(=1)")
        #expect { try PagePath(parsing: emptyKey.description) } throws: {
            ($0 as? PagePathError)?.code == .malformedParameter
        }

        let badScheme = PagePath([PageComponent("a")], scheme: "1 app")
        #expect(badScheme.description == "1 app://a")
        #expect((try? PagePath(parsing: badScheme.description)) != badScheme)
    }
}
