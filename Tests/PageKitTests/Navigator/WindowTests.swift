import PageKit
import PageKitLinks
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// One navigator per window, sharing a registry and a link map; new windows asked of a
/// platform that answers late, elsewhere, or never.
@MainActor
@Suite("Windows", .timeLimit(.minutes(10)))
struct WindowTests {
    let clock = ManualTransitionClock()

    private static var registry: PageRegistry {
        var registry = PageRegistry()
        for name in ["list", "person_detail", "settings"] {
            registry.replace(name, externallyOpenable: name == "person_detail") { intent in
                TestPage(intent.component.name, intent.component.parameters)
            }
        }
        return registry
    }

    /// Windows whose navigators each hold `tab` with a `contact` stack, on `opener`.
    private func windows(_ opener: ModelWindowOpener?) -> WindowNavigators {
        let clock = clock
        let windows = WindowNavigators(registry: Self.registry, opener: opener, clock: clock) { _ in
            let queue = TransitionQueue(clock: clock)
            let contact = PageStackModel(name: "contact", pages: [TestPage("list")], queue: queue, ending: .atOnce)
            let tabs = PageTabModel(name: "tab", tabs: [contact, TestPage("settings")], queue: queue, ending: .atOnce)
            return Navigator(root: tabs, host: PageHostModel(queue: queue, ending: .atOnce), queue: queue)
        }
        opener?.windows = windows
        return windows
    }

    /// Windows with `main` connected, on a platform that shows no window, and an open of
    /// `path` in a new window, waiting for it.
    private func openWaitingForItsWindow(_ path: String) async throws
        -> (ModelWindowOpener, WindowNavigators, Task<Navigator, any Error>) {
        let opener = ModelWindowOpener(supportsMultipleWindows: true)
        let windows = windows(opener)
        try await windows.connect("main")
        opener.answer = .nothing
        let open = Task { try await windows.open(path) }
        #expect(await yieldUntil { opener.requests.count == 1 })
        return (opener, windows, open)
    }

    @Test("a new window connects with the request and shows its path; the window that asked is left as it was")
    func newWindow() async throws {
        let opener = ModelWindowOpener(supportsMultipleWindows: true)
        let windows = windows(opener)
        let first = try await windows.connect("main")
        let opened = try await windows.open("/tab#contact/list/person_detail(id=5)", from: "main")
        #expect(windows.connected == ["main", "window 1"])
        #expect(opened === windows.navigator(of: "window 1"))
        #expect(opened.currentPath.description == "/tab#contact/list/person_detail(id=5)")
        #expect(first.currentPath.description == "/tab#contact/list")
        #expect(opener.requests == [WindowRequest(id: "window-1", path: "/tab#contact/list/person_detail(id=5)")])
        #expect(windows.window(showing: try PagePath(parsing: "/tab#contact/list/person_detail(id=5)")) == "window 1")
    }

    @Test("the windows share one registry and one link map: a change reaches every window")
    func sharedRegistryAndLinks() async throws {
        let windows = windows(ModelWindowOpener(supportsMultipleWindows: true))
        let a = try await windows.connect("a")
        let b = try await windows.connect("b")
        windows.registry.replace("compose") { _ in TestPage("compose") }
        try windows.links.add("https://example.com/people/{id}", to: "/tab#contact/list/person_detail(id={id})")
        for navigator in [a, b] {
            #expect(navigator.registry.names.contains("compose"))
            try await navigator.openLink("https://example.com/people/7")
            #expect(navigator.currentPath.description == "/tab#contact/list/person_detail(id=7)")
        }
        #expect(try await windows.connect("a") === a, "a window connects once")
    }

    @Test("on a device with one window, a preferred new window is the one that asked, and a required one is a typed error")
    func oneWindowDevice() async throws {
        let windows = windows(ModelWindowOpener(supportsMultipleWindows: false))
        let main = try await windows.connect("main")
        #expect(try await windows.open("/tab#settings", inNewWindow: .preferred) === main)
        #expect(main.currentPath.description == "/tab#settings")
        await #expect { try await windows.open("/tab#contact/list", inNewWindow: .required) } throws: { error in
            (error as? NavigationError)?.code == .cannotShow
                && (error as? NavigationError)?.reason.contains("one window at a time") == true
        }
        #expect(windows.connected == ["main"])
    }

    @Test("the system may show the request in a window already open: that window shows it")
    func existingWindow() async throws {
        let opener = ModelWindowOpener(supportsMultipleWindows: true)
        let windows = windows(opener)
        let main = try await windows.connect("main")
        let other = try await windows.connect("other")
        opener.answer = .existingWindow("other")
        #expect(try await windows.open("/tab#contact/list/person_detail(id=2)", from: "main") === other)
        #expect(other.currentPath.description == "/tab#contact/list/person_detail(id=2)")
        #expect(main.currentPath.description == "/tab#contact/list")
    }

    @Test("a window that never comes fails the open with a time-out; a refusal with the platform's error")
    func nothingOrRefused() async throws {
        let (opener, windows, open) = try await openWaitingForItsWindow("/tab#settings")
        clock.advance(by: .seconds(10))
        await #expect { try await open.value } throws: { ($0 as? NavigationError)?.code == .timedOut }

        opener.answer = .refusal
        await #expect { try await windows.open("/tab#settings") } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .cannotShow && error.underlying is ModelWindowOpener.Refusal
        }
        #expect(windows.connected == ["main"])
    }

    @Test("an open whose task is cancelled while it waits for its window ends with `cancelled`, and a late window is still shown")
    func cancelledWhileWaiting() async throws {
        let (opener, windows, open) = try await openWaitingForItsWindow("/tab#settings")
        open.cancel()
        await #expect { try await open.value } throws: { error in
            guard let error = error as? NavigationError else { return false }
            return error.code == .cancelled && error.path == "/tab#settings"
        }
        // The platform connects the window later all the same: it shows the request.
        let late = try await windows.connect("late", request: opener.requests[0])
        #expect(late.currentPath.description == "/tab#settings")
        clock.advance(by: .seconds(10))
        #expect(windows.connected == ["main", "late"], "the time-out of the cancelled open ends nothing else")
    }

    @Test("a request continued in a window that is not connected fails the open waiting for it, naming the window")
    func continuedInAMissingWindow() async throws {
        let (opener, windows, open) = try await openWaitingForItsWindow("/tab#settings")
        await #expect { try await windows.continueRequest(opener.requests[0], in: "closed") } throws: { error in
            (error as? NavigationError)?.code == .staleHierarchy && "\(error)".contains("`closed`")
        }
        await #expect { try await open.value } throws: { ($0 as? NavigationError)?.code == .staleHierarchy }
    }

    @Test("a window that connects with a request it cannot show fails the open waiting for it with that error")
    func requestTheWindowCannotShow() async throws {
        let (opener, windows, open) = try await openWaitingForItsWindow("/tab#contact/list/unknown")
        await #expect { try await windows.connect("new", request: opener.requests[0]) } throws: {
            ($0 as? NavigationError)?.code == .notRegistered
        }
        await #expect { try await open.value } throws: { ($0 as? NavigationError)?.code == .notRegistered }
        #expect(windows.navigator(of: "new")?.currentPath.description == "/tab#contact/list", "the window stays, as it was made")
    }

    @Test("a new window needs an absolute path, and a window to fall back on")
    func badInput() async throws {
        let windows = windows(ModelWindowOpener(supportsMultipleWindows: true))
        await #expect { try await windows.open("person_detail(id=5)") } throws: {
            ($0 as? NavigationError)?.code == .invalidPath
        }
        let single = self.windows(nil)
        await #expect { try await single.open("/tab#settings") } throws: { ($0 as? NavigationError)?.code == .noRoot }
    }

    @Test("each window restores its own saved state; a request from an earlier launch is still shown")
    func restoration() async throws {
        let windows = windows(ModelWindowOpener(supportsMultipleWindows: true))
        let saved = try await windows.connect("saved")
        try await saved.open("/tab#contact/list/person_detail(id=3)")
        let state = saved.state
        windows.disconnect("saved")
        #expect(windows.connected.isEmpty)

        let restored = try await windows.connect("restored", restoring: state)
        let fresh = try await windows.connect("fresh")
        let relaunched = try await windows.connect("relaunched", request: WindowRequest(id: "window-9", path: "/tab#settings"))
        #expect(restored.currentPath.description == "/tab#contact/list/person_detail(id=3)")
        #expect(fresh.currentPath.description == "/tab#contact/list")
        #expect(relaunched.currentPath.description == "/tab#settings")
    }

    @Test("100 seeded sequences of window requests agree with a reference model", arguments: 0..<4)
    func seededModel(batch: Int) async throws {
        let kept: [UInt64] = batch == 0 ? [5, 23, 77] : []
        for seed in kept + (0..<25).map({ UInt64(1_000 + batch * 25 + $0) }) {
            try await seededModel(seed: seed)
        }
    }

    private func seededModel(seed: UInt64) async throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let opener = ModelWindowOpener(supportsMultipleWindows: true)
        let windows = windows(opener)
        try await windows.connect("main")
        var reference: [String: String] = ["main": "/tab#contact/list"]  // Window → path.
        var order = ["main"]
        var made = 0
        var asked = 0
        for step in 0..<40 {
            let path = ["/tab#settings", "/tab#contact/list/person_detail(id=\(step))"][Int.random(in: 0..<2, using: &random)]
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
                opener.answer = .newWindow
                asked += 1
                let navigator = try await windows.open(path)
                made += 1
                reference["window \(made)"] = path
                order.append("window \(made)")
                #expect(navigator === windows.navigator(of: "window \(made)"), "seed \(seed)")
            case 2:
                let target = order[Int.random(in: 0..<order.count, using: &random)]
                opener.answer = .existingWindow(target)
                asked += 1
                #expect(try await windows.open(path) === windows.navigator(of: target), "seed \(seed)")
                reference[target] = path
            case 3:
                opener.answer = .nothing
                asked += 1
                let open = Task { try await windows.open(path) }
                #expect(await yieldUntil { opener.requests.count == asked })
                clock.advance(by: .seconds(10))
                await #expect(throws: NavigationError.self, "seed \(seed)") { try await open.value }
            default:
                guard order.count > 1 else { continue }
                let gone = order.remove(at: Int.random(in: 1..<order.count, using: &random))
                windows.disconnect(gone)
                reference[gone] = nil
            }
            #expect(windows.connected == order, "seed \(seed)")
            for (window, path) in reference {
                #expect(windows.navigator(of: window)?.currentPath.description == path, "seed \(seed), window \(window)")
            }
        }
        #expect(opener.errors.isEmpty, "seed \(seed)")
    }
}
