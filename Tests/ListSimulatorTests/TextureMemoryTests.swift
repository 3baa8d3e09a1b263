import ListDiff
@testable import ListSimulator
import Testing

/// A table node's data source whose cells are text nodes, as the sample's are.
final class TextNodeSource: TableNodeDataSource, TableNodeDelegate {
    var rows: [Int]
    init(rows: Int) { self.rows = Array(0..<rows) }
    func numberOfSections(in tableNode: TableNode) -> Int { 1 }
    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = rows[path.item]
        // Ten text nodes of 10 × 100 pt sharing one renderer, in a 100 pt row.
        return { CellContent(key: ContentKey(item: item, version: 0), views: 11, textLines: 10, height: 100,
                             textNodes: 10, textRenderers: 1, drawnArea: 10 * 10 * 100) }
    }
}

@Suite("Texture memory, as Texture 2.7 holds it")
struct TextureMemoryTests {
    func makeTable(_ sim: Simulation, rows: Int) -> (TableNode, TextNodeSource) {
        let source = TextNodeSource(rows: rows)
        return (loadedTableNode(sim, source: source), source)
    }

    @Test func leavingTheDisplayRangeFreesTheBackingStoreButKeepsNodeViewStringAndRenderer() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = makeTable(sim, rows: 200)
        defer { withExtendedLifetime(source) {} }
        let costs = sim.costs
        let top = try #require(table.node(at: ItemPath(section: 0, item: 0)))
        #expect(top.isVisible && top.hasContents && top.isViewLoaded)
        // Its backing stores: 10 text nodes of 10 × 100 pt at @3x, 4 bytes a pixel.
        #expect(top.renderedBytes == 10 * 10 * 100 * 9 * 4)
        let nodes = sim.ledger.byKind[.node], text = sim.ledger.byKind[.text], renderers = sim.ledger.byKind[.textRenderer]
        let views = sim.ledger.byKind[.view]
        #expect(text == 200 * 10 * Int(costs.textAttributedStringBytes.value))
        // One renderer per row's string (all ten text nodes share it).
        #expect(renderers == 200 * Int(costs.textRendererBytes.value))
        // At the top: the display range is the screen and one screen ahead, 12 rows of 100 pt.
        #expect(sim.ledger.byKind[.backingStore] == 12 * top.content.textNodes * 10 * 100 * 9 * 4)

        // Far down: the top row leaves the display range; its contents are cleared on the next main turn.
        table.setContentOffset(5_000)
        sim.clock.run(until: sim.clock.now + Sim.ms(100))
        #expect(!top.hasContents && top.renderedBytes == 0)
        #expect(top.isViewLoaded)
        #expect(sim.ledger.byKind[.node] == nodes)
        #expect(sim.ledger.byKind[.text] == text)
        #expect(sim.ledger.byKind[.textRenderer] == renderers)
        // The rows shown at the new offset loaded their views; none was unloaded.
        #expect((sim.ledger.byKind[.view] ?? 0) > (views ?? 0))
        // Mid-list the display range is half a screen behind, the screen and one ahead: 15 rows draw, no others.
        #expect(sim.ledger.byKind[.backingStore] == 15 * top.content.textNodes * 10 * 100 * 9 * 4)
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func texturesRendererCacheHoldsAtMostFiveHundred() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = makeTable(sim, rows: 800)
        defer { withExtendedLifetime(source) {} }
        // 800 rows, one distinct string each: the cache keeps 500 renderers, the rest were evicted.
        #expect(sim.ledger.byKind[.textRenderer] == 500 * Int(sim.costs.textRendererBytes.value))
        #expect(sim.ledger.byKind[.text] == 800 * 10 * Int(sim.costs.textAttributedStringBytes.value))
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func aCountMismatchIsLoggedWithTexturesWordsAndTheTableGoesOnWithWhatItHolds() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = makeTable(sim, rows: 10)
        defer { withExtendedLifetime(source) {} }
        // The model gains two rows but the app inserts only one.
        source.rows += [100, 101]
        let accepted = table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 10)]))
        sim.clock.run(until: sim.clock.now + Sim.ms(200))
        #expect(accepted)
        #expect(sim.inconsistencies.isEmpty)
        #expect(sim.logged.map(\.message) == [
            "Invalid number of items in section 0. The number of items after the update (12) must be equal to the number of "
                + "items before the update (10) plus or minus the number of items inserted or deleted (1 inserted, 0 deleted).",
        ])
        // Texture's element map applied the insert to what it had: 11 rows, one fewer than the model.
        #expect(table.rowCounts == [11])
        #expect(table.checkInvariants().isEmpty)
    }

    @Test func aDeletePastTheEndIsLoggedAndAnInsertPastTheEndRaisesInTheElementMap() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = makeTable(sim, rows: 10)
        defer { withExtendedLifetime(source) {} }
        source.rows += Array(100..<120)
        // A reload of a row the table does not have: Texture turns it into a delete and an insert.
        table.reloadRows(at: [ItemPath(section: 0, item: 25)])
        let crash = try #require(sim.inconsistencies.first)
        let logged = "Attempt to delete item 25 from section 0, which only contains 10 items before the update."
        #expect(sim.logged.map(\.message) == [logged])
        #expect(crash.message.hasPrefix("NSRangeException in Texture's element map, inserting item 25 into section 0 (10 items)"))
        #expect(crash.message.hasSuffix("after _ASHierarchyChangeSet logged: " + logged))
    }
}
