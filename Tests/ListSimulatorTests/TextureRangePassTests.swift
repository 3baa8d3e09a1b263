import ListDiff
@testable import ListSimulator
import Testing

/// A table node's range pass after a settled one updates only the rows whose
/// place in the ranges moved (``TableNode/layoutIfNeeded()``). Two tables
/// are scrolled alike, one of them made to run the whole pass every frame;
/// their memory series, clocks, counters, node states and active rows must
/// agree after every step.
@Suite("Texture range passes")
struct TextureRangePassTests {
    /// Text-node rows; with `disturbing`, entering the display range clears
    /// the contents of the row two above (a delegate that changes a node
    /// during a pass, so that the rest of the pass runs as the whole one).
    final class Source: TableNodeDataSource, TableNodeDelegate {
        let rows: Int
        let disturbing: Bool
        weak var table: TableNode?
        private(set) var calls: [String] = []

        init(rows: Int, disturbing: Bool) {
            self.rows = rows
            self.disturbing = disturbing
        }

        func numberOfSections(in tableNode: TableNode) -> Int { 1 }
        func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { rows }
        func tableNode(_ tableNode: TableNode, nodeBlockForRowAt path: ItemPath) -> () -> CellContent {
            let item = path.item
            // Rows of three heights, so that steps cross rows unevenly.
            let height = Double(60 + 40 * (item % 3))
            return { CellContent(key: ContentKey(item: item, version: 0), views: 5, textLines: 3, height: height,
                                 textNodes: 2, textRenderers: 1, drawnArea: 2 * 20 * 100) }
        }
        func tableNode(_ tableNode: TableNode, willDisplayRowWith node: CellNode) { calls.append("show \(node.content.key.item)") }
        func tableNode(_ tableNode: TableNode, didEndDisplayingRowWith node: CellNode) { calls.append("hide \(node.content.key.item)") }
        func tableNode(_ tableNode: TableNode, didEnterDisplayRangeWith node: CellNode) {
            calls.append("enter \(node.content.key.item)")
            guard disturbing, let table, let path = table.indexPath(for: node), path.item >= 2,
                  let other = table.nodeForRow(at: ItemPath(section: 0, item: path.item - 2)), other.hasContents else { return }
            table.clearContents(other)
        }
        func tableNode(_ tableNode: TableNode, didExitDisplayRangeWith node: CellNode) { calls.append("exit \(node.content.key.item)") }
    }

    /// Scrolls a table through small steps, steps across rows, jumps past
    /// the preload range both ways and back to the top; the state after each step.
    private func scroll(wholePassEveryFrame: Bool, disturbing: Bool) throws -> [String] {
        let sim = try makeSimulation("iphone-x")
        let source = Source(rows: 300, disturbing: disturbing)
        let table = loadedTableNode(sim, source: source)
        source.table = table
        if wholePassEveryFrame {
            sim.clock.frameHandler = { _ in
                table.settledRanges = nil
                table.layoutIfNeeded()
            }
        }
        let offsets: [Double] = [3, 7, 20, 55, 130, 300, 310, 900, 2_500, 2_480, 2_400, 2_000, 9_000, 9_050, 12_000, 4_000, 30, 0]
        var states: [String] = []
        for offset in offsets {
            table.setContentOffset(offset)
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 3)
            let nodes = (0..<table.numberOfRows).compactMap { table.nodeForRow(at: ItemPath(section: 0, item: $0)) }
            #expect(nodes.count == table.numberOfRows, "every row has its node")
            // The rows whose node is in some state, and each one's states.
            let held = nodes.indices.filter { nodes[$0].isVisible || nodes[$0].hasContents || nodes[$0].isPreloaded }
            let heldStates = held.map { "\($0):\(nodes[$0].isVisible ? "v" : "")\(nodes[$0].hasContents ? "d" : "")\(nodes[$0].isPreloaded ? "p" : "")" }
            let active = table.active.elements.sorted()
            #expect(active == held, "offset \(offset): active rows")
            states.append("\(offset) \(heldStates) \(sim.counters) \(sim.ledger.total) \(sim.ledger.peak) \(sim.ledger.series) "
                + "\(sim.clock.now) \(source.calls)")
        }
        #expect(table.checkInvariants().isEmpty)
        return states
    }

    @Test(arguments: [false, true])
    func aPassAfterASettledOneDoesWhatTheWholePassDoes(disturbing: Bool) throws {
        let moved = try scroll(wholePassEveryFrame: false, disturbing: disturbing)
        let whole = try scroll(wholePassEveryFrame: true, disturbing: disturbing)
        #expect(moved.count == whole.count)
        for (index, (a, b)) in zip(moved, whole).enumerated() where a != b {
            Issue.record("step \(index): rows that moved \(a), whole pass \(b)")
            break
        }
    }
}
