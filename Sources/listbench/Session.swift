import ArgumentParser
import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies

/// What `run`, `compare` and `sweep` share: loading scenarios, resolving
/// strategies and devices, running the benchmark with progress, and
/// grouping results into a report.
enum Session {
    /// One scenario to run, as it will be labelled in the report.
    struct Job {
        var label: String
        var file: String
        var scenario: Scenario
        var device: String?
    }

    /// Loads scenario files; a bad file stops everything with its message and exit code.
    static func load(_ files: [String]) throws -> [(file: String, scenario: Scenario)] {
        try files.map { file in
            do throws(ScenarioError) {
                return (file, try ScenarioFile.load(path: file))
            } catch {
                Terminal.note("\(file): \(error)")
                throw ExitCodes.forScenario(error)
            }
        }
    }

    /// Strategy descriptors by name (all when `names` is empty); an unknown name is a usage error.
    static func strategies(_ names: [String]) throws -> [StrategyDescriptor] {
        let catalog = StrategyCatalog.builtIn
        return try (names.isEmpty ? catalog.names : names).map { name in
            do { return try catalog.named(name) } catch { throw ValidationError(String(describing: error)) }
        }
    }

    /// Validates strategy names in a command's `validate()`.
    static func checkStrategies(_ names: [String]) throws { _ = try strategies(names) }

    /// Runs every job × strategy and groups the results per job.
    static func execute(
        _ jobs: [Job], strategies: [StrategyDescriptor], options: MeasureOptions, defaultRepetitions: Int = 1
    ) throws -> BenchmarkReport {
        let settings = options.benchmarkOptions(defaultRepetitions: defaultRepetitions)
        var requests: [RunRequest] = []
        var groups: [(label: String, profile: DeviceProfile)] = []
        for job in jobs {
            let profile = try DeviceOption.resolve(job.device ?? options.device ?? job.scenario.device ?? DeviceProfile.defaultName)
            let generated = job.scenario.generate(device: profile.name)
            groups.append((job.label, profile))
            for strategy in strategies {
                requests.append(RunRequest(scenario: job.label, file: job.file, generated: generated, device: profile, strategy: strategy))
            }
        }
        let probe = LinuxHostProbe()
        let show = Terminal.progress(quiet: options.quiet)
        let results: [StrategyResult]
        do {
            results = try Benchmark.run(requests, options: settings, probe: probe) { done, total, label in
                show("[\(done)/\(total)] \(label)")
            }
        } catch {
            Terminal.endProgress(quiet: options.quiet)
            Terminal.note("internal error: \(error)")
            throw ExitCodes.internalError
        }
        Terminal.endProgress(quiet: options.quiet)
        var scenarios: [ScenarioReport] = []
        for (index, group) in groups.enumerated() {
            let slice = Array(results[(index * strategies.count)..<((index + 1) * strategies.count)])
            scenarios.append(ScenarioReport(scenario: group.label, device: group.profile, results: slice))
        }
        let info = settings.repetitions > 0 ? MeasurementInfo(
            repetitions: settings.repetitions, warmup: options.warmup, jobs: options.jobs,
            measuredInParallel: options.measureInParallel && options.jobs > 1, method: probe.method, build: Terminal.build) : nil
        return BenchmarkReport(measurement: info, scenarios: scenarios)
    }
}
