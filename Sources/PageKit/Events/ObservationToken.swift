/// Keeps an observation or a guard in place: cancel it, or let it go, to remove it.
@MainActor
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Removes the observation or guard. Cancelling twice does nothing.
    public func cancel() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    /// Whether it has been cancelled.
    package var isCancelled: Bool { onCancel == nil }
}

/// Elements kept while their ``ObservationToken`` lives and is not cancelled: observers,
/// guards. An element whose token is gone is dropped the next time the list is read.
///
/// A class, so that an observer may cause another event (an observer that navigates)
/// while the list sends one: a struct held in a property would be under exclusive
/// access for the whole send.
@MainActor
final class TokenList<Element> {
    final class Entry {
        let element: Element
        weak var token: ObservationToken?
        init(_ element: Element) { self.element = element }
    }

    // Every access copies the entries in or out at once, and the elements are called on a
    // copy, so no access overlaps another: the dynamic exclusivity check, paid on every
    // event sent, buys nothing.
    @exclusivity(unchecked) private(set) var entries: [Entry] = []

    init() {}

    /// Whether no element was added, or every one has been dropped already. Cheap, for
    /// fast paths; it may still count an element whose token has just gone.
    var isEmpty: Bool { entries.isEmpty }

    func add(_ element: Element) -> ObservationToken {
        let entry = Entry(element)
        entries.append(entry)
        let token = ObservationToken { [weak entry] in entry?.token = nil }
        entry.token = token
        return token
    }

    /// The elements whose tokens live, in the order they were added.
    func elements() -> [Element] {
        guard !entries.isEmpty else { return [] }
        entries.removeAll { $0.token == nil || $0.token?.isCancelled == true }
        return entries.map(\.element)
    }
}

extension TokenList {
    /// Sends `event` to every observer whose token lives, in the order they were added.
    func send<Event>(_ event: Event) where Element == (Event) -> Void {
        var dropsSome = false
        // Over the entries as they are now (a copy that shares their storage): an observer
        // added or removed by an observer counts from the next event.
        for entry in entries {
            if let token = entry.token, !token.isCancelled {
                entry.element(event)
            } else {
                dropsSome = true
            }
        }
        if dropsSome { entries.removeAll { $0.token == nil || $0.token?.isCancelled == true } }
    }
}

/// Observers of one kind of event.
typealias ObserverList<Event> = TokenList<(Event) -> Void>
