/// Component names mapped to the factories that make their pages.
///
/// The resolver consults it only for components no live page answers, by name, in
/// constant time: it never scans it.
///
/// ```swift
/// var registry = PageRegistry()
/// try registry.register("person_detail", externallyOpenable: true) { intent in
///     PersonDetailPage(personID: intent.parameter("id") ?? "")
/// }
/// try registry.register("compose") { _ in ComposePage() }
/// ```
///
/// Registering a name twice is an error (``NavigationError/Code/duplicateRegistration``):
/// it is nearly always two modules claiming the same name. To swap a factory on purpose,
/// as a test or a feature flag does, call ``replace(_:externallyOpenable:options:factory:)``.
public struct PageRegistry: Sendable {
    /// Makes a page from its intent. It may throw to refuse bad parameters; the open then
    /// fails with ``NavigationError/Code/factoryFailed`` before anything moves.
    public typealias Factory = @MainActor @Sendable (PageIntent) throws -> any Page

    /// Runs for a name registered as an action: code, not a page.
    public typealias Action = @MainActor @Sendable (PageIntent) throws -> Void

    /// Makes a navigation stack by name, holding `pages`: the pages made for the `/`
    /// components that follow its own in the path, bottom first, never empty. The stack
    /// must answer its registered name as its ``Page/pageName``.
    public typealias StackFactory = @MainActor @Sendable (_ intent: PageIntent, _ pages: [any Page]) throws
        -> any StackContainer

    /// One registration. A class, so that finding it copies one reference rather than its
    /// factory and options; what the resolver asks of it is worked out once, here.
    final class Entry: Sendable {
        enum Kind {
            case page(Factory, ShowStyle)
            case stack(StackFactory, ShowStyle)
            case action(Action)
        }
        let kind: Kind
        let isExternallyOpenable: Bool
        /// How its page is shown: the defaults for an action.
        let options: ShowStyle
        let isAction: Bool
        let isStack: Bool
        /// Whether its page is an ``AlertPage``: presented with `!`, last on its path.
        let isAlert: Bool
        /// What loads the page's value before it is made, for a page registered with one.
        let loader: AnyPageLoader?

        init(kind: Kind, isExternallyOpenable: Bool, isAlert: Bool = false, loader: AnyPageLoader? = nil) {
            self.kind = kind
            self.isExternallyOpenable = isExternallyOpenable
            self.isAlert = isAlert
            self.loader = loader
            switch kind {
            case .page(_, let options):
                (self.options, isAction, isStack) = (options, false, false)
            case .stack(_, let options):
                (self.options, isAction, isStack) = (options, false, true)
            case .action:
                (options, isAction, isStack) = (.default, true, false)
            }
        }

        var factory: Factory? {
            if case .page(let factory, _) = kind { return factory }
            return nil
        }

        var stackFactory: StackFactory? {
            if case .stack(let factory, _) = kind { return factory }
            return nil
        }
    }

    private var entries: [String: Entry] = [:]
    /// The scope each scoped name was registered under, by its qualified name.
    private var owners: [String: String] = [:]
    /// The scope this registry registers under: `nil` for the app's own names.
    public let scope: String?

    /// An empty registry for the app's own names.
    public init() {
        scope = nil
    }

    /// An empty registry for a feature module: each name it registers is qualified by
    /// `scope` (`cart` in scope `checkout` is `checkout.cart`, the name paths and pages
    /// use), so two modules may use the same local name. Compose the modules' registries
    /// into the app's with ``merge(_:)``.
    /// - Parameter scope: Letters, digits, `_` and `-`; not empty.
    /// - Throws: ``NavigationError/Code/invalidScope`` for any other scope.
    public init(scope: String) throws {
        try Self.checkScope(scope)
        self.scope = scope
    }

    /// Registers a factory for `name`.
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///     Off by default: a deep link reaches only what is allowed.
    ///   - options: How the page is shown unless a request says otherwise.
    ///   - factory: Makes the page.
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    /// - Complexity: Amortized O(1).
    public mutating func register(
        _ name: String,
        externallyOpenable: Bool = false,
        options: ShowStyle = .default,
        factory: @escaping Factory
    ) throws {
        try add(name, Entry(kind: .page(factory, options), isExternallyOpenable: externallyOpenable))
    }

    /// Registers a navigation stack by name, so that one path can make it and fill it:
    /// `app://tab!inbox/list/message(id=5)` presents a new `inbox` stack holding `list` and
    /// `message(id=5)`, and `#inbox/list` adds it as a tab where tabs can be added. The
    /// pages are made from the registry first, then handed to `factory`.
    ///
    /// ```swift
    /// try registry.registerStack("inbox") { _, pages in
    ///     PageStackModel(name: "inbox", pages: pages, queue: queue)   // PageKitContainers
    /// }
    /// // On iOS, a UINavigationController whose restorationIdentifier is "inbox", whose
    /// // viewControllers are the pages.
    /// ```
    ///
    /// Once shown, the stack is live like any other: its path names it (`!inbox/list`), and
    /// reopening that path finds it. A stack named with no page after it
    /// (`app://tab!inbox`) fails with ``NavigationError/Code/cannotShow``, as does one a
    /// path would push on a stack or wrap in a stack of its own (`!/inbox`).
    /// - Parameters:
    ///   - name: The component name, which the stack answers as its page name.
    ///   - externallyOpenable: Whether opens from outside the app may make it.
    ///   - options: How it is presented unless a request says otherwise.
    ///   - factory: Makes the stack, holding the pages made for it.
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    /// - Complexity: Amortized O(1).
    public mutating func registerStack(
        _ name: String,
        externallyOpenable: Bool = false,
        options: ShowStyle = .default,
        factory: @escaping StackFactory
    ) throws {
        try add(name, Entry(kind: .stack(factory, options), isExternallyOpenable: externallyOpenable))
    }

    /// Registers an alert or a confirmation dialog by name: a destination opened with
    /// `!name`, last on its path, answered by the button the person chooses
    /// (see ``AlertPage``).
    ///
    /// ```swift
    /// try registry.registerAlert("discard_draft") { _ in
    ///     AlertContent(.confirmationDialog, title: "Discard this draft?",
    ///                  buttons: [.destructive("Discard", id: "discard"), .cancel()])
    /// }
    /// let reply = try await navigator.open("!discard_draft", expecting: AlertChoice.self)
    /// ```
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may show it.
    ///   - content: What it shows, from the intent that opens it; it may throw to fail the
    ///     request (``NavigationError/Code/factoryFailed``).
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    public mutating func registerAlert(_ name: String, externallyOpenable: Bool = false,
                                       content: @escaping @MainActor @Sendable (PageIntent) throws -> AlertContent) throws {
        let factory: Factory = { intent in
            try AlertPage(name: intent.component.name, parameters: intent.component.parameters, content: content(intent))
        }
        try add(name, Entry(kind: .page(factory, ShowStyle(presentation: .alert)), isExternallyOpenable: externallyOpenable,
                            isAlert: true))
    }

    /// Registers `name` as an action: code that runs when a path ends at it, and shows no
    /// page (`app://logout`, `app://share?id=5`). It is planned like any last component
    /// (what the path names before it is revealed first), guards see it, it reports its
    /// events, and only an externally openable action runs for a link from outside.
    ///
    /// ```swift
    /// try registry.registerAction("logout") { _ in session.end() }
    /// try await navigator.open("app://logout")
    /// ```
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may run it.
    ///   - action: The code; it may throw to fail the request
    ///     (``NavigationError/Code/actionFailed``).
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    public mutating func registerAction(_ name: String, externallyOpenable: Bool = false,
                                        action: @escaping Action) throws {
        try add(name, Entry(kind: .action(action), isExternallyOpenable: externallyOpenable))
    }

    /// Whether a registration with a loader was ever added: when not, a plan needs no
    /// look-up for loads. Never reset, which only costs those look-ups.
    private(set) var hasLoaders = false

    mutating func add(_ local: String, _ entry: Entry) throws {
        let name = qualified(local)
        guard entries[name] == nil else {
            throw NavigationError(.duplicateRegistration, component: name,
                                  reason: "`\(name)` is already registered; call replace(_:) to swap it")
        }
        entries[name] = entry
        if entry.loader != nil { hasLoaders = true }
        if let scope { owners[name] = scope }
    }

    /// Registers a factory for `name`, replacing any factory already registered.
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///   - options: How the page is shown unless a request says otherwise.
    ///   - factory: Makes the page.
    /// - Returns: Whether a factory was replaced.
    @discardableResult
    public mutating func replace(
        _ name: String,
        externallyOpenable: Bool = false,
        options: ShowStyle = .default,
        factory: @escaping Factory
    ) -> Bool {
        let name = qualified(name)
        owners[name] = scope
        return entries.updateValue(Entry(kind: .page(factory, options), isExternallyOpenable: externallyOpenable),
                                   forKey: name) != nil
    }

    /// The options `name` was registered with; the defaults for an action or an unknown
    /// name.
    /// - Parameter name: The component name.
    package func options(for name: String) -> ShowStyle {
        entries[name]?.options ?? .default
    }

    /// Whether `name` is registered as an action.
    /// - Parameter name: The component name.
    package func isAction(_ name: String) -> Bool {
        entries[name]?.isAction ?? false
    }

    /// Whether `name` is registered as a navigation stack
    /// (``registerStack(_:externallyOpenable:options:factory:)``).
    /// - Parameter name: The component name.
    package func isStack(_ name: String) -> Bool {
        entries[name]?.isStack ?? false
    }

    /// Removes the factory for `name`.
    /// - Parameter name: The component name.
    /// - Returns: Whether there was one.
    @discardableResult
    public mutating func remove(_ name: String) -> Bool {
        owners[name] = nil
        return entries.removeValue(forKey: name) != nil
    }

    /// Whether a factory is registered for `name`.
    /// - Parameter name: The component name.
    public func contains(_ name: String) -> Bool {
        entries[name] != nil
    }

    /// Whether `name` is registered and may be reached from outside the app.
    /// - Parameter name: The component name.
    package func isExternallyOpenable(_ name: String) -> Bool {
        entries[name]?.isExternallyOpenable ?? false
    }

    /// The registered names, sorted.
    public var names: [String] { entries.keys.sorted() }

    func entry(for name: String) -> Entry? {
        entries[name]
    }

    // Scopes: the storage is here; what they mean is in PageRegistry+Scopes.swift.

    /// The scope `name` was registered under: `nil` for the app's own names and unknown ones.
    /// - Parameter name: A qualified component name (`checkout.cart`).
    public func scope(of name: String) -> String? {
        owners[name]
    }

    /// Adds every registration of `other`, keeping its scope, or none of them: a name both
    /// registries hold fails the merge with ``NavigationError/Code/duplicateRegistration``,
    /// whose reason lists every such name with the scopes that hold it:
    /// "2 names are registered in both registries: `cart` (the app and checkout), …".
    /// (``names``, ``contains(_:)`` and ``scope(of:)`` of both give the same as values.)
    /// - Parameter other: A feature module's registry, or several already composed.
    /// - Throws: The conflicts, when there are any; the registry is then unchanged.
    /// - Complexity: O(*m*) in the names of `other`.
    public mutating func merge(_ other: PageRegistry) throws {
        let clashes = other.entries.keys.filter { entries[$0] != nil }.sorted()
        guard clashes.isEmpty else {
            let list = clashes.map { name in
                let holders = [owners[name], other.owners[name]].map { $0 ?? "the app" }
                return "`\(name)` (\(holders.joined(separator: " and ")))"
            }
            let count = clashes.count == 1 ? "1 name is" : "\(clashes.count) names are"
            throw NavigationError(.duplicateRegistration,
                                  reason: "\(count) registered in both registries: " + list.joined(separator: ", "))
        }
        entries.merge(other.entries) { mine, _ in mine }
        if other.hasLoaders { hasLoaders = true }
        owners.merge(other.owners) { mine, _ in mine }
    }

    /// Removes every name registered under `scope`, as when a feature module is unloaded.
    /// - Parameter scope: The scope.
    /// - Returns: How many names were removed.
    /// - Complexity: O(*n*) in the registered names.
    @discardableResult
    public mutating func remove(scope: String) -> Int {
        let names = owners.filter { $0.value == scope }.map(\.key)
        for name in names {
            owners[name] = nil
            entries[name] = nil
        }
        return names.count
    }
}
