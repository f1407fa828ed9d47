/// Keeps an observation alive: cancel it, or let it go, to stop receiving events.
@MainActor
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation. Cancelling twice does nothing.
    public func cancel() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    /// Whether the observation has been cancelled.
    public var isCancelled: Bool { onCancel == nil }
}

/// Observers of one kind of event, each removed when its token is cancelled or freed.
@MainActor
struct ObserverList<Event> {
    private final class Box {
        let handler: (Event) -> Void
        weak var token: ObservationToken?
        init(_ handler: @escaping (Event) -> Void) { self.handler = handler }
    }

    private var boxes: [Box] = []

    var isEmpty: Bool { boxes.isEmpty }

    mutating func add(_ handler: @escaping @MainActor (Event) -> Void) -> ObservationToken {
        let box = Box(handler)
        boxes.append(box)
        let token = ObservationToken { [weak box] in box.map { $0.token = nil } }
        box.token = token
        return token
    }

    /// Sends `event` to every observer whose token is alive and not cancelled.
    mutating func send(_ event: Event) {
        guard !boxes.isEmpty else { return }
        boxes.removeAll { $0.token == nil || $0.token?.isCancelled == true }
        for box in boxes {
            box.handler(event)
        }
    }
}
