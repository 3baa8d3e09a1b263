import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies

let scenariosFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

/// The shipped scenario files, by name.
let shippedScenarioFiles: [String] = {
    do {
        return try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path).filter { $0.hasSuffix(".json") }.sorted()
    } catch {
        // An empty list would make every test over it pass vacuously; one entry that cannot load fails them instead.
        return ["(the Scenarios folder cannot be read: \(error))"]
    }
}()

/// The modeled metrics of one built-in strategy (a spec: `name[:key=value]`) on a scenario, on the scenario's device.
/// A shipped scenario as shipped, with a built-in strategy's plain name, is the shared fixture's run.
func modeledRun(_ spec: String, _ scenario: Scenario) throws -> RunMetrics {
    let file = "\(scenario.name).json"
    if StrategyCatalog.builtIn.names.contains(spec), shippedScenarioFiles.contains(file),
       try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path) == scenario {
        return try ShippedRuns.shared.run(spec, file).metrics
    }
    let generated = try scenario.generate()
    return ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                          strategy: try StrategyCatalog.builtIn.named(spec).fitted(to: generated.grid)).run()
}

/// The test process's shared fixture: each (built-in strategy, shipped
/// scenario) pair run once, on the scenario's own device, with the
/// simulator's invariants checked after every step, whichever suite asks
/// first (conformance, the golden digests, the published directions). A
/// pair asked for by two suites at once is run once; the second waits.
final class ShippedRuns: Sendable {
    static let shared = ShippedRuns()

    /// One run: its modeled metrics and any invariant it broke.
    struct Run: Sendable {
        var metrics: RunMetrics
        var violations: [RunViolation]
    }

    /// Each pair's run, made by the first caller under the pair's own lock
    /// (so two pairs run at once, and a second caller of one pair waits).
    private let entries = Locked<[String: Locked<Result<Run, any Error>?>]>([:])

    /// The run of `strategy` on the shipped `file` (`home-170.json`).
    func run(_ strategy: String, _ file: String) throws -> Run {
        let entry = entries.withLock { entries in
            let key = "\(strategy) on \(file)"
            if let found = entries[key] { return found }
            let made = Locked<Result<Run, any Error>?>(nil)
            entries[key] = made
            return made
        }
        let outcome = entry.withLock { outcome -> Result<Run, any Error> in
            if let made = outcome { return made }
            let made = Result { () throws -> Run in
                let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
                let generated = try scenario.generate()
                // A grid runs each strategy on its collection surface, as `listbench run` does.
                let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                                            strategy: try StrategyCatalog.builtIn.named(strategy).fitted(to: generated.grid))
                runner.checksInvariants = true
                return Run(metrics: runner.run(), violations: runner.invariantViolations)
            }
            outcome = made
            return made
        }
        return try outcome.get()
    }
}
