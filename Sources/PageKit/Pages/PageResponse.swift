/// What a page sends back when it has finished a job: a status and an optional typed
/// payload, like an Android activity's result.
///
/// ```swift
/// navigator.send(PageResponse(.ok, payload: draft), from: composePage)
/// ```
public struct PageResponse: Sendable {
    /// How the job ended. Add your own with `Status("saved")`.
    public struct Status: Hashable, Sendable, CustomStringConvertible {
        /// The status's name.
        public let description: String

        /// A status of your own.
        /// - Parameter name: Its name.
        public init(_ name: String) {
            description = name
        }

        /// The job was done.
        public static let ok = Status("ok")
        /// The job was abandoned.
        public static let cancelled = Status("cancelled")
    }

    /// How the job ended.
    public let status: Status
    private let payload: (any Sendable)?

    /// Creates a response.
    /// - Parameters:
    ///   - status: How the job ended.
    ///   - payload: A value for whoever consumes it.
    public init(_ status: Status, payload: (any Sendable)? = nil) {
        self.status = status
        self.payload = payload
    }

    /// The payload, if it is a `T`.
    /// - Parameter type: The expected type.
    /// - Returns: The payload, or `nil` when there is none or it is of another type.
    public func payload<T: Sendable>(as type: T.Type = T.self) -> T? {
        payload as? T
    }

    /// Whether there is a payload of any type.
    public var hasPayload: Bool { payload != nil }
}

/// A page that can consume responses bubbling up from the pages it opened.
///
/// A response starts at the page below the sender in its stack and goes on to the pages
/// below that, the stack itself, the containers above it, up to the root; for a modal,
/// it goes first to the page it was presented over. The first page that returns `true`
/// consumes it.
///
/// ```swift
/// extension ContactListPage: ResponseReceiving {
///     func receive(_ response: PageResponse) -> Bool {
///         guard let person = response.payload(as: Person.self) else { return false }
///         insert(person)
///         return true
///     }
/// }
/// ```
@MainActor
public protocol ResponseReceiving: Page {
    /// Offers a response.
    /// - Parameter response: The response.
    /// - Returns: `true` to consume it, `false` to let it bubble on.
    func receive(_ response: PageResponse) -> Bool
}

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

/// An awaited response, typed.
public struct PageReply<Payload: Sendable>: Sendable {
    /// How the job ended.
    public let status: PageResponse.Status
    /// The payload, or `nil` when the response carried none.
    public let payload: Payload?
}
