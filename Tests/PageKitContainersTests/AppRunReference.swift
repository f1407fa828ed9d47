import PageKit

/// The reference the whole-app runs (`UIKitModelRunTests`, `SwiftUIAppRunTests`) agree
/// with: what the two stacks, the selected tab and the sheet hold, which forms are edited
/// and what they answer when asked, and what a navigator request to a page does.
struct AppRunReference {
    static let stackNames = ["contact", "feed"]

    struct Entry: Equatable {
        let name: String
        /// For a form: its index among the forms made.
        var form: Int?
    }

    var stacks: [[Entry]]
    var selected = 0
    /// The sheet's pages, bottom first, while one is presented.
    var sheet: [Entry]?
    /// Per form made, in order: whether it is edited, and its answer when asked.
    var edited: [Bool] = []
    var answers: [Bool] = []

    /// Two stacks holding `roots`.
    init(roots: [String]) {
        stacks = roots.map { [Entry(name: $0)] }
    }

    /// The stack the person sees: the sheet's, or the selected tab's.
    var visible: [Entry]? { visible(behindSheet: false) }

    /// The stack the person acts on: the sheet's, or the selected tab's when there is no
    /// sheet or `behindSheet` (a sheet that lets touches through).
    func visible(behindSheet: Bool) -> [Entry]? {
        if let sheet, !behindSheet { return sheet }
        return selected < 2 ? stacks[selected] : nil
    }

    func isEdited(_ entry: Entry) -> Bool { entry.form.map { edited[$0] } ?? false }

    /// Whether every edited form among `entries` agrees to leave.
    func agree(_ entries: some Sequence<Entry>) -> Bool {
        entries.allSatisfy { entry in entry.form.map { !edited[$0] || answers[$0] } ?? true }
    }

    /// A form a request makes, which will answer `answer` once edited.
    mutating func newForm(answering answer: Bool) -> Entry {
        edited.append(false)
        answers.append(answer)
        return Entry(name: "f", form: edited.count - 1)
    }

    /// What a navigator request to `item` on stack `stack` does in reuse mode: the sheet
    /// dismissed, the tab selected, the page found from the top popped back to or a new
    /// one pushed (a form answering `answer()`); an edited form it removes that refuses
    /// stops it all, and no page is made then. Whether it went ahead.
    @discardableResult
    mutating func open(stack: Int, item: String, answer: () -> Bool) -> Bool {
        var entries = stacks[stack]
        var removed = sheet ?? []
        let found = entries.lastIndex { $0.name == item }
        if let found { removed += entries[(found + 1)...] }
        guard agree(removed) else { return false }
        if let found {
            entries.removeSubrange((found + 1)...)
        } else {
            entries.append(item == "f" ? newForm(answering: answer()) : Entry(name: item))
        }
        sheet = nil
        selected = stack
        stacks[stack] = entries
        return true
    }

    /// What the navigator's `push` of `item` does: a new page on the stack the person sees
    /// (a form answering `answer()`); or the code it fails with, when the page the person
    /// sees is in no stack (`sheetIsStack` false under a sheet of one page, or the tab
    /// that holds none).
    mutating func push(_ item: String, sheetIsStack: Bool, answer: () -> Bool) -> NavigationError.Code? {
        guard var entries = visible, sheet == nil || sheetIsStack else { return .cannotShow }
        entries.append(item == "f" ? newForm(answering: answer()) : Entry(name: item))
        setVisible(entries)
        return nil
    }

    /// What the navigator's `pop(count)` does: the top `count` pages of the stack the
    /// person sees go, once every edited form among them agrees; or the code it fails with.
    mutating func pop(_ count: Int, sheetIsStack: Bool) -> NavigationError.Code? {
        guard var entries = visible, sheet == nil || sheetIsStack else { return .cannotShow }
        guard count < entries.count else { return .outOfRange }
        guard agree(entries.suffix(count)) else { return .refused }
        entries.removeLast(count)
        setVisible(entries)
        return nil
    }

    /// How the app's last push or pop through the navigator, `awaited`, ended, if not as
    /// its expected failure code (`nil` for success) says; `nil` when it did.
    @MainActor
    static func outcomeMismatch(of awaited: (request: NavigationRequest, failure: NavigationError.Code?)?) -> String? {
        guard let (request, failure) = awaited else { return nil }
        switch request.result {
        case nil: return "the app's last push or pop never ended"
        case .success where failure != nil: return "the app's last push or pop succeeded; expected \(failure!)"
        case .failure(let error) where error.code != failure: return "the app's last push or pop failed: \(error)"
        default: return nil
        }
    }

    /// Takes the live app as it is, after an exact open checked on its own: its stacks,
    /// selected tab and sheet, each page a form (by its index among the `formsMade`) or a
    /// name. The forms the open made are clean, and agree to leave.
    mutating func adopt(stacks live: [[Entry]], selected liveSelected: Int, sheet liveSheet: [Entry]?, formsMade: Int) {
        while edited.count < formsMade {
            edited.append(false)
            answers.append(true)
        }
        edited.removeSubrange(formsMade...)
        answers.removeSubrange(formsMade...)
        stacks = live
        selected = liveSelected
        sheet = liveSheet
    }

    /// Sets the pages of the stack the person acts on (``visible(behindSheet:)``).
    mutating func setVisible(_ entries: [Entry], behindSheet: Bool = false) {
        if sheet != nil, !behindSheet {
            sheet = entries
        } else {
            stacks[selected] = entries
        }
    }

    /// The first way the live app differs from the reference, or `nil`: the pages of its two
    /// stacks, its selected tab, its sheet's pages, the path its navigator reports (spelled
    /// as ``path(stackSpellings:sheetSeparator:)`` says) and records last, and its queue,
    /// which must be idle.
    @MainActor
    func disagreement(stacks live: [[String]], selected liveSelected: Int, sheet liveSheet: [String]?,
                      navigator: Navigator, queue: TransitionQueue,
                      stackSpellings: [String], sheetSeparator: String) -> String? {
        for (index, names) in live.enumerated() where names != stacks[index].map(\.name) {
            return "stack \(index) is \(names), expected \(stacks[index].map(\.name))"
        }
        if liveSelected != selected { return "tab \(liveSelected) is selected, expected \(selected)" }
        if liveSheet != sheet?.map(\.name) { return "the sheet holds \(liveSheet ?? []), expected \(sheet?.map(\.name) ?? [])" }
        let current = navigator.currentPath.description
        let expected = path(stackSpellings: stackSpellings, sheetSeparator: sheetSeparator)
        if current != expected { return "the current path is \(current), expected \(expected)" }
        if navigator.history.entries.last?.description != current {
            return "the history ends at \(navigator.history.entries.last?.description ?? "-"): a change was not recorded"
        }
        if !queue.isIdle { return "the queue is still busy with \(queue.runningLabel ?? "an interaction")" }
        return nil
    }

    /// The path the navigator must report: each stack spelled after `#` as `stackSpellings`
    /// says (`contact/` for a named stack, `/` for a transparent one), then the sheet after
    /// `sheetSeparator`.
    func path(stackSpellings: [String], sheetSeparator: String) -> String {
        var text = "/tab"
        if selected < 2 {
            text += "#" + stackSpellings[selected] + stacks[selected].map(\.name).joined(separator: "/")
        } else {
            text += "#settings"
        }
        if let sheet { text += sheetSeparator + sheet.map(\.name).joined(separator: "/") }
        return text
    }
}

/// The exact opens of a whole-app run, as `back(n)` and a restore make them: the paths the
/// navigator reported, and the open under way.
@MainActor
struct AppRunRestores {
    private var shown: [PagePath] = []
    private var restoring: (request: NavigationRequest, path: PagePath)?

    /// Whether an exact open is under way.
    var isRestoring: Bool { restoring != nil }

    /// Notes the path the navigator reports after an operation.
    mutating func record(_ path: PagePath) {
        shown.append(path)
    }

    /// The path reported `back` operations ago, if the run is that long.
    func path(back: Int) -> PagePath? {
        back <= shown.count ? shown[shown.count - back] : nil
    }

    /// Opens `path` in exact mode.
    mutating func open(_ path: PagePath, on navigator: Navigator) {
        restoring = (navigator.request(path, .mode(.exact)), path)
    }

    /// Ends the open under way: whether there was one, and how it ended if not at the very
    /// path it opened, or refused by an edited form.
    mutating func end(on navigator: Navigator) -> (ended: Bool, mismatch: String?) {
        guard let (request, path) = restoring else { return (false, nil) }
        restoring = nil
        return switch request.result {
        case nil: (true, "the exact open of \(path) never ended")
        case .success where navigator.currentPath != path: (true, "the exact open of \(path) ended at \(navigator.currentPath)")
        case .failure(let error) where error.code != .refused: (true, "the exact open of \(path) failed: \(error)")
        default: (true, nil)
        }
    }
}

/// The forms a whole-app run's registry made, in order, and the answers they are to give:
/// shared by the run, which learns each answer from the reference, and the factory.
@MainActor
final class AppRunForms<Form: AnyObject> {
    var made: [Form] = []
    var answers: [Bool] = []

    /// How many questions the person may answer in one go with `queued` operations
    /// waiting: each request asks each form it would take away once, and one the person
    /// keeps fails it, so past that many a form is asked again and again.
    func questionLimit(queued: Int) -> Int {
        max(8, (queued + 1) * made.count)
    }
}

/// The person before the questions of a whole-app run: which edited form asks what shows,
/// and whether they leave it up for the app's next action.
struct QuestionAnswerer {
    /// A disagreement with the reference.
    struct Mismatch: Error, CustomStringConvertible {
        let description: String
    }

    /// What the person does about a question.
    enum Move {
        /// Leaves it up for the next operation.
        case leaveUp
        /// Answers as its form would: keeps the form, or lets it go.
        case answer(keeps: Bool)
    }

    /// Whether the question on top was left there for the operation just run.
    private(set) var leftUp = false

    /// What form `index` asks, when it asks the person: `Discard form <index>?`, as an
    /// alert or a confirmation dialog, with the buttons `discard` and `keep`.
    static func question(forForm index: Int) -> AlertContent {
        AlertContent(index.isMultiple(of: 4) ? .alert : .confirmationDialog, title: "Discard form \(index)?", buttons: [
            .destructive("Discard", id: "discard"), .cancel("Keep Editing", id: "keep"),
        ])
    }

    /// What the person does about the question titled `title` (`Discard form <n>?`):
    /// leaves it up, with `leavingOneUp`, if no question has been left up just before;
    /// otherwise answers as form *n* would.
    /// - Throws: ``Mismatch`` when no edited form of the reference asks that.
    mutating func move(for title: String, reference: AppRunReference, leavingOneUp: Bool,
                       log: inout [String]) throws -> Move {
        guard let number = title.split(separator: " ").dropFirst(2).first.flatMap({ Int($0.dropLast()) }),
              number < reference.answers.count else { throw Mismatch(description: "an unexpected question shows: \(title)") }
        guard reference.edited[number] else { throw Mismatch(description: "form \(number) asked the person, though it is clean") }
        if leavingOneUp, !leftUp {
            leftUp = true
            log.append("    (the person leaves “\(title)” up)")
            return .leaveUp
        }
        leftUp = false
        return .answer(keeps: !reference.answers[number])
    }

    /// No question shows.
    mutating func nothingShows() {
        leftUp = false
    }
}
