import ListSimulator
import Profiler
import Scenarios
import Strategies

// Load a scenario file, run one strategy on the scenario's own device, and
// read two of its modeled figures by their identifiers.
let scenario = try ScenarioFile.load(path: "Scenarios/realtime-feed.json")
let generated = try scenario.generate()
let runner = ScenarioRunner(
    generated: generated,
    device: try DeviceProfile.shipped(named: generated.device),
    strategy: try StrategyCatalog.builtIn.named("identifier-diff:diff=minimal"))
let result = StrategyResult(strategy: "identifier-diff:diff=minimal", metrics: runner.run())
print("completion ms:", result.value(.completionMs) ?? "none")
print("stale rows:", result.value(.staleRows) ?? "none")
