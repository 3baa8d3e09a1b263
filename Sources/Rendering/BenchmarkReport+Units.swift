import Foundation
import Profiler

extension BenchmarkReport {
    /// The unit of every figure in the JSON report (metrics, series,
    /// samples, breakdowns, budgets and limits; not counts of repetitions
    /// or samples), by JSON path (`[]` for any index): what `--export-json` and `--format json` write under the
    /// top-level key `units`, beside the report's own keys. Times are ms
    /// except the memory and frame series' (`time`, `duration`: nanoseconds
    /// of virtual time); memory in bytes; a metric's unit is its row's
    /// (``MetricID/unit``). Field names stay as they are (golden snapshots
    /// and baselines read them); this schema labels them.
    ///
    /// - Complexity: O(metrics).
    public static var jsonUnits: [String: String] {
        let result = "scenarios[].results[]"
        var units: [String: String] = [
            "scenarios[].frameBudgetMs": "ms",
            "scenarios[].memoryLimitBytes": "bytes",
            "\(result).metrics.memorySeries[].time": "ns (virtual time)",
            "\(result).metrics.memorySeries[].bytes": "bytes",
            "\(result).metrics.frameSeries[].time": "ns (virtual time; the start of a 100 ms interval)",
            "\(result).metrics.frameSeries[].duration": "ns (the interval's longest frame, vsync to presentation)",
            "\(result).metrics.breakdown.main[].ms": "ms",
            "\(result).metrics.breakdown.background[].ms": "ms",
            "\(result).metrics.hitchCauses[].ms": "ms",
            "\(result).metrics.hitchTriggers[].ms": "ms",
            "\(result).measured.wallSamplesMs[]": "ms",
            "\(result).measured.cpuSamplesMs[]": "ms",
            "\(result).measured.allocatedSamples[]": "bytes",
            "\(result).measured.peakRSSSamples[]": "bytes",
        ]
        for metric in Metric.all {
            let unit = metric.unit == .msPerS ? "ms/s (ms of hitch time per second)" : metric.unit.rawValue
            if metric.kind == .measured {
                units["\(result).measured.\(metric.name).{median,p90,min,max,mad}"] = unit
            } else {
                units["\(result).metrics.\(metric.name)"] = unit
            }
        }
        return units
    }

    /// "Made by listbench 0.3.0, model 5c486919b6e80f62.": what made the report, as
    /// Markdown and HTML reports print it (JSON has `toolVersion` and `modelVersion`).
    public var versionLine: String {
        "Made by listbench \(toolVersion ?? "(unrecorded version)"), model \(modelVersion ?? "(unrecorded)")."
    }

    /// The CSV columns naming what made the report, the same on every row
    /// (after every figure, so no earlier column moves): a comment line would
    /// break CSV readers.
    static let csvVersionHeaders = ["toolVersion", "modelVersion"]
    var csvVersionCells: [String] { [toolVersion ?? "", modelVersion ?? ""] }
}

/// The JSON report with its ``BenchmarkReport/jsonUnits`` schema beside the report's own keys.
struct JSONReportExport: Encodable {
    var report: BenchmarkReport

    private enum Key: String, CodingKey { case units }

    func encode(to encoder: Encoder) throws {
        try report.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(BenchmarkReport.jsonUnits, forKey: .units)
    }
}
