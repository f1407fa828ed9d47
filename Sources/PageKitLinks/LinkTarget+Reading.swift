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

extension LinkTarget {
    /// Why a target cannot give a path: a sentence fragment for messages.
    struct Mismatch: Error {
        let reason: String
    }

    /// The values of the pattern's captures that make this target give `path`: the
    /// target's names, parameter values and query values read back against the path's.
    ///
    /// The reverse of ``path(with:link:pattern:)``: a parameter or query item the path
    /// leaves out must use an optional capture, which is then absent; an optional capture
    /// nothing fills is absent, and a list nothing fills is empty. Text with several
    /// placeholders (`#{id} of {kind}`) gives each the shortest value that lets the rest
    /// match, after any value already read elsewhere in the target.
    /// - Parameters:
    ///   - path: An absolute path.
    ///   - captures: The pattern's captures.
    /// - Returns: One value per capture.
    /// - Throws: ``Mismatch``, saying where the path and the target differ, or which
    ///   value the pattern needs that the target does not carry.
    /// - Complexity: O(*c* + *p*) in the numbers of components and parameters, times the
    ///   length of a value for text with placeholders inside it.
    func values(giving path: PagePath, captures: [LinkPattern.Capture]) throws -> [CapturedValue] {
        var reader = CaptureReader(captures: captures)
        guard path.components.count == components.count else {
            throw Mismatch(reason: "it has \(path.components.count) components, and the target \(components.count)")
        }
        for (component, target) in zip(path.components, components) {
            guard component.presentation == target.presentation, reader.read(target.name, component.name) else {
                throw Mismatch(reason: "its page `\(component.presentation.separator)\(component.name)` is not the "
                    + "target's `\(target.presentation.separator)\(target.written)`")
            }
            for parameter in target.parameters {
                if let value = component.parameters[parameter.key] {
                    guard reader.read(parameter.value, value) else {
                        throw Mismatch(reason: "`\(component.name)` has `\(parameter.key)=\(value)`, which the target's "
                            + "`\(parameter.key)=\(parameter.value.written(captures))` does not give")
                    }
                } else if !reader.leaveOut(parameter.value) {
                    throw Mismatch(reason: "`\(component.name)` has no parameter `\(parameter.key)`, which the target "
                        + "always gives")
                }
            }
            if let extra = component.parameters.first(where: { parameter in
                !target.parameters.contains { PageParameter.sameKey($0.key, parameter.key) }
            }) {
                throw Mismatch(reason: "`\(component.name)` has the parameter `\(extra.key)`, which the target does not give")
            }
        }
        let query = path.query
        var next = 0
        for item in self.query {
            if case .template(let pieces) = item.value, pieces.count == 1, case .capture(let index) = pieces[0],
               case .queryList = captures[index].source {
                // A list fills a run of items with its key, possibly none.
                var list: [String] = []
                while next < query.count, PageParameter.sameKey(query[next].key, item.key) {
                    list.append(query[next].value)
                    next += 1
                }
                guard reader.bind(index, .many(list)) else {
                    throw Mismatch(reason: "its query gives `{\(captures[index].name)}` two lists of values")
                }
            } else if next < query.count, PageParameter.sameKey(query[next].key, item.key) {
                guard reader.read(item.value, query[next].value) else {
                    throw Mismatch(reason: "its query item `\(item.key)=\(query[next].value)` is not what the target's "
                        + "`\(item.key)=\(item.value.written(captures))` gives")
                }
                next += 1
            } else if !reader.leaveOut(item.value) {
                throw Mismatch(reason: "its query has no `\(item.key)` where the target always gives one")
            }
        }
        if next < query.count {
            throw Mismatch(reason: "its query item `\(query[next].key)=\(query[next].value)` is not one the target "
                + "gives there")
        }
        return try reader.finish()
    }
}

extension LinkTarget {
    /// `path` with pages left out so that what is left has this target's pages in their
    /// places: its first and last pages kept, and each of the target's pages between taken
    /// from the latest page of `path` before the one after that can be it, so that the
    /// pages nearest the top are the ones kept.
    ///
    /// Only names and presentations are compared here; ``values(giving:captures:)`` reads
    /// the rest.
    /// - Parameter path: An absolute path with more pages than the target.
    /// - Returns: The shorter path, with `path`'s query; `nil` when the target does not
    ///   have fewer pages than `path`, or they cannot line up.
    /// - Complexity: O(*c*) in the number of the path's components.
    func leavingPagesOut(of path: PagePath) -> PagePath? {
        let pages = path.components
        guard let first = components.first, let last = components.last, components.count >= 2,
              components.count < pages.count, first.mayBe(pages[0]), last.mayBe(pages[pages.count - 1]) else {
            return nil
        }
        var kept = [pages[pages.count - 1]]
        var next = pages.count - 2
        for component in components.dropFirst().dropLast().reversed() {
            while next > 0, !component.mayBe(pages[next]) { next -= 1 }
            guard next > 0 else { return nil }
            kept.append(pages[next])
            next -= 1
        }
        kept.append(pages[0])
        return PagePath(kept.reversed(), query: path.query, origin: .root, scheme: path.scheme)
    }
}

extension LinkTarget.Component {
    /// Whether the component may be `page`: the same presentation, and the same name
    /// unless the name has a placeholder.
    func mayBe(_ page: PageComponent) -> Bool {
        guard presentation == page.presentation else { return false }
        if case .literal(let literal) = name { return literal == page.name }
        return true
    }
}

extension LinkTarget.Text {
    /// The text as the target writes it, for messages.
    func written(_ captures: [LinkPattern.Capture]) -> String {
        switch self {
        case .literal(let literal): literal
        case .template(let pieces):
            pieces.map { piece in
                switch piece {
                case .literal(let literal): literal
                case .capture(let index): "{\(captures[index].name)}"
                }
            }.joined()
        }
    }
}

/// The values of a pattern's captures as a target's texts are read back, each read once
/// and compared wherever it is used again.
struct CaptureReader {
    let captures: [LinkPattern.Capture]
    private var values: [CapturedValue?]

    init(captures: [LinkPattern.Capture]) {
        self.captures = captures
        values = Array(repeating: nil, count: captures.count)
    }

    /// Reads `value` through `text`, keeping the values of its placeholders.
    /// - Returns: Whether `text` can give `value`; when not, no value is kept.
    mutating func read(_ text: LinkTarget.Text, _ value: String) -> Bool {
        switch text {
        case .literal(let literal):
            return literal == value
        case .template(let pieces):
            if pieces.count == 1, case .capture(let index) = pieces[0] { return bind(index, .one(value)) }
            return match(pieces, Array(value), piece: 0, at: 0)
        }
    }

    /// Keeps `value` for the capture at `index`.
    /// - Returns: Whether it agrees with the value already kept there, if any.
    mutating func bind(_ index: Int, _ value: CapturedValue) -> Bool {
        if let kept = values[index] { return kept == value }
        values[index] = value
        return true
    }

    /// Reads `text` as left out: it uses an optional query capture, which is absent.
    /// - Returns: Whether `text` can be left out.
    mutating func leaveOut(_ text: LinkTarget.Text) -> Bool {
        guard case .template(let pieces) = text else { return false }
        var unread: Int?
        for case .capture(let index) in pieces {
            guard case .query(_, optional: true) = captures[index].source else { continue }
            if values[index] == .absent { return true }
            if values[index] == nil, unread == nil { unread = index }
        }
        guard let unread else { return false }
        values[unread] = .absent
        return true
    }

    /// Every capture's value, with an optional capture nothing filled absent and a list
    /// nothing filled empty.
    /// - Throws: ``LinkTarget/Mismatch`` naming a value the pattern needs and the target
    ///   does not carry.
    func finish() throws -> [CapturedValue] {
        try zip(captures, values).map { capture, value in
            if let value { return value }
            switch capture.source {
            case .query(_, optional: true): return .absent
            case .queryList: return .many([])
            case .segment, .piece, .rest, .query:
                throw LinkTarget.Mismatch(reason: "the target does not carry `{\(capture.name)}`, which the pattern's "
                    + "link needs")
            }
        }
    }

    /// Matches `characters` from `start` against `pieces` from `piece`, each unread
    /// placeholder taking the shortest non-empty text that lets the rest match (empty
    /// text last), and one already read standing for its value.
    private mutating func match(
        _ pieces: [LinkTarget.Piece], _ characters: [Character], piece: Int, at start: Int
    ) -> Bool {
        guard piece < pieces.count else { return start == characters.count }
        switch pieces[piece] {
        case .literal(let literal):
            return matchLiteral(literal, pieces, characters, piece: piece, at: start)
        case .capture(let index):
            if let kept = values[index] {
                guard case .one(let value) = kept else { return false }
                return matchLiteral(value, pieces, characters, piece: piece, at: start)
            }
            guard start <= characters.count else { return false }
            for end in Array(start + 1..<characters.count + 1) + [start] {
                values[index] = .one(String(characters[start..<end]))
                if match(pieces, characters, piece: piece + 1, at: end) { return true }
            }
            values[index] = nil
            return false
        }
    }

    private mutating func matchLiteral(
        _ literal: String, _ pieces: [LinkTarget.Piece], _ characters: [Character], piece: Int, at start: Int
    ) -> Bool {
        let literal = Array(literal)
        guard characters[start...].starts(with: literal) else { return false }
        return match(pieces, characters, piece: piece + 1, at: start + literal.count)
    }
}
