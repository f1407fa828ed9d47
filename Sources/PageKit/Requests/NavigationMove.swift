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
        }
    }
}

/// A page named by its identifier, with its name and parameters when they were known as
/// the move was asked for.
public struct IdentifiedPage: Sendable, Hashable, CustomStringConvertible {
    /// The page's identifier.
    public let identifier: PageIdentifier
    /// The page as a path prints it, `person_detail(id=5)`, when it was known.
    public let name: String?

    /// Names a page.
    /// - Parameters:
    ///   - identifier: Its identifier.
    ///   - name: Its name and parameters as a path prints them, when known.
    public init(_ identifier: PageIdentifier, name: String? = nil) {
        self.identifier = identifier
        self.name = name
    }

    /// `person_detail(id=5) [page-3]`, or `[page-3]` when the name is not known.
    public var description: String {
        name.map { "\($0) [\(identifier)]" } ?? "[\(identifier)]"
    }
}
