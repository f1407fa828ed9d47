import PageKit
import PageKitContainers
import PageKitTesting

/// A session at the showcase's prompt: runs each typed command on one demo app and
/// returns the text to print. It reads and writes nothing itself, so tests drive it line
/// by line.
///
/// ```swift
/// let session = ShowcaseSession()
/// print(await session.run("app://tab/contact/person_detail?id=5"))
/// // plan for app://tab/contact/person_detail?id=5 (reuse)
/// //   1. push person_detail onto contact
/// // live tree:
/// //   …
/// // current URL: app://tab/contact/list/person_detail(id=5)
/// print(await session.run("tap back"))
/// // reported: popped [person_detail(id=5)] in contact by the user
/// // …
/// ```
///
/// Opens and moves are the app's requests: the session prints the plan the navigator ran.
/// Taps and swipes are the person's: they are acted out through what the views would call
/// (`PageKitTesting` has the swipes), and the navigator reports them as changes, which the
/// session prints. After either come the live tree and the
/// current URL.
@MainActor
public final class ShowcaseSession {
    /// The app the commands run on.
    public let app: DemoApp
    /// Whether `quit` (or `exit`) ended the session.
    public private(set) var isFinished = false
    /// The changes the navigator reported during the running command.
    private var reported: [HierarchyChange] = []
    private var observation: ObservationToken?

    /// Starts a session on `app`, by default a fresh demo app at `/tab#contact/list`.
    /// - Parameter app: The app.
    public init(app: DemoApp = DemoApp()) {
        self.app = app
        observation = app.navigator.observe { [weak self] event in
            if case .changed(let change) = event.kind { self?.reported.append(change) }
        }
    }

    /// What to print before the first prompt: how to get help, the live tree and the URL.
    public var greeting: String {
        "Type a URL, a path or a move; `help` lists the commands, `quit` ends.\n" + app.liveDescription
    }

    /// Runs one typed line.
    /// - Parameter line: What the person typed.
    /// - Returns: The text to print: the command's result, or `error: ` and the typed
    ///   error's message (the session goes on); empty for an empty line.
    public func run(_ line: String) async -> String {
        do {
            return try await execute(ShowcaseCommand(parsing: line))
        } catch {
            return "error: \(error)"
        }
    }

    /// Runs one command.
    /// - Parameter command: The command.
    /// - Returns: The text to print.
    /// - Throws: ``ShowcaseCommandError`` when it names a tab or page the app does not
    ///   have, or needs a stack and none is on screen; `NavigationError` when the navigator
    ///   or a container cannot do it.
    public func execute(_ command: ShowcaseCommand) async throws -> String {
        let navigator = app.navigator
        switch command {
        case .nothing:
            return ""
        case .help:
            return ShowcaseCommand.helpText
        case .quit:
            isFinished = true
            return ""
        case .open(let destination):
            return try await describe(navigator.open(destination))
        case .back(let count):
            return try await describe(navigator.back(count).outcome())
        case .up(let count):
            return try await describe(navigator.up(count).outcome())
        case .pop(let count):
            return try await describe(navigator.pop(count).outcome())
        case .popTo(let name):
            let page = try page(named: name, for: command)
            return try await describe(navigator.pop(to: page).outcome())
        case .tapBack:
            let stack = try visibleStack(for: command)
            return try await reporting { try await finish(stack.userTapsBack()) }
        case .swipeBack:
            let stack = try visibleStack(for: command)
            return try await reporting { try await finish(stack.userSwipesBack()) }
        case .tapTab(let name):
            let index = try tabIndex(named: name, for: command)
            return try await reporting { try app.tabs.userSelectsTab(index) }
        case .swipeDown:
            return try await reporting { try await finish(app.host.userSwipesDownModal()) }
        case .tapButton(let id):
            let alert = try shownAlert(for: command)
            var answer = ""
            let text = try await reporting {
                answer = "answered: \(id) (\(try app.host.userChooses(id, in: alert)))"
            }
            return answer + "\n" + text
        }
    }

    // MARK: Printing

    private func describe(_ outcome: NavigationOutcome) -> String {
        "\(outcome.plan)\n\(app.liveDescription)"
    }

    /// Acts out a gesture, and describes the changes the navigator reported meanwhile.
    private func reporting(_ gesture: () async throws -> Void) async throws -> String {
        reported = []
        defer { reported = [] }
        try await gesture()
        let changes = reported.isEmpty ? ["reported: no change"] : reported.map { "reported: \($0)" }
        return (changes + [app.liveDescription]).joined(separator: "\n")
    }

    /// Waits for a gesture that goes through the queue to end.
    private func finish(_ attempt: LeaveAttempt) async throws {
        if case .leaving(let ticket) = attempt { try await ticket.finished() }
    }

    // MARK: Finding what a command names

    private func shownAlert(for command: ShowcaseCommand) throws -> AlertPage {
        guard let alert = app.host.presentedPages.last as? AlertPage else {
            throw ShowcaseCommandError(.noAlert, line: command.description,
                                       reason: "no alert is on screen: open one first, e.g. "
                                           + "`app://tab/contact/person_detail(id=5)!delete_contact(name=Ada)`")
        }
        return alert
    }

    private func visibleStack(for command: ShowcaseCommand) throws -> PageStackModel {
        guard let stack = app.visibleStack else {
            throw ShowcaseCommandError(.noVisibleStack, line: command.description,
                                       reason: "no navigation stack is on screen: \(app.navigator.currentURL(scheme: "app")) "
                                           + "ends outside any stack")
        }
        return stack
    }

    /// The topmost page of the visible stack whose name, or name and parameters, is `name`.
    private func page(named name: String, for command: ShowcaseCommand) throws -> any Page {
        let stack = try visibleStack(for: command)
        guard let page = stack.pages.last(where: { $0.pageName == name || $0.pageDescription == name }) else {
            let names = stack.pages.map(\.pageDescription).joined(separator: ", ")
            throw ShowcaseCommandError(.unknownPage, line: command.description,
                                       reason: "stack `\(stack.pageName)` holds no page `\(name)`; it holds \(names)")
        }
        return page
    }

    private func tabIndex(named name: String, for command: ShowcaseCommand) throws -> Int {
        let tabs = app.tabs
        guard let index = tabs.tabs.firstIndex(where: { $0.pageName == name }) else {
            let names = tabs.tabs.map(\.pageName).joined(separator: ", ")
            throw ShowcaseCommandError(.unknownTab, line: command.description,
                                       reason: "`\(tabs.pageName)` has no tab `\(name)`; its tabs are \(names)")
        }
        return index
    }
}
