import PageKit

/// How a host that presents one page per level finds the level a page is held in: the
/// app's root, or a page the host presented. Decided here once for the headless host and
/// the SwiftUI host model.
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
}
