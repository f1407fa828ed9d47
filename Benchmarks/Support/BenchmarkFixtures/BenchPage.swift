public import PageKit

/// The minimal page: a name and parameters, answering components with the protocol's
/// default `canRespond(to:query:)` (by parameters).
public final class BenchPage: Page {
    public let pageName: String
    public let pageParameters: PageParameters

    /// - Parameters:
    ///   - name: The name it answers to.
    ///   - parameters: Its own parameters.
    public init(_ name: String, _ parameters: PageParameters = PageParameters()) {
        pageName = name
        pageParameters = parameters
    }
}

extension PageRegistry {
    /// A registry of `count` names: `list`, `item` and `detail` (the names the live trees
    /// use), then filler names `screen_00003`, `screen_00004`, … up to `count`. Each
    /// factory makes a ``BenchPage`` from its component.
    /// - Parameter count: How many names; at least 3.
    /// - Returns: The registry.
    public static func benchmark(names count: Int) throws -> PageRegistry {
        var registry = PageRegistry()
        for name in benchmarkNames(count: count) {
            try registry.register(name) { intent in
                BenchPage(intent.component.name, intent.component.parameters)
            }
        }
        return registry
    }

    /// The names ``benchmark(names:)`` registers: `list`, `item`, `detail`, then filler
    /// names up to `count`.
    /// - Parameter count: How many names; at least 3.
    public static func benchmarkNames(count: Int) -> [String] {
        precondition(count >= 3, "the live trees need list, item and detail")
        return ["list", "item", "detail"] + fillerNames(from: 3, to: count)
    }

    /// `screen_00003`-style names (12 bytes: small strings, stored inline, as most page
    /// names are).
    /// - Parameters:
    ///   - start: The first number.
    ///   - end: One past the last number.
    public static func fillerNames(from start: Int, to end: Int) -> [String] {
        (start..<end).map { number in
            let digits = String(number)
            return "screen_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        }
    }
}
