import ListData
import ListSimulator

/// `reload`: keeps its model and calls `reloadData` on every change: the
/// "sledgehammer" (WWDC18-225) that seeds #2 and #3 moved away from.
///
/// Data arrives on the network's queue; the strategy hops to main, updates
/// its model there and reloads. Safe (the table never sees a model it was
/// not told about), but every visible cell is torn down and configured again
/// on every change, changed or not, and self-sized heights are estimated anew.
public final class ReloadStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "reload", summary: "keeps its model and calls reloadData on every change"
    ) { ReloadStrategy(simulation: $0.simulation, kinds: $0.feedKinds, collection: $0.collection) }

    private let source: ItemTableSource
    private let model: MainQueueModel

    public convenience init(simulation: Simulation) { self.init(simulation: simulation, kinds: .feed) }

    init(simulation: Simulation, kinds: KindSet, collection: CollectionLayout? = nil) {
        source = ItemTableSource(simulation: simulation, kinds: kinds, collection: collection)
        model = MainQueueModel(simulation: simulation)
        model.onChange = { [unowned self] _, new in
            source.sections = new
            source.table.reloadData()
        }
    }

    public var surface: any ListSurface { source.table }
    public func load(_ sections: [DataSection]) { model.load(sections) }
    public func receive(_ changes: [DataChange]) { model.receive(changes) }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
