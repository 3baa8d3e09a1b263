import Foundation
import ListSimulator
import Profiler

extension BenchmarkReport {
    /// Where each run's modeled time went: per scenario, a row per strategy,
    /// thread kind and category, with its share of that thread's busy time;
    /// main's waiting time for a core follows main's categories, outside
    /// them (it is not busy time). Text or GitHub-flavoured Markdown. The
    /// figures are ``RunMetrics/threadBusyTimes``'.
    ///
    /// - Complexity: O(results × categories).
    public func renderBreakdown(markdown: Bool) -> String {
        var out = ""
        for scenario in scenarios {
            let title = "Where the time went: \(scenario.scenario) on \(scenario.deviceLabel)"
            out += markdown ? "## \(title)\n\n" : "\(title)\n"
            var rows: [[String]] = []
            for result in scenario.results {
                guard let threads = result.metrics?.threadBusyTimes else {
                    rows.append([result.strategy, "-", result.statusText, "-", "-"])
                    continue
                }
                for thread in threads {
                    let name = thread.thread.rawValue
                    for share in thread.largestFirst {
                        rows.append([result.strategy, name, share.category.displayName, String(format: "%.1f", share.ms),
                                     share.percentOfBusy.map { String(format: "%.1f%%", $0) } ?? "-"])
                    }
                    rows.append([result.strategy, name, "total (busy)", String(format: "%.1f", thread.busyMs), thread.busyMs > 0 ? "100.0%" : "-"])
                    if let waiting = thread.waitingMs {
                        rows.append([result.strategy, name, "waiting for a core (not busy)", String(format: "%.1f", waiting), ""])
                    }
                }
            }
            out += TextTable.render(headers: ["strategy", "thread", "category", "ms", "share of thread"], rows: rows, leftColumns: 3, markdown: markdown)
            out += "\n"
        }
        return out + "All figures are modeled (virtual time on the simulated device). Each thread's categories add up to its busy time.\n"
    }

    /// What `run --breakdown` prints: the tables (``renderTable()``), then
    /// where the time went (``renderBreakdown(markdown:)``).
    public func renderTableWithBreakdown() -> String {
        renderTable() + "\n" + renderBreakdown(markdown: false)
    }

    /// A compact breakdown of one scenario: a row per strategy and thread
    /// kind, a column per category any run spent time on (ms), then the
    /// thread's busy total (and main's waiting time, outside it).
    ///
    /// - Complexity: O(results × categories).
    static func breakdownTable(_ scenario: ScenarioReport) -> (headers: [String], rows: [[String]]) {
        let used = scenario.categoriesUsed
        var rows: [[String]] = []
        for result in scenario.results {
            for thread in result.metrics?.threadBusyTimes ?? [] {
                var row = [result.strategy, thread.thread.rawValue]
                row += used.map { category in thread.ms(of: category).map { String(format: "%.1f", $0) } ?? "-" }
                row.append(String(format: "%.1f", thread.busyMs))
                row.append(thread.waitingMs.map { String(format: "%.1f", $0) } ?? "")
                rows.append(row)
            }
        }
        return (["strategy", "thread"] + used.map { "\($0.displayName) ms" } + ["busy ms", "main wait ms"], rows)
    }
}
