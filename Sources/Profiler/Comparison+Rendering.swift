import Foundation

/// The headline metrics of the blog-style table: time, main thread, hitches, memory.
private let blogMetrics = ["completionMs", "mainThreadBusyMs", "hitches", "peakMemoryBytes"]

extension ScenarioComparison {
    /// Every scenario's comparison in a report that ran strategies `a` and `b`.
    public static func all(in report: BenchmarkReport, a: String, b: String) -> [ScenarioComparison] {
        report.scenarios.compactMap { scenario in
            guard let resultA = scenario.result(of: a), let resultB = scenario.result(of: b) else { return nil }
            return ScenarioComparison(scenario: scenario.scenario, device: scenario.deviceLabel, a: resultA, b: resultB)
        }
    }

    /// The blog-style table: one row per scenario, A, B and the change for
    /// the headline metrics (plus measured wall time when measured).
    public static func renderSummary(_ comparisons: [ScenarioComparison], markdown: Bool = false) -> String {
        guard let first = comparisons.first else { return "" }
        let names = blogMetrics + (first.metrics.contains { $0.metric == "wallMs" } ? ["wallMs"] : [])
        var headers = ["scenario"]
        for name in names {
            let heading = Metric.named(name)?.columnHeading ?? name
            headers += ["\(heading) \(first.a)", "\(heading) \(first.b)", "change"]
        }
        var rows: [[String]] = []
        for comparison in comparisons {
            var row = ["\(comparison.scenario) (\(comparison.device))"]
            for name in names {
                guard let metric = Metric.named(name), let entry = comparison.metrics.first(where: { $0.metric == name }) else {
                    row += ["-", "-", "-"]
                    continue
                }
                row += [metric.format(entry.a), metric.format(entry.b), entry.changeText]
            }
            rows.append(row)
        }
        return TextTable.render(headers: headers, rows: rows, markdown: markdown)
    }

    /// Every metric: A, B, the ratio B/A (with its 95% interval for measured ones) and the verdict about B.
    public func renderDetail(markdown: Bool = false) -> String {
        let headers = ["metric", "kind", a, b, "\(b) / \(a)", "verdict"]
        let rows = metrics.map { entry -> [String] in
            let metric = Metric.named(entry.metric)
            var ratio = entry.ratio.map { String(format: "%.3f×", $0) } ?? "-"
            if let interval = entry.interval {
                ratio = String(format: "%.3f× [%.3f, %.3f]", interval.ratio, interval.low, interval.high)
            }
            return [entry.metric + (metric.map { " (\($0.displayUnit))" } ?? ""), entry.kind.rawValue,
                    metric?.format(entry.a) ?? "-", metric?.format(entry.b) ?? "-", ratio, entry.verdict]
        }
        let title = "\(scenario) on \(device): \(b) against \(a)"
        return (markdown ? "### \(title)\n\n" : "\(title)\n") + TextTable.render(headers: headers, rows: rows, markdown: markdown)
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
