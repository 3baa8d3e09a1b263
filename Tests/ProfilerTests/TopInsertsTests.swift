import Foundation
import Profiler
import Scenarios
import Strategies
import Testing

/// A feed of fixed-height posts read from the middle while five posts land
/// at its top (`docs/strategies.md`, `topInserts`).
private let feed = """
{"version": 2, "name": "feed-top", "description": "read from the middle while posts land at the top", "seed": 5,
 "data": {"kinds": [{"name": "post", "layout": "manual", "height": {"kind": "fixed", "points": 120},
                     "parts": [{"name": "text", "texts": [{"length": {"min": 20, "max": 200}, "fontSize": 15, "lineHeight": 20}]}]}],
          "sections": [{"id": "feed", "generate": 200}]},
 "world": [{"kind": "burst", "atMs": 3000, "everyMs": 1000, "forMs": 5000, "changes": 1, "ops": {"insert": 1}, "at": "top", "section": "feed"}],
 "steps": [{"kind": "wait", "ms": 300}, {"kind": "scroll", "to": "offset", "offset": 3000, "velocity": 3000}, {"kind": "wait", "ms": 8000}]}
"""

@Suite("Keeping the reading position on top inserts")
struct TopInsertsTests {
    /// By default (as every write-up's code) each post landing above pushes
    /// what the person reads down: a jump. With `topInserts=keep` the item at
    /// the top of the screen is put back after each update: no jump at all,
    /// on every kind of list (table view, table node, a row per part).
    @Test(arguments: ["reload", "batch-updates", "diffable-ids", "texture", "viewmodel-cells"])
    func keepingThePositionTakesTheJumpToZero(strategy: String) throws {
        let scenario = try Scenario.decode(Array(feed.utf8))
        let moved = try modeledRun(strategy, scenario)
        let kept = try modeledRun(strategy + ":topInserts=keep", scenario)
        #expect(moved.status == .completed && kept.status == .completed)
        #expect(moved.scrollJumpPoints > 0)
        #expect(kept.scrollJumpPoints == 0)
        #expect(kept.staleRows == moved.staleRows)
    }

    /// Every strategy lists the option with its default, the published behaviour.
    @Test func everyStrategyTakesTheOption() throws {
        for name in StrategyCatalog.builtIn.names {
            let descriptor = try StrategyCatalog.builtIn.named(name)
            let option = try #require(descriptor.options.first { $0.key == "topInserts" }, "\(name)")
            #expect(option.defaultValue == "move")
            #expect(option.values == ["move", "keep", "button"])
        }
    }
}

/// The other timeline techniques: a "new posts" button, a hand-written batch
/// update done right, and images asked for ahead.
@Suite("Timeline techniques")
struct TimelineTechniqueTests {
    /// Behind a "new posts" button, posts landing at the top while the
    /// person reads in the middle never move what they read.
    @Test(arguments: ["reload", "diffable-ids", "texture", "viewmodel-cells"])
    func theNewPostsButtonHoldsTopInsertsWhileThePersonReads(strategy: String) throws {
        let scenario = try Scenario.decode(Array(feed.utf8))
        let moved = try modeledRun(strategy, scenario)
        let held = try modeledRun(strategy + ":topInserts=button", scenario)
        #expect(held.status == .completed)
        #expect(moved.scrollJumpPoints > 0)
        #expect(held.scrollJumpPoints == 0)
    }

    /// The published hand-written pattern crashes on the realtime feed; the
    /// same calls with the array changed on main, in the block that performs
    /// each batch, do not.
    @Test func batchUpdatesDoneRightDoNotCrash() throws {
        let racy = try ShippedRuns.shared.run("batch-updates", "realtime-feed.json").metrics
        #expect(racy.status == .crashed)
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let right = try modeledRun("batch-updates:mutation=main", scenario)
        #expect(right.status == .completed)
        #expect(right.inconsistencies == 0)
    }

    /// Every technique is listed with its default, the published behaviour.
    @Test func theTechniquesAreListedWithTheirDefaults() throws {
        let batch = try StrategyCatalog.builtIn.named("batch-updates")
        #expect(batch.options.first { $0.key == "mutation" }.map { ($0.defaultValue, $0.values) } ?? ("", []) == ("network", ["network", "main"]))
        #expect(batch.options.first { $0.key == "images" }?.values == ["main", "background", "prefetch"])
        #expect(batch.options.first { $0.key == "topInserts" }?.values == ["move", "keep", "button"])
    }
}
