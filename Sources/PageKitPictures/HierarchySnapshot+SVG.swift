import PageKit

extension HierarchySnapshot {
    /// The tree as a standalone SVG document: a box per page with its label and role, a
    /// solid line to each page it holds, a dashed one to the page it presents, pages on
    /// screen in green, and a line that says so.
    ///
    /// Children sit left to right under their parent in a tidy layout; boxes never
    /// overlap. All text is XML-escaped and every coordinate is a whole number, so the
    /// same snapshot always gives the same text. Sizes assume a monospaced font.
    ///
    /// ```swift
    /// if let svg = navigator.snapshot()?.svg { try svg.write(toFile: "tree.svg", atomically: true, encoding: .utf8) }
    /// ```
    /// - Complexity: O(*n*) in the number of pages.
    public var svg: String {
        let margin = 24
        let layout = TreeLayout(PictureTree(self))
        var canvas = SVGCanvas()
        layout.draw(at: (margin, margin), on: &canvas)
        let legendY = margin + layout.height + 28
        canvas.text(TreeLayout.legend, x: margin, y: legendY, size: 11, color: SVGCanvas.faint)
        let width = max(layout.width, PictureText.width(of: TreeLayout.legend, unit: 7)) + 2 * margin
        return canvas.document(width: width, height: legendY + margin, title: "the live hierarchy")
    }
}
