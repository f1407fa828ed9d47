/// A page named by its identifier, with its name and parameters when they were known as
/// the move was asked for.
public struct IdentifiedPage: Sendable, Hashable, CustomStringConvertible {
    /// The page's identifier.
    public let identifier: PageIdentifier
    /// The page as a path prints it, `person_detail(id=5)`, when it was known.
    public let name: String?
    /// Whether a move finds its work done when the page is gone at its turn, rather than
    /// failing: how a flow is closed, which another request may have taken away first.
    let goneIsDone: Bool

    /// Names a page.
    /// - Parameters:
    ///   - identifier: Its identifier.
    ///   - name: Its name and parameters as a path prints them, when known.
    ///   - goneIsDone: Whether the page gone at the move's turn is the move done.
    init(_ identifier: PageIdentifier, name: String? = nil, goneIsDone: Bool = false) {
        self.identifier = identifier
        self.name = name
        self.goneIsDone = goneIsDone
    }

    /// `person_detail(id=5) [page-3]`, or `[page-3]` when the name is not known.
    public var description: String {
        name.map { "\($0) [\(identifier)]" } ?? "[\(identifier)]"
    }
}
