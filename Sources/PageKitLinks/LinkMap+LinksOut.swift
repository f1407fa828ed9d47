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

extension LinkMap {
    /// The link that opens `destination`: the way out, through the same patterns that
    /// map links in.
    ///
    /// ```swift
    /// var links = LinkMap()
    /// try links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
    /// try links.add("https://example.com/files/{first}_{last}", to: "/file(first={first},last={last})")
    ///
    /// try links.link(for: "/tab#contact/person_detail(id=a%2Fb)")   // https://example.com/people/a%2Fb
    /// try links.link(for: PagePath.root.showing(Tab()).embedding(Contact()).showing(PersonDetail(id: 5)))
    /// try links.link(for: "/file(first=a_b,last=c)")   // throws LinkMapError, .ambiguousValue
    /// ```
    ///
    /// **Which pattern.** A pattern can give the path when its target can: the same pages
    /// with the same presentations, the same parameters and query items in the same order,
    /// literal text where the target has literal text, and every value the pattern's link
    /// needs carried by the target. Among those, the most specific pattern by the order
    /// links read in (a literal segment beats a placeholder, a narrower placeholder a wider
    /// one, a placeholder the wildcard), then the one added first: add the link to share
    /// first, `https://example.com/…` before `https://www.example.com/…` or
    /// `example://…`, or pass `scheme`. A pattern whose link the values do not fit gives
    /// way to the next one that can give the path.
    ///
    /// **Round trip.** Each value is percent-encoded where it stands (a `/` inside one
    /// segment is `%2F`; the rest of a path keeps its `/`), optional query items the path
    /// leaves out are left out, and a list is repeated once per value. The link is then
    /// mapped back in, and returned only if it gives `destination` again (the same
    /// components and query; the path's spelling, its ``/PageKit/PagePath/scheme``, is not
    /// compared): `try links.path(for: links.link(for: path))` equals `path` for every
    /// path that has a link. One that cannot have one is a typed error, never a link that
    /// opens something else.
    /// - Parameters:
    ///   - destination: An absolute path, its text, or a composed route.
    ///   - scheme: Only patterns of this scheme (`https`, compared without regard to
    ///     case), or `nil` for any.
    /// - Returns: The link, such as `https://example.com/people/5`.
    /// - Throws: ``LinkMapError``: ``LinkMapError/Code/invalidPath`` when `destination`
    ///   is not a path, ``LinkMapError/Code/relativePath``,
    ///   ``LinkMapError/Code/noPatternForPath``, ``LinkMapError/Code/valueDoesNotFit``,
    ///   ``LinkMapError/Code/ambiguousValue`` or ``LinkMapError/Code/shadowedLink``.
    ///   When several patterns could give the path and none can, the error is the most
    ///   specific one's.
    /// - Complexity: One dictionary lookup by the path's pages, then, for each target
    ///   found there (usually one), O(*n*) in the length of the path to read its values
    ///   and write and read back its link; whatever the number of patterns.
    public func link(for destination: some PagePathConvertible, scheme: String? = nil) throws -> String {
        try link(forPath: try path(of: destination), scheme: scheme)
    }

    /// `destination` as a path, or ``LinkMapError/Code/invalidPath``.
    func path(of destination: some PagePathConvertible) throws -> PagePath {
        do {
            return try destination.pagePath(limits: limits)
        } catch {
            throw LinkMapError(.invalidPath, input: "\(destination)", reason: "it is not a page path: \(error)",
                               underlying: error)
        }
    }

    /// The link of `path`, through the first pattern in link order that gives it.
    func link(forPath path: PagePath, scheme: String?) throws -> String {
        func failure(_ code: LinkMapError.Code, _ reason: String, pattern: String? = nil) -> LinkMapError {
            LinkMapError(code, input: path.description, pattern: pattern, reason: reason)
        }
        guard path.isAbsolute else {
            throw failure(.relativePath, "it is relative, and a link opens an absolute path: compose it from "
                + "`PagePath.root`, or resolve it against the current path")
        }
        var candidates = targets.candidates(for: path)
        guard !candidates.isEmpty else { throw failure(.noPatternForPath, unlinkableReason(path)) }
        if let scheme {
            let wanted = scheme.lowercased()
            let others = Set(candidates.map { rules[$0].pattern.scheme }).sorted().map { "`\($0)`" }
            candidates.removeAll { rules[$0].pattern.scheme != wanted }
            guard !candidates.isEmpty else {
                throw failure(.noPatternForPath, "no pattern of the scheme `\(wanted)` has a target with its pages; "
                    + "patterns of \(others.joined(separator: ", ")) do")
            }
        }
        var nearest: (rule: Int, reason: String)?
        var firstError: LinkMapError?
        for rule in inLinkOrder(candidates) {
            let (pattern, target) = (rules[rule].pattern, rules[rule].target)
            let values: [CapturedValue]
            do {
                values = try target.values(giving: path, captures: pattern.captures)
            } catch {
                if nearest == nil { nearest = (rule, (error as? LinkTarget.Mismatch)?.reason ?? "\(error)") }
                continue
            }
            do {
                let link = try pattern.link(with: values, limits: limits) { code, reason in
                    failure(code, reason, pattern: pattern.text)
                }
                try checkRoundTrip(link, of: path, through: rule)
                return link
            } catch let error as LinkMapError {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        guard let nearest else { preconditionFailure("every candidate either mismatched or failed") }
        let rule = rules[nearest.rule]
        throw failure(.noPatternForPath, "no pattern's target gives it; the nearest, `\(rule.pattern.text)` → "
            + "`\(rule.target.text)`, does not: \(nearest.reason)", pattern: rule.pattern.text)
    }

    /// Paths shorter than `path` that some pattern's target has the pages of: `path` with
    /// pages left out (the pages below the top of a stack, which a link need not name,
    /// since opening reveals the live ones), each once, in the order of the patterns'
    /// links. What each opens is the navigator's to check.
    /// - Parameter path: An absolute path, such as the current path.
    /// - Returns: The paths, its first and last pages kept in each.
    /// - Complexity: O(*k*³ + *k* · *c*) for *k* patterns whose target ends at the same
    ///   page name as `path` and *c* components.
    func shorterPaths(endingLike path: PagePath) -> [PagePath] {
        var paths: [PagePath] = []
        for rule in inLinkOrder(targets.candidates(endingLike: path)) {
            if let shorter = rules[rule].target.leavingPagesOut(of: path), !paths.contains(shorter) {
                paths.append(shorter)
            }
        }
        return paths
    }

    /// Maps `link` back in and checks it gives `path` again, through the rule that made it.
    /// - Throws: ``LinkMapError/Code/shadowedLink`` when another rule takes the link,
    ///   ``LinkMapError/Code/ambiguousValue`` when the rule reads other values from it,
    ///   ``LinkMapError/Code/valueDoesNotFit`` when the link does not map at all.
    private func checkRoundTrip(_ link: String, of path: PagePath, through rule: Int) throws {
        let pattern = rules[rule].pattern.text
        let back: (path: PagePath, rule: Int)
        do {
            back = try match(link)
        } catch let error as LinkMapError {
            throw LinkMapError(.valueDoesNotFit, input: path.description, pattern: pattern,
                               reason: "its link `\(link)` does not map back: \(error.reason)", underlying: error)
        }
        guard back.path.components != path.components || back.path.query != path.query else { return }
        guard back.rule == rule else {
            throw LinkMapError(.shadowedLink, input: path.description, pattern: pattern,
                               reason: "the link `\(link)` that `\(pattern)` gives it is taken by the more specific "
                                   + "pattern `\(rules[back.rule].pattern.text)`, which maps it to `\(back.path)`")
        }
        throw LinkMapError(.ambiguousValue, input: path.description, pattern: pattern,
                           reason: "the link `\(link)` that `\(pattern)` gives it maps back to `\(back.path)`")
    }

    /// `candidates` with each pattern after those more specific than it for the same
    /// scheme and host (the order links read in), otherwise in the order added.
    /// - Complexity: O(*k*³) pattern comparisons for *k* candidates, which are few: the
    ///   targets with one path's pages.
    private func inLinkOrder(_ candidates: [Int]) -> [Int] {
        guard candidates.count > 1 else { return candidates }
        func beats(_ rule: Int, _ other: Int) -> Bool {
            let (mine, theirs) = (rules[rule].pattern, rules[other].pattern)
            return mine.scheme == theirs.scheme && mine.host == theirs.host
                && mine.overlap(with: theirs) == .moreSpecific
        }
        var remaining = candidates
        var ordered: [Int] = []
        while !remaining.isEmpty {
            let next = remaining.firstIndex { rule in !remaining.contains { beats($0, rule) } } ?? 0
            ordered.append(remaining.remove(at: next))
        }
        return ordered
    }

    /// Why no target has the pages of `path`, as precisely as the index can tell.
    private func unlinkableReason(_ path: PagePath) -> String {
        guard targets.maxComponents >= 0 else { return "the map has no patterns" }
        if path.components.count > targets.maxComponents {
            return "it has \(path.components.count) components, more than any pattern's target "
                + "(\(targets.maxComponents) at most)"
        }
        if !targets.presentsModally, let modal = path.components.first(where: \.presentation.isModal) {
            return "it presents `\(modal.name)` modally (`\(modal.presentation.separator)`), and no pattern's target "
                + "presents a page, so no link carries it"
        }
        let pages = path.components.map { $0.presentation.separator + $0.name }.joined()
        return "no pattern's target has the pages `\(pages)` in those places"
    }
}
