/// One `key=value` pair of a component's parameters or of a query.
public struct PageParameter: Hashable, Sendable {
    /// The parameter's name, percent-decoded.
    public var key: String
    /// The parameter's value, percent-decoded.
    public var value: String

    /// Creates a parameter.
    /// - Parameters:
    ///   - key: The parameter's name.
    ///   - value: The parameter's value.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension PageParameter {
    /// Whether `lhs` sorts before `rhs` as a key: by UTF-8 bytes, as a URL carries them.
    ///
    /// Keys are ordered and told apart by their bytes, never by Unicode equivalence:
    /// `é` and `e\u{301}` are two keys, so the parser, ``PageParameters/canonical(_:)`` and
    /// the printer agree on one order and printing a parsed path is stable.
    @inlinable package static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        // Native strings, small ones included, lend their bytes in place: compared as
        // bytes, with none of the generic iterator's overhead.
        let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                let shared = Swift.min(left.count, right.count)
                var index = 0
                while index < shared {
                    if left[index] != right[index] { return left[index] < right[index] }
                    index += 1
                }
                return left.count < right.count
            }
        }
        if let inPlace, let result = inPlace { return result }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Whether two keys are the same key: the same UTF-8 bytes.
    @inlinable package static func sameKey(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                var index = 0
                while index < left.count {
                    if left[index] != right[index] { return false }
                    index += 1
                }
                return true
            }
        }
        if let inPlace, let result = inPlace { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }
}
