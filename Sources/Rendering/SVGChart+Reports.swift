import Foundation
import Profiler

extension SVGChart {
    /// Modeled memory over time (MiB) per strategy of a scenario, always
    /// with the device's limit: on the scale when within ``farAbove`` times
    /// the highest footprint, else on a band at the top of a broken y axis.
    /// A run killed at the limit or crashed is marked where its line ends.
    public static func memory(_ scenario: ScenarioReport, title: String? = nil) -> SVGChart {
        let series = scenario.results.map { result in
            // A run that stopped early is marked where it stopped: killed at the limit, or crashed.
            let end = result.metrics?.killed == true ? "killed" : result.metrics?.status == .crashed ? "crashed" : nil
            return Series(name: result.strategy + (end.map { " (\($0))" } ?? ""),
                          points: (result.metrics?.memorySeries ?? []).map { (Double($0.time) / 1e9, Double($0.bytes) / 1_048_576) }, end: end)
        }
        let limit = scenario.memoryLimitBytes / 1_048_576
        return SVGChart(title: title ?? "\(scenario.scenario) on \(scenario.deviceLabel): modeled memory over time",
                        xLabel: "virtual time (s)", yLabel: "memory (MiB)", series: series,
                        reference: (limit, "device limit \(Int(limit.rounded())) MiB"))
    }

    /// Modeled late frames: of the longest frame of every 100 ms, those over
    /// the frame budget, as stems rising from the budget line (drawn
    /// beneath them) to the frame's time; a chart without any says so.
    public static func frames(_ scenario: ScenarioReport, strategies: [String]? = nil, title: String? = nil) -> SVGChart {
        let chosen = scenario.results.filter { strategies?.contains($0.strategy) ?? true }
        let series = chosen.map { result in
            Series(name: result.strategy, points: (result.metrics?.frameSeries ?? []).map { (Double($0.time) / 1e9, Double($0.duration) / 1e6) })
        }
        // Every run's span, so the x axis ends where the runs do, late frames or not.
        let end = chosen.compactMap { $0.metrics?.frameSeries.last.map { Double($0.time) / 1e9 } }.max()
        var chart = SVGChart(title: title ?? "\(scenario.scenario) on \(scenario.deviceLabel): longest frame per 100 ms, when over the budget",
                             xLabel: "virtual time (s)", yLabel: "frame time (ms)", series: series,
                             reference: (scenario.frameBudgetMs, String(format: "budget %.1f ms", scenario.frameBudgetMs)))
        chart.lateOnly = true
        chart.fixedXRange = end.map { 0...max($0, 1e-9) }
        return chart
    }
}
