import Foundation
import ListData
import Profiler

/// Which columns `run`'s terminal table shows (`--columns`).
///
/// By default the figures that decide between strategies, in 120 columns:
/// status, completion ms, main ms, hitches, hitch ms/s with Apple's rating,
/// peak MiB, and one correctness column ("ok", or how many kinds of problem,
/// each named in a line under the table). The worst frame is left to the
/// hitch line under the table (a run without hitches has no frame past its
/// budget, so the column would say little); time to first frame, background
/// time and the work counts are in the named sets. Markdown and HTML keep
/// the full table (``Metric/headline``), CSV and JSON every figure, whatever this says.
public struct TableColumns: Equatable, Sendable {
    /// One column after `strategy` and `status`.
    public enum Column: Equatable, Hashable, Sendable {
        case metric(MetricID)
        /// "ok", or how many correctness figures are not zero.
        case correctness
    }

    /// The columns in the order given; nil: the default set.
    public var columns: [Column]?

    public init(columns: [Column]?) { self.columns = columns }

    /// The default set (``defaultColumns``).
    public static let standard = TableColumns(columns: nil)

    /// The columns that decide, in order (the default set).
    public static let defaultColumns: [Column] = [
        .metric(.completionMs), .metric(.mainThreadBusyMs), .metric(.hitches), .metric(.hitchRatioMsPerS),
        .metric(.peakMemoryBytes), .correctness,
    ]

    /// The named sets `--columns` takes, in `--help`'s order, with their metrics.
    ///
    /// `all` is every metric there are figures for (the measured ones only
    /// with `--measure`); `measured` needs measured figures.
    public static let sets: [(name: String, columns: [Column])] = [
        ("default", defaultColumns),
        ("timing", ids([.timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .mainThreadWaitingMs, .backgroundBusyMs])),
        ("frames", ids([.frames, .hitches, .hitchTimeMs, .hitchRatioMsPerS, .worstFrameMs, .hangs, .hangTimeMs, .longestHangMs])),
        ("work", ids([.cellsCreated, .cellsReused, .cellsConfigured, .heightsComputed, .nodesAllocated, .diffedItems])),
        ("memory", ids([.peakMemoryBytes, .finalMemoryBytes, .killedAtMs])),
        ("correctness", Metric.correctness.map { .metric($0.id) }),
        ("measured", Metric.measured.map { .metric($0.id) }),
        ("all", Metric.all.map { .metric($0.id) }),
    ]

    private static func ids(_ ids: [MetricID]) -> [Column] { ids.map { .metric($0) } }

    /// Why a `--columns` value was refused; ``description`` is the message.
    public enum ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        case unknown(String)
        case empty

        public var description: String {
            switch self {
            case .unknown(let name):
                return "unknown column '\(name)'; known sets: \(TableColumns.sets.map(\.name).joined(separator: ", ")); "
                    + "metrics: \(MetricID.allCases.map(\.rawValue).joined(separator: ", "))"
            case .empty: return "give at least one column set or metric name"
            }
        }
    }

    /// Parses `--columns`: comma-separated set names (``sets``) and metric
    /// names (``MetricID`` raw values, as in CSV and JSON), in the order
    /// given; a column named twice is shown once, where it first appears.
    ///
    /// - Complexity: O(names × metrics).
    /// - Throws: ``ParseError`` for an unknown name or an empty list.
    public static func parse(_ text: String) throws(ParseError) -> TableColumns {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var columns: [Column] = []
        for name in names {
            if name.isEmpty { throw .empty }
            if let set = sets.first(where: { $0.name == name }) {
                columns += set.columns
            } else if let id = MetricID(rawValue: name) {
                columns.append(.metric(id))
            } else {
                throw .unknown(name)
            }
        }
        var seen = Set<Column>()
        return TableColumns(columns: columns.filter { seen.insert($0).inserted })
    }

    /// The columns for a report: the chosen ones, or the default set with
    /// the measured wall time added when the report has measured figures
    /// (asked for with `--measure` or `--repetitions`).
    func resolved(measured: Bool) -> [Column] {
        guard let columns else { return Self.defaultColumns + (measured ? [.metric(.wallMs)] : []) }
        return columns.filter { if case .metric(let id) = $0 { return id.kind != .measured || measured } else { return true } }
    }
}

extension BenchmarkReport {
    /// One terminal table per scenario with `columns`, the notes under it
    /// (with the correctness figures the default set sums up), then the
    /// legend; every line but a table's row wrapped at 120 characters.
    ///
    /// - Complexity: O(results × columns + text).
    public func renderTable(columns: TableColumns) -> String {
        let chosen = columns.resolved(measured: hasMeasured)
        // The answer first: one line per scenario, before any table.
        var out = answers.map { TextWrap.wrap(PrintableText.escaped("answer: " + $0), width: TextWrap.width, indent: "  ") + "\n" }.joined()
        if !out.isEmpty { out += "\n" }
        for scenario in scenarios {
            out += PrintableText.escaped("\(scenario.scenario) on \(scenario.deviceLabel)") + "\n"
            out += TextTable.render(headers: ["strategy", "status"] + chosen.map(Self.heading),
                                    rows: scenario.results.map { row($0, chosen) }, leftColumns: 2, markdown: false)
            var lines = noteLines(scenario)
            if chosen.contains(.correctness) { lines += scenario.results.compactMap(Self.correctnessLine) }
            out += lines.map { TextWrap.wrap(PrintableText.escaped("\($0.strategy): \($0.line)"), width: TextWrap.width, indent: "  ") + "\n" }.joined()
            out += "\n"
        }
        return out + legend.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextWrap.wrap(String($0), width: TextWrap.width, indent: "  ") }.joined(separator: "\n")
    }

    static func heading(_ column: TableColumns.Column) -> String {
        switch column {
        case .metric(let id): return Metric(id).columnHeading
        case .correctness: return "correctness"
        }
    }

    /// A row: strategy, status (a failed or unsupported run's with its
    /// reason, which widens the table past 120 columns only then), then the columns.
    func row(_ result: StrategyResult, _ columns: [TableColumns.Column]) -> [String] {
        let metrics = columns.compactMap { if case .metric(let id) = $0 { return Metric(id) } else { return nil } }
        var metricCells = row(result, metrics).dropFirst(2).makeIterator()
        return [result.strategy, result.statusText] + columns.map { column in
            switch column {
            case .metric: return metricCells.next() ?? "-"
            case .correctness: return Self.correctnessSummary(result)
            }
        }
    }

    /// "ok", "1 problem", "3 problems", or "-" for a run without figures.
    static func correctnessSummary(_ result: StrategyResult) -> String {
        guard result.metrics != nil else { return "-" }
        let count = result.correctnessProblems.count
        return count == 0 ? "ok" : count == 1 ? "1 problem" : "\(count) problems"
    }

    /// The line naming a run's correctness problems, for the default set's
    /// summary column; nil when it has none.
    static func correctnessLine(_ result: StrategyResult) -> (strategy: String, line: String)? {
        let problems = result.correctnessProblems
        guard !problems.isEmpty else { return nil }
        let named = problems.map { "\($0.metric.format($0.value)) \($0.metric.label(count: $0.value))" }.joined(separator: ", ")
        return (result.strategy, "correctness: \(named) (--columns correctness shows each)")
    }
}

/// Word wrapping for terminal text.
public enum TextWrap {
    /// The width terminal reports keep to (a table's rows excepted).
    public static let width = 120

    /// `text` broken at spaces into lines of at most `width` characters,
    /// later lines indented by `indent`; a word longer than a line is left whole.
    ///
    /// - Complexity: O(characters).
    public static func wrap(_ text: String, width: Int, indent: String) -> String {
        guard text.count > width else { return text }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let prefix = lines.isEmpty ? "" : indent
            if line.isEmpty {
                line = prefix + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = indent + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
