public import PageKit

/// A page as SwiftUI's navigation path and presentation bindings hold it: identified by
/// the page object, which it holds weakly, so a value SwiftUI keeps for an animation never
/// keeps a removed page alive.
///
/// ``PageStackModel/path`` is a list of them for `NavigationStack(path:)`, and
/// ``PagePresentation`` carries one for `sheet(item:)`.
public struct PageEntry: Hashable, Identifiable, Sendable {
    /// The page's identity.
    public let id: ObjectIdentifier
    /// The page, while it lives.
    public private(set) weak var page: (any Page)?

    /// An entry for `page`.
    /// - Parameter page: The page.
    public init(_ page: any Page) {
        id = ObjectIdentifier(page)
        self.page = page
    }

    /// Whether the two entries are for the same page.
    /// - Parameters:
    ///   - lhs: An entry.
    ///   - rhs: Another entry.
    /// - Returns: Whether they name the same page object.
    public static func == (lhs: PageEntry, rhs: PageEntry) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the page's identity.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
