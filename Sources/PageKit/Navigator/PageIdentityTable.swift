/// The identifiers a navigator has assigned to pages that give none of their own.
///
/// Entries hold pages weakly; an entry whose page is gone is dropped when the table
/// grows, so the table never keeps a page alive or grows without bound.
@MainActor
final class PageIdentityTable {
    private struct Entry {
        weak var page: (any Page)?
        let identifier: PageIdentifier
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private let generator: PageIdentifierGenerator
    private var sweepThreshold = 64

    init(generator: PageIdentifierGenerator) {
        self.generator = generator
    }

    func identifier(of page: any Page) -> PageIdentifier {
        if let own = page.pageIdentifier { return own }
        let key = ObjectIdentifier(page)
        // The page check guards against an address reused by a new object.
        if let entry = entries[key], entry.page === page { return entry.identifier }
        let identifier = generator.next()
        entries[key] = Entry(page: page, identifier: identifier)
        if entries.count >= sweepThreshold {
            entries = entries.filter { $0.value.page != nil }
            sweepThreshold = max(64, entries.count * 2)
        }
        return identifier
    }
}
