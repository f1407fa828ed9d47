/// The openers waiting for a response from a page they opened, or from any page of a
/// flow they opened.
@MainActor
struct ResponseRouter {
    private struct Awaiter {
        let id: Int
        weak var page: (any Page)?
        /// Whether the pages opened from `page` answer for it too.
        let isFlow: Bool
        let resume: (PageResponse?) -> Void
    }

    private var awaiters: [Awaiter] = []
    private var lastID = 0

    /// Whether no opener waits.
    var isEmpty: Bool { awaiters.isEmpty }

    /// Waits for `page`'s response or, for a flow, that of any page opened from it.
    mutating func await(_ page: any Page, flow: Bool = false, _ resume: @escaping (PageResponse?) -> Void) -> Int {
        lastID += 1
        awaiters.append(Awaiter(id: lastID, page: page, isFlow: flow, resume: resume))
        return lastID
    }

    /// The opener awaiting a response from `page`, or else the nearest one awaiting a flow
    /// `page` belongs to (one of `chain`, the pages that opened it, nearest first), no
    /// longer waiting; the caller hands it the response once the router is left alone, as
    /// an opener may navigate at once.
    mutating func take(from page: any Page, chain: [any Page]) -> ((PageResponse?) -> Void)? {
        var index = awaiters.firstIndex(where: { $0.page === page })
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

    /// Ends, with no response, every wait whose page has left the hierarchy.
    mutating func hierarchyChanged(in navigator: Navigator) {
        guard !awaiters.isEmpty else { return }
        let hierarchy = navigator.hierarchy
        var gone: [Awaiter] = []
        awaiters.removeAll { awaiter in
            guard let page = awaiter.page, hierarchy?.contains(page) == true else {
                gone.append(awaiter)
                return true
            }
            return false
        }
        for awaiter in gone { awaiter.resume(nil) }
    }
}
