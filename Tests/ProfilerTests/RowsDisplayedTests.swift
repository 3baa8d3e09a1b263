import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

private func metrics(_ file: String, _ strategy: String) throws -> RunMetrics {
    try run(try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path), strategy)
}

private func run(_ scenario: Scenario, _ strategy: String) throws -> RunMetrics { try modeledRun(strategy, scenario) }

/// The Home scroll-through as it was measured before its goal became every
/// post shown: page down until everything has loaded, and stop there.
private func homeUntilAllLoaded() throws -> Scenario {
    let text = try String(contentsOf: scenariosFolder.appendingPathComponent("home-170.json"), encoding: .utf8)
    return try Scenario.decode(Array(text.replacingOccurrences(of: "untilEveryPostShown", with: "untilAllLoaded").utf8))
}

@Suite("Rows displayed and never displayed")
struct RowsDisplayedTests {
    /// Paging down until everything has loaded shows all 170 posts with
    /// identifier diffing; `reloadData` re-estimates heights, the viewport
    /// lands further down, and the posts it jumped over are owed and counted
    /// as never shown.
    @Test func reloadsJumpSkipsPostsThatIdentifierDiffShows() throws {
        let home = try homeUntilAllLoaded()
        let diff = try run(home, "identifier-diff")
        #expect(diff.rowsDisplayed == 170)
        #expect(diff.rowsNeverDisplayed == 0)
        let reload = try run(home, "reload")
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
        let home = try homeUntilAllLoaded()
        let diff = StrategyResult(strategy: "identifier-diff", metrics: try run(home, "identifier-diff"), measured: nil)
        let reload = StrategyResult(strategy: "reload", metrics: try run(home, "reload"), measured: nil)
        let comparison = ScenarioComparison(scenario: "home-170", device: "iphone-15", frameBudgetMs: 1_000 / 60, a: diff, b: reload)
        let completion = try #require(comparison.metrics.first { $0.metric == .completionMs })
        #expect((completion.b ?? 0) < (completion.a ?? 0))
        let skipped = try #require(reload.metrics?.rowsNeverDisplayed)
        #expect(skipped > 0)
        // reload skipped rows and finished sooner: unless it is sooner per item shown, it is not ranked.
        if case .notComparable(let reason) = completion.verdict {
            #expect(reason == .skippedRows(strategy: "reload", count: skipped))
            #expect(completion.verdict.description == "not comparable: reload never showed \(skipped) rows it owed")
        } else {
            #expect(completion.perItemChangePercent.map { $0 < 0 } == true, "\(completion)")
        }
        let owed = try #require(comparison.metrics.first { $0.metric == .rowsNeverDisplayed })
        #expect(owed.verdict == .worse)
    }

    /// The published binder sizes rows with unbound cells: its rows are
    /// shorter than their content, so there is less to scroll. Its lower
    /// completion is not ranked faster than the binder that binds first.
    @Test func aRunWithMisSizedRowsIsNotRankedFaster() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path)
        let bound = StrategyResult(strategy: "cellbinder:sizing=bound", metrics: try modeledRun("cellbinder:sizing=bound", scenario), measured: nil)
        let published = StrategyResult(strategy: "cellbinder", metrics: try modeledRun("cellbinder", scenario), measured: nil)
        let comparison = ScenarioComparison(scenario: "restaurant-detail", device: "iphone-15", frameBudgetMs: 1_000 / 60, a: bound, b: published)
        let completion = try #require(comparison.metrics.first { $0.metric == .completionMs })
        #expect((completion.b ?? 0) < (completion.a ?? 0))
        let misSized = try #require(published.metrics?.misSizedRows)
        // Its rows shown at a wrong height do not count as shown: unless it is faster per row shown whole, it is not ranked.
        if case .notComparable(let reason) = completion.verdict {
            #expect(reason == .misSizedRows(strategy: "cellbinder", count: misSized) || reason == .fewerItems(strategy: "cellbinder", count:
                (bound.metrics?.rowsDisplayed ?? 0) - (published.metrics?.rowsDisplayed ?? 0)), "\(reason)")
        } else {
            #expect(completion.perItemChangePercent.map { $0 < 0 } == true, "\(completion)")
        }
    }
}

@Suite("Until every post is shown")
struct EveryPostShownTests {
    /// The timeline scenarios measure as seed #4 did: until every post was
    /// displayed. `reload` jumps past posts when it re-estimates heights; the
    /// user goes back for them, so it shows them all and its time counts it.
    @Test(arguments: ["home-170.json", "timeline-200.json"])
    func everyStrategyShowsEveryPost(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(try scenario.generate().steps.contains { $0.goal == .everyPostShown })
        let posts = try scenario.generate().itemCount
        for name in StrategyCatalog.builtIn.names {
            let result = try metrics(file, name)
            #expect(result.status == .completed, "\(name)")
            #expect(result.rowsNeverDisplayed == 0, "\(name)")
            #expect(result.rowsDisplayed == posts, "\(name)")
        }
    }

    @Test func theGoalIsReadFromTheFile() throws {
        let json = """
        {"version": 1, "name": "g", "description": "d", "reproduces": "r", "seed": 1,
         "data": {"sections": [{"id": "feed", "generate": 5}]},
         "steps": [{"kind": "pageDown", "untilEveryPostShown": true}, {"kind": "flick", "velocity": 3000, "untilAllLoaded": true},
                   {"kind": "pageDown"}]}
        """
        let steps = try Scenario.decode(Array(json.utf8)).generate().steps
        #expect(steps.map(\.goal) == [.everyPostShown, .allLoaded, .once])
    }
}
