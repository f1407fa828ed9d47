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
public import PageKitLinks
public import PageKitContainers

/// An app's cold start from a link: 1,000 registered names and 1,000 link patterns, then
/// a six-component link opened in exact mode on a bare root, every page made.
///
/// The registry holds the navigation stack `inbox` (registered by name), the pages
/// `list`, `message` and `attachment`, and the fillers `screen_00000` … `screen_00995`,
/// all externally openable. Pattern `i` of the link map is
/// `https://example.com/r<i>/{id}/messages/{message}/attachments/{attachment}`, to
/// `/tab#inbox/list/screen_<i % 996>(id={id})/message(id={message})/attachment(id={attachment})`.
/// The root is a tab container `tab` with no tab that accepts new ones; the link,
/// ``link``, adds the tab `inbox` holding the four pages it names.
@MainActor
public final class ColdStart {
    /// How many names are registered, and how many patterns the link map holds.
    public nonisolated static let size = 1_000
    /// The link opened.
    public nonisolated static let link = "https://example.com/r990/12345/messages/678/attachments/9"
    /// The path it maps to, and the current path once it is open.
    public nonisolated static let path = "/tab#inbox/list/screen_00990(id=12345)/message(id=678)/attachment(id=9)"

    /// The fillers, `screen_00000` … `screen_00995`.
    nonisolated static let fillers = PageRegistry.fillerNames(from: 0, to: size - 4)

    /// Phase 1: registers ``size`` names.
    /// - Parameter queue: The queue the `inbox` stacks it makes use.
    /// - Returns: The registry.
    public static func register(queue: TransitionQueue) throws -> PageRegistry {
        var registry = PageRegistry()
        try registry.registerStack("inbox", externallyOpenable: true) { _, pages in
            PageStackModel(name: "inbox", pages: pages, queue: queue, ending: .atOnce)
        }
        for name in ["list", "message", "attachment"] + fillers {
            try registry.register(name, externallyOpenable: true) { intent in
                BenchPage(intent.component.name, intent.component.parameters)
            }
        }
        return registry
    }

    /// Phase 2: adds ``size`` link patterns.
    /// - Returns: The link map.
    public nonisolated static func linkMap() throws -> LinkMap {
        var links = LinkMap()
        for index in 0..<size {
            try links.add("https://example.com/r\(index)/{id}/messages/{message}/attachments/{attachment}",
                          to: "/tab#inbox/list/\(fillers[index % fillers.count])(id={id})/message(id={message})"
                              + "/attachment(id={attachment})")
        }
        return links
    }

    public let queue: TransitionQueue
    public let root: PageTabModel
    public let navigator: Navigator

    /// A navigator on a bare root, with `registry` and `links`.
    /// - Parameters:
    ///   - registry: Made by ``register(queue:)`` with `queue`.
    ///   - links: Made by ``linkMap()``.
    ///   - queue: The navigator's queue.
    public init(registry: PageRegistry, links: LinkMap, queue: TransitionQueue) {
        self.queue = queue
        root = PageTabModel(name: "tab", tabs: [], acceptsNewTabs: true, queue: queue, ending: .atOnce)
        navigator = Navigator(root: root, host: PageHostModel(queue: queue, ending: .atOnce), registry: registry,
                              queue: queue, identifiers: .sequential(),
                              configuration: Navigator.Configuration(animated: false))
        navigator.links = links
    }

    /// Phase 3: maps ``link`` through the link map.
    /// - Returns: The path.
    public func map() throws -> PagePath {
        try navigator.links.path(for: Self.link)
    }

    /// Phase 4: opens `path` in exact mode, as a link from outside the app; on containers
    /// that end at once it has finished when this returns.
    /// - Parameter path: From ``map()``.
    /// - Returns: The request.
    public func open(_ path: PagePath) -> NavigationRequest {
        navigator.request(path, .mode(.exact).animated(false).source(.external))
    }

    /// Whether ``open(_:)`` finished with the hierarchy at ``path``.
    /// - Parameter request: The request it returned.
    public func opened(_ request: NavigationRequest) -> Bool {
        guard case .success? = request.result else { return false }
        return navigator.currentPath.description == Self.path
    }
}
