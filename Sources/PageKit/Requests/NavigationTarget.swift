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

/// What a request asks for, kept once and shared by its machine, its turn, its actions
/// and its events: a copy is then one retain. Copied as a value, a target cost each copy
/// about 150 instructions and each destroy 100 (its path's parts; and as an optional,
/// through the optional's type metadata), and every request copied it several times.
final class RequestedTarget: Sendable, CustomStringConvertible {
    let target: NavigationTarget
    /// The mode to plan it in, when not the request's: the rest of a path planned again
    /// inside the pages a plan made goes on in that plan's mode.
    let mode: ResolutionMode?
    /// How the pages of the path were shown before, when a plan that remembered it goes
    /// on inside the pages it made.
    let shownBefore: PathStyles?

    init(_ target: NavigationTarget, mode: ResolutionMode? = nil, shownBefore: PathStyles? = nil) {
        self.target = target
        self.mode = mode
        self.shownBefore = shownBefore
    }

    var description: String { target.description }
}
