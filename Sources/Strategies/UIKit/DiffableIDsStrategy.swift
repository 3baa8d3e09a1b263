import ListDiff
import ListData
import ListSimulator
import Randomness

/// `diffable-ids`: seed #3's "crash rate to zero", as published (seeds.md,
/// "#3 crash rate to zero: the published code"). Items are the snapshot's
/// identifiers, `Hashable` with `==` and `hash` on their unique id only. The
/// first data builds a snapshot (sections, then each section's items) and
/// applies it; every later change edits the current snapshot (insert before
/// the next item, delete, move, append) and applies it, animated, on main.
/// There is no `performBatchUpdates` left to get wrong.
///
/// Option `equality`:
/// - `id` (default, as published): a changed item equals its old self, so
///   the snapshot keeps the old value and the diff sees no change: the row
///   keeps showing the old content (its cell provider is handed the value
///   the snapshot holds) until the app reloads or reconfigures it, which the
///   published code does not.
/// - `content`: `Hashable` over the whole item (what Swift synthesizes): a
///   changed item is another identifier, so an update deletes the old one
///   and inserts the new in its place, and the row is rebuilt.
public final class DiffableIDsStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "diffable-ids",
        summary: "items hashable by id as a diffable data source's identifiers; each change edits the current snapshot and applies it",
        minimumIOS: 13, requiredAPI: "UITableViewDiffableDataSource",
        options: [Equality.option]
    ) { context, options in
        DiffableIDsStrategy(simulation: context.simulation, kinds: context.feedKinds, comparesContent: options.value(of: Equality.self) == .content,
                            collection: context.collection)
    }

    /// An item as a snapshot identifier: equal by id, or by id and content
    /// (an item's content is its version). The item's fields live in
    /// ``heldItems``; the identifier carries what equality reads.
    struct Row: Hashable {
        var id: Int
        var version: Int
        var comparesContent: Bool

        static func == (lhs: Row, rhs: Row) -> Bool {
            lhs.id == rhs.id && (!lhs.comparesContent || lhs.version == rhs.version)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            if comparesContent { hasher.combine(version) }
        }

        /// The hash that `Dictionary`, `Set` and `hashValue` use: the id
        /// (and the version, when content counts) mixed with the table's
        /// seed by SplitMix64's finaliser (`SplitMix64.mix`), instead of a `Hasher` (SipHash)
        /// round per row, the largest cost of building a million-row
        /// snapshot. Equal rows hash equally, as `hash(into:)`'s do;
        /// distinct ids never collide before the table's mask (the mix is a
        /// bijection). Host time only: no modeled figure reads a hash.
        ///
        /// - Caveat: `_rawHashValue(seed:)` is the standard library's
        ///   customization point behind `hashValue` (underscored, public,
        ///   implemented by its own integer types); a `Hasher` combining a
        ///   `Row` still calls `hash(into:)`.
        func _rawHashValue(seed: Int) -> Int {
            var mixed = UInt64(bitPattern: Int64(id)) ^ UInt64(bitPattern: Int64(seed))
            if comparesContent { mixed ^= UInt64(bitPattern: Int64(version)) &* 0x9E37_79B9_7F4A_7C15 }
            return Int(truncatingIfNeeded: SplitMix64.mix(mixed))
        }
    }

    private let simulation: Simulation
    private let comparesContent: Bool
    private let table: TableView
    private var dataSource: DiffableDataSource<String, Row>?
    /// The app's data, on main.
    private var store = DataStore()
    /// Each item's identifier as the snapshot holds it (with content equality, its old version until replaced).
    private var held = IntMap<Row>()
    /// Each item as the snapshot holds it: what the cell provider is handed.
    private var heldItems = IntMap<Item>()
    /// The items' kinds and their cells (the scenario's, or the feed's post cell).
    private let cells: KindTableCells

    public convenience init(simulation: Simulation) { self.init(simulation: simulation, kinds: .feed, comparesContent: false) }

    init(simulation: Simulation, kinds: KindSet, comparesContent: Bool, collection: CollectionLayout? = nil) {
        self.simulation = simulation
        self.comparesContent = comparesContent
        table = TableView(simulation: simulation, rowHeight: kinds.rowHeight, collection: collection)
        var itemAt: (ItemPath) -> Item? = { _ in nil }
        cells = KindTableCells(kinds: kinds, table: table) { itemAt($0) }
        dataSource = DiffableDataSource(table: table) { [unowned self] table, path, row in
            // The provider is handed the item the snapshot holds.
            guard let item = heldItems[row.id] else {
                return table.dequeueReusableCell(withIdentifier: cells.kinds.kinds[0].name, for: path)
            }
            let cell = table.dequeueReusableCell(withIdentifier: cells.identifier(of: item), for: path)
            table.configure(cell, with: cells.kinds.content(for: item, width: table.itemWidth, scale: table.simulation.device.scale))
            return cell
        }
        dataSource?.itemOf = { $0.id }
        itemAt = { [unowned self] path in dataSource?.itemIdentifier(for: path).flatMap { heldItems[$0.id] } }
    }

    public var surface: any ListSurface { table }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            for change in changes { edit(for: change) }
            applySnapshot(animated: true)
        }
    }

    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            store = DataStore(sections)
            held = IntMap()
            heldItems = IntMap()
            applySnapshot(animated: false)
        }
    }

    /// The snapshot of the app's data, each item as the snapshot holds it:
    /// sections, then each section's items. It has the identifiers, in the
    /// order, that editing the current snapshot change by change gives
    /// (insert before the next item, delete, move, append), built in one
    /// O(n) pass instead of an O(n) search per edit (host time only: the
    /// apply's modeled cost is the same).
    private func applySnapshot(animated: Bool) {
        var snapshot = Snapshot<String, Row>()
        snapshot.appendSections(store.sections.map(\.id))
        for section in store.sections {
            snapshot.appendItems(section.items.map { held[$0.id] ?? row($0) }, toSection: section.id)
        }
        dataSource?.apply(snapshot, animatingDifferences: animated)
    }

    private func row(_ item: Item) -> Row {
        let row = Row(id: item.id, version: item.version, comparesContent: comparesContent)
        held[item.id] = row
        heldItems[item.id] = item
        return row
    }

    /// Applies one change to the app's data and to the items the snapshot holds.
    ///
    /// - Complexity: O(log n).
    private func edit(for change: DataChange) {
        guard store.apply(change, failingRunOf: simulation) else { return }
        switch change {
        case .insert(_, _, let item): _ = row(item)
        case .append(_, let items), .prepend(_, let items): for item in items { _ = row(item) }
        case .delete(let id, _, _):
            held[id] = nil
            heldItems[id] = nil
        case .move: break
        case let .update(id, section, index, _, _):
            // Equal by id: the snapshot keeps the old item, and nothing is applied for it.
            guard comparesContent, section < store.sections.count, index < store.sections[section].items.count else { return }
            let item = store.sections[section].items[index]
            if item.id == id { _ = row(item) }
        case .state:
            // A new state is a new list of items.
            held = IntMap()
            heldItems = IntMap()
        }
    }

    public func visibleContent() -> [ContentKey] { table.visibleContent }
}

extension DiffableIDsStrategy {
    /// Option `equality`: what makes two items equal as snapshot identifiers.
    enum Equality: String, StrategyOptionValue {
        case id
        case content

        static let key = "equality"
        static let meaning = "what makes two items equal as snapshot identifiers"
        static let defaultValue = Equality.id

        var meaning: String {
            switch self {
            case .id: "the unique id only, as published: an updated item is unchanged to the snapshot, its row stays stale"
            case .content: "every field (Swift's synthesized Hashable): an update replaces the item, its row is rebuilt"
            }
        }
    }
}
