public import PageKit

/// What a SwiftUI app builds for each page, by the page's name: the lookup behind
/// `ScreenViews`, kept free of SwiftUI so that it runs, and is tested, everywhere.
///
/// A builder is registered for a name, either for ``ScreenPage``s or for pages of a class
/// of your own; a page with no builder for its name, or of another class than its builder
/// takes, is a typed error, never a crash.
///
/// ```swift
/// var titles = ScreenBuilders<String>()
/// titles.register("person_detail") { page in "Person \(page.parameter("id") ?? "?")" }
/// try titles.content(for: ScreenPage("person_detail", parameters: ["id": "5"]))   // "Person 5"
/// ```
public struct ScreenBuilders<Content>: Sendable {
    /// Builds the content of a page, or returns `nil` when the page is not of the class
    /// the builder takes.
    public typealias Build = @MainActor @Sendable (any Page) -> Content?

    private var builders: [String: Build] = [:]

    /// No builders.
    public init() {}

    /// The names that have a builder, sorted.
    public var names: [String] { builders.keys.sorted() }

    /// Registers the builder of the ``ScreenPage``s named `name`; a later registration for
    /// the same name replaces it.
    /// - Parameters:
    ///   - name: The component name.
    ///   - build: Builds the content of a screen page of that name.
    public mutating func register(_ name: String, _ build: @escaping @MainActor @Sendable (ScreenPage) -> Content) {
        register(name, for: ScreenPage.self, build)
    }

    /// Registers the builder of the pages named `name` that are `P`s; a later
    /// registration for the same name replaces it.
    /// - Parameters:
    ///   - name: The component name.
    ///   - type: The class of those pages.
    ///   - build: Builds the content of such a page.
    public mutating func register<P: Page>(_ name: String, for type: P.Type,
                                           _ build: @escaping @MainActor @Sendable (P) -> Content) {
        builders[name] = { page in
            guard let page = page as? P else { return nil }
            return build(page)
        }
    }

    /// Whether `name` has a builder.
    /// - Parameter name: A component name.
    /// - Returns: Whether a builder is registered for it.
    public func contains(_ name: String) -> Bool {
        builders[name] != nil
    }

    /// The names a registry makes pages for that have no builder here: what to check
    /// when the app starts, or in a test, so that no screen shows the fallback.
    /// - Parameter registry: The navigator's registry.
    /// - Returns: The names without a builder, sorted; actions show no page and are left out.
    public func missingNames(in registry: PageRegistry) -> [String] {
        registry.names.filter { !registry.isAction($0) && builders[$0] == nil }
    }

    /// Builds the content of `page`.
    /// - Parameter page: A page.
    /// - Returns: What its builder made.
    /// - Throws: ``/PageKit/NavigationError/Code/notRegistered`` when no builder is
    ///   registered for the page's name, and ``/PageKit/NavigationError/Code/cannotShow``
    ///   when the page is not of the class its builder takes.
    @MainActor
    public func content(for page: any Page) throws -> Content {
        guard let build = builders[page.pageName] else {
            throw NavigationError(.notRegistered, component: page.pageName,
                                  reason: "no view is registered for `\(page.pageName)`")
        }
        guard let content = build(page) else {
            throw NavigationError(.cannotShow, component: page.pageName,
                                  reason: "the view registered for `\(page.pageName)` takes another class of page "
                                      + "than \(type(of: page))")
        }
        return content
    }
}
