/// The identifiers a navigator has assigned to pages that give none of their own; it
/// never keeps a page alive.
@MainActor
final class PageIdentityTable {
    private var identifiers = WeakPageMap<PageIdentifier>()
    private let generator: PageIdentifierGenerator

    init(generator: PageIdentifierGenerator) {
        self.generator = generator
    }

    func identifier(of page: any Page) -> PageIdentifier {
        if let own = page.pageIdentifier { return own }
        if let assigned = identifiers[page] { return assigned }
        let identifier = generator.next()
        identifiers.set(identifier, for: page)
        return identifier
    }
}
