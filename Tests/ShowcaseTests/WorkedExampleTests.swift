import PageKit
import PageKitContainers
import ShowcaseApp
import Testing

/// What the worked-example table says of a row: the plan, and the live hierarchy after.
struct WorkedExampleExpectation: Sendable {
    let steps: [String]
    let contactStack: String
    let selectedTab: String
    let presented: String?
    let event: String?
}

@MainActor
@Suite("The worked example, row by row", .timeLimit(.minutes(10)))
struct WorkedExampleTests {
    nonisolated static let expectations: [WorkedExampleExpectation] = [
        WorkedExampleExpectation(steps: ["push person_detail onto contact"],
                                 contactStack: "[list, person_detail(id=5)]", selectedTab: "contact",
                                 presented: nil, event: nil),
        WorkedExampleExpectation(steps: ["push home_page onto contact"],
                                 contactStack: "[list, person_detail(id=5), home_page(id=5)]", selectedTab: "contact",
                                 presented: nil, event: nil),
        WorkedExampleExpectation(steps: ["pop contact to person_detail(id=5)"],
                                 contactStack: "[list, person_detail(id=5)]", selectedTab: "contact",
                                 presented: nil, event: nil),
        WorkedExampleExpectation(steps: ["push person_detail onto contact"],
                                 contactStack: "[list, person_detail(id=5), home_page(id=5), person_detail(id=6)]",
                                 selectedTab: "contact", presented: nil, event: nil),
        WorkedExampleExpectation(steps: ["deliver to handler of person_detail(id=5) with ?id=5&event=unfriended"],
                                 contactStack: "[list, person_detail(id=5), home_page(id=5)]", selectedTab: "contact",
                                 presented: nil, event: "unfriended"),
        WorkedExampleExpectation(steps: ["select settings in tab"],
                                 contactStack: "[list, person_detail(id=5)]", selectedTab: "settings",
                                 presented: nil, event: nil),
        WorkedExampleExpectation(steps: ["present compose from contact"],
                                 contactStack: "[list]", selectedTab: "contact", presented: "compose", event: nil),
        WorkedExampleExpectation(steps: ["dismiss compose (presented by tab)", "select settings in tab"],
                                 contactStack: "[list]", selectedTab: "settings", presented: nil, event: nil),
    ]

    @Test("each row plans and ends as the table says", arguments: zip(WorkedExampleRow.table, expectations))
    func row(_ row: WorkedExampleRow, _ expected: WorkedExampleExpectation) async throws {
        let app = DemoApp()
        try await app.navigator.open(row.before, .mode(.exact).animated(false))
        let stackBefore = app.contactStack
        let plan = try app.navigator.plan(for: row.url)
        #expect(plan.steps.map(\.description) == expected.steps)
        try await app.navigator.open(row.url)
        #expect(app.contactStack == expected.contactStack)
        #expect(app.selectedTab == expected.selectedTab)
        #expect(app.presented == expected.presented)
        if let event = expected.event {
            #expect(app.contactStack == stackBefore, "an event changes nothing on screen")
            let detail = try #require(app.contact.pages.compactMap { $0 as? PersonDetailPage }.first)
            #expect(detail.receivedEvents == [event])
        }
        // The current URL re-opens as a no-op.
        #expect(try app.navigator.plan(for: app.navigator.currentPath, .mode(.exact)).steps.isEmpty)
    }

    @Test("the table has one expectation per row")
    func tableSize() {
        #expect(WorkedExampleRow.table.count == Self.expectations.count)
        #expect(WorkedExampleRow.table.count == 8)
    }
}
