import Scenarios
import Strategies

extension Session {
    /// A strategy fitted to a job's list (``StrategyDescriptor/fitted(to:)``):
    /// as asked, or on `surface=collection` for a grid; one that cannot show
    /// the grid is refused with one message naming the strategy and the key.
    ///
    /// - Throws: ``ListBenchExit/invalidScenario`` (65).
    static func fitted(_ strategy: StrategyDescriptor, to generated: GeneratedScenario, file: String) throws -> StrategyDescriptor {
        do {
            return try strategy.fitted(to: generated.grid)
        } catch {
            Terminal.note("\(file): \(error)")
            throw ListBenchExit.invalidScenario
        }
    }
}
