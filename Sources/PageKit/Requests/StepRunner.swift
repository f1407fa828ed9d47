/// Runs one plan step against the containers and the host: the one place where plans,
/// whether they come from paths or moves, touch the hierarchy.
///
/// Each step checks that the pages it names are still where the plan found them, and
/// fails with ``NavigationError/Code/staleHierarchy`` otherwise. A container with a queue
/// of its own (``QueuedContainer``) gets the step through that queue, so it never
/// overlaps what others asked of it.
@MainActor
struct StepRunner {
    let host: any PageHost
    let queue: TransitionQueue
    let cache: RouteCache
    let keptPages: KeptPages

    /// What a step needs of the request it belongs to.
    struct Context {
        /// The pages the plan made, by ``PageReference/Kind/new(index:)``.
        let made: [any Page]
        let animated: Bool
        /// Runs an action the plan ends with.
        let runAction: @MainActor (PageComponent) throws -> Void
    }

    /// Runs `step`.
    /// - Parameters:
    ///   - step: The step.
    ///   - context: The request's pages, animation and actions.
    ///   - completion: Finished when the step has ended on screen, or failed.
    func perform(_ step: NavigationPlan.Step, context: Context, completion: TransitionCompletion) {
        let animated = context.animated
        let container: PageReference? = switch step {
        case .select(_, let tabs), .addTab(_, _, let tabs, _): tabs
        case .popTo(_, let stack), .push(_, let stack, _), .setStack(_, let stack, _): stack
        case .dismiss, .dismissOther, .present, .deliver, .run, .update: nil
        }
        if let queued = container?.page as? any QueuedContainer, queued.transitionQueue !== queue {
            // Its own queue may hold work others asked of it: wait for our turn there.
            let ticket = queued.transitionQueue.enqueue("\(step)", animated: animated) { valve in
                performNow(step, context: context, completion: valve.completion(for: "\(step)"))
                return .wait
            }
            ticket.onResolve { result in
                switch result {
                case .success: completion.finish()
                case .failure(let error): completion.fail(error)
                }
            }
            return
        }
        performNow(step, context: context, completion: completion)
    }

    private func performNow(_ step: NavigationPlan.Step, context: Context, completion: TransitionCompletion) {
        let made = context.made
        let animated = context.animated
        func page(_ reference: PageReference) -> (any Page)? {
            switch reference.kind {
            case .live, .provided: reference.page
            case .new(let index): made[index]
            }
        }
        func stale(_ what: String) {
            completion.fail(NavigationError(.staleHierarchy, reason: "\(what) is no longer where the plan found it"))
        }
        switch step {
        case .dismiss(let modal, let presenter):
            guard let presenter = page(presenter), let modal = page(modal),
                  host.presentedPage(of: presenter) === modal else { return stale("`\(step)`") }
            host.dismissPage(presentedBy: presenter, animated: animated, completion: completion)
        case .dismissOther(_, let level):
            guard let level = page(level) else { return stale("`\(step)`") }
            host.dismissForeignPresentation(over: level, animated: animated, completion: completion)
        case .select(let tab, let container):
            guard let tabs = page(container)?.asTabs, let tab = page(tab),
                  Self.contains(tabs.containedPages, tab) else { return stale("tab `\(tab)`") }
            tabs.selectTab(tab, animated: animated, completion: completion)
        case .popTo(let target, let container):
            guard let stack = page(container)?.asStack, let target = page(target),
                  Self.contains(stack.containedPages, target) else { return stale("`\(target)`") }
            stack.pop(to: target, animated: animated, completion: completion)
        case .push(let pages, let container, let style):
            guard let stack = page(container)?.asStack else { return stale("stack `\(container)`") }
            let shown = pages.compactMap(page)
            stack.push(shown, animated: animated, style: style, completion: completion)
            // Kept pages brought back are the stack's again.
            if pages.first?.kind == .provided { keptPages.restored(shown) }
        case .setStack(let pages, let container, let style):
            guard let stack = page(container)?.asStack else { return stale("stack `\(container)`") }
            // A reorder can keep the stack's ends and count: its run must be read again.
            cache.forget(stack)
            stack.setStack(pages.compactMap(page), animated: animated, style: style, completion: completion)
        case .present(let pages, let inNewStack, let presenter, let style):
            guard let presenter = page(presenter) else { return stale("presenter `\(presenter)`") }
            let shown = pages.compactMap(page)
            host.present(inNewStack ? host.makeStack(with: shown, style: style) : shown[0], from: presenter,
                         animated: animated, style: style, completion: completion)
        case .addTab(let pages, let inNewStack, let container, let style):
            guard let tabs = page(container)?.asTabs else { return stale("tabs `\(container)`") }
            let shown = pages.compactMap(page)
            tabs.addTab(inNewStack ? host.makeStack(with: shown, style: style) : shown[0], animated: animated,
                        completion: completion)
        case .run(let component):
            do {
                try context.runAction(component)
                completion.finish()
            } catch {
                completion.fail(error)
            }
        case .update(let reference, let parameters):
            guard let updating = page(reference) as? any ParametersUpdating else {
                return completion.fail(NavigationError(.cannotShow, component: reference.name,
                                                       reason: "`\(reference)` cannot change its parameters in place"))
            }
            updating.updateParameters(parameters)
            // Its component changed where a run cannot see it: read the stacks again.
            cache.forgetAll()
            completion.finish()
        case .deliver(let event, let reference, _):
            guard case .handler(let handler)? = page(reference)?.pageKind else { return stale("handler `\(reference)`") }
            if handler.deliver(event) {
                completion.finish()
            } else {
                completion.fail(NavigationError(.handlerOwnerGone, component: handler.pageName,
                                                reason: "the page that owns `\(handler.pageName)` has been freed"))
            }
        }
    }

    /// Whether `pages` holds `page`, searched from the top, where steps usually act.
    static func contains(_ pages: [any Page], _ page: any Page) -> Bool {
        var index = pages.count - 1
        while index >= 0 {
            if pages[index] === page { return true }
            index -= 1
        }
        return false
    }
}
