import ListDiff
@testable import ListSimulator
import Testing

/// A collection view in a grid of `columns`, 300 points wide and 400 tall, over `source`, laid out.
private func makeGrid(_ sim: Simulation, _ source: ListSource, columns: Int, spacing: Double = 0) -> TableView {
    let grid = GridLayout(columns: columns, itemAspect: 1, spacing: spacing)
    return laidOut(TableView(simulation: sim, rowHeight: .automatic(estimate: 44), width: 300, viewportHeight: 400,
                             collection: CollectionLayout(kind: .flow, grid: grid)), over: source)
}

/// A collection view in a list (one full-width item a line) over `source`, laid out.
private func makeCollectionList(_ sim: Simulation, _ source: ListSource) -> TableView {
    laidOut(TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440,
                      collection: CollectionLayout(kind: .compositional)), over: source)
}

/// `view` with `source`'s cells registered, as its data source, after two frames.
private func laidOut(_ view: TableView, over source: ListSource) -> TableView {
    let sim = view.simulation
    view.register("row", views: source.views)
    view.dataSource = source
    sim.clock.frameHandler = { _ in view.layoutIfNeeded() }
    view.setNeedsLayout()
    sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
    return view
}

@Suite("Collection views: grids, UIKit's words by iOS version, Texture's collection node")
struct CollectionViewTests {
    /// A grid of 3 columns, 100-point square items: thirty items make ten
    /// lines, every item of a line starts at the line's top, and the
    /// viewport's rows are whole lines.
    @Test func aGridLaysItemsOutInLines() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 30)
        let grid = makeGrid(sim, source, columns: 3)
        #expect(grid.kind == .collection)
        #expect(grid.itemWidth == 100)
        #expect(grid.contentHeight == 1000)
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 4)) == (minY: 100, height: 100))
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 3)) == (minY: 100, height: 100))
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 29)) == (minY: 900, height: 100))
        grid.setContentOffset(150)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        // Lines 1 to 5 (items 3 to 17) intersect 150...550; line 1 starts at item 3, not at item 5.
        #expect(grid.visibleRowRange == 3..<18)
        for item in 3..<18 { #expect(grid.cell(at: ItemPath(section: 0, item: item)) != nil, "item \(item)") }
        #expect(grid.checkInvariants().isEmpty)
    }

    /// Inserting one item at the top moves every later item one place along
    /// its line: the lines are worked out again, one more line when the last was full.
    @Test func anInsertReflowsTheGrid() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 9)
        let grid = makeGrid(sim, source, columns: 3, spacing: 2)
        let line = grid.frame(ofRow: ItemPath(section: 0, item: 0)).height
        // Items (300 - 2 × 2) / 3 points square, and 2 points below each line.
        #expect(line == RowGeometry.quantize((300 - 4) / 3 + 2))
        #expect(grid.contentHeight == 3 * line)
        source.sections[0].insert((100, 0), at: 0)
        #expect(grid.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 0)])))
        #expect(grid.contentHeight == 4 * line)
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 3)).minY == line)
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 9)).minY == 3 * line)
        #expect(grid.checkInvariants().isEmpty)
    }

    /// Section headers: each section's rows start below its header, every
    /// section on screen has a header view (created once, then reused from
    /// its own pool), and the ledger holds what the headers hold.
    @Test func sectionHeadersSitAboveTheirSectionsAndAreReused() throws {
        let sim = try makeSimulation("iphone-15")
        let source = ListSource(sections: [Array(0..<5), Array(5..<10), Array(10..<15)])
        let view = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 300,
                             collection: CollectionLayout(kind: .flow))
        view.sectionHeaderHeight = 30
        view.register("row", views: source.views)
        view.dataSource = source
        sim.clock.frameHandler = { _ in view.layoutIfNeeded() }
        view.setNeedsLayout()
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(view.contentHeight == 3 * 30 + 15 * 44)
        #expect(view.frame(ofRow: ItemPath(section: 0, item: 0)) == (minY: 30, height: 44))
        #expect(view.frame(ofRow: ItemPath(section: 1, item: 0)) == (minY: 30 + 5 * 44 + 30, height: 44))
        #expect(view.frame(ofRow: ItemPath(section: 1, item: 1)) == (minY: 60 + 6 * 44, height: 44))
        // 0...300 shows sections 0 and 1.
        #expect(view.headers.live.keys.sorted() == [0, 1] && view.headers.pooled == 0)
        #expect(view.checkInvariants().isEmpty)
        view.setContentOffset(view.maximumOffset)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(view.headers.live.keys.sorted() == [1, 2] || view.headers.live.keys.sorted() == [2])
        #expect(view.headers.live.count + view.headers.pooled == 2, "section 2's header reuses section 0's view")
        #expect(view.checkInvariants().isEmpty)
        // A self-sized row keeps its header above it when measured.
        view.reloadData()
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(view.contentHeight == 3 * 30 + 15 * 44)
        #expect(view.checkInvariants().isEmpty)

        let grid = TableView(simulation: try makeSimulation(), rowHeight: .fixed(44), width: 300, viewportHeight: 400,
                             collection: CollectionLayout(kind: .flow, grid: GridLayout(columns: 3, itemAspect: 1, spacing: 0)))
        grid.sectionHeaderHeight = 20
        let cells = ListSource(sections: [Array(0..<4), Array(4..<6)])
        grid.register("row", views: cells.views)
        grid.dataSource = cells
        grid.layoutIfNeeded()
        // Section 0: a header and two lines; section 1: a header and one line.
        #expect(grid.contentHeight == 20 + 200 + 20 + 100)
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 2)) == (minY: 20, height: 100))
        #expect(grid.frame(ofRow: ItemPath(section: 0, item: 3)) == (minY: 120, height: 100))
        #expect(grid.frame(ofRow: ItemPath(section: 1, item: 1)) == (minY: 240, height: 100))
    }

    /// The collection view's words: "items" and "collection view" where a table says "rows" and "table view".
    @Test func aCollectionViewSaysItems() {
        let count = BatchUpdateError.invalidRowCount(section: 0, after: 303, before: 300, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        #expect(count.message(iOS: 17, surface: .collection) == "Invalid update: invalid number of items in section 0. The number of items "
            + "contained in an existing section after the update (303) must be equal to the number of items contained in that section "
            + "before the update (300), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) "
            + "and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        #expect(count.message(iOS: 17, surface: .table) == count.description)
        #expect(BatchUpdateError.deleteRowOutOfRange(row: 20, section: 0, rowsBefore: 20).message(iOS: 17, surface: .collection)
            == "attempt to delete item 20 from section 0 which only contains 20 items before the update")
        #expect(BatchUpdateError.insertRowOutOfRange(row: 1, section: 0, rowsAfter: 1).message(iOS: 17, surface: .collection)
            == "attempt to insert item 1 into section 0, but there are only 1 items in section 0 after the update")
        #expect(BatchUpdateError.invalidSectionCount(after: 6, before: 0, inserted: 5, deleted: 0).message(iOS: 12, surface: .collection)
            == "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (6) "
            + "must be equal to the number of sections contained in the collection view before the update (0), plus or minus the number "
            + "of sections inserted or deleted (5 inserted, 0 deleted).")
        #expect(BatchUpdateError.moveIntoInsertedSection(3).message(iOS: 17, surface: .collection)
            == "cannot move an item into a newly inserted section (3)")
    }

    /// A count that does not follow from the batch, by iOS version: raised
    /// up to 12, logged with a `reloadData` from 13 to 16 (in two wordings),
    /// raised again as "Invalid batch updates detected" from 17.
    @Test func aCountMismatchRaisesOrFallsBackByVersion() {
        let error = BatchUpdateError.invalidRowCount(section: 0, after: 3, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
        let update = BatchUpdate()
        func outcome(_ version: Int) -> CollectionUpdateRules.Outcome {
            CollectionUpdateRules.outcome(of: error, iOS: version, before: [2], after: [3], update: update)
        }
        let words = "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the "
            + "update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number "
            + "of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or "
            + "out of that section (0 moved in, 0 moved out)."
        #expect(outcome(12) == .raise(words.replacingOccurrences(of: "section 0. The", with: "section 0.  The")))
        #expect(outcome(13) == .fallback(log: "[UICollectionView] \(words) - will perform reloadData."))
        #expect(outcome(14) == outcome(13))
        #expect(outcome(15) == .fallback(log: "[UICollectionView] Performing reloadData as a fallback — \(words)"))
        #expect(outcome(16) == outcome(15))
        #expect(outcome(17) == .raise("Invalid batch updates detected: the number of sections and/or items returned by the data source "
            + "before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section "
            + "with item counts: [2] } Data source after updates = { 1 section with item counts: [3] } Updates = [ ]"))
        // Any other invalid batch is raised on every version.
        let path = BatchUpdateError.deleteAndMoveSameIndexPath(ItemPath(section: 0, item: 1))
        for version in [12, 15, 17] {
            #expect(CollectionUpdateRules.outcome(of: path, iOS: version, before: [2], after: [2], update: update)
                == .raise(path.message(iOS: version, surface: .collection)))
        }
    }

    /// On the iOS that falls back, the collection view logs, reloads every
    /// cell and goes on; a table raises on the same batch.
    @Test func theFallbackReloadsAndGoesOnWhereATableCrashes() throws {
        let device = try DeviceProfile.shipped(named: "iphone-x").running(iOS: 15)
        let sim = Simulation(device: device)
        let source = ListSource(rows: 20)
        let view = makeCollectionList(sim, source)
        let before = try #require(view.cell(at: ItemPath(section: 0, item: 0)))
        source.sections[0].append((99, 0))
        source.sections[0].append((98, 0))
        #expect(view.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 20)])))
        #expect(sim.inconsistencies.isEmpty)
        #expect(sim.logged.map(\.message) == ["[UICollectionView] Performing reloadData as a fallback — Invalid update: invalid number "
            + "of items in section 0. The number of items contained in an existing section after the update (22) must be equal to the "
            + "number of items contained in that section before the update (20), plus or minus the number of items inserted or deleted "
            + "from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved "
            + "in, 0 moved out)."])
        #expect(view.numberOfRows == 22)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(view.cell(at: ItemPath(section: 0, item: 0)).map { $0 !== before } == true, "reloadData dequeues every visible cell again")

        let tableSim = Simulation(device: device)
        let tableSource = ListSource(rows: 20)
        let table = makeTable(tableSim, tableSource)
        tableSource.sections[0].append((99, 0))
        tableSource.sections[0].append((98, 0))
        #expect(!table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 20)])))
        #expect(tableSim.inconsistencies.first?.message.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
    }

    /// `reconfigureItems` keeps a visible item's cell (no dequeue of another,
    /// no `prepareForReuse`); `reloadItems` gives it a new one.
    @Test func reconfigureKeepsTheCellAndReloadReplacesIt() throws {
        let sim = try makeSimulation("iphone-15")
        let source = ListSource(rows: 20)
        let view = makeCollectionList(sim, source)
        let path = ItemPath(section: 0, item: 2)
        let cell = try #require(view.cell(at: path))
        let (reuses, configurations) = (cell.reuses, cell.configurations)
        view.reconfigureRows(at: [path])
        #expect(view.cell(at: path) === cell)
        #expect(cell.reuses == reuses && cell.configurations == configurations + 1)
        view.reloadRows(at: [path])
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
        #expect(view.cell(at: path).map { $0 !== cell } == true)
    }

    /// Texture's collection node: a batch with a moved item and a reloaded
    /// one is a delete and an insert for the move (the moved item gets a new
    /// node) and a reload for the reload (a new node), as `_ASHierarchyChangeSet`
    /// records a move and `ASCollectionView` hands the reloads over; an item
    /// the batch does not touch keeps its node.
    @Test func aTextureNodeListTurnsAMoveIntoADeleteAndAnInsert() throws {
        let sim = try makeSimulation("iphone-15")
        let source = ItemNodes(items: Array(0..<6))
        let node = TableNode(simulation: sim, width: 375, viewportHeight: 600, collection: CollectionLayout(kind: .flow))
        node.dataSource = source
        sim.clock.frameHandler = { _ in node.layoutIfNeeded() }
        node.reloadData()
        sim.clock.run(until: sim.clock.now + Sim.ms(200))
        let serials = (0..<6).compactMap { node.node(at: ItemPath(section: 0, item: $0))?.serial }
        #expect(serials.count == 6)
        // Item 0 moves to the end, item 3 (at 3 before) is reloaded.
        source.items = [1, 2, 3, 4, 5, 0]
        source.versions[3] = 1
        #expect(node.performBatchUpdates(BatchUpdate(
            movedItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5))],
            reloadedItems: [ItemPath(section: 0, item: 3)])))
        sim.clock.run(until: sim.clock.now + Sim.ms(200))
        #expect(sim.inconsistencies.isEmpty && sim.logged.isEmpty)
        let after = (0..<6).compactMap { node.node(at: ItemPath(section: 0, item: $0)) }
        #expect(after.map(\.content.key.item) == [1, 2, 3, 4, 5, 0])
        #expect(after[5].serial != serials[0], "the moved item's node is new: a delete and an insert")
        #expect(after[2].serial != serials[3], "the reloaded item's node is new")
        #expect(after[0].serial == serials[1] && after[3].serial == serials[4], "untouched items keep their nodes")

        // The same on a table node: ASTableView's moveRowAtIndexPath: goes through the same change set.
        let tableSim = try makeSimulation("iphone-15")
        let tableSource = ItemNodes(items: Array(0..<6))
        let table = TableNode(simulation: tableSim, width: 375, viewportHeight: 600)
        table.dataSource = tableSource
        tableSim.clock.frameHandler = { _ in table.layoutIfNeeded() }
        table.reloadData()
        tableSim.clock.run(until: tableSim.clock.now + Sim.ms(200))
        let moved = table.node(at: ItemPath(section: 0, item: 0))?.serial
        tableSource.items = [1, 2, 3, 4, 5, 0]
        #expect(table.performBatchUpdates(BatchUpdate(movedItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 5))])))
        tableSim.clock.run(until: tableSim.clock.now + Sim.ms(200))
        #expect(table.node(at: ItemPath(section: 0, item: 5))?.content.key.item == 0)
        #expect(table.node(at: ItemPath(section: 0, item: 5))?.serial != moved)
    }
}

/// A node data source over one section of items, each with a version.
private final class ItemNodes: TableNodeDataSource {
    var items: [Int]
    var versions: [Int: Int] = [:]

    init(items: [Int]) { self.items = items }

    func numberOfSections(in tableNode: TableNode) -> Int { 1 }
    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
        let item = items[path.item]
        let version = versions[item] ?? 0
        return { CellContent(key: ContentKey(item: item, version: version), views: 3, height: 80) }
    }
}

/// A node list's shortcut for a batch that only appends rows finds the rows
/// the general plan finds, and leaves every other batch to the plan.
@Suite("Texture: appended rows without the plan")
struct AppendedRowsTests {
    private func planned(_ update: BatchUpdate, before: [Int], after: [Int]) throws -> [ItemPath] {
        let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: before, rowCountsAfter: after)
        var fresh: [ItemPath] = []
        for section in after.indices {
            for item in 0..<after[section] {
                switch plan.origin(ofRow: item, inSection: section) {
                case .inserted, .reloaded: fresh.append(ItemPath(section: section, item: item))
                case .kept, .moved: continue
                }
            }
        }
        return fresh
    }

    @Test func appendsMatchThePlanAndAnythingElseGoesToIt() throws {
        func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        // Appends to two sections, given out of order.
        let appends = BatchUpdate(insertedItems: [path(1, 3), path(0, 5), path(1, 2), path(0, 6)])
        let shortcut = try #require(TableNode.appendedRows(appends, before: [5, 2], after: [7, 4]))
        #expect(shortcut == (try planned(appends, before: [5, 2], after: [7, 4])))
        // An insert not at the end, an append with a move, counts that do not add up, a new section: the plan's.
        #expect(TableNode.appendedRows(BatchUpdate(insertedItems: [path(0, 0)]), before: [5], after: [6]) == nil)
        #expect(TableNode.appendedRows(BatchUpdate(insertedItems: [path(0, 5)], movedItems: [ItemMove(from: path(0, 0), to: path(0, 1))]),
                                       before: [5], after: [6]) == nil)
        #expect(TableNode.appendedRows(BatchUpdate(insertedItems: [path(0, 5)]), before: [5], after: [7]) == nil)
        #expect(TableNode.appendedRows(BatchUpdate(insertedItems: [path(0, 5), path(0, 5)]), before: [5], after: [7]) == nil)
        #expect(TableNode.appendedRows(BatchUpdate(insertedSections: [1], insertedItems: [path(1, 0)]), before: [5], after: [5, 1]) == nil)
    }
}
