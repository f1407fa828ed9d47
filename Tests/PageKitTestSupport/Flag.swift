/// Whether something has happened, shared between a test and the task it runs.
@MainActor
public final class Flag {
    /// Whether it has happened.
    public var isSet = false

    public init() {}
}
