import ListDiff
@testable import ListSimulator
import Testing

/// Runs a scripted app (table with self-sizing, batch updates including a
/// crash-free race, a diffable data source applied from a worker, a Texture
/// node table) and dumps every modeled figure as text.
private func scriptedRun() throws -> String {
    let sim = try makeSimulation("iphone-7")
    let source = ListSource(rows: 400)
    source.heights = { 40 + Double(($0 * 7_919) % 5) * 13 }
    let table = makeTable(sim, source, rowHeight: .automatic(estimate: 50))
    var dump: [String] = []
    for step in 0..<120 {
        table.setContentOffset(table.contentOffset + 37)
        sim.clock.run(until: sim.clock.now + sim.clock.frameInterval)
        if step % 30 == 10 {
            source.sections[0].insert((item: 10_000 + step, version: 0), at: 5)
            sim.clock.async(.background(.utility), after: Sim.ms(3)) { source.sections[0][7].version += 1 }
            sim.clock.async(.main, after: Sim.ms(5)) {
                table.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(section: 0, item: 5)]))
                table.reconfigureRows(at: [ItemPath(section: 0, item: 7)])
            }
        }
    }
    table.reloadData()
    sim.clock.run(until: sim.clock.now + Sim.ms(200))
    dump.append("counters \(sim.counters)")
    dump.append("frames \(sim.clock.frameStats) main \(sim.clock.mainBusy) bg \(sim.clock.backgroundBusy)")
    dump.append("cells \(table.visibleCells.map { "\($0.path.item):#\($0.cell.serial):\($0.cell.content?.key.description ?? "-")" })")
    dump.append("memory \(sim.ledger.peak) \(sim.ledger.series.map { "\($0.time):\($0.bytes)" })")

    let nodeSim = try makeSimulation("iphone-6")
    let nodes = NodeSource(rows: 200)
    let tableNode = TableNode(simulation: nodeSim, width: 375, viewportHeight: 600)
    tableNode.dataSource = nodes
    tableNode.delegate = nodes
    nodeSim.clock.frameHandler = { _ in tableNode.layoutIfNeeded() }
    tableNode.reloadData()
    for _ in 0..<200 {
        tableNode.setContentOffset(tableNode.contentOffset + 90)
        nodeSim.clock.run(until: nodeSim.clock.now + nodeSim.clock.frameInterval)
    }
    dump.append("nodes \(nodeSim.counters) \(nodeSim.clock.frameStats) \(nodeSim.ledger.peak) \(nodeSim.ledger.series.count)")
    dump.append("inconsistencies \(sim.inconsistencies + nodeSim.inconsistencies)")
    return dump.joined(separator: "\n")
}

@Suite("Determinism")
struct DeterminismTests {
    @Test func modeledOutputIsIdenticalAcrossRuns() throws {
        let first = try scriptedRun()
        let second = try scriptedRun()
        #expect(first == second)
        #expect(first.contains("frames FrameStats(frames: "))
    }
}
