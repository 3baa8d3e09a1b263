import Foundation
import ListDiff
import ListSimulator
import Statistics

/// How a diff benchmark runs.
public struct DiffBenchOptions: Equatable, Sendable, Codable {
    /// Timed runs of listbench's diff per case.
    public var repetitions: Int
    /// Timed runs of Swift's `CollectionDifference` per case (it is 100× slower,
    /// so fewer by default); 0 leaves it out. A case can ask for fewer
    /// (``DiffBenchCase/maximumReferenceRepetitions``).
    public var referenceRepetitions: Int
    /// Untimed runs of each diff before timing starts.
    public var warmup: Int
    /// The seed of the generated lists.
    public var seed: UInt64

    public init(repetitions: Int = 31, referenceRepetitions: Int = 3, warmup: Int = 1, seed: UInt64 = 1) {
        self.repetitions = repetitions
        self.referenceRepetitions = referenceRepetitions
        self.warmup = warmup
        self.seed = seed
    }
}

/// The counts of one diff's result.
public struct DiffCounts: Equatable, Sendable, Codable {
    public var deletes: Int
    public var inserts: Int
    public var moves: Int
    /// Batch updates needed to perform it (UIKit stages).
    public var stages: Int
}

/// One case's measured results.
public struct DiffBenchResult: Equatable, Sendable, Codable {
    public var benchCase: DiffBenchCase
    /// listbench's diff.
    public var ours: SampleSummary
    public var oursSamplesMs: [Double]
    public var oursCounts: DiffCounts
    /// Swift's `CollectionDifference` with `inferringMoves()`, when measured.
    public var reference: SampleSummary?
    public var referenceSamplesMs: [Double]?
    public var referenceCounts: DiffCounts?
    /// median(reference) / median(ours): how many times faster ours is, with a
    /// 95% bootstrap interval.
    public var speedup: RatioEstimate?
    /// Peak memory listbench's diff used beyond its inputs, when the host can tell.
    public var peakExtraBytes: Int?

    /// ``peakExtraBytes`` per element of the two lists.
    public var peakExtraBytesPerElement: Double? {
        guard let peakExtraBytes, benchCase.count + benchCase.newCount > 0 else { return nil }
        return Double(peakExtraBytes) / Double(benchCase.count + benchCase.newCount)
    }
}

/// A whole diff benchmark run. Every figure in it is **measured** on the host.
public struct DiffBenchReport: Equatable, Sendable, Codable {
    public var options: DiffBenchOptions
    /// "release" or "debug": debug figures are not representative.
    public var build: String
    /// How the memory figure was taken, or why it is missing.
    public var memoryMethod: String
    public var results: [DiffBenchResult]
}

/// Measures listbench's diff against Swift's `CollectionDifference` in one
/// run, on DifferenceKit's benchmark cases.
///
/// Runs are interleaved, the reference runs spread evenly among listbench's
/// (see ``interleaving(ours:reference:)``), so that drift in the machine's
/// speed affects both alike. Before timing, each diff's result
/// is verified: listbench's stages must pass the simulator's batch-update
/// validation and reproduce the new list; `CollectionDifference`'s must apply.
public enum DiffBenchmark {
    /// Measures peak memory of a body beyond what was resident before it, in bytes, or nil.
    public typealias MemoryProbe = (_ body: () -> Void) -> Int?

    /// Runs every case.
    ///
    /// - Parameters:
    ///   - memoryProbe: measures one extra run of listbench's diff per case; nil skips it.
    ///   - progress: called with a short line before each phase (for a terminal).
    /// - Throws: ``DiffBenchError``.
    public static func run(
        _ cases: [DiffBenchCase], options: DiffBenchOptions, build: String,
        memoryProbe: MemoryProbe?, memoryMethod: String, progress: (String) -> Void
    ) throws(DiffBenchError) -> DiffBenchReport {
        var results: [DiffBenchResult] = []
        for benchCase in cases {
            try benchCase.validate()
            results.append(try run(benchCase, options: options, memoryProbe: memoryProbe, progress: progress))
        }
        return DiffBenchReport(options: options, build: build, memoryMethod: memoryMethod, results: results)
    }

    static func run(
        _ benchCase: DiffBenchCase, options: DiffBenchOptions, memoryProbe: MemoryProbe?, progress: (String) -> Void
    ) throws(DiffBenchError) -> DiffBenchResult {
        progress("\(benchCase.name): building \(benchCase.count) + \(benchCase.newCount) UUIDs")
        let (old, new) = benchCase.makeLists(seed: options.seed)

        progress("\(benchCase.name): verifying both diffs")
        let oursCounts = try verifyOurs(old: old, new: new)
        let referenceRepetitions = min(options.referenceRepetitions, benchCase.maximumReferenceRepetitions ?? .max)
        let useReference = referenceRepetitions > 0
        let referenceCounts = useReference ? try verifyReference(old: old, new: new) : nil

        var sink = 0
        for _ in 0..<options.warmup {
            sink &+= oursOnce(old, new)
            if useReference { sink &+= referenceOnce(old, new) }
        }
        var oursMs: [Double] = []
        var referenceMs: [Double] = []
        let clock = ContinuousClock()
        for (round, runsReference) in interleaving(ours: options.repetitions, reference: referenceRepetitions)
            .enumerated() {
            progress("\(benchCase.name): run \(round + 1)")
            let start = clock.now
            if runsReference {
                sink &+= referenceOnce(old, new)
                referenceMs.append(milliseconds(clock.now - start))
            } else {
                sink &+= oursOnce(old, new)
                oursMs.append(milliseconds(clock.now - start))
            }
        }
        // Every timed run's result was used; check it, so none can be optimised away.
        let runs = options.warmup + options.repetitions
        let expected = runs * oursCounts.total + (useReference ? (options.warmup + referenceRepetitions)
            * (referenceCounts?.total ?? 0) : 0)
        guard sink == expected else {
            throw .verificationFailed("\(benchCase.name): repeated diffs gave different results")
        }

        var peak: Int?
        if let memoryProbe {
            progress("\(benchCase.name): measuring peak memory")
            peak = memoryProbe { _ = oursOnce(old, new) }
        }
        guard let ours = SampleSummary(oursMs) else {
            throw .invalidCase("--repetitions must be at least 1")
        }
        let reference = SampleSummary(referenceMs)
        return DiffBenchResult(
            benchCase: benchCase, ours: ours, oursSamplesMs: oursMs, oursCounts: oursCounts.counts,
            reference: reference, referenceSamplesMs: useReference ? referenceMs : nil,
            referenceCounts: referenceCounts?.counts,
            speedup: useReference ? RatioEstimate(numerator: referenceMs, denominator: oursMs) : nil,
            peakExtraBytes: peak)
    }

    /// The order of the timed runs: the reference runs spread evenly among
    /// listbench's (for 31 and 3: ten of ours, one reference, and so on), so
    /// both sample the same span of time and drift in the machine's speed
    /// affects them alike. `true` marks a reference run.
    ///
    /// - Complexity: O(ours + reference).
    static func interleaving(ours: Int, reference: Int) -> [Bool] {
        var order: [Bool] = []
        var placed = 0
        for run in 0..<ours {
            // Reference run k goes after ours run ⌊(k + 0.5) · ours / reference⌋.
            while placed < reference, Double(run) >= (Double(placed) + 0.5) * Double(ours) / Double(reference) {
                order.append(true)
                placed += 1
            }
            order.append(false)
        }
        order += Array(repeating: true, count: reference - placed)
        return order
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }

    /// One diff by listbench, comparing content of each paired element as
    /// DifferenceKit's `isContentEqual` does for `Equatable` elements.
    @inline(never)
    static func oursOnce(_ old: [UUID], _ new: [UUID]) -> Int {
        do {
            return try LinearChanges(from: old, to: new) { old[$0] != new[$1] }.changeCount
        } catch {
            return -1
        }
    }

    /// One diff by Swift's standard library: Myers' difference, then `inferringMoves()`.
    @inline(never)
    static func referenceOnce(_ old: [UUID], _ new: [UUID]) -> Int {
        new.difference(from: old).inferringMoves().count
    }

    private struct Checked {
        var counts: DiffCounts
        var total: Int
    }

    /// Checks that listbench's stages pass the simulator's validation and rebuild `new`.
    private static func verifyOurs(old: [UUID], new: [UUID]) throws(DiffBenchError) -> Checked {
        let changes: LinearChanges
        do {
            changes = try LinearChanges(from: old, to: new) { old[$0] != new[$1] }
        } catch {
            throw .verificationFailed("listbench's diff threw \(error)")
        }
        var current = old
        let stages = changes.stages()
        for stage in stages {
            let plan: BatchUpdatePlan
            do {
                plan = try BatchUpdatePlan.resolve(stage, rowCountsBefore: [current.count], rowCountsAfter: [new.count])
            } catch {
                throw .verificationFailed("the simulator rejected listbench's batch update: \(error)")
            }
            current = (0..<new.count).map { row in
                switch plan.origin(ofRow: row, inSection: 0) {
                case .kept(let path), .moved(let path): return current[path.item]
                case .reloaded, .inserted: return new[row]
                }
            }
        }
        guard current == new else { throw .verificationFailed("listbench's diff did not rebuild the new list") }
        let counts = DiffCounts(
            deletes: changes.deletes.count, inserts: changes.inserts.count, moves: changes.moves.count,
            stages: stages.count)
        return Checked(counts: counts, total: changes.changeCount)
    }

    /// Checks that `CollectionDifference` applies.
    private static func verifyReference(old: [UUID], new: [UUID]) throws(DiffBenchError) -> Checked {
        let difference = new.difference(from: old).inferringMoves()
        guard old.applying(difference) == new else {
            throw .verificationFailed("CollectionDifference did not rebuild the new list")
        }
        var deletes = 0
        var inserts = 0
        var moves = 0
        for change in difference {
            switch change {
            case .remove(_, _, let associated): if associated == nil { deletes += 1 }
            case .insert(_, _, let associated): if associated == nil { inserts += 1 } else { moves += 1 }
            }
        }
        let counts = DiffCounts(deletes: deletes, inserts: inserts, moves: moves, stages: 1)
        return Checked(counts: counts, total: difference.count)
    }
}
