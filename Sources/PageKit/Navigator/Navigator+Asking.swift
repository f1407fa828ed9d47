extension Navigator {
    /// The absolute path that names `page` where it stands, whether or not it is on
    /// screen: every component from the root, every stack page below it included, so that
    /// opening the path in exact mode reveals this very page.
    ///
    /// ```swift
    /// try navigator.path(to: personDetail).description   // "/tab#contact/list/person_detail(id=5)"
    /// ```
    /// - Parameter page: A page.
    /// - Returns: Its path.
    /// - Throws: ``NavigationError/Code/notLive`` when `page` is not in the hierarchy.
    /// - Complexity: O(*n*) in the number of live pages.
    public func path(to page: any Page) throws -> PagePath {
        guard let path = hierarchy?.route(to: page)?.path.path else {
            throw NavigationError(.notLive, component: page.pageName,
                                  reason: "`\(page.pageDescription)` is not in the live hierarchy")
        }
        return path
    }

    /// The page `destination` would end at, without showing anything: the live page that
    /// answers it, or a page made for it by its factory and not shown (the page a request
    /// would make, with the options' payload).
    ///
    /// ```swift
    /// if case .made(let preview) = try navigator.page(for: "app://tab/contact/person_detail?id=9") {
    ///     present(preview, asPeekFrom: cell)
    /// }
    /// ```
    /// - Parameters:
    ///   - destination: A path, its text or a route.
    ///   - options: The mode, source and payload it would be opened with.
    /// - Returns: The page, live or made.
    /// - Throws: ``NavigationError`` as ``plan(for:_:)`` does, or
    ///   ``NavigationError/Code/factoryFailed`` when the factory throws.
    public func page(for destination: some PagePathConvertible, _ options: NavigationOptions = .default) throws
        -> ResolvedPage {
        let plan = try plan(for: destination, options)
        switch plan.target.kind {
        case .live, .provided:
            guard let page = plan.target.page else {
                throw NavigationError(.staleHierarchy, reason: "`\(plan.target)` is no longer live")
            }
            return .live(page)
        case .new(let index):
            let component = plan.newComponents[index]
            guard let factory = registry.entry(for: component.name)?.factory else {
                throw NavigationError(.notRegistered, component: component.name,
                                      reason: "no page is registered as `\(component.name)`").naming(plan.path)
            }
            do {
                let page = try factory(PageIntent(component: component, path: plan.destination,
                                                  payload: options.payload, source: options.source))
                attach(page)
                return .made(page)
            } catch {
                throw NavigationError(.factoryFailed, component: component.name,
                                      reason: "the factory for `\(component.name)` threw", underlying: error).naming(plan.path)
            }
        }
    }
}
