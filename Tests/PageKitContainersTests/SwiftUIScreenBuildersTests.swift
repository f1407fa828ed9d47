import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// The lookup behind `ScreenViews`, with strings standing in for views.
@MainActor
@Suite("SwiftUI screen builders", .timeLimit(.minutes(10)))
struct SwiftUIScreenBuildersTests {
    @Test("a screen page's view is built by its name, from its parameters and intent")
    func screens() throws {
        var titles = ScreenBuilders<String>()
        titles.register("person_detail") { page in "Person \(page.parameter("id") ?? "?")" }
        #expect(try titles.content(for: ScreenPage("person_detail", parameters: ["id": "5"])) == "Person 5")
        titles.register("person_detail") { _ in "replaced" }
        #expect(try titles.content(for: ScreenPage("person_detail")) == "replaced")
        #expect(titles.names == ["person_detail"])
        #expect(titles.contains("person_detail") && !titles.contains("list"))
    }

    @Test("a page of the app's own class gets its view by name and class")
    func ownClass() throws {
        var titles = ScreenBuilders<String>()
        titles.register("detail", for: TestPage.self) { page in "Test page \(page.pageParameters)" }
        #expect(try titles.content(for: TestPage("detail", ["id": "1"])) == "Test page id=1")
        #expect { try titles.content(for: ScreenPage("detail")) } throws: { error in
            let error = error as? NavigationError
            return error?.code == .cannotShow && error?.component == "detail"
        }
    }

    @Test("a page with no view is a typed error naming it, never a crash; missing names are found up front")
    func missing() throws {
        var titles = ScreenBuilders<String>()
        titles.register("list") { _ in "List" }
        #expect { try titles.content(for: ScreenPage("compose")) } throws: { error in
            let error = error as? NavigationError
            return error?.code == .notRegistered && error?.component == "compose"
        }
        var registry = PageRegistry()
        try registry.registerScreen("list")
        try registry.registerScreen("compose")
        try registry.registerAction("log_out", action: { _ in })
        #expect(titles.missingNames(in: registry) == ["compose"], "actions show no page")
    }
}
