import Foundation
import PageKit
import PageKitContainers
import PageKitTestSupport
import PageKitTesting
import Testing

/// The UIKit layer's decisions, driven through the behaviour model of UIKit
/// (`UIKitModel`): one test per defect a person would suffer on a device, each named after
/// its scenario, in the order of how much it hurts.
@MainActor
@Suite("UIKit as it behaves on a device", .timeLimit(.minutes(10)))
struct UIKitFidelityTests {
    // MARK: 1. Leaving without asking

    @Test("1. a `!/` sheet swiped down asks the edited form inside its stack, and stays when it refuses",
          arguments: [false, true])
    func swipeDownAsksTheStacksPages(pageSaysItChanged: Bool) async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact!/compose")
        let form = try #require(app.forms.first)
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        form.draft = "edited"
        if pageSaysItChanged {
            app.queue.leavePolicyChanged(of: form)
            #expect(sheet.isModalInPresentation, "the policy is mirrored where UIKit needs no delegate")
        }
        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == .refused)
        #expect(await yieldUntil { form.isAsking })
        form.answer(false)
        await app.run()
        #expect(form.timesAsked == 1)
        #expect(app.tabs.presentedViewController === sheet)
        #expect(app.takeChanges().isEmpty)

        _ = sheet.personSwipesDown()
        #expect(await yieldUntil { form.isAsking })
        form.answer(true)
        await app.run()
        #expect(form.timesAsked == 2)
        #expect(app.tabs.presentedViewController == nil)
        #expect(app.takeChanges() == ["dismissed [stack] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 2. Two-second freezes

    /// A call UIKit treats as a no-op, or makes without a word.
    enum Silent: String, CaseIterable, Sendable {
        case popToRootAtTheRoot = "pop to root at the root"
        case popToTheTop = "pop to the page on top"
        case setWithTheSameTop = "set the stack with the same top"
        case pushInAHiddenTab = "push in a tab that is not selected"
        case pushUnderAFullScreenCover = "push in a stack a full-screen presentation covers"
        case alongsideNotQueued = "animate alongside returns false and no completion follows"
    }

    @Test("2. what UIKit will not call back for ends at once, not at the time-out", arguments: Silent.allCases)
    func silentCallsEndAtOnce(_ silent: Silent) async throws {
        var behaviour = UIKitModel.Behaviour()
        if silent == .alongsideNotQueued {
            behaviour.alongsideQueued = false
            behaviour.completionAfterFalse = false
        }
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail?id=5")
        let detail = try #require(app.contact.viewControllers.last)
        let ticket: TransitionTicket
        switch silent {
        case .popToRootAtTheRoot:
            app.contact.popToRootViewController(animated: true)
            await app.run()
            ticket = app.contact.core.queued.popToRootItem(animated: true)
        case .popToTheTop:
            ticket = app.contact.core.queued.pop(toItem: detail, animated: true)
        case .setWithTheSameTop:
            ticket = app.contact.core.queued.set(items: [ModelScreen(app.model, "other"), detail], animated: true)
        case .pushInAHiddenTab:
            try await app.open("app://tab/settings")
            ticket = app.contact.core.queued.push(items: [ModelScreen(app.model, "hidden")], animated: true)
        case .pushUnderAFullScreenCover:
            let navigator = app.navigator
            try await app.settle(Task { try await navigator.open("!/compose", .presentation(.fullScreen)) })
            #expect(!app.contact.isInWindow && app.model.callbacks.contains("viewDidDisappear tab (covered)"))
            ticket = app.contact.core.queued.push(items: [ModelScreen(app.model, "covered")], animated: true)
        case .alongsideNotQueued:
            ticket = app.contact.core.queued.push(items: [ModelScreen(app.model, "next")], animated: true)
            // The animation runs; its `didShow` ends it, not the time-out.
            app.model.advance(by: app.model.duration)
        }
        app.model.turn()
        #expect(ticket.isResolved, "ended without waiting for a callback UIKit never sends")
        #expect(app.queue.isIdle)
        #expect(app.timeouts.isEmpty)
        #expect(app.model.exceptions.isEmpty)
    }

    @Test("2. the app's push under a full-screen cover is seen at once; the cover going ends nothing else",
          arguments: [false, true])
    func pushUnderACover(didShowOnReappear: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.didShowOnReappear = didShowOnReappear
        let app = UIKitModelApp(behaviour: behaviour)
        let navigator = app.navigator
        try await app.open("app://tab/contact/person_detail?id=5")
        try await app.settle(Task { try await navigator.open("!/compose", .presentation(.fullScreen)) })
        #expect(app.tabs.presentedViewController?.personSwipesDown() == nil, "a full-screen presentation has no swipe down")
        _ = app.takeChanges()

        // The app pushes on the covered stack itself, as a background update might.
        app.contact.pushViewController(ModelScreen(app.model, "covered"), animated: true)
        app.model.turn()
        #expect(app.queue.isIdle && app.timeouts.isEmpty)
        #expect(app.takeChanges() == ["pushed [covered] by the app"])
        #expect(app.path == "/tab#contact/list/person_detail(id=5)/covered!/compose")

        // Back, as the history has it: PageKit's pop on the covered stack ends at once too.
        try await app.settle(Task { try await navigator.back().outcome() })
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!/compose")
        #expect(app.queue.isIdle && app.timeouts.isEmpty)

        // The cover goes: the stack is back in the window, and a `didShow` UIKit may send
        // now is no one's.
        try await app.settle(Task { try await navigator.back().outcome() })
        #expect(app.model.callbacks.contains("viewDidAppear tab (uncovered)"))
        #expect(app.model.callbacks.filter { $0 == "didShow person_detail in contact" }.count == (didShowOnReappear ? 2 : 1))
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.takeChanges() == [])
        let next = try await app.settle(Task { try await navigator.open("/tab#contact/list/person_detail(id=5)/person_detail(id=6)") })
        #expect(next.to.description == "/tab#contact/list/person_detail(id=5)/person_detail(id=6)")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
        #expect(app.model.maxTransitionsInFlight == 1)
    }

    @Test("2. a sheet that a full-screen cover takes out of the window is not taken for dismissed")
    func sheetUnderACover() async throws {
        let app = UIKitModelApp()
        let navigator = app.navigator
        try await app.open("app://tab/contact!/compose")
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        try await app.settle(Task { try await navigator.open("/tab#contact/list!/compose/compose!photo", .presentation(.fullScreen)) })
        #expect(app.model.callbacks.contains("viewDidDisappear \(sheet.title) (covered)"))
        #expect(app.path == "/tab#contact/list!/compose/compose!photo")
        #expect(app.takeChanges().isEmpty, "the covered sheet's viewDidDisappear is no dismissal")

        try await app.settle(Task { try await navigator.back().outcome() })
        #expect(app.path == "/tab#contact/list!/compose")
        #expect(app.tabs.presentedViewController === sheet)
        #expect(app.takeChanges().isEmpty)
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("2. a late `didShow` of an earlier push does not end the push that runs now")
    func lateDidShowIsTiedToItsPage() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.deferredDidShow = true
        let app = UIKitModelApp(behaviour: behaviour)
        let first = app.contact.core.queued.push(items: [ModelScreen(app.model, "a")], animated: false)
        #expect(first.isResolved)
        let second = app.contact.core.queued.push(items: [ModelScreen(app.model, "b")], animated: true)
        app.model.turn()  // the first push's `didShow` comes now
        #expect(!second.isResolved, "ended by another page's didShow, mid-animation")
        app.model.advance(by: app.model.duration)
        #expect(second.isResolved)
        #expect(app.model.maxTransitionsInFlight == 1)
    }

    @Test("2. a view controller that is not a page, pushed by the app, leaves through the queue when the person taps back")
    func nonPageLeavesThroughTheQueue() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/list/person_detail(id=5)")
        _ = app.takeChanges()
        app.contact.pushViewController(ModelViewController(app.model, title: "web"), animated: true)
        await app.run()
        #expect(app.takeChanges() == ["pushed [] by the app"], "seen, though it holds no page")
        app.contact.personTapsBack()
        #expect(!app.queue.isIdle, "the pop waits its turn and holds the queue while it animates")
        await app.run()
        #expect(app.contact.viewControllers.map(\.title) == ["list", "person_detail"])
        #expect(app.takeChanges() == ["popped [] by the user"])
        // Two of them, and the person taps back twice before the first pop ends: each
        // tap is one pop, queued in turn.
        for title in ["w1", "w2"] {
            app.contact.pushViewController(ModelViewController(app.model, title: title), animated: true)
            await app.run()
        }
        _ = app.takeChanges()
        app.contact.personTapsBack()
        app.contact.personTapsBack()
        await app.run()
        #expect(app.contact.viewControllers.map(\.title) == ["list", "person_detail"])
        #expect(app.takeChanges() == ["popped [] by the user", "popped [] by the user"])
        #expect(app.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(app.model.exceptions.isEmpty && app.timeouts.isEmpty)
    }

    /// A tab bar controller of `tabs` screens (the first a stack) on the UIKit model, and a
    /// navigator whose registry makes `inbox` and `archive` screens.
    static func tabBar(tabs count: Int, kind: ModelTabBarController.Kind = .pageKit, acceptsNewTabs: Bool)
        -> (UIKitModel, ModelTabBarController, Navigator) {
        let model = UIKitModel()
        let queue = TransitionQueue(clock: model.clock)
        let contact = ModelNavigationController(model, name: "contact", root: [ModelScreen(model, "list")], queue: queue)
        let others = (1..<count).map { ModelScreen(model, "tab\($0)") as ModelViewController }
        let tabs = ModelTabBarController(model, name: "tab", tabs: [contact] + others, queue: queue, kind: kind,
                                         acceptsNewTabs: acceptsNewTabs)
        model.root = tabs
        var registry = PageRegistry()
        for name in ["inbox", "archive"] { registry.replace(name) { [model] _ in ModelScreen(model, name) } }
        let navigator = Navigator(root: tabs, host: ModelPageHost(model: model, queue: queue), registry: registry,
                                  queue: queue)
        return (model, tabs, navigator)
    }

    @Test("2. a PageTabBarController made to accept new tabs adds the tab a path names and selects it, at once")
    func addsATab() throws {
        let (model, tabs, navigator) = Self.tabBar(tabs: 2, acceptsNewTabs: true)
        _ = model.takeCallbacks()
        #expect(try navigator.plan(for: PagePath(parsing: "/tab#inbox")).steps.map(\.description) == ["add tab inbox to tab"])
        let request = navigator.request(try PagePath(parsing: "/tab#inbox"))
        #expect(request.isResolved && request.errorCode == nil, "a tab switch does not animate: \(String(describing: request.result))")
        #expect(tabs.viewControllers.map(\.title) == ["contact", "tab1", "inbox"])
        #expect(tabs.selectedViewController?.title == "inbox")
        #expect(model.takeCallbacks().contains("setViewControllers contact,tab1,inbox"))
        #expect(navigator.currentPath.description == "/tab#inbox")
        // Known now: the next path selects it.
        navigator.request(try PagePath(parsing: "/tab#contact"))
        #expect(try navigator.plan(for: PagePath(parsing: "/tab#inbox")).steps.map(\.description) == ["select inbox in tab"])
        // A page that is not a view controller cannot be a UIKit tab.
        navigator.registry.replace("archive") { _ in TestPage("archive") }
        let notAController = navigator.request(try PagePath(parsing: "/tab#archive"))
        #expect(notAController.errorCode == .cannotShow, "\(String(describing: notAController.result))")
        #expect(tabs.viewControllers.map(\.title) == ["contact", "tab1", "inbox"])
        #expect(model.exceptions.isEmpty && model.warnings.isEmpty)
    }

    @Test("2. no tab is added past the fifth, nor by a controller that does not accept new tabs: a typed error, and nothing changes",
          arguments: [(5, ModelTabBarController.Kind.pageKit, true), (2, .pageKit, false), (2, .plain, true)])
    func refusesATab(count: Int, kind: ModelTabBarController.Kind, accepts: Bool) throws {
        let (model, tabs, navigator) = Self.tabBar(tabs: count, kind: kind, acceptsNewTabs: accepts)
        let before = tabs.viewControllers.map(\.title)
        let request = navigator.request(try PagePath(parsing: "/tab#archive"))
        #expect(request.errorCode == .cannotShow, "\(String(describing: request.result))")
        #expect(tabs.viewControllers.map(\.title) == before)
        #expect(navigator.currentPath.description == "/tab#contact/list")
        #expect(model.exceptions.isEmpty)
    }

    @Test("2. a late `didShow` of a page's earlier showing does not end the animated transition that shows it again (NAV-3)")
    func lateDidShowOfTheSamePage() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.deferredDidShow = true
        let app = UIKitModelApp(behaviour: behaviour)
        let page = ModelScreen(app.model, "a")
        // Not animated, one after the other in one turn: each `didShow` comes on the next.
        #expect(app.contact.core.queued.push(items: [page], animated: false).isResolved)
        #expect(app.contact.core.queued.set(items: [app.list], animated: false).isResolved)
        let again = app.contact.core.queued.push(items: [page], animated: true)
        app.model.turn()  // the late `didShow`s come, `a`'s among them, while the push animates
        #expect(!again.isResolved, "ended by the `didShow` of its first showing, mid-animation")
        let next = app.contact.core.queued.push(items: [ModelScreen(app.model, "b")], animated: true)
        app.model.advance(by: app.model.duration)
        #expect(again.isResolved)
        app.model.advance(by: app.model.duration)
        #expect(next.isResolved)
        #expect(app.model.warnings.isEmpty, "no push started inside another: \(app.model.warnings)")
        #expect(app.model.maxTransitionsInFlight == 1)
    }

    @Test("2. a late `didShow` of the page under the person's finger does not end their swipe back (NAV-3)")
    func lateDidShowDuringASwipe() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.deferredDidShow = true
        behaviour.alongsideQueued = false
        behaviour.completionAfterFalse = false
        let app = UIKitModelApp(behaviour: behaviour)
        #expect(app.contact.core.queued.push(items: [ModelScreen(app.model, "a")], animated: false).isResolved)
        let swipe = try #require(app.contact.personSwipesBack())
        app.model.turn()  // the push's late `didShow` comes while the finger holds the pop
        #expect(app.queue.isInteracting, "the swipe still holds the queue")
        let push = app.contact.core.queued.push(items: [ModelScreen(app.model, "b")], animated: true)
        #expect(!push.isResolved)
        swipe.cancel()
        await app.run()
        #expect(push.isResolved)
        #expect(app.contact.viewControllers.map(\.title) == ["list", "a", "b"])
        #expect(app.model.warnings.isEmpty, "nothing started inside the swipe: \(app.model.warnings)")
    }

    // MARK: 3. Lost swipe-down reports

    @Test("3. a page that takes its presentation delegate in viewDidLoad keeps its own messages, and PageKit still sees the swipe")
    func delegateTakenInViewDidLoad() async throws {
        let app = UIKitModelApp()
        let sheet = SlotTakingPage(app.model, "own_sheet")
        app.navigator.registry.replace("own_sheet") { _ in sheet }
        try await app.open("app://tab/contact!own_sheet")
        #expect(sheet.presentationDelegate !== sheet, "PageKit chained itself in front once the sheet was shown")
        _ = app.takeChanges()
        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == ModelSheetSwipe.Start.following)
        swipe.finish()
        await app.run()
        #expect(app.takeChanges() == ["dismissed [own_sheet] by the user"])
        #expect(sheet.messages == ["shouldDismiss", "willDismiss", "didDismiss"])
    }

    /// Opens `!/compose` and lets a page take the sheet's presentation delegate slot
    /// once it is shown, as a page pushed on it may; the changes so far are taken.
    static func sheetWhoseSlotAPageTook(in app: UIKitModelApp) async throws -> (ModelNavigationController, SlotTakingPage) {
        try await app.open("app://tab/contact!/compose")
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        let taker = SlotTakingPage(app.model, "taker")
        sheet.presentationDelegate = taker
        _ = app.takeChanges()
        return (sheet, taker)
    }

    @Test("3. a stack whose delegate slot a page took later still reports the person's swipe, once")
    func delegateTakenLater() async throws {
        let app = UIKitModelApp()
        let (sheet, _) = try await Self.sheetWhoseSlotAPageTook(in: app)
        let swipe = try #require(sheet.personSwipesDown())
        swipe.finish()
        await app.run()
        #expect(app.takeChanges() == ["dismissed [stack] by the user"])
        #expect(app.queue.isIdle)
    }

    @Test("3. an edited form in a sheet whose delegate slot a page took later is asked when the person swipes the sheet down")
    func delegateTakenLaterStillAsks() async throws {
        let app = UIKitModelApp()
        let (sheet, _) = try await Self.sheetWhoseSlotAPageTook(in: app)
        let form = try #require(app.forms.first)
        form.draft = "edited"
        app.queue.leavePolicyChanged(of: form)
        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == .refused)
        #expect(await yieldUntil { form.isAsking }, "the attempt reached PageKit, not only the page in its slot")
        form.answer(true)
        await app.run()
        #expect(app.tabs.presentedViewController == nil)
        #expect(app.takeChanges() == ["dismissed [stack] by the user"])

        // The page in the slot still hears the person's swipe, through PageKit's watcher.
        let (second, other) = try await Self.sheetWhoseSlotAPageTook(in: app)
        try await app.open("app://tab/contact!/compose/person_detail(id=1)")
        _ = app.takeChanges()
        let finished = try #require(second.personSwipesDown())
        #expect(!app.queue.isIdle, "the finger holds the queue: PageKit heard the swipe begin")
        finished.finish()
        await app.run()
        #expect(other.messages == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(app.takeChanges() == ["dismissed [stack] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("3. a dismissal asked for while the person's swipe down is under way runs once the sheet springs back")
    func dismissalDuringAnAbandonedSwipe() async throws {
        let app = UIKitModelApp()
        // A page took the slot after the last transition: PageKit does not hear the swipe
        // begin, so the queue is free while the finger is down.
        let (sheet, _) = try await Self.sheetWhoseSlotAPageTook(in: app)
        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == .following)
        let request = app.navigator.request("/tab#contact/list")
        app.model.turn()
        #expect(!request.isResolved, "it waits for the dismissal under way: \(String(describing: request.result))")
        swipe.abandon()
        await app.run()
        #expect(request.isResolved)
        #expect(app.tabs.presentedViewController == nil, "the sheet sprang back, and was dismissed then")
        #expect(app.navigator.currentPath.description == "/tab#contact/list")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 4. A crash in the delegate proxies

    @Test("4. a proxy claims only what it answers as UIKit would, and what the app's delegate implements",
          arguments: [DelegateForwarding.navigationController, .tabBarController, .presentationController])
    func proxiesClaimWhatTheyAnswer(_ table: DelegateForwarding) {
        for method in table.list {
            // With the app's delegate: everything it implements is claimed, and so remembered by UIKit.
            #expect(table.responds(to: method.selector, appResponds: true))
            // Without: only what the proxy answers exactly as UIKit does when nobody implements it.
            let claimed = table.responds(to: method.selector, appResponds: false)
            #expect(claimed == (method.answer == .always), "\(method.selector)")
        }
        // A method newer than the table is the app delegate's alone.
        #expect(!table.responds(to: "futureMethod:", appResponds: false))
        #expect(!table.isImplemented("futureMethod:"))
    }

    @Test("4. the UIKit proxies implement every method their tables list", arguments: [
        ("QueueNavigationController.swift", DelegateForwarding.navigationController),
        ("PageTabBarController.swift", .tabBarController),
        ("UIKitPageHost.swift", .presentationController),
    ])
    func proxiesImplementTheirTables(file: String, table: DelegateForwarding) throws {
        let source = try UIKitSources.read(file)
        let implemented = UIKitSources.functionNames(in: source)
        for method in table.list {
            #expect(implemented.contains(method.swiftName), "\(file) lacks \(method.swiftName)")
        }
    }

    // MARK: 5. Tab bar

    @Test("5. tapping the selected tab asks the edited form it would pop, and pops only if it agrees")
    func retapAsks() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        _ = app.takeChanges()
        #expect(!app.tabs.personTaps(0), "PageKit carries the pop out itself")
        #expect(await yieldUntil { form.isAsking })
        form.answer(false)
        await app.run()
        #expect(app.contact.viewControllers.count == 2)
        app.tabs.personTaps(0)
        #expect(await yieldUntil { form.isAsking })
        form.answer(true)
        await app.run()
        #expect(app.contact.viewControllers.count == 1)
        #expect(form.requests.last?.gesture == .tabReselected)
        #expect(app.takeChanges() == ["popped [compose] by the user"])
    }

    @Test("5. a tab tapped while a request runs is refused, so no push lands in a stack off screen")
    func tapDuringRequest() async throws {
        let app = UIKitModelApp()
        let request = Task { try await app.navigator.open("app://tab/contact/person_detail?id=5") }
        #expect(await yieldUntil { !app.queue.isIdle })
        #expect(!app.tabs.personTaps(1))
        try await app.settle(request)
        #expect(app.tabs.selectedIndex == 0)
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
    }

    @Test("5. a tap that changes nothing is not reported; one that selects is, once")
    func didSelectOnlyWhenChanged() async throws {
        let app = UIKitModelApp()
        app.tabs.personTaps(0)
        #expect(app.takeChanges().isEmpty, "the first tab, which UIKit selected, before PageKit knew any selection")
        app.tabs.personTaps(1)
        app.tabs.personTaps(1)
        #expect(app.takeChanges() == ["selected [settings] by the user"])
    }

    /// The app showing `/tab#contact/list/person_detail(id=5)`, its changes taken, under
    /// the given setting of whether UIKit's own tab selections go through the setter.
    static func appShowingPerson(tapSelectsThroughSetter: Bool) async throws -> (UIKitModelApp, UIKitModel.Behaviour) {
        var behaviour = UIKitModel.Behaviour()
        behaviour.tapSelectsThroughSetter = tapSelectsThroughSetter
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail?id=5")
        _ = app.takeChanges()
        return (app, behaviour)
    }

    /// UIKit tells no delegate of a selection made in code (TAB-1): the app's own
    /// `selectedIndex = 1` went unannounced, and the history named the tab left until the
    /// next request noticed. `PageTabBarController` overrides the setters.
    @Test("5. the app's own selection of a tab is announced and recorded as the app's; PageKit's and the person's as theirs",
          arguments: [false, true])
    func appSelectsTab(tapSelectsThroughSetter: Bool) async throws {
        let (app, behaviour) = try await Self.appShowingPerson(tapSelectsThroughSetter: tapSelectsThroughSetter)
        app.tabs.appSelects(1)
        #expect(app.takeChanges() == ["selected [settings] by the app"])
        #expect(app.path == "/tab#settings" && app.navigator.history.last?.description == "/tab#settings")
        app.tabs.appSelects(1)
        #expect(app.takeChanges().isEmpty, "the same tab again changes nothing")

        try await app.open("app://tab/contact")
        #expect(app.takeChanges().isEmpty, "PageKit's own selection is its request's")
        app.tabs.personTaps(1)
        #expect(app.takeChanges() == ["selected [settings] by the user"], "the person's tap stays theirs")
        app.tabs.appSelects(0)
        #expect(app.takeChanges() == ["selected [contact] by the app"])
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.navigator.history.last?.description == app.path)

        // Before PageKit knew any selection, the tabs began on the first.
        let fresh = UIKitModelApp(behaviour: behaviour)
        fresh.tabs.appSelects(1)
        #expect(fresh.takeChanges() == ["selected [settings] by the app"])
        fresh.tabs.appSelects(0)
        #expect(fresh.takeChanges() == ["selected [contact] by the app"])

        // A plain UITabBarController has no setter PageKit sees: the next request notices.
        let plain = UIKitModelApp(behaviour: behaviour, tabKind: .plain)
        plain.tabs.appSelects(1)
        #expect(plain.takeChanges().isEmpty)
    }

    // MARK: 6. Back menu and full-width swipe

    @Test("6. an edited form gets PageKit's back button, which has no history menu that would pop past it")
    func menuHiddenForProtectedPages() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/compose/detail")
        let form = try #require(app.forms.first)
        let top = try #require(app.contact.viewControllers.last)
        #expect(top.navigationItem.showsSystemBackButton)
        form.draft = "edited"
        app.queue.leavePolicyChanged(of: form)
        #expect(!top.navigationItem.showsSystemBackButton, "the menu could pop the form without asking")
        #expect(top.navigationItem.leftItem?.title == "compose")
        #expect(!app.contact.personPicksFromBackMenu(app.list))
        form.draft = ""
        app.queue.leavePolicyChanged(of: form)
        #expect(top.navigationItem.showsSystemBackButton)
    }

    /// Touches reach only views in the window: UIKit hit-tests a touch from the window
    /// down (`hitTest:withEvent:`, which `UIView.h` says recurses into subviews; Apple's
    /// event-handling documentation), so the person cannot tap back, swipe or use the
    /// history menu on a stack in a tab that is not selected; and a presentation takes
    /// every touch outside it, so neither on a stack, nor on a tab bar, under a sheet.
    @Test("6. the person's back, swipes, history menu and tab taps reach only what is in the window, with nothing presented over it")
    func gesturesNeedTheWindow() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.hasContentSwipe = true
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail(id=5)")
        try await app.open("app://tab/settings")
        _ = app.takeChanges()
        #expect(!app.contact.isInWindow)
        app.contact.personTapsBack()
        #expect(app.contact.personSwipesBack() == nil)
        #expect(app.contact.personContentSwipes() == nil)
        #expect(!app.contact.personPicksFromBackMenu(app.list))
        await app.run()
        #expect(app.contact.viewControllers.count == 2 && app.takeChanges().isEmpty)
        #expect(app.queue.isIdle)
        // Nor under a sheet: its dimming view takes every touch outside it.
        try await app.open("app://tab/contact/person_detail(id=5)!compose")
        _ = app.takeChanges()
        #expect(app.contact.isInWindow)
        app.contact.personTapsBack()
        #expect(app.contact.personSwipesBack() == nil)
        #expect(!app.contact.personPicksFromBackMenu(app.list))
        // The tab bar is under the sheet as well.
        #expect(!app.tabs.personTaps(1) && !app.tabs.personTaps(0))
        await app.run()
        #expect(app.contact.viewControllers.count == 2 && app.takeChanges().isEmpty)
        #expect(app.tabs.selectedViewController === app.contact)
    }

    /// A sheet the app left undimmed (`largestUndimmedDetentIdentifier`) takes no touch
    /// outside it: the person acts behind it, and each change is theirs, the sheet kept.
    /// An alert over it takes every touch again.
    @Test("6. behind a sheet the app left undimmed the person's back, swipe and tab taps go through; behind an alert they do not")
    func touchesBehindAnUndimmedSheet() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.sheetsLetTouchesBehind = true
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail(id=5)/home_page(id=5)!compose")
        _ = app.takeChanges()
        app.contact.personTapsBack()
        await app.run()
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!compose")
        try #require(app.contact.personSwipesBack()).finish()
        await app.run()
        #expect(app.path == "/tab#contact/list!compose")
        #expect(app.tabs.personTaps(1))
        await app.run()
        #expect(app.path == "/tab#settings!compose")
        #expect(app.takeChanges() == ["popped [home_page(id=5)] by the user", "popped [person_detail(id=5)] by the user",
                                      "selected [settings] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty)
        // An alert over the sheet takes every touch, the sheet's own too.
        try register(alerts: app)
        let request = app.navigator.request(try PagePath(parsing: "/tab#settings!compose!delete"))
        await app.run()
        #expect(app.tabs.presentedViewController?.presentedViewController is ModelAlertController)
        #expect(!app.tabs.personTaps(0))
        #expect(app.tabs.selectedViewController === app.settings)
        #expect(request.isResolved && request.errorCode == nil, "the alert is shown")
        #expect(app.takeChanges().isEmpty)
    }

    @Test("6. a pop from the history menu is reported as the person's", arguments: [false, true])
    func menuPopIsThePersons(menuPopsThroughOverride: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.menuPopsThroughOverride = menuPopsThroughOverride
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail(id=5)/home_page(id=5)")
        _ = app.takeChanges()
        #expect(app.contact.personPicksFromBackMenu(app.list))
        await app.run()
        #expect(app.path == "/tab#contact/list")
        let changes = app.takeChanges()
        if menuPopsThroughOverride {
            // UIKit hands it to the override like any call of the app's: it cannot be told apart.
            #expect(changes == ["popped [person_detail(id=5), home_page(id=5)] by the app"])
        } else {
            #expect(changes == ["popped [person_detail(id=5), home_page(id=5)] by the user"])
        }
    }

    /// A pop UIKit carries out from the history menu asks nobody, so it may come while a
    /// request waits for its guard; the request's push must then wait for the pop's
    /// animation rather than start inside it.
    @Test("6. a pop from the history menu while a request waits for its guard: the push that follows waits for the pop to end",
          arguments: [false, true])
    func menuPopWhileAGuardDecides(menuPopsThroughOverride: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.menuPopsThroughOverride = menuPopsThroughOverride
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail(id=5)/home_page(id=5)")
        let decision = PendingAnswers()
        let token = app.navigator.addGuard { _ in await decision.wait() ? .allow : .refuse(reason: "no") }
        defer { token.cancel() }
        let push = app.navigator.push(PageComponent("photo"))
        #expect(await yieldUntil { decision.isAsking })
        #expect(app.contact.personPicksFromBackMenu(app.list))
        decision.answer(true)
        await app.run()
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty, "\(app.model.warnings)")
        #expect(app.model.maxTransitionsInFlight == 1, "\(app.model.callbacks.suffix(20))")
        // Through the override, the menu's pop is queued behind the push, as the app's.
        #expect(app.path == (menuPopsThroughOverride ? "/tab#contact/list" : "/tab#contact/list/photo"))
        #expect(app.navigator.history.last?.description == app.path && app.timeouts.isEmpty)
    }

    @Test("6. iOS 26's content swipe on an edited form is cancelled and the form asked")
    func contentSwipeAsks() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.hasContentSwipe = true
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        _ = app.takeChanges()
        let swipe = app.contact.personContentSwipes()
        #expect(swipe != nil)
        await app.run()
        #expect(await yieldUntil { form.isAsking }, "asked once the cancelled swipe has put the form back")
        #expect(app.contact.viewControllers.count == 2, "the cancelled swipe left the form")
        #expect(app.takeChanges().isEmpty)
        form.answer(true)
        await app.run()
        #expect(app.contact.viewControllers.count == 1)
        #expect(app.takeChanges() == ["popped [compose] by the user"])
    }

    @Test("6. with the edge swipe's delegate slot taken by the app, an edited form is still asked before the swipe takes it",
          arguments: [false, true])
    func swipeDelegateTakenByTheApp(swipePopsThroughOverride: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.swipePopsThroughOverride = swipePopsThroughOverride
        let app = UIKitModelApp(behaviour: behaviour)
        app.contact.appTookSwipeDelegate = true
        try await app.open("app://tab/contact/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        _ = app.takeChanges()
        _ = try #require(app.contact.personSwipesBack(), "no delegate refuses it: UIKit begins the swipe")
        await app.run()
        #expect(await yieldUntil { form.isAsking }, "asked once the cancelled swipe has put the form back")
        #expect(app.contact.viewControllers.count == 2, "the swipe took the edited form")
        #expect(app.takeChanges().isEmpty)
        form.answer(true)
        await app.run()
        #expect(app.contact.viewControllers.count == 1)
        #expect(app.takeChanges() == ["popped [compose] by the user"])

        // A page that lets the person leave is swiped back as before.
        try await app.open("app://tab/contact/person_detail?id=5")
        _ = app.takeChanges()
        let swipe = try #require(app.contact.personSwipesBack())
        swipe.finish()
        await app.run()
        #expect(app.takeChanges() == ["popped [person_detail(id=5)] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("6. an edge swipe that is cancelled is not a pop", arguments: [false, true])
    func cancelledSwipeIsNotAPop(swipePopsThroughOverride: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.swipePopsThroughOverride = swipePopsThroughOverride
        let app = UIKitModelApp(behaviour: behaviour)
        try await app.open("app://tab/contact/person_detail?id=5")
        _ = app.takeChanges()
        let swipe = try #require(app.contact.personSwipesBack())
        #expect(!app.queue.isIdle, "the finger holds the queue")
        swipe.cancel()
        await app.run()
        #expect(app.queue.isIdle)
        #expect(app.contact.viewControllers.count == 2)
        #expect(app.takeChanges().isEmpty)

        let second = try #require(app.contact.personSwipesBack())
        second.finish()
        await app.run()
        #expect(app.takeChanges() == ["popped [person_detail(id=5)] by the user"])
    }

    // MARK: 7. Custom animators

    @Test("7. custom animators leave alone the view UIKit does not hand them, and never cancel for it", arguments: [
        (TransitionStyle.moveIn(from: .top), false, true, false, "slideOut(to: PageKit.TransitionStyle.Edge.top), restores from view"),
        (.coverVertical, true, false, true, "slideIn(from: PageKit.TransitionStyle.Edge.bottom), adds to view"),
        (.crossDissolve, false, true, false, "fadeOut, restores from view"),
        (.flip, false, true, false, "fadeOut, restores from view"),
        (.flip, true, true, true, "swap(flip: true, forward: true), adds to view, restores from view"),
        (.dropDown, false, false, true, "none, adds to view"),
    ])
    func animatorPlans(style: TransitionStyle, isAppearing: Bool, hasFrom: Bool, hasTo: Bool, expected: String) {
        let plan = AnimatorPlan.plan(for: style, isAppearing: isAppearing, hasFromView: hasFrom, hasToView: hasTo)
        #expect(plan.description == expected)
    }

    // MARK: 8. A swipe-down during a queued step

    @Test("8. a sheet cannot be swiped down while a step runs, and a swipe in progress holds the queue")
    func swipeDownAndTheQueue() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact!compose")
        let sheet = try #require(app.tabs.presentedViewController)
        _ = app.contact.core.queued.push(items: [ModelScreen(app.model, "under")], animated: true)
        #expect(!app.queue.isIdle)
        #expect(sheet.personSwipesDown()?.start == .refused)
        await app.run()
        #expect(app.tabs.presentedViewController === sheet)

        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == ModelSheetSwipe.Start.following)
        let push = app.contact.core.queued.push(items: [ModelScreen(app.model, "later")], animated: true)
        await app.run()
        #expect(!push.isResolved, "a step waits while the finger holds the sheet")
        swipe.finish()
        await app.run()
        #expect(push.isResolved)
        #expect(app.model.warnings.isEmpty)
    }

    // MARK: 9. Presentations PageKit did not make

    @Test("9. an alert or a system controller the app presented is dismissed by a plan that presents, not a failure",
          arguments: ["alert", "image picker"])
    func foreignPresentations(_ kind: String) async throws {
        let app = UIKitModelApp()
        let foreign: ModelViewController = kind == "alert"
            ? ModelViewController(app.model, title: "UIAlertController")
            : ModelNavigationController(app.model, root: [ModelViewController(app.model, title: "picker")],
                                        queue: app.queue, kind: .plain)
        app.list.present(foreign, animated: false)
        app.model.turn()
        #expect(app.path == "/tab#contact/list", "what is not a page is not in the path")
        let plan = try app.navigator.plan(for: "app://tab/contact!compose")
        let name = kind == "alert" ? "UIAlertController" : "ModelNavigationController"
        #expect(plan.steps.first?.description == "dismiss \(name) over tab (not a page)")
        try await app.open("app://tab/contact!compose")
        #expect(app.path == "/tab#contact/list!compose")
        #expect(foreign.presentingViewController == nil)
        #expect(app.model.warnings.isEmpty)
        // A delivery shows nothing, so it leaves an alert where it is.
        let alert = ModelViewController(app.model, title: "UIAlertController")
        app.forms.first?.present(alert, animated: false)
        app.model.turn()
        #expect(try app.navigator.plan(for: "app://tab/contact!compose").steps.isEmpty)
    }

    @Test("9. an alert the app presented that is still sliding in is dismissed once it is in, not dropped by UIKit")
    func foreignPresentationStillArriving() async throws {
        let app = UIKitModelApp()
        let alert = ModelViewController(app.model, title: "UIAlertController")
        app.list.present(alert, animated: true)
        #expect(alert.isBeingPresented)
        // UIKit drops a dismiss while a presentation is in progress, and never calls back.
        try await app.open("app://tab/contact!compose")
        #expect(app.path == "/tab#contact/list!compose")
        #expect(alert.presentingViewController == nil)
        #expect(app.model.warnings.isEmpty)
        #expect(app.timeouts.isEmpty)
    }

    /// The plan dismisses what the app presented that is not a page, as a printed step;
    /// one the app presents after the plan, while an earlier step animates, used to fail
    /// the present step with `cannotShow`. The present step now dismisses it itself, once.
    @Test("9. a presentation the app makes after the plan, while an earlier step runs, is dismissed by the present step, as the plan would have",
          arguments: [false, true])
    func foreignPresentationAfterPlanning(animatedAlert: Bool) async throws {
        let (app, request) = await Self.requestPresentingWhilePushing()
        let alert = ModelViewController(app.model, title: "UIAlertController")
        app.tabs.present(alert, animated: animatedAlert)
        await app.run()
        #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        #expect(alert.presentingViewController == nil, "the app's alert is gone")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty && app.timeouts.isEmpty)
        #expect(app.navigator.history.last?.description == app.path)
    }

    /// An app whose navigator was asked for `person_detail(id=5)!compose`, once the push
    /// of its first step runs: the app's alert presented now comes after the plan.
    static func requestPresentingWhilePushing() async -> (UIKitModelApp, NavigationRequest) {
        let app = UIKitModelApp()
        let request = app.navigator.request("app://tab/contact/list/person_detail(id=5)!compose")
        for _ in 0..<6 {
            await Task.yield()
            app.model.turn()
        }
        #expect(app.contact.viewControllers.count == 2, "the push runs")
        return (app, request)
    }

    /// The present step dismisses the app's late alert once, and presents in the same
    /// completion: an app that presents its next alert as the first disappears (an alert
    /// queue, say) is refused by UIKit, as the first is still presented then, and the
    /// request completes; no second dismissal, no loop.
    @Test("9. an alert the app presents as its late alert disappears is refused by UIKit, and the present step still runs, once")
    func foreignPresentationAgainAfterDismissal() async throws {
        let (app, request) = await Self.requestPresentingWhilePushing()
        let second = ModelViewController(app.model, title: "UIAlertController 2")
        let first = ReplacedAlert(app.model, title: "UIAlertController 1")
        first.next = { [tabs = app.tabs] in tabs.present(second, animated: false) }
        app.tabs.present(first, animated: true)
        await app.run()
        #expect(request.isResolved && request.errorCode == nil, "\(String(describing: request.result))")
        #expect(first.presentingViewController == nil && second.presentingViewController == nil)
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(app.model.warnings == ["Attempt to present UIAlertController 2 on tab which is already presenting UIAlertController 1"])
        #expect(app.model.exceptions.isEmpty && app.timeouts.isEmpty)
        #expect(app.model.callbacks.filter { $0.hasPrefix("dismiss ") } == ["dismiss UIAlertController 1 presented by tab"])
    }

    // MARK: 10. More than five tabs

    /// A tab bar controller named `many` of six tabs, `app`'s two and `t0` to `t3`, the
    /// navigator's root: UIKit keeps the fifth and sixth in its More tab.
    static func sixTabs(in app: UIKitModelApp) -> ModelTabBarController {
        let extra = (0..<4).map { ModelScreen(app.model, "t\($0)") }
        let tabs = ModelTabBarController(app.model, name: "many", tabs: [app.contact, app.settings] + extra, queue: app.queue)
        app.model.root = tabs
        app.navigator.install(root: tabs)
        return tabs
    }

    @Test("10. a path to a tab in UIKit's More tab is a typed error")
    func moreTab() async throws {
        let app = UIKitModelApp()
        let tabs = Self.sixTabs(in: app)
        await #expect(throws: NavigationError.self) { try await app.navigator.open("app://many/t3") }
        do {
            try await app.navigator.open("app://many/t3")
        } catch let error as NavigationError {
            #expect(error.code == .cannotShow)
            #expect(error.description.contains("More tab"))
        }
        try await app.navigator.open("app://many/t1")
        #expect(tabs.selectedIndex == 3)
    }

    /// UIKit selects its More navigation controller when the person taps the More tab
    /// (`selectedViewController` "may return the More navigation controller",
    /// `UITabBarController.h`), which is never a page (TAB-3); the model used to keep the
    /// tab selected before.
    @Test("10. the person's tap on the More tab selects it: the path ends at the tab bar, and the report names no page")
    func moreTabTapped() async throws {
        let app = UIKitModelApp()
        let tabs = Self.sixTabs(in: app)
        try await app.open("app://many/contact/person_detail?id=1")
        _ = app.takeChanges()
        let push = app.navigator.request("app://many/contact/person_detail/home_page")
        await Task.yield()
        app.model.turn()
        #expect(!tabs.personTaps(4), "refused while a transition runs")
        await app.run()
        #expect(push.isResolved && tabs.selectedViewController === app.contact)
        _ = app.takeChanges()

        #expect(tabs.personTaps(4))
        #expect(tabs.selectedViewController === tabs.moreNavigationController)
        #expect(app.takeChanges() == ["selected [] by the user"])
        #expect(app.path == "/many" && app.navigator.history.last?.description == "/many")
        #expect(tabs.personTaps(4))
        #expect(app.takeChanges().isEmpty, "the More tab again changes nothing")

        try await app.open("app://many/contact")
        #expect(tabs.selectedViewController === app.contact)
        #expect(app.path == "/many#contact/list/person_detail(id=1)/home_page")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty && app.timeouts.isEmpty)
    }

    /// With more than five tabs, the More list's Edit button lets the person rearrange the
    /// tabs; UIKit tells the delegate as it begins and ends, and whether the order changed
    /// (`UITabBarController.h`). Whether it sets the tabs through `viewControllers`, which
    /// `PageTabBarController` overrides to report the app's own setting, is not documented.
    @Test("10. the person's rearranging of the tabs is reported once, as the person's, whether or not UIKit goes through the setter",
          arguments: [false, true])
    func personRearrangesTabs(throughSetter: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.tapSelectsThroughSetter = throughSetter
        let app = UIKitModelApp(behaviour: behaviour)
        let tabs = Self.sixTabs(in: app)
        await app.run()
        _ = app.takeChanges()
        #expect(!tabs.personRearrangesTabs([1, 0, 2, 3, 4, 5]), "the Edit button is in the More list")
        #expect(tabs.personTaps(4))
        _ = app.takeChanges()
        #expect(tabs.personRearrangesTabs([5, 1, 2, 3, 4, 0]))
        #expect(tabs.viewControllers.map(\.title) == ["t3", "settings", "t0", "t1", "t2", "contact"])
        #expect(app.takeChanges() == ["replaced [t3, settings, t0, t1, t2, contact] by the user"])
        #expect(app.navigator.history.last?.description == app.path)
        #expect(tabs.personRearrangesTabs([0, 1, 2, 3, 4, 5]))
        #expect(app.takeChanges().isEmpty, "an order left as it was changes nothing")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty)
    }

    // MARK: 11. Double-tapping Back

    @Test("11. Back tapped twice on an edited form asks once, and a refusal is not asked again")
    func doubleBack() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/person_detail(id=5)/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        app.contact.personTapsBack()
        app.contact.personTapsBack()
        #expect(await yieldUntil { form.isAsking })
        form.answer(false)
        await app.run()
        #expect(!form.isAsking, "a second tap asked a second time")
        #expect(form.timesAsked == 1)
        app.contact.personTapsBack()
        #expect(await yieldUntil { form.isAsking })
        form.answer(true)
        await app.run()
        #expect(form.timesAsked == 2)
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
    }

    // MARK: 12. A Cancel button

    @Test("12. a Cancel button that dismisses a `!/` sheet directly is reported, and the awaited reply ends")
    func cancelButton() async throws {
        let app = UIKitModelApp()
        let reply = Task { try await app.navigator.open("app://tab/contact!/compose", expecting: String.self) }
        await app.run()
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        _ = app.takeChanges()
        sheet.dismiss(animated: true)  // the page's Cancel button
        await app.run()
        #expect(app.takeChanges() == ["dismissed [stack] by the app"])
        let answer = try await app.settle(reply)
        #expect(answer == nil)
    }

    // MARK: 13. Styles of pops

    @Test("13. a page pushed with a style pops with it reversed; the person's swipe keeps UIKit's own")
    func popStyles() async throws {
        let app = UIKitModelApp()
        let push = Task { try await app.navigator.open("app://tab/contact/photo", .transition(.flip)) }
        try await app.settle(push)
        let pop = Task { try await app.navigator.pop().outcome() }
        try await app.settle(pop)
        try await app.open("app://tab/contact/person_detail?id=5")
        let swipe = try #require(app.contact.personSwipesBack())
        swipe.finish()
        await app.run()
        #expect(app.contact.animators == ["flip", "flip", "platform", "platform"])
    }

    @Test("13. a pop given a transition animates with it, whatever the page was pushed with")
    func popWithRequestedStyle() async throws {
        let app = UIKitModelApp()
        let push = Task { try await app.navigator.open("app://tab/contact/photo", .transition(.flip)) }
        try await app.settle(push)
        let pop = Task { try await app.navigator.pop(1, .transition(.crossDissolve)).outcome() }
        let outcome = try await app.settle(pop)
        #expect(outcome.plan.steps.map(\.description).last?.hasSuffix("with cross dissolve") == true)
        let plain = Task { try await app.navigator.open("app://tab/contact/person_detail?id=5") }
        try await app.settle(plain)
        let still = Task { try await app.navigator.pop(1, .transition(.none)).outcome() }
        try await app.settle(still)
        #expect(app.contact.animators == ["flip", "cross dissolve", "platform"], "a pop with none does not animate")
    }

    // MARK: 14. The edge swipe's own refusals

    @Test("14. a page with a custom left item of its own cannot be swiped back, as UIKit's delegate decides")
    func customLeftItemRefusesSwipe() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/person_detail?id=5")
        let top = try #require(app.contact.viewControllers.last)
        top.navigationItem.leftItem = ("Close", false, {})
        #expect(app.contact.personSwipesBack() == nil)
        #expect(app.queue.isIdle)
    }

    // MARK: 15. Records that grow

    @Test("15. the host follows only the presentations that show")
    func recordsDoNotGrow() async throws {
        let app = UIKitModelApp()
        for _ in 0..<20 {
            try await app.open("app://tab/contact!compose")
            try await app.open("app://tab/contact")
        }
        #expect(app.host.core.followedCount == 0)
    }

    // MARK: 16. Interactions without an end

    @Test("16. an interaction whose end never comes releases the queue after its time-out")
    func interactionTimeout() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/person_detail?id=5")
        let swipe = try #require(app.contact.personSwipesBack())
        _ = swipe  // the finger never lifts, and UIKit never says so
        #expect(!app.queue.isIdle)
        app.model.advance(by: app.queue.timeouts.interaction)
        #expect(app.queue.isIdle)
        #expect(app.timeouts.contains { $0.hasPrefix("interactive pop") })
    }

    // MARK: 17. A confirmation holds the queue

    @Test("17. while a page is asked, every stack waits; the answer lets them go on")
    func confirmationHoldsTheQueue() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/compose")
        let form = try #require(app.forms.first)
        form.draft = "edited"
        app.contact.personTapsBack()
        #expect(await yieldUntil { form.isAsking })
        let push = app.contact.core.queued.push(items: [ModelScreen(app.model, "later")], animated: true)
        await app.run()
        #expect(!push.isResolved)
        form.answer(false)
        await app.run()
        #expect(push.isResolved)
    }

    /// A page that asks "Discard?" with an alert it presents itself, as an app writes
    /// `canLeave`: from itself, or from the top of what the window shows.
    final class AskingPage: ModelScreen, LeaveConfirming {
        var draft = ""
        let asksFromTheTop: Bool
        private(set) var question: ModelViewController?
        private var answer: CheckedContinuation<Bool, Never>?

        init(_ model: UIKitModel, asksFromTheTop: Bool) {
            self.asksFromTheTop = asksFromTheTop
            super.init(model, "asking")
        }

        func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy { draft.isEmpty ? .allow : .confirm }

        func canLeave(_ request: LeaveRequest) async -> Bool {
            guard !draft.isEmpty else { return true }
            let question = ModelViewController(model, title: "Discard?")
            self.question = question
            (asksFromTheTop ? topOfTheWindow : self).present(question, animated: true)
            return await withCheckedContinuation { answer = $0 }
        }

        /// The root's topmost presentation that is not going away: UIKit presents from it
        /// whatever covers the page, or when the page's tab is not shown.
        private var topOfTheWindow: ModelViewController {
            var top: ModelViewController = self
            while let next = top.parent ?? top.presentingViewController { top = next }
            while let presented = top.presentedViewController, !presented.isBeingDismissed { top = presented }
            return top
        }

        var isAsking: Bool { answer != nil }

        /// The person taps a button: the alert goes, then its handler answers (as
        /// `ModelAlertController` has it).
        func personAnswers(_ discard: Bool) {
            let answer = self.answer
            self.answer = nil
            guard let presenter = question?.presentingViewController else { return answer?.resume(returning: discard) ?? () }
            presenter.dismiss(animated: true) { answer?.resume(returning: discard) }
        }
    }

    @Test("17. a page under a sheet whose question UIKit refuses fails the request at the answer's time-out, not for ever; asked from the top, it is answered",
          arguments: [false, true])
    func questionUnderASheet(asksFromTheTop: Bool) async throws {
        let app = UIKitModelApp()
        let page = AskingPage(app.model, asksFromTheTop: asksFromTheTop)
        app.contact.pushViewController(page, animated: false)
        try await app.open("app://tab/contact/list/asking!/photo")
        page.draft = "edited"
        let leaving = app.navigator.request(try PagePath(parsing: "app://tab/contact/list"))
        #expect(await yieldUntil { page.isAsking })
        if asksFromTheTop {
            app.model.advance(by: app.model.duration)
            #expect(app.model.warnings.isEmpty)
            #expect(page.question?.isInWindow == true, "shown over the sheet")
            page.personAnswers(true)
            _ = try await app.settle(Task { try await leaving.outcome() })
            #expect(app.path == "/tab#contact/list")
        } else {
            // UIKit refuses to present from a page whose context already presents (PRE-1):
            // nothing will answer. The answer's 60 seconds pass.
            app.model.settle()
            #expect(app.model.warnings.contains { $0.contains("which is already presenting") })
            // Through `settle`, which gives up rather than wait for ever.
            await #expect { try await app.settle(Task { try await leaving.outcome() }) } throws: { error in
                guard let error = error as? NavigationError else { return false }
                return error.code == .answerTimedOut && error.component == "asking"
            }
            try await app.open("app://tab/settings")
            #expect(app.path == "/tab#settings", "navigation goes on")
            page.personAnswers(true)  // Never shown; answered here so nothing waits.
            await app.run()
            #expect(app.contact.viewControllers.last === page, "a late answer removes nothing")
        }
    }

    // MARK: 18. Containers made before the navigator

    @Test("18. containers and a host made on queues of their own move onto the navigator's, so the person's changes reach it",
          arguments: [ModelNavigationController.Kind.queue, .plain])
    func storyboardContainersShareTheQueue(stackKind: ModelNavigationController.Kind) async throws {
        let app = UIKitModelApp(stackKind: stackKind, queuesOfTheirOwn: true)
        #expect(app.host.transitionQueue === app.queue)
        #expect(app.tabs.transitionQueue === app.queue)
        #expect(app.contact.transitionQueue === app.queue)

        try await app.open("app://tab/contact/person_detail?id=5")
        _ = app.takeChanges()
        app.contact.personTapsBack()
        await app.run()
        #expect(app.path == "/tab#contact/list")
        if stackKind == .queue {
            #expect(app.takeChanges() == ["popped [person_detail(id=5)] by the user"])
        }
        #expect(app.tabs.personTaps(1))
        #expect(app.takeChanges() == ["selected [settings] by the user"])

        try await app.open("app://tab/contact!/compose")
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        #expect(sheet.transitionQueue === app.queue)
        _ = app.takeChanges()
        let swipe = try #require(sheet.personSwipesDown())
        #expect(swipe.start == .following)
        swipe.finish()
        await app.run()
        #expect(app.takeChanges() == ["dismissed [stack] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("18. a container whose queue is busy when the navigator meets it is listened to, and moves over at its first step")
    func busyQueueIsListenedToThenAdopted() async throws {
        let model = UIKitModel()
        let queue = TransitionQueue(clock: model.clock)
        let own = TransitionQueue(clock: model.clock)
        let list = ModelScreen(model, "list")
        let contact = ModelNavigationController(model, name: "contact", root: [list], queue: own)
        let tabs = ModelTabBarController(model, name: "tab", tabs: [contact], queue: queue)
        model.root = tabs
        model.settle()
        // The app pushes on its own before the navigator exists; the push still animates.
        contact.pushViewController(ModelScreen(model, "detail"), animated: true)
        #expect(!own.isIdle)
        let navigator = Navigator(root: tabs, host: ModelPageHost(model: model, queue: queue), queue: queue)
        var changes: [String] = []
        let token = navigator.observe { event in
            if case .changed(let change) = event.kind { changes.append("\(change.kind) by \(change.source)") }
        }
        #expect(contact.transitionQueue === own, "its queue is busy: moving it would strand what waits there")

        model.settle()
        #expect(own.isIdle)
        contact.personTapsBack()
        model.settle()
        #expect(changes == ["popped by the user"], "the navigator listens to the queue it stays on")
        #expect(navigator.currentPath.description == "/tab#contact/list")

        var registry = PageRegistry()
        try registry.register("detail") { _ in ModelScreen(model, "detail") }
        navigator.registry = registry
        let open = Task { try await navigator.open("app://tab/contact/detail") }
        for _ in 0..<100 {
            await Task.yield()
            model.settle()
        }
        _ = try await open.value
        #expect(contact.transitionQueue === queue, "idle now, it moves over at the navigator's first step on it")
        #expect(navigator.currentPath.description == "/tab#contact/list/detail")
        withExtendedLifetime(token) {}
    }

    // MARK: 19. Alerts

    private func register(alerts app: UIKitModelApp) throws {
        var registry = app.navigator.registry
        try registry.registerAlert("delete") { _ in
            AlertContent(title: "Delete?", buttons: [.destructive("Delete", id: "delete"), .cancel()])
        }
        try registry.registerAlert("share") { _ in
            AlertContent(.confirmationDialog, title: "Share", buttons: [AlertButton("Mail", id: "mail")])
        }
        app.navigator.registry = registry
    }

    private func presentedAlert(in app: UIKitModelApp) async -> ModelAlertController? {
        for _ in 0..<200 where !(app.tabs.presentedViewController is ModelAlertController) {
            await Task.yield()
            app.model.settle()
        }
        return app.tabs.presentedViewController as? ModelAlertController
    }

    @Test("19. UIKit runs an alert's action after taking it away: the awaiting opener still gets the button, and the dismissal is the person's")
    func alertAnswersAfterItIsGone() async throws {
        let app = UIKitModelApp()
        try register(alerts: app)
        let open = Task { try await app.navigator.open("app://tab/contact!delete", expecting: AlertChoice.self) }
        let alert = try #require(await presentedAlert(in: app))
        #expect(alert.actions.map(\.title) == ["Delete", "Cancel"])
        #expect(app.path == "/tab#contact/list!delete")
        _ = app.takeChanges()

        #expect(alert.personTaps("Delete"))
        let reply = try await app.settle(open)
        #expect(reply?.status == .ok)
        #expect(reply?.payload == AlertChoice(button: "delete", role: .destructive))
        #expect(app.tabs.presentedViewController == nil)
        #expect(app.takeChanges() == ["dismissed [delete] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("19. a confirmation dialog is anchored, so an iPad's width does not stop the app; a plan below it takes it away unanswered")
    func dialogIsAnchoredAndDismissedByAPlan() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.regularWidth = true
        let app = UIKitModelApp(behaviour: behaviour)
        try register(alerts: app)
        let open = Task { try await app.navigator.open("app://tab/contact!share", expecting: AlertChoice.self) }
        let dialog = try #require(await presentedAlert(in: app))
        #expect(dialog.isActionSheet && dialog.hasPopoverAnchor)
        #expect(dialog.actions.map(\.title) == ["Mail", "Cancel"], "a dialog always has a way out")

        try await app.open("app://tab/settings")
        #expect(app.tabs.presentedViewController == nil)
        await app.run()
        #expect(try await app.settle(open) == nil)
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("19. UIKit presents an alert from the tab bar controller: a flow that pushed a page and showed an alert over it is answered, then closed by popping that page")
    func flowOfAPushAndAnAlertCloses() async throws {
        let app = UIKitModelApp()
        try register(alerts: app)
        let open = Task { try await app.navigator.open("/tab#contact/list/person_detail(id=1)!delete", expecting: AlertChoice.self) }
        let alert = try #require(await presentedAlert(in: app))
        #expect(alert.presentingViewController === app.tabs, "UIKit presents from the presentation context, the root")
        #expect(app.path == "/tab#contact/list/person_detail(id=1)!delete")

        #expect(alert.personTaps("Delete"))
        let reply = try await app.settle(open)
        #expect(reply?.payload == AlertChoice(button: "delete", role: .destructive))
        #expect(app.path == "/tab#contact/list", "the flow's pushed page is popped once it answers")
        #expect(app.events.allSatisfy { if case .failed = $0.kind { false } else { true } },
                "closing the flow fails nowhere: \(app.events.map { "\($0.kind)" })")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("19. a request made while an answered alert slides away waits for it to go: its opener gets the button, and the dismissal is reported once, as the person's")
    func requestWaitsForAnAnsweredAlert() async throws {
        let app = UIKitModelApp()
        try register(alerts: app)
        let open = Task { try await app.navigator.open("app://tab/contact!delete", expecting: AlertChoice.self) }
        let alert = try #require(await presentedAlert(in: app))
        _ = app.takeChanges()

        #expect(alert.personTaps("Delete"))
        // UIKit runs the button's action once the alert is gone; the app asks for more now.
        let settings = app.navigator.request("app://tab/settings")
        let reply = try await app.settle(open)
        #expect(reply?.payload == AlertChoice(button: "delete", role: .destructive), "the person's answer is not lost")
        app.model.settle()
        #expect(settings.isResolved && settings.errorCode == nil)
        #expect(app.path == "/tab#settings")
        #expect(app.takeChanges() == ["dismissed [delete] by the user"], "not also noticed as the app's")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("19. a request that dismisses a sheet under an answered alert waits for the alert to go first: its action runs, and its opener gets the button")
    func sheetDismissalWaitsForAnAnsweredAlert() async throws {
        let app = UIKitModelApp()
        try register(alerts: app)
        let open = Task { try await app.navigator.open("app://tab/contact!/compose!delete", expecting: AlertChoice.self) }
        #expect(await yieldUntil {
            app.model.settle()
            return CancellationRunTests.topPresented(in: app) is ModelAlertController
        })
        let alert = try #require(CancellationRunTests.topPresented(in: app) as? ModelAlertController)
        #expect(alert.presentingViewController is ModelNavigationController, "over the sheet")

        #expect(alert.personTaps("Cancel"))
        // Not animated: the sheet would go at once, and the alert's dismissal with it.
        let settings = app.navigator.request("app://tab/settings", .animated(false))
        let reply = try await app.settle(open)
        #expect(reply?.payload == AlertChoice(button: "cancel", role: .cancel), "the action ran: the alert was not cut short")
        app.model.settle()
        #expect(settings.isResolved && settings.errorCode == nil)
        #expect(app.path == "/tab#settings")
        #expect(app.tabs.presentedViewController == nil)
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("19. the app pops the page an awaited alert was shown over, which UIKit presented from the root: the alert stays, and its answer still reaches the opener")
    func flowOutlivesItsPoppedFirstPage() async throws {
        let app = UIKitModelApp()
        try register(alerts: app)
        let open = Task { try await app.navigator.open("/tab#contact/list/person_detail(id=1)!delete", expecting: AlertChoice.self) }
        let alert = try #require(await presentedAlert(in: app))
        app.contact.popViewController(animated: true)
        app.model.settle()
        await app.run()
        #expect(app.contact.viewControllers.count == 1)
        #expect(app.tabs.presentedViewController === alert, "the alert hangs from the tab bar controller")

        #expect(alert.personTaps("Delete"))
        let reply = try await app.settle(open)
        #expect(reply?.payload == AlertChoice(button: "delete", role: .destructive))
        #expect(app.path == "/tab#contact/list")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 20. A stack presented with several pages

    @Test("20. a `!/` sheet presented with two pages at once: the person's swipe back off it is seen, announced and recorded")
    func stackPresentedWithSeveralPages() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact!/person_detail(id=5)/home_page(id=5)")
        let sheet = try #require(app.tabs.presentedViewController as? ModelNavigationController)
        #expect(sheet.viewControllers.count == 2)
        _ = app.takeChanges()
        let swipe = try #require(sheet.personSwipesBack())
        swipe.finish()
        await app.run()
        #expect(app.navigator.currentPath.description == "/tab#contact/list!/person_detail(id=5)")
        #expect(app.takeChanges() == ["popped [home_page(id=5)] by the user"])
        #expect(app.navigator.history.last?.description == "/tab#contact/list!/person_detail(id=5)")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    @Test("21. a link into a tab bar controller it presents opens in one request: presented, then pushed on its stack once shown")
    func linkIntoAPresentedTabBarController() async throws {
        let app = UIKitModelApp()
        let model = app.model
        app.navigator.registry.replace("picker") { [queue = app.queue] _ in
            let inbox = ModelNavigationController(model, name: "inbox", root: [ModelScreen(model, "mail")], queue: queue)
            return ModelTabBarController(model, name: "picker", tabs: [inbox, ModelScreen(model, "recent")], queue: queue)
        }
        try await app.open("/tab#contact/list!picker#inbox/mail/person_detail(id=3)")
        #expect(app.navigator.currentPath.description == "/tab#contact/list!picker#inbox/mail/person_detail(id=3)")
        let picker = try #require(app.tabs.presentedViewController as? ModelTabBarController)
        let inbox = try #require(picker.viewControllers.first as? ModelNavigationController)
        #expect(inbox.viewControllers.compactMap { ($0 as? any Page)?.pageDescription } == ["mail", "person_detail(id=3)"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)

        try await app.open("/tab#contact/list")
        try await app.open("/tab#contact/list!picker#recent")
        let second = try #require(app.tabs.presentedViewController as? ModelTabBarController)
        #expect(second.selectedIndex == 1)
        #expect(app.navigator.currentPath.description == "/tab#contact/list!picker#recent")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 22. Nothing starts inside UIKit's completion

    /// UIKit runs a coordinator's completions inside `completeTransition:`, while the
    /// transition is still its own: a push or a present started there is deferred and
    /// logged as nested (NAV-7, PRE-3 traces show them called from `_applyBlocks`). The
    /// model keeps the coordinator while its completions run, so a step started there
    /// meets a transition still running.
    @Test("22. the step after a push starts once UIKit's transition is over, not inside the push's completion",
          arguments: [(stackKind: ModelNavigationController.Kind.queue, deferredDidShow: false),
                      (.queue, true), (.plain, false), (.plain, true)])
    func nextStepAfterThePushsCompletion(stackKind: ModelNavigationController.Kind, deferredDidShow: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.deferredDidShow = deferredDidShow
        let app = UIKitModelApp(behaviour: behaviour, stackKind: stackKind)

        // A push, then a presentation over the page it pushed: two steps of one request.
        try await app.open("/tab#contact/list/person_detail(id=5)!compose")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)!compose")
        #expect(app.model.callbacks.firstIndex(of: "present compose from tab")
            ?? -1 > app.model.callbacks.firstIndex(of: "willShow person_detail in contact") ?? .max)
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
        #expect(app.model.maxTransitionsInFlight == 1)

        // Two pushes on the same stack, each its own transition: an exact path that
        // replaces the top, then pushes.
        try await app.open("/tab#contact/list")
        let exact = Task { try await app.navigator.open("/tab#contact/list/detail/person_detail(id=6)", .mode(.exact)) }
        try await app.settle(exact)
        let first = Task { try await app.navigator.push(PageComponent("home_page", parameters: ["id": "1"])).outcome() }
        let second = Task { try await app.navigator.push(PageComponent("home_page", parameters: ["id": "2"])).outcome() }
        try await app.settle(first)
        try await app.settle(second)
        #expect(app.path == "/tab#contact/list/detail/person_detail(id=6)/home_page(id=1)/home_page(id=2)")
        #expect(!app.model.warnings.contains { $0.contains("nested") }, "\(app.model.warnings)")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
        #expect(app.model.maxTransitionsInFlight == 1)
    }

    /// The model itself: what UIKit defers in a transition it runs later (NAV-7), each
    /// once the one before has animated; one that does not animate must not hold back the
    /// next, or the model would lose a call a device at worst corrupts the bar for.
    @Test("22. the model runs every UIKit call it deferred during a transition, in order, one that does not animate letting the next run")
    func deferredCallsAllRun() async throws {
        let app = UIKitModelApp(stackKind: .plain)
        for (title, animated) in [("b", true), ("c", false), ("d", false), ("e", true)] {
            app.contact.pushViewController(ModelViewController(app.model, title: title), animated: animated)
        }
        await app.run()
        // Each replays the stack it was asked for: every one is shown in turn, the last on top.
        let shown = app.model.callbacks.filter { $0.hasPrefix("willShow") }
        #expect(shown.suffix(4) == ["willShow b in contact", "willShow c in contact", "willShow d in contact",
                                    "willShow e in contact"], "\(app.model.callbacks)")
        #expect(app.contact.viewControllers.last?.title == "e")
        #expect(app.model.warnings.count == 3, "\(app.model.warnings)")
    }

    // MARK: 23. The app acting while a change it did not make still animates

    /// What the person or the app changes through UIKit itself, PageKit follows, and the
    /// queue waits until UIKit is done with it, as it waits for its own transitions: a
    /// request the app makes meanwhile (a network reply) runs after it, never inside it.
    enum ChangeUnderWay: String, CaseIterable, CustomStringConvertible {
        /// The person picks the list from the back button's history menu: UIKit pops,
        /// animated, with no coordinator a finger drives (NAV-11).
        case menuPop
        /// The person's swipe back, cancelled; the spring-back ends with nothing queued
        /// to say so (`animateAlongsideTransition` returning `NO`, NAV-5).
        case cancelledSwipeBack
        /// The person's swipe down, let go early; the same without a queued completion.
        case abandonedSwipeDown
        /// The person's swipe down, carried through: `viewDidDisappear` comes inside the
        /// dismissal's end, before its completion (PRE-4).
        case finishedSwipeDown
        /// The sheet's own Cancel button calls `dismiss(animated:)`: no delegate hears of
        /// it (`UIPresentationController.h`), only the root's `viewWillDisappear` and
        /// `viewDidDisappear` with `isBeingDismissed` (PRE-7).
        case cancelButton

        var description: String { rawValue }
    }

    @Test("23. a request the app makes while the person's or its own UIKit change animates runs after it, as if made once it was over: nothing overlaps, nothing is refused or lost",
          arguments: ChangeUnderWay.allCases, ["push photo", "open contact!/photo", "open contact/photo"])
    func requestWhileAChangeAnimates(change: ChangeUnderWay, request: String) async throws {
        let settled = try await appAfter(change, then: request, atOnce: false)
        let atOnce = try await appAfter(change, then: request, atOnce: true)
        #expect(atOnce.path == settled.path)
        #expect(atOnce.model.exceptions.isEmpty && atOnce.model.warnings.isEmpty && atOnce.timeouts.isEmpty,
                "\(atOnce.model.exceptions) \(atOnce.model.warnings) \(atOnce.timeouts)")
        #expect(atOnce.model.maxTransitionsInFlight == 1)
    }

    /// An app on `/tab#contact/list/detail` (or with `detail` in a sheet over contact,
    /// for the sheet's changes) that undergoes `change`, then makes `request`: at once,
    /// after a turn, or once everything has settled. The request must succeed.
    private func appAfter(_ change: ChangeUnderWay, then request: String, atOnce: Bool) async throws -> UIKitModelApp {
        var behaviour = UIKitModel.Behaviour()
        behaviour.alongsideQueued = false
        let app = UIKitModelApp(behaviour: behaviour)
        let onStack = change == .menuPop || change == .cancelledSwipeBack
        try await app.open("app://tab/contact\(onStack ? "/" : "!/")detail")
        switch change {
        case .menuPop: #expect(app.contact.personPicksFromBackMenu(app.list))
        case .cancelledSwipeBack: try #require(app.contact.personSwipesBack()).cancel()
        case .abandonedSwipeDown, .finishedSwipeDown, .cancelButton:
            let presented = try #require(app.tabs.presentedViewController as? ModelNavigationController)
            if change == .cancelButton {
                presented.dismiss(animated: true)
            } else {
                let swipe = try #require(presented.personSwipesDown())
                if change == .finishedSwipeDown { swipe.finish() } else { swipe.abandon() }
            }
        }
        await Task.yield()
        app.model.turn()
        if !atOnce { await app.run() }
        let made = switch request {
        case "push photo": app.navigator.push(PageComponent("photo"))
        case "open contact!/photo": app.navigator.request("app://tab/contact!/photo")
        default: app.navigator.request("app://tab/contact/photo")
        }
        await app.run()
        let succeeded = made.result.map { if case .success = $0 { true } else { false } } ?? false
        #expect(succeeded, "\(atOnce ? "at once" : "settled"): \(String(describing: made.result)) \(app.model.warnings) \(app.model.callbacks.suffix(14))")
        return app
    }
}

/// A page that takes its own presentation controller's delegate slot in `viewDidLoad`,
/// as pages do to learn of their dismissal, and logs what it hears.
@MainActor
final class SlotTakingPage: ModelScreen, ModelPresentationDelegate {
    private(set) var messages: [String] = []

    init(_ model: UIKitModel, _ name: String) {
        super.init(model, name)
    }

    override func viewDidLoad() {
        presentationDelegate = self
    }

    func presentationControllerShouldDismiss(_ presented: ModelViewController) -> Bool {
        messages.append("shouldDismiss")
        return true
    }

    func presentationControllerWillDismiss(_ presented: ModelViewController) {
        messages.append("willDismiss")
    }

    func presentationControllerDidDismiss(_ presented: ModelViewController) {
        messages.append("didDismiss")
    }
}

/// The UIKit layer's sources, read as text: what Linux can check of files it cannot
/// compile.
enum UIKitSources {
    static func read(_ file: String) throws -> String {
        let here = URL(fileURLWithPath: #filePath)
        let url = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PageKitContainers/UIKit/\(file)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The Swift names of the functions declared in `source`: `name(label:label:)`.
    static func functionNames(in source: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(source)
        while let range = rest.range(of: "func ") {
            rest = rest[range.upperBound...]
            guard let open = rest.firstIndex(of: "(") else { break }
            let name = rest[..<open].trimmingCharacters(in: .whitespaces)
            var depth = 0
            var index = open
            var parameters = ""
            while index < rest.endIndex {
                let character = rest[index]
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                parameters.append(character)
                index = rest.index(after: index)
                if depth == 0 { break }
            }
            let labels = splitParameters(String(parameters.dropFirst().dropLast())).map { parameter -> String in
                let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                return head.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").first.map(String.init) ?? ""
            }
            names.insert("\(name)(" + labels.filter { !$0.isEmpty }.map { "\($0):" }.joined() + ")")
            rest = rest[index...]
        }
        return names
    }

    /// Splits a parameter list at its top-level commas.
    private static func splitParameters(_ list: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in list {
            if "([<".contains(character) { depth += 1 }
            if ")]>".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parts.append(current) }
        return parts
    }
}

extension UIKitFidelityTests {
    // MARK: 24. Touches while a presentation runs

    /// UIKit ignores touches while a presentation it was asked for runs (rdar 41217893):
    /// before the model did, a finger took a sheet still sliding in, before PageKit watched
    /// it (PRE-8). A swipe let go of left the sheet shown while the history named the path
    /// under it; a `!/` sheet swiped away was reported as the app's dismissal.
    @Test("24. a finger on a sheet still sliding in is ignored; once it is in, the swipe is seen and recorded",
          arguments: ["!compose", "!/compose"])
    func swipeOnASheetSlidingIn(_ sheetLink: String) async throws {
        let app = UIKitModelApp()
        let opening = app.navigator.request(try PagePath(parsing: "app://tab/contact" + sheetLink))
        for _ in 0..<6 {
            await Task.yield()
            app.model.turn()
        }
        let sheet = try #require(app.tabs.presentedViewController)
        #expect(sheet.isBeingPresented && app.model.isIgnoringTouches)
        #expect(sheet.personSwipesDown() == nil, "UIKit ignores the finger while the sheet slides in")
        #expect(app.model.callbacks.last?.hasPrefix("touch ignored: swipe down") == true)
        await app.run()
        #expect(opening.isResolved && !app.model.isIgnoringTouches)
        let path = "/tab#contact/list" + (sheetLink == "!compose" ? "!compose" : "!/compose")
        #expect(app.path == path && app.navigator.history.last?.description == path)
        _ = app.takeChanges()

        let swipe = try #require(sheet.personSwipesDown(), "once in, the sheet follows the finger")
        swipe.finish()
        await app.run()
        let name = sheetLink == "!compose" ? "compose" : "stack"
        #expect(app.takeChanges() == ["dismissed [\(name)] by the user"])
        #expect(app.path == "/tab#contact/list" && app.navigator.history.last?.description == "/tab#contact/list")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty && app.timeouts.isEmpty)
    }

    @Test("24. while the app's dismissal runs, the person's back and tab taps do nothing; after it, they work")
    func tapsDuringADismissal() async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/person_detail(id=5)!compose")
        _ = app.takeChanges()
        let closing = app.navigator.request("app://tab/contact/person_detail(id=5)")
        for _ in 0..<6 {
            await Task.yield()
            app.model.turn()
        }
        #expect(app.model.isIgnoringTouches, "the sheet is being dismissed")
        app.contact.personTapsBack()
        #expect(!app.tabs.personTaps(1))
        await app.run()
        #expect(closing.isResolved)
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.takeChanges().isEmpty, "neither tap reached UIKit")

        app.contact.personTapsBack()
        await app.run()
        #expect(app.tabs.personTaps(1))
        await app.run()
        #expect(app.takeChanges() == ["popped [person_detail(id=5)] by the user", "selected [settings] by the user"])
        #expect(app.path == "/tab#settings")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 25. The app's own assignments

    /// A storyboard's Show segue calls `show(_:sender:)`, which a navigation controller
    /// answers with a push; `QueueNavigationController` makes it its queued push, so a
    /// segue during a deep link's push waits instead of nesting animations.
    @Test("25. the app's show(_:sender:), as a Show segue calls it, waits for the running push, then is announced as the app's",
          arguments: [ModelNavigationController.Kind.queue, .plain])
    func appShowsAViewController(kind: ModelNavigationController.Kind) async throws {
        let app = UIKitModelApp(stackKind: kind)
        _ = app.takeChanges()
        let push = app.navigator.request("app://tab/contact/person_detail?id=5")
        await Task.yield()
        app.model.turn()
        #expect(!app.queue.isIdle, "the push animates")
        app.contact.appShows(ModelScreen(app.model, "detail"))
        await app.run()
        #expect(push.isResolved)
        if kind == .queue {
            #expect(push.errorCode == nil)
            #expect(app.contact.viewControllers.map(\.title) == ["list", "person_detail", "detail"])
            #expect(app.takeChanges() == ["pushed [detail] by the app"])
            #expect(app.navigator.history.last?.description == "/tab#contact/list/person_detail(id=5)/detail")
            #expect(app.model.warnings.isEmpty && app.model.maxTransitionsInFlight == 1)
        } else {
            #expect(!app.model.warnings.isEmpty, "a plain UINavigationController nests the animations: \(app.model.warnings)")
        }
    }

    /// Apple documents assigning `viewControllers` as `setViewControllers(_:animated:)`
    /// with `false`; `QueueNavigationController` makes it exactly that, so it waits its
    /// turn whether or not UIKit's own setter goes through the method.
    @Test("25. the app's assignment of viewControllers waits for the running push, then is announced as the app's")
    func appAssignsViewControllers() async throws {
        let app = UIKitModelApp()
        _ = app.takeChanges()
        let push = app.navigator.request("app://tab/contact/person_detail?id=5")
        await Task.yield()
        app.model.turn()
        #expect(!app.queue.isIdle, "the push animates")
        app.contact.appAssigns([app.list, ModelScreen(app.model, "detail")])
        await app.run()
        #expect(push.isResolved && push.errorCode == nil)
        #expect(app.contact.viewControllers.map(\.title) == ["list", "detail"])
        #expect(app.takeChanges() == ["replaced [list, detail] by the app"])
        #expect(app.navigator.history.last?.description == "/tab#contact/list/detail")
        #expect(app.model.warnings.isEmpty && app.model.maxTransitionsInFlight == 1)
    }

    /// What UIKit raises on (NAV-8, NAV-9), the app's own calls on a
    /// `QueueNavigationController` refuse at their turn with a typed error. The calls
    /// return nothing, so the refusal reaches the app as a `failed` event of the app's:
    /// it used to for a view controller pushed twice only, and a view controller held by
    /// another stack, or a stack set empty, was refused without a word.
    @Test("25. the app's push or stack that UIKit would raise on is refused at its turn and announced as a failure of the app's",
          arguments: ["twice", "held elsewhere", "set with one held elsewhere", "set with one twice", "set empty"])
    func appChangeUIKitWouldRaiseOn(_ change: String) async throws {
        let app = UIKitModelApp()
        try await app.open("app://tab/contact/list/person_detail(id=5)")
        _ = app.takeChanges()
        let before = app.contact.viewControllers.map(\.title)
        let held = ModelScreen(app.model, "held")
        let other = ModelNavigationController(app.model, name: "other", root: [held], queue: app.queue)
        let expected: NavigationError.Code = change == "set empty" ? .outOfRange : .alreadyInHierarchy
        switch change {
        case "twice":
            let detail = ModelScreen(app.model, "detail")
            app.contact.pushViewController(detail, animated: true)
            app.contact.pushViewController(detail, animated: true)
        case "held elsewhere":
            app.contact.pushViewController(held, animated: true)
        case "set with one held elsewhere":
            app.contact.setViewControllers([app.list, held], animated: true)
        case "set with one twice":
            let detail = ModelScreen(app.model, "detail")
            app.contact.setViewControllers([app.list, detail, detail], animated: true)
        default:
            app.contact.setViewControllers([], animated: true)
        }
        await app.run()
        #expect(app.model.exceptions.isEmpty, "UIKit would have raised: \(app.model.exceptions)")
        #expect(app.model.warnings.isEmpty && app.timeouts.isEmpty)
        #expect(other.viewControllers.first === held && held.parent === other, "what another stack holds stays there")
        let failures = app.events.compactMap { event -> (NavigationError.Code, NavigationSource)? in
            if case .failed(let error) = event.kind { return (error.code, event.source) }
            return nil
        }
        #expect(failures.map(\.0) == [expected] && failures.map(\.1) == [.app], "\(app.events)")
        if change == "twice" {
            #expect(app.contact.viewControllers.map(\.title) == before + ["detail"], "the first push ran")
        } else {
            #expect(app.contact.viewControllers.map(\.title) == before, "nothing changed")
        }
        #expect(app.navigator.history.last?.description == app.path)
    }

    /// UIKit tells no delegate when the app sets a tab bar controller's tabs, and reselects
    /// by its documented rule (the tab selected before, else the same index, else the first;
    /// Apple's documentation of `viewControllers`): the tabs the history named could be gone
    /// unannounced. `PageTabBarController` overrides both ways to set them.
    @Test("25. the app's own setting of the tabs is announced and recorded as the app's, whichever tab UIKit reselects",
          arguments: [false, true])
    func appSetsTabs(tapSelectsThroughSetter: Bool) async throws {
        let (app, behaviour) = try await Self.appShowingPerson(tapSelectsThroughSetter: tapSelectsThroughSetter)
        let photos = ModelNavigationController(app.model, name: "photos", root: [ModelScreen(app.model, "photo")],
                                               queue: TransitionQueue(clock: app.model.clock))
        app.tabs.appSetsTabs([app.settings, app.contact, photos], animated: true)
        #expect(app.takeChanges() == ["replaced [settings, contact, photos] by the app"], "the selected tab moved, and stays")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.navigator.history.last?.description == app.path)

        app.tabs.appSetsTabs([app.settings, photos], animated: false)
        #expect(app.tabs.selectedViewController === photos, "UIKit selects the same index when the selected tab is gone")
        #expect(app.takeChanges() == ["replaced [settings, photos] by the app"])
        #expect(app.path == "/tab#photos/photo" && app.navigator.history.last?.description == app.path)

        app.tabs.appSetsTabs([app.settings, photos], animated: false)
        #expect(app.takeChanges().isEmpty, "the same tabs again change nothing")

        // The new tab's stack is on the navigator's queue: the person's pop there is heard.
        try await app.open("app://tab/photos/photo/detail")
        _ = app.takeChanges()
        #expect(photos.transitionQueue === app.queue)
        photos.personTapsBack()
        await app.run()
        #expect(app.takeChanges() == ["popped [detail] by the user"])
        #expect(app.path == "/tab#photos/photo" && app.navigator.history.last?.description == app.path)

        app.tabs.appSetsTabs([app.contact], animated: false)
        #expect(app.takeChanges() == ["replaced [contact] by the app"], "an index past the end selects the first tab")
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)

        // A plain UITabBarController has no override PageKit sees: the next request notices.
        let plain = UIKitModelApp(behaviour: behaviour, tabKind: .plain)
        plain.tabs.appSetsTabs([plain.settings], animated: false)
        #expect(plain.takeChanges().isEmpty)
    }

    // MARK: 26. The person while a page's data loads

    /// The app on a contact stack of `kind`, at person 5, with a request for `loaded(id=1)`
    /// over it waiting for its data.
    static func loading(on kind: ModelNavigationController.Kind) async throws
        -> (UIKitModelApp, ManualLoads, NavigationRequest) {
        let app = UIKitModelApp(stackKind: kind)
        let loads = ManualLoads()
        let model = app.model
        try app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in
            ModelScreen(model, "loaded", intent.component.parameters)
        }
        try await app.open("app://tab/contact/person_detail?id=5")
        _ = app.takeChanges()
        let loading = app.navigator.request("app://tab/contact/person_detail(id=5)/loaded(id=1)")
        #expect(await yieldUntil(limit: 100_000) { !loads.pending.isEmpty })
        return (app, loads, loading)
    }

    /// A `QueueNavigationController` queues the person's pop, which used to wait for the
    /// load, then undo what the request showed. (A plain `UINavigationController` reports
    /// nothing the person does: see the next test.)
    @Test("26. the person's back taps while a page's data loads end the loading request at once: the back runs, and nothing is pushed then popped")
    func backTapsDuringALoad() async throws {
        let (app, loads, loading) = try await Self.loading(on: .queue)

        app.contact.personTapsBack()
        app.contact.personTapsBack()
        await app.run()
        #expect(loading.errorCode == .cancelled, "\(String(describing: loading.result))")
        #expect(app.contact.viewControllers.map(\.title) == ["list"], "one back, at once")
        #expect(!loads.complete("loaded(id=1)", with: "late"), "its load was cancelled")
        await app.run()
        #expect(app.path == "/tab#contact/list")
        #expect(app.takeChanges() == ["popped [person_detail(id=5)] by the user"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    /// A plain `UINavigationController` reports nothing the person does: its back pops at
    /// once, under the loading request, which used to plan again once the load ended and
    /// push the popped page back with its own.
    @Test("26. a plain navigation controller's back during a load: the request finds the screen changed and ends, pushing nothing back")
    func plainBackDuringALoad() async throws {
        let (app, loads, loading) = try await Self.loading(on: .plain)
        let model = app.model

        app.contact.personTapsBack()
        // The pop animates; a few turns, well within the load's time-out.
        for _ in 0..<4 {
            await Task.yield()
            model.turn()
            model.advance(by: model.duration)
        }
        #expect(app.contact.viewControllers.map(\.title) == ["list"], "UIKit popped at once")
        #expect(loads.complete("loaded(id=1)", with: "value"))
        await app.run()
        #expect(loading.errorCode == .cancelled, "\(String(describing: loading.result))")
        #expect(app.contact.viewControllers.map(\.title) == ["list"], "nothing pushed back")
        #expect(app.path == "/tab#contact/list")
        #expect(app.takeChanges() == ["noticed [] by the app"])
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty && app.timeouts.isEmpty)
    }

    // MARK: 27. A plain navigation controller's own transitions

    /// UIKit runs a plain navigation controller's back at once and tells PageKit nothing;
    /// a change PageKit starts inside that animation nests in it (NAV-3: the coordinator is
    /// vended while it runs).
    @Test("27. a request on a plain navigation controller whose back animates waits for it, then moves: no nested pop")
    func plainBackThenRequest() async throws {
        let app = UIKitModelApp(stackKind: .plain)
        try await app.open("app://tab/contact/person_detail(id=1)/home_page(id=2)")
        _ = app.takeChanges()
        app.contact.personTapsBack()
        #expect(app.contact.transitionCoordination != nil, "the person's pop animates")
        let request = app.navigator.request("app://tab/contact/list")
        await app.run()
        _ = try await request.outcome()
        #expect(app.model.exceptions.isEmpty && app.model.warnings.isEmpty, "\(app.model.warnings)")
        #expect(app.contact.viewControllers.map(\.title) == ["list"])
        #expect(app.path == "/tab#contact/list")
        #expect(app.takeChanges() == ["noticed [] by the app"], "the person's back, seen as the request began")
        #expect(app.timeouts.isEmpty)
    }

    /// NAV-4: after `animate(alongsideTransition:)` returned `false` the completion may
    /// never come, and a plain navigation controller sends PageKit no `didShow`: the
    /// coordinator going away (NAV-3) is the one sign left that the push ended.
    @Test("27. a push on a plain navigation controller whose coordinator completion never comes ends when the coordinator goes, not at the time-out")
    func plainPushWithLostCompletion() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.alongsideQueued = false
        behaviour.completionAfterFalse = false
        let app = UIKitModelApp(behaviour: behaviour, stackKind: .plain)
        let request = app.navigator.request("app://tab/contact/person_detail(id=1)")
        await Task.yield()
        // The push animates for the model's duration; then a few frames at most.
        for _ in 0..<3 {
            app.model.advance(by: app.model.duration)
            await Task.yield()
        }
        #expect(request.isResolved, "ended once the coordinator went, well before the queue's time-out")
        _ = try await request.outcome()
        #expect(app.contact.viewControllers.map(\.title) == ["list", "person_detail"])
        #expect(app.timeouts.isEmpty && app.model.warnings.isEmpty)
    }

    /// The same wait for a transition PageKit did not start: the person's swipe on a plain
    /// navigation controller, whose coordinator's completion may not come after `false`.
    @Test("27. a request waiting out the person's swipe on a plain navigation controller starts when the coordinator goes, though its completion never comes")
    func plainSwipeWithLostCompletion() async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.alongsideQueued = false
        behaviour.completionAfterFalse = false
        let app = UIKitModelApp(behaviour: behaviour, stackKind: .plain)
        try await app.open("app://tab/contact/person_detail(id=1)/home_page(id=2)")
        let swipe = try #require(app.contact.personSwipesBack())
        let request = app.navigator.request("app://tab/contact/list")
        await Task.yield()
        swipe.finish()
        for _ in 0..<4 {
            app.model.advance(by: app.model.duration)
            await Task.yield()
        }
        #expect(request.isResolved, "started once the swipe's coordinator went, well before the queue's time-out")
        _ = try await request.outcome()
        #expect(app.contact.viewControllers.map(\.title) == ["list"])
        #expect(app.timeouts.isEmpty && app.model.warnings.isEmpty)
    }
}

/// An alert after which the app presents the next one, as it disappears.
@MainActor
final class ReplacedAlert: ModelViewController {
    var next: (@MainActor () -> Void)?

    override func viewDidDisappear() {
        next?()
        next = nil
    }
}
