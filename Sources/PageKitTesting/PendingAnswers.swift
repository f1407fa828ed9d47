/// Questions a test answers when it chooses: a page asked whether it may leave waits here
/// until the test says yes or no.
@MainActor
public final class PendingAnswers {
    private var waiting: [CheckedContinuation<Bool, Never>] = []

    public init() {}

    /// Whether a question waits for its answer.
    public var isAsking: Bool { !waiting.isEmpty }

    /// Waits for the test's answer.
    public func wait() async -> Bool {
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Answers every question that waits.
    public func answer(_ allowed: Bool) {
        let questions = waiting
        waiting = []
        for question in questions { question.resume(returning: allowed) }
    }
}
