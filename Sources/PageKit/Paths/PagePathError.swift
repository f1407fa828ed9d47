/// Why a page path could not be parsed or resolved.
///
/// The message names the path and, where there is one, the component:
///
/// ```swift
/// do {
///     _ = try PagePath(parsing: "app://tab//contact")
/// } catch {
///     error.code == .emptyComponent   // true
///     print(error)   // invalid page path `app://tab//contact`: empty component at byte 10
/// }
/// ```
public struct PagePathError: Error, Hashable, Sendable {
    /// What kind of problem it is. New codes may be added in later versions: a
    /// `switch` handles the codes it expects and leaves the rest to `default`.
    public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A short name for the code: the case's name.
        public var description: String { rawValue }

        /// The text is empty.
        case empty
        /// A component has no name: two separators in a row, or a separator at the end.
        case emptyComponent
        /// A character that has no meaning where it stands, such as `)` outside parameters.
        case unexpectedCharacter
        /// A `(` whose parameters never close with `)`.
        case unterminatedParameters
        /// A parameter without `=` or with an empty key.
        case malformedParameter
        /// The same parameter key twice in one component.
        case duplicateParameter
        /// A `%` not followed by two hexadecimal digits.
        case invalidPercentEncoding
        /// Bytes that are not UTF-8 once percent-decoded.
        case invalidUTF8
        /// A `#` fragment in an app URL: a URL cannot say "tab" with `#`.
        case fragment
        /// `..`, `.` or `^` somewhere other than the start of a path string.
        case misplacedRelative
        /// Longer than ``PagePath/Limits/maxLength``.
        case tooLong
        /// More components (or `..` levels) than ``PagePath/Limits/maxDepth``.
        case tooDeep
        /// More parameters in one component or query than ``PagePath/Limits/maxParameters``.
        case tooManyParameters
        /// A relative path climbs above the root of the path it is resolved against.
        case aboveRoot
        /// A relative path was resolved against a base that is itself relative.
        case relativeBase
        /// A path made in code climbs fewer than 0 levels
        /// (``PagePath/Origin/current(levelsUp:)`` with a negative count), which no text
        /// spells.
        case negativeClimb
    }

    /// What kind of problem it is.
    public let code: Code
    /// The text that was parsed or resolved (shortened when very long).
    public let input: String
    /// The UTF-8 byte offset where the problem was found, when there is one.
    public let offset: Int?
    /// A sentence fragment that says what went wrong.
    public let reason: String

    init(_ code: Code, input: String, offset: Int? = nil, reason: String) {
        self.code = code
        self.input = Self.shortened(input)
        self.offset = offset
        self.reason = reason
    }

    /// `text` cut to at most 200 UTF-8 bytes, at the end of a character (a cut inside one
    /// would leave half a scalar, read as U+FFFD), then `…`: how every error of PageKit's
    /// modules quotes what it was given.
    package static func shortened(_ text: String) -> String {
        let limit = 200
        guard text.utf8.count > limit else { return text }
        var end = text.startIndex
        var length = 0
        for character in text {
            length += character.utf8.count
            guard length <= limit else { break }
            end = text.index(after: end)
        }
        return String(text[..<end]) + "…"
    }
}

extension PagePathError: CustomStringConvertible {
    /// The message: the path, what went wrong, and where.
    public var description: String {
        var text = "invalid page path `\(input)`: \(reason)"
        if let offset { text += " at byte \(offset)" }
        return text
    }
}
