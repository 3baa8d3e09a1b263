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

    private let source: ItemTableSource
    private let model: MainQueueModel
    /// Heights from the last rebuild, by row.
    private var heights: [[Double]] = []

    public init(simulation: Simulation) {
        source = ItemTableSource(simulation: simulation)
        model = MainQueueModel(simulation: simulation)
        source.table.rowHeight = .delegate(estimate: nil)
        source.table.delegate = self
        model.onChange = { [unowned self] _, new in rebuild(new) }
    }

    public var surface: ListSurface { .table(source.table) }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    /// Rebuilds every binder and height, then reloads.
    private func rebuild(_ sections: [DataSection]) {
        let table = source.table
        source.sections = sections
        heights = sections.enumerated().map { sectionIndex, section in
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
