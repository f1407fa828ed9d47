/// Makes the identifiers a navigator assigns to pages that give none.
///
/// The default is random; tests inject ``sequential(prefix:)`` so runs repeat exactly.
///
/// ```swift
/// let navigator = Navigator(root: root, host: host, registry: registry,
///                           identifiers: .sequential(prefix: "page"))
/// navigator.identifier(of: root)   // "page-1"
/// ```
public struct PageIdentifierGenerator: Sendable {
    private let makeNext: @MainActor () -> PageIdentifier

    /// A generator that calls `next` for each new identifier.
    /// - Parameter next: Returns a fresh identifier each call.
    public init(_ next: @escaping @MainActor () -> PageIdentifier) {
        makeNext = next
    }

    /// A fresh identifier.
    /// - Returns: An identifier not returned before.
    @MainActor func next() -> PageIdentifier {
        makeNext()
    }

    /// `prefix-1`, `prefix-2`, …: repeatable, for tests.
    /// - Parameter prefix: The text before the number.
    /// - Returns: A generator with its own counter.
    public static func sequential(prefix: String = "page") -> PageIdentifierGenerator {
        let counter = Counter()
        return PageIdentifierGenerator {
            counter.value += 1
            return PageIdentifier("\(prefix)-\(counter.value)")
        }
    }

    /// 128 random bits as 32 hexadecimal digits.
    public static var random: PageIdentifierGenerator {
        PageIdentifierGenerator {
            var generator = SystemRandomNumberGenerator()
            let high = generator.next() as UInt64
            let low = generator.next() as UInt64
            return PageIdentifier(hex(high) + hex(low))
        }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @MainActor private final class Counter {
        var value = 0
    }
}
