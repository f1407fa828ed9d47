/// How the modals of a path were presented, where not by default (a registration's
/// sheet detents, or a request's ``NavigationOptions/presentation(_:)`` or
/// ``NavigationOptions/transition(_:)``): the style of each, by the index of the
/// component it stands for; a component it does not name was presented by default. The
/// history keeps one with each path, and ``NavigationState`` saves one, so that
/// ``Navigator/back(_:_:)`` and ``Navigator/restore(_:_:)`` present those pages as they
/// were, even when a request chose the style.
struct PathStyles: Hashable, Sendable, Codable {
    private var styles: [Int: ShowStyle] = [:]

    var isEmpty: Bool { styles.isEmpty }

    /// The style the modal at component `index` was presented with.
    subscript(index: Int) -> ShowStyle? {
        get { styles[index] }
        set { styles[index] = newValue }
    }

    /// The styles of the components before `count`: what is left of them once a path is
    /// cut there.
    func prefix(_ count: Int) -> PathStyles? {
        var kept = self
        kept.styles = styles.filter { $0.key < count }
        return kept.isEmpty ? nil : kept
    }
}
