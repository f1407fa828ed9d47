/// The paths a navigator has shown, oldest first, bounded.
///
/// A path is recorded after each request that finished and changed the current path;
/// ``Navigator/back(_:_:)`` walks it backwards. Entries share what they have in common
/// with the entries before them, so recording a push on a deep stack costs one
/// component, and each entry is spelled out when read.
public struct NavigationHistory: Sendable {
    /// The most entries kept; older ones are dropped.
    public private(set) var capacity: Int
    private(set) var shared: [SharedPath] = []

    /// An empty history.
    /// - Parameter capacity: The most entries kept (at least 1).
    public init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The paths, oldest first.
    /// - Complexity: O(*n*) in the components of every entry.
    public var entries: [PagePath] { shared.map(\.path) }

    /// The current path, if any was recorded.
    public var last: PagePath? { shared.last?.path }

    /// How many paths it holds.
    public var count: Int { shared.count }

    /// The last entry, as kept.
    var lastShared: SharedPath? { shared.last }

    /// Whether the last entry names the same path as `path`; `false` when there is none.
    /// Compared in place: an entry copied out costs a retain and a release of each of its
    /// parts, on every request.
    func lastIsSame(as path: SharedPath) -> Bool {
        guard let index = shared.indices.last else { return false }
        return SharedPath.same(shared[index], path)
    }

    mutating func record(_ path: SharedPath) {
        if lastIsSame(as: path) { return }
        shared.append(path)
        if shared.count > capacity {
            shared.removeFirst(shared.count - capacity)
        }
    }

    /// Keeps at most `capacity` entries from now on, dropping the oldest beyond it.
    mutating func resize(to capacity: Int) {
        self.capacity = max(1, capacity)
        if shared.count > self.capacity {
            shared.removeFirst(shared.count - self.capacity)
        }
    }

    /// Replaces every entry, keeping the newest `capacity`.
    mutating func replace(with paths: [PagePath]) {
        shared = paths.suffix(capacity).map { SharedPath($0) }
    }

    mutating func dropLast(_ count: Int) {
        shared.removeLast(min(count, shared.count))
    }
}
