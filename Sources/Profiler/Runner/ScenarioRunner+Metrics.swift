import ListSimulator

extension ScenarioRunner {
    /// The run's metrics, read off the simulation, the world, the user and the coverage.
    func metrics() -> RunMetrics {
        let sim = simulation
        let stats = clock.frameStats
        let hangs = clock.hangStats
        let hitchMs = Sim.milliseconds(stats.hitchTime)
        let hitchRatio = RunMetrics.hitchRatio(hitchMs: hitchMs, renderingMs: Sim.milliseconds(stats.renderingTime))
        let status: RunStatus
        if !sim.inconsistencies.isEmpty {
            status = .crashed
        } else if sim.ledger.killedAt != nil {
            status = .killed
        } else if user.finishedAt == nil {
            status = .timedOut
        } else {
            status = .completed
        }
        return RunMetrics(
            status: status,
            boundReached: boundReached,
            timeToFirstFrameMs: firstContentAt.map(Sim.milliseconds),
            completionMs: user.finishedAt.map { Sim.milliseconds(max($0, stats.lastFrameAt ?? 0)) },
            mainThreadBusyMs: Sim.milliseconds(clock.mainBusy),
            mainThreadWaitingMs: Sim.milliseconds(clock.mainWaiting),
            backgroundBusyMs: Sim.milliseconds(clock.backgroundBusy),
            frames: stats.frames, hitches: stats.hitches, hitchTimeMs: hitchMs,
            hitchRatioMsPerS: hitchRatio, hitchRating: HitchRating(ratioMsPerS: hitchRatio),
            worstFrameMs: Sim.milliseconds(stats.worstFrame),
            hangs: hangs.hangs, hangTimeMs: Sim.milliseconds(hangs.hangTime), longestHangMs: Sim.milliseconds(hangs.longestHang),
            cellsCreated: sim.counters.cellsCreated, cellsReused: sim.counters.cellsReused,
            cellsConfigured: sim.counters.cellsConfigured, heightsComputed: sim.counters.heightsComputed,
            nodesAllocated: sim.counters.nodesAllocated, diffedItems: sim.counters.diffedItems,
            peakMemoryBytes: sim.ledger.peak, finalMemoryBytes: sim.ledger.total,
            killed: sim.ledger.killedAt != nil, killedAtMs: sim.ledger.killedAt.map(Sim.milliseconds),
            memorySeries: sim.ledger.series, frameSeries: stats.series,
            inconsistencies: sim.inconsistencies.count, firstInconsistency: sim.inconsistencies.first?.message,
            staleRows: coverage.staleRows, scrollJumpPoints: sim.counters.scrollJumpPoints,
            unchangedCellsReloaded: sim.counters.unchangedCellsReloaded,
            rowsDisplayed: coverage.displayed.count, rowsNeverDisplayed: coverage.neverDisplayed(truth: world.truth),
            misSizedRows: sim.counters.misSizedRows,
            breakdown: CostBreakdown(main: clock.mainByCategory, background: clock.backgroundByCategory),
            hitchCauses: CostBreakdown.shares(stats.hitchCauses).enumerated()
                .sorted { $0.element.ms != $1.element.ms ? $0.element.ms > $1.element.ms : $0.offset < $1.offset }.map(\.element),
            worstFrameCause: stats.worstFrameCause,
            hitchTriggers: stats.hitchTriggers.map { TriggerTime(triggers.trigger($0.key), ms: Sim.milliseconds($0.value)) }
                .sorted { $0.ms != $1.ms ? $0.ms > $1.ms : $0.trigger.description < $1.trigger.description },
            worstFrameTrigger: stats.worstFrameTrigger.map(triggers.trigger),
            loggedMessages: sim.logged.isEmpty ? nil : sim.logged.count,
            firstLoggedMessage: sim.logged.first?.message,
            missedScrollTargets: user.missed.isEmpty ? nil : user.missed)
    }
}
