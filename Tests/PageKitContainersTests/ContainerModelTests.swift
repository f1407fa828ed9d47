import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// The container models with no view: ending at once, or timed by a driver.
@MainActor
@Suite("Container models without a view", .timeLimit(.minutes(10)))
struct ContainerModelTests {
    private func done() -> TransitionCompletion { TransitionCompletion { _ in } }

    @Test("a stack changes at once and reports the end through its driver")
    func stackPrimitives() {
        let clock = ManualTransitionClock()
        let recorder = RecordingTransitionDriver(next: ClockTransitionDriver(clock: clock))
        let a = PlainPage("a"), b = PlainPage("b"), c = PlainPage("c")
        let stack = PageStackModel(name: "s", pages: [a], queue: TransitionQueue(clock: clock), ending: .driver(recorder))
        var ended = 0
        stack.push([b, c], animated: true, style: .default, completion: TransitionCompletion { _ in ended += 1 })
        #expect(stack.pages.map(\.pageName) == ["a", "b", "c"], "the model changes when the transition starts")
        #expect(ended == 0)
        clock.advance(by: .milliseconds(350))
        #expect(ended == 1)
        stack.pop(to: a, animated: false, style: .default, completion: TransitionCompletion { _ in ended += 1 })
        #expect(ended == 2, "not animated: completes at once")
        stack.setStack([c], animated: false, style: .default, completion: done())
        #expect(stack.pages.map(\.pageName) == ["c"])
        #expect(recorder.takeLog() == [
            "push [b, c] in s (animated)", "pop [b, c] in s", "setStack [c] in s",
        ])
        var failure: NavigationError.Code?
        stack.pop(to: a, animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .staleHierarchy)
        stack.setStack([], animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .outOfRange)
        #expect(stack.pages.map(\.pageName) == ["c"])
    }

    @Test("queued pushes and pops run in turn and are checked against the stack at their turn")
    func queuedOperations() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let driver = ClockTransitionDriver(clock: clock)
        let root = PlainPage("root")
        let stack = PageStackModel(name: "s", pages: [root], queue: queue, ending: .driver(driver))
        let first = stack.queued.push(PlainPage("a"))
        let second = stack.queued.push(PlainPage("b"))
        let pop = stack.queued.pop()
        let popTooFar = stack.queued.popToRoot()
        let popMore = stack.queued.pop()
        #expect(stack.pages.map(\.pageName) == ["root", "a"])
        clock.advance(by: .milliseconds(350))
        #expect(first.isResolved && !second.isResolved)
        #expect(stack.pages.map(\.pageName) == ["root", "a", "b"])
        clock.advance(by: .milliseconds(350))
        #expect(stack.pages.map(\.pageName) == ["root", "a"], "pop takes the top at its turn: b")
        clock.advance(by: .milliseconds(350))
        #expect(pop.isResolved && !popTooFar.isResolved)
        #expect(stack.pages.map(\.pageName) == ["root"], "pop to root has started: its animation runs")
        clock.advance(by: .milliseconds(350))
        #expect(popTooFar.isResolved)
        #expect(popMore.errorCode == .outOfRange, "only the root is left at its turn")
        #expect(driver.maxInFlight == 1)
        #expect(queue.isIdle)
    }

    @Test("a queued replacement of the whole stack waits its turn, keeps the pages it names, and refuses an empty stack")
    func queuedSetStack() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let driver = ClockTransitionDriver(clock: clock)
        let root = PlainPage("root")
        let stack = PageStackModel(name: "s", pages: [root], queue: queue, ending: .driver(driver))
        let push = stack.queued.push(PlainPage("a"))
        let other = PlainPage("other")
        let set = stack.queued.setStack([other, root])
        let empty = stack.queued.setStack([])
        #expect(stack.pages.map(\.pageName) == ["root", "a"], "the push runs; the replacement waits")
        clock.advance(by: .milliseconds(350))
        #expect(push.isResolved && !set.isResolved)
        #expect(stack.pages.map(\.pageName) == ["other", "root"])
        clock.advance(by: .milliseconds(350))
        #expect(set.isResolved && set.errorCode == nil)
        #expect(stack.pages[1] === root, "the root is moved, not made again")
        #expect(empty.errorCode == .outOfRange, "a stack cannot be empty")
        #expect(stack.pages.map(\.pageName) == ["other", "root"])
        #expect(driver.maxInFlight == 1)
        #expect(queue.isIdle)
    }

    @Test("the person's swipe back holds the queue: cancelled leaves the stack, finished removes the top")
    func interactivePop() throws {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let stack = PageStackModel(name: "s", pages: [PlainPage("a"), PlainPage("b")], queue: queue, ending: .atOnce)
        let swipe = try stack.beginSwipeBack()
        let push = stack.queued.push(PlainPage("c"))
        #expect(!push.isResolved, "waits while the finger is down")
        #expect { try stack.beginSwipeBack() } throws: { ($0 as? NavigationError)?.code == .busy }
        swipe.cancel()
        #expect(push.isResolved)
        #expect(stack.pages.map(\.pageName) == ["a", "b", "c"])
        let second = try stack.beginSwipeBack()
        let pop = stack.queued.pop()
        second.finish()
        second.finish()
        #expect(stack.pages.map(\.pageName) == ["a"], "finished removes c, then the queued pop removes b")
        #expect(pop.isResolved)
        #expect { try stack.beginSwipeBack() } throws: { ($0 as? NavigationError)?.code == .outOfRange }
    }

    @Test("the person's swipe back cannot begin while a transition runs")
    func interactiveWhileBusy() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let stack = PageStackModel(name: "s", pages: [PlainPage("a"), PlainPage("b")], queue: queue,
                                   ending: .driver(ClockTransitionDriver(clock: clock)))
        stack.queued.push(PlainPage("c"))
        #expect(throws: NavigationError.self) { try stack.beginSwipeBack() }
        clock.advance(by: .milliseconds(350))
        #expect(throws: Never.self) { try stack.beginSwipeBack().cancel() }
    }

    @Test("a gesture a stack refuses says so, naming no open")
    func refusedGestureWording() throws {
        let queue = TransitionQueue(clock: ManualTransitionClock())
        let stack = PageStackModel(name: "contact", pages: [PlainPage("list")], queue: queue, ending: .atOnce)
        let error = try #require(throws: NavigationError.self) { try stack.userTapsBack() }
        #expect(error.code == .outOfRange)
        #expect(error.description == "failed at `contact`: there is no page to go back to")
        let swipe = try #require(throws: NavigationError.self) { try stack.beginSwipeBack() }
        #expect(swipe.description == "failed at `contact`: there is no page to swipe back to")
    }

    @Test("tabs select and add, and refuse what they cannot do")
    func tabs() throws {
        let a = PlainPage("a"), b = PlainPage("b")
        let tabs = PageTabModel(name: "t", tabs: [a, b], selectedIndex: 5, queue: TransitionQueue(), ending: .atOnce)
        #expect(tabs.visiblePage === a, "an out-of-range selection falls back to the first tab")
        tabs.selectTab(b, animated: false, completion: done())
        #expect(tabs.visiblePage === b)
        var failure: NavigationError.Code?
        tabs.addTab(PlainPage("c"), animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .cannotShow)
        tabs.acceptsNewTabs = true
        tabs.addTab(PlainPage("c"), animated: false, style: .default, completion: done())
        #expect(tabs.tabs.map(\.pageName) == ["a", "b", "c"])
        #expect(tabs.visiblePage?.pageName == "c")
        tabs.selectTab(PlainPage("x"), animated: false, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .staleHierarchy)
        try tabs.userSelectsTab(0)
        #expect(tabs.visiblePage === a)
        #expect(throws: NavigationError.self) { try tabs.userSelectsTab(7) }
    }

    @Test("a modal belongs to its level: recorded under the level's root, one per level")
    func hostLevels() {
        let queue = TransitionQueue()
        let inner = PlainPage("inner")
        let stack = PageStackModel(name: "s", pages: [PlainPage("a"), inner], queue: queue, ending: .atOnce)
        let root = PageTabModel(name: "root", tabs: [stack], queue: queue, ending: .atOnce)
        let host = PageHostModel(queue: queue, ending: .atOnce)
        host.install(root: root)
        let sheet = PageStackModel(pages: [PlainPage("m")], queue: queue, ending: .atOnce)
        host.present(sheet, from: inner, animated: false, style: .default, completion: done())
        #expect(host.presentedPage(of: root) === sheet)
        #expect(host.presentedPage(of: inner) == nil)
        var failure: NavigationError.Code?
        host.present(PlainPage("second"), from: stack, animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .cannotShow, "the level already presents a page")
        weak var weakNested: PlainPage?
        do {
            let nested = PlainPage("nested")
            weakNested = nested
            host.present(nested, from: sheet.pages[0], animated: false, style: .default, completion: done())
            #expect(host.presentedPage(of: sheet) === nested, "recorded under the modal's level root")
        }
        #expect(weakNested != nil, "the host holds what it presents")
        host.dismissPage(presentedBy: root, animated: false, style: .default, completion: done())
        #expect(host.presentedPage(of: root) == nil)
        #expect(host.presentedPage(of: sheet) == nil, "dismissing a modal dismisses what it presents")
        #expect(weakNested == nil, "and frees it")
        host.dismissPage(presentedBy: root, animated: false, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .staleHierarchy)
    }

    @Test("a host without a root records a modal under its presenter")
    func hostWithoutRoot() {
        let host = PageHostModel(queue: TransitionQueue(), ending: .atOnce)
        let presenter = PlainPage("p")
        host.present(PlainPage("m"), from: presenter, animated: false, style: .default, completion: done())
        #expect(host.presentedPage(of: presenter)?.pageName == "m")
    }

    @Test("a stack with a queue of its own gets the navigator's steps queued behind its own work")
    func ownQueue() async throws {
        let clock = ManualTransitionClock()
        let stackQueue = TransitionQueue(clock: clock)
        let driver = ClockTransitionDriver(clock: clock)
        let stack = PageStackModel(name: "s", pages: [PlainPage("a")], queue: stackQueue, ending: .driver(driver))
        let queue = TransitionQueue(clock: clock)
        let navigator = Navigator(root: stack, host: PageHostModel(queue: queue, ending: .driver(driver)), queue: queue)
        navigator.registry.replace("b") { _ in PlainPage("b") }
        stack.queued.push(PlainPage("own"))
        let request = navigator.request(try PagePath(parsing: "/s/b"))
        #expect(stack.pages.map(\.pageName) == ["a", "own"], "the navigator's push waits for the stack's own")
        clock.advance(by: .milliseconds(350))
        #expect(stack.pages.map(\.pageName) == ["a", "own", "b"])
        clock.advance(by: .milliseconds(350))
        #expect(request.isResolved)
        #expect(driver.maxInFlight == 1)
    }
}

@MainActor
@Suite("Lifetimes in the queue", .timeLimit(.minutes(10)))
struct QueueLifetimeTests {
    @Test("a page popped while a transition naming it is queued is freed, and the transition fails cleanly")
    func poppedWhileQueued() {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let stack = PageStackModel(name: "s", pages: [PlainPage("root")], queue: queue,
                                   ending: .driver(ClockTransitionDriver(clock: clock)))
        weak var weakPage: PlainPage?
        let popTo: TransitionTicket
        do {
            let page = PlainPage("doomed")
            weakPage = page
            stack.push([page], animated: false, style: .default, completion: TransitionCompletion { _ in })
            stack.queued.pop()  // Runs now: the page leaves the stack, its animation in flight.
            popTo = stack.queued.pop(to: page)  // Queued behind it, naming the page.
        }
        #expect(weakPage == nil, "the queued operation does not keep it alive")
        clock.advance(by: .milliseconds(350))
        #expect(popTo.errorCode == .staleHierarchy)
    }

    @Test("a stack freed while the person's swipe holds the queue lets go of it at once; what waited fails")
    func stackFreedMidSwipe() async {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        weak var freed: PageStackModel?
        var deferred: Result<Void, any Error>?
        let waiting: TransitionTicket
        do {
            let stack = PageStackModel(name: "s", pages: [PlainPage("root"), PlainPage("top")], queue: queue)
            freed = stack
            stack.swipeBackBegan()
            #expect(queue.isInteracting)
            // A change that reaches the stack mid-swipe waits for the swipe; one asked of
            // the queue waits in it.
            stack.push([PlainPage("late")], animated: true, style: .default,
                       completion: TransitionCompletion { deferred = $0 })
            waiting = stack.queued.push(PlainPage("queued"))
        }
        #expect(freed == nil, "neither the hold nor what waits keeps the stack alive")
        // No time passes: the interaction's time-out (30 seconds) is not what ends it.
        #expect(await yieldUntil { !queue.isInteracting && waiting.isResolved })
        #expect(waiting.errorCode == .staleHierarchy)
        guard case .failure(let error as NavigationError)? = deferred else {
            Issue.record("the change that waited for the swipe did not end: \(String(describing: deferred))")
            return
        }
        #expect(error.code == .staleHierarchy)
        #expect(queue.isIdle)
    }

    @Test("a navigation controller taken out of the window and freed while the person's swipe holds the queue lets go of it at once")
    func navigationControllerFreedMidSwipe() async {
        let model = UIKitModel()
        let queue = TransitionQueue(clock: model.clock)
        weak var freed: ModelNavigationController?
        do {
            let stack = ModelNavigationController(model, name: "s", root: [ModelViewController(model, title: "root"),
                                                                          ModelViewController(model, title: "top")],
                                                  queue: queue)
            freed = stack
            model.root = stack
            #expect(stack.personSwipesBack() != nil)
            #expect(queue.isInteracting)
            // The app's push waits in the queue behind the swipe.
            stack.pushViewController(ModelViewController(model, title: "late"), animated: true)
            #expect(queue.pendingCount == 1)
            // The app puts another screen in the window mid-swipe.
            model.root = ModelViewController(model, title: "other")
        }
        #expect(freed == nil, "neither the hold nor the push that waits keeps the controller alive")
        // No time passes: the interaction's time-out (30 seconds) is not what ends it.
        #expect(await yieldUntil { queue.isIdle })
        #expect(queue.pendingCount == 0)
    }

    @Test("no event reaches a freed page's handler, and no response waits on a freed page")
    func freedPagesReceiveNothing() async throws {
        let fixture = Fixture()
        weak var weakDetail: TestPage?
        var delivered = 0
        do {
            let detail = TestPage("person_detail", ["id": "9"])
            weakDetail = detail
            detail.containedPages = [EventHandler("handler", owner: detail) { _, _ in delivered += 1 }]
            fixture.contact.push([detail], animated: false, style: .default, completion: TransitionCompletion { _ in })
            try await fixture.navigator.open("app://tab/contact/person_detail/handler?id=9")
            #expect(delivered == 1)
        }
        try await fixture.navigator.open("app://tab/contact/list")
        #expect(weakDetail == nil)
        await #expect { try await fixture.navigator.open("app://tab/contact/person_detail/handler?id=9") } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        #expect(delivered == 1)
    }

    @Test("models given a queue other than the navigator's still report the person's changes to it")
    func modelsOnAnotherQueueAreListenedTo() throws {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let other = TransitionQueue(clock: clock)
        let stack = PageStackModel(name: "contact", pages: [PlainPage("list"), PlainPage("detail")], queue: other,
                                   ending: .atOnce)
        let tabs = PageTabModel(name: "tab", tabs: [stack, PlainPage("settings")], queue: other, ending: .atOnce)
        let navigator = Navigator(root: tabs, host: PageHostModel(queue: other, ending: .atOnce), queue: queue)
        var changes: [String] = []
        let token = navigator.observe { event in
            if case .changed(let change) = event.kind { changes.append("\(change.kind) by \(change.source)") }
        }
        #expect(stack.transitionQueue === other, "a model keeps the queue it was made with")
        _ = try stack.userTapsBack()
        try tabs.userSelectsTab(1)
        #expect(changes == ["popped by the user", "selected by the user"])
        #expect(navigator.currentPath.description == "/tab#settings")
        withExtendedLifetime(token) {}
    }
}

extension TransitionTicket {
    var errorCode: NavigationError.Code? {
        if case .failure(let error) = result { return error.code }
        return nil
    }
}
