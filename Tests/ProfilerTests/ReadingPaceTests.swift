import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A feed of `posts` generated posts, all loaded at once, read until every post is shown.
private func feed(posts: Int, read: String) throws(ScenarioError) -> Scenario {
    let text = """
        {"version": 1, "name": "reading", "description": "a feed read until every post is shown", "reproduces": "none", "seed": 7,
         "data": {"sections": [{"id": "feed", "generate": \(posts)}]},
         "steps": [{"kind": "read", \(read)"untilEveryPostShown": true}]}
        """
    return try Scenario.decode(Array(text.utf8))
}

private func run(_ scenario: Scenario) throws -> RunMetrics { try modeledRun("identifier-diff", scenario) }

@Suite("Reading at a person's pace")
struct ReadingPaceTests {
    @Test func theDefaultsAreTheCitedPace() throws {
        let scenario = try feed(posts: 10, read: "")
        guard case let .action(.read(pace, goal))? = scenario.steps.first else {
            Issue.record("not a read step: \(scenario.steps)")
            return
        }
        #expect(pace == ReadingPace(screens: 1, swipeMs: 500, dwellMsPerPost: 1_700))
        #expect(goal == .everyPostShown)
    }

    @Test func impossibleValuesAreRejectedByPath() {
        for (read, fragment) in [(#""swipeMs": 0, "#, "steps[0].swipeMs"), (#""dwellMsPerPost": -1, "#, "steps[0].dwellMsPerPost"),
                                 (#""screens": 0, "#, "steps[0].screens"), (#""swipeMS": 5, "#, "swipeMS")] {
            do {
                _ = try feed(posts: 10, read: read)
                Issue.record("accepted: \(read)")
            } catch {
                #expect(error.description.contains(fragment), "\(error.description)")
            }
        }
    }

    /// Each post costs the reader its dwell once: 40 posts at 1 s more per post
    /// finish about 40 s later (give or take a frame per swipe, as swipes start off-vsync).
    @Test func everyPostShownIsDweltOnOnce() throws {
        let quick = try run(try feed(posts: 40, read: #""dwellMsPerPost": 0, "#))
        let slow = try run(try feed(posts: 40, read: #""dwellMsPerPost": 1000, "#))
        #expect(quick.rowsDisplayed == 40 && slow.rowsDisplayed == 40)
        #expect(quick.rowsNeverDisplayed == 0 && slow.rowsNeverDisplayed == 0)
        let added = try #require(slow.completionMs) - (try #require(quick.completionMs))
        let swipes = Double(slow.frames) / 30  // a 500 ms swipe is 30 frames at 60 Hz
        #expect(abs(added - 40_000) <= swipes * 1_000 / 60 + 1, "\(added)")
    }

    /// A faster swipe finishes sooner but shows the same posts.
    @Test func theSwipeTakesItsTime() throws {
        let slow = try run(try feed(posts: 40, read: #""dwellMsPerPost": 0, "swipeMs": 2000, "#))
        let fast = try run(try feed(posts: 40, read: #""dwellMsPerPost": 0, "swipeMs": 250, "#))
        #expect(try #require(fast.completionMs) < (try #require(slow.completionMs)))
        #expect(fast.rowsDisplayed == slow.rowsDisplayed)
    }
}
