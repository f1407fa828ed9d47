/// The UTF-8 tokenizer behind ``PagePath/init(parsing:limits:)``.
///
/// One pass over the still-encoded bytes. Structure is decided on the encoded text, and
/// each name, key and value is percent-decoded once, so an encoded separator is data.
/// Component parameters and the query go into one buffer, which keeps a parse at two
/// allocations (one when there are no parameters: the buffer is made at the first). A
/// component views its range as soon as its parameters are read; only when the buffer
/// outgrew its first room are the components moved onto the new one at the end.
package struct PathParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: PagePath.Limits
    private var position = 0
    private var isURL = false

    static func parse(_ text: String, limits: PagePath.Limits) throws -> PagePath {
        // Read in place, with no copy of the string to retain and release; the path comes
        // straight out of the closure, with no `Result` around it to copy.
        if let path = try text.utf8.withContiguousStorageIfAvailable({ try parse($0, limits: limits) }) {
            return path
        }
        var contiguous = text  // A bridged string, stored in some other form: copied once.
        return try contiguous.withUTF8 { try parse($0, limits: limits) }
    }

    @inline(__always)
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: PagePath.Limits) throws -> PagePath {
        var parser = PathParser(bytes: bytes, limits: limits)
        return try parser.parsePath()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: PagePath.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: Structure

    private mutating func parsePath() throws -> PagePath {
        guard bytes.count <= limits.maxLength else {
            throw error(.tooLong, at: nil, "it has \(bytes.count) bytes, more than the limit of \(limits.maxLength)")
        }
        guard !bytes.isEmpty else { throw error(.empty, at: nil, "there is nothing to parse") }
        var components: [PageComponent] = []
        components.reserveCapacity(componentRoom)
        // Room for 16 parameters at most, never more than the text could hold.
        var parameters = PageParameters.Builder(capacity: min(bytes.count / 4 + 1, 16))

        var scheme: String?
        let origin: PagePath.Origin
        if let schemeEnd = try schemeEnd() {
            isURL = true
            scheme = Self.string(ascii: UnsafeBufferPointer(rebasing: bytes[0..<schemeEnd]))
            position = schemeEnd + 3
            origin = .root
            // The host is the first component. A URL may instead start with a modal
            // presented by the root (`app://!menu`), or name nothing (`app://`).
            if position < bytes.count, !isSeparatorStart(bytes[position]), bytes[position] != .questionMark {
                try parseComponent(.shown, into: &components, parameters: &parameters)
            } else if position < bytes.count, bytes[position] == .slash {
                throw error(.emptyComponent, at: position, "the URL has no host, the first component")
            }
        } else {
            origin = try parseOrigin(into: &components, parameters: &parameters)
        }

        while position < bytes.count, bytes[position] != .questionMark {
            if isURL, bytes[position] == .slash, position + 1 == bytes.count || bytes[position + 1] == .questionMark {
                position += 1  // A URL may end with one `/`; it names nothing.
                break
            }
            let presentation = try parseSeparator()
            try parseComponent(presentation, into: &components, parameters: &parameters)
        }

        var queryBounds = parameters.count..<parameters.count
        if position < bytes.count {
            position += 1  // `?`
            queryBounds = try parseQuery(into: &parameters)
        }

        // Every component and the query view the one shared buffer. Both buffers are
        // locals, handed down to the parsing methods rather than kept in the parser, so they
        // move into the path and the parser ends with nothing to release (about 55 a parse).
        let buffer = parameters.takeBuffer()
        if parameters.moved {
            // More parameters than the first buffer held: the components made before it
            // grew view the old one.
            for index in components.indices where !components[index].parameters.bounds.isEmpty {
                components[index].parameters.buffer = buffer
            }
        }
        let query = queryBounds.isEmpty ? PageParameters() : PageParameters(buffer: buffer, bounds: queryBounds)
        return PagePath(origin: origin, components: components, query: query, scheme: scheme)
    }

    /// The room the components' buffer is made with, without scanning: 16 components (never
    /// more than the text could hold), so an ordinary path parses with exactly two
    /// allocations, and one without parameters with one; a longer one grows its buffers as
    /// it goes.
    private var componentRoom: Int {
        // `maxDepth` is whatever an app sets, `Int.max` included: nothing is added to it.
        let depthRoom = limits.maxDepth < 16 ? max(limits.maxDepth, 0) + 1 : 16
        return min(bytes.count / 2 + 1, depthRoom)
    }

    /// The index of the `:` of `scheme://`, or `nil` when the text is a path string.
    /// Mutating, though it changes nothing, so that no copy of the parser is made to call it.
    @inline(__always)
    private mutating func schemeEnd() throws -> Int? {
        guard bytes[0].isASCIILetter else { return nil }
        var index = 1
        while index < bytes.count, bytes[index].isSchemeCharacter { index += 1 }
        guard index < bytes.count, bytes[index] == .colon else { return nil }
        guard index + 2 < bytes.count, bytes[index + 1] == .slash, bytes[index + 2] == .slash else {
            throw error(.unexpectedCharacter, at: index, "an app URL needs `//` after its scheme")
        }
        return index
    }

    private mutating func parseOrigin(into components: inout [PageComponent],
                                      parameters: inout PageParameters.Builder) throws -> PagePath.Origin {
        let first = bytes[0]
        if first == .caret {
            position = 1
            if position < bytes.count, bytes[position] != .questionMark, !isSeparatorStart(bytes[position]) {
                throw error(.unexpectedCharacter, at: position, "`^` must be followed by a separator")
            }
            return .root
        }
        if isSeparatorStart(first) {
            if first == .slash, bytes.count == 1 || bytes[1] == .questionMark {
                position = 1  // `/` alone is the root itself.
            }
            return .root
        }
        if first == .dot {
            var levels = 0
            while isDotDot(at: position) {
                levels += 1
                guard levels <= limits.maxDepth else {
                    throw error(.tooDeep, at: position, "it climbs more than \(limits.maxDepth) levels")
                }
                position += 2
                if position < bytes.count, bytes[position] == .slash, isDotDot(at: position + 1) {
                    position += 1
                }
            }
            if levels > 0 {
                if position < bytes.count, bytes[position] != .questionMark, !isSeparatorStart(bytes[position]) {
                    throw error(.unexpectedCharacter, at: position, "`..` must be followed by a separator")
                }
                return .current(levelsUp: levels)
            }
            if bytes.count == 1 || bytes[1] == .questionMark || isSeparatorStart(bytes[1]) {
                position = 1  // `.` is the current page; `.!x` presents from it.
                return .current(levelsUp: 0)
            }
        }
        // No separator: the first component is shown by the current page (`top/profile`).
        try parseComponent(.shown, into: &components, parameters: &parameters)
        return .current(levelsUp: 0)
    }

    // MARK: Scanning

    /// Moves `position` to the first byte in `stops` or to the end, and says whether the
    /// bytes passed are plain: neither `%` nor a non-ASCII byte, so that they need no
    /// decoding. `stops` is a mask of bytes below `@` (see ``bit(_:)``): every byte that
    /// ends a piece is one, and letters and `_` are not, so they cost one comparison.
    @inline(__always)
    private mutating func scan(until stops: UInt64) -> Bool {
        // A local index, written back once, stays in a register through the loops.
        var index = position
        // Eight bytes at a time while each is from `@` to DEL (letters, `_`): none of them
        // ends a piece, is `%`, or is not ASCII. The first other byte ends the run, and the
        // loop below looks at it, so a name costs a few instructions, not 7 a byte.
        if let start = bytes.baseAddress {
            let raw = UnsafeRawPointer(start)
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // A byte's top two bits are `01` exactly when it is from `@` to DEL.
                let other = (word & 0xC0C0_C0C0_C0C0_C0C0) ^ 0x4040_4040_4040_4040
                if other != 0 {
                    index += other.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
        }
        var percent = false
        var seen: UInt8 = 0  // Every byte or'ed in: its top bit says whether one was not ASCII.
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x40 {
                if stops & 1 << byte != 0 { break }
                if byte == .percent { percent = true }
            }
            seen |= byte
            index += 1
        }
        position = index
        return !percent && seen < 0x80
    }

    /// `byte`, below `@`, as a bit of a mask for ``scan(until:)``.
    @inline(__always)
    private static func bit(_ byte: UInt8) -> UInt64 { 1 << byte }

    /// A name ends at `/ ! # ( ) ?`.
    private static var endsName: UInt64 {
        bit(.slash) | bit(.bang) | bit(.hash) | bit(.openParen) | bit(.closeParen) | bit(.questionMark)
    }

    /// A parameter's key ends at `= , )`, its value at `, )`.
    private static var endsKey: UInt64 { bit(.equals) | bit(.comma) | bit(.closeParen) }
    private static var endsValue: UInt64 { bit(.comma) | bit(.closeParen) }

    private func isDotDot(at index: Int) -> Bool {
        guard index + 1 < bytes.count, bytes[index] == .dot, bytes[index + 1] == .dot else { return false }
        let next = index + 2
        return next == bytes.count || bytes[next] == .questionMark || isSeparatorStart(bytes[next])
    }

    private func isSeparatorStart(_ byte: UInt8) -> Bool {
        byte == .slash || byte == .bang || (byte == .hash && !isURL)
    }

    @inline(__always)
    private mutating func parseSeparator() throws -> PageComponent.Presentation {
        let byte = bytes[position]
        let stacked = position + 1 < bytes.count && bytes[position + 1] == .slash
        switch byte {
        case .slash:
            position += 1
            return .shown
        case .bang:
            position += stacked ? 2 : 1
            return stacked ? .modalStack : .modal
        case .hash where isURL:
            throw error(.fragment, at: position, "a URL cannot hold a `#` fragment; a tab is named with `/`")
        case .hash:
            position += stacked ? 2 : 1
            return stacked ? .childStack : .child
        case .closeParen:
            throw error(.unexpectedCharacter, at: position, "`)` closes no parameters")
        default:
            throw error(.unexpectedCharacter, at: position, "expected a separator")
        }
    }

    private mutating func parseComponent(_ presentation: PageComponent.Presentation,
                                         into components: inout [PageComponent],
                                         parameters builder: inout PageParameters.Builder) throws {
        let start = position
        let plain = scan(until: Self.endsName)
        let length = position - start
        guard length > 0 else {
            throw error(.emptyComponent, at: start, "empty component")
        }
        // Checked on the encoded text: `%2E%2E` is a name, `..` a move.
        if length <= 2, bytes[start] == .dot && (length == 1 || bytes[start + 1] == .dot)
            || length == 1 && bytes[start] == .caret {
            throw error(.misplacedRelative, at: start,
                        "`\(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))`"
                            + " may only start a path string")
        }
        let name = try Self.decode(bytes, start..<position, plain: plain)
        guard components.count < limits.maxDepth else {
            throw error(.tooDeep, at: start, "it has more than \(limits.maxDepth) components")
        }
        // A component without parameters views nothing: it keeps no hold on the buffer.
        var parameters = PageParameters()
        if position < bytes.count, bytes[position] == .openParen {
            let bounds = try parseParameters(of: name, into: &builder)  // First: it makes the buffer.
            parameters = PageParameters(buffer: builder.buffer, bounds: bounds)
        }
        if position < bytes.count, bytes[position] == .hash, isURL {
            throw error(.fragment, at: position, "a URL cannot hold a `#` fragment; a tab is named with `/`")
        }
        if position < bytes.count, bytes[position] == .closeParen || bytes[position] == .openParen {
            throw error(.unexpectedCharacter, at: position, "`\(Character(Unicode.Scalar(bytes[position])))` after `\(name)`")
        }
        components.append(PageComponent(
            name: name,
            canonicalParameters: parameters,
            presentation: presentation
        ))
    }

    /// Parses `(k=v,…)` into the shared buffer, sorted by key.
    private mutating func parseParameters(of name: String, into parameters: inout PageParameters.Builder) throws
        -> Range<Int> {
        let open = position
        position += 1
        let first = parameters.count
        var isSorted = true
        while true {
            let keyStart = position
            var plain = scan(until: Self.endsKey)
            guard position < bytes.count else {
                throw error(.unterminatedParameters, at: open, "the parameters of `\(name)` never close with `)`")
            }
            guard bytes[position] == .equals, position > keyStart else {
                throw error(.malformedParameter, at: keyStart, "a parameter of `\(name)` needs the form `key=value`")
            }
            let key = try Self.decode(bytes, keyStart..<position, plain: plain)
            position += 1
            let valueStart = position
            plain = scan(until: Self.endsValue)
            guard position < bytes.count else {
                throw error(.unterminatedParameters, at: open, "the parameters of `\(name)` never close with `)`")
            }
            let value = try Self.decode(bytes, valueStart..<position, plain: plain)
            guard parameters.count - first < limits.maxParameters else {
                throw error(.tooManyParameters, at: keyStart,
                            "`\(name)` has more than \(limits.maxParameters) parameters")
            }
            if isSorted, parameters.count > first,
               !PageParameter.keyPrecedes(parameters.buffer.unsafelyUnwrapped[parameters.count - 1].key, key) {
                isSorted = false
            }
            parameters.append(PageParameter(key: key, value: value))
            let closes = bytes[position] == .closeParen
            position += 1
            if closes { break }
        }
        let bounds = first..<parameters.count
        // One parameter, the commonest case, is sorted and unique: the buffer is not even
        // retained to look.
        guard bounds.count > 1 else { return bounds }
        let buffer = parameters.buffer.unsafelyUnwrapped  // `(` is followed by at least one parameter.
        // Written in order, as a printed path is, they need no sort; otherwise one sort,
        // O(n log n) whatever the order they came in.
        if !isSorted {
            buffer.withElements(in: bounds) { elements in
                var elements = elements
                elements.sort { PageParameter.keyPrecedes($0.key, $1.key) }
            }
        }
        // Sorted, so a repeated key sits next to its twin.
        var index = bounds.lowerBound + 1
        while index < bounds.upperBound {
            let key = buffer[index].key
            if PageParameter.sameKey(key, buffer[index - 1].key) {
                throw error(.duplicateParameter, at: open, "parameter `\(key)` is given twice in `\(name)`")
            }
            index += 1
        }
        return bounds
    }

    /// Parses `k=v&…` to the end of the text, in written order.
    private mutating func parseQuery(into parameters: inout PageParameters.Builder) throws -> Range<Int> {
        let first = parameters.count
        while position < bytes.count {
            let itemStart = position
            // In a URL, a `#` anywhere in the query is a fragment; in a path string, data.
            let fragment = isURL ? Self.bit(.hash) : 0
            var equals: Int?
            let plainKey = scan(until: Self.bit(.ampersand) | Self.bit(.equals) | fragment)
            var plainValue = true
            if position < bytes.count, bytes[position] == .equals {
                equals = position
                position += 1
                plainValue = scan(until: Self.bit(.ampersand) | fragment)
            }
            if position < bytes.count, bytes[position] == .hash {
                throw error(.fragment, at: position, "a URL cannot hold a `#` fragment")
            }
            if position > itemStart {
                let keyEnd = equals ?? position
                guard keyEnd > itemStart else {
                    throw error(.malformedParameter, at: itemStart, "a query item needs a key before `=`")
                }
                guard parameters.count - first < limits.maxParameters else {
                    throw error(.tooManyParameters, at: itemStart,
                                "the query has more than \(limits.maxParameters) items")
                }
                let key = try Self.decode(bytes, itemStart..<keyEnd, plain: plainKey)
                var value = ""
                if let equals { value = try Self.decode(bytes, equals + 1..<position, plain: plainValue) }
                parameters.append(PageParameter(key: key, value: value))
            }
            if position < bytes.count { position += 1 }  // `&`
        }
        return first..<parameters.count
    }

    // MARK: Percent-decoding

    /// The text of `range`, percent-decoded; `plain` when the scan that found the range
    /// saw neither `%` nor a non-ASCII byte, so there is nothing to decode or validate.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plain: Bool) throws -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        return plain ? string(ascii: slice) : try decodeEncoded(slice, at: range.lowerBound, in: bytes)
    }

    /// The text of `slice`, which starts at `offset` and holds `%` or non-ASCII bytes.
    private static func decodeEncoded(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int,
                                      in bytes: UnsafeBufferPointer<UInt8>) throws -> String {
        var hasPercent = false
        var isASCII = true
        for byte in slice {
            if byte == .percent { hasPercent = true } else if byte >= 0x80 { isASCII = false }
        }
        if !hasPercent {
            guard isASCII || isValidUTF8(slice) else {
                throw error(in: bytes, .invalidUTF8, at: offset, "the text is not UTF-8")
            }
            return String(decoding: slice, as: UTF8.self)
        }
        let decoded: [UInt8]
        switch percentDecoded(slice) {
        case .success(let bytes):
            decoded = bytes
        case .failure(let bad):
            throw error(in: bytes, .invalidPercentEncoding, at: offset + bad.offset,
                        "`%` must be followed by two hexadecimal digits")
        }
        guard isValidUTF8(decoded) else {
            throw error(in: bytes, .invalidUTF8, at: offset, "the percent-decoded bytes are not UTF-8")
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// A string of ASCII bytes. A name, key or value of up to 15 bytes is built in place
    /// as a small string and checked with one mask, where `String(decoding:as:)` would
    /// validate it byte by byte and copy it again.
    static func string(ascii slice: UnsafeBufferPointer<UInt8>) -> String {
        let count = slice.count
        if count == 1, let only = slice.first, let literal = oneCharacter(only) { return literal }
        guard count <= 15, let source = slice.baseAddress else {
            return String(unsafeUninitializedCapacity: count) { buffer in
                _ = buffer.initialize(from: slice)
                return count
            }
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            copyShort(count, from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(buffer.baseAddress!))
            return count
        }
    }

    /// A digit or an ASCII letter as a one-character string, the commonest value (`id=7`,
    /// `x=1`): a literal, made with no call, where building a string costs about 90
    /// instructions.
    private static func oneCharacter(_ byte: UInt8) -> String? {
        switch byte {
        case 0x30: "0"; case 0x31: "1"; case 0x32: "2"; case 0x33: "3"; case 0x34: "4"; case 0x35: "5"
        case 0x36: "6"; case 0x37: "7"; case 0x38: "8"; case 0x39: "9"; case 0x61: "a"; case 0x62: "b"
        case 0x63: "c"; case 0x64: "d"; case 0x65: "e"; case 0x66: "f"; case 0x67: "g"; case 0x68: "h"
        case 0x69: "i"; case 0x6A: "j"; case 0x6B: "k"; case 0x6C: "l"; case 0x6D: "m"; case 0x6E: "n"
        case 0x6F: "o"; case 0x70: "p"; case 0x71: "q"; case 0x72: "r"; case 0x73: "s"; case 0x74: "t"
        case 0x75: "u"; case 0x76: "v"; case 0x77: "w"; case 0x78: "x"; case 0x79: "y"; case 0x7A: "z"
        case 0x41: "A"; case 0x42: "B"; case 0x43: "C"; case 0x44: "D"; case 0x45: "E"; case 0x46: "F"
        case 0x47: "G"; case 0x48: "H"; case 0x49: "I"; case 0x4A: "J"; case 0x4B: "K"; case 0x4C: "L"
        case 0x4D: "M"; case 0x4E: "N"; case 0x4F: "O"; case 0x50: "P"; case 0x51: "Q"; case 0x52: "R"
        case 0x53: "S"; case 0x54: "T"; case 0x55: "U"; case 0x56: "V"; case 0x57: "W"; case 0x58: "X"
        case 0x59: "Y"; case 0x5A: "Z"
        default: nil
        }
    }

    /// Copies `count` bytes, at most 16, with two loads and two stores that may overlap,
    /// never touching a byte outside either range: no call to `memcpy` for a name.
    @inline(__always)
    private static func copyShort(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        if count >= 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
                              toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self),
                              toByteOffset: count - 4, as: UInt32.self)
        } else if count >= 2 {
            target.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self),
                              toByteOffset: count - 2, as: UInt16.self)
        } else if count == 1 {
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
        }
    }

    /// A `%` not followed by two hexadecimal digits, at `offset` in the bytes decoded.
    package struct BadPercent: Error {
        package let offset: Int

        @inlinable package init(offset: Int) { self.offset = offset }
    }

    /// `slice` with each `%XY` replaced by the byte it stands for, decoded once; the
    /// paths' parser and the link map's both read percent-encoding so.
    @inlinable package static func percentDecoded(_ slice: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], BadPercent> {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(slice.count)
        var index = slice.startIndex
        while index < slice.endIndex {
            let byte = slice[index]
            guard byte == .percent else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 2 < slice.endIndex,
                  let high = slice[index + 1].hexValue, let low = slice[index + 2].hexValue
            else { return .failure(BadPercent(offset: index - slice.startIndex)) }
            decoded.append(high << 4 | low)
            index += 3
        }
        return .success(decoded)
    }

    @inlinable package static func isValidUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }


    private func error(_ code: PagePathError.Code, at offset: Int?, _ reason: String) -> PagePathError {
        Self.error(in: bytes, code, at: offset, reason)
    }

    // Static, as the decoding that calls it: a non-mutating method called from a mutating
    // one gets a copy of the whole parser on each call.
    private static func error(in bytes: UnsafeBufferPointer<UInt8>, _ code: PagePathError.Code, at offset: Int?,
                              _ reason: String) -> PagePathError {
        // The input is rebuilt only for the message: a string's bytes are valid UTF-8.
        PagePathError(code, input: String(decoding: bytes, as: UTF8.self), offset: offset, reason: reason)
    }
}

// Inlinable, as the link map reads bytes with them from its own module, where a call per
// byte (and an unspecialized generic for the UTF-8 check) made matching a link a third
// slower.
extension UInt8 {
    @inlinable package static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable package static var bang: UInt8 { UInt8(ascii: "!") }
    @inlinable package static var hash: UInt8 { UInt8(ascii: "#") }
    @inlinable package static var openParen: UInt8 { UInt8(ascii: "(") }
    @inlinable package static var closeParen: UInt8 { UInt8(ascii: ")") }
    @inlinable package static var questionMark: UInt8 { UInt8(ascii: "?") }
    @inlinable package static var equals: UInt8 { UInt8(ascii: "=") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var ampersand: UInt8 { UInt8(ascii: "&") }
    @inlinable package static var percent: UInt8 { UInt8(ascii: "%") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var caret: UInt8 { UInt8(ascii: "^") }
    @inlinable package static var dot: UInt8 { UInt8(ascii: ".") }

    @inlinable package var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }

    @inlinable package var isSchemeCharacter: Bool {
        isASCIILetter || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9"))
            || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == .dot
    }

    @inlinable package var hexValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
