import ListData
import Scenarios
import Testing

@Suite("Change benchmark scenario")
struct ChangeBenchScenarioTests {
    /// sim-bench's change case claims to be large-list at another scale: at
    /// large-list's own scale it must generate exactly large-list's data,
    /// changes, steps and latencies.
    @Test func atLargeListsScaleItIsLargeList() throws {
        let shipped = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("large-list.json").path).generate()
        let built = try Scenario.changeBenchmark(items: 100_000, changesPerBurst: 7_000, bursts: 5).generate()
        #expect(built.sections == shipped.sections)
        #expect(built.changes == shipped.changes)
        #expect(built.steps == shipped.steps)
        #expect(built.pageLatenciesMs == shipped.pageLatenciesMs && built.paging == shipped.paging)
    }

    @Test func aMillionItemsWithBurstsOfSeventyThousandChanges() throws {
        let generated = try Scenario.changeBenchmark(items: 1_000_000, changesPerBurst: 70_000, bursts: 5).generate()
        #expect(generated.itemCount == 1_000_000)
        #expect(generated.changes.count == 350_000)
        #expect(Set(generated.changes.map(\.atMs)) == [2_000, 6_000, 10_000, 14_000, 18_000])
    }
}
