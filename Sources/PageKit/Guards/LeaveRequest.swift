/// What a page about to be removed is asked.
public struct LeaveRequest: Sendable {
    /// The current path.
    public let from: PagePath
    /// Where the request goes, absolute; for a gesture, the path once the page is gone.
    public let to: PagePath
    /// The person's gesture that would remove the page, or `nil` for a request.
    public let gesture: LeaveGesture?

    init(from: PagePath, to: PagePath, gesture: LeaveGesture? = nil) {
        self.from = from
        self.to = to
        self.gesture = gesture
    }
}
