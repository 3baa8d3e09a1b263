import ListData
import ListDiff
import ListSimulator

/// `identifier-diff`: seed #2's "you almost never need reloadData". Items
/// are identified by unique identifiers with a content check (their
/// version); each time data arrives, the new arrays are diffed against what
/// the table shows with listbench's Heckel diff (as IGListKit, DataSources
/// and DifferenceKit do), the batch updates are performed animated, and
/// changed items are reconfigured in place (iOS 15), never reloaded.
///
/// The diff runs on main, where the data is handed over, charging the
/// device's per-item diff cost.
public final class IdentifierDiffStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "identifier-diff",
        summary: "diffs each new array by identifier and content (Heckel), batch-updates and reconfigures changed cells"
    ) { IdentifierDiffStrategy(simulation: $0) }

    private let simulation: Simulation
    private let source: ItemTableSource
    private var store = DataStore()

    public init(simulation: Simulation) {
        self.simulation = simulation
        source = ItemTableSource(simulation: simulation)
    }

    public var surface: ListSurface { .table(source.table) }

    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            store = DataStore(sections)
            show(store.sections)
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            for change in changes { store.apply(change) }
            show(store.sections)
        }
    }

    /// Diffs what the table shows against `new` and performs the difference.
    private func show(_ new: [DataSection]) {
        let old = source.sections
        let table = source.table
        guard table.isLoaded else {
            source.sections = new
            table.reloadData()
            return
        }
        let items = old.reduce(0) { $0 + $1.items.count } + new.reduce(0) { $0 + $1.items.count }
        simulation.counters.diffedItems += items
        simulation.charge(microseconds: Double(items) * simulation.costs.diffPerItemMicroseconds.value)
        let changes: SectionedChanges
        do {
            changes = try SectionedChanges(
                from: old.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
                to: new.map { DiffSection(id: $0.id, items: $0.items.map(\.id)) },
                duplicates: .bestEffort,
                isItemUpdated: { old[$0.section].items[$0.item].version != new[$1.section].items[$1.item].version })
        } catch {
            source.sections = new
            table.reloadData()
            return
        }
        source.sections = new
        for var stage in changes.stages {
            stage.reloadedItems = []
            guard stage.isEmpty || table.performBatchUpdates(stage) else { return }
        }
        let changed = changes.itemUpdates.map(\.to)
        if !changed.isEmpty { table.reconfigureRows(at: changed) }
    }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
