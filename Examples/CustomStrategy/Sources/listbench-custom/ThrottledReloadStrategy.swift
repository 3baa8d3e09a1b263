import ListData
import ListSimulator
import Strategies

/// `throttled-reload`: keeps its model on main, like `reload`, but calls
/// `reloadData` at most once per interval, however many changes arrived
/// meanwhile — a common way to calm a busy realtime list without diffing.
///
/// The price is latency: between reloads the table shows the model as it was
/// at the last one, so a change reaches the screen up to one interval late
/// (listbench counts a row stale only if it is still stale when a step has
/// settled, which a throttle of a few frames never is).
public final class ThrottledReloadStrategy: ListStrategy {
    public static let descriptor = StrategyDescriptor(
        name: "throttled-reload",
        summary: "keeps its model on main and calls reloadData at most once per interval",
        options: [
            StrategyOption(key: "interval", meaning: "the least time between two reloads", choices: [
                StrategyChoice("100", "100 ms: a few frames"),
                StrategyChoice("500", "500 ms: half a second"),
            ], default: "100"),
        ]
    ) { simulation, configuration in
        // The catalog accepts only the values listed above, so the number always parses.
        let milliseconds = configuration["interval"].flatMap(Double.init) ?? 100
        return ThrottledReloadStrategy(simulation: simulation, intervalMs: milliseconds)
    }

    private let simulation: Simulation
    private let source: ItemTableSource
    private let interval: SimTime
    private var store = DataStore()
    private var reloadPending = false

    public init(simulation: Simulation, intervalMs: Double) {
        self.simulation = simulation
        source = ItemTableSource(simulation: simulation)
        interval = Sim.ms(intervalMs)
    }

    public var surface: any ListSurface { source.table }

    public func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            store = DataStore(sections)
            source.sections = store.sections
            source.table.reloadData()
        }
    }

    public func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            guard store.apply(changes, failingRunOf: simulation) else { return }
            guard !reloadPending else { return }
            reloadPending = true
            simulation.clock.async(.main, after: interval) { [self] in
                reloadPending = false
                source.sections = store.sections
                source.table.reloadData()
            }
        }
    }

    public func visibleContent() -> [ContentKey] { source.visibleContent() }
}
