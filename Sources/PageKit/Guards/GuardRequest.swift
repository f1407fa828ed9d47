/// What a navigator guard sees of a request before it is planned.
public struct GuardRequest: Sendable {
    /// The current path.
    public let from: PagePath
    /// Where the request goes, absolute.
    public let to: PagePath
    /// Where the request comes from.
    public let source: NavigationSource
    /// The mode it resolves in.
    public let mode: ResolutionMode
}
