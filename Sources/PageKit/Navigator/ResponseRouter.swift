/// The openers waiting for a response from a page they opened.
@MainActor
struct ResponseRouter {
    private struct Awaiter {
        let id: Int
        weak var page: (any Page)?
        let resume: (PageResponse?) -> Void
    }

    private var awaiters: [Awaiter] = []
    private var lastID = 0

    /// Whether no opener waits.
    var isEmpty: Bool { awaiters.isEmpty }

    mutating func await(_ page: any Page, _ resume: @escaping (PageResponse?) -> Void) -> Int {
        lastID += 1
        awaiters.append(Awaiter(id: lastID, page: page, resume: resume))
        return lastID
    }

    /// Hands `response` to the opener awaiting `page`, if one is.
    mutating func deliver(_ response: PageResponse, from page: any Page) -> Bool {
        guard let index = awaiters.firstIndex(where: { $0.page === page }) else { return false }
        awaiters.remove(at: index).resume(response)
        return true
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
