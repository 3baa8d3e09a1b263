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

    private let source: ItemTableSource
    private let model: MainQueueModel

    public init(simulation: Simulation) {
        source = ItemTableSource(simulation: simulation)
        model = MainQueueModel(simulation: simulation)
        // Diff what the table shows against the new data and perform the difference.
        model.onChange = { [unowned self] old, new in
            source.sections = new
            DiffedUpdate.perform(on: source.table, from: old, to: new, simulation: simulation)
        }
    }

    public var surface: ListSurface { .table(source.table) }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
