import ListData
import ListDiff
import ListSimulator
import Profiler
import PublishedReports
import Scenarios
import Strategies
import Testing

@Suite("Seed #5: the published sample")
struct TextureSampleTests {
    @Test func theSamplesCellIsItsPostCellNode() throws {
        let sim = Simulation(device: try DeviceProfile.shipped(named: "iphone-x"))
        let strategy = TextureStrategy(simulation: sim)
        strategy.load([DataSection(id: "posts", items: [Item(id: 42)])])
        sim.clock.run(until: Sim.ms(500))
        let content = try #require(strategy.tableNode.node(at: ItemPath(section: 0, item: 0))?.content)
        // (0...100) text nodes of 2 × 140 pt, the post's id as their text, in a horizontal stack: 140 pt tall.
        #expect(content.textNodes == 101)
        #expect(content.views == 102)
        #expect(content.height == 140)
        #expect(content.textRenderers == 1)
        #expect(content.drawnArea == Double(101 * 2 * 140))
        #expect(content.textCharacters == 101 * 2)
    }

    /// validation.md's head start counts from the sample scenario's first wait.
    @Test func theReportsWaitIsTheSampleScenariosFirstStep() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("texture-sample.json").path)
        #expect(scenario.steps.first == .wait(ms: ReportGenerator.sampleWaitMs))
    }

    @Test func texturePlainAndPlaceholdersRunTheSampleOnTheIPhoneX() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("texture-sample.json").path)
        #expect(scenario.device == "iphone-x")
        let plain = try modeledRun("texture", scenario)
        let fixed = try modeledRun("texture-placeholders", scenario)
        // Plain Texture keeps every visited row's 102 nodes and views: jetsam kills it on the 3 GB phone.
        #expect(plain.killed)
        #expect(fixed.status == .completed && !fixed.killed)
        #expect(fixed.peakMemoryBytes * 10 < plain.peakMemoryBytes)
        // Pages are made on the phone when the last row will display: thousands of rows, none owed.
        #expect((fixed.rowsDisplayed ?? 0) > 2_000)
        #expect(fixed.rowsNeverDisplayed == 0)
    }

    /// The sample reads `node.indexPath`, which Texture 2.7 looks up in its
    /// pending map: a node whose row a reload has replaced, still on screen
    /// until the commit, gets nil, and the sample's `guard` returns.
    @Test func theSamplesGuardReturnsForANodeAPendingReloadReplaced() throws {
        let sim = Simulation(device: try DeviceProfile.shipped(named: "iphone-6"))
        let strategy = TexturePlaceholdersStrategy(simulation: sim)
        let table = strategy.tableNode
        sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
        strategy.load([DataSection(id: "posts", items: (0..<40).map { Item(id: $0) })])
        sim.clock.run(until: Sim.ms(2_000))
        let path = ItemPath(section: 0, item: 1)
        let replaced = try #require(table.node(at: path))
        #expect(replaced.isVisible)
        let allocated = sim.counters.nodesAllocated

        table.reloadRows(at: [path])
        #expect(table.indexPath(for: replaced) == nil)
        // Ending display now, the sample's didEndDisplaying finds no path: no placeholder swap is issued.
        strategy.tableNode(table, didEndDisplayingRowWith: replaced)
        sim.clock.run(until: sim.clock.now + Sim.ms(1_000))
        #expect(sim.counters.nodesAllocated == allocated + 1)
        let real = try #require(table.node(at: path))
        #expect(real.content.views > 1)

        // A node still in the pending map ending display is swapped for a placeholder of its height.
        let other = try #require(table.node(at: ItemPath(section: 0, item: 2)))
        #expect(table.indexPath(for: other) == ItemPath(section: 0, item: 2))
        var placeholder: CellNode?
        sim.clock.async(.main) {
            strategy.tableNode(table, didEndDisplayingRowWith: other)
            placeholder = table.nodeForRow(at: ItemPath(section: 0, item: 2))
        }
        sim.clock.run(until: sim.clock.now + Sim.ms(1))
        let swapped = try #require(placeholder)
        #expect(swapped.content.views == 1 && swapped.content.height == other.content.height)
    }

    @Test(arguments: ["iphone-6", "iphone-7"])
    func scrollToTopRunsAsTheSamplesCodeWouldOnTexture27(device: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("scroll-to-top.json").path)
        let metrics = ScenarioRunner(generated: try scenario.generate(), device: try DeviceProfile.shipped(named: device),
                                     strategy: try StrategyCatalog.builtIn.named("texture-placeholders")).run()
        // The reset is synchronous and the rows it replaced have no index path: no stale swap, nothing logged.
        #expect(metrics.status == .completed)
        #expect(metrics.firstLoggedMessage == nil)
        #expect(metrics.firstInconsistency == nil)
        #expect(metrics.scrollJumpPoints == 0)
    }
}
