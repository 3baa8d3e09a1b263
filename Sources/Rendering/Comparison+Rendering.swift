import Foundation
import Profiler

/// The headline metrics of the blog-style table, modeled only: first frame,
/// completion, main thread, hitch time, memory (correctness findings follow).
private let blogMetrics: [MetricID] = [.timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .hitchTimeMs, .peakMemoryBytes]

extension ScenarioComparison {
    /// What `compare` prints as a table or Markdown: the blog-style summary,
    /// then per comparison what changed most and every metric, then the
    /// notes under each scenario of `report` and its legend.
    ///
    /// - Complexity: O(comparisons × metrics + results).
    public static func render(_ comparisons: [ScenarioComparison], report: BenchmarkReport, markdown: Bool) -> String {
        var out = renderSummary(comparisons, markdown: markdown) + "\n"
        for comparison in comparisons { out += comparison.renderCategoryChanges(markdown: markdown) + "\n" }
        for comparison in comparisons { out += comparison.renderDetail(markdown: markdown) + "\n" }
        for scenario in report.scenarios { out += report.notes(scenario, markdown: markdown) }
        return out + report.legend
    }

    /// The blog-style table: one row per scenario, A, B and the change for
    /// the headline metrics, all modeled, then each side's correctness
    /// findings. Measured host figures are in their own table (``renderDetail(markdown:)``).
    public static func renderSummary(_ comparisons: [ScenarioComparison], markdown: Bool = false) -> String {
        guard let first = comparisons.first else { return "" }
        let metrics = blogMetrics.map(Metric.init)
        var headers = ["scenario"]
        for metric in metrics {
            headers += ["\(metric.columnHeading) \(first.a)", "\(metric.columnHeading) \(first.b)", "change"]
        }
        var rows: [[String]] = []
        for comparison in comparisons {
            var row = ["\(comparison.scenario) (\(comparison.device))"]
            for metric in metrics {
                guard let entry = comparison.metrics.first(where: { $0.metric == metric.id }) else {
                    row += ["-", "-", "-"]
                    continue
                }
                row += [metric.format(entry.a), metric.format(entry.b), entry.changeText]
            }
            row += [comparison.findingsA, comparison.findingsB]
            rows.append(row)
        }
        headers += ["findings \(first.a)", "findings \(first.b)"]
        return TextTable.render(headers: headers, rows: rows, markdown: markdown)
    }

    /// What made B faster or slower: the modeled categories that changed
    /// most between A and B (up to `limit`), per thread.
    public func renderCategoryChanges(limit: Int = 6, markdown: Bool = false) -> String {
        let title = "What changed most, \(scenario) on \(device) (modeled busy time by category, \(a) → \(b))"
        guard !categoryChanges.isEmpty else { return (markdown ? "### \(title)\n\n" : "\(title)\n") + "No category differs.\n" }
        let rows = categoryChanges.prefix(limit).map { change in
            [change.thread, change.category.displayName, String(format: "%.1f", change.a), String(format: "%.1f", change.b), String(format: "%+.1f", change.change)]
        }
        return (markdown ? "### \(title)\n\n" : "\(title)\n")
            + TextTable.render(headers: ["thread", "category", "\(a) ms", "\(b) ms", "change ms"], rows: Array(rows), leftColumns: 2, markdown: markdown)
    }

    /// Every metric: A, B, the ratio B/A (with its 95% interval for measured ones) and the verdict about B.
    public func renderDetail(markdown: Bool = false) -> String {
        let headers = ["metric", "kind", a, b, "\(b) / \(a)", "verdict"]
        func rows(_ entries: [MetricComparison]) -> [[String]] { entries.map { entry -> [String] in
            let metric = Metric(entry.metric)
            var ratio = entry.ratio.map { String(format: "%.3f×", $0) } ?? "-"
            if let interval = entry.interval {
                ratio = String(format: "%.3f× [%.3f, %.3f]", interval.ratio, interval.low, interval.high)
            }
            return [entry.metric.rawValue + " (\(metric.displayUnit))", entry.kind.rawValue,
                    metric.format(entry.a), metric.format(entry.b), ratio, entry.verdict.description]
        } }
        let title = "\(scenario) on \(device): \(b) against \(a)"
        var out = (markdown ? "### \(title)\n\n" : "\(title)\n")
            + TextTable.render(headers: headers, rows: rows(metrics.filter { $0.kind != .measured }), markdown: markdown)
        let measured = metrics.filter { $0.kind == .measured }
        if !measured.isEmpty {
            let hostTitle = "Measured on this host (the simulation's own cost, not the phone's)"
            out += "\n" + (markdown ? "#### \(hostTitle)\n\n" : "\(hostTitle)\n")
                + TextTable.render(headers: headers, rows: rows(measured), markdown: markdown)
        }
        return out
    }
}

extension MetricComparison {
    /// The change as text: a percentage, or "=" when equal.
    var changeText: String {
        if a == b { return "=" }
        guard let changePercent else { return "-" }
        return String(format: "%+.1f%%", changePercent)
    }
}
