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

/// Loads the value a page is made from, before the page is made: data first, then the
/// page, so a page never shows half-loaded.
///
/// Register it with the page, whose factory then receives the value:
///
/// ```swift
/// try registry.register("person_detail", loader: PageLoader { intent in
///     try await api.person(id: intent.parameter("id") ?? "")
/// }) { intent, person in
///     PersonDetailViewController(person: person)
/// }
/// ```
///
/// A request whose plan makes such a page runs its loader first, in parallel with the other
/// loads the plan needs, while the screen stays as it is
/// (``NavigationEvent/Kind-swift.enum/loadStarted(_:)`` and ``Navigator/pendingLoad`` say
/// so, for a spinner). A loader that throws fails the request with
/// ``NavigationError/Code/loadFailed``; loads that take longer than
/// ``TransitionQueue/Timeouts-swift.struct/load`` fail it with
/// ``NavigationError/Code/loadTimedOut``; a newer request, or a cancellation, stops the
/// loads (their tasks are cancelled) and ends the request cancelled. See <doc:Loaders>.
public struct PageLoader<Value: Sendable>: Sendable {
    /// Loads the value for the component in `intent`: its name, its parameters and the
    /// query, and the request's payload when the page is the one the path ends at. It
    /// runs off the main actor, in a task cancelled when the request no longer needs it.
    public typealias Load = @Sendable (_ intent: PageIntent) async throws -> Value

    /// Whether a page of this registration that a request reveals as the page it ends at
    /// (a live page, not made) loads again and is given the fresh value through
    /// ``LoadedPage/refresh(with:)``, on every such request. Default `false`: only when the
    /// request asks (``NavigationOptions/refreshing()-method``).
    public var refreshesWhenRevealed: Bool
    let load: Load

    /// Creates a loader.
    /// - Parameters:
    ///   - refreshesWhenRevealed: Whether the page loads again each time a request reveals it.
    ///   - load: Loads the value; it may throw to fail the request.
    public init(refreshesWhenRevealed: Bool = false, _ load: @escaping Load) {
        self.refreshesWhenRevealed = refreshesWhenRevealed
        self.load = load
    }
}

/// A loader with its value's type erased, as a registration keeps it.
struct AnyPageLoader: Sendable {
    let refreshesWhenRevealed: Bool
    let load: @Sendable (PageIntent) async throws -> any Sendable
    /// The loaded value's type, for messages.
    let valueType: String
    /// Whether `page` is a ``LoadedPage`` that takes this loader's values.
    let canRefresh: @MainActor @Sendable (any Page) -> Bool
    /// Gives `page` a value; `false` when it does not take one of this type.
    let refresh: @MainActor @Sendable (any Page, any Sendable) -> Bool

    init<Value: Sendable>(_ loader: PageLoader<Value>) {
        refreshesWhenRevealed = loader.refreshesWhenRevealed
        let load = loader.load
        self.load = { intent in try await load(intent) }
        valueType = "\(Value.self)"
        canRefresh = { page in
            guard let page = page as? any LoadedPage else { return false }
            return Self.takes(page, Value.self)
        }
        refresh = { page, value in
            guard let page = page as? any LoadedPage, let value = value as? Value else { return false }
            return Self.give(value, to: page)
        }
    }

    @MainActor
    private static func takes<Page: LoadedPage, Value>(_ page: Page, _ type: Value.Type) -> Bool {
        Page.Loaded.self == Value.self
    }

    @MainActor
    private static func give<Page: LoadedPage, Value>(_ value: Value, to page: Page) -> Bool {
        guard let value = value as? Page.Loaded else { return false }
        page.refresh(with: value)
        return true
    }
}

extension PageRegistry {
    /// Registers a page made from a value its loader loads first: a request whose plan
    /// makes the page runs `loader`, then calls `factory` with the value.
    ///
    /// ```swift
    /// try registry.register("person_detail", loader: PageLoader { intent in
    ///     try await api.person(id: intent.parameter("id") ?? "")
    /// }) { intent, person in
    ///     PersonDetailViewController(person: person)
    /// }
    /// ```
    ///
    /// Only a request loads: ``Navigator/page(for:_:)``, which makes a page without a
    /// request, fails for such a page with ``NavigationError/Code/factoryFailed``.
    /// - Parameters:
    ///   - name: The component name.
    ///   - loader: Loads the value.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///   - options: How the page is shown unless a request says otherwise.
    ///   - factory: Makes the page from its intent and the loaded value.
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    /// - Complexity: Amortized O(1).
    public mutating func register<Value: Sendable>(
        _ name: String,
        loader: PageLoader<Value>,
        externallyOpenable: Bool = false,
        options: ShowStyle = .default,
        factory: @escaping @MainActor @Sendable (PageIntent, Value) throws -> any Page
    ) throws {
        let full = qualified(name)
        let make: Factory = { intent in
            guard let value = intent.loaded as? Value else {
                throw NavigationError(.loadFailed, component: full,
                                      reason: "`\(full)` is made from its loader's \(Value.self), which only a "
                                          + "request loads")
            }
            return try factory(intent, value)
        }
        try add(name, Entry(kind: .page(make, options), isExternallyOpenable: externallyOpenable,
                            loader: AnyPageLoader(loader)))
    }

    /// The loader registered for `name`, if any.
    func loader(for name: String) -> AnyPageLoader? {
        entry(for: name)?.loader
    }
}
