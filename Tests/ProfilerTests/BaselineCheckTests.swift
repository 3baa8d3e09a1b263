import Foundation
import Profiler
import Rendering
import Testing

/// A run's modeled figures, built in memory: one completed run with round
/// figures, edited per test.
private func metrics(_ edit: (inout RunMetrics) -> Void = { _ in }) throws -> RunMetrics {
    let object: [String: Any] = [
        "status": "completed", "timeToFirstFrameMs": 100, "completionMs": 1_000, "mainThreadBusyMs": 10, "backgroundBusyMs": 0,
        "frames": 60, "hitches": 0, "hitchTimeMs": 0, "hitchRatioMsPerS": 0, "hitchRating": "good", "worstFrameMs": 8,
        "cellsCreated": 8, "cellsReused": 20, "cellsConfigured": 28, "heightsComputed": 28, "nodesAllocated": 0, "diffedItems": 0,
        "peakMemoryBytes": 10_485_760, "finalMemoryBytes": 10_485_760, "killed": false, "memorySeries": [], "frameSeries": [],
        "inconsistencies": 0, "staleRows": 0, "scrollJumpPoints": 0, "unchangedCellsReloaded": 0,
    ]
    var run = try JSONDecoder().decode(RunMetrics.self, from: JSONSerialization.data(withJSONObject: object))
    edit(&run)
    return run
}

/// Host samples whose wall and CPU times are `ms` give or take 1%.
private func measured(_ ms: Double) throws -> MeasuredFigures {
    let spread = [1.0, 1.01, 0.99, 1.005, 0.995, 1.0, 1.002, 0.998]
    return try #require(MeasuredFigures(spread.map {
        HostSample(wallNanoseconds: ms * $0 * 1_000_000, cpuNanoseconds: ms * $0 * 1_000_000, allocatedBytes: nil, peakRSSBytes: nil)
    }))
}

/// A report of one scenario on one device, with the given results.
private func report(_ results: [StrategyResult], scenario: String = "feed", device: String = "iphone-15", iOS: Int? = 17,
                    defaultIOS: Int? = 17) -> BenchmarkReport {
    BenchmarkReport(measurement: nil, scenarios: [
        ScenarioReport(scenario: scenario, device: device, iOS: iOS, defaultIOS: defaultIOS, frameBudgetMs: 1_000.0 / 60,
                       memoryLimitBytes: 3e9, results: results, scenarioDigest: "0123456789abcdef", deviceDigest: "fedcba9876543210"),
    ], modelVersion: "00000000000000aa")
}

/// `BaselineCheck`, in memory: what moves, in which direction, past which
/// threshold; which runs match; and the summary the command prints. (The
/// command's own part, exit codes and file errors, is `Baselines on the
/// command line`.)
@Suite("Baseline check")
struct BaselineCheckTests {
    @Test func theSameReportComparesEveryRunAndFindsNothing() throws {
        let current = report([StrategyResult(strategy: "reload", metrics: try metrics()),
                              StrategyResult(strategy: "row-ids", metrics: try metrics())])
        let check = BaselineCheck(current: current, baseline: current, thresholdPercent: 0)
        #expect(check.compared == 2 && check.changes.isEmpty && check.unmatched.isEmpty && check.differentInputs.isEmpty && check.notes.isEmpty)
        #expect(check.render() == "Against the baseline (threshold 0%): 0 regressions, 0 improvements\n")
    }

    /// A report read back from its own JSON is the same at threshold 0, although
    /// Foundation's `JSONSerialization` (the baseline reader's) reads
    /// 0.9962640099626401, a hitch ratio of `home-170`, one unit in the last place high.
    @Test func aBaselineReadBackFromJSONFindsNothingAtThresholdZero() throws {
        let current = report([StrategyResult(strategy: "reload", metrics: try metrics { $0.hitchRatioMsPerS = 0.9962640099626401 })])
        let baseline = try BenchmarkReport.baseline(from: Data(try current.renderJSON().utf8))
        let check = BaselineCheck(current: current, baseline: baseline, thresholdPercent: 0)
        #expect(check.compared == 1 && check.changes.isEmpty, "\(check.render())")
        // A real move of the same figure, however small past the allowance, still counts.
        let moved = report([StrategyResult(strategy: "reload", metrics: try metrics { $0.hitchRatioMsPerS = 0.9962640099627 })])
        #expect(BaselineCheck(current: moved, baseline: baseline, thresholdPercent: 0).changes.count == 1)
    }

    /// A figure that rises past the threshold is a regression (more main-thread
    /// time), one that falls an improvement; each line names the run, the
    /// figure, its kind, both values and the change.
    @Test func aRiseIsARegressionAndAFallAnImprovement() throws {
        let baseline = report([StrategyResult(strategy: "reload", metrics: try metrics())])
        let current = report([StrategyResult(strategy: "reload", metrics: try metrics {
            $0.mainThreadBusyMs = 20
            $0.completionMs = 900
            $0.staleRows = 2
        })])
        let check = BaselineCheck(current: current, baseline: baseline, thresholdPercent: 5)
        #expect(check.regressions.map(\.metric) == [.metric(.mainThreadBusyMs), .metric(.staleRows)])
        #expect(check.improvements.map(\.metric) == [.metric(.completionMs)])
        let busy = try #require(check.regressions.first)
        #expect(busy.scenario == "feed" && busy.device == "iphone-15, iOS 17" && busy.strategy == "reload" && busy.kind == .modeled)
        #expect(busy.baseline == .value(10) && busy.current == .value(20) && busy.changePercent == 100 && busy.isRegression)
        #expect(check.regressions.last?.kind == .correctness && check.regressions.last?.changePercent == nil)
        #expect(check.render() == """
            Against the baseline (threshold 5%): 2 regressions, 1 improvement
            Regressions:
              feed on iphone-15, iOS 17 × reload: mainThreadBusyMs [modeled] 10.0 → 20.0 (+100.0%)
              feed on iphone-15, iOS 17 × reload: staleRows [correctness] 0 → 2 (new)

            """ + "Improvements:\n  feed on iphone-15, iOS 17 × reload: completionMs [modeled] 1000.0 → 900.0 (-10.0%)\n")
    }

    /// A move within the threshold (or exactly at it: 5% and 4.9% here) is
    /// no change; a move from zero always is; a neutral count (frames, cells
    /// reused) never is.
    @Test func theThresholdAndNeutralCounts() throws {
        let baseline = report([StrategyResult(strategy: "reload", metrics: try metrics())])
        let current = report([StrategyResult(strategy: "reload", metrics: try metrics {
            $0.mainThreadBusyMs = 10.5
            $0.completionMs = 1_049
            $0.frames = 120
            $0.cellsReused = 0
            $0.hitches = 1
        })])
        let check = BaselineCheck(current: current, baseline: baseline, thresholdPercent: 5)
        #expect(check.changes.map(\.metric) == [.metric(.hitches)])
        #expect(BaselineCheck(current: current, baseline: baseline, thresholdPercent: 4.95).changes.map(\.metric)
            == [.metric(.mainThreadBusyMs), .metric(.hitches)])
        #expect(BaselineCheck(current: current, baseline: baseline, thresholdPercent: 4.8).changes.map(\.metric)
            == [.metric(.completionMs), .metric(.mainThreadBusyMs), .metric(.hitches)])
    }

    /// Leaving `completed` is a regression (its figures are compared too);
    /// coming back to it is an improvement.
    @Test func aStatusChangeFromCompletedIsARegression() throws {
        let completed = report([StrategyResult(strategy: "reload", metrics: try metrics())])
        let crashed = report([StrategyResult(strategy: "reload", metrics: try metrics {
            $0.status = .crashed
            $0.completionMs = nil
            $0.inconsistencies = 1
        })])
        let worse = BaselineCheck(current: crashed, baseline: completed, thresholdPercent: 5)
        #expect(worse.regressions.map(\.metric) == [.status, .metric(.inconsistencies)])
        #expect(worse.regressions.first?.baseline == .status("completed") && worse.regressions.first?.current == .status("crashed"))
        #expect(worse.regressions.first?.changePercent == nil)
        let better = BaselineCheck(current: completed, baseline: crashed, thresholdPercent: 5)
        #expect(better.regressions.isEmpty)
        #expect(better.improvements.map(\.metric) == [.status, .metric(.inconsistencies)])
    }

    /// Runs match by scenario, device and iOS, and strategy: another
    /// strategy or device shares no run (the command then refuses the
    /// baseline); one run in common is compared and the others listed.
    @Test func runsMatchByScenarioDeviceAndStrategy() throws {
        let baseline = report([StrategyResult(strategy: "row-ids", metrics: try metrics())])
        let otherStrategy = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics())]),
                                          baseline: baseline, thresholdPercent: 5)
        #expect(otherStrategy.compared == 0 && otherStrategy.differentInputs.isEmpty)
        #expect(otherStrategy.unmatched == ["feed on iphone-15, iOS 17 × reload (not in the baseline)",
                                            "feed on iphone-15, iOS 17 × row-ids (only in the baseline)"])
        let otherDevice = BaselineCheck(current: report([StrategyResult(strategy: "row-ids", metrics: try metrics())], device: "iphone-7", iOS: 15,
                                                        defaultIOS: 15),
                                        baseline: baseline, thresholdPercent: 5)
        #expect(otherDevice.compared == 0 && otherDevice.unmatched.count == 2)
        let otherIOS = BaselineCheck(current: report([StrategyResult(strategy: "row-ids", metrics: try metrics())], iOS: 16),
                                     baseline: baseline, thresholdPercent: 5)
        #expect(otherIOS.compared == 0)

        let partly = BaselineCheck(current: report([StrategyResult(strategy: "row-ids", metrics: try metrics()),
                                                    StrategyResult(strategy: "reload", metrics: try metrics())]),
                                   baseline: baseline, thresholdPercent: 5)
        #expect(partly.compared == 1)
        #expect(partly.render() == "Against the baseline (threshold 5%): 0 regressions, 0 improvements\n"
            + "Not compared:\n  feed on iphone-15, iOS 17 × reload (not in the baseline)\n")
    }

    /// A baseline saved before reports named the iOS version ran each
    /// device's default version: it matches a run on that version only.
    @Test func aBaselineWithoutIOSMatchesTheDefaultIOSOnly() throws {
        let old = report([StrategyResult(strategy: "reload", metrics: try metrics())], iOS: nil, defaultIOS: nil)
        let onDefault = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics())]),
                                      baseline: old, thresholdPercent: 5)
        #expect(onDefault.compared == 1 && onDefault.unmatched.isEmpty)
        let onOther = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics())], iOS: 16),
                                    baseline: old, thresholdPercent: 5)
        #expect(onOther.compared == 0)
        #expect(onOther.unmatched == ["feed on iphone-15, iOS 16 × reload (not in the baseline)", "feed on iphone-15 × reload (only in the baseline)"])
    }

    /// A measured figure counts only when the bootstrap interval of the
    /// ratio of medians excludes 1 and the median moved past the threshold.
    @Test func aMeasuredFigureNeedsItsIntervalToExcludeOne() throws {
        let baseline = report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try measured(10))])
        let slower = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try measured(20))]),
                                   baseline: baseline, thresholdPercent: 5)
        #expect(slower.regressions.map(\.metric) == [.metric(.wallMs), .metric(.cpuMs)])
        #expect(slower.regressions.allSatisfy { $0.kind == .measured && abs(($0.changePercent ?? 0) - 100) < 1 })
        let same = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try measured(10.1))]),
                                 baseline: baseline, thresholdPercent: 5)
        #expect(same.changes.isEmpty)
        let faster = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try measured(5))]),
                                   baseline: baseline, thresholdPercent: 5)
        #expect(faster.improvements.map(\.metric) == [.metric(.wallMs), .metric(.cpuMs)] && faster.regressions.isEmpty)
    }

    /// Fewer than five samples a side: a measured figure is not compared,
    /// however far it moved (one sample's "interval" is only the ratio), and
    /// a note says why; five a side are compared.
    @Test func aMeasuredFigureNeedsFiveSamplesASide() throws {
        func one(_ ms: Double, count: Int) throws -> MeasuredFigures {
            try #require(MeasuredFigures((0..<count).map { index in
                let wall = ms * (1 + Double(index) * 0.001) * 1_000_000
                return HostSample(wallNanoseconds: wall, cpuNanoseconds: wall, allocatedBytes: nil, peakRSSBytes: nil)
            }))
        }
        let single = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(20, count: 1))]),
                                   baseline: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(10, count: 1))]),
                                   thresholdPercent: 5)
        #expect(single.changes.isEmpty && single.compared == 1)
        #expect(single.notes == ["measured figures of 1 run not compared: not enough samples (n=1 and n=1; 5 needed a side; "
            + "--measure takes 10), so host noise cannot regress them"])
        let four = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(20, count: 4))]),
                                 baseline: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(10, count: 9))]),
                                 thresholdPercent: 5)
        #expect(four.changes.isEmpty && four.notes.first?.contains("(n=9 and n=4; 5 needed a side") == true)
        let five = BaselineCheck(current: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(20, count: 5))]),
                                 baseline: report([StrategyResult(strategy: "reload", metrics: try metrics(), measured: try one(10, count: 5))]),
                                 thresholdPercent: 5)
        #expect(five.regressions.map(\.metric) == [.metric(.wallMs), .metric(.cpuMs)] && five.notes.isEmpty)
    }

    /// A host failure or an unsupported strategy is a status like any other.
    @Test func aFailedRunIsAStatusRegression() throws {
        let baseline = report([StrategyResult(strategy: "reload", metrics: try metrics())])
        let failed = report([StrategyResult(strategy: "reload", failure: RunFailure(reason: .signal, summary: "SIGILL", detail: "a trap"))])
        let check = BaselineCheck(current: failed, baseline: baseline, thresholdPercent: 5)
        #expect(check.compared == 1)
        #expect(check.regressions.map(\.metric) == [.status])
        #expect(check.regressions.first?.current == .status("failed (SIGILL)"))
        let unsupported = report([StrategyResult(strategy: "reload", unsupported: "needs iOS 13")])
        #expect(BaselineCheck(current: unsupported, baseline: baseline, thresholdPercent: 5).regressions.map(\.current) == [.status("unsupported (needs iOS 13)")])
        #expect(BaselineCheck(current: baseline, baseline: failed, thresholdPercent: 5).improvements.map(\.metric) == [.status])
    }
}
