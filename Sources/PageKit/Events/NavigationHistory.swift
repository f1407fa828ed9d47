/// The paths a navigator has shown, oldest first, bounded.
///
/// A path is recorded after each request that finished and changed the current path;
/// ``Navigator/back(_:_:)`` walks it backwards. Entries share what they have in common
/// with the entries before them, so recording a push on a deep stack costs one
/// component, and each entry is spelled out when read.
public struct NavigationHistory: Sendable {
    /// The most entries kept; older ones are dropped.
    package private(set) var capacity: Int
    /// One path shown, and how its pages were pushed and presented where not by default.
    struct Entry {
        var path: SharedPath
        var styles: PathStyles?
    }

    /// The entries, in a ring once it is full: the oldest at `oldest`, the rest after it,
    /// wrapping around. A full history records a path in the oldest one's place, where
    /// dropping the first entry moved every other one.
    private var ring: [Entry] = []
    /// Where the oldest entry is; 0 until the ring is full.
    private var oldest = 0

    /// An empty history.
    /// - Parameter capacity: The most entries kept (at least 1).
    init(capacity: Int = 50) {
        self.capacity = max(1, capacity)
    }

    /// The entries, oldest first, as kept.
    var shared: [Entry] {
        oldest == 0 ? ring : Array(ring[oldest...] + ring[..<oldest])
    }

    /// The entry `count` before the last; `count` is less than ``count``.
    func entry(back count: Int) -> Entry {
        ring[(lastIndex - count + ring.count) % ring.count]
    }

    /// The paths, oldest first.
    /// - Complexity: O(*n*) in the components of every entry.
    public var entries: [PagePath] { shared.map(\.path.path) }

    /// The current path, if any was recorded.
    public var last: PagePath? { lastShared?.path }

    /// How many paths it holds.
    var count: Int { ring.count }

    /// The last entry, as kept.
    var lastShared: SharedPath? { ring.isEmpty ? nil : ring[lastIndex].path }

    /// Where the last entry is, when there is one.
    private var lastIndex: Int { (oldest == 0 ? ring.count : oldest) - 1 }

    /// Whether the last entry names the same path as `path`; `false` when there is none.
    /// Compared in place: an entry copied out costs a retain and a release of each of its
    /// parts, on every request.
    func lastIsSame(as path: SharedPath) -> Bool {
        guard !ring.isEmpty else { return false }
        return SharedPath.same(ring[lastIndex].path, path)
    }

    /// Records `path`, unless it is the last entry's, whose styles it then takes.
    mutating func record(_ path: consuming SharedPath, styles: PathStyles? = nil) {
        if lastIsSame(as: path) {
            if ring[lastIndex].styles != styles { ring[lastIndex].styles = styles }
            return
        }
        guard ring.count >= capacity else {
            ring.append(Entry(path: path, styles: styles))
            return
        }
        ring[oldest] = Entry(path: path, styles: styles)
        oldest = oldest + 1 == ring.count ? 0 : oldest + 1
    }

    /// Puts the entries back in order, oldest first, for a change other than a record.
    private mutating func unwind() {
        guard oldest != 0 else { return }
        ring = shared
        oldest = 0
    }

    mutating func resize(to capacity: Int) {
        unwind()
        self.capacity = max(1, capacity)
        if ring.count > self.capacity {
            ring.removeFirst(ring.count - self.capacity)
        }
    }

    /// Replaces every entry, keeping the newest `capacity`.
    /// - Parameter styles: How each path's pages were shown, by the path's index.
    mutating func replace(with paths: [PagePath], styles: [Int: PathStyles] = [:]) {
        let kept = paths.indices.suffix(capacity)
        ring = kept.map { Entry(path: SharedPath(paths[$0]), styles: styles[$0]) }
        oldest = 0
    }

    mutating func dropLast(_ count: Int) {
        unwind()
        ring.removeLast(min(count, ring.count))
    }
}
