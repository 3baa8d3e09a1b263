import ListData
import ListSimulator
import Strategies

/// `test-spin` (tests only): once data arrives, keeps the main queue busy
/// for ever with short blocks, each of which schedules the next, as an app
/// stuck in a retry loop would. The run never settles, so only Ctrl-C (or
/// the runner's step bound, far away) ends it; each simulator step stays
/// short, so an in-process run sees the cancellation at once.
final class SpinningStrategy: ListStrategy {
    static let descriptor = StrategyDescriptor(
        name: "test-spin", summary: "(tests only) keeps the main queue busy for ever once data arrives"
    ) { SpinningStrategy(simulation: $0.simulation) }

    private let simulation: Simulation
    private let inner: ReloadStrategy

    init(simulation: Simulation) {
        self.simulation = simulation
        inner = ReloadStrategy(simulation: simulation)
    }

    var surface: any ListSurface { inner.surface }

    func load(_ sections: [DataSection]) {
        inner.load(sections)
        spin()
    }

    private func spin() {
        simulation.clock.async(.main) { [self] in
            simulation.charge(microseconds: 50)
            spin()
        }
    }

    func receive(_ changes: [DataChange]) { inner.receive(changes) }
    func visibleContent() -> [ContentKey] { inner.visibleContent() }
}
