/// What ``Navigator/auditLinks(_:)`` found: the sample links that go wrong, and why.
public struct LinkAudit: Sendable, CustomStringConvertible {
    /// One link that goes wrong.
    public struct Problem: Sendable, CustomStringConvertible {
        /// How it goes wrong.
        public enum Kind: String, Sendable, Hashable {
            /// No pattern of the link map matches it (or its scheme or host is foreign).
            case unmatched
            /// Its path cannot be shown: an unknown page, a page with nowhere to go.
            case unreachable
            /// Its path reaches a page not registered as externally openable.
            case notExternallyOpenable
        }

        /// The link.
        public let link: String
        /// How it goes wrong.
        public let kind: Kind
        /// The error the link map or the plan gave.
        public let error: NavigationError

        /// `unmatched https://example.com/x: …`.
        public var description: String { "\(kind.rawValue) \(link): \(error)" }
    }

    /// How many links were checked.
    public let checked: Int
    /// The links that go wrong, in the order given.
    public let problems: [Problem]

    /// `12 links checked, 1 problem:` then a line per problem.
    public var description: String {
        let header = "\(checked) links checked, \(problems.count) problem\(problems.count == 1 ? "" : "s")"
        return ([header + (problems.isEmpty ? "" : ":")] + problems.map { "  \($0)" }).joined(separator: "\n")
    }
}
