import Foundation
import Randomness

/// One diff benchmark case in the shape of DifferenceKit's own benchmark: a
/// list of `count` UUIDs; the new list deletes a block of `deleted`, inserts
/// `inserted` new UUIDs at the new-list index where the deleted block ended
/// in the old list, and shuffles the first `shuffled` elements.
///
/// ``standard`` holds DifferenceKit's two standard cases, 5,000 elements with
/// 2000..<3000 deleted, 1,000 inserted at 3000 and 0..<200 shuffled; 100,000
/// with 20000..<30000 deleted, 10,000 inserted at 30000 and 0..<2000 shuffled;
/// and the same shape at 1,000,000 (issue 28): 200000..<300000 deleted,
/// 100,000 inserted at 300000, 0..<20000 shuffled.
/// Unlike DifferenceKit's benchmark, the UUIDs and the shuffle come from a
/// seeded generator, so every run diffs the same data.
public struct DiffBenchCase: Equatable, Sendable, Codable {
    public var name: String
    public var count: Int
    public var deleted: Int
    public var inserted: Int
    public var shuffled: Int
    /// At most this many runs of the reference (`CollectionDifference`) on
    /// this case, whatever the options ask; nil: no limit. The 1M standard
    /// case has 0: `CollectionDifference` is 100–400× slower than listbench's
    /// diff, a minute or more per run at that size.
    public var maximumReferenceRepetitions: Int?

    /// The largest custom case on which `diff-bench` runs the reference by
    /// default: the largest standard case with it. One run of
    /// `CollectionDifference` took 35.6 s at 200,000 elements with this shape
    /// (`listbench diff-bench --count 200000 --repetitions 3
    /// --reference-repetitions 1 --warmup 0 --no-memory`, release, 27 November
    /// 2026), against 30 ms for listbench's diff, so the default's five runs
    /// (a check, a warm-up, three timed) would take three minutes there.
    public static let largestDefaultReferenceCount = 100_000

    /// The largest list the benchmark accepts, to keep a run within memory.
    public static let maximumCount = 10_000_000

    public init(
        name: String, count: Int, deleted: Int, inserted: Int, shuffled: Int, maximumReferenceRepetitions: Int? = nil
    ) {
        self.name = name
        self.count = count
        self.deleted = deleted
        self.inserted = inserted
        self.shuffled = shuffled
        self.maximumReferenceRepetitions = maximumReferenceRepetitions
    }

    /// DifferenceKit's two standard cases, and the same shape at a million
    /// elements (without the reference).
    public static let standard = [
        DiffBenchCase(name: "5k", count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200),
        DiffBenchCase(name: "100k", count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000),
        DiffBenchCase(
            name: "1M", count: 1_000_000, deleted: 100_000, inserted: 100_000, shuffled: 20_000,
            maximumReferenceRepetitions: 0),
    ]

    /// Where the deleted block starts: twice its length in, as in both
    /// standard cases (2000 of 1,000; 20000 of 10,000), or as far in as fits.
    public var deleteStart: Int { min(count - deleted, 2 * deleted) }

    /// Where the inserted block goes, as an index into the list after the
    /// deletion: where the deleted block ended (3000 and 30000 in the standard cases).
    public var insertAt: Int { min(deleteStart + deleted, count - deleted) }

    /// The length of the new list.
    public var newCount: Int { count - deleted + inserted }

    /// Checks that the case can be built.
    ///
    /// - Throws: ``DiffBenchError/invalidCase(_:)`` naming the option at fault.
    public func validate() throws(DiffBenchError) {
        guard count >= 0, count <= Self.maximumCount else {
            throw .invalidCase("--count must be between 0 and \(Self.maximumCount), not \(count)")
        }
        guard deleted >= 0, deleted <= count else {
            throw .invalidCase("--deleted must be between 0 and --count (\(count)), not \(deleted)")
        }
        guard inserted >= 0, inserted <= Self.maximumCount else {
            throw .invalidCase("--inserted must be between 0 and \(Self.maximumCount), not \(inserted)")
        }
        guard shuffled >= 0, shuffled <= newCount else {
            throw .invalidCase(
                "--shuffled must be between 0 and the new list's length (\(newCount)), not \(shuffled)")
        }
    }

    /// Builds the old and new lists.
    ///
    /// - Complexity: O(count + inserted).
    public func makeLists(seed: UInt64) -> (old: [UUID], new: [UUID]) {
        var rng = SplitMix64(seed: seed)
        let old = (0..<count).map { _ in Self.uuid(using: &rng) }
        var new = old
        new.removeSubrange(deleteStart..<(deleteStart + deleted))
        new.insert(contentsOf: (0..<inserted).map { _ in Self.uuid(using: &rng) }, at: insertAt)
        new[0..<shuffled].shuffle(using: &rng)
        return (old, new)
    }

    /// A version 4 (random) UUID from the seeded generator.
    static func uuid(using rng: inout SplitMix64) -> UUID {
        let high = rng.next()
        let low = rng.next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
            byte(high, 4), byte(high, 5), byte(high, 6) & 0x0F | 0x40, byte(high, 7),
            byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3),
            byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
        ))
    }
}

/// Why the diff benchmark could not run.
public enum DiffBenchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The case's sizes do not fit together.
    case invalidCase(String)
    /// A diff's result did not turn the old list into the new one: a bug, never expected.
    case verificationFailed(String)

    public var description: String {
        switch self {
        case .invalidCase(let detail): return detail
        case .verificationFailed(let detail): return "verification failed: \(detail)"
        }
    }
}
