import PageKit
import PageKitRoutes
import PageKitContainers
import PageKitTestSupport
import Testing

/// Each option is said one way, on the defaults or after another option, and reads back;
/// what a page is, the resolver learns from its kind; a route that cannot be written
/// fails a push with a typed error.
@MainActor
@Suite("Options, page kinds and unwritable routes", .timeLimit(.minutes(10)))
struct NavigationOptionsTests {
    @Test("each option reads back as said, first or after another, and leaves the others at their defaults")
    func optionsReadBack() {
        let first = NavigationOptions.keepingLeftPages()
        #expect(first.keepsLeftPages)
        #expect(!first.refreshesTarget)
        #expect(first.mode == .reuse && first.animated == nil && first.source == .app)
        let chained = NavigationOptions.mode(.exact).refreshing().keepingLeftPages().animated(false)
            .presentation(.fullScreen).transition(.crossDissolve).hidingBottomBar().source(.external)
        #expect(chained.mode == .exact)
        #expect(chained.refreshesTarget)
        #expect(chained.keepsLeftPages)
        #expect(chained.animated == false)
        #expect(chained.presentation == .fullScreen)
        #expect(chained.transition == .crossDissolve)
        #expect(chained.hidesBottomBar == true)
        #expect(chained.source == .external)
        #expect(NavigationOptions.refreshing().refreshesTarget)
        #expect(!NavigationOptions.default.refreshesTarget && !NavigationOptions.default.keepsLeftPages)
    }

    @Test("a page's kind says what it holds")
    func pageKinds() {
        let fixture = Fixture()
        final class Plain: Page {
            var pageName: String { "plain" }
            func canRespond(to component: PageComponent, query: PageParameters) -> Bool { component.name == pageName }
        }
        #expect(kind(of: Plain()) == "page")
        #expect(kind(of: fixture.contact) == "stack")
        #expect(kind(of: fixture.tabs) == "tabs")
        final class Owner {}
        let owner = Owner()
        #expect(kind(of: EventHandler("handler", owner: owner) { _, _ in }) == "handler")
        final class Holder: ParentPage {
            var pageName: String { "holder" }
            var containedPages: [any Page] { [] }
        }
        #expect(kind(of: Holder()) == "parent")
    }

    private func kind(of page: any Page) -> String {
        switch page.pageKind {
        case .page: "page"
        case .parent: "parent"
        case .stack: "stack"
        case .tabs: "tabs"
        case .handler: "handler"
        }
    }

    @Test("pushing a route that cannot be written fails with invalidRoute, and nothing moves")
    func unwritableRoute() async {
        struct Address: Codable, Equatable { var street: String }
        struct Unwritable: PageRoute, Equatable {
            static let pageName = "unwritable"
            var address: Address
        }
        let fixture = Fixture()
        let before = fixture.navigator.currentPath
        await #expect { try await fixture.navigator.push(Unwritable(address: Address(street: "x"))).outcome() } throws: {
            ($0 as? NavigationError)?.code == .invalidRoute
        }
        #expect(fixture.navigator.currentPath == before)
    }
}
