import ListData
import ListDiff
import ListSimulator

/// A kind set's cells on a table that has its own data source (a diffable
/// data source's cell provider): one reuse identifier per kind, with the
/// views its cell is created with, and, when the kinds' heights are not all
/// self-sized, the table's delegate giving each row its kind's height.
final class KindTableCells: TableDelegate {
    let kinds: KindSet
    /// The item a row shows, as the app's data source holds it.
    private let item: (ItemPath) -> Item?

    /// Registers the kinds' cells on `table` (made with ``KindSet/rowHeight``)
    /// and becomes its delegate when that asks the delegate for heights.
    init(kinds: KindSet, table: TableView, item: @escaping (ItemPath) -> Item?) {
        self.kinds = kinds
        self.item = item
        for kind in kinds.kinds { table.register(kind.name, views: kinds.createdViews(of: kind)) }
        if case .delegate = kinds.rowHeight { table.delegate = self }
    }

    /// The reuse identifier of the item's kind.
    func identifier(of item: Item) -> String { kinds.name(of: item) }

    func tableView(_ table: TableView, heightForRowAt path: ItemPath) -> Double {
        guard let item = item(path) else { return table.defaultRowHeight }
        return kinds.height(of: item, width: table.itemWidth, scale: table.simulation.device.scale, simulation: table.simulation)
    }
}
