import ListData
import ListDiff
import ListSimulator

/// `row-ids`: seed #1's "after". A diffable data source whose sections are
/// a fixed list appended once, and whose rows are identified by row kind
/// with an index payload (`report(3)`; in a feed, `post(i)`), not by the
/// model objects. On each
/// new state, a background queue takes the current snapshot, inserts the
/// rows that are missing (in place), reconfigures the rows that exist
/// (iOS 15), deletes the rows whose data disappeared (the surplus
/// `report(i)` rows when the count shrinks), and the snapshot is applied on
/// the main queue without animation. Rows are self-sized.
public final class RowIDsStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "row-ids",
        summary: "fixed sections, row-kind IDs; snapshot edited on a background queue per state, applied on main",
        minimumIOS: 13, requiredAPI: "UITableViewDiffableDataSource"
    ) { RowIDsStrategy(simulation: $0) }

    private let simulation: Simulation
    private let table: TableView
    private var dataSource: DiffableDataSource<String, Int>?
    /// The item behind each row identifier, as the main queue last applied it (what the cell provider binds).
    private var items: [Int: Item] = [:]
    /// The same, as the background queue last edited it.
    private var rows: [Int: Item] = [:]
    private var store = DataStore()
    private var snapshot = Snapshot<String, Int>()

    public init(simulation: Simulation) {
        self.simulation = simulation
        table = TableView(simulation: simulation, rowHeight: .automatic(estimate: 120))
        table.register("row", views: 12)
        dataSource = DiffableDataSource(table: table) { [unowned self] table, path, id in
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: path)
            if let item = self.items[id] {
                table.configure(cell, with: PostLayout.content(for: item, width: table.width, scale: self.simulation.device.scale))
            }
            return cell
        }
    }

    public var surface: ListSurface { .table(table) }

    public func load(_ sections: [DataSection]) {
        // On the network queue, as every later state: a background edit.
        store = DataStore(sections)
        snapshot.appendSections(sections.map(\.id))
        edit(toMatch: sections)
    }

    public func receive(_ changes: [DataChange]) {
        for change in changes { store.apply(change) }
        edit(toMatch: store.sections)
    }

    /// A row's identifier: its kind and index, never the model object. Detail
    /// rows already carry one (`report(3)`); a feed row is `post(i)` of its section.
    static func rowID(_ item: Item, section: Int, index: Int) -> Int {
        item.kind == .post ? -(section * 10_000_000 + index + 1) : item.id
    }

    /// Edits the snapshot to match the state (on the background queue), then applies it on main.
    ///
    /// - Complexity: O(n) when rows only appear or disappear at the ends of
    ///   their sections (always so for index-based feed rows); O(n · k) for
    ///   `k` rows appearing in the middle of a section.
    private func edit(toMatch sections: [DataSection]) {
        let previous = rows
        var latest: [Int: Item] = [:]
        for (sectionIndex, section) in sections.enumerated() {
            let desired = section.items.enumerated().map { index, item in
                let id = Self.rowID(item, section: sectionIndex, index: index)
                latest[id] = item
                return id
            }
            let desiredSet = Set(desired)
            let surplus = snapshot.itemIdentifiers(inSection: section.id).filter { !desiredSet.contains($0) }
            if !surplus.isEmpty { snapshot.deleteItems(surplus) }
            let present = snapshot.itemIdentifiers(inSection: section.id)
            let presentSet = Set(present)
            let missing = desired.filter { !presentSet.contains($0) }
            if missing.isEmpty { continue }
            if Array(desired.prefix(present.count)) == present {
                snapshot.appendItems(missing, toSection: section.id)
            } else {
                // A row appears in the middle: insert it before the next row already there.
                var nextPresent: Int?
                for id in desired.reversed() {
                    if presentSet.contains(id) {
                        nextPresent = id
                    } else if let next = nextPresent {
                        snapshot.insertItems([id], beforeItem: next)
                        nextPresent = id
                    } else {
                        snapshot.appendItems([id], toSection: section.id)
                        nextPresent = id
                    }
                }
            }
        }
        let existing = snapshot.itemIdentifiers.filter { previous[$0] != nil }
        // As published: reconfigure on iOS 15 and later, reload on iOS 14 (which the app still supported).
        if !existing.isEmpty {
            if simulation.device.isAvailable(iOS: 15) { snapshot.reconfigureItems(existing) } else { snapshot.reloadItems(existing) }
        }
        // Editing hashes every row identifier into the snapshot, on this (background) queue.
        simulation.charge(microseconds: Double(latest.count) * simulation.costs.diffPerItemMicroseconds.value)
        let toApply = snapshot
        snapshot = dataSourceSnapshotWithoutMarks(toApply)
        rows = latest
        simulation.clock.async(.main) { [self] in
            items = latest
            dataSource?.apply(toApply, animatingDifferences: false)
        }
    }

    /// The snapshot to edit next time: the applied one, without its reconfigure marks.
    private func dataSourceSnapshotWithoutMarks(_ applied: Snapshot<String, Int>) -> Snapshot<String, Int> {
        var next = Snapshot<String, Int>()
        next.appendSections(applied.sectionIdentifiers)
        for section in applied.sectionIdentifiers {
            next.appendItems(applied.itemIdentifiers(inSection: section), toSection: section)
        }
        return next
    }

    public func visibleContent() -> [ContentKey] { table.visibleCells.compactMap { $0.cell.content?.key } }
}
