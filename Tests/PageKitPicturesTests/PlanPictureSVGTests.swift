@testable import PageKit
@testable import PageKitPictures
import PageKitContainers
import PageKitTestSupport
import Testing

@Suite("A plan's SVG picture, read back as XML", .timeLimit(.minutes(10)))
struct PlanPictureSVGTests {
    /// Every page's label, in preorder.
    static func labels(_ node: HierarchySnapshot.Node) -> [String] {
        [node.label] + (node.children + node.presented).flatMap(labels)
    }

    static func visibleCount(_ node: HierarchySnapshot.Node) -> Int {
        (node.isVisible ? 1 : 0) + (node.children + node.presented).map(visibleCount).reduce(0, +)
    }

    /// Checks what every picture promises: a sized `<svg>` root, no two page boxes
    /// overlapping, every box inside the picture.
    static func checkFrame(_ svg: SVGDocument, boxes: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(svg.rootName == "svg", sourceLocation: sourceLocation)
        #expect(svg.rootAttributes["xmlns"] == "http://www.w3.org/2000/svg", sourceLocation: sourceLocation)
        guard let width = svg.rootAttributes["width"].flatMap({ Int($0) }),
              let height = svg.rootAttributes["height"].flatMap({ Int($0) }) else {
            Issue.record("no whole-number width and height: \(svg.rootAttributes)", sourceLocation: sourceLocation)
            return
        }
        #expect(svg.rootAttributes["viewBox"] == "0 0 \(width) \(height)", sourceLocation: sourceLocation)
        #expect(svg.pageBoxes.count == boxes, sourceLocation: sourceLocation)
        for (index, box) in svg.pageBoxes.enumerated() {
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
                    "\(box) outside \(width)×\(height)", sourceLocation: sourceLocation)
            for other in svg.pageBoxes[..<index] where box.overlaps(other) {
                Issue.record("\(box) overlaps \(other)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Expects a `<text>` for each of `expected`, one each: a label that two pages share
    /// is drawn twice.
    static func expectTexts(of svg: SVGDocument, toInclude expected: [String],
                            sourceLocation: SourceLocation = #_sourceLocation) {
        var texts = svg.texts
        for text in expected {
            guard let index = texts.firstIndex(of: text) else {
                Issue.record("no <text> says \(text)", sourceLocation: sourceLocation)
                continue
            }
            texts.remove(at: index)
        }
    }

    @MainActor
    @Test("parses as XML: a sized svg root, a box and a text per page of both trees, a text per step")
    func planPicture() async throws {
        let picture = try await PlanPictureTests.popPicture()
        let svg = try SVGDocument(parsing: picture.svg)
        let pages = Self.labels(picture.before.root) + Self.labels(picture.after.root)
        Self.checkFrame(svg, boxes: pages.count)
        #expect(svg.visibleBoxes.count == Self.visibleCount(picture.before.root) + Self.visibleCount(picture.after.root))
        #expect(svg.title == picture.title)
        Self.expectTexts(of: svg, toInclude: pages + picture.numberedSteps + [picture.title, "before", "after"])
        #expect(svg.texts.filter { $0.hasPrefix("1. ") } == ["1. pop contact to person_detail(id=5)"])
    }

    @MainActor
    @Test("the trees sit side by side: every box of the tree after lies right of every box before")
    func sideBySide() async throws {
        let picture = try await PlanPictureTests.popPicture()
        let svg = try SVGDocument(parsing: picture.svg)
        let beforeCount = Self.labels(picture.before.root).count
        let before = svg.pageBoxes.prefix(beforeCount), after = svg.pageBoxes.dropFirst(beforeCount)
        let beforeRight = before.map { $0.x + $0.width }.max() ?? 0
        #expect(after.allSatisfy { $0.x > beforeRight })
    }

    @MainActor
    @Test("a snapshot's own SVG parses and draws each page once")
    func snapshotPicture() throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose"), from: fixture.tabs)
        let snapshot = try #require(fixture.navigator.snapshot())
        let svg = try SVGDocument(parsing: snapshot.svg)
        let pages = Self.labels(snapshot.root)
        Self.checkFrame(svg, boxes: pages.count)
        Self.expectTexts(of: svg, toInclude: pages)
        #expect(svg.visibleBoxes.count == Self.visibleCount(snapshot.root))
    }

    /// A random tree: up to four levels, up to four pages held and one presented by each,
    /// names of any width, wide characters included.
    static func randomTree(_ random: inout SeededRandomNumberGenerator, depth: Int = 0) -> HierarchySnapshot.Node {
        let name = String(repeating: random.pick(["a", "ww", "日", "é", "<&>"]), count: Int.random(in: 1...24, using: &random))
        let childCount = depth >= 3 ? 0 : Int.random(in: 0...4, using: &random)
        let children = (0..<childCount).map { _ in randomTree(&random, depth: depth + 1) }
        let presented = depth < 3 && random.chance(0.2) ? [randomTree(&random, depth: depth + 1)] : []
        return HierarchySnapshot.Node(name: name, parameters: [:], role: random.pick([.page, .stack, .tabs, .handler]),
                                      isVisible: random.chance(0.3), children: children, presented: presented)
    }

    @Test("random trees lay out without overlapping boxes, each child a level below its parent", arguments: 0..<25)
    func randomLayout(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let before = HierarchySnapshot(root: Self.randomTree(&random))
        let after = HierarchySnapshot(root: Self.randomTree(&random))
        let picture = PlanPicture(before: before, title: "seed \(seed)", steps: ["x"], after: after)
        let svg = try SVGDocument(parsing: picture.svg)
        Self.checkFrame(svg, boxes: Self.labels(before.root).count + Self.labels(after.root).count)

        let layout = TreeLayout(PictureTree(before))
        for (index, entry) in layout.tree.entries.enumerated() {
            guard let parent = entry.parent else { continue }
            #expect(layout.boxes[index].y == layout.boxes[parent].y + TreeLayout.boxHeight + TreeLayout.levelGap)
        }
        #expect(layout.boxes.allSatisfy { $0.x >= 0 && $0.x + $0.width <= layout.width })
    }

    @Test("a tree with nothing on screen draws no visible box and no class line")
    func nothingVisible() {
        let node = HierarchySnapshot.Node(name: "a", parameters: [:], role: .page, isVisible: false, children: [],
                                          presented: [])
        let snapshot = HierarchySnapshot(root: node)
        #expect(!snapshot.mermaid.contains("class n"))
        #expect(snapshot.mermaid.hasSuffix("classDef visible fill:#e3f2e1,stroke:#2e7d32,stroke-width:2px,color:#1b1b1b\n"))
        #expect(!snapshot.svg.contains("page visible"))
    }
}
