import Foundation
import ListData
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
        guard !markdown else { return out + report.legend }
        // The legend's lines wrapped at 120 columns, as under run's table.
        return out + report.legend.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextWrap.wrap(String($0), width: TextWrap.width, indent: "  ") }.joined(separator: "\n")
    }

    /// The headline, per comparison: a title naming the scenario, the
    /// device and both strategies, then one row per headline metric (all
    /// modeled): A, B, the change and the verdict about B; then each side's
    /// correctness findings and why a figure is not comparable. Measured
    /// host figures are in their own table (``renderDetail(markdown:)``).
    /// Each row is a few short cells, so the table fits 120 columns unless
    /// a strategy's name alone is very long.
    public static func renderSummary(_ comparisons: [ScenarioComparison], markdown: Bool = false) -> String {
        comparisons.map { $0.renderHeadline(markdown: markdown) }.joined(separator: "\n")
    }

    /// One comparison's headline (``renderSummary(_:markdown:)``).
    ///
    /// - Complexity: O(metrics).
    public func renderHeadline(markdown: Bool = false) -> String {
        var table = TextTable(headers: ["metric", a, b, "change", "verdict"], alignments: [.left, .right, .right, .right, .left])
        var reasons: [String] = []
        for metric in blogMetrics.map(Metric.init) {
            guard let entry = metrics.first(where: { $0.metric == metric.id }) else {
                table.append([metric.label, "-", "-", "-", "-"])
                continue
            }
            var verdict = entry.verdictText
            if case .notComparable(let reason) = entry.verdict {
                verdict = "not comparable"
                // A figure only one side has shows as "-"; every other reason is said once under the table.
                if reason != .oneSideOnly, !reasons.contains(entry.verdict.description) { reasons.append(entry.verdict.description) }
            }
            table.append([metric.label, metric.format(entry.a), metric.format(entry.b), entry.changeText(frameIntervalMs: frameBudgetMs), verdict])
        }
        let title = "\(scenario) on \(device): \(b) against \(a)"
        let notes = ["findings \(a): \(findingsA)", "findings \(b): \(findingsB)"] + (coverage.map { [$0] } ?? []) + reasons
        if markdown {
            return "### \(title)\n\n" + table.renderMarkdown() + "\n" + notes.map { "- \(TextTable.markdownEscape($0))\n" }.joined()
        }
        return "\(title)\n" + table.render() + notes.map { PrintableText.escaped($0) + "\n" }.joined()
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
        // The ratio's heading is "B / A": the title above names both (a long pair of names would widen every row).
        let headers = ["metric", "kind", a, b, "B / A", "verdict"]
        func rows(_ entries: [MetricComparison]) -> [[String]] { entries.map { entry -> [String] in
            let metric = Metric(entry.metric)
            var ratio = entry.ratio.map { String(format: "%.3f×", $0) } ?? "-"
            if let interval = entry.interval {
                ratio = String(format: "%.3f× [%.3f, %.3f]", interval.ratio, interval.low, interval.high)
            }
            return [entry.metric.rawValue + " (\(metric.displayUnit))", entry.kind.rawValue,
                    metric.format(entry.a), metric.format(entry.b), ratio, entry.verdictText]
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
    /// The verdict as tables show it: its words, and B's change per item
    /// shown when the runs covered different amounts and that decided it
    /// ("better per item shown, -82.0%").
    public var verdictText: String {
        guard let perItem = perItemChangePercent else { return verdict.description }
        return verdict.description + String(format: " per item shown, %+.1f%%", perItem)
    }

    /// The change as the headline shows it: "=" within the noise floor
    /// (verdict equal), nothing when the figures are not comparable, an
    /// amount ("+66.7 ms") where a percentage of a small value misleads
    /// (``Metric/showsAbsoluteChange(_:_:frameIntervalMs:)``), a percentage
    /// otherwise; "-" when a side has no value.
    ///
    /// - Complexity: O(1).
    public func changeText(frameIntervalMs: Double) -> String {
        guard let a, let b else { return "-" }
        if case .notComparable = verdict { return "" }
        if a == b || (kind != .measured && verdict == .equal) { return "=" }
        let metric = Metric(self.metric)
        if metric.showsAbsoluteChange(a, b, frameIntervalMs: frameIntervalMs) || changePercent == nil {
            let amount = metric.format(abs(b - a))
            return (b > a ? "+" : "-") + amount + (metric.unit == .count ? "" : " \(metric.displayUnit)")
        }
        return String(format: "%+.1f%%", changePercent ?? 0)
    }
}
