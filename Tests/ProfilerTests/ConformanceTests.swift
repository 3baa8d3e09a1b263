import Foundation
import ListData
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// Runs where the strategy's failure is the point, with the start of their
/// message: a hand-written batch update races the model when several changes
/// arrive in one callback; the published row-ids keeps a row past its data;
/// the diffing library of seed #2 (DataSources, 2017) reloads and moves one
/// index path when a changed item is also displaced by a move in the same batch.
private let expectedCrashes: [String: String] = [
    "batch-updates on realtime-feed.json": "Invalid update: invalid number of rows in section 0.",
    "batch-updates on large-list.json": "Invalid update: invalid number of rows in section 0.",
    "identifier-diff on realtime-feed.json": "attempt to perform a delete and a move from the same index path",
    "identifier-diff on large-list.json": "attempt to perform a delete and a move from the same index path",
    // The published surplus deletion keeps a report row past the data (seed #1's code).
    "row-ids on restaurant-detail.json": "Fatal error: Index out of range",
]
/// Runs where a memory kill is the point: Texture makes a node for every
/// row when it loads, and 100,000 of the published sample's text-heavy cells
/// (about 20 subnodes each) pass the iPhone 15's limit before the first frame.
/// On infinite-paging plain Texture climbs but stays under the limit with
/// these cells (`PublishedDirectionsTests`).
/// Plain Texture on the sample (`texture-sample`, an iPhone X) keeps every visited row's 102 nodes until jetsam kills it.
private let expectedKills: Set<String> = ["texture on large-list.json", "texture-placeholders on large-list.json", "texture on texture-sample.json"]
/// Runs where stale rows are the point: seed #3's items are equal by id, so
/// an updated item is unchanged to the snapshot and its row keeps the old content.
private let expectedStale: Set<String> = [
    "diffable-ids on realtime-feed.json", "diffable-ids on large-list.json", "diffable-ids on catalogue.json",
    "diffable-ids on catalogue-grid.json",
    // DataSources' throttle holds a price change for up to 100 ms, and a tester's swipe is over once its
    // rows show content, timers aside: one swipe ends while a card on screen waits for its new price
    // (item 267 at 27.1 s; a grid of two columns shows twice the cards). With `throttle=none` none is stale.
    "identifier-diff on catalogue-grid.json",
]
/// Throttled runs whose last step can end inside a throttle interval (see `expectedStale`).
private let expectedThrottledStale: Set<String> = ["identifier-diff:diff=minimal on catalogue-grid.json"]

@Suite("Conformance: every strategy on every shipped scenario")
struct ConformanceTests {
    /// Each pair's run comes from ``ShippedRuns`` (once per test process);
    /// that its figures are the same in every process is `GoldenDigestTests`'.
    @Test(arguments: StrategyCatalog.builtIn.names, shippedScenarioFiles)
    func conforms(strategy name: String, scenario file: String) throws {
        // A strategy that shows an item's parts as rows is reported unsupported on a grid of several-part items, not run.
        let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate()
        if try StrategyCatalog.builtIn.named(name).unsupportedReason(on: DeviceProfile.shipped(named: generated.device), grid: generated.grid,
                                                                     kinds: generated.kinds) != nil { return }
        let run = try ShippedRuns.shared.run(name, file)
        let (metrics, violations) = (run.metrics, run.violations)
        let label = "\(name) on \(file)"
        if let message = expectedCrashes[label] {
            #expect(metrics.status == .crashed, "\(label) was expected to crash")
            #expect(metrics.firstInconsistency?.hasPrefix(message) == true, "\(label): \(metrics.firstInconsistency ?? "")")
        } else if expectedKills.contains(label) {
            #expect(metrics.status == .killed, "\(label) was expected to be killed")
        } else {
            #expect(metrics.status == .completed, "\(label): \(metrics.status) \(metrics.firstInconsistency ?? "")")
        }
        if expectedStale.contains(label) {
            #expect(metrics.staleRows > 0, "\(label) was expected to leave updated rows stale")
        } else {
            #expect(metrics.staleRows == 0, "\(label): stale rows")
        }
        #expect(violations.isEmpty, "\(label): \(violations.prefix(3))")
    }

    /// The library as shipped crashes on this feed (above); its diff with
    /// minimal moves completes, and rebuilds only the cells that changed.
    @Test func reloadTearsDownUnchangedCellsAndIdentifierDiffDoesNot() throws {
        let reload = try ShippedRuns.shared.run("reload", "realtime-feed.json").metrics
        let diff = try ShippedRuns.shared.run("identifier-diff:diff=minimal", "realtime-feed.json").metrics
        #expect(reload.unchangedCellsReloaded > 0)
        #expect(diff.unchangedCellsReloaded == 0)
        #expect(diff.inconsistencies == 0 && reload.inconsistencies == 0)
    }

    /// `identifier-diff` with listbench's minimal diff is a correct batch
    /// everywhere, with and without the library's throttle.
    @Test(arguments: ["identifier-diff:diff=minimal", "identifier-diff:diff=minimal,throttle=none"], shippedScenarioFiles)
    func theMinimalDiffConforms(spec: String, scenario file: String) throws {
        let run = try ShippedRuns.shared.run(spec, file)
        #expect(run.metrics.status == .completed, "\(spec) on \(file): \(run.metrics.status) \(run.metrics.firstInconsistency ?? "")")
        if expectedThrottledStale.contains("\(spec) on \(file)") {
            #expect(run.metrics.staleRows > 0 && run.metrics.staleRows <= 2, "\(spec) on \(file): stale rows")
        } else {
            #expect(run.metrics.staleRows == 0, "\(spec) on \(file): stale rows")
        }
        #expect(run.violations.isEmpty, "\(spec) on \(file): \(run.violations.prefix(3))")
    }

    @Test func catalogRefusesDuplicatesAndUnknownNames() throws {
        var catalog = StrategyCatalog.builtIn
        #expect(throws: StrategyCatalogError.duplicateName("reload")) { try catalog.register(ReloadStrategy.descriptor) }
        try catalog.register(StrategyDescriptor(name: "my-strategy", summary: "a package's own") { ReloadStrategy(simulation: $0.simulation) })
        #expect(catalog.names.last == "my-strategy")
        #expect(throws: StrategyCatalogError.unknownStrategy("nope", known: catalog.names)) { try catalog.named("nope") }
    }
}

/// A strategy as another package would write one: only the public API.
final class ExternalReloadEveryFrameStrategy: ListStrategy {
    let source: ItemTableSource
    let simulation: Simulation
    init(simulation: Simulation) {
        self.simulation = simulation
        source = ItemTableSource(simulation: simulation)
    }
    var surface: any ListSurface { source.table }
    func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            source.sections = sections
            source.table.reloadData()
        }
    }
    func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            var store = DataStore(source.sections)
            for change in changes {
                do { try store.apply(change) } catch { Issue.record("\(error)") }
            }
            source.sections = store.sections
            source.table.reloadData()
        }
    }
    func visibleContent() -> [ContentKey] { source.visibleContent() }
}

@Suite("Strategies from other packages")
struct ExternalStrategyTests {
    @Test func aRegisteredStrategyRunsLikeABuiltInOne() throws {
        var catalog = StrategyCatalog.builtIn
        try catalog.register(StrategyDescriptor(name: "external-reload", summary: "from another package") {
            ExternalReloadEveryFrameStrategy(simulation: $0.simulation)
        })
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path)
        let generated = try scenario.generate()
        let metrics = ScenarioRunner(
            generated: generated, device: try DeviceProfile.standard(), strategy: try catalog.named("external-reload")).run()
        #expect(metrics.status == .completed)
        #expect(metrics.staleRows == 0)
        #expect(metrics.cellsConfigured > 0)
    }
}
