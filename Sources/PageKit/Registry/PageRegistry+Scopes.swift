/// Feature modules register under scopes of their own, so that two of them may use the
/// same local name and composing their registries into the app's reports every clash at
/// once instead of the first one found at run time.
///
/// ```swift
/// // In the Checkout module:
/// public func checkoutPages() throws -> PageRegistry {
///     var registry = try PageRegistry(scope: "checkout")
///     try registry.register("cart") { intent in CartPage(name: intent.component.name) }   // "checkout.cart"
///     return registry
/// }
/// // In the app:
/// var registry = PageRegistry()
/// try registry.register("home") { _ in HomePage() }
/// try registry.merge(checkoutPages())            // fails listing every name both hold
/// try await navigator.open("app://tab/home/checkout.cart")
/// ```
extension PageRegistry {
    /// `local` as this registry registers it: `scope.local` in a scoped registry, `local`
    /// itself in the app's.
    /// - Parameter local: A name as the module spells it.
    /// - Returns: The name paths and pages use.
    public func qualified(_ local: String) -> String {
        guard let scope else { return local }
        return scope + "." + local
    }

    /// The names registered under `scope` (`nil`: the app's own), sorted.
    /// - Parameter scope: A scope, or `nil`.
    /// - Returns: Qualified names.
    /// - Complexity: O(*n* log *n*) in the registered names.
    package func names(in scope: String?) -> [String] {
        names.filter { self.scope(of: $0) == scope }
    }

    /// Throws unless `scope` is letters, digits, `_` and `-`, and not empty: a scope is
    /// part of every name it qualifies, so it may hold nothing a path reads as syntax.
    static func checkScope(_ scope: String) throws {
        let allowed = scope.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
        }
        guard !scope.isEmpty, allowed else {
            throw NavigationError(.invalidScope, component: scope,
                                  reason: "a scope is letters, digits, `_` and `-`, and not empty: `\(scope)` is not")
        }
    }
}
