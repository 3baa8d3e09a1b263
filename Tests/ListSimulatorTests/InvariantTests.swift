import Foundation
import ListDiff
@testable import ListSimulator
import Testing

/// Each invariant check fires on the breakage it names (the conformance
/// suite shows they all hold on real runs; these show they are not vacuous).
@Suite("Invariant checks")
struct InvariantTests {
    @Test func aCellLeftFarFromTheViewportIsCaught() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        let table = makeTable(sim, source)
        #expect(table.checkInvariants().isEmpty)
        // A live cell (its memory is in the ledger) on a row nowhere near the screen.
        table.cells[90] = table.dequeueReusableCell(withIdentifier: "row", for: ItemPath(section: 0, item: 90))
        #expect(table.checkInvariants() == ["row 90 has a cell but is neither visible nor prefetched"])
    }

    @Test func memoryNoLiveObjectHoldsIsCaught() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        let table = makeTable(sim, source)
        let held = sim.ledger.total
        sim.allocate(.other, 1_000)
        #expect(table.checkInvariants() == ["the memory ledger holds \(held + 1_000) bytes; live cells hold \(held)"])
    }

    @Test func aNodeThatOutlivesItsRowIsCaught() throws {
        let sim = try makeSimulation()
        let source = NodeSource(rows: 30)
        let table = TableNode(simulation: sim, width: 375, viewportHeight: 600)
        table.dataSource = source
        table.delegate = source
        sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
        table.reloadData()
        sim.clock.run(until: Sim.ms(1_000))
        #expect(table.checkInvariants().isEmpty)
        // A node still registered as alive after its row was taken away, holding its memory.
        let orphan = table.nodes.removeLast()
        let problems = table.checkInvariants()
        #expect(problems.contains("node #\(orphan.serial) is alive but no row holds it (it outlived its row)"))
    }
}
