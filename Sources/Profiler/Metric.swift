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

/// One numeric metric of a run: its contract name (DESIGN.md), heading,
/// unit, kind, which direction is better, and how to read it from a result.
public struct Metric: Sendable {
    /// The camelCase name used in JSON and CSV headers.
    public let name: String
    /// A short heading for tables.
    public let heading: String
    /// The unit: ms, count, bytes, ms/s, points.
    public let unit: String
    public let kind: MetricKind
    /// Whether a smaller value is better; nil for neutral counts (frames, reuse, work done) that are neither.
    public let lowerIsBetter: Bool?
    /// One sentence for the glossary and `--help`.
    public let meaning: String
    let read: @Sendable (StrategyResult) -> Double?

    /// The value in `result`, or nil when the run has none (no first frame, not measured, …).
    public func value(in result: StrategyResult) -> Double? { read(result) }

    init(_ name: String, _ heading: String, _ unit: String, _ kind: MetricKind, lowerIsBetter: Bool? = true,
         _ meaning: String, _ read: @escaping @Sendable (StrategyResult) -> Double?) {
        self.name = name
        self.heading = heading
        self.unit = unit
        self.kind = kind
        self.lowerIsBetter = lowerIsBetter
        self.meaning = meaning
        self.read = read
    }

    /// Every numeric metric, in report order: modeled, correctness, then measured.
    public static let all: [Metric] = modeled + correctness + measured

    /// Looks a metric up by its contract name.
    public static func named(_ name: String) -> Metric? { all.first { $0.name == name } }

    public static let modeled: [Metric] = [
        Metric("timeToFirstFrameMs", "ttff ms", "ms", .modeled, "virtual time until the first frame showing content is presented") { $0.metrics?.timeToFirstFrameMs },
        Metric("completionMs", "completion ms", "ms", .modeled, "virtual time when the last step has finished and its content is on screen (none when the run did not complete)") { $0.metrics?.completionMs },
        Metric("mainThreadBusyMs", "main ms", "ms", .modeled, "modeled work on the main thread") { $0.metrics?.mainThreadBusyMs },
        Metric("mainThreadWaitingMs", "main wait ms", "ms", .modeled, "time the main thread was ready to run but shared a core with other threads (the device's cores are all busy); not counted as busy") { $0.metrics?.mainThreadWaitingMs },
        Metric("backgroundBusyMs", "bg ms", "ms", .modeled, "modeled work on background workers, summed over workers") { $0.metrics?.backgroundBusyMs },
        Metric("frames", "frames", "count", .modeled, lowerIsBetter: nil, "frames presented") { $0.metrics.map { Double($0.frames) } },
        Metric("hitches", "hitches", "count", .modeled, "frames presented later than their deadline") { $0.metrics.map { Double($0.hitches) } },
        Metric("hitchTimeMs", "hitch ms", "ms", .modeled, "the sum of how late each late frame was") { $0.metrics?.hitchTimeMs },
        Metric("hitchRatioMsPerS", "hitch ms/s", "ms/s", .modeled, "hitch time per second of the run; Apple rates ≤ 10 good, ≤ 25 warning, ≤ 50 critical, above that immediate attention") { $0.metrics?.hitchRatioMsPerS },
        Metric("worstFrameMs", "worst frame ms", "ms", .modeled, "the longest time from a frame's vsync to its presentation") { $0.metrics?.worstFrameMs },
        Metric("cellsCreated", "created", "count", .modeled, "cells (or small cells) created, because no reusable one was in the pool") { $0.metrics.map { Double($0.cellsCreated) } },
        Metric("cellsReused", "reused", "count", .modeled, lowerIsBetter: nil, "cells taken from a reuse pool") { $0.metrics.map { Double($0.cellsReused) } },
        Metric("cellsConfigured", "configured", "count", .modeled, lowerIsBetter: nil, "cells given content") { $0.metrics.map { Double($0.cellsConfigured) } },
        Metric("heightsComputed", "heights", "count", .modeled, lowerIsBetter: nil, "row heights measured") { $0.metrics.map { Double($0.heightsComputed) } },
        Metric("nodesAllocated", "nodes", "count", .modeled, lowerIsBetter: nil, "Texture nodes allocated") { $0.metrics.map { Double($0.nodesAllocated) } },
        Metric("diffedItems", "diffed", "count", .modeled, lowerIsBetter: nil, "items passed through a diff") { $0.metrics.map { Double($0.diffedItems) } },
        Metric("peakMemoryBytes", "peak MB", "bytes", .modeled, "the highest modeled memory footprint (cells, views, backing stores, decoded images, nodes)") { $0.metrics.map { Double($0.peakMemoryBytes) } },
        Metric("finalMemoryBytes", "final MB", "bytes", .modeled, "the modeled footprint at the end") { $0.metrics.map { Double($0.finalMemoryBytes) } },
        Metric("killedAtMs", "killed at ms", "ms", .modeled, lowerIsBetter: nil, "when the footprint passed the device's limit (jetsam), if it did") { $0.metrics?.killedAtMs },
    ]

    public static let correctness: [Metric] = [
        Metric("inconsistencies", "inconsistencies", "count", .correctness, "invalid updates (the simulated NSInternalInconsistencyException); a run stops at the first") { $0.metrics.map { Double($0.inconsistencies) } },
        Metric("staleRows", "stale", "count", .correctness, "visible rows not showing the model's current content, summed over steps") { $0.metrics.map { Double($0.staleRows) } },
        Metric("scrollJumpPoints", "jump pt", "points", .correctness, "how far visible content moved on screen without the user scrolling") { $0.metrics?.scrollJumpPoints },
        Metric("unchangedCellsReloaded", "unchanged reloads", "count", .correctness, "visible cells torn down and rebuilt although their content did not change (reloadData's flicker)") { $0.metrics.map { Double($0.unchangedCellsReloaded) } },
        Metric("rowsDisplayed", "shown", "count", .correctness, lowerIsBetter: nil, "items (by identity) shown on screen with their content for at least one frame") { $0.metrics?.rowsDisplayed.map(Double.init) },
        Metric("rowsNeverDisplayed", "never shown", "count", .correctness, "items the run owed and never showed: above the furthest point the viewport reached (passed or jumped over) or named by a step, in the app's data at the end") { $0.metrics?.rowsNeverDisplayed.map(Double.init) },
        Metric("misSizedRows", "mis-sized", "count", .correctness, "row displays at a height the app gave that is not the content's own (the row clips its content or leaves a gap)") { $0.metrics?.misSizedRows.map(Double.init) },
    ]

    public static let measured: [Metric] = [
        Metric("wallMs", "wall ms", "ms", .measured, "host wall time of one run of the simulation (median over repetitions)") { $0.measured?.wallMs.median },
        Metric("cpuMs", "cpu ms", "ms", .measured, "host CPU time of the thread running the simulation (median)") { $0.measured?.cpuMs.median },
        Metric("allocatedBytes", "alloc MB", "bytes", .measured, "host heap still in use at the end of a run, before the run is freed (glibc mallinfo2 uordblks after minus before; median)") { $0.measured?.allocatedBytes?.median },
        Metric("peakRSSBytes", "peak RSS MB", "bytes", .measured, "host peak resident memory a run added (VmHWM reset through /proc/self/clear_refs; median)") { $0.measured?.peakRSSBytes?.median },
    ]
}

extension Metric {
    /// The heading of its table column; measured ones are marked, so no table mixes the kinds silently.
    public var columnHeading: String { kind == .measured ? "\(heading) [measured]" : heading }

    /// The unit values are shown in: bytes as MiB.
    public var displayUnit: String { unit == "bytes" ? "MiB" : unit }

    /// A value formatted for tables: bytes in MB, ms to 0.1, counts whole.
    public func format(_ value: Double?) -> String {
        guard let value else { return "-" }
        if kind == .measured, unit == "ms", value < 10 { return String(format: "%.3f", value) }
        switch unit {
        case "bytes": return String(format: "%.1f", value / 1_048_576)
        case "count": return String(format: "%.0f", value)
        case "points": return String(format: "%.0f", value)
        default: return String(format: "%.1f", value)
        }
    }
}
