import PageKit

/// Where each page of a tree is drawn: a tidy layout in which every page owns a span as
/// wide as its box or its children's spans side by side, whichever is wider, and sits
/// over its children. Spans of pages at one depth never meet, so neither do boxes.
struct TreeLayout {
    /// A page's box, relative to the tree's top left corner.
    struct Box {
        let x: Int
        let y: Int
        let width: Int
        var centerX: Int { x + width / 2 }
    }

    static let boxHeight = 40
    static let levelGap = 28
    static let siblingGap = 16
    static let labelUnit = 8  // a 12-point monospaced character, rounded up
    static let roleUnit = 7  // a 10-point one
    static let padding = 16
    static let minimumWidth = 64

    let tree: PictureTree
    private(set) var boxes: [Box] = []
    /// The tree's size.
    private(set) var width = 0
    private(set) var height = 0

    /// - Complexity: O(*n*) in the number of pages.
    init(_ tree: PictureTree) {
        self.tree = tree
        let entries = tree.entries
        // Even widths put every center on a whole number.
        let widths = entries.map {
            let width = max(Self.minimumWidth,
                            PictureText.width(of: $0.label, unit: Self.labelUnit) + Self.padding,
                            PictureText.width(of: $0.role, unit: Self.roleUnit) + Self.padding)
            return (width + 1) / 2 * 2
        }
        // Preorder puts every page before its children: spans bottom up, lefts top down,
        // centers bottom up again.
        var spans = widths
        for index in entries.indices.reversed() where !entries[index].children.isEmpty {
            spans[index] = max(widths[index], childrenWidth(entries[index].children, spans))
        }
        var lefts = Array(repeating: 0, count: entries.count)
        for (index, entry) in entries.enumerated() where !entry.children.isEmpty {
            var left = lefts[index] + (spans[index] - childrenWidth(entry.children, spans)) / 2
            for child in entry.children {
                lefts[child] = left
                left += spans[child] + Self.siblingGap
            }
        }
        var centers = Array(repeating: 0, count: entries.count)
        for index in entries.indices.reversed() {
            let children = entries[index].children
            let low = lefts[index] + widths[index] / 2
            let high = lefts[index] + spans[index] - widths[index] + widths[index] / 2
            if let first = children.first, let last = children.last {
                centers[index] = min(max((centers[first] + centers[last]) / 2, low), high)
            } else {
                centers[index] = lefts[index] + spans[index] / 2
            }
        }
        var deepest = 0
        boxes = entries.indices.map { index in
            deepest = max(deepest, entries[index].depth)
            return Box(x: centers[index] - widths[index] / 2,
                       y: entries[index].depth * (Self.boxHeight + Self.levelGap), width: widths[index])
        }
        width = spans.first ?? 0
        height = entries.isEmpty ? 0 : (deepest + 1) * Self.boxHeight + deepest * Self.levelGap
    }

    private func childrenWidth(_ children: [Int], _ spans: [Int]) -> Int {
        children.reduce(0) { $0 + spans[$1] } + Self.siblingGap * (children.count - 1)
    }

    /// Draws the tree with its top left corner at `origin`: the lines first, then a box
    /// per page with its label and role.
    func draw(at origin: (x: Int, y: Int), on canvas: inout SVGCanvas) {
        for (index, entry) in tree.entries.enumerated() {
            guard let parent = entry.parent else { continue }
            let top = boxes[parent], bottom = boxes[index]
            canvas.line(from: (origin.x + top.centerX, origin.y + top.y + Self.boxHeight),
                        to: (origin.x + bottom.centerX, origin.y + bottom.y),
                        color: "#888888", dashed: entry.isPresented)
        }
        for (index, entry) in tree.entries.enumerated() {
            let box = boxes[index]
            if entry.isVisible {
                canvas.box(x: origin.x + box.x, y: origin.y + box.y, width: box.width, height: Self.boxHeight,
                           className: "page visible", fill: "#e3f2e1", stroke: "#2e7d32", strokeWidth: 2)
            } else {
                canvas.box(x: origin.x + box.x, y: origin.y + box.y, width: box.width, height: Self.boxHeight,
                           className: "page", fill: "#ffffff", stroke: "#555555", strokeWidth: 1)
            }
            canvas.text(entry.label, x: origin.x + box.centerX, y: origin.y + box.y + 17, bold: true, anchor: .middle)
            canvas.text(entry.role, x: origin.x + box.centerX, y: origin.y + box.y + 32,
                        size: 10, anchor: .middle, color: SVGCanvas.faint)
        }
    }

    /// The line under a picture that says how to read it.
    static let legend = "solid line: holds · dashed line: presents · green: on screen"
}
