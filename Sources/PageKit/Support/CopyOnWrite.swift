/// A value kept in one shared storage until a copy of it changes: copying it is one
/// reference, however many fields it has. For values copied far more often than they
/// change, such as a request's state, which every event copies, and an error, which
/// travels through results, outcomes and the queue's state.
@dynamicMemberLookup
struct CopyOnWrite<Value> {
    private final class Storage {
        // Never changed once shared: a setter on a shared value copies the storage first.
        // Read and set through key paths only, each access ending at once: unchecked.
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) { storage = Storage(value) }

    subscript<Field>(dynamicMember keyPath: KeyPath<Value, Field>) -> Field {
        storage.value[keyPath: keyPath]
    }

    subscript<Field>(dynamicMember keyPath: WritableKeyPath<Value, Field>) -> Field {
        get { storage.value[keyPath: keyPath] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            storage.value[keyPath: keyPath] = newValue
        }
    }
}

// A shared storage is never written (a write copies it first), so a value that is
// `Sendable` stays so behind it.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}
