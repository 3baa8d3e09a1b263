import ArgumentParser
import Foundation
import Profiler
import Rendering

/// `listbench compare A B SCENARIO...`: two strategies side by side.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two strategies side by side on scenarios.",
        discussion: """
            First a headline per scenario (one row per headline metric: A, B, the change and the \
            verdict about B, then each side's findings), then every metric with the ratio B / A. \
            Modeled and correctness figures are deterministic; a modeled change within its noise \
            floor is "=" (equal): for times, under one frame of the device or under 1%; for the \
            hitch ratio, under 1 ms/s or under 1%; for counts and memory, under 1% (so a count \
            under 100 must match); for points the content jumped, under 1 pt; correctness counts are \
            exact. Otherwise the verdict follows the metric's direction ("better" / \
            "worse"; "lower" / "higher" for a figure with none, such as background work or \
            frames). A change reads as an amount ("+66.7 ms") where a side is small (under 10 \
            frames, a count or ms/s under 10, under 1 MiB), as a percentage otherwise. A run that \
            crashed, was killed or stopped at a bound is "not comparable" on every figure it cut \
            short (all but the first frame, the crash count and the kill time); one that never \
            showed rows it owed, on every modeled figure with a direction; one that showed rows \
            mis-sized, on the costs it is lower on. Measured figures come from interleaved \
            repetitions (A B A B …); their ratio of medians has a 95% bootstrap confidence \
            interval, and the verdict is "faster" or "slower" only when the interval excludes 1, \
            otherwise "no significant difference" (no noise floor), and "not enough samples" with \
            fewer than 5 a side; they are taken only with --measure or --repetitions N. Same exit codes as 'listbench run'.
            """
    )

    @Argument(help: "Strategy A (the reference).")
    var a: String

    @Argument(help: "Strategy B (compared with A).")
    var b: String

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @OptionGroup var measure: MeasureOptions
    @OptionGroup var report: ReportOptions
    @OptionGroup var uncertainty: UncertaintyOptions

    mutating func validate() throws {
        try uncertainty.check(format: report.format)
        let (first, second) = (try Session.strategies([a]), try Session.strategies([b]))
        guard first.map(\.name) != second.map(\.name) else {
            throw ValidationError("compare needs two different strategies; both are '\(first.first?.name ?? a)'")
        }
        guard !scenarios.isEmpty else { throw ValidationError("give at least one scenario file") }
    }

    func run() throws {
        let baseline = try report.loadBaseline()
        try report.checkOutputs(inputs: ReportOptions.inputs(scenarios: scenarios, devices: [measure.device]))
        let jobs = try Session.withProfiles(Session.load(scenarios).map { Session.Job(label: $0.scenario.name, file: $0.file, scenario: $0.scenario, values: $0.values) },
                                            options: measure)
        try uncertainty.checkProfiles(jobs)
        let result = try Session.execute(jobs, strategies: try Session.strategies([a, b]), options: measure)
        let comparisons = ScenarioComparison.all(in: result, a: a, b: b)
        let text: String?
        switch report.format {
        case .table, .markdown:
            text = ScenarioComparison.render(comparisons, report: result, markdown: report.format == .markdown)
                + (report.format == .markdown ? "\n" + result.versionLine + "\n" : "")
        case .csv, .json, .html:
            text = nil
        }
        let shown = try uncertainty.compare(jobs, a: a, b: b, report: result, options: measure, format: report.format, nominal: text)
        let code = try report.emit(result, baseline: baseline, stdout: shown)
        if code != .success { throw code }
    }
}
