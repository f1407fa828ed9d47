/// Which columns of an expanded split view are on screen: the display mode of a
/// `UISplitViewController`, the column visibility of a `NavigationSplitView`.
public enum SplitDisplay: String, Hashable, Sendable, CaseIterable {
    /// As the platform decides for the width.
    case automatic
    /// Every column.
    case all
    /// The last two columns: the supplementary and secondary columns of three, both of two.
    case doubleColumn
    /// The secondary column only.
    case detailOnly
}
