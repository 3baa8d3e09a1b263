import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

private func metrics(_ file: String, _ strategy: String) throws -> RunMetrics {
    let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate()
    return ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                          strategy: try StrategyCatalog.builtIn.named(strategy)).run()
}

@Suite("Rows displayed and never displayed")
struct RowsDisplayedTests {
    /// The Home scroll-through shows all 170 posts with identifier diffing;
    /// `reloadData` re-estimates heights, the viewport lands further down, and
    /// the posts it jumped over are owed and counted as never shown.
    @Test func reloadsJumpSkipsPostsThatIdentifierDiffShows() throws {
        let diff = try metrics("home-170.json", "identifier-diff")
        #expect(diff.rowsDisplayed == 170)
        #expect(diff.rowsNeverDisplayed == 0)
        let reload = try metrics("home-170.json", "reload")
        #expect((reload.rowsNeverDisplayed ?? 0) > 0)
        #expect((reload.rowsDisplayed ?? 0) + (reload.rowsNeverDisplayed ?? 0) == 170)
    }

    /// A scenario that scrolls only part of a long list owes only what the user passed.
    @Test func rowsTheUserNeverReachedAreNotOwed() throws {
        let metrics = try metrics("large-list.json", "cellbinder")
        #expect(metrics.rowsNeverDisplayed == 0)
        #expect((metrics.rowsDisplayed ?? 0) < 1_000)
    }

    /// Reports saved before these figures existed still decode (the fields are absent there).
    @Test func olderReportsWithoutTheFiguresStillDecode() throws {
        let current = try metrics("restaurant-detail-load.json", "row-ids")
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(current)) as? [String: Any])
        object["rowsDisplayed"] = nil
        object["rowsNeverDisplayed"] = nil
        let old = try JSONDecoder().decode(RunMetrics.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(old.rowsDisplayed == nil && old.status == current.status)
    }
}

@Suite("Compare does not reward skipped rows")
struct SkippedRowsComparisonTests {
    @Test func aRunThatSkippedOwedRowsIsNotRankedFaster() throws {
        let diff = StrategyResult(strategy: "identifier-diff", metrics: try metrics("home-170.json", "identifier-diff"), measured: nil)
        let reload = StrategyResult(strategy: "reload", metrics: try metrics("home-170.json", "reload"), measured: nil)
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", a: diff, b: reload)
        let completion = try #require(comparison.metrics.first { $0.metric == "completionMs" })
        #expect((completion.b ?? 0) < (completion.a ?? 0))
        #expect(completion.verdict == "not comparable: reload never showed 36 rows it owed")
        let owed = try #require(comparison.metrics.first { $0.metric == "rowsNeverDisplayed" })
        #expect(owed.verdict == "worse")
    }
}
