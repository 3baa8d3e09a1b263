import ListDiff
@testable import ListSimulator

/// A data source over sections of (item, version) rows.
final class ListSource: TableDataSource, TableDelegate {
    var sections: [[(item: Int, version: Int)]]
    var heights: (Int) -> Double = { _ in 44 }
    var views = 4

    init(rows: Int) { sections = [(0..<rows).map { ($0, 0) }] }
    init(sections: [[Int]]) { self.sections = sections.map { $0.map { ($0, 0) } } }

    func numberOfSections(in table: TableView) -> Int { sections.count }
    func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    /// A `.delegate` table's heights: each row's content height.
    func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        heights(sections[path.section][path.item].item)
    }
    /// Estimates asked through `estimatedHeightForRowAt`.
    var estimatesAsked = 0
    func tableView(_ table: TableView, estimatedHeightForRowAt path: ItemPath) -> Double {
        estimatesAsked += 1
        return 60
    }
    func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        let row = sections[path.section][path.item]
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
        table.configure(cell, with: CellContent(
            key: ContentKey(item: row.item, version: row.version), views: views, textLines: 2, textCharacters: 80,
            height: heights(row.item)))
        return cell
    }
}

func makeSimulation(_ device: String = "iphone-7") throws -> Simulation {
    Simulation(device: try DeviceProfile.shipped(named: device))
}

/// A table with frames wired to its layout pass.
func makeTable(_ sim: Simulation, _ source: ListSource, rowHeight: RowHeight = .fixed(44), viewport: Double = 440) -> TableView {
    let table = TableView(simulation: sim, rowHeight: rowHeight, width: 375, viewportHeight: viewport)
    table.register("row", views: source.views)
    table.dataSource = source
    table.delegate = source
    sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
    table.setNeedsLayout()
    sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 2)
    return table
}

/// A 440-point table of fixed rows on a diffable data source of `count`
/// items in one section, applied without animation and laid out.
func makeDiffableTable(_ sim: Simulation, count: Int) -> (TableView, DiffableDataSource<Int, Int>) {
    let table = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440)
    table.register("row", views: 3)
    let source = DiffableDataSource<Int, Int>(table: table) { table, path, item in
        let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
        table.configure(cell, with: CellContent(key: ContentKey(item: item, version: 0), views: 3))
        return cell
    }
    sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
    var snapshot = Snapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<count))
    source.apply(snapshot, animatingDifferences: false)
    sim.clock.run(until: sim.clock.now + Sim.ms(50))
    return (table, source)
}

/// Scrolls by `step` points a frame until the end.
func scrollToEnd(_ table: TableView, step: Double) {
    let clock = table.simulation.clock
    while table.contentOffset < table.maximumOffset {
        table.setContentOffset(table.contentOffset + step)
        clock.run(until: clock.now + clock.frameInterval)
    }
    clock.run(until: clock.now + clock.frameInterval * 2)
}

/// A table node fed and watched by `source`, loaded and laid out for a second of virtual time.
func loadedTableNode(_ sim: Simulation, source: some TableNodeDataSource & TableNodeDelegate) -> TableNode {
    let table = TableNode(simulation: sim, width: 375, viewportHeight: 600)
    table.dataSource = source
    table.delegate = source
    sim.clock.frameHandler = { _ in table.layoutIfNeeded() }
    table.reloadData()
    sim.clock.run(until: Sim.ms(1_000))
    return table
}
