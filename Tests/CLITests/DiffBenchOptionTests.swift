@testable import ListBenchCLI
import MicroBenchmarks
import Testing

/// `diff-bench`'s defaults for a custom case: CollectionDifference grows much
/// faster than listbench's diff (35.6 s a run at 200,000 elements), so a large
/// custom case leaves it out unless `--reference-repetitions` asks for it.
@Suite("diff-bench's reference runs")
struct DiffBenchOptionTests {
    @Test func aLargeCustomCaseLeavesTheReferenceOutByDefault() throws {
        let command = try DiffBench.parse(["--count", "200000"])
        #expect(command.cases.map(\.maximumReferenceRepetitions) == [0])
    }

    @Test func anAskedReferenceRunsOnALargeCustomCase() throws {
        let command = try DiffBench.parse(["--count", "200000", "--reference-repetitions", "1"])
        #expect(command.cases.map(\.maximumReferenceRepetitions) == [nil])
    }

    @Test func aCustomCaseUpToTheLargestStandardOneKeepsTheReference() throws {
        let command = try DiffBench.parse(["--count", "100000"])
        #expect(command.cases.map(\.maximumReferenceRepetitions) == [nil])
        #expect(DiffBenchCase.largestDefaultReferenceCount == DiffBenchCase.standard[1].count)
    }

    /// `=-1`, so that the parser takes -1 as the value (not as an unknown
    /// flag) and the refusal is validate()'s.
    @Test func aNegativeReferenceCountIsAUsageError() {
        do {
            _ = try DiffBench.parse(["--reference-repetitions=-1"])
            Issue.record("--reference-repetitions=-1 was accepted")
        } catch {
            #expect(DiffBench.message(for: error) == "--reference-repetitions must be 0 or more, not -1")
        }
    }
}
