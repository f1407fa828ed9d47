/// A place in an app's page hierarchy: a list of components from the root, each a page's
/// name, its own parameters, and how it is shown, plus a query every component can see.
///
/// Two spellings parse into this one value and print back:
///
/// ```swift
/// // A path string: `/` shown by the parent, `!` presented, `#` an internal child such
/// // as a tab, `!/` and `#/` a modal or tab holding its own navigation stack.
/// let restore = try PagePath(parsing: "/tab#contact/list/person_detail(id=5)!compose")
///
/// // An app URL: the host is the first component, the query is seen by every component.
/// let link = try PagePath(parsing: "app://tab/contact/person_detail?id=5")
/// link.components.map(\.name)   // ["tab", "contact", "person_detail"]
/// link.query["id"]              // "5"
///
/// // Relative forms resolve against a base path.
/// let up = try PagePath(parsing: "..!profile").resolved(against: restore)
/// ```
///
/// Printing gives the canonical spelling: parameters sorted by key (by their UTF-8 bytes)
/// and only the bytes that need it percent-encoded, so `print → parse → print` is the
/// identity. Parsing never uses Foundation's `URL`; each component is split while still
/// encoded and percent-decoded once, so `%2F` stays inside its component.
///
/// Every path parsed from text prints back to text that parses to it. A path built in code
/// can hold what no text spells, and then it does not round-trip:
///
/// - an empty component name: `PagePath([PageComponent("")])` prints as `/`, the root;
/// - an empty parameter key: `x(=1)` prints, and parses as a
///   ``PagePathError/Code/malformedParameter``;
/// - a scheme that is not a URL scheme (a letter, then letters, digits, `+`, `-` or `.`):
///   `PagePath([a], scheme: "1 app")` prints as `1 app://a`, which does not parse;
/// - a negative ``Origin/current(levelsUp:)``: it prints as the current page, `.`; resolving
///   it throws ``PagePathError/Code/negativeClimb``, planning it
///   ``NavigationError/Code/outOfRange``, and encoding it `EncodingError.invalidValue`.
public struct PagePath: Hashable, Sendable {
    /// Where a path starts.
    public enum Origin: Hashable, Sendable {
        /// At the root of the hierarchy: `/top`, `!menu`, `^/top`, `app://tab`.
        case root
        /// At the current page after going up `levelsUp` levels: `top` and `.!x` (0),
        /// `..` and `../x` (1), `../..` (2). A negative count is not a path (see above).
        case current(levelsUp: Int)
    }

    /// Bounds that parsing enforces, each with its own error code. Any value is accepted,
    /// `Int.max` for "no bound" as much as 0 or less for "nothing passes".
    public struct Limits: Hashable, Sendable {
        /// The most UTF-8 bytes a path may have.
        public var maxLength: Int
        /// The most components (and `..` levels) a path may have.
        public var maxDepth: Int
        /// The most parameters one component, or the query, may have.
        public var maxParameters: Int

        /// Creates limits.
        /// - Parameters:
        ///   - maxLength: The most UTF-8 bytes a path may have.
        ///   - maxDepth: The most components a path may have.
        ///   - maxParameters: The most parameters in one component or in the query.
        public init(maxLength: Int = 4096, maxDepth: Int = 64, maxParameters: Int = 32) {
            self.maxLength = maxLength
            self.maxDepth = maxDepth
            self.maxParameters = maxParameters
        }

        /// 4,096 bytes, 64 components, 32 parameters per component or query.
        public static let `default` = Limits()
    }

    /// Where the path starts.
    public var origin: Origin
    /// The components, outermost first.
    public var components: [PageComponent]
    /// The query, visible to every component.
    public var query: PageParameters
    /// The URL scheme when the path is spelled as an app URL (`app`), or `nil` for a path
    /// string. It decides how the path prints.
    public var scheme: String?

    // No initializer is declared in this body, so the memberwise one exists: it builds a
    // path in one piece, where an initializer that assigns each property in turn left a
    // copy of the whole path and its destruction (about 190 instructions a parse).
}

extension PagePath {
    /// Creates a path from components.
    /// - Parameters:
    ///   - components: The components, outermost first.
    ///   - query: The query every component sees.
    ///   - origin: Where the path starts.
    ///   - scheme: A URL scheme to print it as an app URL, or `nil` for a path string.
    public init(
        _ components: [PageComponent],
        query: PageParameters = [:],
        origin: Origin = .root,
        scheme: String? = nil
    ) {
        self.init(origin: origin, components: components, query: query, scheme: scheme)
    }

    /// The empty absolute path, made once: what an empty ``SharedPath`` holds.
    static let empty = PagePath([])

    /// Parses a path string or an app URL.
    /// - Parameters:
    ///   - text: The still-encoded text.
    ///   - limits: The bounds to enforce.
    /// - Throws: A ``PagePathError`` whose code says what is wrong and whose message
    ///   names the text and the offending byte.
    /// - Complexity: O(*n*) in the length of `text` when each component's parameters are
    ///   written in key order, as printed paths are; otherwise O(*n* log *n*), one sort per
    ///   component whose keys are out of order. Two allocations for a path of up to
    ///   16 components and 16 parameters (one array of components, one buffer of
    ///   parameters shared by every component and the query), one for a path without
    ///   parameters, more for longer ones.
    public init(parsing text: borrowing String, limits: Limits = .default) throws {
        self = try PathParser.parse(text, limits: limits)
    }

    /// Whether the path starts at the root.
    package var isAbsolute: Bool { origin == .root }

    /// The path spelled as a path string (`/tab#contact/list`), whatever its spelling.
    public var pathString: String {
        var copy = self
        copy.scheme = nil
        return copy.description
    }

    /// The path spelled as an app URL with `scheme` (`app://tab/contact/list`).
    ///
    /// A URL cannot say `#`: an internal child prints as `/`, which resolves the same way
    /// because a tab container shows its tabs by selecting them; `#/` prints as `/` too.
    /// - Parameter scheme: The URL scheme, such as `app`.
    /// - Returns: The URL text.
    public func urlString(scheme: String) -> String {
        var copy = self
        copy.scheme = scheme
        return copy.description
    }

    /// The same path with one more component at the end.
    /// - Parameter component: The component to append.
    /// - Returns: The longer path.
    public func appending(_ component: PageComponent) -> PagePath {
        var copy = self
        copy.components.append(component)
        return copy
    }
}

extension PagePath: CustomStringConvertible {
    /// The canonical text of the path in its own spelling.
    public var description: String {
        PathPrinter.print(self)
    }
}
