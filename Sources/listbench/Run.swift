import ArgumentParser
import Foundation
import Profiler
import Scenarios
import Strategies

/// `listbench run`: strategies through scenarios, modeled figures.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run strategies through scenarios and print the modeled figures.",
        discussion: """
            Every figure here is MODELED (virtual time on the simulated device): deterministic, \
            identical on every machine. ttff: time to first frame (ms); completion: when the last \
            step's content is on screen (ms); main/bg: modeled busy time (ms); hitch ms/s: hitch \
            time ratio (Apple's rating in brackets); stale: visible rows not showing the current \
            data after a step; jump: points content moved on screen without the user scrolling; \
            unchanged reloads: visible cells torn down although unchanged; peak: peak memory. \
            Status: completed, crashed (an invalid update, with UIKit's message), killed (memory), \
            timedOut.
            """
    )

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .customLong("strategy"), help: "A strategy to run (repeatable; default: all). See 'listbench list strategies'.")
    var strategies: [String] = []

    @Option(help: "Device: a shipped profile or a profile file (overrides the scenario's).")
    var device: String?

    @Option(help: "Output format: table, json.")
    var format: OutputFormat = .table

    func validate() throws {
        for name in strategies {
            do { _ = try StrategyCatalog.builtIn.named(name) } catch { throw ValidationError(error.description) }
        }
        if let device { _ = try DeviceOption.resolve(device) }
    }

    func run() throws {
        let catalog = StrategyCatalog.builtIn
        let chosen = try (strategies.isEmpty ? catalog.names : strategies).map { try catalog.named($0) }
        var loaded: [(file: String, scenario: Scenario)] = []
        for file in scenarios {
            do {
                loaded.append((file, try ScenarioFile.load(path: file)))
            } catch {
                Terminal.note("\(file): \(error)")
                throw ExitCodes.forScenario(error)
            }
        }
        var report: [ScenarioReport] = []
        for (_, scenario) in loaded {
            let profile = try DeviceOption.resolve(device ?? scenario.device ?? "iphone-15")
            let generated = scenario.generate(device: profile.name)
            var results: [StrategyResult] = []
            for descriptor in chosen {
                let metrics = ScenarioRunner(generated: generated, device: profile, strategy: descriptor).run()
                results.append(StrategyResult(strategy: descriptor.name, metrics: metrics))
            }
            report.append(ScenarioReport(scenario: scenario.name, device: profile.name, results: results))
        }
        switch format {
        case .table: print(report.map { $0.renderTable() }.joined(separator: "\n"), terminator: "")
        case .json: print(try ScenarioReport.renderJSON(report), terminator: "")
        }
    }
}
