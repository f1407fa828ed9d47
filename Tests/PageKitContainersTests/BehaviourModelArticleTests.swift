import PageKit
import PageKitContainers
import PageKitTesting
import Testing

/// The example of the testing product's article on behaviour models, as an app's test
/// would write it: it must keep compiling and passing as written there.
@MainActor
@Suite("The behaviour models article's example", .timeLimit(.minutes(10)))
struct BehaviourModelArticleTests {
    @Test("a push on the UIKit model, then the person's swipe back, seen and recorded")
    func pushThenSwipeBack() throws {
        let model = UIKitModel()
        let queue = TransitionQueue(clock: model.clock)
        let contact = ModelNavigationController(model, name: "contact", root: [ModelScreen(model, "list")], queue: queue)
        model.root = contact
        let navigator = Navigator(root: contact, host: ModelPageHost(model: model, queue: queue), queue: queue)
        var registry = PageRegistry()
        registry.replace("person_detail") { intent in ModelScreen(model, "person_detail", intent.component.parameters) }
        navigator.registry = registry

        let request = navigator.request("/contact/list/person_detail(id=5)")
        model.settle()                                  // the push animates; UIKit calls back
        #expect(request.result.map { if case .success = $0 { true } else { false } } == true)

        let swipe = try #require(contact.personSwipesBack())
        swipe.finish()                                  // the person lifts the finger past half way
        model.settle()
        #expect(navigator.currentPath.description == "/contact/list")
        #expect(navigator.history.last?.description == "/contact/list")
        #expect(model.exceptions.isEmpty && model.warnings.isEmpty)
        #expect(model.maxTransitionsInFlight == 1)
    }
}
