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

/// The type a placeholder requires of what it captures, `{id:int}`. A segment that does
/// not fit declines the pattern, so that another pattern can take the link.
enum PlaceholderType: String, CaseIterable, Hashable, Sendable {
    /// A whole number that fits `Int`: `42`, `-7`, `+3`.
    case int
    /// A decimal number: an optional sign, digits, and optionally `.` and digits: `2.5`.
    case float
    /// `true` or `false`, in any case.
    case bool
    /// A UUID: 32 hexadecimal digits in groups of 8, 4, 4, 4 and 12, joined by `-`.
    case uuid

    /// Whether `text` fits the type.
    func fits(_ text: Substring) -> Bool {
        switch self {
        case .int:
            return Int(text) != nil
        case .float:
            var utf8 = text.utf8[...]
            if let sign = utf8.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
            let whole = utf8.prefix { $0.isDigit }
            guard !whole.isEmpty else { return false }
            utf8 = utf8.dropFirst(whole.count)
            guard let dot = utf8.first else { return true }
            guard dot == .dot else { return false }
            let fraction = utf8.dropFirst()
            return !fraction.isEmpty && fraction.allSatisfy(\.isDigit)
        case .bool:
            let lowered = text.lowercased()
            return lowered == "true" || lowered == "false"
        case .uuid:
            let utf8 = Array(text.utf8)
            guard utf8.count == 36 else { return false }
            for (index, byte) in utf8.enumerated() {
                if [8, 13, 18, 23].contains(index) {
                    guard byte == UInt8(ascii: "-") else { return false }
                } else if byte.hexValue == nil {
                    return false
                }
            }
            return true
        }
    }

    /// Whether a value of this type may hold `character`: what tells a type apart from a
    /// template whose literal text it could never hold.
    func allows(_ character: Character) -> Bool {
        guard let byte = character.asciiValue else { return false }
        switch self {
        case .int: return byte.isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        case .float: return byte.isDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == .dot
        case .bool: return "truefalsTRUEFALS".utf8.contains(byte)
        case .uuid: return byte.hexValue != nil || byte == UInt8(ascii: "-")
        }
    }

    /// How the values of two types relate: every `int` is a `float`; the rest share none.
    func relation(to other: PlaceholderType) -> ClassRelation {
        switch (self, other) {
        case _ where self == other: .equal
        case (.int, .float): .narrower
        case (.float, .int): .wider
        default: .disjoint
        }
    }
}

/// How the segments two classes match relate.
enum ClassRelation {
    /// The same segments.
    case equal
    /// Every segment the first matches, the second matches too, and not the reverse: the
    /// first is more specific.
    case narrower
    /// The reverse.
    case wider
    /// No segment matches both.
    case disjoint
    /// Some segment matches both, and each matches one the other does not; or the two
    /// cannot be told apart ahead of time.
    case overlapping

    var reversed: ClassRelation {
        switch self {
        case .narrower: .wider
        case .wider: .narrower
        case .equal, .disjoint, .overlapping: self
        }
    }
}

/// What a placeholder path segment matches: any segment (`{name}`), one of a type
/// (`{id:int}`), or a template of literal text and placeholders (`{first}_{last}`,
/// `{id:int}.json`).
enum SegmentClass: Hashable, Sendable {
    case any
    case typed(PlaceholderType)
    case template(SegmentTemplate)

    /// Whether the decoded segment `text` is matched.
    func fits(_ text: String) -> Bool {
        switch self {
        case .any: !text.isEmpty
        case .typed(let type): type.fits(text[...])
        case .template(let template): template.match(text) != nil
        }
    }

    /// How this class's segments relate to `other`'s. A template and a class it could
    /// share segments with, with neither inside the other by its shape, are
    /// ``ClassRelation/overlapping``: such a pair is refused as ambiguous rather than
    /// guessed at.
    func relation(to other: SegmentClass) -> ClassRelation {
        switch (self, other) {
        case (.any, .any): return .equal
        case (.any, _): return .wider
        case (_, .any): return .narrower
        case (.typed(let mine), .typed(let theirs)): return mine.relation(to: theirs)
        case (.template(let template), .typed(let type)): return template.relation(to: type)
        case (.typed(let type), .template(let template)): return template.relation(to: type).reversed
        case (.template(let mine), .template(let theirs)): return mine.relation(to: theirs)
        }
    }

    /// A stable order among a state's classes.
    var sortKey: String {
        switch self {
        case .any: "0"
        case .typed(let type): "1" + type.rawValue
        case .template(let template): "2" + template.description
        }
    }
}

/// A path segment of literal text and placeholders, `{first}_{last}` or `v{n:int}.json`.
///
/// Each placeholder takes the shortest non-empty text that lets the rest of the segment
/// match, left to right, and only text that fits its type: `{name}.{ext}` reads
/// `a.b.c` as `a` and `b.c`. Two placeholders must have literal text between them.
struct SegmentTemplate: Hashable, Sendable, CustomStringConvertible {
    enum Piece: Hashable, Sendable {
        /// Literal text, one string per character, lowercased when case is ignored.
        case literal([String])
        /// A placeholder, with the type it requires, if any.
        case capture(PlaceholderType?)
    }

    let pieces: [Piece]
    /// Whether literal text compares without regard to case.
    let ignoresCase: Bool

    var captureCount: Int {
        pieces.reduce(0) { count, piece in
            if case .capture = piece { return count + 1 }
            return count
        }
    }

    var description: String {
        pieces.map { piece in
            switch piece {
            case .literal(let characters): characters.joined()
            case .capture(let type): type.map { "{:\($0.rawValue)}" } ?? "{}"
            }
        }.joined()
    }

    /// Every character of the literal text, as compared.
    private var literalCharacters: [String] {
        pieces.flatMap { piece -> [String] in
            if case .literal(let characters) = piece { return characters }
            return []
        }
    }

    /// The captured values, in order, or `nil` when `text` does not match.
    /// - Complexity: O(*p* × *n*²) at worst for *p* pieces and *n* characters, with no
    ///   position tried twice for one piece; O(*n*) for the usual template with one
    ///   placeholder.
    func match(_ text: String) -> [String]? {
        let characters = Array(text)
        let compared = ignoresCase ? characters.map { $0.lowercased() } : characters.map { String($0) }
        var values: [String] = []
        var failed = Set<Int>()
        guard match(characters, compared, piece: 0, at: 0, &values, &failed) else { return nil }
        return values
    }

    private func match(_ characters: [Character], _ compared: [String], piece: Int, at start: Int,
                       _ values: inout [String], _ failed: inout Set<Int>) -> Bool {
        guard piece < pieces.count else { return start == characters.count }
        let key = piece * (characters.count + 1) + start
        guard !failed.contains(key) else { return false }
        switch pieces[piece] {
        case .literal(let literal):
            if start + literal.count <= characters.count,
               literal.indices.allSatisfy({ compared[start + $0] == literal[$0] }),
               match(characters, compared, piece: piece + 1, at: start + literal.count, &values, &failed) {
                return true
            }
        case .capture(let type):
            var end = start + 1
            while end <= characters.count {
                let value = String(characters[start..<end])
                if type?.fits(value[...]) ?? true {
                    values.append(value)
                    if match(characters, compared, piece: piece + 1, at: end, &values, &failed) { return true }
                    values.removeLast()
                }
                end += 1
            }
        }
        failed.insert(key)
        return false
    }

    /// How this template's segments relate to those of `type`: none in common when its
    /// literal text holds a character no value of the type can; otherwise they may share
    /// some, and neither holds the other.
    func relation(to type: PlaceholderType) -> ClassRelation {
        for character in literalCharacters where !character.allSatisfy({ type.allows($0) }) {
            return .disjoint
        }
        return .overlapping
    }

    /// How two templates' segments relate: by their placeholders' types when they have
    /// the same literal text in the same places; one inside the other when one lines up
    /// with the other's literal text (`{id:int}.json` inside `{name}.{ext}`); none in
    /// common when their literal beginnings or ends differ; otherwise they may share some.
    func relation(to other: SegmentTemplate) -> ClassRelation {
        if pieces.count == other.pieces.count {
            var relation = ClassRelation.equal
            var sameShape = true
            for (mine, theirs) in zip(pieces, other.pieces) {
                switch (mine, theirs) {
                case (.literal(let a), .literal(let b)) where a == b:
                    continue
                case (.capture(let a), .capture(let b)):
                    let pair: ClassRelation = switch (a, b) {
                    case (nil, nil): .equal
                    case (nil, _): .wider
                    case (_, nil): .narrower
                    case (let a?, let b?): a.relation(to: b)
                    }
                    relation = Self.combine(relation, pair)
                default:
                    sameShape = false
                }
                if !sameShape { break }
            }
            if sameShape { return relation }
        }
        switch (isInside(other), other.isInside(self)) {
        case (true, true): return .equal
        case (true, false): return .narrower
        case (false, true): return .wider
        case (false, false): break
        }
        func literal(_ piece: Piece?) -> [String] {
            if case .literal(let characters)? = piece { return characters }
            return []
        }
        let (myStart, theirStart) = (literal(pieces.first), literal(other.pieces.first))
        if !myStart.starts(with: theirStart), !theirStart.starts(with: myStart) { return .disjoint }
        let (myEnd, theirEnd) = (literal(pieces.last), literal(other.pieces.last))
        if !myEnd.reversed().starts(with: theirEnd.reversed()), !theirEnd.reversed().starts(with: myEnd.reversed()) {
            return .disjoint
        }
        return .overlapping
    }

    /// Whether every segment this template matches, `other` matches too, as far as their
    /// shapes show: `other`'s literal text lines up with literal text of this one, in
    /// order, each of its placeholders over a non-empty stretch of this one (a typed one
    /// over one placeholder of a type inside its own, or over literal text that fits it).
    /// - Complexity: O(*a* × *b* × *a*) for templates of *a* and *b* pieces and characters.
    func isInside(_ other: SegmentTemplate) -> Bool {
        // This template as a run of tokens: each literal character, or a placeholder.
        var tokens: [Piece] = []
        for piece in pieces {
            if case .literal(let characters) = piece {
                tokens += characters.map { .literal([$0]) }
            } else {
                tokens.append(piece)
            }
        }
        var failed = Set<Int>()
        func lines(_ piece: Int, _ token: Int) -> Bool {
            guard piece < other.pieces.count else { return token == tokens.count }
            let key = piece * (tokens.count + 1) + token
            guard !failed.contains(key) else { return false }
            switch other.pieces[piece] {
            case .literal(let characters):
                if token + characters.count <= tokens.count,
                   characters.indices.allSatisfy({ tokens[token + $0] == .literal([characters[$0]]) }),
                   lines(piece + 1, token + characters.count) {
                    return true
                }
            case .capture(let type):
                var end = token + 1
                while end <= tokens.count {
                    let stretch = tokens[token..<end]
                    let fits: Bool
                    if let type {
                        if stretch.count == 1, case .capture(let inner?) = stretch.first! {
                            fits = inner.relation(to: type) == .equal || inner.relation(to: type) == .narrower
                        } else {
                            let text = stretch.map { piece -> String in
                                if case .literal(let characters) = piece { return characters.joined() }
                                return "\u{0}"
                            }.joined()
                            fits = !text.contains("\u{0}") && type.fits(text[...])
                        }
                    } else {
                        fits = true
                    }
                    if fits, lines(piece + 1, end) { return true }
                    end += 1
                }
            }
            failed.insert(key)
            return false
        }
        return ignoresCase == other.ignoresCase && lines(0, 0)
    }

    /// The relation of two whole segments from the relations of their placeholders, place
    /// by place.
    static func combine(_ lhs: ClassRelation, _ rhs: ClassRelation) -> ClassRelation {
        switch (lhs, rhs) {
        case (.disjoint, _), (_, .disjoint): .disjoint
        case (.overlapping, _), (_, .overlapping): .overlapping
        case (.equal, let other), (let other, .equal): other
        case (.narrower, .narrower): .narrower
        case (.wider, .wider): .wider
        default: .overlapping
        }
    }
}

extension UInt8 {
    var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
