import ListData
import ListDiff
import ListSimulator

/// Performing the difference between two item lists on a table: identifier
/// diff, batch updates, then the changed rows updated.
enum DiffedUpdate {
    /// How changed rows are updated after the batch.
    enum Updates {
        /// `reloadRows`: a new cell each.
        case reload
        /// `reconfigureRows` where the running iOS has it (15), else `reloadRows`.
        case reconfigure
    }

    /// Before the table has loaded, a `reloadData` (the first data); after,
    /// the identifier diff of `old` and `new`, performed.
    ///
    /// A diff that fails (``DiffError``: an identifier twice in one list)
    /// is recorded as the run's failure (``recordFailure(_:in:)``) and the
    /// table is left as it is: no published technique falls back to
    /// `reloadData` there (seeds.md #2: "no `reloadData` anywhere").
    ///
    /// - Parameters:
    ///   - comparesContent: whether an item whose content (version) changed is
    ///     an update; false is an `isEqual` on identifiers only, which sees none.
    /// - Complexity: O(n) in the items of both lists, plus the table's updates.
    static func perform(on table: any DiffTarget, from old: [DataSection], to new: [DataSection], simulation: Simulation,
                        updates: Updates = .reconfigure, comparesContent: Bool = true) {
        guard table.hasLoaded else { return table.reloadAll() }
        let difference: SectionedChanges
        do {
            difference = try changes(from: old, to: new, simulation: simulation, comparesContent: comparesContent)
        } catch {
            return recordFailure(error, in: simulation)
        }
        apply(difference, to: table, updates: updates)
    }

    /// Records a failed diff as the run's failure, as an invalid update is:
    /// the app cannot update its list, and the run stops there.
    static func recordFailure(_ error: DiffError, in simulation: Simulation) {
        simulation.recordInconsistency(.diffFailed, "the identifier diff failed: \(error)")
    }

    /// Performs a computed difference: its batch stages, then the changed rows updated.
    static func apply(_ changes: SectionedChanges, to table: any DiffTarget, updates: Updates) {
        for var stage in changes.stages {
            stage.reloadedItems = []
            guard stage.isEmpty || table.perform(stage, animated: true) else { return }
        }
        let changed = changes.itemUpdates.map(\.to)
        guard !changed.isEmpty else { return }
        table.refresh(changed, reconfiguring: updates == .reconfigure)
    }

    /// The identifier diff of two item lists, a changed version making an
    /// update (when `comparesContent`); charges the device's per-item diff
    /// cost to the current thread.
    ///
    /// - Throws: ``DiffError`` when an identifier occurs twice in one list
    ///   (or a list is past the diff's size limit).
    /// - Complexity: O(n) in the items of both lists.
    static func changes(from old: [DataSection], to new: [DataSection], simulation: Simulation,
                        comparesContent: Bool = true) throws(DiffError) -> SectionedChanges {
        let items = old.reduce(0) { $0 + $1.items.count } + new.reduce(0) { $0 + $1.items.count }
        simulation.recordDiff(items: items)
        simulation.charge(microseconds: Double(items) * simulation.costs.diffPerItemMicroseconds.value, .diffing)
        // The versions read once, in order (a section's items are a tree list:
        // reading one by position is O(log n), iterating them is not).
        let oldVersions = comparesContent ? old.map { $0.items.map(\.version) } : []
        let newVersions = comparesContent ? new.map { $0.items.map(\.version) } : []
        return try SectionedChanges(
            from: old.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
            to: new.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
            isItemUpdated: { comparesContent && oldVersions[$0.section][$0.item] != newVersions[$1.section][$1.item] })
    }
}
