import PageKit
import PageKitPictures
import PageKitContainers
import PageKitTestSupport
import Testing

@MainActor
@Suite("The live tree as Mermaid and DOT text", .timeLimit(.minutes(10)))
struct HierarchyPictureTests {
    @Test("the fixture's tree draws as a Mermaid flowchart: a node a page, held pages as solid edges")
    func fixtureMermaid() throws {
        let snapshot = try #require(Fixture().navigator.snapshot())
        #expect(snapshot.mermaid == """
            flowchart TD
                n0["tab<br/>tabs"]
                n1["contact<br/>stack"]
                n2["list<br/>parent"]
                n3["person_detail(id=5)<br/>parent"]
                n4["handler<br/>event handler"]
                n5["card<br/>parent"]
                n6["home_page(id=5)<br/>parent"]
                n7["stack<br/>transparent stack"]
                n8["feed<br/>parent"]
                n9["post(id=1)<br/>parent"]
                n10["settings<br/>parent"]
                n0 --> n1
                n1 --> n2
                n1 --> n3
                n3 --> n4
                n3 --> n5
                n1 --> n6
                n0 --> n7
                n7 --> n8
                n7 --> n9
                n0 --> n10
                classDef visible fill:#e3f2e1,stroke:#2e7d32,stroke-width:2px,color:#1b1b1b
                class n0,n1,n6 visible

            """)
    }

    @Test("the fixture's tree draws as a Graphviz digraph with the same nodes and edges")
    func fixtureDOT() throws {
        let snapshot = try #require(Fixture().navigator.snapshot())
        #expect(snapshot.dot == """
            digraph hierarchy {
                node [shape=box, style="rounded,filled", fillcolor="white", fontname="Helvetica"];
                n0 [label="tab\\ntabs", fillcolor="#e3f2e1", color="#2e7d32", penwidth=2];
                n1 [label="contact\\nstack", fillcolor="#e3f2e1", color="#2e7d32", penwidth=2];
                n2 [label="list\\nparent"];
                n3 [label="person_detail(id=5)\\nparent"];
                n4 [label="handler\\nevent handler"];
                n5 [label="card\\nparent"];
                n6 [label="home_page(id=5)\\nparent", fillcolor="#e3f2e1", color="#2e7d32", penwidth=2];
                n7 [label="stack\\ntransparent stack"];
                n8 [label="feed\\nparent"];
                n9 [label="post(id=1)\\nparent"];
                n10 [label="settings\\nparent"];
                n0 -> n1;
                n1 -> n2;
                n1 -> n3;
                n3 -> n4;
                n3 -> n5;
                n1 -> n6;
                n0 -> n7;
                n7 -> n8;
                n7 -> n9;
                n0 -> n10;
            }

            """)
    }

    @Test("a presented page hangs from its presenter by a dashed edge labelled presents, after the held pages")
    func presented() throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose", ["to": "ann"]), from: fixture.tabs)
        let snapshot = try #require(fixture.navigator.snapshot())
        let mermaid = snapshot.mermaid.split(separator: "\n")
        #expect(mermaid.contains("    n11[\"compose(to=ann)<br/>parent\"]"))
        #expect(mermaid.contains("    n0 -. presents .-> n11"))
        #expect(mermaid.last == "    class n0,n1,n6,n11 visible")
        let dot = snapshot.dot.split(separator: "\n")
        #expect(dot.contains(
            "    n11 [label=\"compose(to=ann)\\nparent\", fillcolor=\"#e3f2e1\", color=\"#2e7d32\", penwidth=2];"))
        #expect(dot.contains("    n0 -> n11 [style=dashed, label=\"presents\"];"))
    }

    @Test("the same tree draws the same text, from one snapshot or from two fresh apps")
    func deterministic() throws {
        let first = try #require(Fixture().navigator.snapshot())
        let second = try #require(Fixture().navigator.snapshot())
        #expect(first.mermaid == first.mermaid)
        #expect(first.mermaid == second.mermaid)
        #expect(first.dot == second.dot)
        #expect(first.svg == second.svg)
    }

    @Test("a snapshot prints as the navigator's hierarchyDescription: tabs, a handler, a transparent stack, a modal on a modal")
    func printsAsTheNavigator() throws {
        let fixture = Fixture(tabsInStack: true)
        let compose = TestPage("compose", ["to": "ann"])
        fixture.present(compose, from: fixture.tabs)
        fixture.present(TestPage("attach"), from: compose)
        let snapshot = try #require(fixture.navigator.snapshot())
        #expect(snapshot.description == fixture.navigator.hierarchyDescription)
        #expect(snapshot.description == """
            tab [tabs] *
            - contact [stack] *
              - list
              - person_detail(id=5)
                - handler [event handler]
                - card
              - home_page(id=5) *
            - stack [stack]
              - feed
              - friend [tabs]
                - a
                - b
              - post(id=1)
            - settings
            ! compose(to=ann) *
              ! attach *
            """)
    }
}
