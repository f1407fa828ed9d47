extension NavigationPlan.Step {
    /// Carries the step out on the containers and the host it names, each checked still to
    /// be where the plan found it (else ``NavigationError/Code/staleHierarchy``); `made` are
    /// the plan's new pages, which its references name by index, and `runAction` runs an
    /// action component's registered action.
    @MainActor
    func apply(host: any PageHost, made: [any Page], animated: Bool, completion: TransitionCompletion,
               runAction: (PageComponent) throws -> Void) {
        func page(_ reference: PageReference) -> (any Page)? { reference.page(madeAs: made) }
        func pages(_ references: [PageReference]) -> [any Page] {
            var pages: [any Page] = []
            pages.reserveCapacity(references.count)
            for reference in references {
                if let page = page(reference) { pages.append(page) }
            }
            return pages
        }
        func stale(_ what: String) {
            completion.fail(NavigationError(.staleHierarchy, reason: "\(what) is no longer where the plan found it"))
        }
        switch self {
        case .dismiss(let modal, let presenter, let style):
            guard let presenter = page(presenter), let modal = page(modal),
                  host.presentedPage(of: presenter) === modal else { return stale("`\(self)`") }
            host.dismissPage(presentedBy: presenter, animated: animated, style: style, completion: completion)
        case .dismissOther(_, let level):
            guard let level = page(level) else { return stale("`\(self)`") }
            host.dismissForeignPresentation(over: level, animated: animated, completion: completion)
        case .select(let tab, let container):
            guard let tabs = page(container)?.asTabs, let tab = page(tab),
                  Self.contains(tabs.containedPages, tab) else { return stale("tab `\(tab)`") }
            tabs.selectTab(tab, animated: animated, completion: completion)
        case .popTo(let target, let container, let style):
            guard let stack = page(container)?.asStack, let target = page(target),
                  Self.contains(stack.containedPages, target) else { return stale("`\(target)`") }
            stack.pop(to: target, animated: animated, style: style, completion: completion)
        case .push(let references, let container, let style):
            guard let stack = page(container)?.asStack else { return stale("stack `\(container)`") }
            stack.push(pages(references), animated: animated, style: style, completion: completion)
        case .setStack(let references, let container, let style):
            guard let stack = page(container)?.asStack else { return stale("stack `\(container)`") }
            stack.setStack(pages(references), animated: animated, style: style, completion: completion)
        case .present(let references, let inNewStack, let presenter, let style):
            guard let presenter = page(presenter) else { return stale("presenter `\(presenter)`") }
            let shown = pages(references)
            host.present(inNewStack ? host.makeStack(with: shown, style: style) : shown[0], from: presenter,
                         animated: animated, style: style, completion: completion)
        case .addTab(let references, let inNewStack, let container, let style):
            guard let tabs = page(container)?.asTabs else { return stale("tabs `\(container)`") }
            let shown = pages(references)
            tabs.addTab(inNewStack ? host.makeStack(with: shown, style: style) : shown[0], animated: animated,
                        style: style, completion: completion)
        case .run(let component):
            completion.end(Result { try runAction(component) })
        case .update(let reference, let parameters):
            guard let updating = page(reference) as? any ParametersUpdating else {
                return completion.fail(NavigationError(.cannotShow, component: reference.name,
                                                       reason: "`\(reference)` cannot change its parameters in place"))
            }
            updating.updateParameters(parameters)
            completion.finish()
        case .deliver(let event, let reference, _):
            guard case .handler(let handler)? = page(reference)?.pageKind else { return stale("handler `\(reference)`") }
            guard handler.deliver(event) else {
                return completion.fail(NavigationError(.handlerOwnerGone, component: handler.pageName,
                                                       reason: "the page that owns `\(handler.pageName)` has been freed"))
            }
            completion.finish()
        }
    }

    /// Whether `pages` holds `page`, searched from the top, where steps usually act.
    private static func contains(_ pages: [any Page], _ page: any Page) -> Bool {
        var index = pages.count - 1
        while index >= 0 {
            if pages[index] === page { return true }
            index -= 1
        }
        return false
    }
}
