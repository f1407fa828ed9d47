import PageKit

extension HierarchySnapshot {
    /// The tree as a Mermaid flowchart, which GitHub draws in a ` ```mermaid ` block.
    ///
    /// One node a page, `n0` for the root and on in preorder, labelled with the page as a
    /// path prints it and its role; a solid edge to each page it holds and a dashed one,
    /// labelled `presents`, to the page it presents; pages on screen in the class
    /// `visible`. Labels are quoted and escaped, so any name or value draws as itself.
    ///
    /// ```swift
    /// print(navigator.snapshot()?.mermaid ?? "")
    /// // flowchart TD
    /// //     n0["tab<br/>tabs"]
    /// //     n1["contact<br/>stack"]
    /// //     n0 --> n1
    /// //     …
    /// ```
    ///
    /// The same snapshot always gives the same text.
    /// - Complexity: O(*n*) in the number of pages.
    public var mermaid: String {
        var lines = ["flowchart TD"]
        let visible = PictureTree(self).appendMermaid(idPrefix: "n", indent: "    ", to: &lines)
        PictureTree.appendMermaidStyle(visible: visible, indent: "    ", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PictureTree {
    /// Appends a node line per page, then an edge line per held or presented page.
    /// - Returns: The ids of the pages on screen.
    func appendMermaid(idPrefix: String, indent: String, to lines: inout [String]) -> [String] {
        var visible: [String] = []
        for (index, entry) in entries.enumerated() {
            let id = idPrefix + String(index)
            let label = PictureText.mermaid(entry.label) + "<br/>" + entry.role
            lines.append(indent + id + "[\"" + label + "\"]")
            if entry.isVisible { visible.append(id) }
        }
        for (index, entry) in entries.enumerated() {
            guard let parent = entry.parent else { continue }
            let arrow = entry.isPresented ? " -. presents .-> " : " --> "
            lines.append(indent + idPrefix + String(parent) + arrow + idPrefix + String(index))
        }
        return visible
    }

    /// Appends the class that marks pages on screen, and its use.
    static func appendMermaidStyle(visible: [String], indent: String, to lines: inout [String]) {
        lines.append(indent + "classDef visible fill:#e3f2e1,stroke:#2e7d32,stroke-width:2px,color:#1b1b1b")
        if !visible.isEmpty {
            lines.append(indent + "class " + visible.joined(separator: ",") + " visible")
        }
    }
}
