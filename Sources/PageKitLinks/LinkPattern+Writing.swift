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

extension LinkPattern {
    /// The link this pattern gives for `values`, one per capture, percent-encoded so that
    /// the link reads back as the same values.
    ///
    /// Literal text is written in the case the pattern writes it; the scheme and host as
    /// compared, lowercased. Each segment is percent-encoded as a whole, so a `/` inside a
    /// value is `%2F`; the rest of the path is written segment by segment. Each value must
    /// fit where it stands: checked here one segment at a time, before the map reads the
    /// whole link back.
    /// - Parameters:
    ///   - values: The values, indexed as ``captures``.
    ///   - limits: The bounds the link must keep, as links read in do.
    ///   - failure: Makes the error for a code and a reason.
    /// - Returns: The link.
    /// - Throws: ``LinkMapError/Code/valueDoesNotFit`` for an empty segment, a value not of
    ///   its placeholder's type, a segment `.` or `..`, or a link beyond the limits;
    ///   ``LinkMapError/Code/ambiguousValue`` for values that a segment with literal text
    ///   around its placeholders would split otherwise.
    /// - Complexity: O(*n*) in the length of the link, plus the matching of each segment
    ///   with placeholders inside it.
    func link(
        with values: [CapturedValue], limits: PagePath.Limits,
        failure: (LinkMapError.Code, String) -> LinkMapError
    ) throws -> String {
        var link = scheme + "://" + host
        for (index, pieces) in linkSegments.enumerated() {
            link += "/"
            guard case .capture(let segmentClass) = segments[index] else {
                for case .literal(let literal) in pieces { PathPrinter.append(literal, .name, to: &link, in: .path) }
                continue
            }
            var text = ""
            var pieceValues: [String] = []
            for piece in pieces {
                switch piece {
                case .literal(let literal):
                    text += literal
                case .capture(let capture):
                    let value = values[capture].single ?? ""
                    guard !value.isEmpty else {
                        throw failure(.valueDoesNotFit, "`{\(captures[capture].name)}` has no value, and a path segment "
                            + "needs text")
                    }
                    text += value
                    pieceValues.append(value)
                }
            }
            try check(text, pieceValues, in: index, as: segmentClass, failure)
            PathPrinter.append(text, .name, to: &link, in: .path)
        }
        var depth = segments.count
        if hasWildcard, let index = captures.firstIndex(where: { if case .rest = $0.source { true } else { false } }) {
            let rest = captures[index]
            let value = values[index].single ?? ""
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            guard !parts.contains(where: \.isEmpty) else {
                throw failure(.valueDoesNotFit, "`{\(rest.name)*}` is `\(value)`, and the rest of a path is one or more "
                    + "segments, none of them empty")
            }
            for part in parts {
                try checkNotDots(String(part), "{\(rest.name)*}", failure)
                link += "/"
                PathPrinter.append(String(part), .name, to: &link, in: .path)
            }
            depth += parts.count
        }
        if endsWithSlash { link += "/" }
        var separator = "?"
        for (index, capture) in captures.enumerated() {
            let key: String
            switch capture.source {
            case .query(let name, _), .queryList(let name): key = name
            case .segment, .piece, .rest: continue
            }
            let written: [String] = switch values[index] {
            case .one(let value): [value]
            case .many(let list): list
            case .absent: []
            }
            for value in written {
                link += separator
                separator = "&"
                Self.appendQueryText(key, .queryKey, to: &link)
                link += "="
                Self.appendQueryText(value, .queryValue, to: &link)
            }
        }
        guard depth <= limits.maxDepth else {
            throw failure(.valueDoesNotFit, "its link would have \(depth) path segments, more than the limit of "
                + "\(limits.maxDepth)")
        }
        guard link.utf8.count <= limits.maxLength else {
            throw failure(.valueDoesNotFit, "its link would have \(link.utf8.count) bytes, more than the limit of "
                + "\(limits.maxLength)")
        }
        return link
    }

    /// Checks that the segment `text`, made of `pieceValues` and literal text, reads back
    /// as those values through `segmentClass`.
    private func check(
        _ text: String, _ pieceValues: [String], in index: Int, as segmentClass: SegmentClass,
        _ failure: (LinkMapError.Code, String) -> LinkMapError
    ) throws {
        try checkNotDots(text, written(index), failure)
        switch segmentClass {
        case .any:
            break
        case .typed(let type):
            guard type.fits(text[...]) else {
                throw failure(.valueDoesNotFit, "`\(text)` is not \(type.valueName), as `\(written(index))` requires")
            }
        case .template(let template):
            let types = template.pieces.compactMap { piece -> PlaceholderType?? in
                if case .capture(let type) = piece { return type }
                return nil
            }
            for (value, type) in zip(pieceValues, types) {
                if let type, !type.fits(value[...]) {
                    throw failure(.valueDoesNotFit, "`\(value)` is not \(type.valueName), as `\(written(index))` "
                        + "requires of it")
                }
            }
            guard let readBack = template.match(text), readBack == pieceValues else {
                let values = pieceValues.map { "`\($0)`" }.joined(separator: ", ")
                throw failure(.ambiguousValue, "`\(written(index))` with \(values) is `\(text)`, which reads back "
                    + (template.match(text).map { "as " + $0.map { "`\($0)`" }.joined(separator: ", ") } ?? "as nothing")
                    + ": a value holds literal text that the segment puts around it")
            }
        }
    }

    /// Browsers and URL libraries read a segment `.` or `..`, even percent-encoded, as a
    /// step in the path, so a link cannot carry one as a value.
    private func checkNotDots(
        _ segment: String, _ placeholder: String, _ failure: (LinkMapError.Code, String) -> LinkMapError
    ) throws {
        guard segment != ".", segment != ".." else {
            throw failure(.valueDoesNotFit, "`\(segment)` for `\(placeholder)` would be read as a step in the path, "
                + "not as a segment")
        }
    }

    /// The segment at `index` as the pattern writes it, placeholders by name: `{first}_{last}`.
    private func written(_ index: Int) -> String {
        var templateTypes: [PlaceholderType?] = []
        switch segments[index] {
        case .capture(.typed(let type)): templateTypes = [type]
        case .capture(.template(let template)):
            for case .capture(let type) in template.pieces { templateTypes.append(type) }
        case .capture(.any), .literal: break
        }
        var captureCount = 0
        return linkSegments[index].map { piece in
            switch piece {
            case .literal(let literal):
                return literal
            case .capture(let capture):
                let type = captureCount < templateTypes.count ? templateTypes[captureCount] : nil
                captureCount += 1
                return "{\(captures[capture].name)\(type.map { ":\($0.rawValue)" } ?? "")}"
            }
        }.joined()
    }

    /// Appends query text percent-encoded as the paths' printer encodes an app URL's
    /// query, and `+` too: web servers read a `+` in a query as a space.
    private static func appendQueryText(_ text: String, _ context: PathPrinter.Context, to link: inout String) {
        for (index, part) in text.split(separator: "+", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { link += "%2B" }
            PathPrinter.append(String(part), context, to: &link, in: .query)
        }
    }
}

extension PlaceholderType {
    /// What a value of the type is called in messages: `an int`.
    var valueName: String {
        switch self {
        case .int: "an int"
        case .float: "a float"
        case .bool: "a bool"
        case .uuid: "a uuid"
        }
    }
}
