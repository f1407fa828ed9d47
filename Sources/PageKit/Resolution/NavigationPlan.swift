/// The steps an open will take, computed against the live hierarchy with no side effect
/// but asking pages ``Page/canRespond(to:query:)``.
///
/// It is what ``Navigator/canOpen(_:_:)`` answers from, what tests assert on, and
/// what a debugger prints:
///
/// ```swift
/// let plan = try navigator.plan(for: "app://tab/settings")
/// print(plan)
/// // plan for app://tab/settings (reuse)
/// //   1. dismiss compose (presented by tab)
/// //   2. select settings in tab
/// ```
///
/// The navigator computes a fresh plan when a request's turn comes in its queue, so a
/// plan is never run against a stale hierarchy. A plan holds live pages weakly.
public struct NavigationPlan: Sendable {
    // Indirect: a step is copied whenever it is switched on or handed along, and a boxed
    // step copies as one reference, not as the references, strings and styles it holds.

    /// One thing a plan does, through a container or the ``PageHost``.
    public indirect enum Step: Sendable {
        /// Dismiss a modal page (and everything presented above it), animated as `style`
        /// says: the request's transition, else the reverse of the one that presented it.
        case dismiss(PageReference, presentedBy: PageReference, style: ShowStyle)
        /// Dismiss what covers a level and is not a page (an alert, a share sheet, named
        /// by its host, ``PageHost/foreignPresentation(over:)``), before the plan shows
        /// anything.
        case dismissOther(String, over: PageReference)
        /// Select a tab.
        case select(PageReference, in: PageReference)
        /// Pop a stack until the page is on top, animated as `style` says: the request's
        /// transition, else the reverse of the one that pushed the top page.
        case popTo(PageReference, in: PageReference, style: ShowStyle)
        /// Push new pages on a stack, as one transition shown as `style` says.
        case push([PageReference], onto: PageReference, style: ShowStyle)
        /// Replace a whole stack with new pages.
        case setStack([PageReference], of: PageReference, style: ShowStyle)
        /// Present new pages: one page, or a new transparent stack holding them.
        case present([PageReference], inNewStack: Bool, from: PageReference, style: ShowStyle)
        /// Add a new tab: one page, or a new transparent stack holding them.
        case addTab([PageReference], inNewStack: Bool, to: PageReference, style: ShowStyle)
        /// Deliver an event to a live ``EventHandler`` held by `owner`; nothing moves.
        case deliver(PageEvent, to: PageReference, of: PageReference)
        /// Run the action registered for the component's name
        /// (``PageRegistry/registerAction(_:externallyOpenable:action:)``); nothing moves.
        case run(PageComponent)
        /// Change a live page's own parameters in place (``ParametersUpdating``); nothing
        /// moves.
        case update(PageReference, parameters: PageParameters)
    }

    /// What a plan holds, shared by its copies: plans travel through a request's
    /// actions, events and outcome, and a copy is one reference.
    private final class Storage: Sendable {
        let destination: SharedPath
        let move: NavigationMove?
        let mode: ResolutionMode
        let steps: [Step]
        let newComponents: [PageComponent]
        let target: PageReference
        let continuation: Continuation?

        init(destination: SharedPath, move: NavigationMove?, mode: ResolutionMode, steps: [Step],
             newComponents: [PageComponent], target: PageReference, continuation: Continuation?) {
            self.destination = destination
            self.move = move
            self.mode = mode
            self.steps = steps
            self.newComponents = newComponents
            self.target = target
            self.continuation = continuation
        }
    }

    private let storage: Storage

    /// The absolute path the plan leads to: the path requested, made absolute, or where
    /// a move leads.
    public var path: PagePath { storage.destination.path }
    var destination: SharedPath { storage.destination }
    /// The move the plan carries out, or `nil` for a path.
    public var move: NavigationMove? { storage.move }
    /// The mode it was resolved in.
    public var mode: ResolutionMode { storage.mode }
    /// The steps, in the order they run: dismissals first, then outer containers before
    /// inner ones.
    public var steps: [Step] { storage.steps }
    /// The components of the pages the plan makes, in order; ``PageReference/Kind/new(index:)``
    /// indexes it.
    public var newComponents: [PageComponent] { storage.newComponents }
    /// The page the path ends at: live, or the last one made.
    public var target: PageReference { storage.target }
    /// Whether the path goes on inside ``target``, a page the plan makes (`!picker#inbox/mail`
    /// makes `picker`): what the page holds is known only once it is made, so the request
    /// plans the rest of the path again after these steps, against the page made.
    var continuesInside: Bool { storage.continuation != nil }
    /// How the rest of the path goes on, for a plan that ``continuesInside``.
    var continuation: Continuation? { storage.continuation }

    /// How the rest of a path goes on inside a page the plan makes: planned again once the
    /// page is made, showing its pages as the request remembers they were shown
    /// (``Navigator/back(_:_:)``, a restore), if it does.
    struct Continuation: Sendable {
        let shownBefore: PathStyles?
    }

    init(destination: SharedPath, move: NavigationMove? = nil, mode: ResolutionMode, steps: [Step],
         newComponents: [PageComponent], target: PageReference, continuation: Continuation? = nil) {
        storage = Storage(destination: destination, move: move, mode: mode, steps: steps, newComponents: newComponents,
                          target: target, continuation: continuation)
    }

    /// This plan, which ran, followed by `later`, planned after it inside the pages it
    /// made: the steps of both, and `later`'s destination and target.
    func followed(by later: NavigationPlan) -> NavigationPlan {
        let offset = newComponents.count
        return NavigationPlan(destination: later.destination, move: move, mode: mode,
                              steps: steps + later.steps.map { $0.shifted(by: offset) },
                              newComponents: newComponents + later.newComponents,
                              target: later.target.shifted(by: offset), continuation: later.continuation)
    }

    /// Whether the hierarchy already matches and nothing will happen.
    var isEmpty: Bool { steps.isEmpty }

    /// The navigation stacks the plan makes by name, each with the indices (in
    /// ``newComponents``) of the pages it holds; the pages are made first.
    var madeStacks: [(index: Int, pages: [Int])] {
        var stacks: [(index: Int, pages: [Int])] = []
        let steps = storage.steps
        // By index, binding only the pages: copying whole steps would copy their references.
        for index in steps.indices {
            let shown: [PageReference]
            switch steps[index] {
            case .present(let pages, _, _, _), .addTab(let pages, _, _, _), .push(let pages, _, _),
                 .setStack(let pages, _, _):
                shown = pages
            default:
                continue
            }
            for reference in shown where !reference.contents.isEmpty {
                guard case .new(let index) = reference.kind else { continue }
                var pages: [Int] = []
                for page in reference.contents {
                    if case .new(let made) = page.kind { pages.append(made) }
                }
                stacks.append((index, pages))
            }
        }
        return stacks
    }

    /// Whether the plan only runs an action.
    package var isAction: Bool {
        if case .run = steps.last { return true }
        return false
    }

    /// Whether the plan only delivers an event to an ``EventHandler``.
    package var isDelivery: Bool {
        if case .deliver = steps.first { return true }
        return false
    }
}

extension NavigationPlan.Step {
    /// The same step in a plan that follows another whose plan made `offset` pages.
    func shifted(by offset: Int) -> NavigationPlan.Step {
        guard offset > 0 else { return self }
        func move(_ reference: PageReference) -> PageReference { reference.shifted(by: offset) }
        return switch self {
        case .dismiss(let page, let presenter, let style): .dismiss(move(page), presentedBy: move(presenter), style: style)
        case .dismissOther(let name, let level): .dismissOther(name, over: move(level))
        case .select(let tab, let container): .select(move(tab), in: move(container))
        case .popTo(let page, let stack, let style): .popTo(move(page), in: move(stack), style: style)
        case .push(let pages, let stack, let style): .push(pages.map(move), onto: move(stack), style: style)
        case .setStack(let pages, let stack, let style): .setStack(pages.map(move), of: move(stack), style: style)
        case .present(let pages, let inNewStack, let presenter, let style):
            .present(pages.map(move), inNewStack: inNewStack, from: move(presenter), style: style)
        case .addTab(let pages, let inNewStack, let container, let style):
            .addTab(pages.map(move), inNewStack: inNewStack, to: move(container), style: style)
        case .deliver(let event, let handler, let owner): .deliver(event, to: move(handler), of: move(owner))
        case .run: self
        case .update(let page, let parameters): .update(move(page), parameters: parameters)
        }
    }

    /// Whether the step changes what is on screen: not a delivery, an action or an
    /// update in place.
    var showsSomething: Bool {
        switch self {
        case .deliver, .run, .update: false
        default: true
        }
    }

    /// The container the step acts on, if a container carries it out (not the host).
    var container: PageReference? {
        switch self {
        case .select(_, let tabs), .addTab(_, _, let tabs, _): tabs
        case .popTo(_, let stack, _), .push(_, let stack, _), .setStack(_, let stack, _): stack
        case .dismiss, .dismissOther, .present, .deliver, .run, .update: nil
        }
    }
}

extension NavigationPlan {
    /// The intent the page the plan ends at is told when the plan does not make it (a
    /// live page revealed, a page the app provided): pages made get theirs from their
    /// factories, and a delivery or an action tells none.
    func intentForTarget(payload: (any Sendable)?, source: NavigationSource) -> PageIntent? {
        guard hasIntentForTarget, let component = destination.lastComponent else { return nil }
        return PageIntent(component: component, path: destination, payload: payload, source: source)
    }

    /// Whether ``intentForTarget(payload:source:)`` gives an intent, asked without making it.
    var hasIntentForTarget: Bool {
        if case .new = target.kind { return false }
        return !isDelivery && !isAction && destination.count > 0
    }
}

extension NavigationPlan.Step: CustomStringConvertible {
    /// The step as a line of text: `pop contact to person_detail(id=5)`.
    public var description: String {
        func list(_ pages: [PageReference], _ inNewStack: Bool) -> String {
            let names = pages.map(\.description).joined(separator: ", ")
            return inNewStack ? "[\(names)] in a new stack" : names
        }
        switch self {
        case .dismiss(let page, let presenter, let style):
            return "dismiss \(page) (presented by \(presenter))\(style)"
        case .dismissOther(let name, let level):
            return "dismiss \(name) over \(level) (not a page)"
        case .select(let tab, let container):
            switch container.split {
            case .expanded?: return "show column \(tab) of \(container)"
            case .collapsedPush?: return "push column \(tab) onto \(container) (collapsed split view)"
            case .collapsedPop?: return "pop \(container) to column \(tab) (collapsed split view)"
            case .collapsedColumn?, nil: return "select \(tab) in \(container)"
            }
        case .popTo(let page, let stack, let style):
            return "pop \(stack) to \(page)\(style)\(Self.oneStack(stack))"
        case .push(let pages, let stack, let style):
            return "push \(list(pages, false)) onto \(stack)\(style)\(Self.oneStack(stack))"
        case .setStack(let pages, let stack, let style):
            return "replace the stack of \(stack) with \(list(pages, false))\(style)\(Self.oneStack(stack))"
        case .present(let pages, let inNewStack, let presenter, let style):
            return "present \(list(pages, inNewStack)) from \(presenter)\(style)"
        case .addTab(let pages, let inNewStack, let container, let style):
            return "add tab \(list(pages, inNewStack)) to \(container)\(style)"
        case .deliver(let event, let handler, let owner):
            let query = event.query.isEmpty ? "" : " with ?\(event.query)"
            return "deliver to \(handler) of \(owner)\(query)"
        case .run(let component):
            return "run \(PageReference.describe(name: component.name, parameters: component.parameters))"
        case .update(let page, let parameters):
            return "update \(page) to \(PageReference.describe(name: page.name, parameters: parameters))"
        }
    }
}

extension NavigationPlan.Step {
    /// What a step on a column of a collapsed split view adds to its description: the
    /// pages go on, or come off, the split view's one stack.
    fileprivate static func oneStack(_ stack: PageReference) -> String {
        guard case .collapsedColumn(let split)? = stack.split else { return "" }
        return " (collapsed split view: one stack in \(split))"
    }
}

extension NavigationPlan: CustomStringConvertible {
    /// The plan as text: a header naming the path and mode, then one numbered line per
    /// step.
    public var description: String {
        let subject = move.map { "\($0) → \(path)" } ?? path.description
        var text = "plan for \(subject) (\(mode == .reuse ? "reuse" : "exact"))"
        if steps.isEmpty { return text + ": nothing to do" }
        for (number, step) in steps.enumerated() {
            text += "\n  \(number + 1). \(step)"
        }
        if continuesInside { text += "\n  then the rest of the path, planned inside \(target) once it is made" }
        return text
    }
}
