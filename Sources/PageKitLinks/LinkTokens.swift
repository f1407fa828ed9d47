import PageKit
/// The pieces of `scheme://authority/path?query`, as byte ranges of the still-encoded
/// text. A `#` fragment is dropped.
///
/// One pass over the UTF-8 bytes, as ``PagePath``'s parser does: structure is decided on
/// the encoded text, and each piece is percent-decoded once, later, by whoever needs it.
struct LinkTokens {
    /// Lowercased.
    let scheme: String
    /// Lowercased: the host, with its port if it has one.
    let host: String
    let authority: Range<Int>
    /// The path split at every `/`; empty when there is no path.
    let segments: [Range<Int>]
    /// The text after `?`, up to any `#`.
    let query: Range<Int>?

    /// - Parameters:
    ///   - bytes: The link or pattern, as UTF-8.
    ///   - placeholders: Whether `{…}` is a placeholder, whose `?` (as in `{id?}`) does
    ///     not start the query: true for patterns.
    ///   - invalid: Makes the error for a reason.
    init(_ bytes: UnsafeBufferPointer<UInt8>, placeholders: Bool, _ invalid: (String) -> LinkMapError) throws {
        var colon = 0
        while colon < bytes.count, bytes[colon].isSchemeCharacter { colon += 1 }
        guard colon > 0, colon < bytes.count, bytes[colon] == .colon, bytes[0].isASCIILetter else {
            throw invalid("it has no scheme, as in `https://`")
        }
        guard colon + 2 < bytes.count, bytes[colon + 1] == .slash, bytes[colon + 2] == .slash else {
            throw invalid("`//` must follow the scheme")
        }
        scheme = LinkText.lowercased(bytes, 0..<colon)

        var position = colon + 3
        let authorityStart = position
        while position < bytes.count, bytes[position] != .slash, bytes[position] != .questionMark,
              bytes[position] != .hash {
            guard bytes[position] != UInt8(ascii: "@") else {
                throw invalid("user information before the host (`…@`) is not accepted")
            }
            position += 1
        }
        authority = authorityStart..<position
        host = LinkText.lowercased(bytes, authority)

        var segments: [Range<Int>] = []
        segments.reserveCapacity(8)
        if position < bytes.count, bytes[position] == .slash {
            position += 1
            var segmentStart = position
            var inPlaceholder = false
            while true {
                if position == bytes.count {
                    segments.append(segmentStart..<position)
                    break
                }
                let byte = bytes[position]
                if placeholders, byte == UInt8(ascii: "{") { inPlaceholder = true }
                if placeholders, byte == UInt8(ascii: "}") { inPlaceholder = false }
                if !inPlaceholder, byte == .questionMark || byte == .hash {
                    segments.append(segmentStart..<position)
                    break
                }
                if byte == .slash {
                    segments.append(segmentStart..<position)
                    segmentStart = position + 1
                }
                position += 1
            }
        }
        self.segments = segments

        if position < bytes.count, bytes[position] == .questionMark {
            var queryEnd = position + 1
            while queryEnd < bytes.count, bytes[queryEnd] != .hash { queryEnd += 1 }
            query = position + 1..<queryEnd
        } else {
            query = nil
        }
    }
}

/// Text helpers shared by patterns and links.
enum LinkText {
    /// Runs `body` on the UTF-8 bytes of `text`.
    static func withUTF8<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The bytes in `range`, percent-decoded once, or `nil` when a `%` is not followed
    /// by two hexadecimal digits or the bytes are not UTF-8.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        var plain = true
        for byte in slice where byte == .percent || byte >= 0x80 {
            plain = false
            break
        }
        if plain { return String(decoding: slice, as: UTF8.self) }
        guard case .success(let decoded) = PathParser.percentDecoded(slice), PathParser.isValidUTF8(decoded) else {
            return nil
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// `text` percent-decoded once, or `nil`.
    static func decoded(_ text: Substring) -> String? {
        if let result = text.utf8.withContiguousStorageIfAvailable({ decoded($0, 0..<$0.count) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { decoded($0, 0..<$0.count) }
    }

    /// The bytes in `range` as text, undecoded, for messages.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes in `range` as text with ASCII capitals made small.
    static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard slice.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(decoding: slice, as: UTF8.self)
        }
        return String(decoding: slice.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 },
                      as: UTF8.self)
    }

    /// The offset of the first `{` or `}` of the text `bytes[range]`, or of the first
    /// `character` when one is given, as a `Character` search of that text finds it. One
    /// pass over the bytes answers when the brace and the bytes before it are ASCII and the
    /// byte after it too: such a brace is a character of its own, as no earlier one can be,
    /// which spares a grapheme break check per character. Otherwise (a combining mark after
    /// it, a prepended mark before it) the characters are searched.
    static func firstBrace(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, only character: UInt8? = nil)
        -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte < 0x80 else { break }
            let isBrace = if let character { byte == character } else {
                byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
            }
            if isBrace {
                if index + 1 == range.upperBound || bytes[index + 1] < 0x80 { return index }
                break
            }
            index += 1
        }
        guard index < range.upperBound else { return nil }
        let text = text(bytes, range)
        let found = if let character {
            text.firstIndex(of: Character(Unicode.Scalar(character)))
        } else {
            text.firstIndex { $0 == "{" || $0 == "}" }
        }
        return found.map { range.lowerBound + text.utf8.distance(from: text.startIndex, to: $0) }
    }

    /// Runs `body` on the UTF-8 bytes of `text`.
    static func withUTF8<Result>(
        _ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    static func isPlaceholderName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return false
        }
        return name.utf8.allSatisfy {
            $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
        }
    }
}
