public import PageKit

// Questions asked over whatever is on top, outside the queue: what a page that confirms
// leaving, or a guard, asks while the queue waits for its answer.
extension PageHostModel {
    /// A question asked with ``ask(_:)``: the alert that shows it, and the asker waiting.
    final class Question {
        let number: Int
        let alert: AlertPage
        var asker: CheckedContinuation<String?, Never>?
        /// SwiftUI took it off the screen: a button's action follows in the same turn,
        /// or, after a tap outside a dialog, nothing does.
        var isTakenAway = false

        init(number: Int, alert: AlertPage, asker: CheckedContinuation<String?, Never>) {
            self.number = number
            self.alert = alert
            self.asker = asker
        }
    }

    /// Asks the person `content` over the level on top, at once and outside the queue,
    /// and returns the ``/PageKit/AlertButton/id`` of the button the person tapped.
    ///
    /// ``/PageKit/Navigator/ask(_:)`` comes here: it is how a page that confirms leaving
    /// (``/PageKit/LeaveConfirming/canLeave(_:)``) or a guard asks in a SwiftUI app. A
    /// dialog of the page's own view does not show
    /// while something covers the view (a sheet it presents, a tab not selected): SwiftUI
    /// presents one thing at a time from a view, and nothing from a view off screen. The
    /// queue waits for the answer, so the question cannot be a page opened through the
    /// navigator either. A question shows over whatever is on top instead: the root's
    /// view, or the topmost sheet or full-screen cover.
    ///
    /// ```swift
    /// func canLeave(_ request: LeaveRequest) async -> Bool {
    ///     guard !draft.isEmpty, let navigator else { return true }
    ///     let discard = AlertContent(.confirmationDialog, title: "Discard this message?",
    ///                                buttons: [.destructive("Discard", id: "discard"), .cancel("Keep Editing")])
    ///     return (try? await navigator.ask(discard)) == "discard"
    /// }
    /// ```
    ///
    /// The question shows as an alert or a confirmation dialog, as `content` says, through
    /// the same `alert` and `confirmationDialog` modifiers that show alert pages
    /// (``alert(over:)``). It waits while a presentation or a dismissal is on its way or an
    /// alert is on top, and shows once the screen has settled; questions asked meanwhile
    /// show one after the other. A question is not a page: it is in no path, and no
    /// change is reported for it.
    ///
    /// - Parameter content: What to ask; its buttons' ids are the possible answers.
    /// - Returns: The id of the button tapped; `nil` when the question went without one:
    ///   the person tapped outside a dialog's popover, or the asking task was cancelled.
    ///   The queue cancels it once it no longer waits for the answer (the answer's time-out,
    ///   ``/PageKit/TransitionQueue/Timeouts/answer``, or a cancelled request), and the
    ///   question leaves the screen.
    /// - Throws: ``/PageKit/NavigationError/Code/invalidAlert`` when `content` cannot be
    ///   shown (two buttons with one id, two cancel buttons, a button with no title).
    public func ask(_ content: AlertContent) async throws -> String? {
        let alert = try AlertPage(name: "question", content: content)
        guard !Task.isCancelled else { return nil }
        lastQuestion += 1
        let number = lastQuestion
        return await withTaskCancellationHandler {
            await withCheckedContinuation { asker in
                questions.append(Question(number: number, alert: alert, asker: asker))
                observers.send(animated: true)
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.withdrawQuestion(number) }
        }
    }

    /// Whether a question waits for an answer, shown or not.
    public var isAsking: Bool { !questions.isEmpty }

    /// The question the level on top shows: the oldest not yet taken away.
    var shownQuestion: Question? {
        questions.first { !$0.isTakenAway }
    }

    /// The question that shows as `alert`, if it is one.
    func question(for alert: AlertPage) -> Question? {
        questions.first { $0.alert === alert }
    }

    /// SwiftUI took the question's alert away: the action of the button tapped, if any,
    /// runs in the same turn; after a tap outside a dialog's popover nothing does, and
    /// the question is answered `nil` on the next turn.
    func questionTakenAway(_ question: Question) {
        guard !question.isTakenAway else { return }
        question.isTakenAway = true
        let number = question.number
        Task { @MainActor [weak self] in self?.withdrawQuestion(number) }
        observers.send(animated: true)
    }

    /// The person tapped the button `id` of the question's alert: the question is
    /// answered.
    /// - Throws: ``/PageKit/NavigationError/Code/invalidAlert`` when it has no such button.
    func answer(_ question: Question, with id: String) throws {
        try question.alert.choose(id)  // Checks the id; the alert is in no hierarchy, so no page hears it.
        settle(question, answer: id)
    }

    /// The question `number`, if it still waits, goes without an answer.
    func withdrawQuestion(_ number: Int) {
        guard let question = questions.first(where: { $0.number == number }) else { return }
        settle(question, answer: nil)
    }

    /// A question may show now that the screen has settled.
    func questionMayShow() {
        if !questions.isEmpty { observers.send(animated: true) }
    }

    private func settle(_ question: Question, answer: String?) {
        questions.removeAll { $0 === question }
        let asker = question.asker
        question.asker = nil
        observers.send(animated: true)
        asker?.resume(returning: answer)
    }
}
