import Foundation
import PageKit
import PageKitRestoration
import PageKitContainers
import PageKitTestSupport
import Testing

/// A modal a request presented otherwise than its registration says (a full-screen cover
/// asked for once, a transition), or a page it pushed with a transition or hiding the tab
/// bar, comes back the same way when the history or a saved state brings it back:
/// `back(n)` and `restore(_:)` reopen a path, which does not say how its pages were shown.
@MainActor
@Suite("Pages come back as they were shown", .timeLimit(.minutes(10)))
struct PresentedAgainTests {
    /// The presents the containers recorded since the last call.
    private func presents(_ fixture: Fixture) -> [String] {
        fixture.recorder.takeLog().filter { $0.hasPrefix("present") }.map { $0.replacingOccurrences(of: " (animated)", with: "") }
    }

    @Test("back(n) presents a full-screen cover asked for by one request full screen again, not as its registration's sheet")
    func backPresentsAsBefore() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact!compose", .presentation(.fullScreen))
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.back(1).outcome()
        #expect(outcome.plan.steps.map(\.description).last == "present compose from home_page(id=5) as full screen")
        #expect(presents(fixture) == ["present [compose] in tab as full screen"])
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!compose")

        // What the request says wins over what the history remembers.
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(1, .presentation(.sheet)).outcome()
        #expect(presents(fixture) == ["present [compose] in tab as sheet"])
    }

    @Test("back(n) to a path whose modal is on screen in another style presents it again, as it was")
    func liveModalInAnotherStyle() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact/list!compose", .presentation(.fullScreen))
        try await fixture.navigator.open("app://tab/contact/list")
        try await fixture.navigator.open("app://tab/contact/list!compose", .presentation(.sheet))
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(2).outcome()
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list!compose")
        #expect(presents(fixture) == ["present [compose] in tab as full screen"])
        let compose = try #require(fixture.host.presentedPage(of: fixture.tabs))
        #expect(fixture.host.presentationStyle(of: compose)?.presentation == .fullScreen)

        // A plain exact open remembers nothing: the modal on screen answers, whatever its style.
        try await fixture.navigator.open("/tab#contact/list!compose", .mode(.exact))
        #expect(presents(fixture).isEmpty)
    }

    @Test("a modal presented as registered comes back as registered; a transition asked for comes back too")
    func registeredAndTransitions() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact!compose")
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(1).outcome()
        #expect(presents(fixture) == ["present [compose] in tab as sheet (medium, large)"])

        try await fixture.navigator.open("app://tab/contact/list!attach", .transition(.crossDissolve))
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(1).outcome()
        #expect(presents(fixture) == ["present [attach] in tab with cross dissolve"])
    }

    @Test("each modal of a path keeps its own style: a full-screen `!/` stack, and a sheet over it")
    func eachModalItsOwn() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact!/attach", .presentation(.fullScreen))
        try await fixture.navigator.open("app://tab/contact!/attach!sheet", .presentation(.sheet(detents: [.medium])))
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(1).outcome()
        #expect(fixture.navigator.currentPath.description
            == "/tab#contact/list/person_detail(id=5)/home_page(id=5)!/attach!sheet")
        #expect(presents(fixture) == ["present [stack] in tab as full screen", "present [sheet] in stack as sheet (medium)"])
    }

    @Test("back(n) into a tab container the path makes presents the modals inside it as they were too")
    func insideAMadeContainer() async throws {
        let fixture = Fixture(presentsTabs: true)
        try await fixture.navigator.open("app://tab/contact/list!picker")
        try await fixture.navigator.open(".!compose", .presentation(.fullScreen))
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list!picker#inbox/mail!compose")
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.back(1).outcome()
        #expect(fixture.navigator.currentPath.description == "/tab#contact/list!picker#inbox/mail!compose")
        #expect(outcome.plan.steps.map(\.description).last == "present compose from mail as full screen")
        #expect(presents(fixture) == ["present [picker] in tab", "present [compose] in picker as full screen"])

        // A saved state too, after a cold start.
        let state = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(fixture.navigator.state))
        let cold = Fixture(presentsTabs: true)
        _ = cold.recorder.takeLog()
        #expect(try await cold.navigator.restore(state).isComplete)
        #expect(cold.navigator.currentPath.description == "/tab#contact/list!picker#inbox/mail!compose")
        #expect(presents(cold) == ["present [picker] in tab", "present [compose] in picker as full screen"])
    }

    @Test("back(n) and a restore push a page pushed with a transition, or hiding the tab bar, the same way again")
    func pushesAsBefore() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact/list")
        try await fixture.navigator.open("app://tab/contact/list/detail(id=2)", .transition(.crossDissolve).hidingBottomBar())
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        let outcome = try await fixture.navigator.back(1).outcome()
        #expect(outcome.plan.steps.map(\.description) == ["push detail(id=2) onto contact with cross dissolve hiding the tab bar"])
        #expect(fixture.recorder.takeLog() == ["push [detail(id=2)] in contact with cross dissolve hiding the tab bar (animated)"])

        // What the request says wins over what the history remembers.
        try await fixture.navigator.open("app://tab/contact/list")
        _ = fixture.recorder.takeLog()
        try await fixture.navigator.back(1, .transition(.none)).outcome()
        #expect(fixture.recorder.takeLog() == ["push [detail(id=2)] in contact with none hiding the tab bar (animated)"])

        // A page pushed by default comes back by default.
        try await fixture.navigator.open("app://tab/contact/list/detail(id=3)", .mode(.exact))
        try await fixture.navigator.open("app://tab/contact/list")
        let plain = try await fixture.navigator.back(1).outcome()
        #expect(plain.plan.steps.map(\.description) == ["push detail(id=3) onto contact"])

        // A saved state, after a cold start: each push of the path as it was.
        try await fixture.navigator.open("app://tab/contact/list/detail(id=2)/post(id=4)", .mode(.exact).hidingBottomBar())
        let state = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(fixture.navigator.state))
        let cold = Fixture()
        _ = cold.recorder.takeLog()
        #expect(try await cold.navigator.restore(state).isComplete)
        #expect(cold.recorder.takeLog().last == "push [detail(id=2), post(id=4)] in contact hiding the tab bar")
    }

    @Test("a saved state presents its modals as they were, after a cold start; a state saved without styles as registered")
    func restoreAsSaved() async throws {
        let fixture = ShowingTests.styledFixture()
        try await fixture.navigator.open("app://tab/contact!compose", .presentation(.fullScreen))
        let data = try JSONEncoder().encode(fixture.navigator.state)
        let state = try JSONDecoder().decode(NavigationState.self, from: data)
        #expect(state == fixture.navigator.state)

        let cold = ShowingTests.styledFixture()
        _ = cold.recorder.takeLog()
        let report = try await cold.navigator.restore(state)
        #expect(report.isComplete)
        #expect(presents(cold) == ["present [compose] in tab as full screen"])
        // The restored history remembers it too.
        try await cold.navigator.open("app://tab/contact/list")
        _ = cold.recorder.takeLog()
        try await cold.navigator.back(1).outcome()
        #expect(presents(cold) == ["present [compose] in tab as full screen"])

        // A state written before styles were saved.
        let old = Data(#"{"path":"/tab#contact!compose","history":["/tab#contact/list/person_detail(id=5)/home_page(id=5)","/tab#contact!compose"]}"#.utf8)
        let older = ShowingTests.styledFixture()
        _ = older.recorder.takeLog()
        try await older.navigator.restore(try JSONDecoder().decode(NavigationState.self, from: old))
        #expect(presents(older) == ["present [compose] in tab as sheet (medium, large)"])
    }

    @Test("a page presented with no style has nothing remembered: a state saves no styles")
    func plainStatesSaveNone() async throws {
        let fixture = Fixture()
        try await fixture.navigator.open("app://tab/contact!compose")
        let json = String(decoding: try JSONEncoder().encode(fixture.navigator.state), as: UTF8.self)
        #expect(!json.contains("Styles"))
    }

    /// One modal level a request presents, and how.
    private struct Level {
        let component: String
        let presentation: PresentationStyle?
        let transition: TransitionStyle?
    }

    @Test("200 seeded sequences: after back(n), each modal of the path gone back to is presented as it was then",
          arguments: 0..<2)
    func seededBacks(batch: Int) async throws {
        let presentations: [PresentationStyle?] = [nil, nil, .fullScreen, .sheet(detents: [.medium]), .popover(anchor: "x")]
        let transitions: [TransitionStyle?] = [nil, nil, .crossDissolve, .moveIn(from: .bottom)]
        for seed in (0..<100).map({ UInt64(batch * 100 + $0) }) {
            var random = SeededRandomNumberGenerator(seed: seed)
            let fixture = ShowingTests.styledFixture()
            try await fixture.navigator.open("app://tab/contact/list")
            // The reference: for each history entry, the styles of its modals, outermost first.
            var history: [[ShowStyle]] = [[]]
            var log: [String] = ["seed \(seed)"]
            for _ in 0..<12 {
                let current = history[history.count - 1]
                if history.count > 1, random.chance(0.4) {
                    let count = Int.random(in: 1...min(3, history.count - 1), using: &random)
                    log.append("back(\(count))")
                    try await fixture.navigator.back(count).outcome()
                    history.removeLast(count)
                } else if !current.isEmpty, random.chance(0.5) {
                    log.append("dismiss all")
                    try await fixture.navigator.open("app://tab/contact/list")
                    history.append([])
                } else {
                    let level = Level(component: random.pick(current.isEmpty ? ["compose", "/attach"] : ["sheet"]),
                                      presentation: random.pick(presentations), transition: random.pick(transitions))
                    var options = NavigationOptions.default
                    if let presentation = level.presentation { options = options.presentation(presentation) }
                    if let transition = level.transition { options = options.transition(transition) }
                    log.append("present !\(level.component) \(options.presentation.map { "\($0)" } ?? "-") \(options.transition.map { "\($0)" } ?? "-")")
                    try await fixture.navigator.open(".!\(level.component)", options)
                    // What the registry says where the request says nothing: compose is a medium/large sheet.
                    let registered: PresentationStyle = level.component == "compose" ? .sheet(detents: [.medium, .large]) : .automatic
                    history.append(current + [ShowStyle(transition: level.transition ?? .platform,
                                                        presentation: level.presentation ?? registered)])
                }
                // Every modal on screen is presented as the reference says its entry was. A
                // modal kept on screen keeps the transition it came with, for its dismissal:
                // presentations are compared.
                var live: [PresentationStyle] = []
                var level: any Page = fixture.tabs
                while let presented = fixture.host.presentedPage(of: level) {
                    live.append(fixture.host.presentationStyle(of: presented)?.presentation ?? .automatic)
                    level = presented
                }
                let expected = history[history.count - 1].map(\.presentation)
                #expect(live == expected, "\(log.joined(separator: "\n"))\nlive \(live), expected \(expected)")
                if live != expected { return }
            }
        }
    }

    @Test("200 seeded sequences: after back(n), the pages pushed again are pushed as the last of them was then",
          arguments: 0..<2)
    func seededPushes(batch: Int) async throws {
        let transitions: [TransitionStyle?] = [nil, nil, .crossDissolve, TransitionStyle.none, .moveIn(from: .trailing)]
        for seed in (0..<100).map({ UInt64(10_000 + batch * 100 + $0) }) {
            var random = SeededRandomNumberGenerator(seed: seed)
            let fixture = Fixture()
            try await fixture.navigator.open("app://tab/contact/list")
            // The reference: for each history entry, the pages above `list` and how each was pushed.
            var history: [[(name: String, style: ShowStyle)]] = [[]]
            var log: [String] = ["seed \(seed)"]
            var made = 0
            for _ in 0..<14 {
                let current = history[history.count - 1]
                if history.count > 1, random.chance(0.35) {
                    let count = Int.random(in: 1...min(3, history.count - 1), using: &random)
                    log.append("back(\(count))")
                    let outcome = try await fixture.navigator.back(count).outcome()
                    history.removeLast(count)
                    let target = history[history.count - 1]
                    var common = 0
                    while common < min(current.count, target.count), current[common].name == target[common].name { common += 1 }
                    let pushes = outcome.plan.steps.compactMap { step -> ShowStyle? in
                        if case .push(_, _, let style) = step { style } else { nil }
                    }
                    let expected = target.count > common ? [target[target.count - 1].style] : []
                    #expect(pushes == expected, "\(log.joined(separator: "\n"))\n\(outcome.plan)")
                    if pushes != expected { return }
                    // One push of several pages shows them all as its last (UIKit hides the
                    // tab bar for each, or none): the pages under the last are now shown by
                    // default, and the history remembers them so.
                    for index in common..<max(target.count - 1, common) {
                        history[history.count - 1][index].style = ShowStyle()
                    }
                } else if !current.isEmpty, random.chance(0.3) {
                    log.append("pop")
                    try await fixture.navigator.pop().outcome()
                    history.append(Array(current.dropLast()))
                } else {
                    made += 1
                    let name = "detail(id=\(made))"
                    let transition = random.pick(transitions)
                    let hides = random.chance(0.3)
                    var options = NavigationOptions.default
                    if let transition { options = options.transition(transition) }
                    if hides { options = options.hidingBottomBar() }
                    log.append("push \(name) \(transition.map { "\($0)" } ?? "-") \(hides ? "hiding" : "-")")
                    try await fixture.navigator.open(name, options)
                    history.append(current + [(name, ShowStyle(transition: transition ?? .platform, hidesBottomBar: hides))])
                }
            }
            // A saved state, restored after a cold start, pushes the pages above `list` at
            // once, as the last of them was pushed.
            let pages = history[history.count - 1]
            let state = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(fixture.navigator.state))
            let cold = Fixture()
            _ = cold.recorder.takeLog()
            #expect(try await cold.navigator.restore(state).isComplete)
            #expect(cold.navigator.currentPath == fixture.navigator.currentPath)
            let pushes = cold.recorder.takeLog().filter { $0.hasPrefix("push") }
            let expected = pages.last.map { last in
                ["push [\(pages.map(\.name).joined(separator: ", "))] in contact\(last.style)"]
            } ?? []
            #expect(pushes == expected, "\(log.joined(separator: "\n"))\nrestored \(pushes)")
        }
    }
}
