/// An ordered list of string parameters: a component's own parameters, or a query.
///
/// Parameters are strings, never `Any`: a page reads what it needs and converts it.
/// A component's parameters are kept sorted by key with each key once, so
/// `news(b=1,a=2)` and `news(a=2,b=1)` are equal; a query keeps its written order and may
/// repeat a key, as URL queries do.
///
/// Keys are sorted and told apart by their UTF-8 bytes, as a URL carries them, not by
/// Unicode equivalence: `é` (one scalar) and `e\u{301}` (two) are different keys.
///
/// ```swift
/// let query: PageParameters = ["id": "5", "event": "unfriended"]
/// query["id"]        // "5"
/// query["missing"]   // nil
/// ```
///
/// Parsed parameters share one buffer with the rest of their path, so reading a path's
/// parameters never copies them.
public struct PageParameters: Sendable {
    // A view of a buffer the whole parsed path shares; `nil` when there are no parameters.
    // Unlike `ArraySlice`, the buffer can be attached after the range is known, which lets
    // the parser fill one buffer in a single pass without copy-on-write. Never written
    // once a view of it exists, so it is safe to send.
    @usableFromInline nonisolated(unsafe) var buffer: ParameterBuffer?
    @usableFromInline var bounds: Range<Int>

    /// No parameters.
    public init() {
        buffer = nil
        bounds = 0..<0
    }

    /// Parameters in the order given, keys possibly repeated.
    /// - Parameter parameters: The parameters, in order.
    public init(_ parameters: some Sequence<PageParameter>) {
        self.init(capacity: parameters.underestimatedCount) { built in
            for parameter in parameters { built.append(parameter) }
        }
    }

    /// Parameters appended in order by `build`, in one buffer made at the first with room
    /// for `capacity` (none when nothing is appended): what code that makes parameters
    /// one by one uses, rather than an array copied afterwards.
    ///
    /// Inlinable, with the builder and the buffer, for the link map, which builds the
    /// parameters of each link it maps from its own module.
    @inlinable
    package init(capacity: Int, building build: (inout Builder) throws -> Void) rethrows {
        var builder = Builder(capacity: capacity)
        try build(&builder)
        self.init(buffer: builder.buffer, bounds: 0..<builder.count)
    }

    /// Appends parameters to a buffer no view shares yet: the builders above, and the
    /// parser, whose components and query view ranges of one buffer.
    @usableFromInline
    package struct Builder {
        /// The buffer, made at the first parameter.
        @usableFromInline var buffer: ParameterBuffer?
        /// How many parameters it holds.
        @usableFromInline var count = 0
        /// Whether the parameters moved to a bigger buffer since the first was made: a view
        /// taken before then still holds the old one.
        @usableFromInline var moved = false
        @usableFromInline let capacity: Int

        @inlinable
        init(capacity: Int) {
            self.capacity = capacity
        }

        @inlinable @inline(__always)
        package mutating func append(_ parameter: __owned PageParameter) {
            if buffer.append(parameter, capacity: capacity) { moved = true }
            count += 1
        }

        /// The buffer, moved out rather than retained again; the builder keeps none.
        mutating func takeBuffer() -> ParameterBuffer? {
            var taken: ParameterBuffer?
            swap(&taken, &buffer)
            return taken
        }
    }

    @inlinable
    init(buffer: ParameterBuffer?, bounds: Range<Int>) {
        self.buffer = buffer
        self.bounds = bounds
    }

    /// Parameters sorted by key (by UTF-8 bytes), each key once (the last value given for
    /// a key wins).
    ///
    /// This is the form a ``PageComponent`` keeps.
    /// - Parameter parameters: The parameters, in any order.
    /// - Returns: The canonical parameters.
    /// - Complexity: O(*n* log *n*) in the number of parameters.
    public static func canonical(_ parameters: some Sequence<PageParameter>) -> PageParameters {
        var array = Array(parameters)
        // Ties broken by position, so later duplicates follow earlier ones and the last wins.
        array = array.enumerated()
            .sorted {
                PageParameter.sameKey($0.element.key, $1.element.key)
                    ? $0.offset < $1.offset : PageParameter.keyPrecedes($0.element.key, $1.element.key)
            }
            .map(\.element)
        return PageParameters(capacity: array.count) { unique in
            // Sorted, so a repeated key sits next to its twin: the last of each run is kept.
            for (index, parameter) in array.enumerated()
            where index + 1 == array.count || !PageParameter.sameKey(parameter.key, array[index + 1].key) {
                unique.append(parameter)
            }
        }
    }

    /// The first value given for `key`, or `nil` when the key is absent.
    /// - Parameter key: The parameter's name, matched by its UTF-8 bytes.
    /// - Complexity: O(*n*) in the number of parameters, which is small and bounded by
    ///   ``PagePath/Limits/maxParameters``.
    public subscript(key: String) -> String? {
        // By index, so no parameter is copied just to compare its key.
        var index = bounds.lowerBound
        while index < bounds.upperBound {
            let parameter = buffer.unsafelyUnwrapped[index]
            if PageParameter.sameKey(parameter.key, key) { return parameter.value }
            index += 1
        }
        return nil
    }

    /// Every value given for `key`, in order.
    /// - Parameter key: The parameter's name, matched by its UTF-8 bytes.
    /// - Returns: The values; empty when the key is absent.
    public func values(for key: String) -> [String] {
        filter { PageParameter.sameKey($0.key, key) }.map(\.value)
    }

    /// Whether sorted order and unique keys hold, as in a component.
    var isCanonical: Bool {
        var index = bounds.lowerBound + 1
        while index < bounds.upperBound {
            let buffer = buffer.unsafelyUnwrapped
            if !PageParameter.keyPrecedes(buffer[index - 1].key, buffer[index].key) { return false }
            index += 1
        }
        return true
    }
}

extension PageParameters: RandomAccessCollection {
    /// The position of the first parameter: always 0.
    public var startIndex: Int { 0 }
    /// One past the last parameter's position: the count.
    public var endIndex: Int { bounds.count }
    /// The parameter at `position` (0-based).
    /// - Parameter position: A position in `0..<count`.
    public subscript(position: Int) -> PageParameter {
        buffer.unsafelyUnwrapped[bounds.lowerBound + position]
    }
}

extension PageParameters: Hashable {
    /// Whether both hold the same parameters in the same order.
    public static func == (lhs: PageParameters, rhs: PageParameters) -> Bool {
        // By index into both buffers: every route compares the top page's parameters.
        guard lhs.bounds.count == rhs.bounds.count else { return false }
        var left = lhs.bounds.lowerBound
        var right = rhs.bounds.lowerBound
        while left < lhs.bounds.upperBound {
            guard lhs.buffer.unsafelyUnwrapped[left] == rhs.buffer.unsafelyUnwrapped[right] else { return false }
            left += 1
            right += 1
        }
        return true
    }

    /// Hashes the parameters in order.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bounds.count)
        for parameter in self { hasher.combine(parameter) }
    }
}

extension PageParameters: ExpressibleByDictionaryLiteral {
    /// Parameters in the order written.
    /// - Parameter elements: `key: value` pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        guard !elements.isEmpty else {
            self.init()  // `[:]`, the default of many parameters: no array to map.
            return
        }
        self.init(capacity: elements.count) { built in
            for (key, value) in elements { built.append(PageParameter(key: key, value: value)) }
        }
    }
}

extension PageParameters: CustomStringConvertible {
    /// The parameters as `key=value` pairs joined by `&`, percent-encoded as in a query.
    public var description: String {
        var text = ""
        PathPrinter.appendQuery(self, to: &text, asURL: false)
        return text
    }
}
