/// A change to the live hierarchy that a navigator did not make: the person's (a back
/// button, a swipe, a tab tap, a sheet swiped down) or the app's own call to a
/// container. Containers report it through their ``TransitionQueue``
/// (``TransitionQueue/reportChange(_:)``); the navigator that shares the queue announces
/// it as a ``NavigationEvent`` and records it in its history.
public struct HierarchyChange: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// Pages pushed on a stack.
        case pushed
        /// Pages popped off a stack.
        case popped
        /// A stack's pages, or a tab bar's tabs, replaced.
        case replaced
        /// A tab selected.
        case selected
        /// A tab added.
        case added
        /// A page presented.
        case presented
        /// A presented page dismissed.
        case dismissed
        /// The hierarchy was found changed with no report of what changed (a container
        /// that does not report, or ``Navigator/hierarchyDidChange()``).
        case noticed
    }

    /// What happened.
    public let kind: Kind
    /// Who did it: ``NavigationSource/user`` (the person) or ``NavigationSource/app`` (a
    /// direct call).
    public let source: NavigationSource
    /// The container it happened in (for presentations, the presenter).
    public let container: PageReference?
    /// The pages it showed or removed.
    public let pages: [PageReference]

    /// Describes a change.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - source: Who did it.
    ///   - container: The container, or the presenter.
    ///   - pages: The pages shown or removed.
    @MainActor
    public init(_ kind: Kind, by source: NavigationSource, in container: (any Page)?, pages: [any Page] = []) {
        self.kind = kind
        self.source = source
        // Loops, not `map`: a closure formed on the main actor checks its executor each call.
        if let container {
            self.container = PageReference(live: container)
        } else {
            self.container = nil
        }
        var references: [PageReference] = []
        references.reserveCapacity(pages.count)
        for page in pages { references.append(PageReference(live: page)) }
        self.pages = references
    }

    /// `popped [home_page(id=5)] in contact by the user`.
    public var description: String {
        let names = pages.map(\.description).joined(separator: ", ")
        return "\(kind.rawValue) [\(names)]" + (container.map { " in \($0)" } ?? "") + " by \(source)"
    }
}
