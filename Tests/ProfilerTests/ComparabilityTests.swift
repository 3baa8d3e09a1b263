import Foundation
import ListSimulator
import Profiler
import Rendering
import Testing

/// The iPhone 15's frame interval (60 Hz), in ms.
private let frameMs = 1_000.0 / 60

/// A shipped run (the shared fixture's) as a result under another name, changed by `change`.
private func result(_ strategy: String, as name: String? = nil, _ file: String = "home-170.json",
                    _ change: (inout RunMetrics) -> Void = { _ in }) throws -> StrategyResult {
    var metrics = try ShippedRuns.shared.run(strategy, file).metrics
    change(&metrics)
    return StrategyResult(strategy: name ?? strategy, metrics: metrics, measured: nil)
}

private func entry(_ comparison: ScenarioComparison, _ metric: MetricID) throws -> MetricComparison {
    try #require(comparison.metrics.first { $0.metric == metric })
}

/// Comparability by cause (docs/verdicts.md): a figure is ranked unless a
/// difference in what the runs covered could explain its difference.
@Suite("Comparability by cause")
struct ComparabilityTests {
    /// B covered more (showed more items, owed fewer unseen rows) and is
    /// cheaper: coverage cannot explain that, so every figure gets its verdict.
    @Test func theCheaperRunThatCoveredMoreIsRanked() throws {
        let a = try result("diffable-ids", as: "A") { $0.rowsNeverDisplayed = 8 }
        let b = try result("diffable-ids", as: "B") {
            $0.rowsNeverDisplayed = 6
            $0.mainThreadBusyMs *= 0.2
            $0.hitchTimeMs = 0
            $0.peakMemoryBytes /= 2
        }
        let comparison = ScenarioComparison(scenario: "s", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        for metric in [MetricID.mainThreadBusyMs, .peakMemoryBytes] {
            #expect(try entry(comparison, metric).verdict == .better, "\(metric)")
            #expect(try entry(comparison, metric).perItemChangePercent == nil)
        }
        #expect(comparison.coverage == "coverage differs: rows owed and never shown: A 8, B 6")
    }

    /// B showed fewer items and is cheaper: compared per item shown. Far
    /// cheaper per item: the verdict stands with the per-item change; about
    /// the same per item: not comparable, naming the shortfall.
    @Test func theCheaperRunThatShowedFewerItemsIsComparedPerItem() throws {
        let a = try result("viewmodel-cells", as: "A")
        let shown = try #require(a.metrics?.rowsDisplayed)
        let b = try result("viewmodel-cells", as: "B") {
            $0.rowsDisplayed = shown - 10
            $0.mainThreadBusyMs *= 0.2
            $0.completionMs = $0.completionMs.map { $0 * Double(shown - 10) / Double(shown) }
        }
        let comparison = ScenarioComparison(scenario: "s", device: "iphone-15", frameBudgetMs: frameMs, a: a, b: b)
        let main = try entry(comparison, .mainThreadBusyMs)
        #expect(main.verdict == .better)
        let perItem = try #require(main.perItemChangePercent)
        #expect(abs(perItem - (0.2 * Double(shown) / Double(shown - 10) - 1) * 100) < 1e-9)
        #expect(main.verdictText.hasPrefix("better per item shown, -"))
        // Completion shrank exactly with the items shown: the coverage explains it.
        let completion = try entry(comparison, .completionMs)
        #expect(completion.verdict == .notComparable(.fewerItems(strategy: "B", count: 10)))
        #expect(completion.verdict.description == "not comparable: B showed fewer items (10 fewer)")
        #expect(Verdict(description: completion.verdict.description) == completion.verdict)
        #expect(comparison.coverage == "coverage differs: B showed 10 fewer items (\(shown - 10) against \(shown))")
    }

    /// A run that crashed and looks cheaper is not ranked; one that crashed
    /// and still cost more than the run that finished is: it did less and
    /// cost more, so the crash cannot explain the difference.
    @Test func aCrashedRunIsRankedOnlyWhenItCostMoreAnyway() throws {
        let finished = try result("viewmodel-cells", as: "finished")
        let cheapCrash = try result("viewmodel-cells", as: "crashed") {
            $0.status = .crashed
            $0.completionMs = nil
            $0.mainThreadBusyMs *= 0.5
        }
        let costlyCrash = try result("viewmodel-cells", as: "crashed") {
            $0.status = .crashed
            $0.completionMs = nil
            $0.mainThreadBusyMs *= 3
        }
        let cheap = ScenarioComparison(scenario: "s", device: "iphone-15", frameBudgetMs: frameMs, a: finished, b: cheapCrash)
        #expect(try entry(cheap, .mainThreadBusyMs).verdict == .notComparable(.crashed(strategy: "crashed")))
        #expect(try entry(cheap, .completionMs).verdict == .notComparable(.crashed(strategy: "crashed")))
        let costly = ScenarioComparison(scenario: "s", device: "iphone-15", frameBudgetMs: frameMs, a: finished, b: costlyCrash)
        #expect(try entry(costly, .mainThreadBusyMs).verdict == .worse)
        #expect(costly.coverage?.contains("crashed crashed") == true)
    }

    /// `--uncertainty`'s "holds" says nothing about a verdict that is "not comparable".
    @Test func holdsIsEmptyBesideNotComparable() throws {
        let finished = try result("viewmodel-cells", as: "finished")
        let crashed = try result("viewmodel-cells", as: "crashed") {
            $0.status = .crashed
            $0.completionMs = nil
        }
        let report = UncertaintyComparison(scenario: "s", device: "iphone-15", nominal: (finished, crashed),
                                           draws: Array(repeating: (finished, crashed), count: 10), frameBudgetMs: frameMs, seed: 1, rangesDigest: "x")
        #expect(report.metrics.first { $0.metric == .completionMs }?.nominal == .notComparable)
        let text = report.render()
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("completion ms") })
        #expect(line.hasSuffix(" -"), "\(line)")
        #expect(!line.contains("yes"))
    }

    /// A baseline check ranks by the same rule: the current run showed
    /// fewer items and its completion shrank with them, so it is not an improvement.
    @Test func aBaselineCheckFollowsTheSameRule() throws {
        let old = try result("viewmodel-cells")
        let shown = try #require(old.metrics?.rowsDisplayed)
        let new = try result("viewmodel-cells") {
            $0.rowsDisplayed = shown - 10
            $0.completionMs = $0.completionMs.map { $0 * Double(shown - 10) / Double(shown) }
        }
        func report(_ result: StrategyResult) throws -> BenchmarkReport {
            BenchmarkReport(measurement: nil, scenarios: [ScenarioReport(scenario: "home-170", device: try DeviceProfile.standard(), results: [result])])
        }
        let check = BaselineCheck(current: try report(new), baseline: try report(old), thresholdPercent: 5)
        #expect(!check.changes.contains { $0.metric == .metric(.completionMs) })
        #expect(check.notes.contains { $0.contains("completionMs (not comparable: viewmodel-cells showed fewer items (10 fewer))") }, "\(check.notes)")
    }
}
