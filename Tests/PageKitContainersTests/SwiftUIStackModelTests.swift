import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport
import Testing

/// The SwiftUI navigation stack's model: PageKit's pushes and pops change it and end when
/// the page on top has appeared, its hosting controller's `viewDidAppear` (the queue's
/// time-out as the safety net); the person's back, through the path binding or PageKit's
/// back button, is reported as the person's.
@MainActor
@Suite("SwiftUI stack model", .timeLimit(.minutes(10)))
struct SwiftUIStackModelTests {
    private func stack(_ names: [String] = ["root"], onScreen: Bool = true)
        -> (PageStackModel, ManualTransitionClock, TransitionQueue) {
        let clock = ManualTransitionClock()
        let queue = TransitionQueue(clock: clock)
        let stack = PageStackModel(name: "s", pages: names.map { PlainPage($0) }, queue: queue)
        if onScreen { stack.stackAppeared() }
        return (stack, clock, queue)
    }

    @Test("a push changes the model at once and ends when the new top has appeared, whatever the clock says")
    func pushEndsOnAppearance() {
        let (stack, clock, queue) = stack()
        let counter = ChangeCounter(stack)
        let page = PlainPage("a")
        let push = stack.queued.push(page)
        #expect(stack.pages.map(\.pageName) == ["root", "a"], "the model changes when the transition starts")
        #expect(stack.path.map(\.page).elementsEqual([page]) { $0 === $1 }, "the path is every page above the root")
        #expect(counter.animations == [true], "the view is told, to animate")
        #expect(stack.screenWait?.kind == .appearance)
        stack.pageDidAppear(stack.pages[0])
        stack.pageAppeared(page)
        clock.advance(by: .seconds(1))
        #expect(!push.isResolved, "only the top's hosting controller appearing, or the time-out, ends it; not onAppear")
        stack.pageDidAppear(page)
        #expect(push.result.map { (try? $0.get()) != nil } == true)
        #expect(stack.screenWait == nil)
        #expect(queue.isIdle)
    }

    @Test("a page that never appears: the queue's time-out ends the push, and a late appearance ends nothing else")
    func neverAppears() {
        let (stack, clock, _) = stack()
        let page = PlainPage("a")
        let push = stack.queued.push(page)
        let pop = stack.queued.pop()
        clock.advance(by: .milliseconds(1_999))
        #expect(!push.isResolved)
        clock.advance(by: .milliseconds(1))
        #expect(push.errorCode == .timedOut)
        #expect(stack.pages.map(\.pageName) == ["root"], "the pop ran at its turn")
        stack.pageDidAppear(page)
        #expect(!pop.isResolved, "the late appearance of the pushed page is not the pop's")
        stack.pageDidAppear(stack.pages[0])
        #expect(pop.isResolved && pop.errorCode == nil)
    }

    /// A transition that ends at once, and why.
    struct AtOnce: Sendable, CustomStringConvertible {
        let description: String
    }

    nonisolated static let atOnce: [AtOnce] = [
        "not animated", "no view on screen", "no animation style", "pop to the page on top",
        "a new stack with the same top",
    ].map(AtOnce.init)

    @Test("a transition ends at once when nothing will appear", arguments: atOnce)
    func endsAtOnce(_ testCase: AtOnce) {
        let (stack, _, _) = stack(["root", "a"], onScreen: testCase.description != "no view on screen")
        let counter = ChangeCounter(stack)
        var ended = false
        let completion = TransitionCompletion { _ in ended = true }
        let page = PlainPage("b")
        switch testCase.description {
        case "not animated":
            stack.push([page], animated: false, style: .default, completion: completion)
        case "no view on screen":
            stack.push([page], animated: true, style: .default, completion: completion)
        case "no animation style":
            stack.push([page], animated: true, style: ShowStyle(transition: .none), completion: completion)
        case "pop to the page on top":
            stack.pop(to: stack.pages[1], animated: true, style: .default, completion: completion)
        default:
            stack.setStack([PlainPage("other"), stack.pages[1]], animated: true, style: .default, completion: completion)
        }
        #expect(ended)
        #expect(stack.screenWait == nil)
        #expect(counter.animations.count == 1)
        #expect(counter.animations == [testCase.description != "not animated" && testCase.description != "no animation style"])
    }

    @Test("a stack whose view disappears ends the transition that waits, and its next ones at once")
    func disappears() {
        let (stack, _, _) = stack()
        let push = stack.queued.push(PlainPage("a"))
        stack.stackDisappeared()
        #expect(push.isResolved && push.errorCode == nil)
        #expect(!stack.isOnScreen)
        let pop = stack.queued.pop()
        #expect(pop.isResolved && pop.errorCode == nil)
        stack.stackAppeared()
        #expect(stack.isOnScreen)
    }

    @Test("pops end when the revealed page appears; a page not in the stack is a stale hierarchy")
    func pops() {
        let (stack, _, _) = stack(["root", "a", "b", "c"])
        let root = stack.pages[0]
        var ended: Result<Void, any Error>?
        stack.pop(to: root, animated: true, style: .default, completion: TransitionCompletion { ended = $0 })
        #expect(stack.pages.count == 1 && stack.path.isEmpty)
        #expect(ended == nil)
        stack.pageDidAppear(root)
        #expect(ended.map { (try? $0.get()) != nil } == true)
        var failure: NavigationError.Code?
        stack.pop(to: PlainPage("x"), animated: true, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .staleHierarchy)
    }

    @Test("a page pushed twice, or given twice in a stack, is refused with a typed error, by the model, its queue and the navigator, and announced")
    func doublePush() throws {
        let app = SwiftUIAppFixture(onScreen: false)
        try app.open("/tab#contact/list/person_detail(id=5)")
        let detail = try #require(app.contact.pages.last)
        let before = app.path
        var failure: NavigationError.Code?
        app.contact.push([detail], animated: true, style: .default, completion: TransitionCompletion { result in
            if case .failure(let error as NavigationError) = result { failure = error.code }
        })
        #expect(failure == .alreadyInHierarchy)
        let queued = app.contact.queued.push(app.list)
        #expect(queued.errorCode == .alreadyInHierarchy)
        let request = app.navigator.push(page: detail)
        app.clock.advance(by: .seconds(1))
        #expect(request.errorCode == .alreadyInHierarchy)
        // A stack replaced with a page given twice: as UIKit's `setViewControllers` would
        // raise, refused with nothing changed.
        var replaced: NavigationError.Code?
        app.contact.setStack([app.list, detail, detail], animated: true, style: .default,
                             completion: TransitionCompletion { result in
                                 if case .failure(let error as NavigationError) = result { replaced = error.code }
                             })
        #expect(replaced == .alreadyInHierarchy)
        #expect(app.path == before)
        // The same page twice in a path SwiftUI sets: refused, and the view told to show the model's path again.
        let counter = ChangeCounter(app.contact)
        app.contact.pathChanged(to: app.contact.path + [PageEntry(app.list)])
        #expect(counter.animations.isEmpty, "not from inside SwiftUI's own setter")
        app.clock.advance(by: .zero)
        #expect(counter.animations == [true], "on the next turn")
        #expect(app.path == before)
        // The model's push, the queue's, the navigator's, the replacement, SwiftUI's path.
        #expect(app.failures.filter { $0 == .alreadyInHierarchy }.count == 5, "\(app.events)")
    }

    @Test("the person's back shrinks the path: reported as the person's pop, recorded, and back() returns")
    func personPops() throws {
        let app = SwiftUIAppFixture()
        try app.open("/tab#contact/list/person_detail(id=5)/home_page")
        let before = app.path
        weak var weakHome: (any Page)?
        weakHome = app.contact.pages.last
        // SwiftUI keeps path values for its animations; they do not keep a page alive.
        let keptBySwiftUI = app.contact.path
        app.contact.pathChanged(to: Array(app.contact.path.dropLast()))
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
        #expect(app.changes == ["popped by the user → /tab#contact/list/person_detail(id=5)"])
        #expect(app.navigator.history.entries.map(\.description).suffix(2) == [before, app.path])
        try app.open("app://tab/contact/list")   // pops the rest, through the queue
        #expect(weakHome == nil, "\(keptBySwiftUI.count) entries kept by SwiftUI hold no page")
        try app.navigator.back().outcome(within: app.clock)
        #expect(app.path == "/tab#contact/list/person_detail(id=5)")
    }

    @Test("a path SwiftUI grows is the person's push (SNS-2: a write the model did not ask for); one it rewrites is the app's replacement")
    func pathGrowsOrChanges() throws {
        let app = SwiftUIAppFixture()
        let linked = ScreenPage("home_page")
        app.contact.pathChanged(to: app.contact.path + [PageEntry(linked)])
        #expect(app.path == "/tab#contact/list/home_page")
        let other = ScreenPage("compose")
        app.contact.pathChanged(to: [PageEntry(other)])
        #expect(app.path == "/tab#contact/list/compose")
        app.contact.pathChanged(to: app.contact.path)
        #expect(app.changes == ["pushed by the user → /tab#contact/list/home_page", "replaced by the app → /tab#contact/list/compose"])
    }

    // MARK: Back button and leave policies

    struct BackCase: Sendable, CustomStringConvertible {
        let policy: LeavePolicy
        let answer: Bool?
        let leaves: Bool
        var description: String { "\(policy), answer \(answer.map { "\($0)" } ?? "-")" }
    }

    nonisolated static let backCases = [
        BackCase(policy: .allow, answer: nil, leaves: true),
        BackCase(policy: .refuse, answer: nil, leaves: false),
        BackCase(policy: .confirm, answer: true, leaves: true),
        BackCase(policy: .confirm, answer: false, leaves: false),
    ]

    @Test("a page that confirms leaving gets PageKit's back button, which goes through the queue and its policy",
          arguments: backCases)
    func backButton(_ testCase: BackCase) async throws {
        let app = SwiftUIAppFixture()
        let page = ConfirmingPage("draft", allowsLeaving: nil)
        page.policy = testCase.policy
        let push = app.navigator.push(page: page)
        app.clock.advance(by: .seconds(1))
        #expect(push.isResolved && push.errorCode == nil)
        #expect(app.contact.replacesBackButton(of: app.list) == false, "the root has no back button")
        #expect(app.contact.replacesBackButton(of: page) == (testCase.policy != .allow))
        let before = app.path
        let attempt = try app.contact.userTapsBack()
        switch (testCase.policy, attempt) {
        case (.refuse, .refused):
            break
        case (.allow, .leaving(let ticket)):
            #expect(app.contact.pages.last === app.list, "popped at once, as the queue was idle")
            app.clock.advance(by: .seconds(1))
            #expect(ticket.isResolved && ticket.errorCode == nil)
        case (.confirm, .leaving(let ticket)):
            #expect(await yieldUntil { page.isAsking }, "the page is asked")
            #expect(page.leaveRequests.last?.gesture == .backButton)
            #expect(app.path == before, "nothing moves while it is asked")
            page.answerLeave(testCase.answer ?? true)
            #expect(await yieldUntil { testCase.answer == false ? ticket.isResolved : app.contact.pages.count == 1 })
            app.clock.advance(by: .seconds(1))
            #expect(ticket.errorCode == (testCase.answer == false ? .refused : nil))
        default:
            Issue.record("unexpected \(attempt)")
        }
        if testCase.leaves {
            #expect(app.path == "/tab#contact/list")
            #expect(app.changes == ["popped by the user → /tab#contact/list"])
        } else {
            #expect(app.path == before, "the page stays")
            #expect(app.changes.isEmpty)
        }
        #expect(throws: NavigationError.self) {
            let root = PageStackModel(pages: [PlainPage("only")], queue: app.queue)
            try root.userTapsBack()
        }
    }

    @Test("a change of policy is told to the view of that page only, whichever way it is told")
    func policiesChanged() {
        let (stack, _, queue) = stack(["root", "a"])
        let page = ConfirmingPage("draft")
        page.policy = .allow
        stack.push([page], animated: false, style: .default, completion: TransitionCompletion { _ in })
        let slots = stack.path.map { stack.slot(for: $0.id) }
        let counters = slots.map(ChangeCounter.init)
        #expect(slots.last?.chrome.backButton == nil)
        page.policy = .confirm
        queue.leavePolicyChanged(of: page)
        #expect(slots.last?.chrome.backButton?.title == nil, "PageKit's button, saying Back: `a` has no title")
        #expect(counters.map(\.animations) == [[], [true]], "only the page whose chrome changed")
        page.policy = .allow
        stack.leavePoliciesChanged()
        #expect(counters.map(\.animations) == [[], [true, true]])
        stack.leavePoliciesChanged()
        #expect(counters.map(\.animations) == [[], [true, true]], "nothing changed, nothing drawn")
    }
}

extension NavigationRequest {
    /// The request's error code, if it failed.
    var errorCode: NavigationError.Code? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    /// Lets the clock run until the request ends.
    @discardableResult
    func outcome(within clock: ManualTransitionClock) throws -> NavigationOutcome {
        clock.advance(by: .seconds(10))
        guard let result else { throw NavigationError(.timedOut, reason: "the request did not end") }
        return try result.get()
    }
}
