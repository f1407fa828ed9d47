/// Values kept per page without keeping the page: entries hold pages weakly, and those
/// whose page is gone are dropped when the map grows, so it never grows without bound.
@MainActor
struct WeakPageMap<Value> {
    private struct Entry {
        weak var page: (any Page)?
        let value: Value
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweepThreshold = 64

    /// Whether no page has a value.
    var isEmpty: Bool { entries.isEmpty }

    /// The value of `page`, or `nil`.
    subscript(page: any Page) -> Value? {
        // The page check guards against an address reused by a new object.
        guard let entry = entries[ObjectIdentifier(page)], entry.page === page else { return nil }
        return entry.value
    }

    /// Gives `page` the value `value`, or none.
    mutating func set(_ value: Value?, for page: any Page) {
        guard let value else {
            entries[ObjectIdentifier(page)] = nil
            return
        }
        entries[ObjectIdentifier(page)] = Entry(page: page, value: value)
        if entries.count >= sweepThreshold {
            entries = entries.filter { $0.value.page != nil }
            sweepThreshold = max(64, entries.count * 2)
        }
    }
}
