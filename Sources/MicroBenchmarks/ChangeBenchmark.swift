import ListSimulator
import Profiler
import Scenarios
import Strategies

/// One measured run of the change benchmark (``ChangeBenchmark``).
public struct ChangeBenchResult: Equatable, Sendable, Codable {
    public var rows: Int
    public var changesPerBurst: Int
    public var bursts: Int
    public var strategy: String
    /// Measured: host wall time to generate the scenario (once, shared by every strategy), and to run it.
    public var generateMs: Double
    public var runMs: Double
    /// Modeled: how the run ended and its figures.
    public var status: RunStatus
    public var completionMs: Double?
    public var mainThreadBusyMs: Double
    public var frames: Int
    public var hitches: Int
}

/// The data side at scale: `large-list` grown to `rows` items with bursts of
/// `changesPerBurst` changes (``Scenario/changeBenchmark(items:changesPerBurst:bursts:)``),
/// generated once and run through the whole runner with each strategy. It
/// shows that a change costs O(log n) in the world's data and in the app's
/// model, so a million items with bursts of tens of thousands of changes run
/// in seconds.
public enum ChangeBenchmark {
    /// Runs each strategy once on the scenario; `now` reads the host's monotonic clock in milliseconds.
    ///
    /// - Complexity: generation O(rows + changes × log rows); each run as its strategy does.
    /// - Throws: what ``Scenario/generate(device:)`` refuses (never, for values within ``ScenarioLimits``).
    public static func run(
        rows: Int, changesPerBurst: Int, bursts: Int, strategies: [StrategyDescriptor], device: DeviceProfile,
        now: () -> Double
    ) throws(PositionViolation) -> [ChangeBenchResult] {
        let scenario = Scenario.changeBenchmark(items: rows, changesPerBurst: changesPerBurst, bursts: bursts)
        let generationStart = now()
        let generated = try scenario.generate(device: device.name)
        let generateMs = now() - generationStart
        return strategies.map { strategy in
            let start = now()
            let metrics = ScenarioRunner(generated: generated, device: device, strategy: strategy).run()
            return ChangeBenchResult(
                rows: rows, changesPerBurst: changesPerBurst, bursts: bursts, strategy: strategy.name,
                generateMs: generateMs, runMs: now() - start, status: metrics.status, completionMs: metrics.completionMs,
                mainThreadBusyMs: metrics.mainThreadBusyMs, frames: metrics.frames, hitches: metrics.hitches)
        }
    }
}
