import Foundation
@testable import PageKit
import PageKitRestoration
@testable import PageKitLinks
import PageKitTestSupport
import Testing

/// Handoff asks an activity's `userInfo` to be 3 KB or less ("Adopting Handoff", Apple's
/// Handoff Programming Guide): the state an activity carries is trimmed to fit.
@MainActor
@Suite("An activity's state within Handoff's budget", .timeLimit(.minutes(10)))
struct PageActivityBudgetTests {
    static let url = URL(string: "https://example.com/people/5")!

    static func state(historyCount: Int, pageStateSizes: [Int]) throws -> NavigationState {
        let path = try PagePath(parsing: "/tab#contact/list/person_detail(id=5)")
        var history: [PagePath] = []
        for index in 0..<historyCount {
            history.append(try PagePath(parsing: "/tab#contact/list/person_detail(id=\(index))"))
        }
        history.append(path)
        let names = ["tab", "contact", "list", "person_detail"]
        let pageStates = pageStateSizes.enumerated().map { index, size in
            PageSavedState(index: index % names.count, name: names[index % names.count],
                           json: "\"" + String(repeating: "x", count: size) + "\"")
        }
        return NavigationState(path: path, history: history, pageStates: pageStates)
    }

    @Test("a state within the budget is carried whole, encoded as a restoration activity holds it")
    func smallStateWhole() throws {
        let state = try Self.state(historyCount: 3, pageStateSizes: [20, 30])
        let activity = try PageActivity(type: "t", title: nil, webpageURL: Self.url, state: state)
        #expect(activity.state == state)
        #expect(!activity.isStateTrimmed)
        #expect(try JSONDecoder().decode(NavigationState.self, from: activity.encodedState) == state)
        #expect(activity.encodedState.count <= PageActivity.stateBudget)
    }

    @Test("the history goes first, then page states from the root down; the page on screen keeps its own")
    func trimmingOrder() throws {
        let state = try Self.state(historyCount: 60, pageStateSizes: [900, 900, 900, 900])
        let activity = try PageActivity(type: "t", title: nil, webpageURL: Self.url, state: state)
        #expect(activity.isStateTrimmed)
        #expect(activity.state.path == state.path)
        #expect(activity.state.history == [state.path])
        #expect(activity.state.pageStates == Array(state.pageStates.suffix(3)))
        #expect(activity.encodedState.count <= PageActivity.stateBudget)
        #expect(try JSONDecoder().decode(NavigationState.self, from: activity.encodedState) == activity.state)
    }

    @Test("a state nothing but the path could fit keeps the path: the link still rebuilds the screen")
    func pathAlwaysKept() throws {
        let state = try Self.state(historyCount: 2, pageStateSizes: [5_000])
        let activity = try PageActivity(type: "t", title: nil, webpageURL: Self.url, state: state)
        #expect(activity.isStateTrimmed)
        #expect(activity.state == NavigationState(path: state.path, history: [state.path]))
    }

    /// The reference: of the trimmings in order (nothing; the history; then one more page
    /// state from the root each time), the first whose JSON fits, or the last.
    static func reference(_ state: NavigationState, budget: Int) throws -> NavigationState {
        var candidates = [state]
        var trimmed = state
        trimmed.history = Array(state.history.suffix(1))
        if trimmed != state { candidates.append(trimmed) }
        while !trimmed.pageStates.isEmpty {
            trimmed.pageStates.removeFirst()
            candidates.append(trimmed)
        }
        for candidate in candidates where try JSONEncoder().encode(candidate).count <= budget {
            return candidate
        }
        return candidates[candidates.count - 1]
    }

    @Test("random states and budgets trim exactly as much as the reference", arguments: [UInt64(1), 2, 3])
    func randomAgainstReference(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        for _ in 0..<200 {
            let sizes = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0...1_500, using: &random) }
            let state = try Self.state(historyCount: Int.random(in: 0...40, using: &random), pageStateSizes: sizes)
            let budget = Int.random(in: 50...4_000, using: &random)
            let fitted = try PageActivity.fitting(state, within: budget)
            let expected = try Self.reference(state, budget: budget)
            #expect(fitted.state == expected, "seed \(seed), budget \(budget)")
            #expect(fitted.trimmed == (expected != state))
            #expect(try JSONDecoder().decode(NavigationState.self, from: fitted.json) == expected)
            #expect(fitted.json.count <= budget || expected.history.count <= 1 && expected.pageStates.isEmpty)
        }
    }
}
