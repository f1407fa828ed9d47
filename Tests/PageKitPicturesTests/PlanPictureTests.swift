import PageKit
import PageKitPictures
import PageKitContainers
import PageKitTestSupport
import Testing

@MainActor
@Suite("A plan pictured with the trees before and after it", .timeLimit(.minutes(10)))
struct PlanPictureTests {
    /// The fixture before and after `app://tab/contact/person_detail?id=5`, which pops
    /// home_page(id=5).
    static func popPicture() async throws -> PlanPicture {
        let fixture = Fixture()
        let before = try #require(fixture.navigator.snapshot())
        let plan = try fixture.navigator.plan(for: "app://tab/contact/person_detail?id=5")
        try await fixture.navigator.open("app://tab/contact/person_detail?id=5")
        return PlanPicture(before: before, plan: plan, after: try #require(fixture.navigator.snapshot()))
    }

    @Test("takes the plan's header as its title and each step's description as a line")
    func fromPlan() async throws {
        let picture = try await Self.popPicture()
        #expect(picture.title == "plan for app://tab/contact/person_detail?id=5 (reuse)")
        #expect(picture.steps == ["pop contact to person_detail(id=5)"])
        #expect(picture.numberedSteps == ["1. pop contact to person_detail(id=5)"])
    }

    @Test("draws as Mermaid: before, the steps under the plan's title, after, left to right")
    func mermaid() async throws {
        let picture = try await Self.popPicture()
        #expect(picture.mermaid == """
            flowchart LR
                subgraph before["before"]
                    direction TB
                    b0["tab<br/>tabs"]
                    b1["contact<br/>stack"]
                    b2["list<br/>parent"]
                    b3["person_detail(id=5)<br/>parent"]
                    b4["handler<br/>event handler"]
                    b5["card<br/>parent"]
                    b6["home_page(id=5)<br/>parent"]
                    b7["stack<br/>transparent stack"]
                    b8["feed<br/>parent"]
                    b9["post(id=1)<br/>parent"]
                    b10["settings<br/>parent"]
                    b0 --> b1
                    b1 --> b2
                    b1 --> b3
                    b3 --> b4
                    b3 --> b5
                    b1 --> b6
                    b0 --> b7
                    b7 --> b8
                    b7 --> b9
                    b0 --> b10
                end
                subgraph steps["plan for app://tab/contact/person_detail?id=5 (reuse)"]
                    direction TB
                    s1["1. pop contact to person_detail(id=5)"]
                end
                subgraph after["after"]
                    direction TB
                    a0["tab<br/>tabs"]
                    a1["contact<br/>stack"]
                    a2["list<br/>parent"]
                    a3["person_detail(id=5)<br/>parent"]
                    a4["handler<br/>event handler"]
                    a5["card<br/>parent"]
                    a6["stack<br/>transparent stack"]
                    a7["feed<br/>parent"]
                    a8["post(id=1)<br/>parent"]
                    a9["settings<br/>parent"]
                    a0 --> a1
                    a1 --> a2
                    a1 --> a3
                    a3 --> a4
                    a3 --> a5
                    a0 --> a6
                    a6 --> a7
                    a6 --> a8
                    a0 --> a9
                end
                before --> steps --> after
                classDef visible fill:#e3f2e1,stroke:#2e7d32,stroke-width:2px,color:#1b1b1b
                class b0,b1,b6,a0,a1,a3 visible

            """)
    }

    @Test("draws as DOT: the plan as the graph's label, a cluster per tree, the steps in a note")
    func dot() async throws {
        let picture = try await Self.popPicture()
        let lines = picture.dot.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(6)) == [
            "digraph plan {",
            "    label=\"plan for app://tab/contact/person_detail?id=5 (reuse)\";",
            "    labelloc=t;",
            "    node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", fontname=\"Helvetica\"];",
            "    subgraph cluster_before {",
            "        label=\"before\";",
        ])
        #expect(lines.contains("        b6 [label=\"home_page(id=5)\\nparent\", fillcolor=\"#e3f2e1\", color=\"#2e7d32\", penwidth=2];"))
        #expect(lines.contains("    subgraph cluster_after {"))
        #expect(lines.contains("        a3 [label=\"person_detail(id=5)\\nparent\", fillcolor=\"#e3f2e1\", color=\"#2e7d32\", penwidth=2];"))
        #expect(lines.contains("        a6 -> a8;"))
        #expect(Array(lines.suffix(2)) == [
            "    steps [shape=note, style=filled, fillcolor=\"#fff8e1\", label=\"1. pop contact to person_detail(id=5)\\l\"];",
            "}",
        ])
        // Each tree's statements are its own picture's, renamed.
        let before = picture.before.dot.split(separator: "\n").dropFirst(2).dropLast()
        let inCluster = lines.drop { $0 != "        label=\"before\";" }.dropFirst().prefix(before.count)
        let renamed = before.map { String($0).replacing("    n", with: "    b", maxReplacements: 1).replacing(" -> n", with: " -> b") }
        #expect(inCluster.map { String($0.dropFirst(4)) } == renamed)
    }

    @Test("a plan with no steps says nothing to do")
    func nothingToDo() throws {
        let fixture = Fixture()
        let snapshot = try #require(fixture.navigator.snapshot())
        let plan = try fixture.navigator.plan(for: fixture.navigator.currentPath, .mode(.exact))
        #expect(plan.steps.isEmpty)
        let picture = PlanPicture(before: snapshot, plan: plan, after: snapshot)
        #expect(picture.title == "plan for \(fixture.navigator.currentPath) (exact)")
        #expect(picture.numberedSteps == ["nothing to do"])
        #expect(picture.mermaid.contains("        s1[\"nothing to do\"]\n    end\n"))
        #expect(picture.dot.contains("label=\"nothing to do\\l\"];"))
        #expect(try SVGDocument(parsing: picture.svg).texts.contains("nothing to do"))
    }

    @Test("the steps are numbered from 1 and chained in order")
    func numbered() throws {
        let snapshot = try #require(Fixture().navigator.snapshot())
        let picture = PlanPicture(before: snapshot, title: "three", steps: ["a", "b", "c"], after: snapshot)
        #expect(picture.numberedSteps == ["1. a", "2. b", "3. c"])
        #expect(picture.mermaid.contains("""
                    s1["1. a"]
                    s2["2. b"]
                    s3["3. c"]
                    s1 --> s2
                    s2 --> s3
                end
            """))
        #expect(picture.dot.contains("label=\"1. a\\l2. b\\l3. c\\l\"];"))
    }

    @Test("the same plan on two fresh apps draws the same text")
    func deterministic() async throws {
        let first = try await Self.popPicture()
        let second = try await Self.popPicture()
        #expect(first == second)
        #expect(first.mermaid == second.mermaid)
        #expect(first.dot == second.dot)
        #expect(first.svg == second.svg)
    }
}
