import ListData
import ListDiff
import ListSimulator
import Profiler
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

    @Test func thePlaceholderRaceIsLoggedInTexturesWordsAndCrashesInItsElementMap() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("scroll-to-top.json").path)
        let generated = try scenario.generate()
        let metrics = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: "iphone-6"),
                                     strategy: try StrategyCatalog.builtIn.named("texture-placeholders")).run()
        // A row that ended displaying before the scroll-to-top's reload is swapped after it, at an index the
        // table no longer has: Texture 2.7's check logs (a release build), skips the delete half of the reload,
        // and its element map raises on the insert half.
        let logged = try #require(metrics.firstLoggedMessage)
        #expect(logged.hasPrefix("Attempt to delete item "))
        #expect(logged.hasSuffix(" from section 0, which only contains 20 items before the update."))
        #expect(metrics.status == .crashed)
        let crash = try #require(metrics.firstInconsistency)
        #expect(crash.hasPrefix("NSRangeException in Texture's element map, inserting item "))
        #expect(crash.hasSuffix("after _ASHierarchyChangeSet logged: " + logged))
        #expect(!crash.contains("attempt to delete row"))
    }
}
