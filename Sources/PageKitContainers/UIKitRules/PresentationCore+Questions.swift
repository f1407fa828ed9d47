package import PageKit

/// A question asked through UIKit's host (`ask(_:)`): the alert that shows it, how its
/// alert controller is made, and the asker waiting.
@MainActor
final class QuestionRecord {
    let alert: AlertPage
    let make: @MainActor (_ presenter: AnyObject) -> AnyObject?
    var asker: CheckedContinuation<String?, Never>?
    /// The alert controller, once UIKit presented it.
    weak var controller: AnyObject?
    /// Whether UIKit presented it: once it is gone without an action, it goes unanswered.
    var wasPresented = false

    init(alert: AlertPage, make: @escaping @MainActor (_ presenter: AnyObject) -> AnyObject?) {
        self.alert = alert
        self.make = make
    }
}

// Questions over the top of the window, outside the queue. UIKit presents nothing from a
// view controller that already presents, is not in a window, or is being presented or
// dismissed (it logs a warning and never calls back), so a question is presented from the
// topmost view controller the root presents, once none of that holds, and its alert
// controller is not a page: a plan that needs the screen dismisses it like any alert the
// app presented itself, and the question then goes without an answer.
extension PresentationCore {
    /// Asks `alert`'s content over the top of the window and returns the id of the action
    /// the person tapped, or `nil` when the question went without one (withdrawn when the
    /// asking task is cancelled, or dismissed by a plan).
    /// - Parameters:
    ///   - alert: What to ask, in a page that is never part of the hierarchy.
    ///   - make: Makes the alert controller for the presenter it will be presented from,
    ///     its actions calling ``alertActionRan(_:of:shownBy:)``; `nil` when UIKit would
    ///     stop the app for it.
    package func ask(_ alert: AlertPage, making make: @escaping @MainActor (_ presenter: AnyObject) -> AnyObject?) async
        -> String? {
        guard !Task.isCancelled else { return nil }
        let question = QuestionRecord(alert: alert, make: make)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { asker in
                question.asker = asker
                questions.append(question)
                showNextQuestion()
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.withdrawQuestion(alert) }
        }
    }

    /// Presents the oldest question not shown yet, from the top of the window, if UIKit
    /// would present from there now; otherwise waits for the transition under way to end
    /// (its coordinator's completion) or, with no coordinator to tell, looks again a
    /// moment later. A question whose alert controller is gone without an answer (a plan
    /// dismissed it) goes with `nil` first.
    func showNextQuestion() {
        guard let surface else { return }
        for question in questions where question.wasPresented
            && (question.controller.map { surface.presenter(of: $0) == nil } ?? true) {
            settle(question, answer: nil)
        }
        guard let question = questions.first, question.controller == nil, questionWait == nil,
              var top = questionRoot else { return }
        while let next = surface.presented(by: top) { top = next }
        let state = surface.state(of: top)
        guard state.isInWindow, !state.isBeingPresented, !state.isBeingDismissed, !state.isInTransition else {
            return waitToShowQuestion(until: top)
        }
        guard let controller = question.make(top) else {
            settle(question, answer: nil)
            return showNextQuestion()
        }
        surface.applyPresent(controller, from: top, animated: true) {}
        guard surface.presenter(of: controller) != nil else {
            return waitToShowQuestion(until: nil)  // UIKit refused without a word.
        }
        question.controller = controller
        question.wasPresented = true
    }

    private func waitToShowQuestion(until top: AnyObject?) {
        if let top, afterTransition(of: top, { [weak self] in self?.questionWaitEnded() }) == .waiting {
            questionWait = .transition
            return
        }
        // Not in a window, or UIKit refused without a word: looked at again a moment later.
        questionWait = .timer(queue.clock.schedule(after: .milliseconds(100)) { [weak self] in
            self?.questionWaitEnded()
        })
    }

    private func questionWaitEnded() {
        questionWait = nil
        showNextQuestion()
    }

    /// The person tapped the action `id` of a question's alert controller: UIKit has
    /// taken it away already; the question is answered, and the next one may show.
    /// - Returns: Whether `alert` was a question.
    func questionAnswered(_ id: String, of alert: AlertPage) -> Bool {
        guard let question = questions.first(where: { $0.alert === alert }) else { return false }
        _ = try? alert.choose(id)  // Made from the alert's own buttons: always one of them.
        settle(question, answer: id)
        showNextQuestion()
        return true
    }

    /// The question of `alert`, if it still waits, goes without an answer: its alert
    /// controller, if shown, is dismissed.
    func withdrawQuestion(_ alert: AlertPage) {
        guard let question = questions.first(where: { $0.alert === alert }) else { return }
        settle(question, answer: nil)
        if let controller = question.controller { dismissQuestion(controller) }
        showNextQuestion()
    }

    /// Dismisses a withdrawn question's alert controller, once it is in if it is still
    /// arriving: UIKit drops a dismiss while a presentation is in progress.
    private func dismissQuestion(_ controller: AnyObject) {
        guard let surface, let presenter = surface.presenter(of: controller),
              !surface.state(of: controller).isBeingDismissed else { return }
        if afterTransition(of: controller, { [weak self, weak controller] in
            if let self, let controller { self.dismissQuestion(controller) }
        }) == .waiting { return }
        surface.applyDismiss(presentedBy: presenter, animated: true) { [weak self] in self?.showNextQuestion() }
    }

    /// Whether a question waits for an answer, shown or not.
    package var isAsking: Bool { !questions.isEmpty }

    private func settle(_ question: QuestionRecord, answer: String?) {
        questions.removeAll { $0 === question }
        let asker = question.asker
        question.asker = nil
        asker?.resume(returning: answer)
    }
}
