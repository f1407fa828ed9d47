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
public import PageKitRestoration
public import PageKitLinks

/// The navigators of an app's windows: one per window (a scene), each with its own root,
/// queue, history and saved state, all sharing one registry and one link map.
///
/// ```swift
/// let windows = WindowNavigators(registry: registry, links: links, opener: UIKitWindowOpener()) { _ in
///     Navigator(root: makeTabs(), host: UIKitPageHost(queue: queue), queue: queue)
/// }
/// // In the scene delegate, as each window connects:
/// let navigator = try await windows.connect(session.persistentIdentifier, request: request, restoring: state)
/// // Anywhere: a person in a new window where the device has more than one.
/// try await windows.open("/tab#contact/list/person_detail(id=5)", inNewWindow: .preferred, from: window)
/// ```
///
/// A new window is asked of the platform and comes back on its own: the platform says
/// nothing on success, may show the request in a window already open, or may show
/// nothing at all. So ``open(_:inNewWindow:from:)`` finishes only when a window has
/// connected with the request (or an open one received it), and fails with
/// ``/PageKit/NavigationError/Code/timedOut`` if none does in ``timeout``. On a device that shows
/// one window (an iPhone), ``NewWindow/preferred`` opens the path in the window that
/// asked, and ``NewWindow/required`` fails with ``/PageKit/NavigationError/Code/cannotShow``.
@MainActor
public final class WindowNavigators {
    /// Whether a new window is a wish or a must.
    public enum NewWindow: Sendable {
        /// A new window where the platform has them; otherwise the window that asked.
        case preferred
        /// A new window, or ``/PageKit/NavigationError/Code/cannotShow``.
        case required
    }

    /// Makes the navigator of a window as it connects, given the window's identifier.
    public typealias Make = @MainActor (_ window: String) -> Navigator

    /// The registry every window's navigator uses; a change reaches them all.
    public var registry: PageRegistry {
        didSet { for window in windows { window.navigator.registry = registry } }
    }
    /// The link map every window's navigator uses; a change reaches them all.
    public var links: LinkMap {
        didSet { for window in windows { window.navigator.links = links } }
    }
    /// How long a requested window may take to connect before the open fails.
    /// Default: 10 seconds.
    public var timeout: Duration = .seconds(10)
    /// The platform, or `nil` for an app with one window.
    public let opener: (any WindowOpening)?

    private let clock: any TransitionClock
    private let make: Make
    private var windows: [(id: String, navigator: Navigator)] = []
    private var pending: [String: PendingWindow] = [:]
    private var lastRequest = 0

    /// Creates the windows' navigators; none is made until a window connects.
    /// - Parameters:
    ///   - registry: The registry they share.
    ///   - links: The link map they share.
    ///   - opener: The platform, or `nil` for one window.
    ///   - clock: The clock time-outs run on.
    ///   - make: Makes a window's navigator.
    public init(registry: PageRegistry, links: LinkMap = LinkMap(), opener: (any WindowOpening)? = nil,
                clock: any TransitionClock = SystemTransitionClock(), make: @escaping Make) {
        self.registry = registry
        self.links = links
        self.opener = opener
        self.clock = clock
        self.make = make
    }

    /// The identifiers of the connected windows, in the order they connected.
    public var connected: [String] { windows.map(\.id) }

    /// The navigator of `window`, if it is connected.
    /// - Parameter window: A window's identifier.
    public func navigator(of window: String) -> Navigator? {
        windows.first { $0.id == window }?.navigator
    }

    /// The connected window that shows `destination` now, to bring forward rather than
    /// open another: its current path is the same.
    /// - Parameter destination: An absolute path.
    /// - Returns: The window's identifier, or `nil`.
    public func window(showing destination: PagePath) -> String? {
        windows.first { $0.navigator.currentPath == destination }?.id
    }

    /// A window connected: its navigator is made (sharing the registry and the link map),
    /// then it shows what it was requested for or restores its own saved state. A window
    /// connects once; connecting it again returns its navigator.
    /// - Parameters:
    ///   - window: The window's identifier (on iOS, the scene session's
    ///     `persistentIdentifier`).
    ///   - request: The request it was opened for, if any: the open waiting for it
    ///     finishes with this window's navigator. One from an earlier launch (the system
    ///     restored a window opened for it) is shown all the same.
    ///   - state: Its saved state, restored when it was not opened for a request.
    /// - Returns: The window's navigator.
    /// - Throws: A ``/PageKit/NavigationError`` when the request's path cannot be parsed or opened,
    ///   or the state cannot be restored at all; the navigator is connected anyway, and
    ///   the waiting open fails with the same error.
    @discardableResult
    public func connect(_ window: String, request: WindowRequest? = nil,
                        restoring state: NavigationState? = nil) async throws -> Navigator {
        if let navigator = navigator(of: window) { return navigator }
        let navigator = make(window)
        navigator.registry = registry
        navigator.links = links
        windows.append((window, navigator))
        if let request {
            try await show(request, in: navigator)
        } else if let state {
            try await navigator.restore(state)
        }
        return navigator
    }

    /// The platform gave a request to a window that was already open (it may pick one
    /// rather than make one): that window shows it, and the open waiting for it finishes
    /// with that window's navigator.
    /// - Parameters:
    ///   - request: The request.
    ///   - window: The connected window that received it.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when `window` is not connected;
    ///   a ``/PageKit/NavigationError`` when the path cannot be opened.
    public func continueRequest(_ request: WindowRequest, in window: String) async throws {
        guard let navigator = navigator(of: window) else {
            let error = NavigationError(.staleHierarchy, path: request.path,
                                        reason: "window `\(window)` is not connected")
            pending.removeValue(forKey: request.id)?.end(.failure(error))
            throw error
        }
        try await show(request, in: navigator)
    }

    /// A window closed: its navigator is let go. What the app still holds of it (an
    /// awaited open) ends as its navigator does.
    /// - Parameter window: The window's identifier.
    public func disconnect(_ window: String) {
        windows.removeAll { $0.id == window }
    }

    /// Opens `destination` in a new window, as `policy` says, and returns the navigator
    /// of the window that shows it.
    /// - Parameters:
    ///   - destination: An absolute path, its text or a route.
    ///   - policy: Whether a new window is a wish (the window that asks shows it on a
    ///     device with one window) or a must.
    ///   - window: The window that asks; the one connected last by default.
    /// - Returns: The navigator of the window that shows it.
    /// - Throws: A ``/PageKit/NavigationError``: `invalidPath` for a relative path (a new window
    ///   has no current path to start from), `cannotShow` when a window is required and
    ///   the platform shows one (or refuses), `timedOut` when no window connected with the
    ///   request in ``timeout``, `noRoot` when no window is connected to fall back on, or
    ///   the open's own error.
    @discardableResult
    public func open(_ destination: some PagePathConvertible, inNewWindow policy: NewWindow = .preferred,
                     from window: String? = nil) async throws -> Navigator {
        let path: PagePath
        do {
            path = try destination.pagePath(limits: .default)
        } catch {
            throw NavigationError(wrapping: error)
        }
        guard path.isAbsolute || path.scheme != nil else {
            throw NavigationError(.invalidPath, path: path.description,
                                  reason: "a new window has no current path: give an absolute path")
        }
        guard let opener, opener.supportsMultipleWindows else {
            if policy == .required {
                throw NavigationError(.cannotShow, path: path.description,
                                      reason: "this device shows one window at a time")
            }
            guard let navigator = window.flatMap(navigator(of:)) ?? windows.last?.navigator else {
                throw NavigationError(.noRoot, path: path.description, reason: "no window is connected to show it in")
            }
            try await navigator.open(path)
            return navigator
        }
        lastRequest += 1
        let request = WindowRequest(id: "window-\(lastRequest)", path: path.description)
        let wait = PendingWindow()
        pending[request.id] = wait
        let timer = clock.schedule(after: timeout) { [weak self] in
            self?.pending.removeValue(forKey: request.id)?.end(.failure(NavigationError(
                .timedOut, path: request.path,
                reason: "no window connected for it in \(self?.timeout ?? .zero): the platform may have shown nothing")))
        }
        opener.requestWindow(request) { [weak self] error in
            self?.pending.removeValue(forKey: request.id)?.end(.failure(NavigationError(
                .cannotShow, path: request.path, reason: "the platform refused a new window", underlying: error)))
        }
        let result = await wait.value { [weak self] in
            self?.pending.removeValue(forKey: request.id)?.end(.failure(NavigationError(
                .cancelled, path: request.path, reason: "the task waiting for the window was cancelled")))
        }
        timer.cancel()
        return try result.get()
    }

    /// Shows `request` in `navigator`'s window, and finishes the open waiting for it.
    private func show(_ request: WindowRequest, in navigator: Navigator) async throws {
        let wait = pending.removeValue(forKey: request.id)
        do {
            try await navigator.open(PagePath(parsing: request.path), .mode(.exact))
            wait?.end(.success(navigator))
        } catch {
            let failure = error as? NavigationError
                ?? NavigationError(.invalidPath, path: request.path, reason: "\(error)", underlying: error)
            wait?.end(.failure(failure))
            throw failure
        }
    }
}

/// An open waiting for its window: it ends once, with the window's navigator or an error.
@MainActor
private final class PendingWindow {
    private var outcome = OnceResult<Navigator>()

    func end(_ result: Result<Navigator, NavigationError>) {
        for handler in outcome.resolve(result) { handler(result) }
    }

    func value(onCancel: @escaping @MainActor () -> Void) async -> Result<Navigator, NavigationError> {
        await awaitOnceResult(subscribe: { handler in
            if !self.outcome.add(handler), let result = self.outcome.result { handler(result) }
        }, cancel: onCancel)
    }
}
