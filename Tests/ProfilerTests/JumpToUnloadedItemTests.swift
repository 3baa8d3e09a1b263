import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A chat of 400 messages, older pages of 40 at the top, and a jump to
/// message 50 (not loaded yet when the step runs), `notLoaded` as given.
private func chat(_ notLoaded: String?) throws -> Scenario {
    let key = notLoaded.map { #", "notLoaded": "\#($0)""# } ?? ""
    let text = """
        {"version": 2, "name": "jump-to-quote", "description": "a jump to a quoted message not loaded yet", "seed": 3,
         "data": {"anchor": "bottom", "sections": [{"id": "messages", "generate": 400}],
                  "shape": {"textLength": {"min": 5, "max": 200}, "photos": {"0": 9, "1": 1}, "commentPreviews": {"min": 0, "max": 0}}},
         "paging": {"pageSize": 40, "latencyMs": 300, "at": "top", "triggerScreens": 2},
         "steps": [{"kind": "wait", "ms": 1000}, {"kind": "scroll", "to": "item", "id": 50, "durationMs": 400\(key)}, {"kind": "wait", "ms": 2000}]}
        """
    return try Scenario.decode(Array(text.utf8))
}

@Suite("A jump to an item that is not loaded")
struct JumpToUnloadedItemTests {
    /// By default the app pages towards the item and then scrolls to it: the
    /// run ends on message 50, on every kind of list; nothing was missed.
    @Test(arguments: ["reload", "diffable-ids", "texture", "viewmodel-cells"])
    func theAppLoadsTowardsTheItemThenGoesThere(strategy: String) throws {
        let runner = ScenarioRunner(generated: try chat(nil).generate(), device: try DeviceProfile.standard(),
                                    strategy: try StrategyCatalog.builtIn.named(strategy))
        let metrics = runner.run()
        #expect(metrics.status == .completed)
        #expect(metrics.missedScrollTargets == nil)
        #expect(runner.visibleItems.contains(50), "\(runner.visibleItems)")
    }

    /// With `notLoaded: stop` the list stays where it was, and the report
    /// says which item was not reached: never silently elsewhere.
    @Test func stopStaysAndSaysSo() throws {
        let runner = ScenarioRunner(generated: try chat("stop").generate(), device: try DeviceProfile.standard(),
                                    strategy: try StrategyCatalog.builtIn.named("reload"))
        let metrics = runner.run()
        #expect(metrics.status == .completed)
        #expect(metrics.missedScrollTargets == ["step 2: item 50 was not loaded; the app stayed where it was (notLoaded: stop)"])
        #expect(!runner.visibleItems.contains(50))
        #expect((metrics.rowsNeverDisplayed ?? 0) == 0)
    }

    /// The key takes `load` or `stop`, on a scroll to an item by `id` only;
    /// `load`, the default, keeps the scenario's digest as it was.
    @Test func theKeyIsChecked() throws {
        #expect(throws: ScenarioError.self) { try chat("later") }
        let onRow = """
            {"version": 2, "name": "x", "description": "x", "seed": 1, "data": {"sections": [{"id": "feed", "generate": 20}]},
             "steps": [{"kind": "scroll", "to": "row", "row": 3, "notLoaded": "stop"}]}
            """
        #expect(throws: ScenarioError.self) { try Scenario.decode(Array(onRow.utf8)) }
        #expect(try chat("load").generate().inputDigest == chat(nil).generate().inputDigest)
        #expect(try chat("stop").generate().inputDigest != chat(nil).generate().inputDigest)
    }
}
