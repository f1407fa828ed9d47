import Foundation
import PageKit
import PageKitRestoration
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

@MainActor
@Suite("Opening paths through the navigator", .timeLimit(.minutes(10)))
struct NavigatorTests {
    @Test("an open runs its plan's steps through the containers, in order")
    func runsSteps() async throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose"), from: fixture.settings)
        try fixture.tabs.userSelectsTab(2)
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.open("/tab#/feed/detail", .mode(.exact).animated(false))
        #expect(fixture.recorder.takeLog() == [
            "dismiss [compose] in tab",
            "select [stack] in tab",
            "pop [post(id=1)] in stack",
            "push [detail] in stack",
        ])
        #expect(outcome.to.description == "/tab#/feed/detail")
        #expect(outcome.from.description == "/tab#settings!compose")
        #expect((outcome.target as? TestPage)?.pageName == "detail")
        #expect(fixture.made == ["detail"])
    }

    @Test("events for a multi-step open come in exact order: will start, each transition, did finish")
    func eventOrder() async throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose"), from: fixture.settings)
        try fixture.tabs.userSelectsTab(2)
        _ = fixture.recorder.takeLog()
        var trace: [String] = []
        let token = fixture.navigator.observe { event in
            trace.append(contentsOf: fixture.recorder.takeLog())
            trace.append("\(event)")
        }
        try await fixture.navigator.open("/tab#/feed/detail", .mode(.exact))
        trace.append(contentsOf: fixture.recorder.takeLog())
        #expect(trace == [
            "will start: /tab#settings!compose → /tab#/feed/detail",
            "dismiss [compose] in tab (animated)",
            "select [stack] in tab (animated)",
            "pop [post(id=1)] in stack (animated)",
            "push [detail] in stack (animated)",
            "did finish: /tab#settings!compose → /tab#/feed/detail",
        ])
        token.cancel()
    }

    @Test("requests queue in call order and each is planned when its turn comes")
    func callOrder() throws {
        let app = Fixture(animationDuration: .milliseconds(350))
        let first = app.navigator.request(try PagePath(parsing: "app://tab/contact/person_detail?id=7"))
        let second = app.navigator.request(try PagePath(parsing: "app://tab/contact/person_detail?id=8"))
        // Planned at its turn: `..` climbs from where the second request left things.
        let third = app.navigator.request(try PagePath(parsing: ".."))
        #expect(app.contact.pages.map(\.pageDescription).last == "person_detail(id=7)")
        #expect(!first.isResolved)
        app.clock.advance(by: .milliseconds(350))
        #expect(first.isResolved)
        #expect(app.contact.pages.map(\.pageDescription).last == "person_detail(id=8)")
        app.clock.advance(by: .milliseconds(350))
        #expect(second.isResolved)
        #expect(app.contact.pages.map(\.pageDescription)
            == ["list", "person_detail(id=5)", "home_page(id=5)", "person_detail(id=7)"])
        app.clock.advance(by: .milliseconds(350))
        #expect(third.isResolved)
        #expect(app.timedDriver?.maxInFlight == 1)
    }

    @Test("the queue's cancelAll stops a running open after the step that runs, and cancels the requests behind it")
    func cancelAllWhileRunning() throws {
        let app = Fixture(animationDuration: .milliseconds(350))
        let running = app.navigator.request(try PagePath(parsing: "app://tab/contact/person_detail!compose?id=7"))
        let waiting = app.navigator.request(try PagePath(parsing: "app://tab/settings"))
        #expect(app.contact.pages.map(\.pageDescription).last == "person_detail(id=7)", "the push runs")
        app.queue.cancelAll()
        #expect(Self.code(of: waiting) == .cancelled, "cancelled before it ran: \(String(describing: waiting.result))")
        #expect(!running.isResolved, "a step that has started is not cut short")
        app.clock.advance(by: .milliseconds(350))
        #expect(Self.code(of: running) == .cancelled, "\(String(describing: running.result))")
        #expect(app.host.presentedPage(of: app.tabs) == nil, "the presentation after the push never ran")
        #expect(app.navigator.currentPath.description.hasSuffix("/person_detail(id=7)"))
        #expect(app.queue.isIdle)
        app.clock.advance(by: .seconds(5))
        #expect(app.queue.isIdle && app.timedDriver?.maxInFlight == 1)
    }

    @Test("a request that ends failed or cancelled after a step changed the screen records where the screen is, and says so")
    func partialRunIsRecorded() throws {
        let app = Fixture(animationDuration: .milliseconds(350))
        var events: [NavigationEvent] = []
        let token = app.navigator.observe { events.append($0) }
        let before = app.navigator.currentPath.description
        let cancelled = app.navigator.request(try PagePath(parsing: "app://tab/contact/person_detail!compose?id=7"))
        app.queue.cancelAll()
        app.clock.advance(by: .milliseconds(350))
        #expect(Self.code(of: cancelled) == .cancelled)
        let now = app.navigator.currentPath
        #expect(now.description == before + "/person_detail(id=7)")
        #expect(app.navigator.history.last == now, "the history's last entry is the current path")
        #expect(app.navigator.history.entries.map(\.description) == [before, now.description])
        #expect(events.last?.to == now, "the event says where the screen is, not where it was going")
        // A request that fails before any step leaves the history as it was.
        app.navigator.registry.replace("compose") { _ in throw NavigationError(.refused, reason: "not today") }
        let refused = app.navigator.request(try PagePath(parsing: "app://tab/contact!compose"))
        app.clock.advance(by: .seconds(1))
        #expect(Self.code(of: refused) == .factoryFailed)
        #expect(app.navigator.history.entries.map(\.description) == [before, now.description])
        withExtendedLifetime(token) {}
    }

    /// The code of the error `request` failed with, if it did.
    static func code(of request: NavigationRequest) -> NavigationError.Code? {
        if case .failure(let error) = request.result { return error.code }
        return nil
    }

    @Test("a factory that throws fails the open before anything moves")
    func factoryFailure() async throws {
        let fixture = Fixture()
        struct Refused: Error {}
        fixture.navigator.registry.replace("compose") { _ in throw Refused() }
        let before = fixture.snapshot
        await #expect { try await fixture.navigator.open("app://tab/contact/person_detail!compose?id=5") }
            throws: { ($0 as? NavigationError)?.code == .factoryFailed }
        #expect(fixture.snapshot == before)
    }

    @Test("an invalid path is a typed error, not a crash")
    func invalidText() async {
        let fixture = Fixture()
        await #expect { try await fixture.navigator.open("app://tab//x") } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .invalidPath && error.underlying is PagePathError
        }
    }

    @Test("identifiers are assigned once, from the injected generator, and find live pages")
    func identifiers() async throws {
        let fixture = Fixture()
        let navigator = fixture.navigator
        #expect(navigator.identifier(of: fixture.list) == "page-1")
        #expect(navigator.identifier(of: fixture.detail) == "page-2")
        #expect(navigator.identifier(of: fixture.list) == "page-1")
        let own = TestPage("own", identifier: "mine")
        #expect(navigator.identifier(of: own) == "mine")
        #expect(navigator.page(identifiedBy: "page-2") === fixture.detail)
        #expect(navigator.page(identifiedBy: "page-99") == nil)
        try await navigator.open("app://tab/contact/list")
        #expect(navigator.page(identifiedBy: "page-2") == nil, "popped pages are not found")
    }

    @Test("the live tree prints with visible pages marked; a modal hangs from its level's root")
    func treeDescription() throws {
        let fixture = Fixture()
        fixture.present(TestPage("compose"), from: fixture.home)
        #expect(fixture.navigator.hierarchyDescription == """
            tab [tabs] *
            - contact [stack] *
              - list
              - person_detail(id=5)
                - handler [event handler]
                - card
              - home_page(id=5) *
            - stack [stack]
              - feed
              - post(id=1)
            - settings
            ! compose *
            """)
    }
}

@MainActor
@Suite("The current path of the live hierarchy", .timeLimit(.minutes(10)))
struct CurrentPathTests {
    @Test("the current path names every stack page and each page's own parameters")
    func export() throws {
        let fixture = Fixture()
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        #expect(fixture.navigator.currentURL(scheme: "app")
            == "app://tab/contact/list/person_detail(id=5)/home_page(id=5)")
        try fixture.tabs.userSelectsTab(1)
        #expect(fixture.navigator.currentPath.description == "/tab#/feed/post(id=1)")
        fixture.present(PageStackModel(pages: [TestPage("menu"), TestPage("item", ["n": "2"])], queue: fixture.queue),
                        from: fixture.tabs)
        #expect(fixture.navigator.currentPath.description == "/tab#/feed/post(id=1)!/menu/item(n=2)")
    }

    /// A random live hierarchy, made by opening random paths on the fixture; with a tab
    /// container in the feed stack, also selecting its tabs, by path or directly, and
    /// pushing above it.
    static func randomize(_ fixture: Fixture, _ random: inout SeededRandomNumberGenerator) async {
        let names = ["compose", "attach", "sheet", "post", "detail"]
        for _ in 0..<Int.random(in: 0...8, using: &random) {
            let name = random.pick(names)
            let id = "\(Int.random(in: 1...3, using: &random))"
            let tab = random.pick(["a", "b"])
            let kinds = fixture.friend == nil ? 7 : 10
            let presentsTabs = fixture.navigator.registry.contains("picker")
            let text = switch Int.random(in: 0..<(presentsTabs ? kinds + 3 : kinds), using: &random) {
            case 0: "app://tab/contact/\(name)(id=\(id))"
            case 1: "app://tab/feed/\(name)(id=\(id))"
            case 2: ".!\(name)(id=\(id))"
            case 3: ".!/\(name)(id=\(id))/\(random.pick(names))"
            case 4: "app://tab/settings"
            case 5: "\(name)(id=\(id))"
            case 7 where fixture.friend != nil: "/tab#/feed/friend#\(tab)"
            case 8 where fixture.friend != nil: "/tab#/feed/friend#\(tab)/\(name)(id=\(id))"
            case 9 where fixture.friend != nil:
                // Selected by the app without the navigator, buried or not: the stack is unchanged.
                { try? fixture.friend?.userSelectsTab(tab == "a" ? 0 : 1); return "." }()
            // A tab container presented, and pages pushed in its stack or its other tab selected.
            case kinds: ".!picker"
            case kinds + 1: ".!picker#inbox/mail/\(name)(id=\(id))"
            case kinds + 2: random.chance(0.5) ? "picker#recent" : "\(name)(id=\(id))"
            default: "app://tab/contact/list"
            }
            // Some random paths cannot be opened (a page outside any stack cannot push):
            // that is fine, the hierarchy just stays as it was.
            _ = try? await fixture.navigator.open(text, .animated(false))
        }
    }

    /// Runs `body` on 50 fixtures made random by seeds `seedBase * 1000 + 0..<50`; odd
    /// seeds have a tab container inside the feed stack, and every second pair of seeds
    /// presents tab containers too (`!picker#inbox/mail`).
    static func forEachRandomHierarchy(
        seedBase: Int,
        _ body: (UInt64, Fixture) async throws -> Void
    ) async throws {
        for offset in 0..<50 {
            let seed = UInt64(seedBase * 1_000 + offset)
            var random = SeededRandomNumberGenerator(seed: seed)
            let fixture = Fixture(tabsInStack: seed % 2 == 1, presentsTabs: seed % 4 >= 2)
            await randomize(fixture, &random)
            try await body(seed, fixture)
        }
    }

    @Test("a random hierarchy's current path re-opens as a no-op, in both modes", arguments: 0..<4)
    func noOp(seedBase: Int) async throws {
        try await Self.forEachRandomHierarchy(seedBase: seedBase) { seed, fixture in
            let current = fixture.navigator.currentPath
            let exact = try fixture.navigator.plan(for: current, .mode(.exact))
            let reuse = try fixture.navigator.plan(for: current)
            #expect(exact.steps.isEmpty, "seed \(seed): \(exact)")
            // Reuse searches each stack from the top, so with two pages of one name in a
            // stack it finds the upper one: a no-op only when no name repeats.
            if Set(current.components.map(\.name)).count == current.components.count {
                #expect(reuse.steps.isEmpty, "seed \(seed): \(reuse)")
            }
            let url = try PagePath(parsing: fixture.navigator.currentURL(scheme: "app"))
            #expect(try fixture.navigator.plan(for: url, .mode(.exact)).steps.isEmpty, "seed \(seed): \(url)")
        }
    }

    @Test("a path into a tab container the path makes opens on a fresh app: the rest is planned once it is made")
    func pathIntoAMadeTabContainer() async throws {
        let app = Fixture(presentsTabs: true)
        try await app.navigator.open("app://tab/contact/list!picker")
        let path = app.navigator.currentPath
        #expect(path.description == "/tab#contact/list!picker#inbox/mail")
        #expect(try app.navigator.plan(for: path, .mode(.exact)).steps.isEmpty, "where it is live, a no-op")

        // The plan is made before any factory runs: it makes `picker`, and says the rest
        // is planned inside it once made.
        let fresh = Fixture(presentsTabs: true)
        let plan = try fresh.navigator.plan(for: path, .mode(.exact))
        #expect(plan.description == """
            plan for /tab#contact/list!picker#inbox/mail (exact)
              1. pop contact to list
              2. present picker from list
              then the rest of the path, planned inside picker once it is made
            """)
        var events: [String] = []
        let token = fresh.navigator.observe { events.append("\($0.kind)") }
        let outcome = try await fresh.navigator.open(path, .mode(.exact))
        #expect(fresh.navigator.currentPath == path)
        #expect(outcome.plan.steps.map(\.description) == ["pop contact to list", "present picker from list"])
        #expect(events.filter { $0.hasPrefix("willStart") }.count == 1)
        #expect(events.filter { $0.hasPrefix("didFinish") }.count == 1)

        // The other tab, in the same request: selected once `picker` is made.
        let other = Fixture(presentsTabs: true)
        let recent = try await other.navigator.open("/tab#contact/list!picker#recent")
        #expect(other.navigator.currentPath.description == "/tab#contact/list!picker#recent")
        #expect(recent.plan.steps.map(\.description) == ["pop contact to list", "present picker from list",
                                                          "select recent in picker"])
        // And a page pushed in its stack, relative to the page on screen.
        let relative = try await other.navigator.open(".!/compose!picker#inbox/mail/detail(id=2)")
        #expect(other.navigator.currentPath.description
            == "/tab#contact/list!picker#recent!/compose!picker#inbox/mail/detail(id=2)")
        #expect(relative.target?.pageName == "detail")
        _ = token
    }

    @Test("a page made that holds no such child fails the rest with a typed error, after showing what it could")
    func madePageWithoutTheChild() async throws {
        let app = Fixture(presentsTabs: true)
        await #expect {
            try await app.navigator.open("/tab#contact/list!picker#archive")
        } throws: { error in
            (error as? NavigationError)?.code == .cannotShow
        }
        // The steps that ran stay, as after any step that fails.
        #expect(app.navigator.currentPath.description == "/tab#contact/list!picker#inbox/mail")
        await #expect {
            try await app.navigator.open("/tab#contact/list!compose#tab")
        } throws: { error in
            (error as? NavigationError)?.code == .cannotShow
        }
    }

    @Test("a random hierarchy's current path rebuilds the same hierarchy on a fresh app", arguments: 0..<4)
    func rebuild(seedBase: Int) async throws {
        try await Self.forEachRandomHierarchy(seedBase: seedBase) { seed, fixture in
            let fresh = Fixture(tabsInStack: fixture.friend != nil, presentsTabs: true)
            try await fresh.navigator.open(fixture.navigator.currentPath, .mode(.exact).animated(false))
            #expect(fresh.navigator.currentPath == fixture.navigator.currentPath, "seed \(seed)")
            // The other tabs keep the fresh app's state; the visible chain is the same, and
            // so is the tab selected in the tab container inside the feed stack when the
            // path goes through it.
            @MainActor func shown(_ app: Fixture) -> [Substring] {
                app.snapshot.split(separator: "\n").filter {
                    $0.hasPrefix("selected") || $0.hasPrefix("modals")
                        || $0.hasPrefix("friend") && app.navigator.currentPath.components.contains { $0.name == "friend" }
                }
            }
            #expect(shown(fresh) == shown(fixture), "seed \(seed)")
        }
    }

    @Test("a random hierarchy's path, opened in exact mode on another random hierarchy, makes it the same",
          arguments: 0..<4)
    func exactFromAnywhere(seedBase: Int) async throws {
        var changed = 0
        try await Self.forEachRandomHierarchy(seedBase: 20 + seedBase) { seed, target in
            // Another hierarchy, made from another seed, with a tab container in the feed
            // stack when the target has one.
            var random = SeededRandomNumberGenerator(seed: seed ^ 0xE8AC7)
            let app = Fixture(tabsInStack: target.friend != nil, presentsTabs: true)
            await Self.randomize(app, &random)
            let path = target.navigator.currentPath
            let before = app.navigator.currentPath
            let outcome = try await app.navigator.open(path, .mode(.exact).animated(false))
            #expect(app.navigator.currentPath == path, "seed \(seed): from \(before)\n\(outcome.plan)")
            // Opened again, it is a no-op.
            #expect(try app.navigator.plan(for: path, .mode(.exact)).steps.isEmpty, "seed \(seed)")
            if before != path { changed += 1 }
        }
        #expect(changed > 40, "\(changed) of 50 hierarchies changed")
    }

    @Test("an absolute path opens as canOpen says, then again as a no-op, from any random hierarchy", arguments: 0..<4)
    func reuseIsIdempotent(seedBase: Int) async throws {
        var opened = 0
        try await Self.forEachRandomHierarchy(seedBase: 30 + seedBase) { seed, fixture in
            var random = SeededRandomNumberGenerator(seed: seed ^ 0x1DE4)
            let names = ["compose", "attach", "sheet", "post", "detail"]
            func page() -> String { "\(random.pick(names))(id=\(Int.random(in: 1...3, using: &random)))" }
            for _ in 0..<4 {
                var text = random.pick(["app://tab/contact", "app://tab/contact/list", "app://tab/feed", "app://tab/settings"]
                                       + (fixture.friend == nil ? [] : ["/tab#/feed/friend#a", "/tab#/feed/friend#b"]))
                if !text.hasSuffix("settings") {
                    for _ in 0..<Int.random(in: 0...2, using: &random) { text += "/" + page() }
                }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: text += "!" + page()
                case 1: text += "!/" + page() + (random.chance(0.5) ? "/" + page() : "")
                default: break
                }
                // What `canOpen` answers is what the open does.
                let can = fixture.navigator.canOpen(text)
                let did = (try? await fixture.navigator.open(text, .animated(false))) != nil
                #expect(can == did, "seed \(seed): \(text): canOpen \(can), opened \(did)")
                // Reuse looks for each page from the top of its stack, so a page named twice in
                // a row matches the upper one the second time, as documented: left out.
                let components = try PagePath(parsing: text).components
                guard did, Set(components.map(\.description)).count == components.count else { continue }
                opened += 1
                let again = try fixture.navigator.plan(for: text)
                #expect(again.steps.isEmpty, "seed \(seed): \(text) from \(fixture.navigator.currentPath)\n\(again)")
            }
        }
        #expect(opened > 150, "\(opened) of 200 opened")
    }

    @Test("from any random hierarchy, a relative page pushed or presented adds one component, and `..` takes it off",
          arguments: 0..<2)
    func relativeThereAndBack(seedBase: Int) async throws {
        var moved = 0
        try await Self.forEachRandomHierarchy(seedBase: 40 + seedBase) { seed, fixture in
            for (separator, text) in [("/", "compose(id=9)"), ("!", ".!compose(id=9)"), ("!/", ".!/compose(id=9)")] {
                let before = fixture.navigator.currentPath
                guard (try? await fixture.navigator.open(text, .animated(false))) != nil else { continue }
                #expect(fixture.navigator.currentPath.description == "\(before)\(separator)compose(id=9)",
                        "seed \(seed): \(text) from \(before)")
                try await fixture.navigator.open("..", .animated(false))
                #expect(fixture.navigator.currentPath == before, "seed \(seed): \(text), then `..`")
                moved += 1
            }
        }
        #expect(moved > 100, "\(moved) of 150")
    }

    @Test("from any random hierarchy, an event to a handler changes nothing on screen, or fails when its owner is gone",
          arguments: 0..<2)
    func handlerChangesNothing(seedBase: Int) async throws {
        var delivered = 0
        try await Self.forEachRandomHierarchy(seedBase: 50 + seedBase) { seed, fixture in
            let before = fixture.snapshot
            let path = fixture.navigator.currentPath
            let live = fixture.contact.pages.contains { $0 === fixture.detail }
            do {
                try await fixture.navigator.open("app://tab/contact/person_detail/handler?id=5&n=\(seed)")
                #expect(live, "seed \(seed): delivered to an owner out of the hierarchy")
                #expect(fixture.handlerEvents.last?.parameter("n") == "\(seed)", "seed \(seed)")
                delivered += 1
            } catch let error as NavigationError {
                #expect(!live, "seed \(seed): \(error)")
            }
            #expect(fixture.snapshot == before, "seed \(seed)")
            #expect(fixture.navigator.currentPath == path, "seed \(seed)")
        }
        // About a third of the hierarchies still hold person_detail(id=5) in contact.
        #expect(delivered > 25, "\(delivered) of 100 delivered")
    }

    @Test("a random hierarchy's saved state survives JSON and restores its path and history on a fresh app",
          arguments: 0..<2)
    func restoreSavedState(seedBase: Int) async throws {
        try await Self.forEachRandomHierarchy(seedBase: 10 + seedBase) { seed, fixture in
            let saved = fixture.navigator.state
            #expect(saved.path == fixture.navigator.currentPath, "seed \(seed)")
            let state = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(saved))
            #expect(state == saved, "seed \(seed)")
            let fresh = Fixture(tabsInStack: fixture.friend != nil, presentsTabs: true)
            let report = try await fresh.navigator.restore(state)
            #expect(report.isComplete, "seed \(seed): \(report)")
            #expect(fresh.navigator.currentPath == fixture.navigator.currentPath, "seed \(seed)")
            #expect(fresh.navigator.history.entries == fixture.navigator.history.entries, "seed \(seed)")
        }
    }
}

@MainActor
@Suite("Pages removed from the hierarchy are freed", .timeLimit(.minutes(10)))
struct LifetimeTests {
    @Test("a popped page is freed")
    func popped() async throws {
        let fixture = Fixture()
        weak var weakHome: TestPage?
        do {
            let home = TestPage("home_page", ["id": "9"])
            weakHome = home
            fixture.contact.push([home], animated: false, style: .default, completion: TransitionCompletion { _ in })
            _ = fixture.navigator.identifier(of: home)
            _ = try fixture.navigator.plan(for: "app://tab/contact/home_page?id=9")
        }
        #expect(weakHome != nil)
        try await fixture.navigator.open("app://tab/contact/list")
        #expect(weakHome == nil)
    }

    @Test("a dismissed page, a replaced stack's pages and a made page that was popped are freed")
    func dismissedAndReplaced() async throws {
        let fixture = Fixture()
        let outcome = try await fixture.navigator.open("app://tab/contact!/compose/attach")
        weak var attach: (any Page)?
        weak var detail: TestPage?
        attach = outcome.target
        detail = fixture.detail
        #expect(attach != nil)
        try await fixture.navigator.open("/tab#contact/compose", .mode(.exact))
        #expect(attach == nil)
        // The fixture itself holds `detail`; the stack no longer does.
        #expect(detail != nil)
        #expect(!fixture.contact.pages.contains { $0 === detail })
    }

    @Test("the navigator, its plans and its events hold no page")
    func nothingRetained() async throws {
        let fixture = Fixture()
        var plans: [NavigationPlan] = []
        var events: [NavigationEvent] = []
        let token = fixture.navigator.observe { events.append($0) }
        weak var made: (any Page)?
        do {
            let outcome = try await fixture.navigator.open("app://tab/contact/person_detail?id=8")
            made = outcome.target
            plans.append(try fixture.navigator.plan(for: "app://tab/contact/list"))
        }
        try await fixture.navigator.open("app://tab/contact/list")
        #expect(made == nil)
        #expect(plans.count == 1 && events.count == 4)
        token.cancel()
    }
}
