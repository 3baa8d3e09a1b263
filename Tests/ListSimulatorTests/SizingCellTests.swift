import ListDiff
@testable import ListSimulator
import Testing

/// A sizing cell (`TableView.dequeueSizingCell(withIdentifier:for:)`, then
/// `discard(_:)`) costs what a dequeued and discarded cell costs: two
/// tables are sized alike, one with real cells and one with sizing cells,
/// over new cells (registered from a nib, hosting, unregistered) and
/// pooled ones, with a charge between dequeue and drop as a height closure
/// makes; their counters, memory series, clocks, serials and crash records
/// must agree after every row.
@Suite("Sizing cells")
struct SizingCellTests {
    private func size(withSizingCells: Bool) throws -> [String] {
        let sim = try makeSimulation()
        let source = ListSource(rows: 40)
        let table = makeTable(sim, source)
        table.register("nib", views: 7, nib: true)
        table.registerHosting("hosted", views: 3)
        var states: [String] = []
        for round in 0..<3 {
            // Some rows' cells go to the pool, so that a few sizing cells come from it.
            if round > 0, let row = table.visibleRowRange.first { table.recycle(row) }
            for (index, identifier) in ["row", "nib", "hosted", "ghost", "row", "nib"].enumerated() {
                let path = ItemPath(section: 0, item: index)
                let shown: CellContent?
                if withSizingCells {
                    let cell = table.dequeueSizingCell(withIdentifier: identifier, for: path)
                    shown = cell.content
                    sim.charge(microseconds: 50, .heightComputation)
                    table.discard(cell)
                } else {
                    let cell = table.dequeueReusableCell(withIdentifier: identifier, for: path)
                    shown = cell.content
                    sim.charge(microseconds: 50, .heightComputation)
                    table.discard(cell)
                }
                states.append("\(shown.map { "\($0.key)" } ?? "new") \(sim.counters) \(sim.ledger.total) \(sim.ledger.peak) "
                    + "\(sim.ledger.series) \(sim.clock.now) \(table.nextSerial) \(table.pooledCells) \(sim.inconsistencies.count)")
            }
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval)
        }
        return states
    }

    @Test func aSizingCellCostsWhatADequeuedAndDiscardedCellCosts() throws {
        let sizing = try size(withSizingCells: true)
        let cells = try size(withSizingCells: false)
        #expect(sizing.count == cells.count)
        for (index, (a, b)) in zip(sizing, cells).enumerated() where a != b {
            Issue.record("row \(index): with sizing cells \(a), with cells \(b)")
            break
        }
        // Both kinds were sized: new cells and a pooled one.
        #expect(cells.contains { $0.hasPrefix("new") })
        #expect(cells.contains { !$0.hasPrefix("new") })
    }
}
