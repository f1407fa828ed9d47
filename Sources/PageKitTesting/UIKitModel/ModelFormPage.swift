public import PageKit
import PageKitContainers

/// A page of the ``UIKitModel`` that confirms leaving, as a form with a draft does: its
/// policy is `.allow` while the draft is clean, `.confirm` once edited. Asked, it gives
/// ``answer``, or asks the person its ``question`` over the top of the window, as an app's
/// form does (see ``ask(_:through:)``), or waits for the test to call ``answer(_:)``.
@MainActor
public final class ModelFormPage: ModelScreen, LeaveConfirming {
    /// What the person typed; a page that changes its policy says so on the queue.
    public var draft = ""
    /// A policy that overrides the draft's, for a test.
    public var policy: LeavePolicy?
    /// How often it was asked.
    public private(set) var timesAsked = 0
    /// The gestures or requests it was asked about.
    public private(set) var requests: [LeaveRequest] = []
    private let pending = PendingAnswers()
    /// The answer of an edited form, or `nil` to ask its ``question`` or wait for
    /// ``answer(_:)`` (a clean form answers `true` at once).
    public var answer: Bool?
    /// What an edited form asks the person when there is no ``answer``; it may leave when
    /// the button tapped has the id `"discard"`.
    public private(set) var question: AlertContent?
    private weak var askingNavigator: Navigator?

    /// Makes an edited form ask the person `question` through `navigator`
    /// (``/PageKit/Navigator/ask(_:)``) when it is asked to leave and has no ``answer``.
    /// - Parameters:
    ///   - question: The question, with a button whose id is `"discard"` to let the form go.
    ///   - navigator: The navigator that shows it; held weakly.
    public func ask(_ question: AlertContent, through navigator: Navigator) {
        self.question = question
        askingNavigator = navigator
    }

    public func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy {
        policy ?? (draft.isEmpty ? .allow : .confirm)
    }

    public func canLeave(_ request: LeaveRequest) async -> Bool {
        timesAsked += 1
        requests.append(request)
        // A clean form lets go at once, as the docs' example does.
        if draft.isEmpty, policy == nil { return true }
        if let answer { return answer }
        if let question, let navigator = askingNavigator {
            isAskingThePerson = true
            defer { isAskingThePerson = false }
            return (try? await navigator.ask(question)) == "discard"
        }
        return await pending.wait()
    }

    /// Answers a waiting question.
    public func answer(_ allowed: Bool) {
        pending.answer(allowed)
    }

    /// Whether it is being asked, and waits for ``answer(_:)``.
    public var isAsking: Bool { pending.isAsking }

    /// Whether it waits for the answer to its ``question``, asked through the navigator.
    /// The answer comes back through Swift's global executor before the main actor: while
    /// this is `true` and the host no longer ``ModelPageHost/isAsking``, it is on its way.
    public private(set) var isAskingThePerson = false
}
