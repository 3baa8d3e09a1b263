import Profiler
import Rendering
import Statistics
import Testing

@Suite("Statistics")
struct StatisticsTests {
    @Test func summaryOfKnownSample() throws {
        let summary = try #require(SampleSummary([5, 1, 4, 2, 3, 100]))
        #expect(summary.count == 6)
        #expect(summary.median == 3.5)
        #expect(summary.min == 1)
        #expect(summary.max == 100)
        // Deviations from 3.5: 1.5 2.5 0.5 1.5 0.5 96.5 -> median 1.5.
        #expect(summary.mad == 1.5)
        // p90 of 6 sorted values: position 4.5 between 5 and 100.
        #expect(summary.p90 == 52.5)
        #expect(SampleSummary([]) == nil)
    }

    @Test func ratioIntervalContainsTheRatioAndIsReproducible() throws {
        let slow = [100.0, 104, 98, 101, 99, 103]
        let fast = [10.0, 10.5, 9.8, 10.1, 9.9, 10.2]
        let estimate = try #require(RatioEstimate(numerator: slow, denominator: fast))
        #expect(estimate.low <= estimate.ratio && estimate.ratio <= estimate.high)
        #expect(estimate.low > 9 && estimate.high < 11)
        #expect(RatioEstimate(numerator: slow, denominator: fast) == estimate)
        #expect(RatioEstimate(numerator: slow, denominator: [0, 0]) == nil)
    }

    @Test func textTableAlignsColumns() {
        var table = TextTable(headers: ["name", "ms"], alignments: [.left, .right])
        table.append(["a", "1.5"])
        table.append(["long name", "10.25"])
        #expect(table.render() == """
            name          ms
            ---------  -----
            a            1.5
            long name  10.25

            """)
    }
}
