/// A page whose own parameters can change in place, without a transition: a list whose
/// filter changes, a detail page that moves to the next item.
///
/// ``Navigator/update(_:of:_:)`` queues the change like any request; once it has run, the
/// current path and the history show the new parameters.
///
/// ```swift
/// extension NewsListPage: ParametersUpdating {
///     func updateParameters(_ parameters: PageParameters) {
///         category = parameters["category"] ?? category
///         reload()
///     }
/// }
/// try await navigator.update(["category": "12"], of: newsList).outcome()
/// ```
@MainActor
public protocol ParametersUpdating: Page {
    /// Takes new parameters; ``Page/pageParameters`` answers them from now on.
    /// - Parameter parameters: The new parameters.
    func updateParameters(_ parameters: PageParameters)
}
