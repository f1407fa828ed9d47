/// What became of a response sent with ``Navigator/send(_:from:)``.
public enum ResponseDelivery: Sendable {
    /// An opener awaiting it with ``Navigator/open(_:expecting:_:)``
    /// received it.
    case awaited
    /// A page consumed it; its name and parameters.
    case consumed(by: PageReference)
    /// It reached the root and no page consumed it.
    case unhandled
    /// The sender is not in the live hierarchy, so it has no openers to reach. Send a
    /// response before leaving.
    case senderNotLive
}
