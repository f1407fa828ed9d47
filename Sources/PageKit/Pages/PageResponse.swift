/// What a page sends back when it has finished a job: a status and an optional typed
/// payload, like an Android activity's result.
///
/// ```swift
/// navigator.send(PageResponse(.ok, payload: draft), from: composePage)
/// ```
///
/// A page offered it can tell who sent it (``sender``), and whether it opened that page
/// itself or the response only passes through it on its way up (``passedThrough``).
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
    /// The page that sent it, set by ``Navigator/send(_:from:)``.
    public internal(set) var sender: PageReference?
    /// Whether the page offered it did not open the sender but only passes it on: `false`
    /// for the sender's opener (the page below it in its stack, or the page it was
    /// presented over), `true` for every page after that.
    public internal(set) var passedThrough = false

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
    package var hasPayload: Bool { payload != nil }
}
