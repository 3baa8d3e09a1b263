import ListDiff
@testable import ListSimulator
import Testing

@Suite("Inverted table view")
struct InvertedTableTests {
    /// The same scroll through the same rows, once with the cells flipped
    /// back: main is busier by one view configured per configured cell, and
    /// by nothing else.
    @Test func flippingCellsBackCostsOneViewPerConfiguredCell() throws {
        func run(flipped: Bool) throws -> (busy: SimTime, configured: Int, perView: Double) {
            let sim = try makeSimulation()
            let table = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440)
            table.flipsCellsBack = flipped
            let source = ListSource(rows: 300)
            table.register("row", views: source.views)
            table.dataSource = source
            table.delegate = source
            sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
            table.setNeedsLayout()
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
            scrollToEnd(table, step: 40)
            return (sim.clock.mainBusy, sim.counters.cellsConfigured, sim.costs.configurePerViewMicroseconds.value)
        }
        let plain = try run(flipped: false)
        let flipped = try run(flipped: true)
        #expect(plain.configured == flipped.configured && plain.configured >= 300)
        let extra = Double(flipped.busy - plain.busy) / 1_000
        #expect(abs(extra - Double(flipped.configured) * flipped.perView) < 0.01 * Double(flipped.configured))
    }

    /// At offset 0 a row inserted at row 0 pushes the rows on screen; the
    /// app stating it absorbs the jump the update would count.
    @Test func aRowInsertedAtTheEdgeIsNoJumpWhenTheAppSaysSo() throws {
        for absorbs in [false, true] {
            let sim = try makeSimulation()
            let source = ListSource(rows: 50)
            let table = makeTable(sim, source)
            let observer = EdgeObserver(absorbs: absorbs)
            table.updateObserver = observer
            source.sections[0].insert((1_000, 0), at: 0)
            table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 0)]))
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
            #expect(table.contentOffset == 0)
            #expect(sim.counters.scrollJumpPoints == (absorbs ? 0 : 44))
        }
    }
}

private final class EdgeObserver: ListUpdateObserver {
    let absorbs: Bool
    init(absorbs: Bool) { self.absorbs = absorbs }
    func listWillUpdate(_ list: any KeepableList) {}
    func listDidUpdate(_ list: any KeepableList) { if absorbs, let table = list as? TableView { table.absorbPendingJump() } }
}
