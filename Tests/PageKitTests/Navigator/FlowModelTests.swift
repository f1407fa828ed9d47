import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Flows (`open(_:expecting:_:)`) against a small reference: a flow pushed on a stack or
/// presented, perhaps grown by a page it opens, and ended by one of the ways the docs
/// list. A reply from one of its pages returns that reply once the flow is closed as a
/// unit; the person's back or swipe-down, the app's open that leaves it, or a cancelled
/// task returns `nil`; a response from a page outside it bubbles and the flow goes on.
@MainActor
@Suite("Flows end as the docs say, over random flows and endings", .timeLimit(.minutes(10)))
struct FlowModelTests {
    enum Ending: CaseIterable {
        case reply, outsiderThenReply, personLeaves, appLeaves, cancel
    }

    @Test("300 seeded flows: the reply, and the hierarchy left, agree with the reference")
    func randomFlows() async throws {
        var endings: [String: Int] = [:]
        for seed in 0..<UInt64(300) {
            var random = SeededRandomNumberGenerator(seed: 30_000 + seed)
            let fixture = Fixture()
            let presented = random.chance(0.5)
            let depth = Int.random(in: 1...2, using: &random)
            let grows = random.chance(0.4)
            let ending = random.pick(Ending.allCases)
            let payload = Int.random(in: 1...1_000, using: &random)
            let names = ["attach", "detail", "compose"].prefix(depth)
            let path = presented
                ? "app://tab/contact" + (depth == 1 ? "!compose" : "!/" + names.joined(separator: "/"))
                : "app://tab/contact/list/person_detail(id=5)/home_page(id=5)/" + names.joined(separator: "/")
            let context = "seed \(seed): \(path)\(grows ? ", grown" : ""), \(ending)"
            let stackBefore = fixture.contact.pages.map(\.pageDescription)
            let ended = Flag()
            let task = Task { @MainActor in
                defer { ended.isSet = true }
                return try await fixture.navigator.open(path, expecting: Int.self)
            }
            #expect(await yieldUntil { fixture.navigator.queue.isIdle && flowPages(fixture, presented: presented).count == depth },
                    "\(context): the flow did not open")
            if grows {
                // A page the flow opens later is part of it.
                try await fixture.navigator.open(presented && depth == 1 ? ".!sheet" : "sheet", .animated(false))
            }
            let flow = flowPages(fixture, presented: presented)
            var expected: Int?
            switch ending {
            case .reply, .outsiderThenReply:
                if ending == .outsiderThenReply {
                    // A page outside the flow answers too: its response bubbles, the flow goes on.
                    let delivery = fixture.navigator.send(PageResponse(.ok, payload: -1), from: fixture.detail)
                    if case .awaited = delivery { Issue.record("\(context): a page outside the flow ended it") }
                    #expect(flowPages(fixture, presented: presented).count == flow.count, "\(context)")
                }
                let sender = random.pick(flow)
                let delivery = fixture.navigator.send(PageResponse(.ok, payload: payload), from: sender)
                if case .awaited = delivery {} else { Issue.record("\(context): \(delivery)") }
                expected = payload
            case .personLeaves:
                if presented {
                    // Down to the flow's first page: a page the flow presented later goes first.
                    while !flowPages(fixture, presented: true).isEmpty {
                        _ = try fixture.host.userSwipesDownModal()
                    }
                } else {
                    // Back past the flow's first page, one tap at a time.
                    for _ in flow { _ = try fixture.contact.userTapsBack() }
                }
            case .appLeaves:
                try await fixture.navigator.open("app://tab/contact/list", .animated(false))
            case .cancel:
                task.cancel()
            }
            // A flow that never ended would hold the test: it is cancelled then, and fails.
            if !(await yieldUntil { ended.isSet }) {
                Issue.record("\(context): the flow did not end")
                task.cancel()
            }
            let reply = try await task.value
            #expect(reply?.payload == expected, "\(context): replied \(String(describing: reply?.payload))")
            #expect(await yieldUntil { fixture.navigator.queue.isIdle })
            // Whatever ended it, the flow is gone, and only what the ending itself moved moved.
            #expect(flowPages(fixture, presented: presented).isEmpty, "\(context): the flow is still shown")
            let stackAfter = fixture.contact.pages.map(\.pageDescription)
            #expect(stackAfter == (ending == .appLeaves ? ["list"] : stackBefore), "\(context): \(stackAfter)")
            endings["\(ending)", default: 0] += 1
        }
        #expect(endings.count == Ending.allCases.count && endings.values.allSatisfy { $0 > 30 }, "\(endings)")
    }

    /// The flow's pages on screen: what the sheet over the tabs holds, or the contact
    /// stack's pages above `home_page`.
    private func flowPages(_ fixture: Fixture, presented: Bool) -> [any Page] {
        if presented {
            guard let sheet = fixture.host.presentedPage(of: fixture.tabs) else { return [] }
            var pages = (sheet as? PageStackModel)?.pages ?? [sheet]
            if let over = fixture.host.presentedPage(of: pages.last!) { pages.append(over) }
            return pages
        }
        return Array(fixture.contact.pages.drop { $0.pageName != "home_page" }.dropFirst())
    }
}
