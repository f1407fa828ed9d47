/// A first-in first-out buffer with O(1) amortized append and removal at the front.
///
/// Storage is released when it empties, so a burst of queued work does not leave its
/// peak capacity behind.
struct Ring<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var count: Int { storage.count - head }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage = []
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Removes and returns the first element that satisfies `predicate`.
    /// - Complexity: O(*n*).
    mutating func remove(where predicate: (Element) -> Bool) -> Element? {
        guard let index = storage[head...].firstIndex(where: { $0.map(predicate) ?? false }) else { return nil }
        let element = storage.remove(at: index)
        if head == storage.count {
            storage = []
            head = 0
        }
        return element
    }

    /// Removes every element, in order.
    mutating func removeAll() -> [Element] {
        let elements = storage[head...].compactMap { $0 }
        storage = []
        head = 0
        return elements
    }
}
