/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast, seeded generator.
///
/// Everything in listbench that draws random numbers takes one of these,
/// passed in explicitly, so the same seed always gives the same data, on
/// every run and every machine. It is not cryptographic.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    ///
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The generator's finaliser (Stafford's variant 13): a bijection on 64
    /// bits in which every output bit depends on every input bit. The
    /// generator applies it to its counter; listbench also uses it as a
    /// cheap, unseeded hash of an integer (the diff's `Int` keys,
    /// `diffable-ids`' rows, a design's drawn values).
    ///
    /// - Complexity: O(1): three shift-xors and two multiplies.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z &>> 31)
    }

    /// True with the given probability (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
