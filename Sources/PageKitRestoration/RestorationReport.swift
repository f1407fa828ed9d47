public import PageKit

/// What `restore(_:_:)` did: the path it restored, and the components it had
/// to trim (and why).
public struct RestorationReport: Sendable, CustomStringConvertible {
    /// A component that could not be restored, and everything after it with it.
    public struct Trim: Sendable, CustomStringConvertible {
        /// The component.
        public let component: PageComponent
        /// Where it stood in the saved path.
        public let index: Int
        /// Why: not registered any more, its factory refused, or nothing can show it.
        public let error: NavigationError

        /// `person_detail(id=5) at 3: …`.
        public var description: String { "\(component) at \(index): \(error)" }
    }

    /// The path that was saved.
    public let saved: PagePath
    /// The path restored: the saved one, cut before its first component that could not
    /// be restored.
    public let restored: PagePath
    /// The components trimmed, in the order they were found.
    public let trims: [Trim]

    /// The pages' own states (``StateSaving``) that could not be handed back: the page at
    /// their place does not save one, or the state no longer decodes. States of trimmed
    /// components are dropped with them and not listed.
    public let unrestoredStates: [Trim]
    /// Whether the whole saved path, and every saved page state on it, was restored.
    public var isComplete: Bool { trims.isEmpty && unrestoredStates.isEmpty }

    /// `restored /tab#contact/list (trimmed 1: …)`.
    public var description: String {
        "restored \(restored)" + (trims.isEmpty ? "" : " (trimmed \(trims.count): \(trims.map(\.description).joined(separator: "; ")))")
            + (unrestoredStates.isEmpty ? "" : " (states not restored: \(unrestoredStates.map(\.description).joined(separator: "; ")))")
    }
}
