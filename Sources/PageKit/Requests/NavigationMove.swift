/// A move relative to the live hierarchy, as it was asked for: planned when its turn
/// comes, like a path, and described as itself in plans, events and errors.
///
/// Pages are named by identifier, so a waiting move never keeps a page alive.
public enum NavigationMove: Sendable, Hashable {
    /// A new page for the component, on top of the visible stack.
    case push(PageComponent)
    /// A page the app made, on top of the visible stack.
    case pushPage(IdentifiedPage)
    /// A live page of the visible stack, moved to its top.
    case bringToTop(IdentifiedPage)
    /// The top `count` pages of the visible stack, popped.
    case pop(Int)
    /// The visible stack popped until the page is on top.
    case popTo(IdentifiedPage)
    /// The visible stack popped to its first page.
    case popToRoot
    /// The page, wherever it lives, revealed.
    case jump(IdentifiedPage)
    /// The path shown `count` changes ago, restored.
    case back(Int)
    /// `count` levels up the current path.
    case up(Int)
    /// A live page's own parameters changed in place.
    case update(IdentifiedPage, parameters: PageParameters)
    /// A live page taken off the screen: popped off its stack, or dismissed.
    case close(IdentifiedPage)
}

extension NavigationMove: CustomStringConvertible {
    /// The move as code would say it: `pop(2)`, `jump(to: person_detail(id=5))`.
    public var description: String {
        switch self {
        case .push(let component): "push(\(PageReference.describe(name: component.name, parameters: component.parameters)))"
        case .pushPage(let page): "push(page: \(page))"
        case .bringToTop(let page): "push(identifiedBy: \(page))"
        case .pop(let count): "pop(\(count))"
        case .popTo(let page): "pop(to: \(page))"
        case .popToRoot: "popToRoot()"
        case .jump(let page): "jump(to: \(page))"
        case .back(let count): "back(\(count))"
        case .up(let count): "up(\(count))"
        case .update(let page, let parameters): "update(\(parameters), of: \(page))"
        case .close(let page): "close(\(page))"
        }
    }
}

extension NavigationMove {
    /// The options of `options` this move cannot honour, by name; empty when it honours
    /// them all. Every move honours `animated`, `payload` and `source`:
    ///
    /// | Option | Honoured by |
    /// |---|---|
    /// | `transition` | every move but `update`: pops and dismissals play it, pushes show it |
    /// | `hidesBottomBar` | moves that push: `push`, `push(page:)`, `push(identifiedBy:)`, `jump` (kept pages brought back), `back` |
    /// | `presentation` | `back`, which may present the pages it restores |
    /// | `keepsLeftPages` | moves that pop: `pop`, `pop(to:)`, `popToRoot`, `jump`, `back`, `up`, `close` |
    /// | `mode` | none: a move plans against the live hierarchy; ``ResolutionMode/exact`` is for paths |
    func unhonoured(_ options: NavigationOptions) -> [String] {
        var unhonoured: [String] = []
        if options.mode != .reuse { unhonoured.append("mode(.exact)") }
        if options.transition != nil, case .update = self { unhonoured.append("transition") }
        if options.hidesBottomBar != nil, !pushes { unhonoured.append("hidingBottomBar") }
        if options.presentation != nil, !presents { unhonoured.append("presentation") }
        if options.keepsLeftPages, !pops { unhonoured.append("keepingLeftPages") }
        if options.refreshesTarget { unhonoured.append("refreshing") }
        return unhonoured
    }

    /// Whether the move may push pages.
    private var pushes: Bool {
        switch self {
        case .push, .pushPage, .bringToTop, .jump, .back: true
        case .pop, .popTo, .popToRoot, .up, .update, .close: false
        }
    }

    /// Whether the move may present pages.
    private var presents: Bool {
        if case .back = self { true } else { false }
    }

    /// Whether the move may pop pages.
    private var pops: Bool {
        switch self {
        case .pop, .popTo, .popToRoot, .jump, .back, .up, .close: true
        case .push, .pushPage, .bringToTop, .update: false
        }
    }
}
