/// What a request asks for: a path to resolve, or a move to plan at its turn.
public enum NavigationTarget: Sendable {
    /// A path, absolute or relative, as requested.
    case path(PagePath)
    /// A move relative to the live hierarchy.
    case move(NavigationMove)
}

extension NavigationTarget: CustomStringConvertible {
    /// The path's text, or the move as code would say it.
    public var description: String {
        switch self {
        case .path(let path): path.description
        case .move(let move): move.description
        }
    }
}
