import ListData
import ListDiff
import ListSimulator

/// `cellbinder`: seed #1's "before". Each cell type has a binder (nib,
/// reuse identifier, estimated height, `bind(value)`). On every state the
/// controller rebuilds every section's binders on main and computes every
/// row's height the binder's way: dequeue a cell, bind the value into it,
/// read its height (the sizing cell is then dropped), then reloads the
/// table, which asks the delegate for every height up front.
public final class CellBinderStrategy: ListStrategy, TableDelegate {
    public static let descriptor = StrategyDescriptor(
        name: "cellbinder",
        summary: "rebuilds every row binder on each state, sizing each row by dequeuing and binding a cell, then reloads"
    ) { CellBinderStrategy(simulation: $0) }

    private let simulation: Simulation
    private let source: ItemTableSource
    private var store = DataStore()
    /// Heights from the last rebuild, by row.
    private var heights: [[Double]] = []

    public init(simulation: Simulation) {
        self.simulation = simulation
        source = ItemTableSource(simulation: simulation)
        source.table.rowHeight = .delegate(estimate: nil)
        source.table.delegate = self
    }

    public var surface: ListSurface { .table(source.table) }

    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            store = DataStore(sections)
            rebuild()
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            for change in changes { store.apply(change) }
            rebuild()
        }
    }

    /// Rebuilds every binder and height, then reloads.
    private func rebuild() {
        let table = source.table
        source.sections = store.sections
        heights = store.sections.enumerated().map { sectionIndex, section in
            section.items.indices.map { row in
                let path = ItemPath(section: sectionIndex, item: row)
                let cell = source.tableView(table, cellForRowAt: path)
                let height = table.measure(cell)
                table.discard(cell)
                return height
            }
        }
        table.reloadData()
    }

    public func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        path.section < heights.count && path.item < heights[path.section].count ? heights[path.section][path.item] : 44
    }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
