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
            deterministic and identical on every machine; MEASURED figures (columns marked \
            [measured]) are this host's wall time, CPU time and memory running the simulation, as \
            statistics over --repetitions.

            \(MetricGlossary.runHelp)
            Status: completed, crashed (an invalid update, with UIKit's message), killed (the device's \
            memory limit), timedOut (past 4 h of virtual time or 20,000,000 simulator steps), \
            unsupported (needs iOS N): the device's iOS (--ios) lacks an API the technique needs, so it \
            was not run, or \
            failed (REASON): the run ended on the host without figures, because it trapped, passed \
            --timeout or --memory-limit in its own process, or broke an invariant. With more than one \
            run, each runs in its own process unless --no-isolate. Ctrl-C prints what finished and \
            writes no file. Exit codes: \(ListBenchExit.summary)
            """
    )

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .customLong("strategy"), help: "A strategy to run (repeatable; default: all). See 'listbench list strategies'.")
    var strategies: [String] = []

    @Flag(help: "Also print where the modeled time went: per strategy, main's and the workers' busy time by category (table format; markdown, CSV, JSON and HTML always carry it).")
    var breakdown = false

    @Option(name: .customLong("export-trace"), help: "Also write a timeline of every run (threads, frames, memory and scroll offset, steps and world events, in virtual time) in the Chrome Trace Event Format, for Perfetto UI or chrome://tracing.")
    var exportTrace: String?

    @OptionGroup var measure: MeasureOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var uncertainty: UncertaintyOptions

    func validate() throws {
        try uncertainty.check(format: report.format)
        try Session.checkStrategies(strategies)
        if breakdown, report.format != .table {
            throw ValidationError("--breakdown adds to the table format; markdown, CSV, JSON and HTML always carry the breakdown")
        }
    }

    func run() throws {
        let chosen = try Session.strategies(strategies)
        let baseline = try report.loadBaseline()
        let traceTarget = exportTrace.map { OutputFiles.Target(flag: "--export-trace", path: $0) }
        try report.checkOutputs(inputs: ReportOptions.inputs(scenarios: scenarios, devices: [measure.device]),
                                extra: traceTarget.map { [$0] } ?? [])
        let jobs = try Session.withProfiles(Session.load(scenarios).map { Session.Job(label: $0.scenario.name, file: $0.file, scenario: $0.scenario) },
                                            options: measure)
        try uncertainty.checkProfiles(jobs)
        let result = try Session.execute(jobs, strategies: chosen, options: measure,
                                         defaultRepetitions: uncertainty.defaultRepetitions(1))
        var extraFiles: [(target: OutputFiles.Target, contents: OutputFiles.Contents)] = []
        if let traceTarget, result.interruption == nil {
            // Streamed into its temporary file when the exports are written, then renamed with them.
            extraFiles.append((traceTarget, .streamed { sink in
                try Session.writeTraces(jobs, strategies: chosen, options: measure, report: result, to: sink)
            }))
        }
        var stdout: String?
        if breakdown {
            // validate() allows --breakdown with the table format only.
            stdout = result.renderTableWithBreakdown()
        }
        stdout = try uncertainty.run(jobs, strategies: chosen, report: result, options: measure, format: report.format, nominal: stdout)
        let code = try report.emit(result, baseline: baseline, stdout: stdout, extraFiles: extraFiles)
        if code != .success { throw code }
    }
}
