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

/// A metric's identity: its contract name (DESIGN.md), the unit its values
/// are in, and which kind of figure it is. The raw value is the name used in
/// JSON, CSV headers and on the command line.
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

    /// The unit its values are in.
    public var unit: MetricUnit {
        switch self {
        case .timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .mainThreadWaitingMs, .backgroundBusyMs, .hitchTimeMs, .worstFrameMs, .killedAtMs, .wallMs, .cpuMs: return .ms
        case .frames, .hitches, .cellsCreated, .cellsReused, .cellsConfigured, .heightsComputed, .nodesAllocated, .diffedItems, .inconsistencies, .staleRows, .unchangedCellsReloaded, .rowsDisplayed, .rowsNeverDisplayed, .misSizedRows: return .count
        case .hitchRatioMsPerS: return .msPerS
        case .peakMemoryBytes, .finalMemoryBytes, .allocatedBytes, .peakRSSBytes: return .bytes
        case .scrollJumpPoints: return .points
        }
    }

    /// Which kind of figure it is.
    public var kind: MetricKind {
        switch self {
        case .timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .mainThreadWaitingMs, .backgroundBusyMs, .frames, .hitches, .hitchTimeMs, .hitchRatioMsPerS, .worstFrameMs, .cellsCreated, .cellsReused, .cellsConfigured, .heightsComputed, .nodesAllocated, .diffedItems, .peakMemoryBytes, .finalMemoryBytes, .killedAtMs: return .modeled
        case .inconsistencies, .staleRows, .scrollJumpPoints, .unchangedCellsReloaded, .rowsDisplayed, .rowsNeverDisplayed, .misSizedRows: return .correctness
        case .wallMs, .cpuMs, .allocatedBytes, .peakRSSBytes: return .measured
        }
    }
}

/// The unit a metric's values are in.
public enum MetricUnit: String, Codable, Sendable {
    case ms
    case count
    case bytes
    case msPerS = "ms/s"
    case points
}

/// One numeric metric of a run: its identity (name, unit, kind), heading,
/// which direction is better, and how to read it from a result.
public struct Metric: Sendable {
    public let id: MetricID
    /// A short heading for tables.
    public let heading: String
    /// Whether a smaller value is better; nil for neutral counts (frames, reuse, work done) that are neither.
    public let lowerIsBetter: Bool?
    /// One sentence for the glossary and `--help`.
    public let meaning: String
    let read: @Sendable (StrategyResult) -> Double?

    /// The camelCase name used in JSON and CSV headers.
    public var name: String { id.rawValue }
    public var unit: MetricUnit { id.unit }
    public var kind: MetricKind { id.kind }

    /// The value in `result`, or nil when the run has none (no first frame, not measured, …).
    public func value(in result: StrategyResult) -> Double? { read(result) }

    init(_ id: MetricID, _ heading: String, lowerIsBetter: Bool? = true,
         _ meaning: String, _ read: @escaping @Sendable (StrategyResult) -> Double?) {
        self.id = id
        self.heading = heading
        self.lowerIsBetter = lowerIsBetter
        self.meaning = meaning
        self.read = read
    }

    /// Every numeric metric, in report order (``MetricID``'s order): modeled, correctness, then measured.
    public static let all: [Metric] = MetricID.allCases.map(Metric.init)
    public static let modeled: [Metric] = all.filter { $0.kind == .modeled }
    public static let correctness: [Metric] = all.filter { $0.kind == .correctness }
    public static let measured: [Metric] = all.filter { $0.kind == .measured }

    /// Looks a metric up by its contract name (a JSON key or CSV column another program has), nil for any other text.
    public static func named(_ name: String) -> Metric? { MetricID(rawValue: name).map(Metric.init) }

    /// The metric with this identity.
    ///
    /// - Complexity: O(1); the switch covers every ``MetricID``, so no identity lacks a definition.
    public init(_ id: MetricID) {
        switch id {
        case .timeToFirstFrameMs:
            self = Metric(.timeToFirstFrameMs, "ttff ms", "virtual time until the first frame showing content is presented") { $0.metrics?.timeToFirstFrameMs }
        case .completionMs:
            self = Metric(.completionMs, "completion ms", "virtual time when the last step has finished and its content is on screen (none when the run did not complete)") { $0.metrics?.completionMs }
        case .mainThreadBusyMs:
            self = Metric(.mainThreadBusyMs, "main ms", "modeled work on the main thread") { $0.metrics?.mainThreadBusyMs }
        case .mainThreadWaitingMs:
            self = Metric(.mainThreadWaitingMs, "main wait ms", "time the main thread was ready to run but shared a core with other threads (the device's cores are all busy); not counted as busy") { $0.metrics?.mainThreadWaitingMs }
        case .backgroundBusyMs:
            self = Metric(.backgroundBusyMs, "bg ms", "modeled work on background workers, summed over workers") { $0.metrics?.backgroundBusyMs }
        case .frames:
            self = Metric(.frames, "frames", lowerIsBetter: nil, "frames presented") { $0.metrics.map { Double($0.frames) } }
        case .hitches:
            self = Metric(.hitches, "hitches", "frames presented later than their deadline") { $0.metrics.map { Double($0.hitches) } }
        case .hitchTimeMs:
            self = Metric(.hitchTimeMs, "hitch ms", "the sum of how late each late frame was") { $0.metrics?.hitchTimeMs }
        case .hitchRatioMsPerS:
            self = Metric(.hitchRatioMsPerS, "hitch ms/s", "hitch time per second of the run; Apple rates ≤ 10 good, ≤ 25 warning, ≤ 50 critical, above that immediate attention") { $0.metrics?.hitchRatioMsPerS }
        case .worstFrameMs:
            self = Metric(.worstFrameMs, "worst frame ms", "the longest time from a frame's vsync to its presentation") { $0.metrics?.worstFrameMs }
        case .cellsCreated:
            self = Metric(.cellsCreated, "created", "cells (or small cells) created, because no reusable one was in the pool") { $0.metrics.map { Double($0.cellsCreated) } }
        case .cellsReused:
            self = Metric(.cellsReused, "reused", lowerIsBetter: nil, "cells taken from a reuse pool") { $0.metrics.map { Double($0.cellsReused) } }
        case .cellsConfigured:
            self = Metric(.cellsConfigured, "configured", lowerIsBetter: nil, "cells given content") { $0.metrics.map { Double($0.cellsConfigured) } }
        case .heightsComputed:
            self = Metric(.heightsComputed, "heights", lowerIsBetter: nil, "row heights measured") { $0.metrics.map { Double($0.heightsComputed) } }
        case .nodesAllocated:
            self = Metric(.nodesAllocated, "nodes", lowerIsBetter: nil, "Texture nodes allocated") { $0.metrics.map { Double($0.nodesAllocated) } }
        case .diffedItems:
            self = Metric(.diffedItems, "diffed", lowerIsBetter: nil, "items passed through a diff") { $0.metrics.map { Double($0.diffedItems) } }
        case .peakMemoryBytes:
            self = Metric(.peakMemoryBytes, "peak MiB", "the highest modeled memory footprint (cells, views, backing stores, decoded images, nodes)") { $0.metrics.map { Double($0.peakMemoryBytes) } }
        case .finalMemoryBytes:
            self = Metric(.finalMemoryBytes, "final MiB", "the modeled footprint at the end") { $0.metrics.map { Double($0.finalMemoryBytes) } }
        case .killedAtMs:
            self = Metric(.killedAtMs, "killed at ms", lowerIsBetter: nil, "when the footprint passed the device's limit (jetsam), if it did") { $0.metrics?.killedAtMs }
        case .inconsistencies:
            self = Metric(.inconsistencies, "inconsistencies", "invalid updates (the simulated NSInternalInconsistencyException); a run stops at the first") { $0.metrics.map { Double($0.inconsistencies) } }
        case .staleRows:
            self = Metric(.staleRows, "stale", "visible rows not showing the model's current content, summed over steps") { $0.metrics.map { Double($0.staleRows) } }
        case .scrollJumpPoints:
            self = Metric(.scrollJumpPoints, "jump pt", "how far visible content moved on screen without the user scrolling") { $0.metrics?.scrollJumpPoints }
        case .unchangedCellsReloaded:
            self = Metric(.unchangedCellsReloaded, "unchanged reloads", "visible cells torn down and rebuilt although their content did not change (reloadData's flicker)") { $0.metrics.map { Double($0.unchangedCellsReloaded) } }
        case .rowsDisplayed:
            self = Metric(.rowsDisplayed, "shown", lowerIsBetter: nil, "items (by identity) shown on screen with their content for at least one frame") { $0.metrics?.rowsDisplayed.map(Double.init) }
        case .rowsNeverDisplayed:
            self = Metric(.rowsNeverDisplayed, "never shown", "items the run owed and never showed: above the furthest point the viewport reached (passed or jumped over) or named by a step, in the app's data at the end") { $0.metrics?.rowsNeverDisplayed.map(Double.init) }
        case .misSizedRows:
            self = Metric(.misSizedRows, "mis-sized", "row displays at a height the app gave that is not the content's own (the row clips its content or leaves a gap)") { $0.metrics?.misSizedRows.map(Double.init) }
        case .wallMs:
            self = Metric(.wallMs, "wall ms", "host wall time of one run of the simulation (median over repetitions)") { $0.measured?.wallMs.median }
        case .cpuMs:
            self = Metric(.cpuMs, "cpu ms", "host CPU time of the thread running the simulation (median)") { $0.measured?.cpuMs.median }
        case .allocatedBytes:
            self = Metric(.allocatedBytes, "alloc MiB", "host heap still in use at the end of a run, before the run is freed (glibc mallinfo2 uordblks after minus before; median)") { $0.measured?.allocatedBytes?.median }
        case .peakRSSBytes:
            self = Metric(.peakRSSBytes, "peak RSS MiB", "host peak resident memory a run added (VmHWM reset through /proc/self/clear_refs; median)") { $0.measured?.peakRSSBytes?.median }
        }
    }
}

extension Metric {
    /// The heading of its table column; measured ones are marked, so no table mixes the kinds silently.
    public var columnHeading: String { kind == .measured ? "\(heading) [measured]" : heading }

    /// The unit values are shown in: bytes as MiB.
    public var displayUnit: String { unit == .bytes ? "MiB" : unit.rawValue }

    /// A value formatted for tables: bytes in MiB (2²⁰ bytes), ms to 0.1, counts whole.
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

extension StrategyResult {
    /// The value of a metric in this result, or nil when the run has none
    /// (no first frame, not measured, not run).
    public func value(_ metric: MetricID) -> Double? { Metric(metric).value(in: self) }
}
