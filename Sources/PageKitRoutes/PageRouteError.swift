import PageKit
/// Why a typed route could not be read from a component, or written as one.
///
/// The message names the route type, its page name, the component read, the parameter
/// and its value:
///
/// ```swift
/// do {
///     _ = try PersonDetail(decoding: PageComponent("person_detail", parameters: ["id": "abc"]))
/// } catch {
///     error.code == .invalidValue   // true
///     print(error)
///     // cannot read route `PersonDetail` (`person_detail`) from `person_detail(id=abc)`:
///     // parameter `id` is `abc`, which is not an Int
/// }
/// ```
public struct PageRouteError: Error, Sendable {
    /// What kind of problem it is. New codes may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A short name for the code.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// A parameter the route needs is in neither the component nor the query.
        public static let missingParameter = Code("missingParameter")
        /// A parameter's text is not a value of its type: `id=abc` for an `Int`, `on=yes`
        /// for a `Bool`, `300` for a `UInt8`, a raw value no case of an enum has, or a
        /// value the type's own decoding refused.
        public static let invalidValue = Code("invalidValue")
        /// The component has a parameter the route does not read, and the route does not
        /// allow extra parameters (``PageRoute/allowsExtraParameters``).
        public static let unknownParameter = Code("unknownParameter")
        /// The component names another page than the route's ``PageRoute/pageName``.
        public static let pageNameMismatch = Code("pageNameMismatch")
        /// The route has a shape a flat list of parameters cannot hold: a property that is
        /// itself a keyed or unkeyed container (a struct, an array, a dictionary), a route
        /// that is not encoded under keys, or a parameter named by the empty string.
        public static let unsupported = Code("unsupported")
        /// The route's own `init(from:)` or `encode(to:)` threw an error that names no
        /// parameter; ``PageRouteError/underlying`` is that error.
        public static let rejected = Code("rejected")
    }

    /// What kind of problem it is.
    public let code: Code
    /// The route type, as Swift names it: `PersonDetail`.
    public let route: String
    /// The route's page name: `person_detail`.
    public let pageName: String
    /// The component being read, as a path prints it (with the query, if one was given),
    /// or `nil` when a route was being written.
    public let input: String?
    /// The parameter concerned, when there is one.
    public let parameter: String?
    /// The offending value, as written, when there is one.
    public let value: String?
    /// A sentence fragment that says what went wrong.
    public let reason: String
    /// The error underneath: what a route's or a value type's own coding threw.
    public let underlying: (any Error)?

    init(
        _ code: Code,
        route: String,
        pageName: String,
        input: String?,
        parameter: String? = nil,
        value: String? = nil,
        reason: String,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.route = route
        self.pageName = pageName
        self.input = input.map(PagePathError.shortened)
        self.parameter = parameter
        self.value = value.map(PagePathError.shortened)
        self.reason = reason
        self.underlying = underlying
    }

}

extension PageRouteError: CustomStringConvertible {
    /// The message: the route, the component, what went wrong.
    public var description: String {
        var text = input == nil ? "cannot write route" : "cannot read route"
        text += " `\(route)` (`\(pageName)`)"
        if let input { text += " from `\(input)`" }
        text += ": \(reason)"
        if let underlying, code == .rejected { text += " (\(underlying))" }
        return text
    }
}
