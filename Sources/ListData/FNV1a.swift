/// The 64-bit FNV-1a hash, for digests that must be the same in every
/// process and on every machine (Swift's `Hasher` is seeded anew per
/// process): a report's record of its inputs, the model version.
///
/// Not a cryptographic hash: it tells an edited input from the original,
/// it does not resist a forger.
public enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`.
    ///
    /// - Complexity: O(n).
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hexadecimal digits.
    ///
    /// - Complexity: O(n).
    public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The digest of a text's UTF-8 bytes.
    public static func digest(_ text: String) -> String { digest(text.utf8) }
}
