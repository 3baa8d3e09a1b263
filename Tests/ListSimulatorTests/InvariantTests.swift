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
        #expect(table.checkInvariants() == [.strayCell(row: 90)])
    }

    @Test func memoryNoLiveObjectHoldsIsCaught() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        let table = makeTable(sim, source)
        let held = sim.ledger.total
        sim.allocate(.other, 1_000)
        #expect(table.checkInvariants() == [.ledgerMismatch(ledgerBytes: held + 1_000, liveBytes: held, holders: .cells)])
    }

    @Test func aNodeThatOutlivesItsRowIsCaught() throws {
        let sim = try makeSimulation()
        let source = NodeSource(rows: 30)
        let table = loadedTableNode(sim, source: source)
        #expect(table.checkInvariants().isEmpty)
        // A node still registered as alive after its row was taken away, holding its memory.
        let orphan = table.nodes.removeLast()
        let problems = table.checkInvariants()
        #expect(problems.contains(.nodeOutlivedRow(node: orphan.serial)))
    }

    /// Each violation's description is the message the runner has always
    /// reported (`after step N: <message>`), word for word.
    @Test func violationsDescribeThemselvesWithTheRunnersMessages() {
        let expected: [(InvariantViolation, String)] = [
            (.geometryInconsistent, "content height is not the sum of the row heights"),
            (.rowCountMismatch(geometryRows: 12, countedRows: 10), "geometry has 12 rows, counts say 10"),
            (.visibleRowWithoutCell(row: 3), "visible row 3 has no cell"),
            (.cellNotDisplayed(row: 4), "visible row 4's cell is not displayed"),
            (.cellAlsoInReusePool(row: 5, cell: 17), "row 5's cell #17 is also in a reuse pool"),
            (.cellServesTwoRows, "one cell serves two rows"),
            (.strayCell(row: 90), "row 90 has a cell but is neither visible nor prefetched"),
            (.ledgerMismatch(ledgerBytes: 2_000, liveBytes: 1_000, holders: .cells),
             "the memory ledger holds 2000 bytes; live cells hold 1000"),
            (.ledgerMismatch(ledgerBytes: 2_000, liveBytes: 1_000, holders: .nodes),
             "the memory ledger holds 2000 bytes; live nodes hold 1000"),
            (.nodeOutlivedRow(node: 8), "node #8 is alive but no row holds it (it outlived its row)"),
            (.nodeCountMismatch(nodes: 29, rows: 30), "29 nodes for 30 rows"),
            (.releasedNodeInRow(row: 6), "row 6 holds a released node"),
            (.nodeServesTwoRows, "one node serves two rows"),
        ]
        for (violation, message) in expected {
            #expect(violation.description == message)
            #expect("after step 2: \(violation)" == "after step 2: \(message)")
        }
    }

    /// A table view reports its violations ordered by message, as it did when
    /// they were strings (the checks find these three in another order).
    @Test func aTableViewsViolationsComeInMessageOrder() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 100)
        let table = makeTable(sim, source)
        // A visible row loses its cell (still in the ledger), and a far row gets one.
        table.cells[0] = nil
        table.cells[90] = table.dequeueReusableCell(withIdentifier: "row", for: ItemPath(section: 0, item: 90))
        let problems = table.checkInvariants()
        #expect(problems.count == 3)
        #expect(problems.first == .strayCell(row: 90))
        #expect(problems.last == .visibleRowWithoutCell(row: 0))
        #expect(problems.map(\.description) == problems.map(\.description).sorted())
    }
}
