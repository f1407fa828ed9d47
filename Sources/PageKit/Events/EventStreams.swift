/// The open `AsyncStream`s of a navigator's events. Owned by the navigator alone, so when
/// the navigator is freed this is freed too, and every stream ends.
@MainActor
final class EventStreams {
    // Read on every event (`isEmpty`); each access ends at once (streams are yielded to
    // from a copy, and end on a later turn), so the dynamic exclusivity check buys nothing.
    @exclusivity(unchecked) private var continuations: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    @exclusivity(unchecked) private var lastID = 0

    var isEmpty: Bool { continuations.isEmpty }

    func make(bufferingNewest limit: Int) -> AsyncStream<NavigationEvent> {
        lastID += 1
        let id = lastID
        let (stream, continuation) = Self.makeStream(bufferingNewest: limit)
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    func yield(_ event: NavigationEvent) {
        for continuation in continuations.values { continuation.yield(event) }
    }

    // `AsyncStream.makeStream` needs Swift 5.9's standard library; iOS 16 has 5.8's.
    private static func makeStream(
        bufferingNewest limit: Int
    ) -> (AsyncStream<NavigationEvent>, AsyncStream<NavigationEvent>.Continuation) {
        var captured: AsyncStream<NavigationEvent>.Continuation?
        let stream = AsyncStream(bufferingPolicy: .bufferingNewest(limit)) { captured = $0 }
        return (stream, captured!)
    }

    deinit {
        for continuation in continuations.values { continuation.finish() }
    }
}
