import ArgumentParser
import Foundation
import Profiler
import ListData
import Rendering
import Strategies

/// `--uncertainty N` and `--uncertainty-seed S` of `run` and `compare`:
/// the modeled scenario again on N plausible devices drawn from the
/// profile's ranges (docs/uncertainty.md).
struct UncertaintyOptions: ParsableArguments {
    @Option(name: .customLong("uncertainty"), parsing: .unconditional, help: ArgumentHelp(
        "Also run the modeled scenario on N plausible devices (1...10000) drawn from the profile's uncertainty ranges, in parallel processes on every core.",
        discussion: "compare: per headline metric, on how many of them B beats A, and the spread of B/A; a verdict on which fewer than 95% agree is said to flip, at the top. run: each strategy's median and 5th-95th percentile. Formats: table, markdown, json (the uncertainty figures only). See docs/uncertainty.md.",
        valueName: "N"))
    var draws: Int?

    @Option(name: .customLong("uncertainty-seed"), parsing: .unconditional, help: ArgumentHelp(
        "The seed of the plausible devices (default \(UncertaintyOptions.defaultSeed)): the same seed, the same devices.", valueName: "seed"))
    var seed: UInt64?

    /// The seed when none is given.
    static let defaultSeed: UInt64 = 27
    static let allowed = 1...10_000

    func validate() throws {
        if let draws, !Self.allowed.contains(draws) {
            throw ValidationError("--uncertainty \(draws): must be in \(Self.allowed.lowerBound)...\(Self.allowed.upperBound)")
        }
        if seed != nil, draws == nil { throw ValidationError("--uncertainty-seed needs --uncertainty N") }
    }

    /// Checks the output format: the uncertainty figures come as a table, Markdown or JSON.
    func check(format: OutputFormat) throws {
        guard draws != nil else { return }
        guard [.table, .markdown, .json].contains(format) else {
            throw ValidationError("--uncertainty prints a table, markdown or json, not \(format.rawValue)")
        }
    }

    /// Checks, before any run, that every job's profile has the
    /// uncertainties `--uncertainty` draws from (a profile without them
    /// still runs normally).
    ///
    /// - Throws: ``ListBenchExit/invalidScenario`` (65) after one message naming the device and the field.
    func checkProfiles(_ jobs: [Session.Job]) throws {
        guard draws != nil else { return }
        for job in jobs {
            do {
                try job.profile?.requireUncertainties()
            } catch {
                Terminal.note("--uncertainty: \(error)")
                throw ListBenchExit.invalidScenario
            }
        }
    }

    /// `compare`'s standard output with the uncertainty figures: the flipping
    /// verdicts on top, then `nominal` (the usual comparison), then each
    /// scenario's table and sentences; in JSON, the uncertainty figures alone.
    /// Unchanged when `--uncertainty` is not given or the nominal run was interrupted.
    func compare(_ jobs: [Session.Job], a: String, b: String, report: BenchmarkReport, options: MeasureOptions,
                 format: OutputFormat, nominal: String?) throws -> String? {
        guard let draws, report.interruption == nil else { return nominal }
        let seed = self.seed ?? Self.defaultSeed
        let strategies = try Session.strategies([a, b])
        let drawn = try UncertaintyRun.execute(jobs, strategies: strategies, options: options, draws: draws, seed: seed)
        var comparisons: [UncertaintyComparison] = []
        for (index, entry) in drawn.enumerated() {
            guard let scenario = report.scenario(ofGroup: index, labelled: entry.job.label),
                  let nominalA = scenario.result(of: strategies[0].name), let nominalB = scenario.result(of: strategies[1].name) else { continue }
            comparisons.append(UncertaintyComparison(
                scenario: entry.job.label, device: entry.profile.label, nominal: (nominalA, nominalB),
                draws: entry.results.map { (a: $0[0], b: $0[1]) }, frameBudgetMs: scenario.frameBudgetMs, seed: seed, rangesDigest: entry.profile.rangesDigest))
        }
        if format == .json { return try Self.json(UncertaintyDocument(report: report, items: comparisons)) }
        let markdown = format == .markdown
        let flips = comparisons.map { $0.renderFlips(markdown: markdown) }.joined()
        return flips + (flips.isEmpty ? "" : "\n") + (nominal ?? "") + "\n"
            + comparisons.map { $0.render(markdown: markdown) }.joined(separator: "\n")
    }

    /// `run`'s standard output with each scenario's spread table after
    /// `nominal`; in JSON, the spreads alone. Unchanged when not asked or interrupted.
    func run(_ jobs: [Session.Job], strategies: [StrategyDescriptor], report: BenchmarkReport, options: MeasureOptions,
             format: OutputFormat, nominal: String?) throws -> String? {
        guard let draws, report.interruption == nil else { return nominal }
        let seed = self.seed ?? Self.defaultSeed
        let drawn = try UncertaintyRun.execute(jobs, strategies: strategies, options: options, draws: draws, seed: seed)
        var tables: [[UncertaintySpread]] = []
        for (index, entry) in drawn.enumerated() {
            guard let scenario = report.scenario(ofGroup: index, labelled: entry.job.label) else { continue }
            tables.append(strategies.indices.compactMap { column in
                guard let nominal = scenario.result(of: strategies[column].name) else { return nil }
                return UncertaintySpread(scenario: entry.job.label, device: entry.profile.label, nominal: nominal,
                                         draws: entry.results.map { $0[column] }, seed: seed, rangesDigest: entry.profile.rangesDigest)
            })
        }
        if format == .json { return try Self.json(UncertaintyDocument(report: report, items: tables.flatMap { $0 })) }
        let rendered = tables.map { UncertaintySpread.render($0, markdown: format == .markdown) }.joined(separator: "\n")
        // How often each scenario's answer holds, right under the answers.
        let holds = drawn.enumerated().compactMap { index, entry in
            report.scenario(ofGroup: index, labelled: entry.job.label)?.answerHolds(draws: entry.results, deviceName: entry.profile.name)
        }
        let table = Self.insertingHolds(holds, into: try nominal ?? ReportOptions.render(report, format), markdown: format == .markdown)
        return table + "\n" + rendered
    }

    /// `text` (a table or Markdown that opens with its answer lines) with a
    /// line per scenario saying how often its answer holds, after those
    /// lines; `text` as it is when it has none.
    ///
    /// - Complexity: O(n) in the text's length.
    static func insertingHolds(_ holds: [String], into text: String, markdown: Bool) -> String {
        guard !holds.isEmpty else { return text }
        if markdown {
            let marker = "**Answer:** "
            guard let last = text.range(of: marker, options: .backwards), let end = text.range(of: "\n\n", range: last.upperBound..<text.endIndex) else { return text }
            return String(text[..<end.upperBound]) + holds.map { "**Under uncertainty:** " + TextTable.markdownEscape($0) + "\n\n" }.joined()
                + String(text[end.upperBound...])
        }
        guard text.hasPrefix("answer: "), let end = text.range(of: "\n\n") else { return text }
        let lines = holds.map { TextWrap.wrap(PrintableText.escaped("under uncertainty: " + $0), width: TextWrap.width, indent: "  ") + "\n" }.joined()
        return String(text[..<text.index(after: end.lowerBound)]) + lines + String(text[text.index(after: end.lowerBound)...])
    }

    /// The JSON of `--uncertainty`: what made it (tool, its version and the
    /// model's, as every report records) and the figures over the draws.
    struct UncertaintyDocument<Item: Encodable>: Encodable {
        var tool = "listbench"
        var toolVersion: String?
        var modelVersion: String?
        /// The comparisons (`compare`) or spreads (`run`), one per scenario and strategy pair or strategy.
        var uncertainty: [Item]

        init(report: BenchmarkReport, items: [Item]) {
            toolVersion = report.toolVersion
            modelVersion = report.modelVersion
            uncertainty = items
        }
    }

    /// Pretty JSON with sorted keys (the same bytes on every run).
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
