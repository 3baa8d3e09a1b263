/// The metric table: one row per ``MetricID``, in report order.
///
/// A row is the metric's unit, kind, polarity, short label, whether `run`'s
/// tables show it (`headline`), how `run --help` describes it (`help`), its
/// meaning (the glossary's sentence), and how it is read from a result.
/// Everything else is derived from the rows: ``MetricID/unit``,
/// ``MetricID/kind``, ``Metric/lowerIsBetter``, the CSV and JSON columns,
/// the glossary and the help text.
extension Metric {
    /// The metric with this identity: its row.
    ///
    /// - Complexity: O(1); the switch covers every ``MetricID``, so no identity lacks a row.
    public init(_ id: MetricID) {
        switch id {
        // Modeled
        case .timeToFirstFrameMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "ttff ms", headline: true,
                      help: "ttff ms (timeToFirstFrameMs): virtual time until the first frame with content.",
                      "virtual time until the first frame showing content is presented") { $0.metrics?.timeToFirstFrameMs }
        case .completionMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "completion ms", headline: true,
                      help: "completion ms (completionMs): when the last step's content is on screen.",
                      "virtual time when the last step has finished and its content is on screen (none when the run did not complete)") { $0.metrics?.completionMs }
        case .mainThreadBusyMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "main ms", headline: true,
                      help: "main ms / bg ms (mainThreadBusyMs, backgroundBusyMs): modeled busy time.",
                      "modeled work on the main thread") { $0.metrics?.mainThreadBusyMs }
        case .mainThreadWaitingMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "main wait ms", headline: true,
                      help: "main wait ms (mainThreadWaitingMs): time main was ready but shared a core, when the device's cores were all busy.",
                      "time the main thread was ready to run but shared a core with other threads (the device's cores are all busy); not counted as busy") { $0.metrics?.mainThreadWaitingMs }
        case .backgroundBusyMs:
            // Neutral: moving work off main raises it, and the user never waits on it by itself
            // (what it delays shows in completion and first frame, which have a direction).
            self.init(id, .ms, .modeled, .neutral, "bg ms", headline: true,
                      "modeled work on background workers, summed over workers (neither better nor worse by itself: moving work off main raises it)") { $0.metrics?.backgroundBusyMs }
        case .frames:
            self.init(id, .count, .modeled, .neutral, "frames", headline: true, help: "frames, hitches (count).",
                      "frames presented") { $0.metrics.map { Double($0.frames) } }
        case .hitches:
            self.init(id, .count, .modeled, .prefersSmaller, "hitches", headline: true,
                      "frames presented later than their deadline") { $0.metrics.map { Double($0.hitches) } }
        case .hitchTimeMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "hitch ms",
                      "the sum of how late each late frame was") { $0.metrics?.hitchTimeMs }
        case .hitchRatioMsPerS:
            self.init(id, .msPerS, .modeled, .prefersSmaller, "hitch ms/s", headline: true,
                      help: "hitch ms/s (hitchRatioMsPerS): Apple's hitch time ratio, hitch time over the time spent animating (frames in flight; idle time does not dilute it), Apple's rating in brackets (good ≤ 10, warning ≤ 25, critical ≤ 50, immediateAttention).",
                      "Apple's hitch time ratio: \"the total time spent hitching to the total time spent animating\" (MetricKit's cumulativeHitchTimeRatio), here hitch time over the time frames were in flight (frames × interval + hitch time), in ms per s; Apple rates ≤ 10 good, ≤ 25 warning, ≤ 50 critical, above that immediate attention") { $0.metrics?.hitchRatioMsPerS }
        case .worstFrameMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "worst frame ms",
                      "the longest time from a frame's vsync to its presentation") { $0.metrics?.worstFrameMs }
        case .hangs:
            self.init(id, .count, .modeled, .prefersSmaller, "hangs",
                      help: "hangs, hang ms, longest hang ms (hangs, hangTimeMs, longestHangMs): main-thread busy stretches of 250 ms or more, Apple's hang threshold.",
                      "main-thread hangs: stretches of main-thread work back to back (no idle moment between) lasting 250 ms or more, the threshold at which Apple's tools report a hang (WWDC23 \"Analyze hangs with Instruments\")") { $0.metrics?.hangs.map(Double.init) }
        case .hangTimeMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "hang ms",
                      "the summed length of the main-thread hangs") { $0.metrics?.hangTimeMs }
        case .longestHangMs:
            self.init(id, .ms, .modeled, .prefersSmaller, "longest hang ms",
                      "the longest main-thread hang (0 without hangs)") { $0.metrics?.longestHangMs }
        case .cellsCreated:
            self.init(id, .count, .modeled, .prefersSmaller, "created", headline: true, help: "created / configured: cells.",
                      "cells (or small cells) created, because no reusable one was in the pool") { $0.metrics.map { Double($0.cellsCreated) } }
        case .cellsReused:
            self.init(id, .count, .modeled, .neutral, "reused",
                      "cells taken from a reuse pool") { $0.metrics.map { Double($0.cellsReused) } }
        case .cellsConfigured:
            self.init(id, .count, .modeled, .neutral, "configured", headline: true,
                      "cells given content") { $0.metrics.map { Double($0.cellsConfigured) } }
        case .heightsComputed:
            self.init(id, .count, .modeled, .neutral, "heights",
                      "row heights measured") { $0.metrics.map { Double($0.heightsComputed) } }
        case .nodesAllocated:
            self.init(id, .count, .modeled, .neutral, "nodes",
                      "Texture nodes allocated") { $0.metrics.map { Double($0.nodesAllocated) } }
        case .diffedItems:
            self.init(id, .count, .modeled, .neutral, "diffed",
                      "items passed through a diff") { $0.metrics.map { Double($0.diffedItems) } }
        case .peakMemoryBytes:
            self.init(id, .bytes, .modeled, .prefersSmaller, "peak MiB", headline: true,
                      help: "peak MiB (peakMemoryBytes): modeled peak footprint, in MiB.",
                      "the highest modeled memory footprint (cells, views, backing stores, decoded images, nodes)") { $0.metrics.map { Double($0.peakMemoryBytes) } }
        case .finalMemoryBytes:
            self.init(id, .bytes, .modeled, .prefersSmaller, "final MiB",
                      "the modeled footprint at the end") { $0.metrics.map { Double($0.finalMemoryBytes) } }
        case .killedAtMs:
            self.init(id, .ms, .modeled, .neutral, "killed at ms",
                      "when the footprint passed the device's limit (jetsam), if it did") { $0.metrics?.killedAtMs }
        // Correctness
        case .inconsistencies:
            self.init(id, .count, .correctness, .prefersSmaller, "inconsistencies", headline: true,
                      help: "inconsistencies (invalid updates: the simulated crash)",
                      "invalid updates (the simulated NSInternalInconsistencyException); a run stops at the first") { $0.metrics.map { Double($0.inconsistencies) } }
        case .staleRows:
            self.init(id, .count, .correctness, .prefersSmaller, "stale", headline: true,
                      help: "stale (visible rows not showing the current data after a step)",
                      "visible rows not showing the model's current content, summed over steps") { $0.metrics.map { Double($0.staleRows) } }
        case .scrollJumpPoints:
            self.init(id, .points, .correctness, .prefersSmaller, "jump pt", headline: true,
                      help: "jump pt (points the content the user was looking at moved without the user scrolling)",
                      "how far visible content moved on screen without the user scrolling") { $0.metrics?.scrollJumpPoints }
        case .unchangedCellsReloaded:
            self.init(id, .count, .correctness, .prefersSmaller, "unchanged reloads", headline: true,
                      help: "unchanged reloads (visible cells torn down although unchanged)",
                      "visible cells torn down and rebuilt although their content did not change (reloadData's flicker)") { $0.metrics.map { Double($0.unchangedCellsReloaded) } }
        case .rowsDisplayed:
            self.init(id, .count, .correctness, .neutral, "shown", headline: true,
                      help: "shown (rowsDisplayed: items shown with their content for a frame)",
                      "items (by identity) shown on screen with their content for at least one frame") { $0.metrics?.rowsDisplayed.map(Double.init) }
        case .rowsNeverDisplayed:
            self.init(id, .count, .correctness, .prefersSmaller, "never shown", headline: true,
                      help: "never shown (rowsNeverDisplayed: items passed or jumped over, or scrolled to, and never shown; such a run gets a line under the table, and compare does not rank its lower costs as better)",
                      "items the run owed and never showed: above the furthest point the viewport reached (passed or jumped over) or named by a step, in the app's data at the end") { $0.metrics?.rowsNeverDisplayed.map(Double.init) }
        case .misSizedRows:
            self.init(id, .count, .correctness, .prefersSmaller, "mis-sized",
                      "row displays at a height the app gave that is not the content's own (the row clips its content or leaves a gap)") { $0.metrics?.misSizedRows.map(Double.init) }
        // Measured
        case .wallMs:
            self.init(id, .ms, .measured, .prefersSmaller, "wall ms", headline: true, help: "wall ms (median ± MAD)",
                      "host wall time of one run of the simulation (median over repetitions)") { $0.measured?.wallMs.median }
        case .cpuMs:
            self.init(id, .ms, .measured, .prefersSmaller, "cpu ms", headline: true, help: "cpu ms (median CPU time of the running thread)",
                      "host CPU time of the thread running the simulation (median)") { $0.measured?.cpuMs.median }
        case .allocatedBytes:
            self.init(id, .bytes, .measured, .prefersSmaller, "alloc MiB",
                      "host heap still in use at the end of a run, before the run is freed (glibc mallinfo2 uordblks after minus before; median)") { $0.measured?.allocatedBytes?.median }
        case .peakRSSBytes:
            self.init(id, .bytes, .measured, .prefersSmaller, "peak RSS MiB", headline: true,
                      help: "peak RSS MiB (median peak resident memory a run added)",
                      "host peak resident memory a run added (VmHWM reset through /proc/self/clear_refs; median)") { $0.measured?.peakRSSBytes?.median }
        }
    }
}
