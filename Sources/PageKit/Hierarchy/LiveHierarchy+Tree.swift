extension LiveHierarchy {
    /// Folds the live tree from the leaves up: `node` is given each page once, after the
    /// pages it holds and presents, with whether it is on the visible chain and what those
    /// pages folded to. What `Navigator.hierarchyDescription` prints and what the pictures
    /// module draws are both folds of it.
    /// - Complexity: O(*n*) in the number of live pages.
    func fold<Node>(_ node: (_ page: any Page, _ isVisible: Bool, _ children: [Node], _ presented: [Node]) -> Node)
        -> Node
    {
        var visible = Set<ObjectIdentifier>()
        for segment in visibleRoute().segments {
            switch segment.kind {
            case .page(let page, _): visible.insert(ObjectIdentifier(page))
            case .stack(_, _, let pages, let count): visible.insert(ObjectIdentifier(pages[count - 1]))
            }
            if let modal = segment.modal { visible.insert(ObjectIdentifier(modal.page)) }
        }
        var seen = Set<ObjectIdentifier>()
        func fold(_ page: any Page) -> Node? {
            guard seen.insert(ObjectIdentifier(page)).inserted else { return nil }
            let children = page.asParent?.containedPages.compactMap(fold) ?? []
            let presented = host.presentedPage(of: page).flatMap(fold).map { [$0] } ?? []
            let isHandler = if case .handler = page.pageKind { true } else { false }
            return node(page, !isHandler && visible.contains(ObjectIdentifier(page)), children, presented)
        }
        guard let root = fold(root) else { preconditionFailure("the root is seen first") }
        return root
    }

    /// The tree as indented text: one page a line, held pages under `- `, presented
    /// pages under `! `, the role in brackets, visible pages marked `*`.
    var treeDescription: String {
        fold { page, isVisible, children, presented in
            TreeText.lines(PageReference.describe(name: page.pageName, parameters: page.pageParameters),
                           role: TreeText.Role(page.pageKind), isVisible: isVisible,
                           children: children, presented: presented)
        }.joined(separator: "\n")
    }
}

/// How the tree prints as indented text, the one printer of `hierarchyDescription` and a
/// drawn snapshot's `description`.
package enum TreeText {
    /// The role a line names.
    package enum Role {
        case page, parent, stack, tabs, handler

        @MainActor package init(_ kind: PageKind) {
            self = switch kind {
            case .page: .page
            case .parent: .parent
            case .stack: .stack
            case .tabs: .tabs
            case .handler: .handler
            }
        }
    }

    /// A page's line, `label [role] *`, and under it its subtrees' lines: each held
    /// page's after `- `, its presented page's after `! `, their own lines indented two.
    package static func lines(_ label: String, role: Role, isVisible: Bool, children: [[String]],
                              presented: [[String]]) -> [String] {
        var line = label
        switch role {
        case .stack: line += " [stack]"
        case .tabs: line += " [tabs]"
        case .handler: line += " [event handler]"
        case .page, .parent: break
        }
        if isVisible { line += " *" }
        var lines = [line]
        for (prefix, subtrees) in [("- ", children), ("! ", presented)] {
            for subtree in subtrees {
                lines.append(prefix + subtree[0])
                lines += subtree.dropFirst().map { "  " + $0 }
            }
        }
        return lines
    }
}

extension Navigator {
    /// Folds the live tree from the leaves up, as `hierarchyDescription` does, for the
    /// modules that draw it; `nil` before a root is installed.
    package func foldHierarchy<Node>(
        _ node: (_ page: any Page, _ isVisible: Bool, _ children: [Node], _ presented: [Node]) -> Node
    ) -> Node? {
        hierarchy?.fold(node)
    }
}
