import ListData
import ListSimulator
import Strategies

/// `test-hang` (tests only): never returns from `load`, as a strategy stuck
/// in a loop would. Only a wall-time limit ends it.
final class HangingStrategy: ListStrategy {
    static let descriptor = StrategyDescriptor(
        name: "test-hang", summary: "(tests only) loops forever when data arrives"
    ) { HangingStrategy(simulation: $0.simulation) }

    private let inner: ReloadStrategy
    private var spins: UInt64 = 0

    init(simulation: Simulation) { inner = ReloadStrategy(simulation: simulation) }

    var surface: any ListSurface { inner.surface }

    func load(_ sections: [DataSection]) {
        // The condition never becomes false; the counter wraps.
        while sections.count >= 0 { spins &+= 1 }
        inner.load(sections)
    }

    func receive(_ changes: [DataChange]) { inner.receive(changes) }
    func visibleContent() -> [ContentKey] { inner.visibleContent() }
}
