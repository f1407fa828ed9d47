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
/// as a test or a feature flag does, call ``replace(_:externallyOpenable:factory:)``.
public struct PageRegistry: Sendable {
    /// Makes a page from its intent. It may throw to refuse bad parameters; the open then
    /// fails with ``NavigationError/Code/factoryFailed`` before anything moves.
    public typealias Factory = @MainActor @Sendable (PageIntent) throws -> any Page

    struct Entry: Sendable {
        let factory: Factory
        let isExternallyOpenable: Bool
    }

    private var entries: [String: Entry] = [:]

    /// An empty registry.
    public init() {}

    /// Registers a factory for `name`.
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///     Off by default: a deep link reaches only what is allowed.
    ///   - factory: Makes the page.
    /// - Throws: ``NavigationError/Code/duplicateRegistration`` when `name` is taken.
    /// - Complexity: Amortized O(1).
    public mutating func register(
        _ name: String,
        externallyOpenable: Bool = false,
        factory: @escaping Factory
    ) throws {
        guard entries[name] == nil else {
            throw NavigationError(.duplicateRegistration, component: name,
                                  reason: "`\(name)` is already registered; call replace(_:) to swap it")
        }
        entries[name] = Entry(factory: factory, isExternallyOpenable: externallyOpenable)
    }

    /// Registers a factory for `name`, replacing any factory already registered.
    /// - Parameters:
    ///   - name: The component name.
    ///   - externallyOpenable: Whether opens from outside the app may reach the page.
    ///   - factory: Makes the page.
    /// - Returns: Whether a factory was replaced.
    @discardableResult
    public mutating func replace(
        _ name: String,
        externallyOpenable: Bool = false,
        factory: @escaping Factory
    ) -> Bool {
        entries.updateValue(Entry(factory: factory, isExternallyOpenable: externallyOpenable), forKey: name) != nil
    }

    /// Removes the factory for `name`.
    /// - Parameter name: The component name.
    /// - Returns: Whether there was one.
    @discardableResult
    public mutating func remove(_ name: String) -> Bool {
        entries.removeValue(forKey: name) != nil
    }

    /// Whether a factory is registered for `name`.
    /// - Parameter name: The component name.
    public func contains(_ name: String) -> Bool {
        entries[name] != nil
    }

    /// Whether `name` is registered and may be reached from outside the app.
    /// - Parameter name: The component name.
    public func isExternallyOpenable(_ name: String) -> Bool {
        entries[name]?.isExternallyOpenable ?? false
    }

    /// The registered names, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// How many names are registered.
    public var count: Int { entries.count }

    func entry(for name: String) -> Entry? {
        entries[name]
    }
}
