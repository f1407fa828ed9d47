/// A screen that can stand for a component of a page path.
///
/// Adopt it on your screens (on Apple platforms, your `UIViewController` subclasses):
///
/// ```swift
/// final class PersonDetailPage: UIViewController, Page {
///     let personID: String
///     var pageName: String { "person_detail" }
///     var pageParameters: PageParameters { ["id": personID] }
/// }
/// ```
///
/// The resolver matches a live page to a component when the page's ``pageName`` equals
/// the component's name and the page ``canRespond(to:query:)``. The default answers by
/// parameters, which covers most screens: `person_detail(id=5)` and
/// `person_detail?id=5` match the page above only while its `id` is `5`.
///
/// Pages are held by their containers. PageKit keeps only weak references to them, so a
/// page removed from the hierarchy is freed and never receives an event or a response.
@MainActor
public protocol Page: AnyObject, Sendable {
    /// The path component this page answers to, such as `person_detail`.
    ///
    /// A navigation stack with an empty name is transparent: it stands for its first
    /// page, as the stacks that `!/` and `#/` make do.
    var pageName: String { get }

    /// The page's own parameters: what makes this `person_detail` the one for person 5.
    ///
    /// ``Navigator/currentPath`` exports them, so opening the exported path finds this
    /// same page again. The default is no parameters.
    var pageParameters: PageParameters { get }

    /// The identifier this page asks for, or `nil` (the default) to have the navigator
    /// assign one when it first needs it. See ``Navigator/identifier(of:)``.
    var pageIdentifier: PageIdentifier? { get }

    /// Whether this page can stand for `component`, whose name already equals
    /// ``pageName``.
    ///
    /// The default answers `true` when every parameter the component names has the same
    /// value in ``pageParameters``, and every query item whose key is one of this page's
    /// parameters (and that the component does not name) agrees with it too. A page with
    /// no parameters therefore answers any component with its name.
    ///
    /// An implementation should answer `true` to a component built from its own
    /// ``pageParameters``, so that ``Navigator/currentPath`` finds it again.
    /// - Parameters:
    ///   - component: The component being resolved, with its own parameters.
    ///   - query: The path's query, which every component sees.
    /// - Returns: Whether this page stands for the component.
    func canRespond(to component: PageComponent, query: PageParameters) -> Bool

    /// The page's role in the hierarchy: a plain page, or the parent, navigation stack or
    /// tab container it is.
    ///
    /// Adopting ``ParentPage``, ``StackContainer`` or ``TabContainer`` provides it; the
    /// resolver reads it instead of asking the runtime which protocols a page adopts.
    var pageKind: PageKind { get }
}

extension Page {
    /// A plain page.
    public var pageKind: PageKind { .page }

    /// No parameters.
    public var pageParameters: PageParameters { PageParameters() }

    /// `nil`: the navigator assigns an identifier.
    public var pageIdentifier: PageIdentifier? { nil }

    /// Answers by parameters; see ``Page/canRespond(to:query:)``.
    /// - Parameters:
    ///   - component: The component being resolved.
    ///   - query: The path's query.
    /// - Returns: Whether every parameter named by the component, and every query item
    ///   this page has a parameter for, agrees with ``pageParameters``.
    /// - Complexity: O(*p* × *q*) in the numbers of parameters, which are small.
    public func canRespond(to component: PageComponent, query: PageParameters) -> Bool {
        defaultCanRespond(to: component, query: query)
    }

    /// The default answer of ``Page/canRespond(to:query:)``, for implementations that
    /// add a condition of their own and then defer to it.
    /// - Parameters:
    ///   - component: The component being resolved.
    ///   - query: The path's query.
    /// - Returns: Whether the parameters agree.
    public func defaultCanRespond(to component: PageComponent, query: PageParameters) -> Bool {
        if component.parameters.isEmpty, query.isEmpty { return true }
        let own = pageParameters
        let asked = component.parameters
        for index in asked.indices where own[asked[index].key] != asked[index].value {
            return false
        }
        if query.isEmpty || own.isEmpty { return true }
        for index in own.indices where asked[own[index].key] == nil {
            if let value = query[own[index].key], value != own[index].value { return false }
        }
        return true
    }
}

extension Page {
    /// The page as a path prints it: its name and parameters, `person_detail(id=5)`; a
    /// transparent navigation stack prints as `stack`. For logs and assertions.
    public var pageDescription: String {
        PageReference.describe(name: pageName, parameters: pageParameters)
    }
}

extension Page {
    /// The page as a navigation stack, if it is one.
    var asStack: (any StackContainer)? {
        if case .stack(let stack) = pageKind { return stack }
        return nil
    }

    /// The page as a tab container, if it is one.
    var asTabs: (any TabContainer)? {
        if case .tabs(let tabs) = pageKind { return tabs }
        return nil
    }

    /// The page as a parent of any kind, if it is one.
    var asParent: (any ParentPage)? { pageKind.parent }
}
