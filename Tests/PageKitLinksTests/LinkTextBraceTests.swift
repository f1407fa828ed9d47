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

@testable import PageKit
@testable import PageKitLinks
import PageKitTestSupport
import Testing

/// Patterns and targets find their placeholders' braces by bytes where that gives what a
/// search by characters gives, and by characters elsewhere: a brace that a combining mark
/// follows, or a prepended mark precedes, is part of a larger character and no brace.
@Suite("Finding a pattern's braces, against a search by characters", .timeLimit(.minutes(10)))
struct LinkTextBraceTests {
    /// The index of the brace the byte search finds in `text`.
    static func firstBrace(in text: Substring, only character: UInt8? = nil) -> String.Index? {
        let offset = LinkText.withUTF8(text) { LinkText.firstBrace(in: $0, 0..<$0.count, only: character) }
        return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    /// Pieces of text: ASCII, braces, a combining acute accent, an Arabic prepended mark
    /// (U+0600), CR LF, and letters of two, three and four bytes.
    static let pieces = ["a", "7", "_", "{", "}", "{", "}", "\u{301}", "\u{600}", "\r\n", "é", "€", "😀", "x"]

    @Test("a brace found by bytes is the character a search by characters finds, over 2,000 random texts")
    func randomTexts() {
        var random = SeededRandomNumberGenerator(seed: 0xB2ACE)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in random.pick(Self.pieces) }.joined()
            let start = Int.random(in: 0...min(2, text.count), using: &random)
            let slice = text.dropFirst(start)
            #expect(Self.firstBrace(in: slice) == slice.firstIndex { $0 == "{" || $0 == "}" },
                    "\(Array(text.unicodeScalars))")
            #expect(Self.firstBrace(in: slice, only: UInt8(ascii: "}")) == slice.firstIndex(of: "}"),
                    "\(Array(text.unicodeScalars))")
        }
    }

    @Test("a brace that a combining mark follows, or a prepended mark precedes, is no brace")
    func marks() {
        #expect(Self.firstBrace(in: "a{\u{301}b"[...]) == nil)
        #expect(Self.firstBrace(in: "\u{600}{b"[...]) == nil)
        let text = "é{id}"
        #expect(Self.firstBrace(in: text[...]) == text.firstIndex(of: "{"))
    }
}
