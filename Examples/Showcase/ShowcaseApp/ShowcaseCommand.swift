/// One line typed at the showcase's prompt: a URL or path to open, a move the app asks
/// for, a gesture the person makes, or a word about the session itself.
///
/// ```swift
/// try ShowcaseCommand(parsing: "app://tab/contact/person_detail?id=5")  // .open("app://…")
/// try ShowcaseCommand(parsing: "up 2")                                  // .up(2)
/// try ShowcaseCommand(parsing: "tap tab settings")                      // .tapTab("settings")
/// ```
///
/// A line that starts like a path (`app://`, `/`, `.`, `!`, `#`, `^`) or is one word that
/// is not a command opens as it is written, so `compose`, `!compose` and
/// `home_page(id=5)` all open; a page named like a command opens as `./back`.
public enum ShowcaseCommand: Hashable, Sendable {
    /// Opens a URL or a path, absolute or relative to the current path.
    case open(String)
    /// Goes back this many steps in the navigator's history.
    case back(Int)
    /// Goes this many levels up the current path.
    case up(Int)
    /// Pops this many pages off the visible stack.
    case pop(Int)
    /// Pops the visible stack until the page with this name (or `name(k=v)`) is on top.
    case popTo(String)
    /// The person taps the back button of the visible stack.
    case tapBack
    /// The person swipes the visible stack back, all the way.
    case swipeBack
    /// The person taps the tab with this name.
    case tapTab(String)
    /// The person swipes down the sheet on top.
    case swipeDown
    /// The person taps a button of the alert on screen.
    case tapButton(String)
    /// Lists the commands.
    case help
    /// Ends the session.
    case quit
    /// An empty line: nothing to do.
    case nothing

    /// Reads a line typed at the prompt; spaces around words do not matter.
    /// - Parameter line: The line.
    /// - Throws: ``ShowcaseCommandError`` naming the line and what is wrong with it.
    public init(parsing line: String) throws {
        let text = Self.trimmed(line)
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else {
            self = .nothing
            return
        }
        if Self.startsAPath(text) {
            self = .open(text)
            return
        }
        var reader = Reader(line: text, words: words)
        switch first {
        case "help":
            try reader.end()
            self = .help
        case "quit", "exit":
            try reader.end()
            self = .quit
        case "back":
            self = .back(try reader.count())
        case "up":
            self = .up(try reader.count())
        case "pop":
            if reader.next == "to" {
                reader.skip()
                self = .popTo(try reader.name(for: "pop to", example: "pop to list"))
            } else {
                self = .pop(try reader.count())
            }
        case "tap":
            switch reader.take() {
            case "back":
                try reader.end()
                self = .tapBack
            case "tab":
                self = .tapTab(try reader.name(for: "tap tab", example: "tap tab settings"))
            case "button":
                self = .tapButton(try reader.name(for: "tap button", example: "tap button delete"))
            case let other:
                throw reader.unknownGesture(other, choices: "`tap back`, `tap tab NAME` or `tap button ID`")
            }
        case "swipe":
            switch reader.take() {
            case "back":
                try reader.end()
                self = .swipeBack
            case "down":
                try reader.end()
                self = .swipeDown
            case let other:
                throw reader.unknownGesture(other, choices: "`swipe back` or `swipe down`")
            }
        default:
            guard words.count == 1 else {
                throw ShowcaseCommandError(.unknownCommand, line: text,
                                           reason: "`\(first)` is not a command; type `help` to list them")
            }
            self = .open(text)
        }
    }

    /// The commands, one a line: its form, what it does and an example.
    public static let helpText: String = {
        let rows = [
            ("URL", "open it, reusing the live pages", "app://tab/contact/person_detail?id=5"),
            ("path", "open it, absolute or relative", "!compose"),
            ("back [N]", "go back N steps in the history", "back"),
            ("up [N]", "go N levels up the current path", "up 2"),
            ("pop [N]", "pop N pages off the visible stack", "pop"),
            ("pop to NAME", "pop the visible stack to a page", "pop to list"),
            ("tap back", "the person taps the back button", "tap back"),
            ("swipe back", "the person swipes back", "swipe back"),
            ("tap tab NAME", "the person taps a tab", "tap tab settings"),
            ("swipe down", "the person swipes the sheet down", "swipe down"),
            ("tap button ID", "the person taps a button of the alert", "tap button delete"),
            ("help", "list the commands", "help"),
            ("quit", "end the session, as exit and end of input do", "quit"),
        ]
        func padded(_ text: String, to width: Int) -> String {
            text + String(repeating: " ", count: max(width - text.count, 0))
        }
        let formWidth = rows.map(\.0.count).max() ?? 0
        let meaningWidth = rows.map(\.1.count).max() ?? 0
        let lines = rows.map { form, meaning, example in
            "  " + padded(form, to: formWidth) + "  " + padded(meaning, to: meaningWidth) + "  e.g. " + example
        }
        return (["Type a URL, a path or a command:"] + lines).joined(separator: "\n")
    }()

    /// Whether `text` starts the way only a URL or a path does.
    private static func startsAPath(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return "/.!#^".contains(first) || text.prefix(while: { !$0.isWhitespace }).contains("://")
    }

    private static func trimmed(_ line: String) -> String {
        String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

extension ShowcaseCommand: CustomStringConvertible {
    /// The command as it is typed: `up 2`, `tap tab settings`, `pop to list`.
    public var description: String {
        switch self {
        case .open(let destination): destination
        case .back(let count): "back \(count)"
        case .up(let count): "up \(count)"
        case .pop(let count): "pop \(count)"
        case .popTo(let name): "pop to \(name)"
        case .tapBack: "tap back"
        case .swipeBack: "swipe back"
        case .tapTab(let name): "tap tab \(name)"
        case .swipeDown: "swipe down"
        case .tapButton(let id): "tap button \(id)"
        case .help: "help"
        case .quit: "quit"
        case .nothing: ""
        }
    }
}

/// Reads the words after a command's first, and names the line in what it throws.
private struct Reader {
    let line: String
    let words: [String]
    private var index = 1

    init(line: String, words: [String]) {
        self.line = line
        self.words = words
    }

    var next: String? {
        index < words.count ? words[index] : nil
    }

    mutating func skip() {
        index += 1
    }

    mutating func take() -> String? {
        defer { index += 1 }
        return next
    }

    /// An optional count, 1 when absent, and then the end of the line.
    mutating func count() throws -> Int {
        let command = words[0]
        guard let word = take() else { return 1 }
        guard word.allSatisfy(\.isASCII), let count = Int(word), count >= 1 else {
            throw ShowcaseCommandError(.invalidCount, line: line,
                                       reason: "`\(word)` is not a count; `\(command)` takes a whole number from 1, "
                                           + "as in `\(command) 2`")
        }
        try end()
        return count
    }

    /// One name, and then the end of the line.
    mutating func name(for command: String, example: String) throws -> String {
        guard let name = take() else {
            throw ShowcaseCommandError(.missingArgument, line: line,
                                       reason: "`\(command)` needs a name, as in `\(example)`")
        }
        try end()
        return name
    }

    /// Nothing more on the line.
    func end() throws {
        guard index < words.count else { return }
        let command = words[..<index].joined(separator: " ")
        let extra = words[index...].joined(separator: " ")
        throw ShowcaseCommandError(.unexpectedArgument, line: line,
                                   reason: "`\(command)` takes nothing after it, so `\(extra)` is left over")
    }

    func unknownGesture(_ word: String?, choices: String) -> ShowcaseCommandError {
        let what = word.map { "there is no `\(words[0]) \($0)`" } ?? "`\(words[0])` needs a gesture"
        return ShowcaseCommandError(.unknownGesture, line: line, reason: "\(what); type \(choices)")
    }
}
