/// A repeatable random number generator (SplitMix64): the same seed gives the same
/// sequence on every platform, so a failing seed can be replayed.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    /// The seed it started from.
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A random element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ collection: C) -> C.Element {
        collection[collection.index(collection.startIndex, offsetBy: Int.random(in: 0..<collection.count, using: &self))]
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
