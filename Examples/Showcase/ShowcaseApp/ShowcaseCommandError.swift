/// Why a line typed at the showcase's prompt is not a command it can run: the line does
/// not parse, or it names a tab or a page the demo app does not have.
///
/// ```swift
/// do {
///     _ = try ShowcaseCommand(parsing: "up x")
/// } catch {
///     error.code   // .invalidCount
///     print(error) // `up x`: `x` is not a count; `up` takes a whole number from 1, as in `up 2`
/// }
/// ```
public struct ShowcaseCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is. New codes may be added later.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A short name for the code.
        public let description: String
        private init(_ description: String) { self.description = description }

        /// The first word is not a command, and the line is neither a URL nor a path.
        public static let unknownCommand = Code("unknownCommand")
        /// A count is not a whole number from 1.
        public static let invalidCount = Code("invalidCount")
        /// A command lacks the word or name it needs.
        public static let missingArgument = Code("missingArgument")
        /// Words follow a command that takes no more.
        public static let unexpectedArgument = Code("unexpectedArgument")
        /// `tap` or `swipe` names a gesture the showcase does not act out.
        public static let unknownGesture = Code("unknownGesture")
        /// `tap tab` names a tab the app does not have.
        public static let unknownTab = Code("unknownTab")
        /// `pop to` names a page the visible stack does not hold.
        public static let unknownPage = Code("unknownPage")
        /// A move needs a navigation stack on screen, and none is: a modal covers it, or
        /// the visible page is in none.
        public static let noVisibleStack = Code("noVisibleStack")
        /// `tap button` while no alert is on screen.
        public static let noAlert = Code("noAlert")
    }

    /// What kind of mistake it is.
    public let code: Code
    /// The command as typed, or as the showcase spells it when it ran.
    public let line: String
    /// What is wrong, and what would do.
    public let reason: String

    /// Describes a mistake.
    /// - Parameters:
    ///   - code: What kind of mistake it is.
    ///   - line: The command.
    ///   - reason: What is wrong, and what would do.
    public init(_ code: Code, line: String, reason: String) {
        self.code = code
        self.line = line
        self.reason = reason
    }

    /// The line, then what is wrong with it: `` `up x`: `x` is not a count; … ``.
    public var description: String {
        "`\(line)`: \(reason)"
    }
}
