import ListData
import ListDiff
import ListSimulator

/// `identifier-diff`: seed #2's "you almost never need reloadData". Items
/// are identified by unique identifiers; each time data arrives, the new
/// arrays are diffed against what the table shows with listbench's Heckel
/// diff (the library's algorithm, as IGListKit's), and the batch updates are
/// performed animated.
///
/// Options (seeds.md, "#2 identifier diffing: the published code"):
/// - `isEqual=content` (default: the write-up's prose, an `isEqual` that
///   tells an update from an unchanged item) or `id` (its example code's
///   `{ $0.id == $1.id }`, which reports no updates, so changed rows stay stale);
/// - `updates=reload` (default: `reloadItems`, as the library did; no
///   reconfigure API existed then) or `reconfigure` (in place, iOS 15).
///
/// The diff runs on main, where the data is handed over, charging the
/// device's per-item diff cost.
public final class IdentifierDiffStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "identifier-diff",
        summary: "diffs each new array by identifier (Heckel), batch-updates, reloads changed cells",
        options: [
            StrategyOption(key: "isEqual", meaning: "how the diff tells an updated item from an unchanged one", choices: [
                StrategyChoice("content", "identifier and content: a changed item is an update (the write-up's prose)"),
                StrategyChoice("id", "identifier only, as the write-up's example passes: no updates, changed rows stay stale"),
            ], default: "content"),
            StrategyOption(key: "updates", meaning: "how updated rows are refreshed", choices: [
                StrategyChoice("reload", "reloadItems, a new cell each (the library; no reconfigure API existed then)"),
                StrategyChoice("reconfigure", "reconfigureRows, the same cell, on iOS 15 and later (reload before)"),
            ], default: "reload"),
        ]
    ) { simulation, options in
        IdentifierDiffStrategy(simulation: simulation, comparesContent: options["isEqual"] != "id",
                               updates: options["updates"] == "reconfigure" ? .reconfigure : .reload)
    }

    private let source: ItemTableSource
    private let model: MainQueueModel

    public convenience init(simulation: Simulation) {
        self.init(simulation: simulation, comparesContent: true, updates: .reload)
    }

    init(simulation: Simulation, comparesContent: Bool, updates: DiffedUpdate.Updates) {
        source = ItemTableSource(simulation: simulation)
        model = MainQueueModel(simulation: simulation)
        // Diff what the table shows against the new data and perform the difference.
        model.onChange = { [unowned self] old, new in
            source.sections = new
            DiffedUpdate.perform(on: source.table, from: old, to: new, simulation: simulation,
                                 updates: updates, comparesContent: comparesContent)
        }
    }

    public var surface: any ListSurface { source.table }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
