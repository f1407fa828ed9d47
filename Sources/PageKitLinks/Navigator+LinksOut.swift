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
import PageKitRestoration

#if canImport(Foundation)
import Foundation
#endif

extension Navigator {
    /// The link of the page on screen, through ``links``: what a share button or a copy
    /// link command offers, and what the link opens on another device.
    ///
    /// ```swift
    /// try navigator.links.add("https://example.com/people/{id}", to: "/tab#contact/person_detail(id={id})")
    /// try await navigator.open("/tab#contact/person_detail(id=5)")
    /// navigator.currentPath        // /tab#contact/list/person_detail(id=5)
    /// try navigator.currentLink()  // https://example.com/people/5
    /// ```
    ///
    /// The link is that of ``/PageKit/Navigator/currentPath`` when a pattern gives it. Otherwise it is that of
    /// the current path with pages left out, as a pattern's target has them: the pages
    /// below the top of a stack, which a link need not name, since opening reveals the
    /// live ones. Either path is taken only when opening it from outside the app now
    /// would change nothing (its plan is empty), so the link names this screen and no
    /// other. The page on screen must be registered as externally openable, as
    /// ``openLink(_:_:)-(String,_)`` requires.
    /// - Parameter scheme: Only patterns of this scheme (`https` for a link to share on
    ///   the web), or `nil` for any.
    /// - Returns: The link.
    /// - Throws: ``LinkMapError``: ``LinkMapError/Code/notExternallyOpenable``, or the
    ///   error ``LinkMap/link(for:scheme:)`` gives the current path (or, when it has no
    ///   pattern and a shorter path's pattern could not write its values, that error).
    /// - Complexity: Reading ``/PageKit/Navigator/currentPath``, then one plan and one lookup in ``links``
    ///   for it and for each shorter path the patterns ending at the same page give
    ///   (those patterns are few), whatever the number of patterns.
    public func currentLink(scheme: String? = nil) throws -> String {
        try currentLinkAndPath(scheme: scheme).link
    }

    /// The link of a destination, through ``links``: a relative path or a route on its
    /// own is first resolved against ``/PageKit/Navigator/currentPath``, as ``/PageKit/Navigator/open(_:_:)`` sees it. The path
    /// is given its link as it is written, no page left out; the page it opens must be
    /// registered as externally openable.
    ///
    /// ```swift
    /// try navigator.link(for: "/tab#contact/person_detail(id=7)")   // https://example.com/people/7
    /// try navigator.link(for: PersonDetail(id: 7))  // the link of a person pushed above this page
    /// ```
    /// - Parameters:
    ///   - destination: A path, its text, or a route.
    ///   - scheme: Only patterns of this scheme, or `nil` for any.
    /// - Returns: The link.
    /// - Throws: ``LinkMapError``: ``LinkMapError/Code/invalidPath`` when `destination`
    ///   is not a path or climbs above the root,
    ///   ``LinkMapError/Code/notExternallyOpenable``, and the errors of
    ///   ``LinkMap/link(for:scheme:)`` otherwise.
    /// - Complexity: As ``LinkMap/link(for:scheme:)``, whatever the number of patterns.
    public func link(for destination: some PagePathConvertible, scheme: String? = nil) throws -> String {
        let path = try resolvedForLink(destination)
        try checkOpenableFromLinks(path)
        return try links.link(forPath: path, scheme: scheme)
    }

    /// The link of the page on screen, and the path it was made for.
    func currentLinkAndPath(scheme: String?) throws -> (link: String, path: PagePath) {
        let path = currentPath
        try checkOpenableFromLinks(path)
        var nearest: LinkMapError?
        for candidate in [path] + links.shorterPaths(endingLike: path) {
            // A path whose plan moves anything names another screen than this one.
            guard let plan = try? plan(for: candidate, .source(.external)), plan.steps.isEmpty else { continue }
            do {
                return (try links.link(forPath: candidate, scheme: scheme), candidate)
            } catch let error as LinkMapError {
                // The current path's own error, unless a shorter path's pattern came nearer.
                if nearest == nil || (nearest?.code == .noPatternForPath && error.code != .noPatternForPath) {
                    nearest = error
                }
            }
        }
        throw nearest ?? LinkMapError(
            .noPatternForPath, input: path.description,
            reason: "no path that some pattern's target gives, this one or it with pages left out, opens this "
                + "screen from outside the app without moving anything")
    }

    /// Checks that the page `path` opens may be opened by a link, as the navigator checks
    /// a link's request.
    private func checkOpenableFromLinks(_ path: PagePath) throws {
        guard let last = path.components.last, !registry.isExternallyOpenable(last.name) else { return }
        throw LinkMapError(.notExternallyOpenable, input: path.description,
                           reason: "`\(last.name)` is not registered as externally openable, so the navigator would "
                               + "refuse its link")
    }

    /// `destination` as an absolute path, resolved against the current path.
    private func resolvedForLink(_ destination: some PagePathConvertible) throws -> PagePath {
        do {
            return try destination.pagePath(limits: configuration.limits).resolved(against: currentPath)
        } catch {
            throw LinkMapError(.invalidPath, input: "\(destination)", reason: "it is not a page path here: \(error)",
                               underlying: error)
        }
    }
}

#if canImport(Foundation)
extension Navigator {
    /// What a user activity for Handoff and Spotlight needs to say about the page on
    /// screen: the `https` link ``currentLink(scheme:)`` gives it, and the navigator's
    /// `navigator.state`, as a restoration activity holds it (within ``PageActivity/stateBudget``),
    /// so the device that continues the activity rebuilds the same pages.
    ///
    /// ```swift
    /// // In a page that shows a person, once it is on screen:
    /// let activity = try navigator.currentActivity(type: "com.example.app.person", title: person.name)
    /// ```
    /// - Parameters:
    ///   - type: The activity type, declared in the app's `NSUserActivityTypes`.
    ///   - title: What Handoff and Spotlight show for the page.
    /// - Returns: The activity.
    /// - Throws: ``LinkMapError`` as ``currentLink(scheme:)`` does for the scheme `https`,
    ///   and ``LinkMapError/Code/invalidURL`` when Foundation's `URL` does not accept
    ///   the link; `EncodingError` when the state cannot be encoded.
    public func currentActivity(type: String, title: String? = nil) throws -> PageActivity {
        let (link, path) = try currentLinkAndPath(scheme: "https")
        return try PageActivity(type: type, title: title, webpageURL: LinkMap.url(link, of: path), state: state)
    }
}
#endif
