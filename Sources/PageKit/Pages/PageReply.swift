/// An awaited response, typed.
public struct PageReply<Payload: Sendable>: Sendable {
    /// How the job ended.
    public let status: PageResponse.Status
    /// The payload, or `nil` when the response carried none.
    public let payload: Payload?
    /// The page that sent it.
    public let sender: PageReference?
}
