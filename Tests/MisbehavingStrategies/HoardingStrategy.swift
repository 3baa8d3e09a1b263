import ListData
import ListSimulator
import Strategies

/// `test-hoard` (tests only): allocates and touches 64 MiB after 64 MiB when
/// data arrives and never lets go, as a strategy with an unbounded cache
/// would. Only a host memory limit ends it.
final class HoardingStrategy: ListStrategy {
    static let descriptor = StrategyDescriptor(
        name: "test-hoard", summary: "(tests only) allocates without bound when data arrives"
    ) { HoardingStrategy(simulation: $0.simulation) }

    private let inner: ReloadStrategy
    private var hoard: [[UInt8]] = []

    init(simulation: Simulation) { inner = ReloadStrategy(simulation: simulation) }

    var surface: any ListSurface { inner.surface }

    func load(_ sections: [DataSection]) {
        // `repeating:` writes every byte, so the pages are resident.
        while sections.count >= 0 { hoard.append([UInt8](repeating: UInt8(hoard.count & 0xFF), count: 64 << 20)) }
        inner.load(sections)
    }

    func receive(_ changes: [DataChange]) { inner.receive(changes) }
    func visibleContent() -> [ContentKey] { inner.visibleContent() }
}
