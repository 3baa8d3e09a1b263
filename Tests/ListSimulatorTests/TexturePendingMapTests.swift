import ListDiff
@testable import ListSimulator
import Testing

@Suite("Texture's pending map and its wait for earlier updates")
struct TexturePendingMapTests {
    /// A table node of `rows` text-node rows, loaded and on screen.
    func loadedTable(_ sim: Simulation, rows: Int) -> (TableNode, TextNodeSource) {
        let source = TextNodeSource(rows: rows)
        return (loadedTableNode(sim, source: source), source)
    }

    @Test func anIssuedReloadTakesTheOldNodeOutOfThePendingMapBeforeItCommits() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = loadedTable(sim, rows: 50)
        defer { withExtendedLifetime(source) {} }
        let path = ItemPath(section: 0, item: 3)
        let old = try #require(table.node(at: path))
        #expect(old.isVisible)
        #expect(table.indexPath(for: old) == path)
        let allocated = sim.counters.nodesAllocated

        table.reloadRows(at: [path])
        // Issued, not committed: the old node is still the row's on screen, but has no index path.
        #expect(table.node(at: path) === old && old.isVisible)
        #expect(table.indexPath(for: old) == nil)
        // The pending map's node for the row is the new one, made now on main since no worker got to it yet.
        let new = try #require(table.nodeForRow(at: path))
        #expect(new !== old)
        #expect(sim.counters.nodesAllocated == allocated + 1)
        #expect(table.indexPath(for: new) == path)
        // Other rows keep their paths.
        let top = try #require(table.node(at: ItemPath(section: 0, item: 0)))
        #expect(table.indexPath(for: top) == ItemPath(section: 0, item: 0))

        sim.clock.run(until: sim.clock.now + Sim.ms(500))
        // Committed: the new node is the row's, laid out by the worker without being made twice.
        #expect(table.node(at: path) === new)
        #expect(sim.counters.nodesAllocated == allocated + 1)
        #expect(table.indexPath(for: new) == path)
    }

    @Test func reloadDataLeavesEveryOldNodeWithoutAPathAndAnInsertShiftsPathsAtOnce() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = loadedTable(sim, rows: 30)
        defer { withExtendedLifetime(source) {} }
        let top = try #require(table.node(at: ItemPath(section: 0, item: 0)))
        let fifth = try #require(table.node(at: ItemPath(section: 0, item: 5)))

        // An insert at the top: the pending paths move before the commit; the screen does not.
        source.rows.insert(-1, at: 0)
        table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 0)]))
        #expect(table.indexPath(for: top) == ItemPath(section: 0, item: 1))
        #expect(table.indexPath(for: fifth) == ItemPath(section: 0, item: 6))
        #expect(table.node(at: ItemPath(section: 0, item: 0)) === top)
        sim.clock.run(until: sim.clock.now + Sim.ms(500))
        #expect(table.node(at: ItemPath(section: 0, item: 1)) === top)

        // reloadData: every row gets a new element, so no old node has a path until it is released.
        table.reloadData()
        #expect(table.indexPath(for: top) == nil)
        #expect(table.indexPath(for: fifth) == nil)
        #expect(table.node(at: ItemPath(section: 0, item: 1)) === top)
    }

    @Test func eachUpdateWaitsOnMainForTheNodesOfTheOneBefore() throws {
        let sim = try makeSimulation("iphone-x")
        let (table, source) = loadedTable(sim, rows: 50)
        defer { withExtendedLifetime(source) {} }
        let batchBefore = sim.clock.mainByCategory[.batchUpdates]
        var issuedAt: SimTime = 0, firstReturned: SimTime = 0, secondReturned: SimTime = 0
        sim.clock.async(.main) {
            issuedAt = sim.clock.now
            table.reloadRows(at: [ItemPath(section: 0, item: 3)])
            firstReturned = sim.clock.now
            // The second update waits until the worker has made and laid out the first one's node.
            table.reloadRows(at: [ItemPath(section: 0, item: 4)])
            secondReturned = sim.clock.now
        }
        sim.clock.run(until: sim.clock.now + Sim.ms(500))
        let costs = sim.costs
        // One node of 11 subnodes: allocated and laid out on a worker that shares no core with main.
        let nodeWork = Sim.us(costs.nodeAllocateMicroseconds.value + 11 * costs.nodeLayoutPerSubnodeMicroseconds.value)
        let waited = secondReturned - firstReturned
        #expect(waited >= nodeWork)
        #expect(waited < nodeWork + Sim.us(costs.batchUpdateMicroseconds.value + costs.batchUpdatePerOperationMicroseconds.value))
        #expect(firstReturned - issuedAt < nodeWork)
        // Main was blocked, not computing: the wait is main's time in batch updates.
        #expect(sim.clock.mainByCategory[.batchUpdates] - batchBefore >= waited)

        // With nothing in flight, an update does not wait.
        var before: SimTime = 0, after: SimTime = 0
        sim.clock.async(.main) {
            before = sim.clock.now
            table.reloadRows(at: [ItemPath(section: 0, item: 5)])
            after = sim.clock.now
        }
        sim.clock.run(until: sim.clock.now + Sim.ms(500))
        #expect(after - before < nodeWork)
    }
}
