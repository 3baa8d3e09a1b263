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

    /// The timeline write-up's totals (old design) fit a line of about 0.514 s a post, within 4.7 s.
    @Test func aStraightLineFitsByLeastSquares() throws {
        let exact = try #require(StraightLine(x: [1, 2, 3], y: [5, 7, 9]))
        #expect(abs(exact.slope - 2) < 1e-12 && abs(exact.intercept - 3) < 1e-12 && exact.largestResidual < 1e-12)
        let old = try #require(StraightLine(x: [170, 200, 1_012], y: [91.86, 98.07, 520.50]))
        #expect(abs(old.slope - 0.5142) < 0.0001)
        #expect(abs(old.largestResidual - 4.69) < 0.01)
        #expect(abs(old.value(at: 1_012) - 520.33) < 0.01)
        #expect(StraightLine(x: [1], y: [1]) == nil)
        #expect(StraightLine(x: [2, 2], y: [1, 3]) == nil)
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

    /// A line ends at its last character that is not a space, counted in
    /// characters (graphemes): a left-aligned last column is not padded, a
    /// cell's own trailing spaces go too, and a space that is one character
    /// with the mark before or after it stays.
    @Test func textTableLinesEndWithoutSpaces() {
        var table = TextTable(headers: ["a", "b"], alignments: [.left, .left])
        table.append(["x", "longer"])
        table.append(["yy", "z  "])
        table.append(["w", ""])
        table.append(["v", "e \u{301}"])
        // A prepended mark (U+0600, Arabic number sign) and the space after it are one character, so the space stays.
        table.append(["u", "\u{600} "])
        table.append(["", ""])
        #expect(table.render() == "a   b\n--  ------\nx   longer\nyy  z\nw\nv   e \u{301}\nu   \u{600} \n\n")
    }
}
