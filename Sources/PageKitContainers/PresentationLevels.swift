import PageKit

/// How a host that presents one page per level finds the level a page is held in: the
/// app's root, or a page the host presented (the host model's), and what removing a level
/// takes with it (the host model's and the UIKit layer's).
@MainActor
enum PresentationLevels {
    /// The root of the level that holds `page`: `root` or one of `presented`, or `nil`
    /// when none holds it.
    /// - Complexity: O(*n*) in the number of live pages.
    static func level(holding page: any Page, root: (any Page)?, presented: some Sequence<any Page>) -> (any Page)? {
        if let root, holds(root, page) { return root }
        for level in presented where holds(level, page) {
            return level
        }
        return nil
    }

    /// Whether `page` is `level` or held, at any depth, by it (modals not included).
    private static func holds(_ level: any Page, _ page: any Page) -> Bool {
        var pending: [any Page] = [level]
        while let candidate = pending.popLast() {
            if candidate === page { return true }
            if let parent = candidate as? any ParentPage { pending.append(contentsOf: parent.containedPages) }
        }
        return false
    }

    /// Every page that removing `level` removes with it: `level`, every page it holds at
    /// any depth (a `!/` sheet's whole stack), and every page presented over any of them,
    /// with what they hold; the outermost first, so asking from the last asks the page on
    /// top first. A gesture that dismisses a sheet or pops a page asks all of them, not
    /// only the presented controller. Decided here once for the container models and the
    /// UIKit layer.
    /// - Parameters:
    ///   - level: The page being removed.
    ///   - presentedPage: What the host presents over a page, if anything.
    /// - Returns: The pages, `level` first.
    /// - Complexity: O(*n*) in the number of pages removed.
    static func removed(with level: any Page, presentedPage: (any Page) -> (any Page)?) -> [any Page] {
        var removed: [any Page] = [level]
        var index = 0
        while index < removed.count {
            let page = removed[index]
            if let parent = page as? any ParentPage { removed.append(contentsOf: parent.containedPages) }
            if let presented = presentedPage(page), !removed.contains(where: { $0 === presented }) {
                removed.append(presented)
            }
            index += 1
        }
        return removed
    }
}
