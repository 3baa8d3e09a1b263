import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A feed of `posts` posts paged 20 at a time, gone through with one step until every post is shown.
private func feed(posts: Int, step: String) throws(ScenarioError) -> Scenario {
    let text = """
        {"version": 1, "name": "scanning", "description": "a feed scanned until every post is shown", "reproduces": "none", "seed": 7,
         "data": {"sections": [{"id": "feed", "generate": \(posts)}]},
         "paging": {"pageSize": 20, "latencyMs": 250, "jitterMs": 150, "triggerScreens": 2},
         "steps": [{\(step)"untilEveryPostShown": true}]}
        """
    return try Scenario.decode(Array(text.utf8))
}

@Suite("Scanning as seed #4's quality assurance did")
struct ScanPaceTests {
    @Test func theDefaultsAreTheReadersSwipeWithoutADwell() throws {
        let scenario = try feed(posts: 10, step: #""kind": "scan", "#)
        guard case let .action(.scan(pace, goal))? = scenario.steps.first else {
            Issue.record("not a scan step: \(scenario.steps)")
            return
        }
        #expect(pace == ScanPace(screens: 1, swipeMs: ReadingPace.defaultSwipeMs))
        #expect(goal == .everyPostShown)
    }

    @Test func aDwellIsNotAKeyOfAScan() {
        #expect(throws: ScenarioError.self) { try feed(posts: 10, step: #""kind": "scan", "dwellMsPerPost": 0, "#) }
        #expect(throws: ScenarioError.self) { try feed(posts: 10, step: #""kind": "scan", "swipeMs": 0, "#) }
    }

    /// Every post is shown, and the scan never takes longer than reading
    /// with no dwell, which waits for the workers too before each swipe.
    @Test(arguments: ["monolithic-cells", "viewmodel-cells", "identifier-diff", "texture"])
    func aScanShowsEveryPostAndWaitsOnlyForWhatSwipedIn(_ strategy: String) throws {
        let scan = try modeledRun(strategy, try feed(posts: 120, step: #""kind": "scan", "#))
        let read = try modeledRun(strategy, try feed(posts: 120, step: #""kind": "read", "dwellMsPerPost": 0, "#))
        #expect(scan.status == .completed && scan.rowsNeverDisplayed == 0)
        #expect(scan.rowsDisplayed == read.rowsDisplayed)
        #expect(try #require(scan.completionMs) <= (try #require(read.completionMs)))
    }

    /// The three timeline scenarios are measured as the write-up did: a scan.
    @Test(arguments: ["home-170.json", "timeline-200.json", "note-1012.json"])
    func theTimelineScenariosScan(_ file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(scenario.steps.contains { if case .action(.scan) = $0 { return true } else { return false } })
    }
}
