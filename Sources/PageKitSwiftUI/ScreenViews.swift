#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
public import PageKit
public import SwiftUI

/// The view of each page, by the page's name: a view builder per name, as the
/// ``/PageKit/PageRegistry`` has a factory per name.
///
/// ```swift
/// var screens = ScreenViews()
/// screens.register("person_detail") { page in
///     PersonDetailView(personID: page.parameter("id") ?? "")
/// }
/// // At the root: PageRootView(root: tabs, host: host, screens: screens)
/// ```
///
/// ``PageRootView`` puts it in the environment, so every stack, tab and sheet below builds
/// its pages' views from it (to show a single page, in a preview say, make it the root of
/// a `PageRootView`). A page with no view for its name shows the ``fallback``,
/// which says so on screen; ``/PageKitContainers/ScreenBuilders/missingNames(in:)`` of ``builders`` finds
/// such names before a person does.
///
/// Sendable: it holds only main-actor builders.
public struct ScreenViews: Sendable {
    /// The builders, by name.
    public var builders = ScreenBuilders<AnyView>()
    /// What a page without a view shows: by default, the error's message.
    public var fallback: @MainActor @Sendable (any Page, NavigationError) -> AnyView = { _, error in
        AnyView(Text(verbatim: error.description).padding())
    }

    /// No views yet.
    public init() {}

    /// Registers the view of the ``/PageKitContainers/ScreenPage``s named `name`; a later registration for
    /// the same name replaces it. The view is built again when the page's parameters or
    /// intent change.
    /// - Parameters:
    ///   - name: The component name.
    ///   - view: Builds the view of a screen page of that name.
    public mutating func register<V: View>(_ name: String,
                                           @ViewBuilder view: @escaping @MainActor @Sendable (ScreenPage) -> V) {
        builders.register(name) { page in AnyView(view(page)) }
    }

    /// Registers the view of the pages named `name` that are `P`s (a page class of your
    /// own); a later registration for the same name replaces it.
    /// - Parameters:
    ///   - name: The component name.
    ///   - type: The class of those pages.
    ///   - view: Builds the view of such a page.
    public mutating func register<P: Page, V: View>(_ name: String, for type: P.Type,
                                                    @ViewBuilder view: @escaping @MainActor @Sendable (P) -> V) {
        builders.register(name, for: type) { page in AnyView(view(page)) }
    }

    /// The view of `page`: its builder's, or the fallback's.
    /// - Parameter page: A page.
    /// - Returns: Its view.
    @MainActor
    public func view(for page: any Page) -> AnyView {
        do {
            return try builders.content(for: page)
        } catch let error as NavigationError {
            return fallback(page, error)
        } catch {
            return fallback(page, NavigationError(.cannotShow, component: page.pageName, reason: "\(error)"))
        }
    }
}

private struct ScreenViewsKey: EnvironmentKey {
    static var defaultValue: ScreenViews { ScreenViews() }
}

// Internal: a public extension of a SwiftUI type would give the documentation an
// "extended module SwiftUI" page, and PageRootView is the one place that sets it.
extension EnvironmentValues {
    /// The views of the pages below: ``PageRootView`` sets them.
    var screenViews: ScreenViews {
        get { self[ScreenViewsKey.self] }
        set { self[ScreenViewsKey.self] = newValue }
    }
}
#endif
