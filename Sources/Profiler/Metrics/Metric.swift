import Foundation

/// Which kind of figure a metric is; every table says it.
public enum MetricKind: String, Equatable, Sendable, Codable {
    /// Virtual time, counts and memory on the simulated device: deterministic.
    case modeled
    /// Whether the list showed the right thing: deterministic, like modeled figures.
    case correctness
    /// Wall time, CPU time and memory of this host running the simulation: statistics over repetitions.
    case measured
}

/// The unit a metric's values are in.
public enum MetricUnit: String, Codable, Sendable {
    case ms
    case count
    /// Bytes (tables show them in MiB, 2²⁰ bytes).
    case bytes
    case msPerS = "ms/s"
    case points
}

/// Which direction of a metric's value is better: package-benchmark's
/// `BenchmarkMetric.Polarity` (`prefersSmaller`, `prefersLarger`), with a
/// third case for counts that are neither (frames, reuse, work done).
public enum Polarity: String, Equatable, Sendable, Codable {
    case prefersSmaller
    case prefersLarger
    case neutral
}

/// A metric's identity: its contract name (DESIGN.md). The raw value is the
/// name used in JSON, CSV headers and on the command line; the declaration
/// order is the report order (modeled, correctness, then measured).
///
/// Everything else about a metric (unit, kind, polarity, label, meaning, how
/// it is read from a result) is its row in the one table, ``Metric/init(_:)``
/// (`Metric+Table.swift`). Adding a metric is a case here, its row there, and
/// its computation (a ``RunMetrics`` field and where the runner sets it).
public enum MetricID: String, CaseIterable, Codable, Sendable {
    // Modeled
    case timeToFirstFrameMs
    case completionMs
    case mainThreadBusyMs
    case mainThreadWaitingMs
    case backgroundBusyMs
    case frames
    case hitches
    case hitchTimeMs
    case hitchRatioMsPerS
    case worstFrameMs
    case hangs
    case hangTimeMs
    case longestHangMs
    case cellsCreated
    case cellsReused
    case cellsConfigured
    case heightsComputed
    case nodesAllocated
    case diffedItems
    case peakMemoryBytes
    case finalMemoryBytes
    case killedAtMs
    // Correctness
    case inconsistencies
    case staleRows
    case scrollJumpPoints
    case unchangedCellsReloaded
    case rowsDisplayed
    case rowsNeverDisplayed
    case misSizedRows
    // Measured
    case wallMs
    case cpuMs
    case allocatedBytes
    case peakRSSBytes

    /// The unit its values are in (its row's).
    public var unit: MetricUnit { Metric(self).unit }

    /// Which kind of figure it is (its row's).
    public var kind: MetricKind { Metric(self).kind }
}

/// One numeric metric of a run: a row of the metric table. Its identity,
/// unit, kind, polarity, a short label, its meaning, where the command
/// line's help describes it, and how to read it from a result.
///
/// How a value is shown (digits, MiB, column headings) is the renderers'
/// (`Rendering`'s `Metric+Formatting.swift`).
public struct Metric: Sendable {
    public let id: MetricID
    public let unit: MetricUnit
    public let kind: MetricKind
    /// Which direction is better.
    public let polarity: Polarity
    /// A short label for tables ("ttff ms").
    public let label: String
    /// One sentence for the glossary.
    public let meaning: String
    /// Whether `run`'s tables show it (a headline column); every metric is in CSV and JSON.
    public let isHeadline: Bool
    /// How `listbench run --help` describes its column, nil when another
    /// metric's words cover it (`main ms / bg ms`) or it is not a column.
    /// Modeled ones are sentences; correctness and measured ones are clauses
    /// (the help joins them with commas).
    public let help: String?
    let read: @Sendable (StrategyResult) -> Double?

    /// The camelCase name used in JSON and CSV headers.
    public var name: String { id.rawValue }

    /// Whether a smaller value is better; nil for neutral counts (``Polarity/neutral``).
    public var lowerIsBetter: Bool? {
        switch polarity {
        case .prefersSmaller: return true
        case .prefersLarger: return false
        case .neutral: return nil
        }
    }

    /// The value in `result`, or nil when the run has none (no first frame, not measured, …).
    public func value(in result: StrategyResult) -> Double? { read(result) }

    /// A row of the table: `id` is the case it is the row of.
    init(_ id: MetricID, _ unit: MetricUnit, _ kind: MetricKind, _ polarity: Polarity, _ label: String,
         headline: Bool = false, help: String? = nil, _ meaning: String, _ read: @escaping @Sendable (StrategyResult) -> Double?) {
        self.id = id
        self.unit = unit
        self.kind = kind
        self.polarity = polarity
        self.label = label
        self.isHeadline = headline
        self.help = help
        self.meaning = meaning
        self.read = read
    }

    /// Every numeric metric, in report order (``MetricID``'s order): modeled, correctness, then measured.
    public static let all: [Metric] = MetricID.allCases.map(Metric.init)
    public static let modeled: [Metric] = all.filter { $0.kind == .modeled }
    public static let correctness: [Metric] = all.filter { $0.kind == .correctness }
    public static let measured: [Metric] = all.filter { $0.kind == .measured }
    /// The columns of `run`'s tables, in report order (measured ones only when a report has them).
    public static let headline: [Metric] = all.filter(\.isHeadline)

    /// Looks a metric up by its contract name (a JSON key or CSV column another program has), nil for any other text.
    public static func named(_ name: String) -> Metric? { MetricID(rawValue: name).map(Metric.init) }
}

extension StrategyResult {
    /// The value of a metric in this result, or nil when the run has none
    /// (no first frame, not measured, not run).
    public func value(_ metric: MetricID) -> Double? { Metric(metric).value(in: self) }
}

extension StrategyResult {
    /// The correctness figures this run got wrong (those with a better
    /// direction that are not zero), in report order: what `run`'s
    /// correctness column counts and `compare`'s findings name. Content that
    /// moved less than 1 pt in all (`scrollJumpPoints`) is not a problem:
    /// it is under the metric's noise floor, and would read "0 jump pt".
    ///
    /// - Complexity: O(metrics).
    public var correctnessProblems: [(metric: Metric, value: Double)] {
        Metric.correctness.filter { $0.lowerIsBetter == true }.compactMap { metric in
            metric.value(in: self).flatMap { $0 >= (metric.unit == .points ? 1 : Double.leastNonzeroMagnitude) ? (metric, $0) : nil }
        }
    }
}

extension Metric {
    /// The label for `count` of a count: in the singular for one ("1
    /// inconsistency", "1 unchanged reload"), as it is otherwise.
    ///
    /// - Complexity: O(label length).
    public func label(count: Double) -> String {
        guard unit == .count, count == 1 else { return label }
        if label.hasSuffix("ies") { return label.dropLast(3) + "y" }
        if label.hasSuffix("s") { return String(label.dropLast()) }
        return label
    }
}
