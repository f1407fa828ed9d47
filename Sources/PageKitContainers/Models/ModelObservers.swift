/// Who is told when a SwiftUI model changes: the platform-neutral change callback that the
/// SwiftUI layer wraps in an `ObservableObject`, and that tests watch on Linux.
///
/// Each handler is told whether the change animates, so the view can apply it inside a
/// transaction that disables animations when it does not.
@MainActor
package final class ModelObservers {
    private final class Entry {
        let handler: @MainActor (_ animated: Bool) -> Void
        weak var token: ModelObservation?

        init(_ handler: @escaping @MainActor (_ animated: Bool) -> Void) {
            self.handler = handler
        }
    }

    // Handlers are called on a copy, and no other access calls out: unchecked, like the
    // stack's pages.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// The SwiftUI layer's `ObservableObject` for this model, made on first use and kept
    /// as long as the model.
    package var companion: AnyObject?

    package init() {}

    /// Calls `handler` after every change, until the token is cancelled or let go.
    /// - Parameter handler: Told whether the change animates.
    /// - Returns: The token that keeps the observation.
    package func add(_ handler: @escaping @MainActor (_ animated: Bool) -> Void) -> ModelObservation {
        let entry = Entry(handler)
        entries.append(entry)
        let token = ModelObservation { [weak entry] in entry?.token = nil }
        entry.token = token
        return token
    }

    /// Tells every live observer, in the order they were added.
    /// - Parameter animated: Whether the change animates.
    func send(animated: Bool) {
        var dropsSome = false
        for entry in entries {
            if let token = entry.token, !token.isCancelled {
                entry.handler(animated)
            } else {
                dropsSome = true
            }
        }
        if dropsSome { entries.removeAll { $0.token == nil || $0.token?.isCancelled == true } }
    }
}

/// Keeps an observation of a SwiftUI model: cancel it, or let it go, to end it.
@MainActor
package final class ModelObservation {
    private var onCancel: (() -> Void)?

    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Ends the observation; cancelling twice does nothing.
    package func cancel() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    /// Whether it has been cancelled.
    package var isCancelled: Bool { onCancel == nil }
}

/// A model the SwiftUI layer observes.
@MainActor
package protocol ObservableModel: AnyObject {
    /// Its observers.
    var observers: ModelObservers { get }
}

extension ObservableModel {
    /// Calls `handler` after every change of the model, until the token is cancelled or
    /// let go: what the SwiftUI views (and tests) follow.
    /// - Parameter handler: Told whether the change animates.
    /// - Returns: The token that keeps the observation.
    package func observe(_ handler: @escaping @MainActor (_ animated: Bool) -> Void) -> ModelObservation {
        observers.add(handler)
    }
}
