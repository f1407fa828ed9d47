public import PageKit

/// The live hierarchy as a value: every page with its name, parameters and role, which
/// pages are on screen, and what each presents. What the pictures draw; it holds no page.
///
/// ```swift
/// let snapshot = navigator.snapshot()!
/// print(snapshot)            // the indented tree `Navigator.hierarchyDescription` prints
/// snapshot.root.children     // the tabs, the stack's pages, …
/// ```
public struct HierarchySnapshot: Sendable, Hashable {
    /// The role a page plays.
    public enum Role: String, Sendable, Hashable {
        /// A page that holds no pages.
        case page
        /// A page that holds pages, but neither as a stack nor as tabs.
        case parent
        /// A navigation stack.
        case stack
        /// A tab container.
        case tabs
        /// An event handler.
        case handler
    }

    /// One page of the tree.
    public struct Node: Sendable, Hashable {
        /// The page's name; empty for a transparent stack.
        public var name: String
        /// The page's own parameters.
        public var parameters: PageParameters
        /// Its role.
        public var role: Role
        /// Whether it is on the visible chain.
        public var isVisible: Bool
        /// The pages it holds, in order (a stack bottom first, tabs left to right).
        public var children: [Node]
        /// The page it presents, if any.
        public var presented: [Node]

        /// The page as a path prints it, `person_detail(id=5)`; a transparent stack is
        /// `stack`.
        public var label: String { PageReference.describe(name: name, parameters: parameters) }
    }

    /// The root page.
    public var root: Node
}

extension HierarchySnapshot: CustomStringConvertible {
    /// The tree as indented text, as `Navigator.hierarchyDescription` prints it: one page
    /// a line, held pages under `- `, presented pages under `! `, the role in brackets,
    /// visible pages marked `*`.
    public var description: String {
        func lines(_ node: Node) -> [String] {
            let role: TreeText.Role = switch node.role {
            case .page: .page
            case .parent: .parent
            case .stack: .stack
            case .tabs: .tabs
            case .handler: .handler
            }
            return TreeText.lines(node.label, role: role, isVisible: node.isVisible,
                                  children: node.children.map(lines), presented: node.presented.map(lines))
        }
        return lines(root).joined(separator: "\n")
    }
}

extension Navigator {
    /// The live tree as a value, to draw: names, parameters, roles, what is visible and
    /// what each page presents.
    /// - Returns: The snapshot, or `nil` before a root is installed.
    /// - Complexity: O(*n*) in the number of live pages.
    public func snapshot() -> HierarchySnapshot? {
        foldHierarchy { page, isVisible, children, presented in
            let role: HierarchySnapshot.Role = switch TreeText.Role(page.pageKind) {
            case .page: .page
            case .parent: .parent
            case .stack: .stack
            case .tabs: .tabs
            case .handler: .handler
            }
            return HierarchySnapshot.Node(name: page.pageName, parameters: page.pageParameters, role: role,
                                          isVisible: isVisible, children: children, presented: presented)
        }.map(HierarchySnapshot.init(root:))
    }
}
