/// The live hierarchy as a value: every page with its name, parameters and role, which
/// pages are on screen, and what each presents. For printing, pictures and tests; it holds
/// no page.
///
/// ```swift
/// let snapshot = navigator.snapshot()
/// print(snapshot)            // the indented tree ``Navigator/hierarchyDescription`` prints
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
    /// The tree as indented text: one page a line, held pages under `- `, presented
    /// pages under `! `, the role in brackets, visible pages marked `*`.
    public var description: String {
        var lines: [String] = []
        func line(_ node: Node, _ indent: String, _ prefix: String) {
            var text = indent + prefix + node.label
            switch node.role {
            case .stack: text += " [stack]"
            case .tabs: text += " [tabs]"
            case .handler: text += " [event handler]"
            case .page, .parent: break
            }
            if node.isVisible { text += " *" }
            lines.append(text)
            let childIndent = indent + String(repeating: " ", count: prefix.count)
            for child in node.children { line(child, childIndent, "- ") }
            for modal in node.presented { line(modal, childIndent, "! ") }
        }
        line(root, "", "")
        return lines.joined(separator: "\n")
    }
}

extension LiveHierarchy {
    /// The live tree as a value.
    /// - Complexity: O(*n*) in the number of live pages.
    func snapshot() -> HierarchySnapshot {
        var visible = Set<ObjectIdentifier>()
        for segment in visibleRoute().segments {
            switch segment.kind {
            case .page(let page, _): visible.insert(ObjectIdentifier(page))
            case .stack(_, _, let pages, let count): visible.insert(ObjectIdentifier(pages[count - 1]))
            }
            if let modal = segment.modal { visible.insert(ObjectIdentifier(modal.page)) }
        }
        var seen = Set<ObjectIdentifier>()
        func node(_ page: any Page) -> HierarchySnapshot.Node? {
            guard seen.insert(ObjectIdentifier(page)).inserted else { return nil }
            let role: HierarchySnapshot.Role = switch page.pageKind {
            case .page: .page
            case .parent: .parent
            case .stack: .stack
            case .tabs: .tabs
            case .handler: .handler
            }
            let children = page.asParent?.containedPages.compactMap(node) ?? []
            let presented = host.presentedPage(of: page).flatMap(node).map { [$0] } ?? []
            return HierarchySnapshot.Node(
                name: page.pageName, parameters: page.pageParameters, role: role,
                isVisible: role != .handler && visible.contains(ObjectIdentifier(page)),
                children: children, presented: presented)
        }
        guard let root = node(root) else { preconditionFailure("the root is seen first") }
        return HierarchySnapshot(root: root)
    }
}
