/// What a page about to be removed is asked.
public struct LeaveRequest: Sendable {
    /// The current path.
    public let from: PagePath
    /// Where the request goes, absolute.
    public let to: PagePath
}
