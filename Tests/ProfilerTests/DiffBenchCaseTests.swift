import Foundation
@testable import MicroBenchmarks
import Profiler
import Testing

@Suite("Diff benchmark cases")
struct DiffBenchCaseTests {
    @Test func standardCasesHaveDifferenceKitsShape() throws {
        let small = DiffBenchCase.standard[0]
        #expect(small.deleteStart == 2_000 && small.insertAt == 3_000 && small.newCount == 5_000)
        let large = DiffBenchCase.standard[1]
        #expect(large.deleteStart == 20_000 && large.insertAt == 30_000 && large.newCount == 100_000)

        let (old, new) = small.makeLists(seed: 7)
        #expect(old.count == 5_000 && new.count == 5_000)
        #expect(Set(old).count == 5_000)
        // Outside the shuffled prefix: DifferenceKit's shape. Deleting 2000..<3000 shifts
        // old[3000...] to 2000; inserting at new index 3000 then splits that run.
        let keptBefore = new[200..<2_000].elementsEqual(old[200..<2_000])
        let shiftedRun = new[2_000..<3_000].elementsEqual(old[3_000..<4_000])
        let insertedAreNew = Set(new[3_000..<4_000]).isDisjoint(with: old)
        let tail = new[4_000...].elementsEqual(old[4_000...])
        let shuffledSame = Set(new[0..<200]) == Set(old[0..<200])
        #expect(keptBefore && shiftedRun && insertedAreNew && tail && shuffledSame)
    }

    @Test func listsAreSeeded() {
        let benchCase = DiffBenchCase(name: "x", count: 300, deleted: 30, inserted: 40, shuffled: 50)
        #expect(benchCase.makeLists(seed: 1) == benchCase.makeLists(seed: 1))
        #expect(benchCase.makeLists(seed: 1).old != benchCase.makeLists(seed: 2).old)
    }

    @Test(arguments: [
        (DiffBenchCase(name: "x", count: 10, deleted: 11, inserted: 0, shuffled: 0), "--deleted must be between 0 and --count (10), not 11"),
        (DiffBenchCase(name: "x", count: -1, deleted: 0, inserted: 0, shuffled: 0), "--count must be between 0 and 10000000, not -1"),
        (DiffBenchCase(name: "x", count: 10, deleted: 2, inserted: 1, shuffled: 10), "--shuffled must be between 0 and the new list's length (9), not 10"),
        (DiffBenchCase(name: "x", count: 10, deleted: 0, inserted: -3, shuffled: 0), "--inserted must be between 0 and 10000000, not -3"),
    ])
    func invalidCasesNameTheOption(benchCase: DiffBenchCase, message: String) {
        #expect(throws: DiffBenchError.invalidCase(message)) { try benchCase.validate() }
    }

    @Test func benchmarkVerifiesAndCountsBothDiffs() throws {
        let benchCase = DiffBenchCase(name: "small", count: 400, deleted: 40, inserted: 40, shuffled: 20)
        let report = try DiffBenchmark.run(
            [benchCase], options: DiffBenchOptions(repetitions: 2, referenceRepetitions: 1, warmup: 0, seed: 3),
            build: "debug", memoryProbe: nil, memoryMethod: "not measured", progress: { _ in })
        let result = try #require(report.results.first)
        #expect(result.oursSamplesMs.count == 2 && result.referenceSamplesMs?.count == 1)
        #expect(result.oursCounts.deletes == 40 && result.oursCounts.inserts == 40)
        #expect(result.oursCounts.moves <= 19)
        #expect(result.speedup != nil)
        let json = try report.renderJSON()
        let decoded = try JSONDecoder().decode(DiffBenchReport.self, from: Data(json.utf8))
        #expect(decoded == report)
        #expect(report.renderTable().contains("CollectionDifference applied"))
    }
}

extension DiffBenchCaseTests {
    /// A case that caps CollectionDifference's runs (the standard 1M case caps
    /// them at 0: minutes a run) runs listbench's diff alone and says why in its table.
    @Test func aCaseCanLeaveTheReferenceOut() throws {
        #expect(DiffBenchCase.standard.map(\.name) == ["5k", "100k", "1M"])
        #expect(DiffBenchCase.standard[2].maximumReferenceRepetitions == 0)
        let capped = DiffBenchCase(name: "capped", count: 300, deleted: 30, inserted: 30, shuffled: 10, maximumReferenceRepetitions: 0)
        let report = try DiffBenchmark.run(
            [capped], options: DiffBenchOptions(repetitions: 2, referenceRepetitions: 3, warmup: 0, seed: 3),
            build: "debug", memoryProbe: nil, memoryMethod: "not measured", progress: { _ in })
        let result = try #require(report.results.first)
        #expect(result.oursSamplesMs.count == 2)
        #expect(result.referenceSamplesMs == nil || result.referenceSamplesMs?.isEmpty == true)
        #expect(result.speedup == nil)
        #expect(report.renderTable().contains("not run"))
        // Nothing of CollectionDifference's was verified, and the table does not say it was.
        #expect(!report.renderTable().contains("CollectionDifference applied"))
    }
}

@Suite("Diff benchmark interleaving")
struct InterleavingTests {
    @Test func referenceRunsAreSpreadEvenly() {
        let order = DiffBenchmark.interleaving(ours: 31, reference: 3)
        #expect(order.count == 34)
        #expect(order.filter { $0 }.count == 3)
        let positions = order.indices.filter { order[$0] }
        #expect(positions == [6, 17, 28])
        #expect(DiffBenchmark.interleaving(ours: 2, reference: 0) == [false, false])
        #expect(DiffBenchmark.interleaving(ours: 1, reference: 2) == [false, true, true])
    }
}
