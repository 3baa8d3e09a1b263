import Foundation
import Profiler

/// How a sweep's metrics grow: per strategy, a row per parameter value.
public enum SweepTable {
    /// The metrics a sweep shows.
    static let metrics: [MetricID] = [.timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .backgroundBusyMs, .hitches, .peakMemoryBytes,
                                          .cellsCreated, .staleRows, .inconsistencies, .wallMs, .peakRSSBytes]

    /// Per strategy, a table: the value, the status, then each metric with
    /// the growth factor from the previous value ("×2.05"; "-" when either is missing or zero).
    ///
    /// The report's scenarios are the sweep's values of scenario `name`, in order.
    public static func render(_ report: BenchmarkReport, scenario name: String, key: String, values: [String], markdown: Bool = false) -> String {
        let metrics = Self.metrics.map(Metric.init).filter { metric in
            metric.kind != .measured || report.hasMeasured
        }
        let strategies = report.scenarios.first?.results.map(\.strategy) ?? []
        var out = ""
        for strategy in strategies {
            var headers = [key, "status"]
            for metric in metrics {
                headers += [metric.columnHeading, "growth"]
            }
            var rows: [[String]] = []
            var previous: StrategyResult?
            for (value, scenario) in zip(values, report.scenarios) {
                guard let result = scenario.result(of: strategy) else { continue }
                var row = [value, result.statusText]
                for metric in metrics {
                    let now = metric.value(in: result)
                    row.append(metric.format(now))
                    if let previous, let before = metric.value(in: previous), let now, before != 0 {
                        row.append(String(format: "×%.2f", now / before))
                    } else {
                        row.append(previous == nil ? "" : "-")
                    }
                }
                rows.append(row)
                previous = result
            }
            // The device and iOS version, when every value ran on the same one.
            let devices = Set(report.scenarios.map(\.deviceLabel))
            let device = devices.count == 1 ? devices.first.map { " (\($0))" } ?? "" : ""
            let title = "\(strategy) on \(name)\(device), sweeping \(key)"
            out += (markdown ? "### \(title)\n\n" : "\(title)\n") + TextTable.render(headers: headers, rows: rows, markdown: markdown) + "\n"
        }
        return out
    }
}
