import ListData
import ListSimulator

extension DataStore {
    /// Applies a change to a model (an app's, or the runner's copy of what
    /// the app was sent). A change the model cannot place (its section or
    /// item is not there, or its index is past the end) is where an app's
    /// own array code would trap ("Index out of range"): it is recorded as
    /// the run's failure, the simulated crash, with ``DataChangeError``'s
    /// message naming the change, and the model is left as it was.
    ///
    /// The generated changes are resolved against the data they apply to, so
    /// no shipped scenario reaches the failure; it is there so that a change
    /// that cannot be placed fails the run instead of being clamped or dropped.
    ///
    /// - Returns: whether the change was applied.
    /// - Complexity: that of ``DataStore/apply(_:)``.
    @discardableResult
    public mutating func apply(_ change: DataChange, failingRunOf simulation: Simulation) -> Bool {
        do {
            try apply(change)
            return true
        } catch {
            simulation.recordInconsistency(.unplaceableChange, Self.ownDataPrefix + error.description)
            return false
        }
    }

    /// What such a failure's message starts with: it is the app's own array
    /// code that fails, not a UIKit or Texture check, so its words are not
    /// theirs (Swift traps there with "Fatal error: Index out of range").
    public static let ownDataPrefix = "the app's own data, not a UIKit or Texture check (its array code would trap: \"Fatal error: Index out of range\"): "

    /// Applies changes in order with ``apply(_:failingRunOf:)``, stopping at the first that cannot be placed.
    ///
    /// - Returns: whether every change was applied.
    /// - Complexity: the sum of the changes' ``DataStore/apply(_:)``.
    @discardableResult
    public mutating func apply(_ changes: [DataChange], failingRunOf simulation: Simulation) -> Bool {
        for change in changes where !apply(change, failingRunOf: simulation) { return false }
        return true
    }
}
