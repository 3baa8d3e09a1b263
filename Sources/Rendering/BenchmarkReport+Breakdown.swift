import ListSimulator
import Profiler

extension BenchmarkReport {
    /// Where each run's modeled time went: per scenario, a row per strategy,
    /// thread kind and category, with its share of that thread's busy time;
    /// main's waiting time for a core follows main's categories, outside
    /// them (it is not busy time). Text or GitHub-flavoured Markdown.
    ///
    /// - Complexity: O(results × categories).
    public func renderBreakdown(markdown: Bool) -> String {
        var out = ""
        for scenario in scenarios {
            let title = "Where the time went: \(scenario.scenario) on \(scenario.deviceLabel)"
            out += markdown ? "## \(title)\n\n" : "\(title)\n"
            var rows: [[String]] = []
            for result in scenario.results {
                guard let metrics = result.metrics, let breakdown = metrics.breakdown else {
                    rows.append([result.strategy, "-", result.statusText, "-", "-"])
                    continue
                }
                func add(_ thread: String, _ shares: [CostBreakdown.Share], total: Double) {
                    for share in shares.sorted(by: { $0.ms > $1.ms }) {
                        rows.append([result.strategy, thread, share.category, String(format: "%.1f", share.ms),
                                     total > 0 ? String(format: "%.1f%%", share.ms / total * 100) : "-"])
                    }
                    rows.append([result.strategy, thread, "total (busy)", String(format: "%.1f", total), total > 0 ? "100.0%" : "-"])
                }
                add("main", breakdown.main, total: metrics.mainThreadBusyMs)
                rows.append([result.strategy, "main", "waiting for a core (not busy)", String(format: "%.1f", metrics.mainThreadWaitingMs ?? 0), ""])
                add("workers", breakdown.background, total: metrics.backgroundBusyMs)
            }
            out += TextTable.render(headers: ["strategy", "thread", "category", "ms", "share of thread"], rows: rows, leftColumns: 3, markdown: markdown)
            out += "\n"
        }
        return out + "All figures are modeled (virtual time on the simulated device). Each thread's categories add up to its busy time.\n"
    }

    /// A compact breakdown of one scenario: a row per strategy and thread
    /// kind, a column per category any run spent time on (ms), then the
    /// thread's busy total (and main's waiting time, outside it).
    ///
    /// - Complexity: O(results × categories).
    static func breakdownTable(_ scenario: ScenarioReport) -> (headers: [String], rows: [[String]]) {
        let used = CostCategory.allCases.filter { category in
            scenario.results.contains { result in
                guard let breakdown = result.metrics?.breakdown else { return false }
                return (breakdown.main + breakdown.background).contains { $0.category == category.rawValue }
            }
        }
        var rows: [[String]] = []
        for result in scenario.results {
            guard let metrics = result.metrics, let breakdown = metrics.breakdown else { continue }
            for (thread, shares, total) in [("main", breakdown.main, metrics.mainThreadBusyMs), ("workers", breakdown.background, metrics.backgroundBusyMs)] {
                let byName = Dictionary(uniqueKeysWithValues: shares.map { ($0.category, $0.ms) })
                var row = [result.strategy, thread]
                row += used.map { category in byName[category.rawValue].map { String(format: "%.1f", $0) } ?? "-" }
                row.append(String(format: "%.1f", total))
                row.append(thread == "main" ? String(format: "%.1f", metrics.mainThreadWaitingMs ?? 0) : "")
                rows.append(row)
            }
        }
        return (["strategy", "thread"] + used.map { "\($0.rawValue) ms" } + ["busy ms", "main wait ms"], rows)
    }
}
