@testable import ListDiff
import Randomness
import Testing

/// `Int` identifiers get their own hash key (``IdentifierMatching/hashKey(_:)``
/// mixes the integer instead of calling `hashValue`); every other type keeps
/// `hashValue`. The key only decides where an identifier is looked up, so
/// both paths must give exactly the same pairing and changes for every input:
/// these tests diff each case once as `Int`s and once as ``Wrapped`` values
/// (the same integers through the generic path) and compare.
@Suite("Int hash keys")
struct IntHashKeyTests {
    /// An `Int` the diff must hash through the generic path (`hashValue`);
    /// it describes itself as the integer, so duplicate reports compare too.
    struct Wrapped: Hashable, CustomStringConvertible {
        var value: Int
        var description: String { String(value) }
    }

    /// An `Int` whose hash value says little: many different identifiers share one.
    struct Colliding: Hashable, CustomStringConvertible {
        var value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value % 7) }
        var description: String { String(value) }
    }

    /// The inverse of `SplitMix64.mix` on an `Int`'s bits: the `Int` with a given key.
    static func unmix(_ key: UInt64) -> Int {
        var z = key
        z ^= (z &>> 31) ^ (z &>> 62)
        z &*= 0x3196_42B2_D24D_8EC3  // 0x94D0_49BB_1331_11EB⁻¹ mod 2^64
        z ^= (z &>> 27) ^ (z &>> 54)
        z &*= 0x96DE_1B17_3F11_9089  // 0xBF58_476D_1CE4_E5B9⁻¹ mod 2^64
        z ^= (z &>> 30) ^ (z &>> 60)
        return Int(Int64(bitPattern: z))
    }

    /// The Int path and the generic path pair `old` and `new` identically:
    /// partitioned by default, never, and into tiny partitions, under both
    /// duplicate policies; and ``LinearChanges`` gives the same changes or error.
    func expectSameResults<Other: Hashable>(
        _ old: [Int], _ new: [Int], as other: (Int) -> Other, _ note: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let oldOther = old.map(other)
        let newOther = new.map(other)
        for policy in [DuplicatePolicy.bestEffort, .strict] {
            for target in [nil, .max, 1, 3, 64] as [Int?] {
                let int = IdentifierMatching.match(old: old, new: new, policy: policy, partitionTarget: target)
                let generic = IdentifierMatching.match(old: oldOther, new: newOther, policy: policy, partitionTarget: target)
                #expect(int.newToOld == generic.newToOld, "\(note()) \(policy) \(String(describing: target))",
                    sourceLocation: sourceLocation)
                #expect(int.oldToNew == generic.oldToNew, "\(note()) \(policy) \(String(describing: target))",
                    sourceLocation: sourceLocation)
                #expect(int.oldHasDuplicates == generic.oldHasDuplicates, "\(note()) \(policy)",
                    sourceLocation: sourceLocation)
                #expect(int.newHasDuplicates == generic.newHasDuplicates, "\(note()) \(policy)",
                    sourceLocation: sourceLocation)
            }
            let isUpdated: (Int, Int) -> Bool = { ($0 &+ $1) % 3 == 0 }
            let int = Result { () throws(DiffError) in
                try LinearChanges(from: old, to: new, duplicates: policy, isUpdated: isUpdated)
            }
            let generic = Result { () throws(DiffError) in
                try LinearChanges(from: oldOther, to: newOther, duplicates: policy, isUpdated: isUpdated)
            }
            #expect(int == generic, "\(note()) \(policy)", sourceLocation: sourceLocation)
        }
    }

    @Test("the key is the mix for Int and hashValue for every other type")
    func keyChoice() {
        var rng = SplitMix64(seed: 2_028)
        for value in [0, 1, -1, Int.min, Int.max] + (0..<1_000).map({ _ in Int(Int64(bitPattern: rng.next())) }) {
            #expect(IdentifierMatching.hashKey(value) == SplitMix64.mix(UInt64(bitPattern: Int64(value))))
            #expect(Self.unmix(IdentifierMatching.hashKey(value)) == value)
            #expect(IdentifierMatching.hashKey(Wrapped(value: value)) == UInt64(UInt(bitPattern: Wrapped(value: value).hashValue)))
            // Chosen on the static type: an AnyHashable holding an Int keeps hashValue.
            let any = AnyHashable(value)
            #expect(IdentifierMatching.hashKey(any) == UInt64(UInt(bitPattern: any.hashValue)))
        }
    }

    @Test("the property cases give the same results on both paths", arguments: CaseKind.allCases)
    func propertyCases(kind: CaseKind) {
        for index in 0..<100 {
            let seed = UInt64(index) &* 7_919 &+ UInt64(kind.hashSeed)
            var generator = CaseGenerator(seed: seed)
            let (old, new) = generator.makeCase(kind)
            let oldItems = old.flatMap { $0.rows.map(\.id) }
            let newItems = new.flatMap { $0.rows.map(\.id) }
            expectSameResults(old.map(\.id), new.map(\.id), as: Wrapped.init, "sections, seed \(seed)")
            expectSameResults(oldItems, newItems, as: Wrapped.init, "items, seed \(seed)")
            expectSameResults(oldItems, newItems, as: Colliding.init, "colliding items, seed \(seed)")
        }
    }

    @Test("Ints whose keys share tag and partition, with repeats, give the same results on both paths")
    func collidingKeys() {
        var rng = SplitMix64(seed: 28)
        // Keys that differ only in bits 32..<48: one partition (top bits) and one tag (low 32 bits)
        // for all of them, so every probe meets the others and must compare full keys or identifiers.
        let pool = (0..<64).map { Self.unmix(0xABCD_0000_1234_5678 | (UInt64($0) &<< 32)) }
        for keyBits in pool.map({ IdentifierMatching.hashKey($0) }) {
            #expect(keyBits & 0xFFFF_0000_FFFF_FFFF == 0xABCD_0000_1234_5678)
        }
        for round in 0..<200 {
            let old = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pool[Int.random(in: 0..<pool.count, using: &rng)] }
            var new = old.filter { _ in !rng.chance(0.2) }
            new.shuffle(using: &rng)
            new += (0..<Int.random(in: 0...10, using: &rng)).map { _ in pool[Int.random(in: 0..<pool.count, using: &rng)] }
            expectSameResults(old, new, as: Wrapped.init, "round \(round)")
            expectSameResults(old, new, as: Colliding.init, "colliding, round \(round)")
            var seen = Set<Int>()
            let unique = old.filter { seen.insert($0).inserted }
            expectSameResults(unique, unique.shuffled(using: &rng), as: Wrapped.init, "unique, round \(round)")
        }
    }

    @Test("a large list with moves, inserts, deletes and a repeat gives the same results on both paths")
    func largeList() {
        var rng = SplitMix64(seed: 11)
        let old = Array(0..<40_000)
        var new = old
        new.removeSubrange(8_000..<12_000)
        new.insert(contentsOf: 40_000..<44_000, at: 12_000)
        new[0..<800].shuffle(using: &rng)
        for _ in 0..<100 {
            new.swapAt(Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
        }
        expectSameResults(old, new, as: Wrapped.init, "large")
        new[30_000] = new[0]
        expectSameResults(old, new, as: Wrapped.init, "large, repeated")
    }
}
