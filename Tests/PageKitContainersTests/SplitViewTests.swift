import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// A mail app's split view, on the platform-neutral models, with transitions that take
/// the manual clock's time:
///
///     mail [PageSplitModel]
///     - sidebar [PageStackModel]: mailboxes
///     - (list [PageStackModel]: inbox, with three columns)
///     - detail [PageStackModel]: welcome
///
/// Registry: screens message (keeps `id`), folder (keeps `name`), compose.
@MainActor
final class SplitFixture {
    let clock = ManualTransitionClock()
    let queue: TransitionQueue
    let driver: ClockTransitionDriver
    let columns: [PageStackModel]
    let mail: PageSplitModel
    let host: PageHostModel
    let navigator: Navigator
    /// The model screen, showing the split view when the fixture is SwiftUI's.
    let screen: SwiftUIScreen
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?

    /// - Parameters:
    ///   - collapsed: Whether the split view starts collapsed (a compact width).
    ///   - current: The current column at first.
    ///   - threeColumns: Whether there is a list column between the sidebar and the detail.
    ///   - swiftUI: Whether the model screen shows it, as `PageSplitView` would; otherwise
    ///     transitions end when the clock says.
    ///   - behaviour: How the model screen's SwiftUI behaves.
    init(collapsed: Bool = false, current: Int? = nil, threeColumns: Bool = false, swiftUI: Bool = false,
         behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        queue = TransitionQueue(clock: clock)
        driver = ClockTransitionDriver(clock: clock)
        screen = SwiftUIScreen(driver: driver, behaviour: behaviour)
        let ending = swiftUI ? TransitionEnd.screen : .driver(driver)
        var columns = [PageStackModel(name: "sidebar", pages: [ScreenPage("mailboxes")], queue: queue, ending: ending)]
        if threeColumns { columns.append(PageStackModel(name: "list", pages: [ScreenPage("inbox")], queue: queue, ending: ending)) }
        columns.append(PageStackModel(name: "detail", pages: [ScreenPage("welcome")], queue: queue, ending: ending))
        self.columns = columns
        mail = try! PageSplitModel(name: "mail", columns: columns, current: current, isCollapsed: collapsed,
                                   queue: queue, ending: ending)
        host = PageHostModel(queue: queue)
        var registry = PageRegistry()
        try! registry.registerScreen("message", keeping: ["id"], externallyOpenable: true)
        try! registry.registerScreen("folder", keeping: ["name"])
        try! registry.registerScreen("compose")
        navigator = Navigator(root: mail, host: host, registry: registry, queue: queue, identifiers: .sequential())
        token = navigator.observe { [unowned self] in self.events.append($0) }
        if swiftUI {
            screen.show(mail, compact: collapsed)
            screen.show(host, root: mail)
        }
    }

    /// The printed steps of the plan for `path`.
    func steps(_ path: String, _ options: NavigationOptions = .default) throws -> [String] {
        try navigator.plan(for: PagePath(parsing: path), options).steps.map(\.description)
    }

    /// Opens `path` and lets the clock run until it is done.
    @discardableResult
    func open(_ path: String, _ options: NavigationOptions = .default) throws -> NavigationRequest {
        let request = navigator.request(try PagePath(parsing: path), options)
        settle()
        return request
    }

    /// Runs the clock until the queue is idle.
    func settle() {
        var rounds = 0
        while !queue.isIdle, rounds < 20 {
            clock.advance(by: .seconds(1))
            rounds += 1
        }
    }

    /// The changes the navigator announced that it did not make, as `kind by source → path`.
    var changes: [String] { events.changeDescriptions }

    var path: String { navigator.currentPath.description }

    /// Options that make the live hierarchy equal to the path.
    static var exact: NavigationOptions { .mode(.exact) }
    var stacks: [[String]] { columns.map { $0.pages.map(\.pageDescription) } }
}

/// Split views: a path names a column with `#`; expanded, only that column's stack
/// changes; collapsed, the columns form one stack and the plan says so.
@MainActor
@Suite("Split view", .timeLimit(.minutes(10)))
struct SplitViewTests {
    @Test("expanded, a path that names the detail column pushes on that column only, and makes it current")
    func expandedPlans() throws {
        let app = SplitFixture(current: 0)
        // The resolver learns a tab container is a split view by asking it, not by a cast.
        #expect(app.mail.asSplitContainer?.pageName == "mail")
        #expect(PageTabModel(name: "tabs", tabs: [], queue: app.queue).asSplitContainer == nil)
        #expect(try app.steps("/mail#detail/message(id=3)") == [
            "show column detail of mail",
            "push message(id=3) onto detail",
        ])
        #expect(try app.steps("app://mail/detail/message(id=3)") == app.steps("/mail#detail/message(id=3)"),
                "in an app URL, the parent being a split view says column")
        try app.open("/mail#detail/message(id=3)")
        #expect(app.stacks == [["mailboxes"], ["welcome", "message(id=3)"]])
        #expect(app.mail.currentColumn == 1)
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        #expect(try app.steps("/mail#sidebar/folder(name=work)") == [
            "show column sidebar of mail",
            "push folder(name=work) onto sidebar",
        ])
        #expect(try app.steps("/mail#detail/message(id=3)").isEmpty)
        try app.open("app://mail/sidebar/folder?name=work")
        #expect(app.path == "/mail#sidebar/mailboxes/folder(name=work)", "an app URL's query reaches the column's page")
    }

    @Test("collapsed, the same path pushes the detail column onto the one stack, then the message, and says so")
    func collapsedPlans() throws {
        let app = SplitFixture(collapsed: true, current: 0)
        #expect(try app.steps("/mail#detail/message(id=3)") == [
            "push column detail onto mail (collapsed split view)",
            "push message(id=3) onto detail (collapsed split view: one stack in mail)",
        ])
        try app.open("/mail#detail/message(id=3)")
        #expect(app.stacks == [["mailboxes"], ["welcome", "message(id=3)"]])
        #expect(app.mail.stackedColumns.map(\.pageName) == ["sidebar", "detail"])
        #expect(try app.steps("/mail#detail/message(id=4)") == [
            "push message(id=4) onto detail (collapsed split view: one stack in mail)",
        ], "on top already: nothing to show")
        #expect(try app.steps("/mail#sidebar/folder(name=work)") == [
            "pop mail to column sidebar (collapsed split view)",
            "push folder(name=work) onto sidebar (collapsed split view: one stack in mail)",
        ])
        #expect(try app.steps("/mail#detail/welcome", SplitFixture.exact) == [
            "pop detail to welcome (collapsed split view: one stack in mail)",
        ])
    }

    @Test("three columns, collapsed: naming the detail pushes the columns between too")
    func threeColumns() throws {
        let app = SplitFixture(collapsed: true, current: 0, threeColumns: true)
        #expect(try app.steps("/mail#detail/message(id=3)") == [
            "push column detail onto mail (collapsed split view)",
            "push message(id=3) onto detail (collapsed split view: one stack in mail)",
        ])
        try app.open("/mail#detail/message(id=3)")
        #expect(app.mail.stackedColumns.map(\.pageName) == ["sidebar", "list", "detail"])
        try app.mail.userTapsBack()
        app.settle()
        try app.mail.userTapsBack()
        app.settle()
        #expect(app.mail.currentColumn == 1, "the detail column came off the one stack, keeping its pages")
        #expect(app.stacks[2] == ["welcome"])
        #expect(app.path == "/mail#list/inbox")
    }

    @Test("collapsing and expanding change no path and are not reported; the person's changes are")
    func collapseIsNotAChange() throws {
        let app = SplitFixture(current: 1)
        try app.open("/mail#detail/message(id=3)")
        let before = app.path
        app.mail.collapse()
        #expect(app.path == before, "the current column is the one stack's top")
        app.mail.expand()
        #expect(app.path == before)
        #expect(app.changes.isEmpty)
        app.mail.collapse()
        try app.mail.userTapsBack()
        app.settle()
        #expect(app.path == "/mail#detail/welcome")
        try app.mail.userTapsBack()
        app.settle()
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["popped by the user → /mail#detail/welcome", "selected by the user → /mail#sidebar/mailboxes"])
        #expect { try app.mail.userTapsBack() } throws: { ($0 as? NavigationError)?.code == .outOfRange }
        try app.mail.userShowsColumn(1)
        #expect(app.changes.last == "selected by the user → /mail#detail/welcome", "a sidebar row pushes the detail")
        #expect { try app.mail.userShowsColumn(2) } throws: { ($0 as? NavigationError)?.code == .outOfRange }
    }

    @Test("the display-mode button that hides the current column makes the detail current, as the person's change")
    func displayMode() throws {
        let app = SplitFixture(current: 0)
        app.mail.userChangesDisplay(.all)
        #expect(app.changes.isEmpty, "the sidebar still shows")
        app.mail.userChangesDisplay(.detailOnly)
        #expect(app.mail.currentColumn == 1)
        #expect(app.changes == ["selected by the user → /mail#detail/welcome"])
        #expect(try app.steps("/mail#sidebar") == ["show column sidebar of mail"])
        try app.open("/mail#sidebar")
        #expect(app.mail.display == .all, "showing a hidden column picks the nearest display that shows it")
    }

    /// UIKit's `preferredDisplayMode` set by the app is reported as the app's; a SwiftUI app
    /// that hides the sidebar itself (after a pick on a narrow iPad, say) had only the
    /// person's method to call.
    @Test("the app's own display change that hides the current column makes the detail current, as the app's change")
    func appSetsDisplay() throws {
        let app = SplitFixture(current: 0)
        app.mail.setDisplay(.all)
        #expect(app.changes.isEmpty, "the sidebar still shows")
        app.mail.setDisplay(.detailOnly)
        #expect(app.mail.display == .detailOnly && app.mail.currentColumn == 1)
        #expect(app.changes == ["selected by the app → /mail#detail/welcome"])
        #expect(app.navigator.history.last?.description == "/mail#detail/welcome")
        app.mail.collapse()
        app.mail.setDisplay(.all)
        #expect(app.changes.count == 1, "collapsed, the display mode shows nothing")
        app.mail.expand()
        #expect(app.mail.display == .all)
    }

    @Test("expanding shows the current column even where the display mode hid it before collapsing", arguments: [false, true])
    func expandShowsCurrentColumn(threeColumns: Bool) throws {
        let app = SplitFixture(current: 0, threeColumns: threeColumns)
        app.mail.userChangesDisplay(.detailOnly)
        app.mail.collapse()
        try app.open("/mail#sidebar/folder(name=work)")
        let before = app.path
        #expect(before == "/mail#sidebar/mailboxes/folder(name=work)")
        _ = app.changes
        let changes = app.changes.count
        app.mail.expand()
        #expect(app.mail.isOnScreen(column: 0), "the sidebar the path goes through shows")
        #expect(app.mail.display == .all)
        #expect(app.path == before, "expanding changes no path")
        #expect(app.changes.count == changes)
        // The list column of three: the nearest display that shows it.
        if threeColumns {
            app.mail.userChangesDisplay(.detailOnly)
            app.mail.collapse()
            try app.open("/mail#list")
            app.mail.expand()
            #expect(app.mail.display == .doubleColumn)
            #expect(app.path == "/mail#list/inbox")
        }
    }

    @Test("collapsing or expanding while a push waits its turn: the push still lands in its column")
    func collapseWhileQueued() throws {
        let app = SplitFixture(current: 0)
        let first = app.navigator.request(try PagePath(parsing: "/mail#sidebar/folder(name=work)"))
        let second = app.navigator.request(try PagePath(parsing: "/mail#detail/message(id=3)"))
        #expect(!first.isResolved && !second.isResolved)
        app.mail.collapse()
        app.settle()
        #expect(first.errorCode == nil && second.errorCode == nil)
        #expect(app.stacks == [["mailboxes", "folder(name=work)"], ["welcome", "message(id=3)"]])
        #expect(app.mail.stackedColumns.map(\.pageName) == ["sidebar", "detail"],
                "planned when its turn came, against the collapsed split view")
        app.mail.expand()
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        #expect(app.changes.isEmpty)
    }

    @Test("a split view has two or three columns, or a typed error")
    func columnCount() {
        let queue = TransitionQueue()
        #expect { try PageSplitModel(name: "mail", columns: [PageStackModel(queue: queue)], queue: queue) } throws: {
            ($0 as? NavigationError)?.code == .cannotShow
        }
    }

    @Test("state restoration: the current path, opened exactly in a fresh app, gives the same columns")
    func restoration() throws {
        let app = SplitFixture(current: 0)
        try app.open("/mail#sidebar/folder(name=work)")
        try app.open("/mail#detail/message(id=3)")
        let saved = app.path
        let fresh = SplitFixture(collapsed: true, current: 0)
        try fresh.open(saved, SplitFixture.exact)
        #expect(fresh.path == saved)
        #expect(fresh.stacks[1] == app.stacks[1])
        #expect(fresh.mail.currentColumn == 1)
    }
}

/// Seeded random runs of a split view (paths opened, the person's back, sidebar rows and
/// display-mode button, collapsing and expanding) compared after every step with a small
/// reference: each column's messages, the current column, the form.
@MainActor
@Suite("Split view, model-based", .timeLimit(.minutes(10)))
struct SplitViewModelBasedTests {
    /// What the split view should hold.
    struct Reference {
        var columns: [[Int]]
        var current: Int
        var collapsed: Bool

        /// The live path the reference implies.
        func path(names: [String], roots: [String]) -> String {
            let pages = [roots[current]] + columns[current].map { "message(id=\($0))" }
            return "/mail#\(names[current])/" + pages.joined(separator: "/")
        }
    }

    nonisolated static let seeds: [UInt64] = Array(1...40)

    @Test("random operations keep the split view equal to the reference", arguments: seeds)
    func randomRun(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let three = random.chance(0.5)
        let app = SplitFixture(collapsed: random.chance(0.5), current: 0, threeColumns: three)
        let names = app.columns.map(\.pageName)
        let roots = app.columns.map { $0.pages[0].pageName }
        var reference = Reference(columns: names.map { _ in [] }, current: 0, collapsed: app.mail.isCollapsed)
        var log: [String] = []
        var userChanges = 0
        for step in 0..<60 {
            let operation = random.next() % 5
            switch operation {
            case 0, 1:
                let column = Int(random.next() % UInt64(names.count))
                let id = Int(random.next() % 4)
                log.append("open /mail#\(names[column])/message(id=\(id))")
                let request = try app.open("/mail#\(names[column])/message(id=\(id))")
                #expect(request.errorCode == nil, "seed \(seed): \(log)")
                reference.current = column
                if let index = reference.columns[column].lastIndex(of: id) {
                    reference.columns[column].removeSubrange((index + 1)...)
                } else {
                    reference.columns[column].append(id)
                }
            case 2:
                log.append("back")
                let stack = reference.columns[reference.current]
                if !stack.isEmpty {
                    try app.mail.userTapsBack()
                    reference.columns[reference.current].removeLast()
                    userChanges += 1
                } else if reference.collapsed, reference.current > 0 {
                    try app.mail.userTapsBack()
                    reference.current -= 1
                    userChanges += 1
                } else {
                    #expect(throws: NavigationError.self) { try app.mail.userTapsBack() }
                }
                app.settle()
            case 3:
                log.append(reference.collapsed ? "expand" : "collapse")
                if reference.collapsed { app.mail.expand() } else { app.mail.collapse() }
                reference.collapsed.toggle()
            default:
                let column = Int(random.next() % UInt64(names.count))
                log.append("person shows \(names[column])")
                try app.mail.userShowsColumn(column)
                if column != reference.current { userChanges += 1 }
                reference.current = column
            }
            let expected = reference.columns.map { $0.map { "message(id=\($0))" } }
            let actual = app.stacks.map { Array($0.dropFirst()) }
            guard actual == expected, app.mail.currentColumn == reference.current,
                  app.mail.isCollapsed == reference.collapsed,
                  app.path == reference.path(names: names, roots: roots),
                  app.changes.count == userChanges, app.queue.isIdle else {
                let trail = log.joined(separator: "\n")
                Issue.record("seed \(seed), step \(step): \(actual) current \(app.mail.currentColumn) \(app.path); expected \(expected) current \(reference.current); changes \(app.changes)\n\(trail)")
                return
            }
        }
    }
}

/// `PageSplitView` as SwiftUI behaves on a device (the model screen's SSV rules).
@MainActor
@Suite("Split view in SwiftUI", .timeLimit(.minutes(10)))
struct SplitViewSwiftUIFidelityTests {
    /// The person's sidebar button hid the column a request was loading for: SwiftUI wrote
    /// the visibility through a binding, the split view reported the person's change from
    /// inside that setter, the change superseded the loading request, and the app's push
    /// queued behind it started there too, where SwiftUI drops updates: the push was never
    /// drawn, and timed out (seed 9700985 of the split view run, the person at any moment).
    @Test("SSV-2: the person's sidebar button that supersedes a loading request lets the next operation start after its setter")
    func supersededFromASetter() async throws {
        let app = SplitFixture(current: 0, threeColumns: true, swiftUI: true)
        let loads = ManualLoads()
        try app.navigator.registry.register("loaded", loader: loads.loader()) { intent, _ in ScreenPage(intent: intent) }
        let loading = app.navigator.request("/mail#sidebar/loaded(id=0)")
        #expect(await yieldUntil { loads.pending == ["loaded(id=0)"] })
        let detail = app.mail.columns[2]
        let push = detail.queued.push(ScreenPage("note"))
        #expect(!push.isResolved, "behind the loading request")
        #expect(app.screen.personChangesDisplay(to: .detailOnly, of: app.mail))
        for _ in 0..<20 {
            await Task.yield()
            app.clock.advance(by: .milliseconds(100))
        }
        #expect(loading.errorCode == .cancelled, "\(String(describing: loading.result))")
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.stacks[2] == ["welcome", "note"])
    }

    @Test("SSV-1: a compact width collapses the model; SwiftUI shows the current column on top, and the path does not change")
    func sizeClass() throws {
        let app = SplitFixture(current: 0, swiftUI: true)
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        try app.open("/mail#detail/message(id=3)")
        #expect(app.screen.bindingsAgree)
        app.screen.sizeClassChanges(compact: true, of: app.mail)
        #expect(app.mail.isCollapsed)
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        try app.open("/mail#sidebar")
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar"], "the detail column is left empty")
        #expect(app.changes.isEmpty, "collapsing is no change of the path; the detail's onDisappear comes after the model moved")
        app.screen.sizeClassChanges(compact: false, of: app.mail)
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(app.stacks[1] == ["welcome", "message(id=3)"], "the detail kept its pages")
    }

    @Test("SSV-2: the person's sidebar button writes the visibility only when expanded; hiding the current column is reported")
    func displayButton() throws {
        let app = SplitFixture(current: 0, swiftUI: true)
        #expect(app.screen.personChangesDisplay(to: .detailOnly, of: app.mail))
        #expect(app.screen.shownColumns(of: app.mail) == ["detail"])
        #expect(app.changes == ["selected by the user → /mail#detail/welcome"])
        app.screen.sizeClassChanges(compact: true, of: app.mail)
        #expect(!app.screen.personChangesDisplay(to: .all, of: app.mail), "collapsed, SwiftUI ignores the visibility")
        #expect(app.mail.display == .detailOnly)
    }

    /// SwiftUI disables the view behind a sheet (Apple's documentation of
    /// `presentationBackgroundInteraction(_:)`): neither the sidebar button nor the back at
    /// a column's root takes a touch under one.
    @Test("SSV-2, SSV-3: under a sheet, the person reaches neither the sidebar button nor the back at a column's root")
    func buttonsUnderASheet() throws {
        let app = SplitFixture(current: 1, swiftUI: true)
        try app.open("/mail#detail/welcome!compose")
        #expect(!app.screen.personChangesDisplay(to: .detailOnly, of: app.mail), "expanded, under the sheet")
        try app.open("/mail#detail/welcome")
        #expect(app.screen.personChangesDisplay(to: .detailOnly, of: app.mail), "the sheet gone")
        app.screen.sizeClassChanges(compact: true, of: app.mail)
        try app.open("/mail#detail/welcome!compose")
        #expect(!app.screen.personTapsBackAtColumnRoot(of: app.mail), "collapsed, under the sheet")
        try app.open("/mail#detail/welcome")
        #expect(app.screen.personTapsBackAtColumnRoot(of: app.mail))
        app.clock.advance(by: .zero)
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["selected by the user → /mail#sidebar/mailboxes"], "hiding the sidebar changed no path")
    }

    @Test("SSV-3: SwiftUI's back at a column's root, collapsed, is seen through onDisappear and reported as the person's")
    func backAtColumnRoot() throws {
        let app = SplitFixture(collapsed: true, current: 1, swiftUI: true)
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(app.screen.personTapsBackAtColumnRoot(of: app.mail))
        #expect(app.path == "/mail#detail/welcome", "a column's onDisappear waits a turn: its whole view may be leaving")
        app.clock.advance(by: .zero)
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["selected by the user → /mail#sidebar/mailboxes"])
        #expect(!app.screen.personTapsBackAtColumnRoot(of: app.mail), "nothing below the first column")
        try app.open("/mail#detail/message(id=3)")
        #expect(app.screen.shownColumns(of: app.mail) == ["sidebar", "detail"])
        #expect(app.screen.bindingsAgree)
        #expect(app.changes.count == 1)
    }

    /// SwiftUI cannot be told to refuse the person's back tap: two columns popped at
    /// once each hold the queue, so the app's push on either waits for both.
    @Test("SSV-4: the person's back taps in two columns at once each hold the queue; the app's push waits for both pops",
          arguments: [0, 1])
    func backTapsInTwoColumns(pushedOn column: Int) throws {
        let app = SplitFixture(current: 0, swiftUI: true)
        try app.open("/mail#sidebar/folder(name=work)")
        try app.open("/mail#detail/message(id=3)")
        let sidebar = app.columns[0], detail = app.columns[1]
        #expect(app.screen.personTapsSystemBack(sidebar))
        app.clock.advance(by: .milliseconds(100))
        #expect(app.screen.personTapsSystemBack(detail), "the other column is not animating")
        let push = app.columns[column].queued.push(ScreenPage("compose"))
        app.clock.advance(by: .milliseconds(260))
        #expect(!push.isResolved, "the sidebar's pop is over; the detail's still animates")
        app.settle()
        #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
        #expect(app.screen.violations.isEmpty, "\(app.screen.violations)")
        #expect(app.screen.bindingsAgree, "\(app.screen.disagreements)")
        #expect(app.stacks[column].last == "compose" && app.stacks[1 - column].count == 1)
    }
}

/// The worked example of the split view article, both forms.
@MainActor
@Suite("Split view worked example", .timeLimit(.minutes(10)))
struct SplitViewWorkedExampleTests {
    static let rows: [(path: String, exact: Bool, expanded: [String], collapsed: [String])] = [
        ("/mail#detail/message(id=3)", false,
         ["show column detail of mail", "push message(id=3) onto detail"],
         ["push column detail onto mail (collapsed split view)",
          "push message(id=3) onto detail (collapsed split view: one stack in mail)"]),
        ("/mail#detail/message(id=4)", false,
         ["push message(id=4) onto detail"],
         ["push message(id=4) onto detail (collapsed split view: one stack in mail)"]),
        ("/mail#sidebar/folder(name=work)", false,
         ["show column sidebar of mail", "push folder(name=work) onto sidebar"],
         ["pop mail to column sidebar (collapsed split view)",
          "push folder(name=work) onto sidebar (collapsed split view: one stack in mail)"]),
        ("/mail#detail/welcome", true,
         ["show column detail of mail", "pop detail to welcome"],
         ["push column detail onto mail (collapsed split view)",
          "pop detail to welcome (collapsed split view: one stack in mail)"]),
    ]

    @Test("each row plans as the article's table says, expanded and collapsed, and both end with the same columns")
    func table() throws {
        let expanded = SplitFixture(current: 0)
        let collapsed = SplitFixture(collapsed: true, current: 0)
        for row in Self.rows {
            let options = row.exact ? SplitFixture.exact : .default
            #expect(try expanded.steps(row.path, options) == row.expanded, "\(row.path)")
            #expect(try collapsed.steps(row.path, options) == row.collapsed, "\(row.path)")
            try expanded.open(row.path, options)
            try collapsed.open(row.path, options)
            #expect(expanded.stacks == collapsed.stacks)
            #expect(expanded.path == collapsed.path)
        }
        #expect(expanded.path == "/mail#detail/welcome")
    }
}

/// A UIKit mail app on the ``UIKitModel``: `mail` is a ``ModelSplitViewController``
/// whose sidebar holds `mailboxes` and whose detail holds `welcome`. Registry: screens
/// message, folder and compose.
@MainActor
final class UIKitSplitFixture {
    let model: UIKitModel
    let queue: TransitionQueue
    let host: ModelPageHost
    let sidebar: ModelNavigationController
    let detail: ModelNavigationController
    let split: ModelSplitViewController
    let navigator: Navigator
    private(set) var events: [NavigationEvent] = []
    private var token: ObservationToken?

    /// - Parameters:
    ///   - threeColumns: Whether a list column (`inbox`) sits between the two.
    ///   - behaviour: The UIKit model's switches.
    ///   - columnKind: The columns' navigation controllers: `QueueNavigationController`s, or
    ///     plain `UINavigationController`s, which report nothing the person does.
    init(threeColumns: Bool = false, behaviour: UIKitModel.Behaviour = UIKitModel.Behaviour(),
         columnKind: ModelNavigationController.Kind = .queue) {
        model = UIKitModel(behaviour: behaviour)
        queue = TransitionQueue(clock: model.clock)
        host = ModelPageHost(model: model, queue: queue)
        sidebar = ModelNavigationController(model, name: "sidebar", root: [ModelScreen(model, "mailboxes")], queue: queue,
                                            kind: columnKind)
        detail = ModelNavigationController(model, name: "detail", root: [ModelScreen(model, "welcome")], queue: queue,
                                           kind: columnKind)
        let list = ModelNavigationController(model, name: "list", root: [ModelScreen(model, "inbox")], queue: queue,
                                             kind: columnKind)
        split = ModelSplitViewController(model, name: "mail", columns: threeColumns ? [sidebar, list, detail] : [sidebar, detail],
                                         queue: queue)
        model.root = split
        navigator = Navigator(root: split, host: host, queue: queue, identifiers: .sequential())
        var registry = PageRegistry()
        for name in ["message", "folder", "compose"] {
            registry.replace(name) { [model] intent in ModelScreen(model, name, intent.component.parameters) }
        }
        navigator.registry = registry
        token = navigator.observe { [unowned self] in self.events.append($0) }
    }

    @discardableResult
    func open(_ path: String) throws -> NavigationRequest {
        let request = navigator.request(try PagePath(parsing: path))
        model.settle()
        return request
    }

    var changes: [String] { events.changeDescriptions }

    var path: String { navigator.currentPath.description }
}

/// `PageSplitViewController` as UIKit behaves (the model's SPL rules).
@MainActor
@Suite("Split view in UIKit", .timeLimit(.minutes(10)))
struct SplitViewUIKitFidelityTests {
    @Test("SPL-2, SPL-3: expanded, showing a column already on screen does nothing and vends no coordinator; the request ends at once")
    func expandedShowsNothing() throws {
        let app = UIKitSplitFixture()
        _ = app.model.takeCallbacks()
        let request = app.navigator.request(try PagePath(parsing: "/mail#sidebar"))
        #expect(request.isResolved && request.errorCode == nil, "no completion will come, and none is waited for")
        #expect(app.model.takeCallbacks() == ["showColumn sidebar"])
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes.isEmpty, "the navigator's own change is its request's")
    }

    @Test("SPL-2, SPL-5: a column the display mode hides is shown by changing the display mode, not reported as the person's")
    func expandedShowsHiddenColumn() throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#sidebar")
        #expect(app.split.personTapsDisplayModeButton(to: .detailOnly))
        #expect(app.changes == ["selected by the user → /mail#detail/welcome"], "the current column was hidden")
        _ = app.model.takeCallbacks()
        let request = app.navigator.request(try PagePath(parsing: "/mail#sidebar/folder(name=work)"))
        #expect(!request.isResolved, "showColumn: started an animation, whose coordinator ends the step")
        app.model.settle()
        #expect(request.errorCode == nil)
        #expect(app.model.takeCallbacks().prefix(2) == ["showColumn sidebar", "willChangeToDisplayMode all"])
        #expect(app.split.displayMode == .all)
        #expect(app.path == "/mail#sidebar/mailboxes/folder(name=work)")
        #expect(app.changes.count == 1)
    }

    @Test("SPL-4: collapsing keeps the current column on top, changes no path and is not reported")
    func collapse() throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#detail/message(id=3)")
        _ = app.model.takeCallbacks()
        app.split.sizeChanges(compact: true)
        #expect(app.model.takeCallbacks() == ["topColumnForCollapsing detail", "didCollapse mail"])
        #expect(app.split.stackedColumns == [0, 1])
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        app.split.sizeChanges(compact: false)
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        #expect(app.changes.isEmpty)
    }

    @Test("SPL-1, SPL-5: collapsed, PageKit's showColumn: pops or pushes columns silently; the person's back at a column's root is theirs")
    func collapsedColumns() throws {
        let app = UIKitSplitFixture()
        app.split.sizeChanges(compact: true)
        #expect(try app.navigator.plan(for: PagePath(parsing: "/mail#sidebar")).steps.map(\.description)
            == ["pop mail to column sidebar (collapsed split view)"])
        try app.open("/mail#sidebar")
        #expect(app.split.stackedColumns == [0])
        #expect(app.changes.isEmpty, "the willHideColumn: of PageKit's own showColumn: is not the person's")
        try app.open("/mail#detail/message(id=3)")
        #expect(app.split.stackedColumns == [0, 1])
        #expect(!app.split.personTapsBackAtColumnRoot(), "above the column's root, the back is the stack's")
        try app.open("/mail#detail/welcome")
        #expect(app.split.personTapsBackAtColumnRoot())
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["selected by the user → /mail#sidebar/mailboxes"])
        #expect(app.split.stackedColumns.last == app.split.core.state.current, "UIKit's top is PageKit's current column")
    }

    /// A presentation takes every touch outside it (an alert's, a sheet's dimming view),
    /// so the split view's own buttons under it take none.
    @Test("SPL-5: under a sheet, the person reaches neither the display-mode button nor the back at a column's root")
    func buttonsUnderASheet() throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#detail/welcome!message(id=1)")
        let display = app.split.displayMode
        #expect(!app.split.personTapsDisplayModeButton(to: .detailOnly), "expanded, under the sheet")
        #expect(app.split.displayMode == display)
        try app.open("/mail#detail/welcome")
        app.split.sizeChanges(compact: true)
        try app.open("/mail#detail/welcome!message(id=1)")
        #expect(app.split.stackedColumns == [0, 1])
        #expect(!app.split.personTapsBackAtColumnRoot(), "collapsed, under the sheet")
        #expect(app.split.stackedColumns == [0, 1])
        try app.open("/mail#detail/welcome")
        #expect(app.split.personTapsBackAtColumnRoot(), "the sheet gone, the button takes the touch")
        #expect(app.changes.filter { $0.contains("by the user") } == ["selected by the user → /mail#sidebar/mailboxes"])
    }

    @Test("SPL-5: the delegate hears the willShowColumn: and willHideColumn: of PageKit's own showColumn:, and reports none")
    func ownShowColumnCallbacks() throws {
        let app = UIKitSplitFixture()
        app.split.sizeChanges(compact: true)
        try app.open("/mail#detail/message(id=3)")
        _ = app.model.takeCallbacks()
        try app.open("/mail#sidebar")
        #expect(app.model.takeCallbacks().prefix(2) == ["showColumn sidebar", "willHideColumn detail"])
        try app.open("/mail#detail")
        #expect(app.model.takeCallbacks().prefix(2) == ["showColumn detail", "willShowColumn detail"])
        #expect(app.split.stackedColumns == [0, 1])
        #expect(app.path == "/mail#detail/welcome/message(id=3)")
        #expect(app.changes.isEmpty, "each change is its request's")
        // Three columns: UIKit passes the list column on its way, both ways.
        let three = UIKitSplitFixture(threeColumns: true)
        three.split.sizeChanges(compact: true)
        try three.open("/mail#sidebar")
        _ = three.model.takeCallbacks()
        try three.open("/mail#detail")
        #expect(three.model.takeCallbacks().prefix(3) == ["showColumn detail", "willShowColumn list", "willShowColumn detail"])
        try three.open("/mail#sidebar")
        #expect(three.model.takeCallbacks().prefix(3) == ["showColumn sidebar", "willHideColumn detail", "willHideColumn list"])
        #expect(three.path == "/mail#sidebar/mailboxes")
        #expect(three.changes.isEmpty, "each change is its request's")
    }

    @Test("SPL-4: expanding, PageKit answers displayModeForExpanding with a display mode that shows the current column",
          arguments: [false, true])
    func expandShowsCurrentColumn(threeColumns: Bool) throws {
        let app = UIKitSplitFixture(threeColumns: threeColumns)
        app.split.appHidesColumn(0)
        app.model.settle()
        #expect(app.split.displayMode == (threeColumns ? .doubleColumn : .detailOnly))
        app.split.sizeChanges(compact: true)
        try app.open("/mail#sidebar/folder(name=work)")
        #expect(app.split.stackedColumns == [0])
        let before = app.path
        let changes = app.changes.count
        _ = app.model.takeCallbacks()
        app.split.sizeChanges(compact: false)
        #expect(app.model.takeCallbacks() == ["displayModeForExpanding all", "didExpand mail"])
        #expect(app.split.displayMode == .all, "UIKit shows the sidebar the path goes through")
        #expect(app.path == before, "expanding changes no path")
        #expect(app.changes.count == changes)
        #expect(app.split.core.state.display == .all)
        // A current column the proposed display mode shows keeps it.
        app.split.sizeChanges(compact: true)
        app.split.sizeChanges(compact: false)
        #expect(app.split.displayMode == .all)
    }

    /// UIKit runs a coordinator's completions while the transition is still its own, and
    /// still vends the coordinator then (`UIViewControllerTransitionCoordinator.h`: it is
    /// released after the transition completes). A request whose turn came inside the
    /// completion of a column transition found that coordinator, waited for a completion
    /// already under way, and timed out.
    @Test("SPL-3: the request after a column transition starts once UIKit's transition is over, not inside its completion")
    func nextRequestAfterColumnTransition() async throws {
        let app = UIKitSplitFixture(threeColumns: true)
        let timeouts = TimeoutLog(app.queue)
        try app.open("/mail#detail")
        app.split.appHidesColumn(0)
        app.model.settle()
        _ = app.model.takeCallbacks()
        let sidebar = app.navigator.request(try PagePath(parsing: "/mail#sidebar"))
        let detail = app.navigator.request(try PagePath(parsing: "/mail#detail/message(id=1)"), .animated(false))
        app.model.settle()
        #expect(sidebar.isResolved && sidebar.errorCode == nil)
        #expect(detail.isResolved && detail.errorCode == nil, "\(String(describing: detail.result))")
        #expect(timeouts.labels.isEmpty)
        #expect(app.model.takeCallbacks().prefix(3) == ["showColumn sidebar", "willChangeToDisplayMode all", "showColumn detail"])
        #expect(app.path == "/mail#detail/welcome/message(id=1)")
    }

    @Test("SPL-1, SPL-5: collapsed, the app's own showColumn: is seen, and reported as the app's, whichever way it goes")
    func appShowsColumnCollapsed() throws {
        let app = UIKitSplitFixture()
        app.split.sizeChanges(compact: true)
        try app.open("/mail#sidebar")
        app.split.appShowsColumn(1)
        app.model.settle()
        #expect(app.split.stackedColumns == [0, 1])
        #expect(app.path == "/mail#detail/welcome")
        app.split.appShowsColumn(1)
        #expect(app.model.takeCallbacks().last == "showColumn detail", "on top already: nothing happens")
        app.split.appShowsColumn(0)
        app.model.settle()
        #expect(app.split.stackedColumns == [0])
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["selected by the app → /mail#detail/welcome", "selected by the app → /mail#sidebar/mailboxes"],
                "the app's own call to UIKit, not the person's back")
        #expect(app.queue.isIdle)
    }

    @Test("SPL-6: collapsed, the app's own hideColumn: pops the top column as the app's change; the primary or a covered column is ignored")
    func appHidesColumnCollapsed() throws {
        let app = UIKitSplitFixture()
        app.split.sizeChanges(compact: true)
        try app.open("/mail#detail/message(id=3)")
        app.split.appHidesColumn(0)
        #expect(app.split.stackedColumns == [0, 1], "never the primary column")
        #expect(app.changes.isEmpty)
        app.split.appHidesColumn(1)
        app.model.settle()
        #expect(app.split.stackedColumns == [0])
        #expect(app.path == "/mail#sidebar/mailboxes")
        #expect(app.changes == ["selected by the app → /mail#sidebar/mailboxes"])
        app.split.appHidesColumn(1)
        #expect(app.changes.count == 1, "a column not on the stack: ignored")
        // The person's own back at a column's root is still theirs.
        try app.open("/mail#detail/welcome")
        #expect(app.split.personTapsBackAtColumnRoot())
        #expect(app.changes.last == "selected by the user → /mail#sidebar/mailboxes")
    }

    @Test("the app's own preferredDisplayMode that hides the current column makes the detail current, as the app's change")
    func appPrefersDisplay() throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#sidebar/folder(name=work)")
        app.split.appPrefersDisplay(.detailOnly)
        #expect(app.split.displayMode == .detailOnly)
        #expect(app.changes == ["selected by the app → /mail#detail/welcome"], "the app's own call, not the person's button")
        #expect(app.path == "/mail#detail/welcome" && app.navigator.history.last?.description == app.path)
        app.split.appPrefersDisplay(.all)
        #expect(app.changes.count == 1, "showing more columns hides none: the current one stays")
        // Collapsed, it waits for the split view to expand, and changes nothing meanwhile.
        app.split.sizeChanges(compact: true)
        try app.open("/mail#sidebar")
        let sidebar = "/mail#sidebar/mailboxes/folder(name=work)"
        app.split.appPrefersDisplay(.detailOnly)
        #expect(app.path == sidebar)
        app.split.sizeChanges(compact: false)
        #expect(app.split.displayMode == .all, "expanding keeps the current column on screen")
        #expect(app.path == sidebar)
        #expect(app.changes.count == 1, "PageKit's own request is no change; nothing else changed")
        #expect(app.split.personTapsDisplayModeButton(to: .detailOnly))
        #expect(app.changes.last == "selected by the user → /mail#detail/welcome", "the person's button stays theirs")
    }

    @Test("SPL-6: expanded, the app's own hideColumn: of the current column makes the detail current, as the app's change")
    func appHidesColumnExpanded() throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#sidebar/folder(name=work)")
        app.split.appHidesColumn(1)
        #expect(app.changes.isEmpty, "the secondary column is never hidden")
        _ = app.model.takeCallbacks()
        app.split.appHidesColumn(0)
        app.model.settle()
        #expect(app.model.takeCallbacks().prefix(2) == ["hideColumn sidebar", "willChangeToDisplayMode detailOnly"])
        #expect(app.split.displayMode == .detailOnly)
        #expect(app.path == "/mail#detail/welcome")
        #expect(app.changes == ["selected by the app → /mail#detail/welcome"])
        app.split.appHidesColumn(0)
        #expect(app.changes.count == 1, "a column the display mode hides already: ignored")
        app.split.appShowsColumn(0)
        app.model.settle()
        #expect(app.split.displayMode == .all)
        #expect(app.path == "/mail#detail/welcome", "showing a column hides none: the current one stays")
        #expect(app.changes.count == 1)
        // The person's own display-mode button is still theirs.
        try app.open("/mail#sidebar")
        #expect(app.split.personTapsDisplayModeButton(to: .detailOnly))
        #expect(app.changes.last == "selected by the user → /mail#detail/welcome")
    }

    /// Collapsed, the columns form one stack, and only its top page is in the window;
    /// expanded, a column the display mode hides may leave it too (not documented: both
    /// readings). A stack out of the window changes at once and says nothing, and the
    /// person cannot touch it.
    @Test("SPL-9: a column out of the window (under the top one, collapsed; or hidden) takes no touch, and changes at once",
          arguments: [false, true])
    func columnsOutOfTheWindow(hiddenLeaveWindow: Bool) throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.hiddenColumnsLeaveWindow = hiddenLeaveWindow
        behaviour.didShowOnReappear = true
        let app = UIKitSplitFixture(behaviour: behaviour)
        try app.open("/mail#sidebar/folder(name=work)")
        try app.open("/mail#detail/message(id=3)")
        app.split.sizeChanges(compact: true)
        #expect(app.split.stackedColumns == [0, 1] && app.detail.isInWindow && !app.sidebar.isInWindow)
        app.sidebar.personTapsBack()
        #expect(app.sidebar.personSwipesBack() == nil)
        app.model.settle()
        #expect(app.sidebar.viewControllers.count == 2, "the sidebar is under the detail: no touch reaches it")
        // Expanded, the display mode hides the sidebar.
        app.split.sizeChanges(compact: false)
        app.split.appHidesColumn(0)
        app.model.settle()
        #expect(app.split.displayMode == .detailOnly && app.sidebar.isInWindow == !hiddenLeaveWindow)
        _ = app.model.takeCallbacks()
        app.sidebar.pushViewController(ModelScreen(app.model, "note"), animated: true)
        #expect(app.queue.isIdle == hiddenLeaveWindow, "out of the window, the push ends at once")
        app.model.settle()
        #expect(app.model.takeCallbacks().contains("didShow note in sidebar") == !hiddenLeaveWindow)
        #expect(app.sidebar.viewControllers.count == 3 && app.queue.isIdle && app.model.warnings.isEmpty)
        // Shown again, a column that was out of the window hears the didShow UIKit owes it
        // (`didShowOnReappear`), which ends nothing of PageKit's.
        app.split.appShowsColumn(0)
        app.model.settle()
        #expect(app.sidebar.isInWindow)
        #expect(app.model.takeCallbacks().contains("didShow note in sidebar") == hiddenLeaveWindow)
        #expect(app.queue.isIdle && app.path == "/mail#detail/welcome/message(id=3)")
    }

    /// UIKit wraps a view controller given to `setViewController(_:for:)` in a new,
    /// unnamed navigation controller (SPL-8), which no path could name, and tells no
    /// delegate: PageKit's override wraps it in a queue navigation controller named for the
    /// column, and reports the change as the app's.
    @Test("SPL-8: the app's own setViewController(_:for:) replaces the column as paths name it, reported as the app's change",
          arguments: ["a screen", "an unnamed stack", "a named stack"])
    func appSetsColumn(_ given: String) throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#detail/message(id=3)")
        let draft = ModelScreen(app.model, "draft")
        let controller: ModelViewController = switch given {
        case "a screen": draft
        case "an unnamed stack": ModelNavigationController(app.model, root: [draft], queue: TransitionQueue(clock: app.model.clock))
        default: ModelNavigationController(app.model, name: "drafts", root: [draft], queue: app.queue)
        }
        _ = app.model.takeCallbacks()
        app.split.appSetsViewController(controller, forColumn: 1)
        let column = try #require(app.split.columns.last)
        #expect(column.viewControllers.elementsEqual([draft], by: ===) && draft.parent === column && column.parent === app.split)
        #expect(app.detail.parent == nil, "the column replaced leaves the split view")
        let name = given == "a named stack" ? "drafts" : "detail"
        #expect(column.title == name)
        #expect(column.transitionQueue === app.queue, "the column goes through the navigator's queue")
        #expect(app.model.takeCallbacks() == ["setViewController \(name) forColumn 1"])
        #expect(app.path == "/mail#\(name)/draft")
        #expect(app.changes == ["replaced by the app → /mail#\(name)/draft"])
        #expect(app.navigator.history.last?.description == app.path)
        // Paths reach the new column, through the queue.
        try app.open("/mail#\(name)/draft/message(id=4)")
        #expect(column.viewControllers.count == 2 && app.path == "/mail#\(name)/draft/message(id=4)")
        #expect(app.model.warnings.isEmpty && app.model.exceptions.isEmpty)
    }

    /// A column replaced while PageKit's push animates in it may be freed before UIKit
    /// says the push is over: nothing would then end the push but the queue's time-out.
    /// Or UIKit keeps it until the push is over, and the push ends as usual, off screen.
    @Test("SPL-8: a column replaced while PageKit's push animates in it ends the push at once if it is freed, else as usual",
          arguments: [false, true])
    func columnReplacedMidPush(keptAlive: Bool) async throws {
        var behaviour = UIKitModel.Behaviour()
        behaviour.keepsTransitioningContainers = keptAlive
        let app = UIKitSplitFixture(behaviour: behaviour)
        weak var replaced: ModelNavigationController?
        let push: NavigationRequest
        do {
            // A column only the split view holds.
            app.split.appSetsViewController(ModelScreen(app.model, "draft"), forColumn: 1)
            replaced = app.split.columns.last
            push = app.navigator.request(try PagePath(parsing: "/mail#detail/draft/message(id=3)"))
        }
        #expect(!push.isResolved && replaced?.viewControllers.count == 2, "the push animates")
        app.split.appSetsViewController(ModelScreen(app.model, "other"), forColumn: 1)
        if keptAlive {
            #expect(replaced != nil, "UIKit holds the column until its push is over")
            app.model.settle()
            #expect(push.isResolved && push.errorCode == nil, "\(String(describing: push.result))")
            #expect(replaced == nil)
        } else {
            #expect(replaced == nil, "nothing holds the column replaced")
            // No time passes: the animated time-out is not what ends it.
            #expect(await yieldUntil { push.isResolved })
            #expect(push.errorCode == .staleHierarchy, "\(String(describing: push.result))")
            app.model.settle()
        }
        #expect(app.queue.isIdle && app.path == "/mail#detail/other")
    }

    /// What PageKit's paths could not follow, or UIKit might raise on, is refused before
    /// UIKit is called, and announced: `setViewController(_:for:)` returns nothing.
    @Test("SPL-8: the compact column, a column's removal and a view controller shown elsewhere are refused, announced, nothing changed",
          arguments: ["compact", "nil", "another column", "in a stack"])
    func appSetsColumnRefused(_ given: String) throws {
        let app = UIKitSplitFixture()
        try app.open("/mail#detail/message(id=3)")
        let before = app.path
        _ = app.model.takeCallbacks()
        switch given {
        case "compact": app.split.appSetsViewController(ModelScreen(app.model, "draft"), forColumn: nil)
        case "nil": app.split.appSetsViewController(nil, forColumn: 1)
        case "another column": app.split.appSetsViewController(app.sidebar, forColumn: 1)
        default: app.split.appSetsViewController(app.sidebar.viewControllers[0], forColumn: 1)
        }
        let expected: NavigationError.Code = switch given {
        case "compact": .cannotShow
        case "nil": .outOfRange
        default: .alreadyInHierarchy
        }
        let failures = app.events.compactMap { event -> (NavigationError.Code, NavigationSource)? in
            if case .failed(let error) = event.kind { return (error.code, event.source) }
            return nil
        }
        #expect(failures.map(\.0) == [expected] && failures.map(\.1) == [.app], "\(app.events)")
        #expect(app.model.takeCallbacks().isEmpty, "UIKit is not called")
        #expect(app.split.columns.elementsEqual([app.sidebar, app.detail], by: ===) && app.path == before && app.changes.isEmpty)
        // The column's own controller again changes nothing and reports nothing.
        app.split.appSetsViewController(app.detail, forColumn: 1)
        #expect(app.split.columns.elementsEqual([app.sidebar, app.detail], by: ===) && app.changes.isEmpty)
        #expect(app.events.filter { if case .failed = $0.kind { true } else { false } }.count == 1)
    }
}
