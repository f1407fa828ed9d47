import Foundation
import PageKit
import ShowcaseApp
import Testing

@MainActor
@Suite("A showcase session runs typed commands on the demo app", .timeLimit(.minutes(10)))
struct ShowcaseSessionTests {
    /// The live tree and URL with the contact stack `[list]`, contact selected.
    nonisolated static let atList = """
        live tree:
          tab [tabs] *
          - contact [stack] *
            - list *
          - settings
        current URL: app://tab/contact/list
        """

    /// The live tree and URL with the contact stack `[list, person_detail(id=5)]`.
    nonisolated static let atPersonDetail = """
        live tree:
          tab [tabs] *
          - contact [stack] *
            - list
            - person_detail(id=5) *
              - handler [event handler]
          - settings
        current URL: app://tab/contact/list/person_detail(id=5)
        """

    /// A session whose contact stack is `path`, opened exactly.
    func session(at path: String = "/tab#contact/list") async throws -> ShowcaseSession {
        let session = ShowcaseSession()
        try await session.app.navigator.open(path, .mode(.exact).animated(false))
        return session
    }

    @Test("it starts from a fresh demo app at /tab#contact/list and says how to get help")
    func startsAtList() {
        let session = ShowcaseSession()
        #expect(session.app.navigator.currentPath.description == "/tab#contact/list")
        #expect(session.greeting == "Type a URL, a path or a move; `help` lists the commands, `quit` ends.\n" + Self.atList)
        #expect(!session.isFinished)
    }

    @Test("opening the worked example's URL shows the plan, the live tree and the current URL")
    func opensWorkedExample() async {
        let session = ShowcaseSession()
        let text = await session.run("app://tab/contact/person_detail?id=5")
        #expect(text == """
            plan for app://tab/contact/person_detail?id=5 (reuse)
              1. push person_detail onto contact
            """ + "\n" + Self.atPersonDetail)
    }

    @Test("back shows the plan the navigator made to go back in the history")
    func back() async {
        let session = ShowcaseSession()
        _ = await session.run("app://tab/contact/person_detail?id=5")
        let text = await session.run("back")
        #expect(text == "plan for back(1) → /tab#contact/list (exact)\n  1. pop contact to list\n" + Self.atList)
    }

    @Test("up 2 climbs two levels: from home_page past person_detail to list")
    func upTwo() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        let text = await session.run("up 2")
        #expect(text == "plan for up(2) → /tab#contact/list (reuse)\n  1. pop contact to list\n" + Self.atList)
    }

    @Test("pop to list pops the visible stack to the page of that name")
    func popToList() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)/home_page(id=5)")
        let text = await session.run("pop to list")
        #expect(text.hasPrefix("plan for pop(to: list"))
        #expect(text.hasSuffix(") → /tab#contact/list (reuse)\n  1. pop contact to list\n" + Self.atList))
    }

    @Test("pop to a page named with its parameters, and pop N")
    func popToNamedPageAndPopCount() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)/home_page(id=5)/person_detail(id=6)")
        let text = await session.run("pop to person_detail(id=5)")
        #expect(text.hasSuffix("\n  1. pop contact to person_detail(id=5)\n" + Self.atPersonDetail))
        #expect(await session.run("pop") == "plan for pop(1) → /tab#contact/list (reuse)\n  1. pop contact to list\n"
            + Self.atList)
    }

    @Test("tap back is the person's: the session prints the change the navigator reported")
    func tapBack() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)")
        let text = await session.run("tap back")
        #expect(text == "reported: popped [person_detail(id=5)] in contact by the user\n" + Self.atList)
        // The navigator recorded the person's change, so going back returns to the page.
        #expect(await session.run("back").hasSuffix(Self.atPersonDetail))
    }

    @Test("swipe back is the person's too")
    func swipeBack() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)")
        let text = await session.run("swipe back")
        #expect(text == "reported: popped [person_detail(id=5)] in contact by the user\n" + Self.atList)
    }

    @Test("tap tab settings selects the tab as the person does; tapping it again changes nothing")
    func tapTab() async {
        let session = ShowcaseSession()
        let atSettings = """
            live tree:
              tab [tabs] *
              - contact [stack]
                - list
              - settings *
            current URL: app://tab/settings
            """
        #expect(await session.run("tap tab settings") == "reported: selected [settings] in tab by the user\n" + atSettings)
        #expect(await session.run("tap tab settings") == "reported: no change\n" + atSettings)
    }

    @Test("swipe down after !compose dismisses the sheet as the person does")
    func swipeDownAfterCompose() async {
        let session = ShowcaseSession()
        let presented = await session.run("!compose")
        #expect(presented.hasPrefix("plan for !compose (reuse)\n  1. present compose from tab\n"))
        #expect(presented.hasSuffix("  ! compose *\ncurrent URL: app://tab/contact/list!compose"))
        let text = await session.run("swipe down")
        #expect(text == "reported: dismissed [compose] in tab by the user\n" + Self.atList)
    }

    @Test("help lists the commands")
    func help() async {
        let session = ShowcaseSession()
        #expect(await session.run("help") == ShowcaseCommand.helpText)
        #expect(await session.run("  ") == "")
        #expect(session.app.navigator.currentPath.description == "/tab#contact/list")
    }

    @Test("a bad line prints its typed error, changes nothing, and the next line runs")
    func badLineThenGoodOne() async {
        let session = ShowcaseSession()
        #expect(await session.run("up x")
            == "error: `up x`: `x` is not a count; `up` takes a whole number from 1, as in `up 2`")
        #expect(session.app.navigator.currentPath.description == "/tab#contact/list")
        #expect(!session.isFinished)
        #expect(await session.run("app://tab/contact/person_detail?id=5").hasSuffix(Self.atPersonDetail))
    }

    @Test("what the navigator or a container refuses prints as its error, and the session goes on")
    func navigationErrors() async {
        let session = ShowcaseSession()
        #expect(await session.run("nowhere").hasPrefix("error: cannot open `nowhere` at `nowhere`: "))
        #expect(await session.run("pop").hasPrefix("error: cannot pop(1): "))
        #expect(await session.run("swipe down").hasPrefix("error: "))
        #expect(await session.run("tap back").hasPrefix("error: "))
        #expect(session.app.navigator.currentPath.description == "/tab#contact/list")
    }

    nonisolated static let missingTargets: [(line: String, code: ShowcaseCommandError.Code, message: String)] = [
        ("tap tab nowhere", .unknownTab, "`tap tab nowhere`: `tab` has no tab `nowhere`; its tabs are contact, settings"),
        ("pop to nobody", .unknownPage, "`pop to nobody`: stack `contact` holds no page `nobody`; it holds list"),
    ]

    @Test("a tab or page the app does not have is a typed error that lists what it has")
    func missingTargets() async {
        let session = ShowcaseSession()
        for (line, code, message) in Self.missingTargets {
            #expect(await session.run(line) == "error: " + message)
            do {
                _ = try await session.execute(ShowcaseCommand(parsing: line))
                Issue.record("`\(line)` ran")
            } catch let error as ShowcaseCommandError {
                #expect(error.code == code)
            } catch {
                Issue.record("`\(line)` threw \(error)")
            }
        }
    }

    @Test("under a sheet there is no back button to tap, nor a stack to pop")
    func noStackUnderSheet() async throws {
        let session = try await session(at: "/tab#contact/list!compose")
        for line in ["tap back", "swipe back", "pop to list"] {
            #expect(await session.run(line) == "error: `\(line)`: no navigation stack is on screen: "
                + "app://tab/contact/list!compose ends outside any stack")
        }
    }

    @Test("the README's transcript is what a session prints for the lines it types")
    func readmeTranscript() async throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "── your turn, on a fresh app\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let transcript = String(text[start.upperBound..<end.lowerBound])
        let typed = transcript.split(separator: "\n").filter { $0.hasPrefix("pagekit> ") }.map { $0.dropFirst(9) }
        #expect(typed.count == 4)

        let session = ShowcaseSession()
        var expected = session.greeting + "\n"
        for line in typed {
            expected += "pagekit> \(line)\n"
            let output = await session.run(String(line))
            if !output.isEmpty { expected += output + "\n" }
        }
        #expect(transcript == expected, "rerun the README's lines with `swift run Showcase --interactive` and paste")
    }

    @Test("quit and exit end the session", arguments: ["quit", "exit", " quit "])
    func quit(_ line: String) async {
        let session = ShowcaseSession()
        #expect(await session.run(line) == "")
        #expect(session.isFinished)
    }

    @Test("an alert opens by path, shows in the plan and the tree, and `tap button` answers it")
    func alertOpensAndAnswers() async throws {
        let session = try await session(at: "/tab#contact/list/person_detail(id=5)")
        let opened = await session.run("!delete_contact(name=Ada)")
        #expect(opened.hasPrefix("""
            plan for !delete_contact(name=Ada) (reuse)
              1. present delete_contact(name=Ada) from tab as alert
            """), "\(opened)")
        #expect(opened.contains("  ! delete_contact(name=Ada) *\n"))
        let answered = await session.run("tap button delete")
        #expect(answered.hasPrefix("answered: delete (unhandled)\nreported: dismissed [delete_contact(name=Ada)] in tab by the user"),
                "\(answered)")
        #expect(answered.hasSuffix(Self.atPersonDetail))
        #expect(await session.run("tap button delete").contains("no alert is on screen"))
    }
}
