import ListData
import ListSimulator
import Strategies

/// `test-trap` (tests only): indexes past the end of an array when the data
/// arrives, the way a real strategy traps on a stale index path. Swift stops
/// the process with a runtime trap.
final class TrappingStrategy: ListStrategy {
    static let descriptor = StrategyDescriptor(
        name: "test-trap", summary: "(tests only) traps on an out-of-range index when data arrives"
    ) { TrappingStrategy(simulation: $0.simulation) }

    private let inner: ReloadStrategy

    init(simulation: Simulation) { inner = ReloadStrategy(simulation: simulation) }

    var surface: any ListSurface { inner.surface }

    func load(_ sections: [DataSection]) {
        let rows = sections.map(\.items.count)
        // One past the end: the trap.
        _ = rows[rows.count]
        inner.load(sections)
    }

    func receive(_ changes: [DataChange]) { inner.receive(changes) }
    func visibleContent() -> [ContentKey] { inner.visibleContent() }
}
