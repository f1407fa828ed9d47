import ShowcaseApp
import Testing

/// A line, and the command it reads as.
struct CommandCase: Sendable, CustomTestStringConvertible {
    let line: String
    let command: ShowcaseCommand
    init(_ line: String, _ command: ShowcaseCommand) {
        self.line = line
        self.command = command
    }
    var testDescription: String { "\"\(line)\"" }
}

/// A bad line, and the error it gives.
struct MistakeCase: Sendable, CustomTestStringConvertible {
    let line: String
    let code: ShowcaseCommandError.Code
    let message: String
    init(_ line: String, _ code: ShowcaseCommandError.Code, _ message: String) {
        self.line = line
        self.code = code
        self.message = message
    }
    var testDescription: String { "\"\(line)\"" }
}

@Suite("The showcase's prompt reads commands", .timeLimit(.minutes(10)))
struct ShowcaseCommandTests {
    static let commands: [CommandCase] = [
        CommandCase("app://tab/contact/person_detail?id=5", .open("app://tab/contact/person_detail?id=5")),
        CommandCase("/tab#contact/list", .open("/tab#contact/list")),
        CommandCase("/tab#contact/list/person_detail(id=John Smith)", .open("/tab#contact/list/person_detail(id=John Smith)")),
        CommandCase("!compose", .open("!compose")),
        CommandCase("#settings", .open("#settings")),
        CommandCase("../home_page(id=5)", .open("../home_page(id=5)")),
        CommandCase("^/tab#settings", .open("^/tab#settings")),
        CommandCase("./back", .open("./back")),
        CommandCase("home_page(id=5)", .open("home_page(id=5)")),
        CommandCase("compose", .open("compose")),
        CommandCase("  app://tab/settings \t", .open("app://tab/settings")),
        CommandCase("back", .back(1)),
        CommandCase("back 3", .back(3)),
        CommandCase("up", .up(1)),
        CommandCase("up 2", .up(2)),
        CommandCase("  up   2  ", .up(2)),
        CommandCase("pop", .pop(1)),
        CommandCase("pop 2", .pop(2)),
        CommandCase("pop to list", .popTo("list")),
        CommandCase("pop to person_detail(id=5)", .popTo("person_detail(id=5)")),
        CommandCase("tap back", .tapBack),
        CommandCase("swipe back", .swipeBack),
        CommandCase("tap tab settings", .tapTab("settings")),
        CommandCase("tap tab nowhere", .tapTab("nowhere")),
        CommandCase("tap button delete", .tapButton("delete")),
        CommandCase("swipe down", .swipeDown),
        CommandCase("help", .help),
        CommandCase("quit", .quit),
        CommandCase("exit", .quit),
        CommandCase("", .nothing),
        CommandCase("   ", .nothing),
    ]

    @Test("each form reads as its command", arguments: commands)
    func reads(_ form: CommandCase) throws {
        #expect(try ShowcaseCommand(parsing: form.line) == form.command)
    }

    @Test("a command prints as it is typed, and reads back the same",
          arguments: commands.map(\.command).filter { $0 != .nothing })
    func printsBack(_ command: ShowcaseCommand) throws {
        #expect(try ShowcaseCommand(parsing: command.description) == command)
    }

    static let mistakes: [MistakeCase] = [
        MistakeCase("up x", .invalidCount, "`up x`: `x` is not a count; `up` takes a whole number from 1, as in `up 2`"),
        MistakeCase("up 0", .invalidCount, "`up 0`: `0` is not a count; `up` takes a whole number from 1, as in `up 2`"),
        MistakeCase("back -1", .invalidCount, "`back -1`: `-1` is not a count; `back` takes a whole number from 1, as in `back 2`"),
        MistakeCase("pop 99999999999999999999", .invalidCount,
         "`pop 99999999999999999999`: `99999999999999999999` is not a count; `pop` takes a whole number from 1, as in `pop 2`"),
        MistakeCase("up 2 3", .unexpectedArgument, "`up 2 3`: `up 2` takes nothing after it, so `3` is left over"),
        MistakeCase("help me", .unexpectedArgument, "`help me`: `help` takes nothing after it, so `me` is left over"),
        MistakeCase("quit now", .unexpectedArgument, "`quit now`: `quit` takes nothing after it, so `now` is left over"),
        MistakeCase("tap back twice", .unexpectedArgument, "`tap back twice`: `tap back` takes nothing after it, so `twice` is left over"),
        MistakeCase("tap tab settings now", .unexpectedArgument,
         "`tap tab settings now`: `tap tab settings` takes nothing after it, so `now` is left over"),
        MistakeCase("swipe down hard", .unexpectedArgument, "`swipe down hard`: `swipe down` takes nothing after it, so `hard` is left over"),
        MistakeCase("pop to", .missingArgument, "`pop to`: `pop to` needs a name, as in `pop to list`"),
        MistakeCase("pop to list now", .unexpectedArgument, "`pop to list now`: `pop to list` takes nothing after it, so `now` is left over"),
        MistakeCase("tap tab", .missingArgument, "`tap tab`: `tap tab` needs a name, as in `tap tab settings`"),
        MistakeCase("tap button", .missingArgument, "`tap button`: `tap button` needs a name, as in `tap button delete`"),
        MistakeCase("tap", .unknownGesture, "`tap`: `tap` needs a gesture; type `tap back`, `tap tab NAME` or `tap button ID`"),
        MistakeCase("tap forward", .unknownGesture, "`tap forward`: there is no `tap forward`; type `tap back`, `tap tab NAME` or `tap button ID`"),
        MistakeCase("swipe", .unknownGesture, "`swipe`: `swipe` needs a gesture; type `swipe back` or `swipe down`"),
        MistakeCase("swipe left", .unknownGesture, "`swipe left`: there is no `swipe left`; type `swipe back` or `swipe down`"),
        MistakeCase("go home", .unknownCommand, "`go home`: `go` is not a command; type `help` to list them"),
    ]

    @Test("a bad line is a typed error that names it and says what would do", arguments: mistakes)
    func refuses(_ mistake: MistakeCase) {
        do {
            let command = try ShowcaseCommand(parsing: mistake.line)
            Issue.record("read as `\(command)`")
        } catch let error as ShowcaseCommandError {
            #expect(error.code == mistake.code)
            #expect(error.line == mistake.line)
            #expect(error.description == mistake.message)
        } catch {
            Issue.record("not a ShowcaseCommandError: \(error)")
        }
    }

    @Test("help lists every command with an example")
    func helpListsEveryCommand() throws {
        let lines = ShowcaseCommand.helpText.split(separator: "\n").dropFirst()
        #expect(lines.count == 13)
        for line in lines {
            let example = try #require(line.split(separator: "e.g. ").last.map(String.init))
            let command = try ShowcaseCommand(parsing: example)
            #expect(command != .nothing, "\(line)")
        }
        for form in ["back [N]", "up [N]", "pop [N]", "pop to NAME", "tap back", "swipe back", "tap tab NAME",
                     "swipe down", "tap button ID", "help", "quit"] {
            #expect(lines.contains { $0.hasPrefix("  " + form + " ") }, "\(form)")
        }
    }
}
