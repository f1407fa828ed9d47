/// The names two registries both hold, which ``PageRegistry/merge(_:)`` refuses to
/// compose: the ``NavigationError/underlying`` error of its
/// ``NavigationError/Code/duplicateRegistration``.
public struct PageRegistryConflicts: Error, Sendable, Hashable, CustomStringConvertible {
    /// One name both registries hold.
    public struct Conflict: Sendable, Hashable {
        /// The qualified name.
        public let name: String
        /// The scope each registry holds it under, the merged-into registry's first;
        /// `nil` for the app's own names.
        public let scopes: [String?]
    }

    /// Every clash, sorted by name.
    public let conflicts: [Conflict]

    /// Each name with the scopes that hold it: "2 names are registered in both registries: …".
    public var description: String {
        let list = conflicts.map { conflict in
            let owners = conflict.scopes.map { $0 ?? "the app" }.joined(separator: " and ")
            return "`\(conflict.name)` (\(owners))"
        }
        let count = conflicts.count == 1 ? "1 name is" : "\(conflicts.count) names are"
        return "\(count) registered in both registries: " + list.joined(separator: ", ")
    }
}
