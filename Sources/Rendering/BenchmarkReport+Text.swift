import ListData
import Foundation
import ListSimulator
import Profiler
import Statistics

extension BenchmarkReport {
    /// The metrics shown in tables: the metric table's headline columns,
    /// the measured ones only when the report has measured figures.
    func headline() -> [Metric] {
        Metric.headline.filter { $0.kind != .measured || hasMeasured }
    }

    /// The cells of one result's table row: strategy, status, then the headline metrics.
    func row(_ result: StrategyResult, _ metrics: [Metric]) -> [String] {
        var cells = [result.strategy, result.statusText]
        for metric in metrics {
            var text = metric.format(metric.value(in: result))
            if metric.id == .hitchRatioMsPerS, let rating = result.metrics?.hitchRating { text += " (\(rating.rawValue))" }
            // A spread needs two samples: one repetition says so instead of "± 0".
            if metric.id == .wallMs, let wall = result.measured?.wallMs {
                text += wall.count > 1 ? " ± " + metric.format(wall.mad) : " (n=1)"
            }
            cells.append(text)
        }
        return cells
    }

    /// Lines saying which figures are which, how measured ones were taken, the runs' bounds, and any failure or interruption.
    public var legend: String {
        var text: String
        if let info = measurement, hasMeasured {
            text = "Columns marked [measured] are host figures: median of \(info.repetitions) repetition"
                + (info.repetitions == 1 ? "" : "s") + " after \(info.warmup) warm-up, interleaved"
                + (info.measuredInParallel ? ", \(info.jobs) jobs at once (noisier)" : ", one at a time")
                + (info.isolated == true ? ", each in its own process" : "")
                + ", \(info.build) build; " + (info.repetitions == 1 ? "wall from one sample (n=1, no spread)" : "wall ± MAD") + ". Method: \(info.method). Every other column is modeled (deterministic).\n"
            if info.build != "release" { text += "Warning: measured in a \(info.build) build; use -c release for figures worth quoting.\n" }
        } else {
            text = "All figures are modeled (virtual time on the simulated device; deterministic).\n"
        }
        text += "Bounds: \(ScenarioRunner.boundsDescription).\n"
        if hasFailures {
            text += "failed: the run ended on the host without figures (a trap, --timeout or --memory-limit in its own process, or broken invariants); its row has none.\n"
        }
        if let interruption {
            text += "Interrupted: \(interruption.finishedRuns) of \(interruption.requestedRuns) runs finished; only those are shown.\n"
        }
        return text
    }

    /// One terminal table per scenario with the default columns
    /// (``TableColumns/standard``), then the legend, in 120 columns.
    public func renderTable() -> String { renderTable(columns: .standard) }

    /// GitHub-flavoured Markdown: a heading and a table per scenario, then the legend and the glossary.
    public func renderMarkdown() -> String {
        let metrics = headline()
        var out = "# listbench report\n\n"
        // The answer first: one line per scenario, before any table.
        out += answers.map { "**Answer:** " + TextTable.markdownEscape($0) + "\n\n" }.joined()
        out += versionLine + "\n\n"
        for scenario in scenarios {
            out += "## " + PrintableText.escaped("\(scenario.scenario) on \(scenario.deviceLabel)") + "\n\n"
            out += table(scenario, metrics, markdown: true)
            out += notes(scenario, markdown: true)
            out += "\n"
            let breakdown = Self.breakdownTable(scenario)
            if !breakdown.rows.isEmpty {
                out += "Where the modeled time went (each thread's categories add up to its busy time; main's waiting for a core is outside them):\n\n"
                out += TextTable.render(headers: breakdown.headers, rows: breakdown.rows, leftColumns: 2, markdown: true) + "\n"
            }
        }
        out += legend + "\n"
        out += MetricGlossary.markdown(metrics)
        return out
    }

    /// The lines under a scenario's table: each run's first inconsistency, host failure, bound reached, or rows owed and never shown.
    public func notes(_ scenario: ScenarioReport, markdown: Bool) -> String {
        noteLines(scenario).map { Self.note($0.strategy, $0.line, markdown: markdown) }.joined()
    }

    /// One note as printed: `strategy: line`, or its Markdown form.
    static func note(_ strategy: String, _ line: String, markdown: Bool) -> String {
        markdown ? "\n`\(strategy)` " + TextTable.markdownEscape(line) + "\n"
            : TextWrap.wrap(PrintableText.escaped("\(strategy): \(line)"), width: TextWrap.width, indent: "  ") + "\n"
    }

    /// The notes under a scenario's table, strategy by strategy, as (strategy, line) pairs.
    ///
    /// - Complexity: O(results).
    func noteLines(_ scenario: ScenarioReport) -> [(strategy: String, line: String)] {
        var out: [(strategy: String, line: String)] = []
        for result in scenario.results {
            let lines = [
                result.unsupported.map { reason in
                    "not run: \(result.requiredAPI ?? "its technique") \(reason)\(scenario.iOS.map { " (the device runs iOS \($0))" } ?? "")"
                },
                result.metrics?.firstInconsistency.map { "first inconsistency: \($0)" },
                result.metrics.flatMap { m in
                    m.firstLoggedMessage.map { "logged \(m.loggedMessages ?? 1) time\((m.loggedMessages ?? 1) == 1 ? "" : "s") without crashing, first: \($0)" }
                },
                result.failure.map { "failed: \($0.detail)" },
                result.metrics?.boundReached.map { "stopped at a bound: \($0)" },
                result.metrics?.missedScrollTargets.map { "scroll target not reached: " + $0.joined(separator: "; ") },
                result.metrics?.rowsNeverDisplayed.flatMap { owed in
                    owed > 0 ? (owed == 1 ? "1 row it owed was never shown" : "\(owed) rows it owed were never shown") + " (passed or jumped over); its time and work leave them out" : nil
                },
                result.metrics.flatMap(Self.hitchLine),
                result.metrics.flatMap(Self.hangLine),
                result.metrics?.misSizedRows.flatMap { count in
                    count > 0 ? "\(count) row displays at a height other than their content's (clipped or with a gap)" : nil
                },
            ].compactMap { $0 }
            for line in lines { out.append((result.strategy, line)) }
        }
        return out
    }

    /// One scenario's table: strategy, status, then the metrics.
    func table(_ scenario: ScenarioReport, _ metrics: [Metric], markdown: Bool) -> String {
        TextTable.render(headers: ["strategy", "status"] + metrics.map(\.columnHeading),
                         rows: scenario.results.map { row($0, metrics) }, leftColumns: 2, markdown: markdown)
    }

    /// RFC 4180 CSV: a header row, then one row per scenario × strategy with
    /// every metric in raw units (ms, counts, bytes); measured metrics with
    /// their median, p90, min, max and MAD.
    public func renderCSV() -> String {
        var header = ["scenario", "device", "iOS", "strategy", "status", "hitchRating", "killed", "firstInconsistency", "failure"]
        header += (Metric.modeled + Metric.correctness).map(\.name)
        header += CostBreakdown.Thread.allCases.flatMap { thread in CostCategory.allCases.map { "\(thread.rawValue) \($0.key) ms" } }
        header += ["repetitions"]
        for metric in Metric.measured {
            header += [metric.name, "\(metric.name)P90", "\(metric.name)Min", "\(metric.name)Max", "\(metric.name)Mad"]
        }
        header += Self.csvVersionHeaders
        var lines = [header]
        for scenario in scenarios {
            for result in scenario.results {
                let m = result.metrics
                let status = result.unsupported != nil ? "unsupported" : m.map { $0.status.rawValue } ?? "failed"
                var cells = [scenario.scenario, scenario.device, scenario.iOS.map(String.init) ?? "", result.strategy, status,
                             m?.hitchRating.rawValue ?? "", m.map { $0.killed ? "true" : "false" } ?? "", m?.firstInconsistency ?? "",
                             result.failure?.detail ?? result.unsupported ?? ""]
                cells += (Metric.modeled + Metric.correctness).map { Self.csvNumber($0.value(in: result)) }
                for thread in CostBreakdown.Thread.allCases {
                    cells += CostCategory.allCases.map { category in Self.csvNumber(m?.breakdown?.ms(of: category, on: thread)) }
                }
                cells.append(result.measured.map { "\($0.repetitions)" } ?? "")
                for metric in Metric.measured {
                    let summary = result.measured?.summary(of: metric.id)
                    cells += [summary?.median, summary?.p90, summary?.min, summary?.max, summary?.mad].map(Self.csvNumber)
                }
                cells += csvVersionCells
                lines.append(cells)
            }
        }
        return lines.map { $0.map(Self.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// What made a run's frames late, in one line (nil without hitches): the
    /// top categories of main-thread work and what set them off (world
    /// changes and pages grouped by kind; steps apart), and the worst frame's.
    static func hitchLine(_ m: RunMetrics) -> String? {
        guard m.hitches > 0, let causes = m.hitchCauses, !causes.isEmpty else { return nil }
        func top(_ entries: [(name: String, ms: Double)]) -> String {
            entries.enumerated().sorted { $0.element.ms != $1.element.ms ? $0.element.ms > $1.element.ms : $0.offset < $1.offset }
                .prefix(3).map { String(format: "%@ %.1f ms", $0.element.name, $0.element.ms) }.joined(separator: ", ")
        }
        let triggers = m.hitchTimeByTriggerGroup.map { (name: $0.group, ms: $0.ms) }
        return "hitch time by the main-thread work that filled the late frames most: \(top(causes.map { ($0.category.displayName, $0.ms) })); "
            + "set off by \(top(triggers)); worst frame \(String(format: "%.1f", m.worstFrameMs)) ms, "
            + "mostly \(m.worstFrameCause?.displayName ?? "-") after \(m.worstFrameTrigger?.description ?? "-")"
    }

    /// The run's main-thread hangs in one line (nil without): how many, their
    /// time and the longest, with Apple's threshold.
    static func hangLine(_ m: RunMetrics) -> String? {
        guard let hangs = m.hangs, hangs > 0 else { return nil }
        return String(format: "%d hang%@ (main busy without a break for 250 ms or more, Apple's hang threshold): %.1f ms in all, longest %.1f ms",
                      hangs, hangs == 1 ? "" : "s", m.hangTimeMs ?? 0, m.longestHangMs ?? 0)
    }

    /// A number as CSV holds it: whole numbers without a fraction, others
    /// in Swift's shortest form that reads back to the same `Double`
    /// (`1597800.031956`, never `1.5978e+06`), so no precision is lost.
    static func csvNumber(_ value: Double?) -> String {
        guard let value else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A text field: protected against formula injection, then quoted when
    /// it holds a comma, quote or line break, quotes doubled (RFC 4180).
    ///
    /// A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
    /// is taken by spreadsheets as a formula; it gets a leading `'`, as
    /// OWASP's "CSV Injection" advises. A number (`-12.5`, written by
    /// ``csvNumber(_:)``) is data, not a formula, and is left as it is.
    static func csvField(_ text: String) -> String {
        let formula = text.first.map { "=+-@\t\r".contains($0) } == true && Double(text) == nil
        // Control characters other than line breaks are shown escaped, as in every text format.
        let safe = PrintableText.escaped(formula ? "'" + text : text, keepingLines: true)
        guard safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Pretty JSON with sorted keys, and a top-level `units` object naming
    /// each number's unit (``jsonUnits``).
    public func renderJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(JSONReportExport(report: self)), as: UTF8.self) + "\n"
    }

    /// Decodes a report written by ``renderJSON()`` (a baseline file).
    public static func decode(_ data: Data) throws -> BenchmarkReport {
        try JSONDecoder().decode(BenchmarkReport.self, from: data)
    }
}
