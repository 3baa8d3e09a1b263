import Foundation
import Profiler

extension Metric {
    /// The heading of its table column: its label; measured ones are marked,
    /// so no table mixes the kinds silently.
    public var columnHeading: String { kind == .measured ? "\(label) [measured]" : label }

    /// The unit values are shown in: bytes as MiB (2²⁰ bytes).
    public var displayUnit: String { unit == .bytes ? "MiB" : unit.rawValue }

    /// A value formatted for tables: bytes in MiB (2²⁰ bytes), ms to 0.1
    /// (measured ms under 10 to 0.001), counts and points whole; "-" for none.
    ///
    /// - Complexity: O(1).
    public func format(_ value: Double?) -> String {
        guard let value else { return "-" }
        if kind == .measured, unit == .ms, value < 10 { return String(format: "%.3f", value) }
        switch unit {
        case .bytes: return String(format: "%.1f", value / 1_048_576)
        case .count: return String(format: "%.0f", value)
        case .points: return String(format: "%.0f", value)
        case .ms, .msPerS: return String(format: "%.1f", value)
        }
    }
}

/// The words about metrics that come from the metric table
/// (``Metric/init(_:)``): the Markdown glossary and `run --help`'s column list.
public enum MetricGlossary {
    /// A Markdown table of `metrics`: name and label, kind, unit, meaning.
    ///
    /// - Complexity: O(metrics).
    public static func markdown(_ metrics: [Metric]) -> String {
        TextTable.render(headers: ["metric", "kind", "unit", "meaning"], rows: metrics.map { metric in
            ["`\(metric.name)` (\(metric.label))", metric.kind.rawValue, metric.unit.rawValue, metric.meaning]
        }, leftColumns: 4, markdown: true)
    }

    /// `run --help`'s description of the table's columns, from each row's
    /// ``Metric/help``: a line per kind. Modeled ones are sentences; the
    /// correctness and measured clauses are joined by commas.
    ///
    /// - Complexity: O(metrics).
    public static var runHelp: String {
        func clauses(_ metrics: [Metric]) -> String { metrics.compactMap(\.help).joined(separator: ", ") }
        return "Modeled: " + Metric.modeled.compactMap(\.help).joined(separator: " ") + "\n"
            + "Correctness: " + clauses(Metric.correctness) + ".\n"
            + "Measured: " + clauses(Metric.measured)
            + "; CSV and JSON add p90, min, max and MAD, and the heap held at the end of a run (alloc).\n"
    }
}
