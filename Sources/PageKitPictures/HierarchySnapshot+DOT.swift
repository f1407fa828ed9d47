import PageKit

extension HierarchySnapshot {
    /// The tree as a Graphviz `digraph`, for `dot -Tsvg` and tools that read DOT.
    ///
    /// The same content as ``mermaid``: one box a page, `n0` for the root and on in
    /// preorder, labelled with the page as a path prints it and its role; a solid edge to
    /// each page it holds and a dashed one, labelled `presents`, to the page it presents;
    /// pages on screen filled green. Labels are quoted and escaped.
    ///
    /// ```swift
    /// print(navigator.snapshot()?.dot ?? "")
    /// // digraph hierarchy {
    /// //     node [shape=box, style="rounded,filled", fillcolor="white", fontname="Helvetica"];
    /// //     n0 [label="tab\ntabs", fillcolor="#e3f2e1", color="#2e7d32", penwidth=2];
    /// //     …
    /// ```
    ///
    /// The same snapshot always gives the same text.
    /// - Complexity: O(*n*) in the number of pages.
    public var dot: String {
        var lines = ["digraph hierarchy {", PictureTree.dotNodeDefaults]
        PictureTree(self).appendDOT(idPrefix: "n", indent: "    ", to: &lines)
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PictureTree {
    /// The default look of a page's box.
    static let dotNodeDefaults =
        "    node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", fontname=\"Helvetica\"];"

    /// Appends a node statement per page, then an edge statement per held or presented
    /// page.
    func appendDOT(idPrefix: String, indent: String, to lines: inout [String]) {
        for (index, entry) in entries.enumerated() {
            var line = indent + idPrefix + String(index) + " [label=\""
            line += PictureText.dot(entry.label) + "\\n" + entry.role + "\""
            if entry.isVisible { line += ", fillcolor=\"#e3f2e1\", color=\"#2e7d32\", penwidth=2" }
            lines.append(line + "];")
        }
        for (index, entry) in entries.enumerated() {
            guard let parent = entry.parent else { continue }
            let attributes = entry.isPresented ? " [style=dashed, label=\"presents\"]" : ""
            lines.append(indent + idPrefix + String(parent) + " -> " + idPrefix + String(index) + attributes + ";")
        }
    }
}
