/// The paths a navigator has shown, oldest first, bounded.
///
/// A path is recorded after each request that finished and changed the current path;
/// ``Navigator/back(_:animated:)`` walks it backwards.
public struct NavigationHistory: Sendable {
    /// The most entries kept; older ones are dropped.
    public private(set) var capacity: Int
    /// The paths, oldest first.
    public private(set) var entries: [PagePath] = []

    /// An empty history.
    /// - Parameter capacity: The most entries kept (at least 1).
    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The current path, if any was recorded.
    public var last: PagePath? { entries.last }

    mutating func record(_ path: PagePath) {
        guard entries.last != path else { return }
        entries.append(path)
        if entries.count > capacity {
            entries.removeFirst(entries.count - capacity)
        }
    }

    /// Keeps at most `capacity` entries from now on, dropping the oldest beyond it.
    mutating func resize(to capacity: Int) {
        self.capacity = max(1, capacity)
        if entries.count > self.capacity {
            entries.removeFirst(entries.count - self.capacity)
        }
    }

    mutating func dropLast(_ count: Int) {
        entries.removeLast(min(count, entries.count))
    }
}
