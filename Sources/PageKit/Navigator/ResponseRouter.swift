/// The openers waiting for a response from a page they opened, or from any page of a
/// flow they opened.
@MainActor
struct ResponseRouter {
    private struct Awaiter {
        let id: Int
        weak var page: (any Page)?
        /// For a flow, the page its open ended at, when that is not `page`: the wait goes on
        /// while either is live. UIKit presents from the root, so an alert shown over a
        /// pushed page stays when that page is popped, and may still be answered.
        weak var last: (any Page)?
        /// Whether the pages opened from `page` answer for it too.
        let isFlow: Bool
        let resume: (PageResponse?) -> Void
        /// Whether its page is an alert that has left and may still answer this turn.
        var lingers = false
    }

    private var awaiters: [Awaiter] = []
    private var lastID = 0

    /// Whether no opener waits.
    var isEmpty: Bool { awaiters.isEmpty }

    /// Waits for `page`'s response or, for a flow, that of any page opened from it, and
    /// of `last`, the page the flow's open ended at.
    mutating func await(_ page: any Page, last: (any Page)? = nil, flow: Bool = false,
                        _ resume: @escaping (PageResponse?) -> Void) -> Int {
        lastID += 1
        awaiters.append(Awaiter(id: lastID, page: page, last: last === page ? nil : last, isFlow: flow, resume: resume))
        return lastID
    }

    /// The opener awaiting a response from `page`, or else the nearest one awaiting a flow
    /// `page` belongs to (one of `chain`, the pages that opened it, nearest first), no
    /// longer waiting; the caller hands it the response once the router is left alone, as
    /// an opener may navigate at once.
    mutating func take(from page: any Page, chain: [any Page]) -> ((PageResponse?) -> Void)? {
        var index = awaiters.firstIndex(where: { $0.page === page || $0.last === page })
        for opener in chain where index == nil {
            index = awaiters.firstIndex(where: { $0.isFlow && $0.page === opener })
        }
        guard let index else { return nil }
        return awaiters.remove(at: index).resume
    }

    mutating func cancel(_ id: Int) {
        guard let index = awaiters.firstIndex(where: { $0.id == id }) else { return }
        awaiters.remove(at: index).resume(nil)
    }

    /// Ends, with no response, every wait whose pages have left the hierarchy, except for
    /// an alert's that has just left: a platform dismisses an alert before it runs the
    /// button's action, so that wait lingers until ``endLingering()``.
    /// - Returns: Whether a wait began to linger.
    mutating func hierarchyChanged(in navigator: Navigator) -> Bool {
        guard !awaiters.isEmpty else { return false }
        let hierarchy = navigator.hierarchy
        var gone: [Awaiter] = []
        var lingers = false
        for index in awaiters.indices.reversed() {
            if let page = awaiters[index].page, hierarchy?.contains(page) == true { continue }
            if let last = awaiters[index].last, hierarchy?.contains(last) == true { continue }
            if awaiters[index].page is AlertPage || awaiters[index].last is AlertPage {
                lingers = lingers || !awaiters[index].lingers
                awaiters[index].lingers = true
            } else {
                gone.append(awaiters.remove(at: index))
            }
        }
        for awaiter in gone.reversed() { awaiter.resume(nil) }
        return lingers
    }

    /// Ends every wait with no response: their navigator is gone, and no page will answer.
    mutating func endAll() {
        let gone = awaiters
        awaiters = []
        for awaiter in gone { awaiter.resume(nil) }
    }

    /// Ends, with no response, the waits for alerts that left and did not answer.
    mutating func endLingering() {
        var gone: [Awaiter] = []
        awaiters.removeAll { awaiter in
            guard awaiter.lingers else { return false }
            gone.append(awaiter)
            return true
        }
        for awaiter in gone { awaiter.resume(nil) }
    }
}
