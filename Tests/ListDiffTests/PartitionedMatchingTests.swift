@testable import ListDiff
import Randomness
import Testing

/// The partitioned pairing (``IdentifierMatching/partitioned(old:new:detectNewDuplicates:target:)``)
/// must give exactly what the exact pairing gives, for every input: it pairs
/// by hash value, checks every pair with `==` and falls back to the exact
/// pairing when hash values could stand for more than one identifier.
@Suite("Partitioned pairing")
struct PartitionedMatchingTests {
    /// Pairs with tiny partitions (so small lists partition too) and with none.
    func expectSamePairing<ID: Hashable>(
        _ old: [ID], _ new: [ID], _ note: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for policy in [DuplicatePolicy.bestEffort, .strict] {
            let exact = IdentifierMatching.match(old: old, new: new, policy: policy, partitionTarget: .max)
            for target in [1, 3, 64] {
                let partitioned = IdentifierMatching.match(old: old, new: new, policy: policy, partitionTarget: target)
                #expect(partitioned.newToOld == exact.newToOld, "\(note()) \(policy) target \(target)",
                    sourceLocation: sourceLocation)
                #expect(partitioned.oldToNew == exact.oldToNew, "\(note()) \(policy) target \(target)",
                    sourceLocation: sourceLocation)
                #expect(partitioned.oldHasDuplicates == exact.oldHasDuplicates, "\(note()) \(policy)",
                    sourceLocation: sourceLocation)
                #expect(partitioned.newHasDuplicates == exact.newHasDuplicates, "\(note()) \(policy)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether the partitioned pairing itself gave a result (rather than leaving it to the exact one).
    func partitionedSucceeds<ID: Hashable>(_ old: [ID], _ new: [ID], strict: Bool) -> Bool {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                IdentifierMatching.partitioned(old: old, new: new, detectNewDuplicates: strict, target: 2) != nil
            }
        }
    }

    @Test("the property cases pair the same as the exact pairing", arguments: CaseKind.allCases)
    func propertyCases(kind: CaseKind) {
        for index in 0..<300 {
            let seed = UInt64(index) &* 6_007 &+ UInt64(kind.hashSeed)
            var generator = CaseGenerator(seed: seed)
            let (old, new) = generator.makeCase(kind)
            expectSamePairing(old.map(\.id), new.map(\.id), "sections, seed \(seed)")
            let oldItems = old.flatMap { $0.rows.map(\.id) }
            let newItems = new.flatMap { $0.rows.map(\.id) }
            expectSamePairing(oldItems, newItems, "items, seed \(seed)")
            // Without repeats (and with Int's well-spread hash values) the partitioned pairing gives the result itself.
            let unique = Set(oldItems).count == oldItems.count && Set(newItems).count == newItems.count
            #expect(partitionedSucceeds(oldItems, newItems, strict: true) == unique, "seed \(seed)")
            #expect(partitionedSucceeds(oldItems, newItems, strict: false) == (Set(oldItems).count == oldItems.count
                && !Self.newRepeatsAPairedOne(oldItems, newItems)), "seed \(seed)")
        }
    }

    /// Whether a new identifier that is also old occurs more than once in the new list.
    static func newRepeatsAPairedOne(_ old: [Int], _ new: [Int]) -> Bool {
        let oldSet = Set(old)
        var counts: [Int: Int] = [:]
        for id in new where oldSet.contains(id) { counts[id, default: 0] += 1 }
        return counts.values.contains { $0 > 1 }
    }

    /// An identifier whose hash value says little: equal hash values for
    /// different identifiers, the case the `==` check must catch.
    struct Colliding: Hashable {
        var value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(value % 7) }
    }

    @Test("identifiers with equal hash values pair exactly")
    func collidingHashes() {
        var rng = SplitMix64(seed: 28)
        for round in 0..<200 {
            let old = (0..<Int.random(in: 0...60, using: &rng)).map { _ in Colliding(value: Int.random(in: 0..<80, using: &rng)) }
            var new = old.filter { _ in !rng.chance(0.2) }
            new.shuffle(using: &rng)
            new += (0..<Int.random(in: 0...10, using: &rng)).map { _ in Colliding(value: Int.random(in: 0..<80, using: &rng)) }
            expectSamePairing(old, new, "round \(round)")
            // Unique values only: every hash collision is between different identifiers.
            var seen = Set<Int>()
            let uniqueOld = old.filter { seen.insert($0.value).inserted }
            expectSamePairing(uniqueOld, uniqueOld.shuffled(using: &rng), "unique, round \(round)")
        }
    }

    @Test("a large benchmark-shaped list gives the same changes as the exact pairing")
    func largeList() throws {
        var rng = SplitMix64(seed: 7)
        let count = 50_000
        let old = (0..<count).map { _ in rng.next() }
        var new = old
        new.removeSubrange(10_000..<15_000)
        new.insert(contentsOf: (0..<5_000).map { _ in rng.next() }, at: 15_000)
        new[0..<1_000].shuffle(using: &rng)
        for _ in 0..<200 {
            new.swapAt(Int.random(in: 0..<new.count, using: &rng), Int.random(in: 0..<new.count, using: &rng))
        }
        let isUpdated: (Int, Int) -> Bool = { old[$0] % 5 == 0 && $1 % 3 == 0 }
        let changes = try LinearChanges(from: old, to: new, isUpdated: isUpdated)
        let exact = LinearChanges(
            matching: IdentifierMatching.match(old: old, new: new, policy: .bestEffort, partitionTarget: .max),
            isUpdated: isUpdated)
        #expect(changes == exact)
        #expect(partitionedSucceeds(old, new, strict: false) && partitionedSucceeds(old, new, strict: true))
        #expect(changes.moves.count > 0 && changes.deletes.count == 5_000 && changes.inserts.count == 5_000)
        // With one repeated identifier the partitioned pairing gives up; the result is still exact.
        var repeated = new
        repeated[40_000] = repeated[0]
        let withRepeat = try LinearChanges(from: old, to: repeated, isUpdated: isUpdated)
        let exactWithRepeat = LinearChanges(
            matching: IdentifierMatching.match(old: old, new: repeated, policy: .bestEffort, partitionTarget: .max),
            isUpdated: isUpdated)
        #expect(withRepeat == exactWithRepeat)
    }
}
