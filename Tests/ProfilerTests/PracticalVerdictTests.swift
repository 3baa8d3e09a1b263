import Foundation
import Profiler
import Rendering
import Scenarios
import Testing

/// The iPhone 15's frame interval (60 Hz), in ms.
private let frameMs = 1_000.0 / 60

/// A shipped run (the shared fixture's) as a result, changed by `change`.
private func result(_ strategy: String, _ file: String, _ change: (inout RunMetrics) -> Void = { _ in }) throws -> StrategyResult {
    var metrics = try ShippedRuns.shared.run(strategy, file).metrics
    change(&metrics)
    return StrategyResult(strategy: strategy, metrics: metrics, measured: nil)
}

private func entry(_ comparison: ScenarioComparison, _ metric: MetricID) throws -> MetricComparison {
    try #require(comparison.metrics.first { $0.metric == metric })
}

/// Verdicts with practical thresholds: a change within the noise floor is
/// "=", a run that did not do the whole job is not ranked, a metric without
/// a better direction is not "worse", and the headline fits a terminal.
@Suite("Practical verdicts")
struct PracticalVerdictTests {
    /// +0.02% completion (about 9 ms of 47 s) is "=", not "1.000× worse".
    @Test func aChangeWithinTheNoiseFloorIsEqual() throws {
        let a = try result("viewmodel-cells", "home-170.json")
        let b = try result("viewmodel-cells", "home-170.json") { $0.completionMs = $0.completionMs.map { $0 * 1.0002 } }
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        let completion = try entry(comparison, .completionMs)
        #expect(completion.a != completion.b)
        #expect(completion.verdict == .equal)
        #expect(completion.changeText(frameIntervalMs: frameMs) == "=")
        let metric = Metric(.completionMs)
        // One whole frame counts, however small a share; under one frame does not.
        #expect(!metric.isPracticallyEqual(433.333333, 416.666666, frameIntervalMs: frameMs))
        #expect(metric.isPracticallyEqual(100, 110, frameIntervalMs: frameMs))
        // 1% of a long run is equal; counts under 100 must match; correctness is exact.
        #expect(metric.isPracticallyEqual(100_000, 100_900, frameIntervalMs: frameMs))
        #expect(!Metric(.hitches).isPracticallyEqual(4, 5, frameIntervalMs: frameMs))
        #expect(Metric(.frames).isPracticallyEqual(2_790, 2_794, frameIntervalMs: frameMs))
        #expect(!Metric(.staleRows).isPracticallyEqual(1_000, 1_001, frameIntervalMs: frameMs))
        #expect(Metric(.hitchRatioMsPerS).isPracticallyEqual(2.1, 2.9, frameIntervalMs: frameMs))
    }

    /// The run that crashed has no completion and its other figures stop at
    /// the crash: completion and the costs are not comparable, and the
    /// headline shows no change for them; the first frame still compares.
    @Test func aCrashedSideIsNotComparableOnCompletion() throws {
        let a = try result("cellbinder", "restaurant-detail.json"), b = try result("row-ids", "restaurant-detail.json")
        #expect(b.metrics?.status == .crashed)
        let comparison = ScenarioComparison(scenario: "restaurant-detail", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        for metric in [MetricID.completionMs, .mainThreadBusyMs, .hitchTimeMs, .peakMemoryBytes, .staleRows] {
            #expect(try entry(comparison, metric).verdict == .notComparable(.crashed(strategy: "row-ids")), "\(metric)")
        }
        #expect(try entry(comparison, .inconsistencies).verdict == .worse)
        #expect(try entry(comparison, .timeToFirstFrameMs).verdict == .equal)
        let headline = comparison.renderHeadline()
        #expect(headline.contains("not comparable: row-ids crashed"))
        #expect(!headline.contains("%"), "\(headline)")
    }

    /// Two runs that both crashed have no completion, and that is no tie: "not comparable".
    @Test func twoCrashedSidesAreNotComparableEither() throws {
        let a = try result("batch-updates", "realtime-feed.json"), b = try result("identifier-diff", "realtime-feed.json")
        #expect(a.metrics?.status == .crashed && b.metrics?.status == .crashed)
        let comparison = ScenarioComparison(scenario: "realtime-feed", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        #expect(try entry(comparison, .completionMs).verdict == .notComparable(.crashed(strategy: "batch-updates")))
    }

    /// The headline's findings name every correctness problem a run has, as
    /// `run`'s correctness column does: reload on the realtime feed jumps and
    /// rebuilds unchanged cells.
    @Test func findingsNameEveryCorrectnessProblem() throws {
        let a = try result("reload", "realtime-feed.json"), b = try result("identifier-diff:diff=minimal", "realtime-feed.json")
        let comparison = ScenarioComparison(scenario: "realtime-feed", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        // The same words and figures as run's line "reload: correctness: 4144 jump pt, 364 unchanged reloads".
        #expect(comparison.findingsA == "4144 jump pt, 364 unchanged reloads", "\(comparison.findingsA)")
    }

    /// Host figures are ranked only with 5 samples a side: one against one is "not enough samples", never "slower".
    @Test func hostFiguresNeedFiveSamplesASide() throws {
        func measured(_ ms: Double, count: Int) throws -> MeasuredFigures {
            try #require(MeasuredFigures((0..<count).map { index in
                let value = ms * (1 + Double(index) * 0.001) * 1_000_000
                return HostSample(wallNanoseconds: value, cpuNanoseconds: value, allocatedBytes: nil, peakRSSBytes: nil)
            }))
        }
        let base = try result("reload", "home-170.json")
        for (count, expected) in [(1, Verdict.notEnoughSamples), (4, .notEnoughSamples), (5, .slower)] {
            var a = base, b = base
            a.measured = try measured(1, count: count)
            b.measured = try measured(2, count: count)
            let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
            #expect(try entry(comparison, .wallMs).verdict == expected, "n=\(count)")
        }
        #expect(Verdict(description: Verdict.notEnoughSamples.description) == .notEnoughSamples)
    }

    /// A killed run (the device's memory limit) has no completion: not
    /// comparable. Where it cost more than the run that finished although
    /// it did less (main-thread time, hitch time, memory), the kill cannot
    /// explain that, and it is ranked; where it looks cheaper, it is not.
    @Test func aKilledSideIsNotComparableWhereItLooksCheaper() throws {
        let a = try result("viewmodel-cells", "home-170.json")
        let b = try result("monolithic-cells", "home-170.json") {
            $0.status = .killed
            $0.killed = true
            $0.killedAtMs = 10_000
            $0.completionMs = nil
        }
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        #expect(try entry(comparison, .completionMs).verdict == .notComparable(.killed(strategy: "monolithic-cells")))
        for metric in [MetricID.mainThreadBusyMs, .hitchTimeMs, .peakMemoryBytes] {
            #expect(try entry(comparison, metric).verdict == .worse, "\(metric)")
        }
        #expect(try entry(comparison, .killedAtMs).verdict == .notComparable(.oneSideOnly))
        let cheaper = try result("monolithic-cells", "home-170.json") {
            $0.status = .killed
            $0.killed = true
            $0.killedAtMs = 10_000
            $0.completionMs = nil
            $0.mainThreadBusyMs = 1
            $0.peakMemoryBytes = 1
        }
        let cut = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: cheaper)
        for metric in [MetricID.mainThreadBusyMs, .peakMemoryBytes] {
            #expect(try entry(cut, metric).verdict == .notComparable(.killed(strategy: "monolithic-cells")), "\(metric)")
        }
    }

    /// A run that never showed rows it owed but is the slower one anyway:
    /// what it skipped cannot explain that, so the verdict stands (the other
    /// run is better), with the coverage named.
    @Test func aSideThatSkippedRowsAndIsSlowerAnywayIsRanked() throws {
        let a = try result("viewmodel-cells", "home-170.json") { $0.rowsNeverDisplayed = 12 }
        let b = try result("monolithic-cells", "home-170.json") { $0.completionMs = $0.completionMs.map { $0 + 5_000 } }
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        // B is slower on completion, but A is the one that skipped rows: the skip cannot explain B's extra time.
        #expect(try entry(comparison, .completionMs).verdict == .worse)
        #expect(try entry(comparison, .rowsNeverDisplayed).verdict == .better)
        #expect(comparison.coverage == "coverage differs: rows owed and never shown: viewmodel-cells 12, monolithic-cells 0")
    }

    /// Moving work off main raises the workers' busy time: "higher", not "worse".
    @Test func moreBackgroundWorkIsNotWorse() throws {
        let a = try result("monolithic-cells", "home-170.json"), b = try result("viewmodel-cells", "home-170.json")
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        let background = try entry(comparison, .backgroundBusyMs)
        #expect((background.b ?? 0) > (background.a ?? 0))
        #expect(background.verdict == .higher)
        #expect(try entry(comparison, .mainThreadBusyMs).verdict == .better)
    }

    /// 16.7 → 83.3 ms of hitch time is "+66.7 ms", not "+400.0%"; a long
    /// time's change is still a percentage.
    @Test func smallValuesChangeByAnAmount() {
        let hitch = MetricComparison(metric: .hitchTimeMs, kind: .modeled, unit: .ms, a: frameMs, b: 5 * frameMs, ratio: 5,
                                     changePercent: 400, interval: nil, verdict: .worse)
        #expect(hitch.changeText(frameIntervalMs: frameMs) == "+66.7 ms")
        let none = MetricComparison(metric: .hitches, kind: .modeled, unit: .count, a: 0, b: 3, ratio: nil, changePercent: nil, interval: nil, verdict: .worse)
        #expect(none.changeText(frameIntervalMs: frameMs) == "+3")
        let main = MetricComparison(metric: .mainThreadBusyMs, kind: .modeled, unit: .ms, a: 1_714.9, b: 1_312.4, ratio: 1_312.4 / 1_714.9,
                                    changePercent: (1_312.4 - 1_714.9) / 1_714.9 * 100, interval: nil, verdict: .better)
        #expect(main.changeText(frameIntervalMs: frameMs) == "-23.5%")
    }

    /// compare's headline on home-170 fits 120 columns, for the published
    /// pair and for the pair with the longest built-in names.
    @Test(arguments: [("monolithic-cells", "viewmodel-cells"), ("texture-placeholders", "identifier-diff")])
    func theHeadlineFits120Columns(pair: (String, String)) throws {
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15, iOS 17", frameBudgetMs: frameMs,
                                            a: try result(pair.0, "home-170.json"), b: try result(pair.1, "home-170.json"))
        let headline = ScenarioComparison.renderSummary([comparison])
        for line in headline.split(separator: "\n") {
            #expect(line.count <= 120, "\(line.count) columns: \(line)")
        }
        #expect(headline.contains("findings \(pair.0):") && headline.contains("completion ms"))
    }

    /// Every verdict's text decodes back to the verdict (JSON holds the text).
    @Test func everyVerdictRoundTripsThroughJSON() throws {
        let verdicts: [Verdict] = [
            .better, .worse, .equal, .lower, .higher, .faster, .slower, .smaller, .larger, .noSignificantDifference, .noInterval,
            .notComparable(.oneSideOnly), .notComparable(.skippedRows(strategy: "reload", count: 12)),
            .notComparable(.misSizedRows(strategy: "cellbinder", count: 68)), .notComparable(.crashed(strategy: "row-ids")),
            .notComparable(.killed(strategy: "texture")), .notComparable(.stoppedAtBound(strategy: "identifier-diff:diff=minimal")),
        ]
        let data = try JSONEncoder().encode(verdicts)
        #expect(try JSONDecoder().decode([Verdict].self, from: data) == verdicts)
        #expect(Verdict(description: "not comparable: row-ids crashed") == .notComparable(.crashed(strategy: "row-ids")))
        #expect(Verdict(description: "not comparable:  crashed") == nil)
    }
}
