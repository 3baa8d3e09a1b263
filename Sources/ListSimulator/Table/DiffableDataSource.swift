import ListData
import ListDiff

/// A headless `UITableViewDiffableDataSource` (iOS 13 and later).
///
/// `apply` diffs the last applied snapshot against the new one with the
/// identifier diff engine (strict about duplicates) on the calling thread,
/// charging the device's per-item diff cost, then performs the resulting
/// batch update on main, followed by the snapshot's reloads (new cells) and
/// reconfigures (same cells). Called on a background worker, the UI part is
/// dispatched to main; applies are performed in the order they were made,
/// each against the state the previous one left.
///
/// On iOS 14 and earlier an apply without animation is a `reloadData`
/// (the diff is still computed); from iOS 15 it performs the difference
/// without animating (Apple, `apply(_:animatingDifferences:completion:)`).
/// The type needs iOS 13: strategies built on it declare so in their
/// ``StrategyDescriptor`` and are not run on older versions.
///
/// A snapshot with a fault (see ``Snapshot/fault``) crashes the app when
/// applied: the fault is recorded as an inconsistency.
public final class DiffableDataSource<SectionID: Hashable, ItemID: Hashable>: TableDataSource {
    public typealias CellProvider = (TableView, ItemPath, ItemID) -> Cell

    public let table: TableView
    private let cellProvider: CellProvider
    /// The snapshot the next `apply` diffs against (the last applied, possibly not yet on screen).
    private var latest = Snapshot<SectionID, ItemID>()
    /// The snapshot the table shows: what it reads its counts and cells from.
    private var displayed = Snapshot<SectionID, ItemID>()

    public init(table: TableView, cellProvider: @escaping CellProvider) {
        self.table = table
        self.cellProvider = cellProvider
        table.dataSource = self
    }

    /// A copy of the current state, without reload or reconfigure marks.
    public func snapshot() -> Snapshot<SectionID, ItemID> { latest }

    /// The item shown at a row.
    public func itemIdentifier(for path: ItemPath) -> ItemID? { displayed.itemIdentifier(at: path.section, path.item) }

    /// Applies a snapshot: diff on the current thread, batch update on main.
    ///
    /// - Complexity: O(n) for the diff of `n` items, plus the table's update.
    public func apply(
        _ snapshot: Snapshot<SectionID, ItemID>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        let sim = table.simulation
        if let fault = snapshot.fault {
            sim.recordInconsistency(.invalidSnapshot, fault.description)
            return
        }
        if !snapshot.reconfiguredItemIdentifiers.isEmpty, !sim.device.isAvailable(iOS: 15) {
            // The snapshot method is iOS 15's: without an #available check, the app crashes.
            sim.recordInconsistency(.unavailableAPI, "-[NSDiffableDataSourceSnapshot reconfigureItemsWithIdentifiers:]: unrecognized selector sent to instance")
            return
        }
        let old = latest
        let diffed = old.numberOfItems + snapshot.numberOfItems + old.numberOfSections + snapshot.numberOfSections
        sim.counters.recordDiff(items: diffed)
        sim.charge(microseconds: Double(diffed) * sim.costs.diffPerItemMicroseconds.value, .snapshotApply)
        let changes: SectionedChanges
        do {
            changes = try SectionedChanges(
                from: Self.sections(old), to: Self.sections(snapshot), duplicates: .strict)
        } catch {
            if case .duplicateIdentifiers(let reports) = error, let report = reports.first {
                sim.recordInconsistency(.invalidSnapshot, SnapshotFault.duplicateIdentifiers(report.kind, report.identifiers).description)
            } else {
                sim.recordInconsistency(.invalidSnapshot, "\(error)")
            }
            return
        }
        var applied = snapshot
        applied.clearMarks()
        latest = applied
        let uiPart = { [self] in
            self.performUIPart(
                changes: changes, snapshot: snapshot, applied: applied, animated: animatingDifferences,
                completion: completion)
        }
        if sim.clock.thread == .main { uiPart() } else { sim.clock.async(.main, uiPart) }
    }

    /// Replaces the data without diffing, as `applySnapshotUsingReloadData`: a `reloadData`.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot<SectionID, ItemID>, completion: (() -> Void)? = nil) {
        let sim = table.simulation
        if let fault = snapshot.fault {
            sim.recordInconsistency(.invalidSnapshot, fault.description)
            return
        }
        var applied = snapshot
        applied.clearMarks()
        latest = applied
        let uiPart = { [self] in
            self.displayed = applied
            self.table.reloadData()
            if let completion { sim.clock.async(.main, completion) }
        }
        if sim.clock.thread == .main { uiPart() } else { sim.clock.async(.main, uiPart) }
    }

    private func performUIPart(
        changes: SectionedChanges, snapshot: Snapshot<SectionID, ItemID>, applied: Snapshot<SectionID, ItemID>,
        animated: Bool, completion: (() -> Void)?
    ) {
        guard !table.simulation.hasFailed else { return }
        displayed = applied
        if !table.isLoaded {
            table.reloadData()
        } else if !animated, !table.simulation.device.isAvailable(iOS: 15) {
            // iOS 14 and earlier: a non-animated apply reloads everything; the marks are moot.
            table.reloadData()
            if let completion { table.simulation.clock.async(.main, completion) }
            return
        } else {
            for stage in changes.stages where !table.performBatchUpdates(stage, animated: animated) { return }
        }
        let marked = snapshot.reloadedItemIdentifiers.count + snapshot.reconfiguredItemIdentifiers.count
            + snapshot.reloadedSectionIdentifiers.count
        guard marked > 0 else {
            if let completion { table.simulation.clock.async(.main, after: animated ? Sim.ms(300) : 0, completion) }
            return
        }
        // Every item's path, built once and only when a mark needs looking up.
        var lookup: IdentifierMap<ItemID, ItemPath>?
        func located(_ identifiers: [ItemID]) -> [ItemPath] {
            if identifiers.isEmpty { return [] }
            if let every = Self.everyPath(ifAll: identifiers, in: applied) { return every }
            let paths = lookup ?? Self.paths(in: applied)
            lookup = paths
            return identifiers.compactMap { paths[$0] }
        }
        let reloads = located(snapshot.reloadedItemIdentifiers)
            + snapshot.reloadedSectionIdentifiers.flatMap { section in located(applied.itemIdentifiers(inSection: section)) }
        if !reloads.isEmpty { table.reloadRows(at: reloads) }
        let reconfigures = located(snapshot.reconfiguredItemIdentifiers)
        if !reconfigures.isEmpty { table.reconfigureRows(at: reconfigures) }
        if let completion { table.simulation.clock.async(.main, after: animated ? Sim.ms(300) : 0, completion) }
    }

    /// Every item's index path in order when `identifiers` are exactly the
    /// snapshot's items in order (an app that reconfigures every row, as
    /// `row-ids` does), else nil: the same paths a look-up would give (an
    /// applied snapshot has no duplicates: one with any has a fault and is
    /// never performed), without hashing a row.
    ///
    /// - Complexity: O(n) comparisons, stopping at the first difference.
    private static func everyPath(ifAll identifiers: [ItemID], in snapshot: Snapshot<SectionID, ItemID>) -> [ItemPath]? {
        guard !identifiers.isEmpty, identifiers.count == snapshot.numberOfItems else { return nil }
        var result: [ItemPath] = []
        result.reserveCapacity(identifiers.count)
        var next = 0
        for (section, identifier) in snapshot.sectionIdentifiers.enumerated() {
            for (index, item) in snapshot.itemIdentifiers(inSection: identifier).enumerated() {
                guard next < identifiers.count, identifiers[next] == item else { return nil }
                result.append(ItemPath(section: section, item: index))
                next += 1
            }
        }
        return next == identifiers.count ? result : nil
    }

    /// Every item's index path. O(n).
    private static func paths(in snapshot: Snapshot<SectionID, ItemID>) -> IdentifierMap<ItemID, ItemPath> {
        var paths = IdentifierMap<ItemID, ItemPath>(minimumCapacity: snapshot.numberOfItems)
        for (section, identifier) in snapshot.sectionIdentifiers.enumerated() {
            for (index, item) in snapshot.itemIdentifiers(inSection: identifier).enumerated() {
                paths[item] = ItemPath(section: section, item: index)
            }
        }
        return paths
    }

    private static func sections(_ snapshot: Snapshot<SectionID, ItemID>) -> [DiffSection<SectionID, ItemID>] {
        snapshot.sectionIdentifiers.map { DiffSection(id: $0, items: snapshot.itemIdentifiers(inSection: $0)) }
    }

    // MARK: - TableDataSource

    public func numberOfSections(in table: TableView) -> Int { displayed.numberOfSections }

    public func tableView(_ table: TableView, numberOfRowsInSection section: Int) -> Int {
        section < displayed.numberOfSections ? displayed.numberOfItems(inSection: displayed.sectionIdentifiers[section]) : 0
    }

    /// The app's item behind an identifier (for ``TableDataSource/tableView(_:itemAt:)``); nil: not said.
    public var itemOf: ((ItemID) -> Int?)?

    public func tableView(_ table: TableView, itemAt path: ItemPath) -> Int? {
        guard let itemOf else { return nil }
        return itemIdentifier(for: path).flatMap(itemOf)
    }

    public func tableView(_ table: TableView, cellForRowAt path: ItemPath) -> Cell {
        // The table only asks for rows that exist in what it shows.
        let item = displayed.itemIdentifiers(inSection: displayed.sectionIdentifiers[path.section])[path.item]
        return cellProvider(table, path, item)
    }
}
