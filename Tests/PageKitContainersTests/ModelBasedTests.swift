import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

// Seeded random sequences of operations, run on the real navigator, queue and container
// models, and on a small reference model; after every operation the two must agree.

/// A page the model can name: `p` pages in the stacks (with an event handler), `m` pages
/// presented, each with a unique number the model predicts.
final class ModelPage: ParentPage {
    let pageName: String
    let id: Int?
    let uid: Int
    var containedPages: [any Page] = []
    var pageParameters: PageParameters { id.map { ["id": "\($0)"] } ?? [:] }

    init(_ name: String, id: Int?, uid: Int) {
        pageName = name
        self.id = id
        self.uid = uid
    }
}

/// The operations a sequence is made of.
enum ModelOperation: Sendable, CustomStringConvertible {
    case openPush(tab: Int, id: Int)
    case openSettings
    case queuedPush(stack: Int, id: Int)
    case queuedPop(stack: Int)
    case queuedPopTo(stack: Int, pick: Int)
    case present(id: Int)
    case up
    case deliver(id: Int)
    case swipeBegin
    case swipeEnd(finish: Bool)
    case tapBack
    case tapTab(Int)
    case swipeDown
    case late
    case drop
    case dropSheet
    case cancel(pick: Int)
    case advance(milliseconds: Int)

    var description: String {
        switch self {
        case .openPush(let tab, let id): "open app://tab/\(tab == 0 ? "contact" : "feed")/p(id=\(id))"
        case .openSettings: "open app://tab/settings"
        case .queuedPush(let stack, let id): "queued push p(id=\(id)) on stack \(stack)"
        case .queuedPop(let stack): "queued pop on stack \(stack)"
        case .queuedPopTo(let stack, let pick): "queued pop to page #\(pick) of stack \(stack)"
        case .present(let id): "open .!m(id=\(id))\(ReferenceModel.coversFullScreen(id: id) ? " full screen" : "")"
        case .up: "open .."
        case .deliver(let id): "open app://tab/contact/p(id=\(id))/handler"
        case .swipeBegin: "swipe back begins"
        case .swipeEnd(let finish): finish ? "swipe back finishes" : "swipe back is cancelled"
        case .tapBack: "the person taps back"
        case .tapTab(let index): "the person taps tab \(index)"
        case .swipeDown: "the person swipes the sheet down"
        case .late: "next completion comes late"
        case .drop: "next completion is dropped"
        case .dropSheet: "SwiftUI drops the next presentation"
        case .cancel(let pick): "cancel request #\(pick)"
        case .advance(let milliseconds): "advance \(milliseconds) ms"
        }
    }

    static func random(_ random: inout SeededRandomNumberGenerator) -> ModelOperation {
        let id = Int.random(in: 1...3, using: &random)
        let stack = Int.random(in: 0...1, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<14: return .openPush(tab: stack, id: id)
        case 14..<18: return .openSettings
        case 18..<26: return .queuedPush(stack: stack, id: id)
        case 26..<31: return .queuedPop(stack: stack)
        case 31..<35: return .queuedPopTo(stack: stack, pick: Int.random(in: 0..<6, using: &random))
        case 35..<42: return .present(id: id)
        case 42..<49: return .up
        case 49..<53: return .deliver(id: id)
        case 53..<58: return .swipeBegin
        case 58..<63: return .swipeEnd(finish: random.chance(0.5))
        case 63..<66: return .late
        case 66..<69: return .drop
        case 69..<74: return .cancel(pick: Int.random(in: 0..<20, using: &random))
        case 74..<78: return .tapBack
        case 78..<81: return .tapTab(Int.random(in: 0...2, using: &random))
        case 81..<84: return .swipeDown
        case 84..<84: return .dropSheet
        default: return .advance(milliseconds: random.pick([50, 200, 350, 700, 1_000, 2_000, 3_000]))
        }
    }
}

/// The reference model: a discrete-event simulation of a FIFO of requests on a
/// hierarchy of two stacks, a plain tab and a chain of modals.
struct ReferenceModel {
    struct Page: Equatable {
        let name: String
        let id: Int?
        let uid: Int
    }

    enum Outcome: Equatable, CustomStringConvertible {
        case done, failed(NavigationError.Code), cancelled
        var description: String {
            switch self {
            case .done: "done"
            case .failed(let code): "failed(\(code))"
            case .cancelled: "cancelled"
            }
        }
    }

    enum Request {
        case openPush(tab: Int, id: Int), openSettings, present(id: Int), up, deliver(id: Int)
        case queuedPush(stack: Int, page: Page), queuedPop(stack: Int), queuedPopTo(stack: Int, uid: Int)
        case userPop(stack: Int, uid: Int)

        var isNavigatorOpen: Bool {
            switch self {
            case .queuedPush, .queuedPop, .queuedPopTo, .userPop: false
            default: true
            }
        }
    }

    enum Step {
        case dismiss(from: Int), select(Int), popTo(stack: Int, index: Int), push(stack: Int, page: Page)
        case present(Page)
    }

    /// Who makes a step: the navigator's own requests are announced by the request, a
    /// container's changes as the app's or the person's.
    enum Maker { case navigator, app, user }

    enum Fate { case normal, late, dropped }

    struct Running {
        let number: Int
        let request: Request
        let maker: Maker
        /// The step under way, while its animation runs.
        var step: Step?
        var remaining: [Step]
        var endsAt: Duration?
        var timeoutAt: Duration
        var cancelRequested = false
        /// Levels a SwiftUI pop still has to go, one per animation (iOS 16.0 and 16.1), or
        /// nested sheets (before iOS 17).
        var levelsLeft = 0
        /// The modals a dismissal took away, lowest first: those of its levels still to go
        /// come back if the level going times out (SwiftUI still shows them).
        var dismissed: [Page] = []
        /// A SwiftUI presentation that is taken back if it times out before it appeared.
        var undoesPresentation = false
        /// A SwiftUI full-screen cover over the tabs: once it appeared, the stacks under it
        /// are off screen (SFC-1).
        var coversRoot = false
    }

    static let duration = Duration.milliseconds(350)
    static let timeout = Duration.seconds(2)

    /// Whether `m(id=…)` is presented full screen: id 3 is, so that the random stream, and
    /// with it every kept seed's sequence, is the same as before covers were added.
    static func coversFullScreen(id: Int?) -> Bool { id == 3 }

    var stacks: [[Page]]
    var selected = 0
    var modals: [Page] = []
    var now = Duration.zero
    var pending: [(number: Int, request: Request)] = []
    var running: Running?
    var interacting: Int?
    var fates: [Fate] = []
    /// Presentations SwiftUI will drop: they never appear.
    var sheetDrops = 0
    /// Whether a SwiftUI full-screen cover over the tabs has appeared: SwiftUI's stacks
    /// under it are off screen, and their transitions end at once (SFC-1).
    var rootCovered = false
    /// Whether each SwiftUI stack is drawn: the selected tab's, and in a `TabView` before
    /// iOS 18 also one not yet left since launch (SSV-5); in UIKit's tab bar, only the
    /// selected tab's view is in the window. One not drawn is off screen.
    var drawn: [Bool]
    /// Whether a full-screen modal covers everything: no tab, back button or swipe down
    /// is within the person's reach.
    var isCovered: Bool { modals.contains { Self.coversFullScreen(id: $0.id) } }
    var outcomes: [Int: Outcome] = [:]
    var deliveries: [Int] = []
    /// The navigator's history, and the changes it announced that it did not make.
    var history: [String] = []
    var changes: [String] = []
    var nextUID = 1
    /// The containers the live tree is made of.
    let tree: ModelTree

    /// The iOS release SwiftUI's containers behave as.
    let system: SystemVersion

    init(list: Page, feed: Page, tree: ModelTree = .driven, system: SystemVersion = SystemVersion(17, 0)) {
        stacks = [[list], [feed]]
        self.tree = tree
        self.system = system
        drawn = [true, system < SystemVersion(18, 0)]
        history = [currentPath]
    }

    /// Whether `step` ends at once: a `TabView`'s selection, or a SwiftUI stack's pop
    /// that leaves the same page on top (nothing will appear). Such a step takes no time
    /// and no fate: it never reaches the driver.
    func endsAtOnce(_ step: Step, changed: Bool) -> Bool {
        switch step {
        case .select: tree.selectsAtOnce
        case .popTo(let stack, _): tree.isSwiftUIStack(stack) && (!changed || isOffScreen(stack))
        case .push(let stack, _): tree.isSwiftUIStack(stack) && isOffScreen(stack)
        default: false
        }
    }

    /// Whether SwiftUI stack `index` is off screen: under a full-screen cover (SFC-1), or
    /// in a tab of the tab view that is not drawn (SSV-5).
    func isOffScreen(_ index: Int) -> Bool {
        rootCovered || (tree != .driven && !drawn[index])
    }

    /// The selection moves from `left` to `selected`: the chosen tab's stack is drawn, the
    /// left one's goes off screen, and the animation of a step on it ends at once, the
    /// request going on (SSV-5; UIKit's tab bar likewise).
    private mutating func tabChanged(from left: Int, cuttingAnimation: Bool = true) {
        guard tree != .driven, left != selected else { return }
        if selected < 2 { drawn[selected] = true }
        guard left < 2 else { return }
        drawn[left] = false
        guard tree.isSwiftUIStack(left) else { return }
        guard cuttingAnimation, let current = running, let step = current.step else { return }
        switch step {
        case .push(left, _), .popTo(left, _):
            running?.levelsLeft = 0
            running?.endsAt = now
            running?.timeoutAt = max(current.timeoutAt, now)
            animationEnded()
        default:
            break
        }
    }

    /// Records the current path, as the navigator does after each change.
    mutating func record() {
        if history.last != currentPath { history.append(currentPath) }
    }

    /// A change the navigator did not make: announced and recorded.
    mutating func announce(_ maker: Maker) {
        changes.append("\(maker == .user ? "user" : "app") → \(currentPath)")
        record()
    }

    var isIdle: Bool { running == nil && interacting == nil }

    mutating func makePage(_ name: String, id: Int?) -> Page {
        defer { nextUID += 1 }
        return Page(name: name, id: id, uid: nextUID)
    }

    /// The person's pop of page `uid` that is queued or running, if any: a second back
    /// tap joins it.
    func userPopWaiting(stack: Int, uid: Int) -> Int? {
        if let running, case .userPop(stack, uid) = running.request { return running.number }
        return pending.first { entry in
            if case .userPop(stack, uid) = entry.request { return true }
            return false
        }?.number
    }

    /// The requests the navigator made (the others are containers' queued operations).
    var navigatorRequests: Set<Int> = []

    mutating func enqueue(_ number: Int, _ request: Request) {
        if request.isNavigatorOpen { navigatorRequests.insert(number) }
        if isIdle {
            start(number, request)
        } else {
            pending.append((number, request))
        }
    }

    /// Plans `request` against the state as it is at its turn.
    mutating func start(_ number: Int, _ request: Request) {
        var steps: [Step] = []
        if request.isNavigatorOpen, history.last != currentPath {
            announce(.app)  // Noticed as the request starts.
        }
        switch request {
        case .openPush(let tab, let id):
            if !modals.isEmpty { steps.append(.dismiss(from: 0)) }
            if selected != tab { steps.append(.select(tab)) }
            let stack = stacks[tab]
            if let index = stack.lastIndex(where: { $0.name == "p" && $0.id == id }) {
                if index < stack.count - 1 { steps.append(.popTo(stack: tab, index: index)) }
            } else {
                steps.append(.push(stack: tab, page: makePage("p", id: id)))
            }
        case .openSettings:
            if !modals.isEmpty { steps.append(.dismiss(from: 0)) }
            if selected != 2 { steps.append(.select(2)) }
        case .present(let id):
            steps.append(.present(makePage("m", id: id)))
        case .up:
            if !modals.isEmpty {
                steps.append(.dismiss(from: modals.count - 1))
            } else if selected < 2, stacks[selected].count > 1 {
                steps.append(.popTo(stack: selected, index: stacks[selected].count - 2))
            }
        case .deliver(let id):
            if let page = stacks[0].last(where: { $0.name == "p" && $0.id == id }) {
                deliveries.append(page.uid)
            } else {
                return end(number, .failed(.notRegistered))
            }
        case .queuedPush(let stack, let page):
            steps.append(.push(stack: stack, page: page))
        case .queuedPop(let stack):
            guard stacks[stack].count > 1 else { return end(number, .failed(.outOfRange)) }
            steps.append(.popTo(stack: stack, index: stacks[stack].count - 2))
        case .queuedPopTo(let stack, let uid):
            guard let index = stacks[stack].firstIndex(where: { $0.uid == uid }) else {
                return end(number, .failed(.staleHierarchy))
            }
            steps.append(.popTo(stack: stack, index: index))
        case .userPop(let stack, let uid):
            guard let index = stacks[stack].firstIndex(where: { $0.uid == uid }), index > 0 else {
                return end(number, .failed(.staleHierarchy))
            }
            steps.append(.popTo(stack: stack, index: index - 1))
        }
        guard !steps.isEmpty else { return end(number, .done) }
        let maker: Maker = switch request {
        case .userPop: .user
        case .queuedPush, .queuedPop, .queuedPopTo: .app
        default: .navigator
        }
        running = Running(number: number, request: request, maker: maker, remaining: steps, endsAt: nil, timeoutAt: now)
        beginNextStep()
    }

    private mutating func beginNextStep() {
        guard var current = running else { return }
        let step = current.remaining.removeFirst()
        var changed = true
        current.levelsLeft = 0
        current.dismissed = []
        current.undoesPresentation = false
        current.coversRoot = false
        switch step {
        case .dismiss(let from):
            // SwiftUI before iOS 17 takes nested sheets away one level per update, the
            // topmost first: an animation each.
            if tree.hasSwiftUISheets, system < SystemVersion(17, 0) { current.levelsLeft = max(modals.count - from - 1, 0) }
            current.dismissed = Array(modals[from...])
            modals.removeSubrange(from...)
            // What a cover over the tabs hid comes back as its dismissal starts.
            if from == 0 { rootCovered = false }
        case .select(let tab):
            let left = selected
            selected = tab
            // The request's own selection: no step of it animates meanwhile.
            tabChanged(from: left, cuttingAnimation: false)
        case .popTo(let stack, let index):
            let levels = stacks[stack].count - 1 - index
            changed = levels > 0
            stacks[stack].removeSubrange((index + 1)...)
            if tree.isSwiftUIStack(stack), system < SystemVersion(16, 2) { current.levelsLeft = max(levels - 1, 0) }
        case .push(let stack, let page): stacks[stack].append(page)
        case .present(let page):
            modals.append(page)
            current.undoesPresentation = tree.hasSwiftUISheets
            current.coversRoot = tree.hasSwiftUISheets && modals.count == 1 && Self.coversFullScreen(id: page.id)
        }
        if current.maker != .navigator, changed { announce(current.maker) }
        if endsAtOnce(step, changed: changed) {
            current.step = nil
            running = current
            return current.remaining.isEmpty ? end(current.number, .done) : beginNextStep()
        }
        current.step = step
        if case .present = step, tree.hasSwiftUISheets, sheetDrops > 0 {
            // SwiftUI never shows it: no animation, no callback, only the time-out.
            sheetDrops -= 1
            current.endsAt = nil
        } else {
            current.endsAt = nextAnimationEnd()
        }
        current.timeoutAt = now + Self.timeout
        running = current
    }

    /// When the next animation's end callback comes, as its fate says.
    private mutating func nextAnimationEnd() -> Duration? {
        let fate = fates.isEmpty ? .normal : fates.removeFirst()
        return switch fate {
        case .normal: now + Self.duration
        case .late: now + .seconds(3)
        case .dropped: nil
        }
    }

    private mutating func end(_ number: Int, _ outcome: Outcome) {
        outcomes[number] = outcome
        let ran = running?.number == number
        if ran { running = nil }
        // The navigator's request records where it ends: once it finished, or, failed or
        // cancelled, once a step of it ran, which may have changed the screen.
        if outcome == .done || ran, pendingOrRunningIsNavigator(number) { record() }
        proceed()
    }

    /// Whether request `number` was the navigator's: its history is its own to record.
    private func pendingOrRunningIsNavigator(_ number: Int) -> Bool {
        navigatorRequests.contains(number)
    }

    private mutating func proceed() {
        guard isIdle, !pending.isEmpty else { return }
        let (number, request) = pending.removeFirst()
        start(number, request)
    }

    mutating func advance(by duration: Duration) {
        let target = now + duration
        while let current = running {
            let ends = current.endsAt.map { min($0, current.timeoutAt) } ?? current.timeoutAt
            guard ends <= target else { break }
            now = ends
            if let endsAt = current.endsAt, endsAt <= current.timeoutAt {
                animationEnded()
            } else {
                if current.undoesPresentation {
                    // SwiftUI's host takes back a presentation that never appeared.
                    modals.removeLast()
                    announce(.app)
                } else if current.levelsLeft > 0, !current.dismissed.isEmpty {
                    // Nested sheets going one level per update: the levels below the one
                    // whose end never came are still shown, and recorded again.
                    let restored = current.dismissed.prefix(current.levelsLeft)
                    if modals.isEmpty, let first = restored.first, Self.coversFullScreen(id: first.id) { rootCovered = true }
                    modals.append(contentsOf: restored)
                    announce(.app)
                }
                end(current.number, .failed(.timedOut))
            }
        }
        now = target
    }

    /// The running step's animation ended: the next level of a SwiftUI pop goes, or the
    /// request's next step, or it ends.
    private mutating func animationEnded() {
        guard let current = running else { return }
        if current.coversRoot { rootCovered = true }
        if current.levelsLeft > 0 {
            // A SwiftUI pop on iOS 16.0 or 16.1, or nested sheets before iOS 17: the next
            // level goes.
            let next = nextAnimationEnd()
            running?.levelsLeft -= 1
            running?.endsAt = next
            // Each level is an animation of its own, with a time-out of its own.
            running?.timeoutAt = now + Self.timeout
        } else if current.remaining.isEmpty {
            end(current.number, .done)
        } else if current.cancelRequested {
            end(current.number, .cancelled)
        } else {
            beginNextStep()
        }
    }

    mutating func cancel(_ number: Int) {
        if let index = pending.firstIndex(where: { $0.number == number }) {
            pending.remove(at: index)
            outcomes[number] = .cancelled
        } else if running?.number == number, running?.request.isNavigatorOpen == true {
            running?.cancelRequested = true
        }
    }

    /// The person's swipe back holds the queue from the finger down, on a UIKit stack
    /// (its gesture delegate) and on a SwiftUI one (the gesture's target, through the
    /// hosting controller) alike.
    mutating func beginSwipe() -> Bool {
        guard isIdle, !isCovered, selected < 2, stacks[selected].count > 1 else {
            return false
        }
        interacting = selected
        return true
    }

    mutating func endSwipe(finish: Bool) {
        guard let stack = interacting else { return }
        if finish {
            stacks[stack].removeLast()
            announce(.user)
        }
        interacting = nil
        proceed()
    }

    /// The person taps a tab: selected at once, whatever the queue is doing.
    mutating func tapTab(_ index: Int) {
        guard index != selected, !isCovered else { return }
        let left = selected
        selected = index
        announce(.user)
        tabChanged(from: left)
    }

    /// The person swipes the top sheet down: only while nothing else moves, and never a
    /// full-screen cover.
    mutating func swipeDown() {
        guard isIdle, let top = modals.last, !Self.coversFullScreen(id: top.id) else { return }
        modals.removeLast()
        announce(.user)
    }
}

/// Checks that no transition starts while another is running: one started and neither
/// completed nor given up on by a time-out. The transitions the screen runs are checked by
/// the screen itself (``SwiftUIScreen/violations``), which knows when it cut one short
/// (a stack leaving the window) though the driver still times its end callback; here they
/// are checked against the driver's own.
final class OverlapCheckingDriver: TransitionDriver {
    let next: ClockTransitionDriver
    private var active: Set<Int> = []
    private var names: [Int: String] = [:]
    private var activeNames: String { active.sorted().compactMap { names[$0] }.joined(separator: ", ") }
    private var lastID = 0
    private(set) var overlaps: [String] = []
    /// Whether an animation is under way on the screen.
    var screenIsAnimating: @MainActor () -> Bool = { false }

    init(next: ClockTransitionDriver) {
        self.next = next
    }

    func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
        if !active.isEmpty { overlaps.append("\(transition.description) started while \(activeNames) ran") }
        if screenIsAnimating() { overlaps.append("\(transition.description) started while the screen animated") }
        names[lastID + 1] = transition.description
        lastID += 1
        let id = lastID
        active.insert(id)
        next.run(transition) { [weak self] in
            self?.active.remove(id)
            completion()
        }
    }

    /// Times the screen's transitions, checked against the driver's own.
    var screen: some TransitionDriver { ScreenTimed(checker: self) }

    private final class ScreenTimed: TransitionDriver {
        let checker: OverlapCheckingDriver
        init(checker: OverlapCheckingDriver) { self.checker = checker }
        func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
            if !checker.active.isEmpty {
                checker.overlaps.append("\(transition.description) started while \(checker.activeNames) ran")
            }
            checker.next.run(transition, completion: completion)
        }
    }

    /// The running transition's operation timed out: it is given up on.
    func abandon() {
        active.removeAll()
    }
}

/// The real navigator, queue and container models, driven like the model.
@MainActor
final class SystemUnderTest {
    let clock = ManualTransitionClock()
    let queue: TransitionQueue
    let timing: ClockTransitionDriver
    let driver: OverlapCheckingDriver
    /// Stands in for SwiftUI: calls the SwiftUI models back, timed through `driver`.
    let screen: SwiftUIScreen
    let tree: ModelTree
    let host: PageHostModel
    let stacks: [PageStackModel]
    let tabs: PageTabModel
    let navigator: Navigator
    var nextUID = 1
    var deliveries: [Int] = []
    var swipe: BackSwipe?
    /// The SwiftUI stack the person's finger swipes back on.
    var swiftUISwipe: PageStackModel?
    var requests: [Int: () -> ReferenceModel.Outcome?] = [:]
    var cancellers: [Int: () -> Void] = [:]
    /// The numbers of the requests made of the navigator, not of a container's queue.
    var navigatorRequests: Set<Int> = []
    /// The changes the navigator announced that it did not make.
    var changes: [String] = []
    /// How the requests the navigator announced ended, in the order it did.
    var announcedEnds: [ReferenceModel.Outcome] = []
    private var observation: ObservationToken?
    private var changeObservation: ObservationToken?
    private var tabObservation: ModelObservation?
    /// The tab whose content the tab bar shows.
    private var shownTab = 0

    init(tree: ModelTree = .driven, behaviour: SwiftUIBehaviour = SwiftUIBehaviour()) {
        self.tree = tree
        queue = TransitionQueue(clock: clock, timeouts: .init(animated: ReferenceModel.timeout,
                                                              nonAnimated: .milliseconds(500)))
        timing = ClockTransitionDriver(clock: clock, duration: ReferenceModel.duration)
        driver = OverlapCheckingDriver(next: timing)
        screen = SwiftUIScreen(driver: driver.screen, clock: clock, animationDuration: timing.duration, behaviour: behaviour)
        driver.screenIsAnimating = { [clock, screen] in clock.now < screen.animationEnds }
        screen.recordsCallbacks = false
        let roots = [ModelPage("list", id: nil, uid: 0), ModelPage("feed", id: nil, uid: -1)]
        let names = ["contact", ""]
        let driven = TransitionEnd.driver(driver)
        stacks = roots.indices.map { [queue] index in
            PageStackModel(name: names[index], pages: [roots[index]], queue: queue,
                           ending: tree.isSwiftUIStack(index) ? .screen : driven)
        }
        let tabPages = stacks.map { $0 as any Page } + [ModelPage("settings", id: nil, uid: -2)]
        tabs = PageTabModel(name: "tab", tabs: tabPages, queue: queue, ending: tree.selectsAtOnce ? .screen : driven)
        host = PageHostModel(queue: queue, ending: tree.hasSwiftUISheets ? .screen : driven)
        if tree.hasSwiftUISheets { screen.show(host, root: tabs) }
        if tree.selectsAtOnce { screen.show(tabs) }
        for (index, stack) in stacks.enumerated() where tree.isSwiftUIStack(index) { screen.show(stack) }
        navigator = Navigator(root: tabs, host: host, queue: queue, identifiers: .sequential())
        for name in ["p", "m"] {
            navigator.registry.replace(name) { [weak self] intent in
                self?.makePage(name, id: intent.parameter("id").flatMap { Int($0) }) ?? ModelPage(name, id: nil, uid: -9)
            }
        }
        if tree == .mixed {
            // UIKit's tab bar controller replaces the view of the tab it leaves with the
            // chosen one's ("When the user selects a tab, the tab bar controller displays
            // the root view of the corresponding view controller, replacing any previous
            // views", `UITabBarController`): the SwiftUI stack hosted in the left tab
            // leaves the window, and comes back with its tab.
            tabObservation = tabs.observe { [weak self] _ in self?.tabBarShowsSelection() }
        }
        observation = queue.observe { [weak self] event in
            if case .timedOut = event { self?.driver.abandon() }
        }
        changeObservation = navigator.observe { [weak self] event in
            switch event.kind {
            case .changed:
                self?.changes.append("\(event.source == .user ? "user" : "app") → \(event.to?.description ?? "?")")
            case .didFinish: self?.announcedEnds.append(.done)
            case .cancelled: self?.announcedEnds.append(.cancelled)
            case .failed(let error): self?.announcedEnds.append(.failed(error.code))
            case .willStart, .loadStarted, .loadEnded: break
            }
        }
    }

    /// The UIKit tab bar shows the selected tab: the SwiftUI stack in the tab it left goes
    /// off screen, the one in the tab chosen comes back.
    private func tabBarShowsSelection() {
        let left = shownTab
        shownTab = tabs.selectedIndex
        guard left != shownTab else { return }
        if tree.isSwiftUIStack(shownTab) { screen.show(stacks[shownTab]) }
        if tree.isSwiftUIStack(left) { screen.hide(stacks[left]) }
    }

    func makePage(_ name: String, id: Int?) -> ModelPage {
        defer { nextUID += 1 }
        let page = ModelPage(name, id: id, uid: nextUID)
        if name == "p" {
            page.containedPages = [EventHandler("handler", owner: page) { [weak self] owner, _ in
                self?.deliveries.append(owner.uid)
            }]
        }
        return page
    }

    func track(_ number: Int, _ request: NavigationRequest) {
        navigatorRequests.insert(number)
        requests[number] = { Self.outcome(request.result) }
        cancellers[number] = { request.cancel() }
    }

    /// The tickets of queued operations, by request number.
    var tickets: [Int: TransitionTicket] = [:]

    func track(_ number: Int, _ ticket: TransitionTicket) {
        tickets[number] = ticket
        requests[number] = { Self.outcome(ticket.result) }
        cancellers[number] = { ticket.cancel() }
    }

    private static func outcome<T>(_ result: Result<T, NavigationError>?) -> ReferenceModel.Outcome? {
        switch result {
        case nil: nil
        case .success: .done
        case .failure(let error) where error.code == .cancelled: .cancelled
        case .failure(let error): .failed(error.code)
        }
    }

    /// The live state in the model's terms.
    var state: String {
        let uids = stacks.map { $0.pages.map { ($0 as? ModelPage)?.uid ?? -99 } }
        var modals: [Int] = []
        var level: any Page = tabs
        while let modal = host.presentedPage(of: level) {
            modals.append((modal as? ModelPage)?.uid ?? -99)
            level = modal
        }
        return "stacks \(uids) selected \(tabs.selectedIndex) modals \(modals)"
    }
}

extension ReferenceModel {
    var state: String {
        "stacks \(stacks.map { $0.map(\.uid) }) selected \(selected) modals \(modals.map(\.uid))"
    }

    /// The current path the navigator must report: the selected tab's chain, then each
    /// modal presented over it.
    var currentPath: String {
        func spell(_ page: Page) -> String { page.id.map { "\(page.name)(id=\($0))" } ?? page.name }
        var text = "/tab"
        switch selected {
        case 0: text += "#contact/" + stacks[0].map(spell).joined(separator: "/")
        case 1: text += "#/" + stacks[1].map(spell).joined(separator: "/")
        default: text += "#settings"
        }
        for modal in modals { text += "!" + spell(modal) }
        return text
    }
}

@MainActor
@Suite("Model-based: random sequences against a reference model", .timeLimit(.minutes(10)))
struct ModelBasedTests {
    /// Seeds kept because they caught a fault: 2141 and 3076 fail when an open cancelled
    /// while running does not stop before its next step.
    nonisolated static let regressionSeeds: [UInt64] = [2141, 3076]
    /// Seeds kept because they caught a fault on another tree: 14 on the SwiftUI tree
    /// fails when a change reported by the queue's next operation, started from inside a
    /// step that ended at once (a `TabView`'s selection), is taken for the navigator's own;
    /// 4134 on the mixed tree fails when a stack under a full-screen cover takes a late
    /// animation's end for its page appearing, and waits for an appearance that never comes.
    nonisolated static let regressionCases = regressionSeeds.map { RegressionCase(seed: $0, tree: .driven) }
        + [RegressionCase(seed: 14, tree: .swiftUI), RegressionCase(seed: 4134, tree: .mixed, length: 38)]
        // Pops of six levels or more, one level per animation on iOS 16.0 and 16.1, timed out.
        + [RegressionCase(seed: 1_036_649, tree: .mixed, length: 38), RegressionCase(seed: 1_156_913, tree: .swiftUI, length: 60),
           RegressionCase(seed: 1_067_679, tree: .mixed, length: 35), RegressionCase(seed: 1_168_889, tree: .mixed, length: 40),
           RegressionCase(seed: 1_109_043, tree: .swiftUI, length: 53), RegressionCase(seed: 1_290_828, tree: .swiftUI, length: 45),
           RegressionCase(seed: 1_082_888, tree: .swiftUI, length: 60), RegressionCase(seed: 1_263_738, tree: .swiftUI, length: 55)]

    /// A seed and the tree it failed on.
    struct RegressionCase: Sendable, CustomStringConvertible {
        let seed: UInt64
        let tree: ModelTree
        /// How many operations the failing sequence had.
        var length = 60
        var description: String { "seed \(seed) on the \(tree) tree" }
    }

    /// The tree the sequence at `index` of a batch runs on: three in five driven, one
    /// SwiftUI, one mixed, so the SwiftUI models share the run without lengthening it.
    static func tree(at index: Int) -> ModelTree {
        switch index % 5 {
        case 3: .swiftUI
        case 4: .mixed
        default: .driven
        }
    }

    /// Runs one sequence; returns a description of the first disagreement, if any.
    static func run(seed: UInt64, length: Int, tree: ModelTree = .driven) -> String? {
        var random = SeededRandomNumberGenerator(seed: seed)
        // Each seed runs SwiftUI as one release and one setting of each unsettled rule:
        // a batch goes through them all.
        let behaviour = SwiftUIBehaviour.variant(Int(seed % 1_000))
        let system = SystemUnderTest(tree: tree, behaviour: behaviour)
        var model = ReferenceModel(list: .init(name: "list", id: nil, uid: 0), feed: .init(name: "feed", id: nil, uid: -1),
                                   tree: tree, system: behaviour.system)
        let label = tree == .driven ? "\(tree) tree" : "\(tree) tree (\(behaviour))"
        var log: [String] = []
        var number = 0

        /// Compares the state, outcomes, announcements and history. The history only
        /// grows at its end, so after each operation its last entry and its length are
        /// compared, and the whole of it at the end of the run.
        func check(_ when: String, wholeHistory: Bool = false) -> String? {
            if system.state != model.state {
                return "\(when): live \(system.state) ≠ model \(model.state)"
            }
            // The navigator remembers stacks between reads; it must never report a stale path.
            let current = system.navigator.currentPath.description
            if current != model.currentPath {
                return "\(when): current path \(current) ≠ model \(model.currentPath)"
            }
            if let overlap = system.driver.overlaps.first { return "\(when): \(overlap)" }
            // What SwiftUI would show: never a path written mid-animation, and every view
            // showing what its model binds.
            if let violation = system.screen.violations.first { return "\(when): \(violation)" }
            if let disagreement = system.screen.disagreements.first { return "\(when): \(disagreement)" }
            for (request, outcome) in system.requests {
                if outcome() != model.outcomes[request] {
                    return "\(when): request #\(request) is \(outcome().map(\.description) ?? "pending") live, "
                        + "\(model.outcomes[request].map(\.description) ?? "pending") in the model"
                }
            }
            if system.deliveries != model.deliveries {
                return "\(when): deliveries \(system.deliveries) ≠ \(model.deliveries)"
            }
            if system.changes != model.changes {
                return "\(when): changes announced \(system.changes) ≠ model \(model.changes)"
            }
            // Every request the navigator ended was announced once, as it ended.
            let ended = system.navigatorRequests.compactMap { system.requests[$0]?() }
            if ended.map(\.description).sorted() != system.announcedEnds.map(\.description).sorted() {
                return "\(when): the navigator announced the ends \(system.announcedEnds) of requests that ended \(ended)"
            }
            let length = system.navigator.history.entries.count
            let same = wholeHistory
                ? system.navigator.history.entries.map(\.description) == Array(model.history.suffix(length))
                : system.navigator.history.last?.description == model.history.last
            if !same || length != min(model.history.count, 50) {
                let history = system.navigator.history.entries.map(\.description)
                return "\(when): history \(history) ≠ model \(model.history.suffix(50))"
            }
            return nil
        }

        func open(_ text: String, _ request: ReferenceModel.Request, _ options: NavigationOptions = .default) {
            number += 1
            // The model's own page numbers stay in step: it makes pages at the same turns.
            system.track(number, system.navigator.request(try! PagePath(parsing: text), options))
            model.enqueue(number, request)
        }

        for _ in 0..<length {
            let operation = ModelOperation.random(&random)
            log.append("\(operation)")
            switch operation {
            case .openPush(let tab, let id):
                open("app://tab/\(tab == 0 ? "contact" : "feed")/p(id=\(id))", .openPush(tab: tab, id: id))
            case .openSettings:
                open("app://tab/settings", .openSettings)
            case .present(let id):
                open(".!m(id=\(id))", .present(id: id),
                     ReferenceModel.coversFullScreen(id: id) ? .presentation(.fullScreen) : .default)
            case .up:
                open("..", .up)
            case .deliver(let id):
                open("app://tab/contact/p(id=\(id))/handler", .deliver(id: id))
            case .queuedPush(let stack, let id):
                number += 1
                let page = system.makePage("p", id: id)
                let modelPage = model.makePage("p", id: id)
                system.track(number, system.stacks[stack].queued.push(page))
                model.enqueue(number, .queuedPush(stack: stack, page: modelPage))
            case .queuedPop(let stack):
                number += 1
                system.track(number, system.stacks[stack].queued.pop())
                model.enqueue(number, .queuedPop(stack: stack))
            case .queuedPopTo(let stack, let pick):
                number += 1
                let pages = system.stacks[stack].pages
                let target = pages[pick % pages.count]
                system.track(number, system.stacks[stack].queued.pop(to: target))
                model.enqueue(number, .queuedPopTo(stack: stack, uid: (target as! ModelPage).uid))
            case .swipeBegin:
                // Behind a sheet, the finger reaches the stack only if the screen lets it: a
                // look at what it shows, so every seed draws as before. The driven sheets
                // stand for sheets that let touches through.
                if system.tabs.selectedIndex < 2, !system.screen.canReach(system.stacks[system.tabs.selectedIndex]) { break }
                let expected = model.beginSwipe()
                if !system.isSwiping, expected, system.tabs.selectedIndex < 2 {
                    system.beginSwipe(on: system.tabs.selectedIndex)
                }
                if system.isSwiping != (model.interacting != nil) {
                    return "seed \(seed), \(label): swipe began live \(system.isSwiping), model \(expected)\n"
                        + log.joined(separator: "\n")
                }
            case .tapBack:
                let stack = min(system.tabs.selectedIndex, 1)
                let pages = system.stacks[stack].pages
                if system.tabs.selectedIndex < 2, pages.count > 1, !model.isCovered, let top = pages.last as? ModelPage {
                    guard case .leaving(let ticket) = try! system.stacks[stack].userTapsBack() else {
                        return "seed \(seed), \(label): the back button should queue a pop\n" + log.joined(separator: "\n")
                    }
                    if let waiting = model.userPopWaiting(stack: stack, uid: top.uid) {
                        // One leave waits per page: a second tap joins the first.
                        guard system.tickets[waiting] === ticket else {
                            return "seed \(seed), \(tree) tree: a second back tap queued a second pop\n"
                                + log.joined(separator: "\n")
                        }
                    } else {
                        number += 1
                        system.track(number, ticket)
                        model.enqueue(number, .userPop(stack: stack, uid: top.uid))
                    }
                }
            case .tapTab(let index):
                // A finger swiping back on a SwiftUI stack does not tap a tab as well: the
                // tab view would take the stack off screen under it.
                if tree != .driven, model.interacting != nil { break }
                // While a sheet slides in or out, UIKit takes no touch (the SwiftUI screen's
                // `isIgnoringTouches`): only a look, so every seed draws as before.
                if tree.selectsAtOnce, system.screen.isIgnoringTouches { break }
                // A sheet or cover of SwiftUI's on screen keeps the finger from the tab bar,
                // unless the app lets touches through. What the screen shows decides, not
                // what the reference records: a dismissed cover is there until its
                // dismissal ends. Again only a look.
                if tree.hasSwiftUISheets, !system.screen.canReach(system.tabs) { break }
                // Nothing of the tab bar shows under a full-screen cover.
                if !model.isCovered { system.tapTab(index) }
                model.tapTab(index)
            case .swipeDown:
                system.swipeDown()
                model.swipeDown()
            case .swipeEnd(let finish):
                system.endSwipe(finishing: finish)
                model.endSwipe(finish: finish)
            case .late:
                system.timing.setNext(.after(.seconds(3)))
                model.fates.append(.late)
            case .drop:
                system.timing.dropNextCompletion()
                model.fates.append(.dropped)
            case .dropSheet:
                if tree.hasSwiftUISheets {
                    system.screen.dropNextPresentation()
                    model.sheetDrops += 1
                }
            case .cancel(let pick):
                guard pick < number else { break }
                system.cancellers[pick + 1]?()
                model.cancel(pick + 1)
            case .advance(let milliseconds):
                system.clock.advance(by: .milliseconds(milliseconds))
                model.advance(by: .milliseconds(milliseconds))
            }
            // Each operation is a turn of the run loop: what it left for the next turn runs.
            system.clock.advance(by: .zero)
            if let problem = check("after \(operation)") {
                return "seed \(seed), \(label): \(problem)\n" + log.joined(separator: "\n")
            }
        }
        // Every request ends: let go of any swipe, then let all time pass.
        system.endSwipe(finishing: false)
        model.endSwipe(finish: false)
        system.clock.advance(by: .seconds(3_600))
        model.advance(by: .seconds(3_600))
        if let problem = check("at the end", wholeHistory: true) {
            return "seed \(seed), \(label): \(problem)\n" + log.joined(separator: "\n")
        }
        if let unresolved = system.requests.first(where: { $0.value() == nil }) {
            return "seed \(seed), \(label): request #\(unresolved.key) never ended\n" + log.joined(separator: "\n")
        }
        return nil
    }

    @Test("seeds that once failed still pass", arguments: regressionCases)
    func regression(_ regression: RegressionCase) {
        if let problem = Self.run(seed: regression.seed, length: regression.length, tree: regression.tree) {
            Issue.record("\(problem)")
        }
    }

    @Test("10,000 seeded sequences of up to 60 operations, on driven, SwiftUI and mixed trees, agree with the model",
          arguments: 0..<10)
    func sequences(batch: Int) async {
        var random = SeededRandomNumberGenerator(seed: UInt64(batch))
        for index in 0..<1_000 {
            // Each sequence is a turn of its own, so the other tests on the main actor
            // run between them instead of waiting for the whole batch.
            await Task.yield()
            let seed = UInt64(batch * 1_000 + index)
            let length = Int.random(in: 1...60, using: &random)
            let tree = Self.tree(at: index)
            if let problem = Self.run(seed: seed, length: length, tree: tree) {
                Issue.record("\(problem)\n(add RegressionCase(seed: \(seed), tree: .\(tree)) to regressionCases)")
                return
            }
        }
    }
}
