import ArgumentParser
import Foundation
import Profiler
import Rendering
import Scenarios
import Strategies

/// `listbench sweep SCENARIO --set KEY=V1,V2,...`: one scenario over a parameter.
struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rerun a scenario over values of one parameter and show how each metric grows.",
        discussion: """
            Keys: \(ScenarioParameter.allCases.map { "\($0.rawValue): \($0.meaning)" }.joined(separator: "; ")); \
            device: a shipped device name or profile file; a JSON path into the scenario file (such as \
            world[0].everyMs or paging.latencyMs: the value there, each file so edited validated as any file is); \
            STRATEGY.OPTION (such as identifier-diff.updates): \
            one strategy's option, the scenario fixed (see 'listbench list strategies'). For each strategy, a \
            table with a row per value and, for every metric, the growth factor from the previous value (×). \
            Same exit codes as 'listbench run'.
            """
    )

    @Argument(help: "The scenario file.")
    var scenario: String

    @Option(name: .customLong("set"), help: "KEY=V1,V2,... (see the keys above).")
    var assignment: String

    @Option(name: .customLong("strategy"), help: "A strategy to run (repeatable; default: all).")
    var strategies: [String] = []

    @OptionGroup var measure: MeasureOptions
    @OptionGroup var report: ReportOptions

    /// The parsed `--set`: the key and its values.
    private func parsed() throws -> (key: String, values: [String]) {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        let named = ScenarioParameter.allCases.map(\.rawValue) + ["device"]
        let keys = (named + ["a JSON path (world[0].everyMs)", "STRATEGY.OPTION"]).joined(separator: ", ")
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ValidationError("--set \(assignment): expected KEY=V1,V2,... with KEY one of \(keys)")
        }
        guard named.contains(parts[0]) || ScenarioPath(parsing: parts[0]) != nil || optionKey(parts[0]) != nil else {
            throw ValidationError("--set \(assignment): unknown key '\(parts[0])'; known keys: \(keys)")
        }
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
            throw ValidationError("--set \(assignment): give one or more comma-separated values")
        }
        guard Set(values).count == values.count else { throw ValidationError("--set \(assignment): a value is repeated") }
        return (parts[0], values)
    }

    /// `STRATEGY.OPTION`: the strategy and the option a sweep over one option names.
    private func optionKey(_ key: String) -> (strategy: String, option: String)? {
        // A path into the scenario file (`paging.latencyMs`) is not an option.
        guard ScenarioPath(parsing: key) == nil, !key.contains("[") else { return nil }
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }

    /// A sweep over one strategy option: that strategy once per value.
    private func optionSweep(_ key: String, _ values: [String]) throws -> [StrategyDescriptor]? {
        guard let (strategy, option) = optionKey(key) else { return nil }
        guard strategies.isEmpty else {
            throw ValidationError("--set \(key)=…: a sweep over an option runs that strategy only; leave out --strategy")
        }
        return try Session.strategies(values.map { "\(strategy):\(option)=\($0)" })
    }

    func validate() throws {
        try Session.checkStrategies(strategies)
        let (key, values) = try parsed()
        _ = try optionSweep(key, values)
        if key == "device" {
            // Shipped names are checked here; profile files are read in run().
            for value in values { try DeviceOption.checkName(value) }
            if measure.device != nil { throw ValidationError("--device and --set device=… both choose the device; give one") }
        }
    }

    func run() throws {
        let (key, values) = try parsed()
        let baseline = try report.loadBaseline()
        try report.checkOutputs(inputs: ReportOptions.inputs(scenarios: [scenario], devices: [measure.device] + (key == "device" ? values.map { Optional($0) } : [])))
        guard let (file, base, _) = try Session.load([scenario]).first else { return }
        if let variants = try optionSweep(key, values) {
            let jobs = try Session.withProfiles([Session.Job(label: base.name, file: file, scenario: base)], options: measure)
            let result = try Session.execute(jobs, strategies: variants, options: measure)
            try emit(result, baseline: baseline,
                     sweep: SweepResults(optionSweep: result, scenario: base.name, key: key, values: values, variants: variants))
            return
        }
        let chosen = try Session.strategies(strategies)
        var jobs: [Session.Job] = []
        for value in values {
            let label = SweepResults.label(scenario: base.name, key: key, value: value)
            if key == "device" {
                jobs.append(Session.Job(label: label, file: file, scenario: base, device: value))
                continue
            }
            // A named parameter first (`seed` is both), then a path into the file.
            if ScenarioParameter(rawValue: key) == nil, let path = ScenarioPath(parsing: key) {
                do {
                    jobs.append(Session.Job(label: label, file: file, scenario: try ScenarioFile.load(path: file, setting: path, to: value)))
                } catch {
                    Terminal.note("listbench sweep: --set \(error)")
                    throw ListBenchExit.usage
                }
                continue
            }
            // parsed() accepts only `device`, a parameter or a strategy option (handled above).
            guard let parameter = ScenarioParameter(rawValue: key) else { throw ValidationError("--set \(key)=…: not a sweep parameter") }
            do {
                jobs.append(Session.Job(label: label, file: file, scenario: try base.setting(parameter, to: value)))
            } catch {
                Terminal.note("listbench sweep: --set \(error)")
                throw ListBenchExit.usage
            }
        }
        let result = try Session.execute(try Session.withProfiles(jobs, options: measure), strategies: chosen, options: measure)
        try emit(result, baseline: baseline, sweep: SweepResults(scenarioSweep: result, scenario: base.name, key: key, values: values))
    }

    /// Prints the sweep's tables (`sweep`, from `result`) and writes the exports of `result`.
    private func emit(_ result: BenchmarkReport, baseline: BenchmarkReport?, sweep: SweepResults) throws {
        let text: String?
        switch report.format {
        case .table, .markdown:
            text = SweepTable.render(sweep, report: result, markdown: report.format == .markdown)
                + (report.format == .markdown ? "\n" + result.versionLine + "\n" : "")
        case .csv, .json, .html:
            text = nil
        }
        let code = try report.emit(result, baseline: baseline, stdout: text)
        if code != .success { throw code }
    }
}
