import Foundation
import ListData
import ListDiff
@testable import ListSimulator
import Profiler
import Scenarios
@testable import Strategies
import Testing

/// A shipped scenario's run of a spec on a device (optionally another iOS), its strategy fitted to the scenario's list.
private func run(_ spec: String, _ file: String, device: String, iOS: Int? = nil) throws -> RunMetrics {
    let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
    let generated = try scenario.generate(device: device)
    var profile = try DeviceProfile.shipped(named: device)
    if let iOS { profile = try profile.running(iOS: iOS) }
    return ScenarioRunner(generated: generated, device: profile, strategy: try StrategyCatalog.builtIn.named(spec).fitted(to: generated.grid)).run()
}

@Suite("Collection surfaces: strategies on UICollectionView and ASCollectionNode")
struct CollectionSurfaceTests {
    /// `batch-updates:surface=collection` on realtime-feed reports the
    /// collection view's own words, as the run's iOS does it: iOS 12 raises
    /// "Invalid update: invalid number of items …", iOS 15 logs UIKit's
    /// fallback and reloads (and the run goes on to the next invalid batch),
    /// iOS 17 raises iOS 16.4's "Invalid batch updates detected".
    @Test func batchUpdatesOnACollectionViewSpeakUIKitsWordsByVersion() throws {
        let old = try run("batch-updates:surface=collection", "realtime-feed.json", device: "iphone-6")
        #expect(old.status == .crashed)
        #expect(old.firstInconsistency == "Invalid update: invalid number of items in section 0.  The number of items contained in an "
            + "existing section after the update (303) must be equal to the number of items contained in that section before the update "
            + "(300), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus "
            + "the number of items moved into or out of that section (0 moved in, 0 moved out).")
        #expect(old.loggedMessages == nil)

        let fallback = try run("batch-updates:surface=collection", "realtime-feed.json", device: "iphone-x", iOS: 15)
        #expect(fallback.firstLoggedMessage == "[UICollectionView] Performing reloadData as a fallback — Invalid update: invalid number "
            + "of items in section 0. The number of items contained in an existing section after the update (303) must be equal to the "
            + "number of items contained in that section before the update (300), plus or minus the number of items inserted or deleted "
            + "from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 "
            + "moved in, 0 moved out).")
        #expect((fallback.loggedMessages ?? 0) > 1, "the app goes on after each fallback")

        let new = try run("batch-updates:surface=collection", "realtime-feed.json", device: "iphone-15")
        #expect(new.status == .crashed)
        #expect(new.firstInconsistency == "Invalid batch updates detected: the number of sections and/or items returned by the data "
            + "source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 "
            + "section with item counts: [300] } Data source after updates = { 1 section with item counts: [303] } Updates = [ Insert "
            + "item (0 - 0) ]")

        // The table raises its own words on every version.
        let table = try run("batch-updates", "realtime-feed.json", device: "iphone-x", iOS: 15)
        #expect(table.firstInconsistency?.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
        #expect(table.loggedMessages == nil)
    }

    /// On `diffable-ids:surface=collection`, a snapshot's `reconfigureItems`
    /// keeps each visible item's cell (no other cell dequeued, no
    /// `prepareForReuse`), and `reloadItems` replaces it.
    @Test func reconfigureKeepsVisibleCellsAndReloadReplacesThemOnDiffableIDs() throws {
        let simulation = Simulation(device: try DeviceProfile.shipped(named: "iphone-15"))
        let strategy = try StrategyCatalog.builtIn.named("diffable-ids:surface=collection").make(AppContext(simulation: simulation))
        let view = try #require(strategy.surface as? TableView)
        #expect(view.kind == .collection && view.collectionLayout?.kind == .flow)
        simulation.clock.frameHandler = { _ in view.layoutIfNeeded() }
        let items = (1...40).map { Item(id: $0) }
        strategy.load([DataSection(id: "feed", items: items)])
        simulation.clock.run(until: simulation.clock.now + Sim.ms(1000))
        let source = try #require(view.dataSource as? DiffableDataSource<String, DiffableIDsStrategy.Row>)
        let visible = view.visibleRowRange.map { ItemPath(section: 0, item: $0) }
        #expect(visible.count > 2)
        let cells = visible.compactMap { view.cell(at: $0) }
        #expect(cells.count == visible.count)
        let reuses = cells.map(\.reuses), configurations = cells.map(\.configurations)
        let created = simulation.counters.cellsCreated

        var snapshot = source.snapshot()
        snapshot.reconfigureItems(visible.compactMap { source.itemIdentifier(for: $0) })
        source.apply(snapshot)
        simulation.clock.run(until: simulation.clock.now + Sim.ms(100))
        #expect(visible.compactMap { view.cell(at: $0) }.map(ObjectIdentifier.init) == cells.map(ObjectIdentifier.init))
        #expect(cells.map(\.reuses) == reuses, "no prepareForReuse")
        #expect(cells.map(\.configurations) == configurations.map { $0 + 1 })
        // (The layout pass after the update may prepare a cell ahead of the screen in spare frame time:
        // that one is new, and no visible item's is.)
        #expect(simulation.counters.cellsCreated <= created + 1)

        snapshot = source.snapshot()
        snapshot.reloadItems(visible.compactMap { source.itemIdentifier(for: $0) })
        source.apply(snapshot)
        simulation.clock.run(until: simulation.clock.now + Sim.ms(500))
        let after = visible.compactMap { view.cell(at: $0) }
        #expect(after.count == cells.count)
        #expect(zip(after, cells).allSatisfy { $0 !== $1 }, "each reloaded item has another cell")
    }

    /// The reloadData write-up's library as shipped on Texture's collection
    /// node: Texture's check logs its words for the batch that holds a
    /// reload and a move of one index path, and the collection view under
    /// it raises UIKit's (validation.md, "on its own surfaces").
    @Test func theLibraryOnACollectionNodeFailsWithTexturesAndUIKitsWords() throws {
        let metrics = try run("identifier-diff:surface=texture-collection", "realtime-feed.json", device: "iphone-15")
        #expect(metrics.status == .crashed)
        #expect(metrics.firstLoggedMessage == "Attempt to delete and reload the same item at index path <NSIndexPath: 0xc000000024e00016> "
            + "{length = 2, path = 0 - 295}")
        #expect(metrics.firstInconsistency == "attempt to delete and reload the same index path (<NSIndexPath: 0xc000000024e00016> "
            + "{length = 2, path = 0 - 295})")
        let identity = try run("identifier-diff:isEqual=id,surface=texture-collection", "realtime-feed.json", device: "iphone-15")
        #expect(identity.status == .completed)
    }

    /// A grid runs every strategy on its collection surface (a spec that
    /// leaves `surface` out gets `surface=collection`), refuses one given
    /// `surface=table`, and reports `viewmodel-cells` unsupported.
    @Test func aGridFitsStrategiesToTheCollectionSurface() throws {
        let grid = GridLayout(columns: 3, itemAspect: 1, spacing: 1)
        let catalog = StrategyCatalog.builtIn
        #expect(try catalog.named("reload").fitted(to: grid).name == "reload:surface=collection")
        #expect(try catalog.named("identifier-diff").fitted(to: grid).name == "identifier-diff")
        #expect(try catalog.named("texture").fitted(to: grid).name == "texture:surface=collection")
        #expect(try catalog.named("reload:surface=collection,collectionLayout=compositional").fitted(to: grid).name
            == "reload:surface=collection,collectionLayout=compositional")
        #expect(try catalog.named("reload").fitted(to: nil).name == "reload")
        #expect(throws: GridFitError.tableChosen(strategy: "reload", columns: 3)) { try catalog.named("reload:surface=table").fitted(to: grid) }
        #expect(GridFitError.tableChosen(strategy: "reload", columns: 3).description.contains("surface=table"))
        let viewModels = try catalog.named("viewmodel-cells").fitted(to: grid)
        let phone = try DeviceProfile.shipped(named: "iphone-15")
        // The built-in posts have several parts: no grid cell for each; a one-part photo has its cell.
        #expect(viewModels.unsupportedReason(on: phone, grid: grid, kinds: nil) == "a row per part of an item: a grid has no cell for a part")
        #expect(viewModels.unsupportedReason(on: phone, grid: nil, kinds: nil) == nil)
        let photos = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("photo-grid.json").path).generate()
        #expect(viewModels.unsupportedReason(on: phone, grid: grid, kinds: photos.kinds) == nil)
        let cards = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("catalogue-grid.json").path).generate()
        #expect(viewModels.unsupportedReason(on: phone, grid: grid, kinds: cards.kinds) != nil)
        // A compositional layout needs iOS 13.
        let compositional = try catalog.named("reload:surface=collection,collectionLayout=compositional")
        #expect(compositional.unsupportedReason(on: try DeviceProfile.shipped(named: "iphone-6")) == "needs iOS 13")
        #expect(compositional.requiredAPI == "UICollectionViewCompositionalLayout")
    }

    /// The photo grid's runs show whole lines of photos: each strategy that
    /// completes shows every photo it scrolled past at a column's width.
    @Test func thePhotoGridRunsOnCollectionSurfaces() throws {
        for spec in ["reload", "texture"] {
            let metrics = try run(spec, "photo-grid.json", device: "iphone-15")
            #expect(metrics.status == .completed, "\(spec): \(metrics.status)")
            #expect((metrics.rowsDisplayed ?? 0) > 1000, "\(spec)")
        }
    }
}
