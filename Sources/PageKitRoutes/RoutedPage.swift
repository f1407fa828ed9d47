public import PageKit
/// A page made from a typed route, which answers components by the route's values.
///
/// Adopt it on a screen that keeps the route it was made from; its name, its parameters
/// and its answer to ``/PageKit/Page/canRespond(to:query:)`` come from the route:
///
/// ```swift
/// final class PersonDetailPage: UIViewController, RoutedPage {
///     let route: PersonDetail          // a PageRoute & Equatable
///     init(route: PersonDetail) { self.route = route; super.init(nibName: nil, bundle: nil) }
/// }
///
/// try registry.register(PersonDetail.self, externallyOpenable: true) { route, _ in
///     PersonDetailPage(route: route)
/// }
/// ```
///
/// `person_detail(id=5)`, `person_detail(id=05)` and `person_detail?id=5` all find the page
/// whose route has `id == 5`, because they read as equal routes.
@MainActor
public protocol RoutedPage: Page {
    /// The route type: its values are this page's parameters.
    associatedtype Route: PageRoute & Equatable

    /// The route this page stands for.
    var route: Route { get }
}

extension RoutedPage {
    /// The route's page name.
    public var pageName: String { Route.pageName }

    /// The route's values, as parameters.
    ///
    /// A route whose values cannot be written as parameters (a property that is a nested
    /// struct or an array) is a programming error that ``PageRoute/pageComponent()``
    /// reports as a ``PageRouteError``; here, where nothing can be thrown, debug builds
    /// stop at an assertion naming it and release builds export no parameters.
    public var pageParameters: PageParameters {
        do {
            return try route.pageComponent().parameters
        } catch {
            assertionFailure("\(error)")
            return PageParameters()
        }
    }

    /// Whether the component, read as a route with the query as a fallback, equals this
    /// page's route.
    ///
    /// A component that does not read as a route (a parameter missing, of the wrong type,
    /// or unknown to the route) answers `false`: no page of this kind stands for it.
    /// - Parameters:
    ///   - component: The component being resolved, named ``pageName``.
    ///   - query: The path's query, which every component sees.
    /// - Returns: Whether the decoded route equals ``route``.
    /// - Complexity: O(*p* × *k*) in the numbers of parameters and of the route's
    ///   properties, both small.
    public func canRespond(to component: PageComponent, query: PageParameters) -> Bool {
        guard let asked = try? Route(decoding: component, query: query) else { return false }
        return asked == route
    }
}
