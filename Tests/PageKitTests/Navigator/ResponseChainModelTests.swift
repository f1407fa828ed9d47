import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// A response bubbles through the pages that opened its sender, against a small reference
/// built from the containers themselves: from each page, its parent and what it presents,
/// over random live hierarchies, random senders and random consumers.
@MainActor
@Suite("Responses bubble as a walk of the live containers says, over random hierarchies", .timeLimit(.minutes(10)))
struct ResponseChainModelTests {
    /// The live tree as the containers hold it: each page's parent, and each presented
    /// page's presenter.
    @MainActor
    struct Tree {
        var pages: [any Page] = []
        var parent: [ObjectIdentifier: any Page] = [:]
        var presenter: [ObjectIdentifier: any Page] = [:]

        init(root: any Page, host: PageHostModel) {
            visit(root, host: host)
        }

        private mutating func visit(_ page: any Page, host: PageHostModel) {
            pages.append(page)
            for child in (page as? any ParentPage)?.containedPages ?? [] {
                parent[ObjectIdentifier(child)] = page
                visit(child, host: host)
            }
            if let presented = host.presentedPage(of: page) {
                presenter[ObjectIdentifier(presented)] = page
                visit(presented, host: host)
            }
        }

        /// The page on screen under `page`: its visible child, down to a page that shows
        /// none.
        func visibleLeaf(_ page: any Page) -> any Page {
            var leaf = page
            while let child = (leaf as? any ParentPage)?.visiblePage { leaf = child }
            return leaf
        }

        /// The pages a response from `sender` is offered to, nearest first, as the docs
        /// say: the pages below it in its stack, the stack, the containers above; from a
        /// modal, the page on screen where it was presented, and on from there.
        func chain(from sender: any Page) -> (pages: [any Page], crossesModal: Bool) {
            var chain: [any Page] = []
            var seen: Set<ObjectIdentifier> = []
            var node = sender
            while true {
                while let up = parent[ObjectIdentifier(node)] {
                    if case .stack = up.pageKind, let stack = up as? any ParentPage,
                       let index = stack.containedPages.firstIndex(where: { $0 === node }) {
                        chain += stack.containedPages[..<index].reversed()
                    }
                    chain.append(up)
                    node = up
                }
                guard let presenter = presenter[ObjectIdentifier(node)] else { return (chain, !seen.isEmpty) }
                let opener = visibleLeaf(presenter)
                guard seen.insert(ObjectIdentifier(opener)).inserted else { return (chain, true) }
                chain.append(opener)
                node = opener
            }
        }
    }

    @Test("every live page's response reaches the first consumer of its chain, offered to each page before it",
          arguments: 0..<4)
    func randomChains(seedBase: Int) async throws {
        var sends = 0
        var consumed = 0
        var fromModals = 0
        try await CurrentPathTests.forEachRandomHierarchy(seedBase: 20 + seedBase) { seed, fixture in
            var random = SeededRandomNumberGenerator(seed: seed ^ 0xC4A1)
            let root = try #require(fixture.navigator.root)
            // Presentations the random opens left are few: present a stack, or a page, over
            // the page on screen, once or twice.
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                var top = Tree(root: root, host: fixture.host).visibleLeaf(root)
                while let presented = fixture.host.presentedPage(of: top) {
                    top = Tree(root: root, host: fixture.host).visibleLeaf(presented)
                }
                let sheet: any Page = random.chance(0.5)
                    ? PageStackModel(pages: [TestPage("menu"), TestPage("item")], queue: fixture.queue)
                    : TestPage("note")
                fixture.present(sheet, from: top)
            }
            // Some pages hold a panel of their own, which answers through them.
            for page in Tree(root: root, host: fixture.host).pages.compactMap({ $0 as? TestPage })
            where page.pageName != "panel" && random.chance(0.2) {
                page.containedPages.append(TestPage("panel"))
            }
            fixture.navigator.hierarchyDidChange()
            let tree = Tree(root: root, host: fixture.host)
            let testPages = tree.pages.compactMap { $0 as? TestPage }
            for page in testPages { page.consumesResponses = random.chance(0.25) }
            for (number, sender) in testPages.enumerated() where random.chance(0.5) {
                let status = PageResponse.Status("s\(seed)-\(number)")
                let (chain, crossesModal) = tree.chain(from: sender)
                let receivers = chain.compactMap { $0 as? TestPage }
                let consumer = receivers.first { $0.consumesResponses }
                let offered = consumer.map { consumer in receivers.prefix { $0 !== consumer } + [consumer] } ?? receivers
                let delivery = fixture.navigator.send(PageResponse(status), from: sender)
                sends += 1
                if crossesModal { fromModals += 1 }
                let context = "seed \(seed), from \(sender.pageDescription) through \(chain.map(\.pageDescription))"
                switch delivery {
                case .consumed(let reference):
                    consumed += 1
                    #expect(reference.page === consumer, "\(context)")
                case .unhandled:
                    #expect(consumer == nil, "\(context): \(consumer?.pageDescription ?? "") should have consumed it")
                default:
                    Issue.record("\(context): \(delivery)")
                }
                for page in testPages {
                    let got = page.offeredResponses.filter { $0.status == status }
                    let expected = offered.contains { $0 === page }
                    #expect(got.count == (expected ? 1 : 0), "\(context): \(page.pageDescription) offered \(got.count)")
                    if let response = got.first {
                        // The first page of the chain is the sender's own opener; the rest see
                        // it pass through.
                        #expect(response.passedThrough == (chain.first !== page), "\(context): \(page.pageDescription)")
                    }
                }
            }
        }
        // The random hierarchies reach modals and every outcome.
        #expect(sends > 100 && consumed > 20 && fromModals > 15,
                "\(sends) sends, \(consumed) consumed, \(fromModals) from a modal")
    }
}
