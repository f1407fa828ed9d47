import PageKit
import PageKitContainers
import PageKitTestSupport
import Testing

/// Feature modules register under scopes: names are unique within a scope, two scopes may
/// share a local name, and composing registries reports every clash as a typed error.
@MainActor
@Suite("Scoped registries", .timeLimit(.minutes(10)))
struct ScopedRegistryTests {
    static let make: PageRegistry.Factory = { intent in TestPage(intent.component.name, Fixture.parameters(of: intent)) }

    @Test("a scoped registry qualifies its names; two scopes may use the same local name")
    func qualifies() throws {
        var checkout = try PageRegistry(scope: "checkout")
        try checkout.register("detail", factory: Self.make)
        var profile = try PageRegistry(scope: "profile")
        try profile.register("detail", factory: Self.make)
        #expect(checkout.names == ["checkout.detail"])
        #expect(checkout.qualified("cart") == "checkout.cart")
        #expect(PageRegistry().qualified("cart") == "cart")

        var app = PageRegistry()
        try app.register("home", factory: Self.make)
        try app.merge(checkout)
        try app.merge(profile)
        #expect(app.names == ["checkout.detail", "home", "profile.detail"])
        #expect(app.scope(of: "checkout.detail") == "checkout")
        #expect(app.scope(of: "home") == nil)
        #expect(app.names(in: "profile") == ["profile.detail"])
        #expect(app.names(in: nil) == ["home"])
    }

    @Test("a name is unique within its scope")
    func uniqueWithinScope() throws {
        var checkout = try PageRegistry(scope: "checkout")
        try checkout.register("cart", factory: Self.make)
        #expect { try checkout.register("cart", factory: Self.make) } throws: { error in
            (error as? NavigationError)?.code == .duplicateRegistration && "\(error)".contains("checkout.cart")
        }
    }

    @Test("composing registries that share names fails listing every clash, and changes nothing")
    func conflicts() throws {
        var first = try PageRegistry(scope: "checkout")
        try first.register("cart", factory: Self.make)
        try first.register("pay", factory: Self.make)
        var second = try PageRegistry(scope: "checkout")
        try second.register("cart", factory: Self.make)
        try second.register("pay", factory: Self.make)
        try second.register("receipt", factory: Self.make)
        var app = PageRegistry()
        try app.register("checkout.pay", factory: Self.make)
        try app.merge(first.removingAll(but: ["checkout.cart"]))
        let before = app.names
        #expect { try app.merge(second) } throws: { error in
            guard let error = error as? NavigationError, error.code == .duplicateRegistration else { return false }
            return error.reason == "2 names are registered in both registries: "
                + "`checkout.cart` (checkout and checkout), `checkout.pay` (the app and checkout)"
                && "\(error)".contains("`checkout.pay` (the app and checkout)")
        }
        #expect(app.names == before, "nothing of the refused registry is added")
        #expect(!app.contains("checkout.receipt"))
    }

    @Test("a scope holds only letters, digits, `_` and `-`", arguments: ["", "a.b", "a/b", "a b", "a!", "a#b", "(x)", "a?"])
    func invalidScopes(_ scope: String) {
        #expect { try PageRegistry(scope: scope) } throws: { error in
            (error as? NavigationError)?.code == .invalidScope
        }
    }

    @Test("valid scopes", arguments: ["checkout", "feature_2", "on-boarding", "café"])
    func validScopes(_ scope: String) throws {
        #expect(try PageRegistry(scope: scope).scope == scope)
    }

    @Test("removing a scope removes its names only")
    func removeScope() throws {
        var app = PageRegistry()
        try app.register("home", factory: Self.make)
        var checkout = try PageRegistry(scope: "checkout")
        try checkout.register("cart", factory: Self.make)
        try checkout.registerAction("clear") { _ in }
        try app.merge(checkout)
        #expect(app.remove(scope: "checkout") == 2)
        #expect(app.names == ["home"])
        #expect(app.remove(scope: "checkout") == 0)
    }

    @Test("a path names a scoped page by its qualified name; opening it again reuses the live page")
    func navigates() async throws {
        let fixture = Fixture()
        var checkout = try PageRegistry(scope: "checkout")
        try checkout.register("cart", factory: Self.make)
        try fixture.navigator.registry.merge(checkout)
        try await fixture.navigator.open("app://tab/contact/checkout.cart?id=3")
        #expect(fixture.navigator.currentPath.description.hasSuffix("/checkout.cart(id=3)"))
        let count = fixture.contact.containedPages.count
        try await fixture.navigator.open("app://tab/contact/checkout.cart?id=3")
        #expect(fixture.contact.containedPages.count == count)
    }

    // MARK: Against a reference

    /// The reference: qualified name → scope, for the app's registry.
    @Test("seeded sequences of register, remove, merge and remove(scope:) agree with a dictionary", arguments: 0..<200)
    func againstReference(_ seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let scopes: [String?] = [nil, "a", "b"]
        let locals = ["x", "y", "a.x", "z"]
        var app = PageRegistry()
        var model: [String: String?] = [:]
        for _ in 0..<30 {
            let scope = scopes.randomElement(using: &random)!
            let local = locals.randomElement(using: &random)!
            let name = scope.map { "\($0).\(local)" } ?? local
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // the app registers a name of its own
                let added = (try? app.register(name, factory: Self.make)) != nil
                #expect(added == (model[name] == nil))
                if model[name] == nil { model[name] = .some(nil) }
            case 1:  // a module's registry of one or two names is merged
                var module = scope.map { try! PageRegistry(scope: $0) } ?? PageRegistry()
                var names = [local]
                try module.register(local, factory: Self.make)
                let other = locals.randomElement(using: &random)!
                if other != local {
                    try module.register(other, factory: Self.make)
                    names.append(other)
                }
                let qualified = names.map { module.qualified($0) }
                let clash = qualified.filter { model[$0] != nil }
                do {
                    try app.merge(module)
                    #expect(clash.isEmpty)
                    for name in qualified { model[name] = .some(scope) }
                } catch let error as NavigationError {
                    // The reason lists each clash, sorted, as `name` (its holders).
                    let listed = error.reason.split(separator: "`").enumerated()
                        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                    #expect(error.code == .duplicateRegistration)
                    #expect(listed == clash.sorted())
                }
            case 2:
                #expect(app.remove(name) == (model[name] != nil))
                model[name] = nil
            default:
                guard let scope else { continue }
                let removed = model.filter { $0.value == scope }.map(\.key)
                #expect(app.remove(scope: scope) == removed.count)
                for name in removed { model[name] = nil }
            }
            #expect(app.names == model.keys.sorted())
            for (name, scope) in model { #expect(app.scope(of: name) == scope) }
        }
    }
}

extension PageRegistry {
    /// A copy holding only `names`.
    fileprivate func removingAll(but names: Set<String>) -> PageRegistry {
        var copy = self
        for name in self.names where !names.contains(name) { copy.remove(name) }
        return copy
    }
}
