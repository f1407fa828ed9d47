import Foundation
import PageKit
import PageKitRestoration
import PageKitContainers
import PageKitTestSupport
import Testing

/// A page's own small state saved with the path and handed back on restore, trimmed with
/// its page.
@MainActor
@Suite("Saved state per page", .timeLimit(.minutes(10)))
struct PageStateTests {
    final class DraftPage: Page, StateSaving {
        struct Draft: Codable, Equatable { var text: String; var cursor: Int }
        let pageName: String
        var pageParameters: PageParameters
        var draft: Draft?
        private(set) var restored: [Draft] = []

        init(_ name: String, _ parameters: PageParameters = [:]) {
            pageName = name
            pageParameters = parameters
        }

        var savedState: Draft? { draft }
        func restore(_ state: Draft) {
            restored.append(state)
            draft = state
        }
    }

    /// A fixture whose `compose` and `detail` pages save drafts.
    static func fixture() -> Fixture {
        let fixture = Fixture()
        for name in ["compose", "detail"] {
            fixture.navigator.registry.replace(name) { intent in DraftPage(name, Fixture.parameters(of: intent)) }
        }
        return fixture
    }

    @Test("the states of the pages on the path are saved in path order, survive JSON, and come back to the new pages")
    func roundTrip() async throws {
        let first = Self.fixture()
        try await first.navigator.open("app://tab/contact/detail(id=3)")
        try await first.navigator.open("app://tab/contact/detail(id=3)!compose")
        let detail = try #require(first.contact.containedPages.last as? DraftPage)
        let compose = try #require(first.host.presentedPage(of: first.tabs) as? DraftPage)
        detail.draft = .init(text: "notes", cursor: 2)
        compose.draft = .init(text: "Dear", cursor: 4)
        let saved = first.navigator.state
        #expect(saved.pageStates.map(\.name) == ["detail", "compose"])
        let state = try JSONDecoder().decode(NavigationState.self, from: try JSONEncoder().encode(saved))
        #expect(state == saved)

        let second = Self.fixture()
        let report = try await second.navigator.restore(state)
        #expect(report.isComplete)
        let restoredDetail = try #require(second.contact.containedPages.last as? DraftPage)
        let restoredCompose = try #require(second.host.presentedPage(of: second.tabs) as? DraftPage)
        #expect(restoredDetail.restored == [.init(text: "notes", cursor: 2)])
        #expect(restoredCompose.restored == [.init(text: "Dear", cursor: 4)])
    }

    @Test("a page with nothing to save saves nothing, and pages off the path are not saved")
    func onlyThePath() async throws {
        let fixture = Self.fixture()
        try await fixture.navigator.open("app://tab/contact/detail?id=3")
        let detail = try #require(fixture.contact.containedPages.last as? DraftPage)
        #expect(fixture.navigator.state.pageStates.isEmpty, "no draft yet")
        detail.draft = .init(text: "x", cursor: 0)
        try await fixture.navigator.open("app://tab/settings")
        #expect(fixture.navigator.state.pageStates.isEmpty, "detail is in a tab not shown")
    }

    @Test("a state goes with its page: trimmed components drop theirs, unreported")
    func trimmedWithItsPage() async throws {
        let fixture = Self.fixture()
        let state = NavigationState(
            path: try PagePath(parsing: "/tab#contact/list/gone/detail(id=3)"), history: [],
            pageStates: [PageSavedState(index: 3, name: "detail", json: #"{"text":"lost","cursor":1}"#)])
        let report = try await fixture.navigator.restore(state)
        #expect(report.restored.description == "/tab#contact/list")
        #expect(report.unrestoredStates.isEmpty)
        #expect(report.trims.map(\.component.name) == ["gone"])
    }

    @Test("a state that no longer decodes, or whose page no longer saves one, is reported and the page keeps its own")
    func unrestorable() async throws {
        let fixture = Self.fixture()
        let state = NavigationState(
            path: try PagePath(parsing: "/tab#contact/list/detail(id=3)"), history: [],
            pageStates: [PageSavedState(index: 2, name: "list", json: #"{"text":"x","cursor":0}"#),
                         PageSavedState(index: 3, name: "detail", json: #"{"words":"old format"}"#)])
        let report = try await fixture.navigator.restore(state)
        #expect(!report.isComplete)
        #expect(report.restored.description == "/tab#contact/list/detail(id=3)")
        #expect(report.unrestoredStates.map(\.index) == [2, 3])
        #expect(report.unrestoredStates.allSatisfy { $0.error.code == .stateNotRestored })
        #expect(report.description.contains("states not restored"))
        let detail = try #require(fixture.contact.containedPages.last as? DraftPage)
        #expect(detail.restored.isEmpty)
    }

    @Test("a state saved before pages had states decodes with none")
    func olderSaves() throws {
        let json = #"{"path":"\/tab#settings","history":["\/tab#settings"]}"#
        let state = try JSONDecoder().decode(NavigationState.self, from: Data(json.utf8))
        #expect(state.pageStates.isEmpty)
        #expect(state.path.description == "/tab#settings")
    }
}
