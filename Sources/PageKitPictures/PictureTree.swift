import PageKit

/// A snapshot's pages in preorder (a page, then what it holds, then what it presents),
/// each knowing the page above it: what every picture of the tree draws, so Mermaid, DOT
/// and SVG number and order the pages alike.
struct PictureTree {
    /// One page of the picture.
    struct Entry {
        /// The page as a path prints it.
        let label: String
        /// Its role as the picture names it.
        let role: String
        let isVisible: Bool
        /// The index of the page that holds or presents it; `nil` for the root.
        let parent: Int?
        /// Whether ``parent`` presents it rather than holds it.
        let isPresented: Bool
        /// How far below the root it sits.
        let depth: Int
        /// The indexes of the pages it holds, then of those it presents.
        var children: [Int] = []
    }

    private(set) var entries: [Entry] = []

    /// - Complexity: O(*n*) in the number of pages.
    init(_ snapshot: HierarchySnapshot) {
        add(snapshot.root, parent: nil, isPresented: false, depth: 0)
    }

    private mutating func add(_ node: HierarchySnapshot.Node, parent: Int?, isPresented: Bool, depth: Int) {
        let index = entries.count
        entries.append(Entry(label: node.label, role: Self.roleName(node), isVisible: node.isVisible, parent: parent,
                             isPresented: isPresented, depth: depth))
        if let parent { entries[parent].children.append(index) }
        for child in node.children { add(child, parent: index, isPresented: false, depth: depth + 1) }
        for modal in node.presented { add(modal, parent: index, isPresented: true, depth: depth + 1) }
    }

    /// How a picture names a page's role: `stack`, `event handler`; a stack without a
    /// name, whose label is `stack`, is a `transparent stack`.
    static func roleName(_ node: HierarchySnapshot.Node) -> String {
        switch node.role {
        case .page: "page"
        case .parent: "parent"
        case .stack: node.name.isEmpty ? "transparent stack" : "stack"
        case .tabs: "tabs"
        case .handler: "event handler"
        }
    }
}
