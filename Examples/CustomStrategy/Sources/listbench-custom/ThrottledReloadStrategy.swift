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
        options: [Interval.option]
    ) { context, configuration in
        let intervalMs: Double
        switch configuration.setting(of: Interval.self) {
        case .named(let interval): intervalMs = interval.milliseconds
        case .number(let milliseconds): intervalMs = milliseconds
        }
        return ThrottledReloadStrategy(simulation: context.simulation, intervalMs: intervalMs)
    }

    /// Option `interval`: the least time between two reloads: a named value,
    /// or any number of milliseconds in ``numbers`` (`interval=333`). The
    /// option's listing and its values come from this enum, and the builder
    /// reads it typed, so a value the option does not have cannot compile.
    public enum Interval: String, StrategyOptionValue {
        case fewFrames = "100"
        case halfASecond = "500"

        public static let key = "interval"
        public static let meaning = "the least time between two reloads"
        public static let defaultValue = Interval.fewFrames
        public static let numbers: StrategyNumbers? = StrategyNumbers(1...10_000, unit: "ms", meaning: "another interval, in ms")

        public var meaning: String {
            switch self {
            case .fewFrames: "100 ms: a few frames"
            case .halfASecond: "500 ms: half a second"
            }
        }

        var milliseconds: Double {
            switch self {
            case .fewFrames: 100
            case .halfASecond: 500
            }
        }
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
