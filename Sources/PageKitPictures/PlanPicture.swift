public import PageKit

/// A picture of a plan: the tree before it ran, its numbered steps, and the tree after,
/// as Mermaid, Graphviz DOT or SVG text.
///
/// Take a snapshot, open, take another:
///
/// ```swift
/// let before = navigator.snapshot()!
/// let plan = try navigator.plan(for: "app://tab/settings")
/// try await navigator.open("app://tab/settings")
/// let picture = PlanPicture(before: before, plan: plan, after: navigator.snapshot()!)
/// print(picture.mermaid)          // for a README or a DocC article
/// try picture.svg.write(toFile: "settings.svg", atomically: true, encoding: .utf8)
/// ```
///
/// A picture holds text and snapshots only, never a page. The same picture always prints
/// the same text, so pictures can be asserted on and diffed.
public struct PlanPicture: Sendable, Hashable {
    /// The hierarchy before the plan ran.
    public var before: HierarchySnapshot
    /// The hierarchy after it ran.
    public var after: HierarchySnapshot
    /// What the picture is of: `plan for app://tab/settings (reuse)`.
    public var title: String
    /// The steps, each as a line of text, in the order they ran; empty when there was
    /// nothing to do.
    public var steps: [String]

    /// A picture of a plan and the hierarchy on either side of it.
    /// - Parameters:
    ///   - before: The hierarchy before the plan ran.
    ///   - plan: The plan; its header becomes the ``title`` and each step's description
    ///     a line of ``steps``.
    ///   - after: The hierarchy after it ran.
    public init(before: HierarchySnapshot, plan: NavigationPlan, after: HierarchySnapshot) {
        let subject = plan.move.map { "\($0) → \(plan.path)" } ?? plan.path.description
        self.init(before: before, title: "plan for \(subject) (\(plan.mode == .reuse ? "reuse" : "exact"))",
                  steps: plan.steps.map(\.description), after: after)
    }

    /// A picture of any change told as steps.
    /// - Parameters:
    ///   - before: The hierarchy before.
    ///   - title: What the picture is of.
    ///   - steps: What happened, one line each, in order.
    ///   - after: The hierarchy after.
    public init(before: HierarchySnapshot, title: String, steps: [String], after: HierarchySnapshot) {
        self.before = before
        self.after = after
        self.title = title
        self.steps = steps
    }

    /// The step lines as the pictures print them: numbered from 1, or `nothing to do`.
    public var numberedSteps: [String] {
        steps.isEmpty ? ["nothing to do"] : steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}

extension PlanPicture {
    /// The picture as a Mermaid flowchart: a subgraph `before`, one `steps` titled with
    /// the plan and holding the numbered steps in order, and one `after`, left to right.
    ///
    /// Each tree is drawn as ``HierarchySnapshot/mermaid`` draws it, its node ids
    /// prefixed `b` (before) and `a` (after) instead of `n`; steps are `s1`, `s2`, ….
    /// - Complexity: O(*n*) in the number of pages of both trees and the steps.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        lines.append("    subgraph before[\"before\"]")
        lines.append("        direction TB")
        var visible = PictureTree(before).appendMermaid(idPrefix: "b", indent: "        ", to: &lines)
        lines.append("    end")
        lines.append("    subgraph steps[\"" + PictureText.mermaid(title) + "\"]")
        lines.append("        direction TB")
        for (index, step) in numberedSteps.enumerated() {
            lines.append("        s\(index + 1)[\"" + PictureText.mermaid(step) + "\"]")
        }
        for index in numberedSteps.indices.dropFirst() {
            lines.append("        s\(index) --> s\(index + 1)")
        }
        lines.append("    end")
        lines.append("    subgraph after[\"after\"]")
        lines.append("        direction TB")
        visible += PictureTree(after).appendMermaid(idPrefix: "a", indent: "        ", to: &lines)
        lines.append("    end")
        lines.append("    before --> steps --> after")
        PictureTree.appendMermaidStyle(visible: visible, indent: "    ", to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The picture as a Graphviz `digraph`: the plan as the graph's label, clusters
    /// `before` and `after` drawn as ``HierarchySnapshot/dot`` draws a tree (node ids
    /// prefixed `b` and `a`), and a note node `steps` with the numbered steps.
    /// - Complexity: O(*n*) in the number of pages of both trees and the steps.
    public var dot: String {
        var lines = ["digraph plan {"]
        lines.append("    label=\"" + PictureText.dot(title) + "\";")
        lines.append("    labelloc=t;")
        lines.append(PictureTree.dotNodeDefaults)
        for (name, snapshot, prefix) in [("before", before, "b"), ("after", after, "a")] {
            lines.append("    subgraph cluster_\(name) {")
            lines.append("        label=\"\(name)\";")
            PictureTree(snapshot).appendDOT(idPrefix: prefix, indent: "        ", to: &lines)
            lines.append("    }")
        }
        // `\l` ends a left-justified line.
        let text = numberedSteps.map { PictureText.dot($0) + "\\l" }.joined()
        lines.append("    steps [shape=note, style=filled, fillcolor=\"#fff8e1\", label=\"" + text + "\"];")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The picture as a standalone SVG document: the plan as a heading, the tree before
    /// and the tree after side by side (each as ``HierarchySnapshot/svg`` draws it), the
    /// numbered steps underneath, and a line that says how to read it.
    ///
    /// Boxes never overlap; all text is XML-escaped; every coordinate is a whole number,
    /// so the same picture always gives the same text. Sizes assume a monospaced font.
    /// - Complexity: O(*n*) in the number of pages of both trees and the steps.
    public var svg: String {
        let margin = 24, panelGap = 48
        let beforeLayout = TreeLayout(PictureTree(before))
        let afterLayout = TreeLayout(PictureTree(after))
        let beforeWidth = max(beforeLayout.width, PictureText.width(of: "before", unit: 9))
        let afterX = margin + beforeWidth + panelGap
        var canvas = SVGCanvas()
        var y = margin + 14
        canvas.text(title, x: margin, y: y, size: 14, bold: true)
        y += 32
        canvas.text("before", x: margin, y: y, size: 13, bold: true)
        canvas.text("after", x: afterX, y: y, size: 13, bold: true)
        y += 14
        let treesHeight = max(beforeLayout.height, afterLayout.height)
        canvas.line(from: (afterX - panelGap / 2, y - 24), to: (afterX - panelGap / 2, y + treesHeight),
                    color: "#cccccc")
        beforeLayout.draw(at: (margin, y), on: &canvas)
        afterLayout.draw(at: (afterX, y), on: &canvas)
        y += treesHeight + 40
        canvas.text("steps", x: margin, y: y, size: 13, bold: true)
        for step in numberedSteps {
            y += 20
            canvas.text(step, x: margin, y: y)
        }
        y += 32
        canvas.text(TreeLayout.legend, x: margin, y: y, size: 11, color: SVGCanvas.faint)
        let lineWidths = [PictureText.width(of: title, unit: 9), PictureText.width(of: TreeLayout.legend, unit: 7)]
            + numberedSteps.map { PictureText.width(of: $0, unit: 8) }
        let width = max(afterX + max(afterLayout.width, PictureText.width(of: "after", unit: 9)),
                        margin + (lineWidths.max() ?? 0)) + margin
        return canvas.document(width: width, height: y + margin, title: title)
    }
}
