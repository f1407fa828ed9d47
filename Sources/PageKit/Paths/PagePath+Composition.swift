extension PagePath {
    /// The root of the hierarchy, with no component: `/`. Start an absolute path here.
    ///
    /// Each composition method appends one component and names its separator, so a
    /// composed path reads as its text does:
    ///
    /// ```swift
    /// let path = try PagePath.root
    ///     .showing(Tab())                  // /tab
    ///     .embedding(Contact())            // #contact
    ///     .showing(PersonDetail(id: 5))    // /person_detail(id=5)
    ///     .presenting(Compose())           // !compose
    /// path == (try PagePath(parsing: "/tab#contact/person_detail(id=5)!compose"))   // true
    /// ```
    public static var root: PagePath { PagePath([]) }

    /// The current page, with no component: `.`. Start a relative path here.
    ///
    /// ```swift
    /// try PagePath.current.presenting(Compose())   // .!compose
    /// try PagePath.current.showing(Profile())      // profile
    /// ```
    public static var current: PagePath { PagePath([], origin: .current(levelsUp: 0)) }

    /// The path with `component` appended, shown by the page before it (`/`): pushed on
    /// its navigation stack, or selected among its tabs.
    /// - Parameter component: A route or a component; its own presentation is replaced.
    /// - Returns: The longer path.
    /// - Throws: A route's `PageRouteError` when its values cannot be written as parameters.
    public func showing(_ component: some PageComponentConvertible) throws -> PagePath {
        try appending(component, as: .shown)
    }

    /// The path with `component` appended, presented modally by the page before it: `!`,
    /// or `!/` when the modal holds a navigation stack of its own.
    /// - Parameters:
    ///   - component: A route or a component; its own presentation is replaced.
    ///   - inNavigationStack: Whether the page sits at the bottom of a navigation stack
    ///     made for it (`!/`).
    /// - Returns: The longer path.
    /// - Throws: A route's `PageRouteError` when its values cannot be written as parameters.
    public func presenting(
        _ component: some PageComponentConvertible,
        inNavigationStack: Bool = false
    ) throws -> PagePath {
        try appending(component, as: inNavigationStack ? .modalStack : .modal)
    }

    /// The path with `component` appended as an internal child of the page before it,
    /// such as a tab: `#`, or `#/` when the child holds a navigation stack of its own.
    /// - Parameters:
    ///   - component: A route or a component; its own presentation is replaced.
    ///   - inNavigationStack: Whether the page sits at the bottom of a navigation stack
    ///     made for it (`#/`).
    /// - Returns: The longer path.
    /// - Throws: A route's `PageRouteError` when its values cannot be written as parameters.
    public func embedding(
        _ component: some PageComponentConvertible,
        inNavigationStack: Bool = false
    ) throws -> PagePath {
        try appending(component, as: inNavigationStack ? .childStack : .child)
    }

    /// The path with `component` appended with the given presentation.
    /// - Parameters:
    ///   - component: A route or a component; its own presentation is replaced.
    ///   - presentation: How it is shown relative to the component before it.
    /// - Returns: The longer path.
    /// - Throws: A route's `PageRouteError` when its values cannot be written as parameters.
    package func appending(
        _ component: some PageComponentConvertible,
        as presentation: PageComponent.Presentation
    ) throws -> PagePath {
        var component = try component.pageComponent()
        component.presentation = presentation
        return appending(component)
    }
}
