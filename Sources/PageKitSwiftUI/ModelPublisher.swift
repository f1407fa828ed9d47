#if canImport(SwiftUI) && os(iOS)
import PageKitContainers
import Combine
import SwiftUI

/// A model's change callback as an `ObservableObject`, for views to observe: iOS 16 has no
/// Observation framework.
///
/// One publisher per model, kept by the model's observers, so every view of the model
/// observes the same object and none has to own it.
@MainActor
final class ModelPublisher: ObservableObject {
    private var observation: ModelObservation?

    private init() {}

    /// The publisher of `model`, made on first use.
    static func of(_ model: some ObservableModel) -> ModelPublisher {
        if let publisher = model.observers.companion as? ModelPublisher { return publisher }
        let publisher = ModelPublisher()
        publisher.observation = model.observe { [weak publisher] animated in publisher?.publish(animated: animated) }
        model.observers.companion = publisher
        return publisher
    }

    /// Tells SwiftUI the model changed, in a transaction without animation when the
    /// change does not animate: SwiftUI applies a change in the transaction it was
    /// published in.
    private func publish(animated: Bool) {
        if animated {
            objectWillChange.send()
        } else {
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction) { objectWillChange.send() }
        }
    }
}
#endif
