import ArgumentParser
import Foundation
import Profiler
import Scenarios

/// `listbench sweep SCENARIO --set KEY=V1,V2,...`: one scenario over a parameter.
struct Sweep: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rerun a scenario over values of one parameter and show how each metric grows.",
        discussion: """
            Keys: \(ScenarioParameter.allCases.map { "\($0.rawValue): \($0.meaning)" }.joined(separator: "; ")); \
            device: a shipped device name or profile file. For each strategy, a table with a row per \
            value and, for every metric, the growth factor from the previous value (×). Same exit codes \
            as 'listbench run'.
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
        let keys = ScenarioParameter.allCases.map(\.rawValue) + ["device"]
        guard parts.count == 2, !parts[0].isEmpty else {
            throw ValidationError("--set \(assignment): expected KEY=V1,V2,... with KEY one of \(keys.joined(separator: ", "))")
        }
        guard keys.contains(parts[0]) else {
            throw ValidationError("--set \(assignment): unknown key '\(parts[0])'; known keys: \(keys.joined(separator: ", "))")
        }
        let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.isEmpty, !values.contains(where: \.isEmpty) else {
            throw ValidationError("--set \(assignment): give one or more comma-separated values")
        }
        guard Set(values).count == values.count else { throw ValidationError("--set \(assignment): a value is repeated") }
        return (parts[0], values)
    }

    func validate() throws {
        try Session.checkStrategies(strategies)
        let (key, values) = try parsed()
        if key == "device" {
            for value in values { _ = try DeviceOption.resolve(value) }
            if measure.device != nil { throw ValidationError("--device and --set device=… both choose the device; give one") }
        }
    }

    func run() throws {
        let (key, values) = try parsed()
        let chosen = try Session.strategies(strategies)
        let baseline = try report.loadBaseline()
        guard let (file, base) = try Session.load([scenario]).first else { return }
        var jobs: [Session.Job] = []
        for value in values {
            let label = "\(base.name) [\(key)=\(value)]"
            if key == "device" {
                jobs.append(Session.Job(label: label, file: file, scenario: base, device: value))
                continue
            }
            guard let parameter = ScenarioParameter(rawValue: key) else { continue }
            do {
                jobs.append(Session.Job(label: label, file: file, scenario: try base.setting(parameter, to: value)))
            } catch {
                Terminal.note("listbench sweep: --set \(error)")
                throw ExitCodes.usage
            }
        }
        let result = try Session.execute(jobs, strategies: chosen, options: measure)
        let text: String?
        switch report.format {
        case .table, .markdown:
            let markdown = report.format == .markdown
            text = SweepTable.render(result, scenario: base.name, key: key, values: values, markdown: markdown)
                + result.scenarios.map { result.notes($0, markdown: markdown) }.joined() + result.legend
        case .csv, .json, .html:
            text = nil
        }
        let code = try report.emit(result, baseline: baseline, stdout: text)
        if code != .success { throw code }
    }
}
