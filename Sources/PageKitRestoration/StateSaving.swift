public import PageKit

/// A page with a small state of its own (a draft, a scroll position, a selected segment)
/// that `navigator.state` saves with the path and `restore(_:_:)` hands back
/// to the page restored in its place.
///
/// ```swift
/// final class ComposePage: UIViewController, Page, StateSaving {
///     struct Draft: Codable { var text: String }
///     var savedState: Draft? { Draft(text: textView.text) }
///     func restore(_ draft: Draft) { textView.text = draft.text }
/// }
/// ```
///
/// The state is kept small and is the page's own: what the path's parameters already say
/// is not repeated. A state is saved only for the pages on the current path, and goes with
/// its page: when a restore trims a component, the states of it and of everything after it
/// are dropped, and a state that no longer decodes (the type changed in an update) is
/// reported in ``RestorationReport/unrestoredStates`` and the page keeps its own.
@MainActor
public protocol StateSaving: Page {
    /// The state's type: `Codable`, encoded as JSON with the navigation state.
    associatedtype SavedState: Codable
    /// The state to save now, or `nil` for none.
    var savedState: SavedState? { get }
    /// Takes back a saved state, once the restore has shown the page, before
    /// `restore(_:_:)` returns.
    /// - Parameter state: The state saved by the page this one stands for.
    func restore(_ state: SavedState)
}
