import Foundation
import Profiler

/// How a sweep's metrics grow: per strategy, a row per parameter value.
public enum SweepTable {
    /// The metrics a sweep shows.
    static let metrics: [MetricID] = [.timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .backgroundBusyMs, .hitches, .peakMemoryBytes,
                                      .cellsCreated, .staleRows, .inconsistencies, .wallMs, .peakRSSBytes]

    /// Per strategy, a table: the value, the status, then each metric with
    /// its growth factor from the previous value ("×2.05"; "-" when either is
    /// missing or zero), as ``SweepResults`` computed it.
    ///
    /// - Complexity: O(rows × metrics).
    public static func render(_ sweep: SweepResults, markdown: Bool = false) -> String {
        let metrics = Self.metrics.map(Metric.init).filter { metric in
            metric.kind != .measured || sweep.hasMeasured
        }
        var out = ""
        for series in sweep.series {
            var headers = [sweep.key, "status"]
            for metric in metrics {
                headers += [metric.columnHeading, "growth"]
            }
            let rows = series.rows.map { row in
                var cells = [row.value, row.result.statusText]
                for metric in metrics {
                    cells.append(metric.format(metric.value(in: row.result)))
                    switch row.growth(of: metric.id) {
                    case .first: cells.append("")
                    case .factor(let factor): cells.append(String(format: "×%.2f", factor))
                    case .undefined: cells.append("-")
                    }
                }
                return cells
            }
            // The device and iOS version, when every value ran on the same one.
            let device = sweep.device.map { " (\($0))" } ?? ""
            let title = "\(series.strategy) on \(sweep.scenario)\(device), sweeping \(sweep.key)"
            out += (markdown ? "### \(title)\n\n" : "\(title)\n") + TextTable.render(headers: headers, rows: rows, markdown: markdown) + "\n"
        }
        return out
    }

    /// What `sweep` prints: the tables of `sweep`, then the notes under
    /// each scenario of `report` (the runs as made) and its legend.
    ///
    /// - Complexity: O(rows × metrics + results).
    ///
    /// A note the same under every value is printed once; one that differs
    /// names the values it is under (`reload (world[0].everyMs=500): …`),
    /// in the sweep's order.
    public static func render(_ sweep: SweepResults, report: BenchmarkReport, markdown: Bool) -> String {
        render(sweep, markdown: markdown) + notes(report, markdown: markdown) + report.legend
    }

    /// The notes of every value's runs, each distinct (strategy, line) once.
    ///
    /// - Complexity: O(notes × values).
    static func notes(_ report: BenchmarkReport, markdown: Bool) -> String {
        var order: [String] = []
        var notes: [String: (strategy: String, line: String, values: [String])] = [:]
        for scenario in report.scenarios {
            let value = valueLabel(scenario.scenario)
            for (strategy, line) in report.noteLines(scenario) {
                let key = strategy + "\u{0}" + line
                if notes[key] == nil {
                    order.append(key)
                    notes[key] = (strategy, line, [])
                }
                notes[key]?.values.append(value)
            }
        }
        return order.compactMap { notes[$0] }.map { note in
            let strategy = note.values.count == report.scenarios.count ? note.strategy
                : "\(note.strategy) (\(note.values.joined(separator: ", ")))"
            return BenchmarkReport.note(strategy, note.line, markdown: markdown)
        }.joined()
    }

    /// The swept value of a run's scenario name, `chat [world[0].everyMs=500]` → `world[0].everyMs=500`; the name without brackets.
    private static func valueLabel(_ name: String) -> String {
        guard let open = name.lastIndex(of: "["), name.hasSuffix("]") else { return name }
        // The label's own brackets (`world[0]`): the first " [" opens it.
        let start = name.range(of: " [")?.upperBound ?? name.index(after: open)
        return String(name[start..<name.index(before: name.endIndex)])
    }
}
