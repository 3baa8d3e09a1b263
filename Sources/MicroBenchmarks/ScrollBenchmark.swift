import ListDiff
import ListSimulator

/// How the benchmark's rows get their heights.
public enum ScrollBenchHeights: String, CaseIterable, Codable, Sendable {
    /// Every row 44 pt.
    case fixed
    /// Self-sized: each row measured from its content (44–92 pt) when laid out, estimated at 60 pt until then.
    case automatic
}

/// One measured run of scrolling a table from top to bottom.
public struct ScrollBenchResult: Equatable, Sendable, Codable {
    public var rows: Int
    public var heights: ScrollBenchHeights
    /// Measured: host wall time of the whole run, in milliseconds.
    public var wallMs: Double
    /// Modeled: frames presented, virtual duration, cells created and configured, heights computed.
    public var frames: Int
    public var virtualSeconds: Double
    public var cellsCreated: Int
    public var cellsConfigured: Int
    public var heightsComputed: Int
}

/// Scrolls a table of `rows` rows from top to bottom at a constant finger
/// speed, one frame at a time, to show that the simulator's cost grows with
/// what is on screen and the distance scrolled, not with the list's length
/// per frame.
public enum ScrollBenchmark {
    /// Finger speed of the scroll: 20,000 points a second (a fast fling).
    public static let pointsPerSecond = 20_000.0

    /// Runs one scroll; `now` reads the host's clock (the CLI passes `ContinuousClock`).
    public static func run(
        rows: Int, heights: ScrollBenchHeights, device: DeviceProfile, elapsed: (() -> Void) -> Double
    ) -> ScrollBenchResult {
        var result = ScrollBenchResult(
            rows: rows, heights: heights, wallMs: 0, frames: 0, virtualSeconds: 0, cellsCreated: 0,
            cellsConfigured: 0, heightsComputed: 0)
        result.wallMs = elapsed {
            let sim = Simulation(device: device)
            let source = BenchSource(rows: rows)
            let table = TableView(
                simulation: sim, rowHeight: heights == .fixed ? .fixed(44) : .automatic(estimate: 60))
            table.register("row", views: 6)
            table.dataSource = source
            sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
            table.setNeedsLayout()
            sim.clock.run(until: sim.clock.frameInterval)
            let step = pointsPerSecond * Double(sim.clock.frameInterval) / 1e9
            while table.contentOffset < table.maximumOffset {
                table.setContentOffset(table.contentOffset + step)
                sim.clock.run(until: sim.clock.now + sim.clock.frameInterval)
            }
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
            result.frames = sim.clock.frameStats.frames
            result.virtualSeconds = Double(sim.clock.now) / 1e9
            result.cellsCreated = sim.counters.cellsCreated
            result.cellsConfigured = sim.counters.cellsConfigured
            result.heightsComputed = sim.counters.heightsComputed
        }
        return result
    }
}

/// Rows whose content is derived from their index.
private final class BenchSource: TableDataSource {
    let rows: Int
    init(rows: Int) { self.rows = rows }

    func numberOfSections(in table: TableView) -> Int { 1 }
    func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { rows }
    func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
        let lines = 1 + (path.item &* 7_919) % 4
        table.configure(cell, with: CellContent(
            key: ContentKey(item: path.item, version: 0), views: 6, textLines: lines, textCharacters: lines * 40,
            height: 28 + Double(lines) * 16))
        return cell
    }
}
