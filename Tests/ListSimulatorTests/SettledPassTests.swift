import ListDiff
@testable import ListSimulator
import Testing

/// A table's layout pass that left nothing to do is recorded, and a frame
/// over the same rows skips the next one (`TableView.settledPass`): the
/// skip must change nothing a pass would have done. Two tables are driven
/// alike, frame by frame (small scroll steps, self-sized rows of varied
/// heights, a visible row reconfigured, reloaded or its cell recycled now
/// and then, a direction change),
/// one with the skip and one whose record is dropped before every frame:
/// after each frame their counters, memory, clocks, offsets, drift and
/// visible content are the same.
@Suite("Settled layout passes")
struct SettledPassTests {
    private struct Trace {
        var frames: [String] = []
        /// Frames that began with a settled pass over the rows they show (the skip's condition).
        var qualifying = 0
    }

    private func drive(skipping: Bool) throws -> Trace {
        let sim = try makeSimulation()
        let source = ListSource(rows: 300)
        source.heights = { 40 + Double(($0 * 37) % 90) }
        let table = makeTable(sim, source, rowHeight: .automatic(estimate: 60))
        var trace = Trace()
        for frame in 0..<600 {
            if frame % 97 == 50, let row = table.visibleRowRange.first {
                source.sections[0][row].version += 1
                table.reconfigureRows(at: [ItemPath(section: 0, item: row)])
            }
            // A visible row's cell sent to its pool without a height, a
            // section or a jump changing (only its cell epoch): the next pass refills the row.
            if frame % 71 == 10, let row = table.visibleRowRange.first { table.recycle(row) }
            if frame % 89 == 30, let row = table.visibleRowRange.last {
                source.sections[0][row].version += 1
                table.reloadRows(at: [ItemPath(section: 0, item: row)])
            }
            let step = frame < 400 ? 3.0 : -2.0
            table.setContentOffset(table.contentOffset + step)
            if !skipping { table.settledPass = nil }
            if let settled = table.settledPass, settled.visible == table.visibleRowRange { trace.qualifying += 1 }
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval)
            trace.frames.append("\(sim.counters) \(sim.ledger.total) \(sim.clock.now) \(table.contentOffset) "
                + "\(table.contentDrift) \(table.visibleContent)")
        }
        return trace
    }

    @Test func skippingASettledPassChangesNothing() throws {
        let skipping = try drive(skipping: true)
        let full = try drive(skipping: false)
        #expect(skipping.frames.count == full.frames.count)
        for (index, (a, b)) in zip(skipping.frames, full.frames).enumerated() where a != b {
            Issue.record("frame \(index): with the skip \(a), without \(b)")
            break
        }
        // Most frames of a slow scroll stay within the same rows.
        #expect(skipping.qualifying > 300, "\(skipping.qualifying) frames qualified")
    }
}
