/// How the pages of a path were shown, where not by default: each modal's presentation
/// and transition (a registration's sheet detents, or a request's
/// ``NavigationOptions/presentation(_:)`` or ``NavigationOptions/transition(_:)``), and each
/// push's transition and bottom bar (``NavigationOptions/hidingBottomBar(_:)``), by the index
/// of the component it stands for (a push's last page); a component it does not name was
/// shown by default. The history keeps one with each path, and a saved state saves
/// one, so that ``Navigator/back(_:_:)`` and a restore show those pages as
/// they were, even when a request chose the style.
package struct PathStyles: Hashable, Sendable, Codable {
    private var styles: [Int: ShowStyle] = [:]

    package init() {}

    var isEmpty: Bool { styles.isEmpty }

    /// The style the page at component `index` was shown with.
    subscript(index: Int) -> ShowStyle? {
        get { styles[index] }
        set { styles[index] = newValue }
    }

    /// The styles of the components before `count`: what is left of them once a path is
    /// cut there.
    package func prefix(_ count: Int) -> PathStyles? {
        var kept = self
        kept.styles = styles.filter { $0.key < count }
        return kept.isEmpty ? nil : kept
    }
}
