import PageKit

/// What a navigation stack refuses, whatever its platform: decided here once for the
/// stack model and `QueueNavigationController`.
@MainActor
enum StackRules {
    /// Why `pushed` cannot go on a stack holding `existing`: a page already in it, or
    /// given twice. `nil` when it can.
    /// - Complexity: O(*p* × (*p* + *e*)) identity comparisons, in the pages pushed (usually
    ///   one) and the stack's pages; nothing is copied.
    static func refusalToPush<Item>(_ pushed: [Item], onto existing: [Item], stack: @autoclosure () -> String,
                                    same: (Item, Item) -> Bool, describe: (Item) -> String) -> NavigationError? {
        for (index, item) in pushed.enumerated() {
            var other = index + 1
            while other < pushed.count {
                if same(pushed[other], item) {
                    return NavigationError(.alreadyInHierarchy, component: describe(item),
                                           reason: "the same page is pushed twice in one push")
                }
                other += 1
            }
            var position = existing.count - 1
            while position >= 0 {
                if same(existing[position], item) {
                    let name = describe(item)
                    return NavigationError(.alreadyInHierarchy, component: name,
                                           reason: "`\(name)` is already in `\(stack())`; a page is shown once")
                }
                position -= 1
            }
        }
        return nil
    }

    /// The same, for pages.
    static func refusalToPush(_ pushed: [any Page], onto existing: [any Page], stack: any Page) -> NavigationError? {
        refusalToPush(pushed, onto: existing, stack: stack.pageDescription, same: { $0 === $1 },
                      describe: { $0.pageDescription })
    }

    /// A stack item's name: a page's name and parameters, or the item's type.
    static func describe(_ item: AnyObject) -> String {
        (item as? any Page)?.pageDescription ?? "\(type(of: item))"
    }
}
