import ListData
import ListSimulator

/// The model most table strategies keep: data that arrives on the network
/// queue is handed to the main queue, applied there, and the strategy reacts
/// to the sections before and after. Keeping the model on main is what makes
/// these strategies safe from the batch-update race (`batch-updates` is the
/// one that does not).
final class MainQueueModel {
    private let simulation: Simulation
    private(set) var store = DataStore()
    /// Called on main after each arrival, with the sections before and after it.
    var onChange: (_ old: [DataSection], _ new: [DataSection]) -> Void = { _, _ in }

    init(simulation: Simulation) { self.simulation = simulation }

    var sections: [DataSection] { store.sections }

    /// The first data: replaces the model on main.
    func load(_ sections: [DataSection]) {
        simulation.clock.async(.main) { [self] in
            let old = store.sections
            store = DataStore(sections)
            onChange(old, store.sections)
        }
    }

    /// Changes that arrived together: applied in order on main.
    func receive(_ changes: [DataChange]) {
        simulation.clock.async(.main) { [self] in
            let old = store.sections
            guard store.apply(changes, failingRunOf: simulation) else { return }
            onChange(old, store.sections)
        }
    }
}
