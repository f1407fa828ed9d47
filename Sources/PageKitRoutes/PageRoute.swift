public import PageKit
/// A typed path component: a value whose stored properties are the component's
/// parameters, under its page name.
///
/// ```swift
/// struct PersonDetail: PageRoute, Equatable {
///     static let pageName = "person_detail"
///     var id: Int
///     var tab: Section?          // absent when nil
///     enum Section: String, Codable { case posts, photos }
/// }
///
/// try PersonDetail(id: 5, tab: .photos).pageComponent()   // person_detail(id=5,tab=photos)
/// try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "5"]))
/// ```
///
/// A route is written and read through its `Codable` conformance, which Swift usually
/// synthesizes. Each stored property is one parameter, named by its coding key, holding
/// one value: `Int` and the other fixed-width integers, `Double`, `Float`, `Bool` (written
/// `true` or `false`), `String` (any characters: the path printer percent-encodes what
/// needs it), an enum with a `String` or `Int` raw value, or any type that encodes itself
/// as one such value. An optional that is `nil` leaves its parameter out, and an absent
/// parameter reads as `nil`. A property that is itself a struct, an array or a dictionary
/// is refused with ``PageRouteError/Code/unsupported``: a component has one level of
/// parameters.
///
/// Reading is strict. A missing parameter, text that is not a value of its type
/// (`id=abc`, `on=yes`, a raw value no case has), and a component parameter the route
/// does not read are ``PageRouteError``s that name the route, the parameter and the
/// value. Extra parameters are refused unless ``allowsExtraParameters`` is `true`,
/// so a misspelled or stale link fails where it is read instead of opening the wrong
/// page; this is also what the default ``/PageKit/Page/canRespond(to:query:)`` does with a
/// parameter the page does not have.
///
/// A route is a ``/PageKit/PagePathConvertible``: on its own it is the relative path of one
/// component shown by the current page, as its text (`person_detail(id=5)`) parses. Build
/// absolute paths with ``/PageKit/PagePath/root`` and the composition methods
/// (``/PageKit/PagePath/showing(_:)``, ``/PageKit/PagePath/presenting(_:inNavigationStack:)``,
/// ``/PageKit/PagePath/embedding(_:inNavigationStack:)``).
public protocol PageRoute: Codable, PageComponentConvertible, PagePathConvertible {
    /// The name of the page this route opens: the component's name, `person_detail`.
    static var pageName: String { get }

    /// Whether reading the route accepts component parameters it does not read.
    ///
    /// `false` by default: an unknown parameter is ``PageRouteError/Code/unknownParameter``.
    /// Query items never count as extra, since every component of a path sees the query.
    static var allowsExtraParameters: Bool { get }
}

extension PageRoute {
    /// `false`: a component parameter the route does not read is an error.
    public static var allowsExtraParameters: Bool { false }

    /// The route as a component: its page name and its values as parameters, shown by its
    /// parent.
    /// - Returns: The component.
    /// - Throws: ``PageRouteError`` with ``PageRouteError/Code/unsupported`` when a value
    ///   cannot be one parameter, or ``PageRouteError/Code/rejected`` when the route's own
    ///   `encode(to:)` throws.
    /// - Complexity: O(*p* log *p*) in the number of parameters, to sort them.
    public func pageComponent() throws -> PageComponent {
        PageComponent(name: Self.pageName, canonicalParameters: try RouteEncoding.parameters(of: self),
                      presentation: .shown)
    }

    /// The relative path of this one component, shown by the current page: what the text
    /// `person_detail(id=5)` parses to.
    /// - Parameter limits: Unused: a route is not text to parse.
    /// - Returns: The relative path.
    /// - Throws: ``PageRouteError`` as ``pageComponent()`` does.
    public func pagePath(limits: PagePath.Limits) throws -> PagePath {
        PagePath([try pageComponent()], origin: .current(levelsUp: 0))
    }

    /// Reads a route from a component, looking for each value among the component's own
    /// parameters first and then in `query`, as ``/PageKit/PageIntent/parameter(_:)`` does.
    ///
    /// ```swift
    /// let path = try PagePath(parsing: "app://tab/contact/person_detail?id=5")
    /// let route = try PersonDetail(decoding: path.components[2], query: path.query)
    /// route.id   // 5
    /// ```
    /// - Parameters:
    ///   - component: A component whose name is ``pageName``.
    ///   - query: The path's query, a fallback source of values. Its items never count as
    ///     extra parameters.
    /// - Throws: ``PageRouteError``: ``PageRouteError/Code/pageNameMismatch``,
    ///   ``PageRouteError/Code/missingParameter``, ``PageRouteError/Code/invalidValue``,
    ///   ``PageRouteError/Code/unknownParameter``, ``PageRouteError/Code/unsupported`` or
    ///   ``PageRouteError/Code/rejected``.
    /// - Complexity: O(*p* × *k*) in the numbers of parameters and of the route's
    ///   properties, both small.
    public init(decoding component: PageComponent, query: PageParameters = PageParameters()) throws {
        self = try RouteDecoding.decode(Self.self, from: component, query: query)
    }

    /// Reads a route from the intent a page factory receives: its component, with the
    /// path's query as a fallback.
    /// - Parameter intent: The intent.
    /// - Throws: ``PageRouteError`` as ``init(decoding:query:)`` does.
    package init(decoding intent: PageIntent) throws {
        try self.init(decoding: intent.component, query: intent.query)
    }
}

extension PageRouteError: NavigationErrorConvertible {
    /// A request that met this error fails with ``/PageKit/NavigationError/Code/invalidRoute``.
    package var navigationError: NavigationError {
        NavigationError(.invalidRoute, reason: description, underlying: self)
    }
}
