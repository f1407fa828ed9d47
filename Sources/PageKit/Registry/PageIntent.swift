/// What a page being opened receives: its component's parameters, the query, and an
/// optional typed payload from the caller.
///
/// A factory gets one when it makes the page; a live page that is revealed by an open
/// gets one through ``IntentReceiving``, so it can update.
///
/// ```swift
/// registry.register("person_detail") { intent in
///     guard let id = intent.parameter("id") else {
///         throw MissingParameter("id")
///     }
///     return PersonDetailPage(personID: id, draft: intent.payload(as: Draft.self))
/// }
/// ```
public struct PageIntent: Sendable {
    /// The component the page stands for, with its own parameters.
    public let component: PageComponent
    /// The whole path being opened, absolute.
    public var path: PagePath { sharedPath.path }
    let sharedPath: SharedPath
    /// Where the request comes from.
    public let source: NavigationSource
    private let payload: (any Sendable)?
    /// What the page's loader loaded for this request, for a registration with one.
    let loaded: (any Sendable)?

    /// Creates an intent.
    /// - Parameters:
    ///   - component: The component the page stands for.
    ///   - path: The whole path being opened.
    ///   - payload: A value from the caller, for the page the path ends at.
    ///   - source: Where the request comes from.
    public init(component: PageComponent, path: PagePath, payload: (any Sendable)? = nil,
                source: NavigationSource = .app) {
        self.init(component: component, path: SharedPath(path), payload: payload, source: source)
    }

    init(component: PageComponent, path: SharedPath, payload: (any Sendable)?, source: NavigationSource,
         loaded: (any Sendable)? = nil) {
        self.component = component
        sharedPath = path
        self.payload = payload
        self.source = source
        self.loaded = loaded
    }

    /// The path's query, which every component sees.
    public var query: PageParameters { sharedPath.rest.query }

    /// The value of `key` among the component's own parameters, or else in the query.
    /// - Parameter key: A parameter name.
    /// - Returns: The value, or `nil` when neither has it.
    public func parameter(_ key: String) -> String? {
        component.parameters[key] ?? query[key]
    }

    /// The caller's payload, if it is a `T`.
    ///
    /// Only the page a path ends at receives the payload; pages made on the way to it
    /// receive none.
    /// - Parameter type: The type the page expects.
    /// - Returns: The payload, or `nil` when there is none or it is of another type.
    public func payload<T: Sendable>(as type: T.Type = T.self) -> T? {
        payload as? T
    }

    /// Whether the caller sent a payload of any type.
    package var hasPayload: Bool { payload != nil }
}
