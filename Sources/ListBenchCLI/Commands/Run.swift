import ArgumentParser
import Foundation
import Profiler
import Rendering

/// `listbench run`: strategies through scenarios; modeled figures, and measured ones over repetitions.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run strategies through scenarios: modeled device figures and measured host figures.",
        discussion: """
            One table per scenario. MODELED figures (virtual time on the simulated device) are \
            deterministic and identical on every machine, and are all that is printed by default. \
            MEASURED figures (columns marked [measured]) are this host's wall time, CPU time and \
            memory running the simulation, as statistics over repetitions: only with --measure \
            (\(MeasureOptions.measureRepetitions) repetitions) or --repetitions N (N ≥ 1); they say \
            nothing about the phone.

            \(MetricGlossary.runHelp)
            Status: completed, crashed (an invalid update, with UIKit's message), killed (the device's \
            memory limit), timedOut (past 4 h of virtual time or 20,000,000 simulator steps), \
            unsupported (needs iOS N): the device's iOS (--ios) lacks an API the technique needs, so it \
            was not run, or \
            failed (REASON): the run ended on the host without figures, because it trapped, passed \
            --timeout or --memory-limit in its own process, or broke an invariant. With more than one \
            run, each runs in its own process unless --no-isolate. Ctrl-C prints what finished and \
            writes no file (unless the files were already being renamed into place: then all of them). Exit codes: \(ListBenchExit.summary)
            """
    )

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .customLong("strategy"), help: "A strategy to run (repeatable; default: all). See 'listbench list strategies'.")
    var strategies: [String] = []

    @Flag(help: "Also print where the modeled time went: per strategy, main's and the workers' busy time by category (table format; markdown, CSV, JSON and HTML always carry it).")
    var breakdown = false

    @Option(name: .customLong("export-trace"), help: "Also write a timeline of every run (threads, frames, memory and scroll offset, steps and world events, in virtual time) in the Chrome Trace Event Format, for Perfetto UI or chrome://tracing; its otherData names the tool and model versions. --trace-strategy and --trace-window keep part of it.")
    var exportTrace: String?

    @Option(help: ArgumentHelp(
        "The table's columns: comma-separated sets (\(TableColumns.sets.map(\.name).joined(separator: ", "))) and metric names (completionMs, …), in order.",
        discussion: "Default: status, completion ms, main ms, hitches, hitch ms/s with its rating, peak MiB and a correctness summary (with the host's wall ms under --measure), in 120 columns. Markdown and HTML keep the full table (every column of the former default), CSV and JSON every figure.",
        valueName: "names"))
    var columns: String?

    @OptionGroup var trace: TraceOptions
    @OptionGroup var measure: MeasureOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var uncertainty: UncertaintyOptions

    func validate() throws {
        try uncertainty.check(format: report.format)
        try trace.check(exportTrace: exportTrace, chosen: try Session.strategies(strategies))
        if breakdown, report.format != .table {
            throw ValidationError("--breakdown adds to the table format; markdown, CSV, JSON and HTML always carry the breakdown")
        }
        if let columns {
            try RunColumns.check(columns, format: report.format, repetitions: measure.chosenRepetitions)
        }
    }

    func run() throws {
        let chosen = try Session.strategies(strategies)
        let baseline = try report.loadBaseline()
        let traceTarget = exportTrace.map { OutputFiles.Target(flag: "--export-trace", path: $0) }
        try report.checkOutputs(inputs: ReportOptions.inputs(scenarios: scenarios, devices: [measure.device]),
                                extra: traceTarget.map { [$0] } ?? [])
        let jobs = try Session.withProfiles(Session.load(scenarios).map { Session.Job(label: $0.scenario.name, file: $0.file, scenario: $0.scenario, values: $0.values) },
                                            options: measure)
        try uncertainty.checkProfiles(jobs)
        let result = try Session.execute(jobs, strategies: chosen, options: measure)
        var extraFiles: [(target: OutputFiles.Target, contents: OutputFiles.Contents)] = []
        if let traceTarget, result.interruption == nil {
            // Streamed into its temporary file when the exports are written, then renamed with them.
            extraFiles.append((traceTarget, .streamed { sink in
                try Session.writeTraces(jobs, strategies: try trace.traced(from: chosen), options: measure, report: result,
                                        window: trace.parsedWindow, metadata: trace.metadata(modelVersion: result.modelVersion), to: sink)
            }))
        }
        var stdout: String?
        if report.format == .table {
            // validate() allows --breakdown and --columns with the table format only.
            let table = result.renderTable(columns: try RunColumns.parsed(columns))
            stdout = breakdown ? table + "\n" + result.renderBreakdown(markdown: false) : table
        }
        stdout = try uncertainty.run(jobs, strategies: chosen, report: result, options: measure, format: report.format, nominal: stdout)
        let code = try report.emit(result, baseline: baseline, stdout: stdout, extraFiles: extraFiles)
        if code != .success { throw code }
    }
}
