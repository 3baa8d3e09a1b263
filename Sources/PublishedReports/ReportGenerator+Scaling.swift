import Foundation
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies

/// The pages only `report.html` carries: a sweep of post counts, and the
/// threads-and-frames timelines.
extension ReportGenerator {
    static func scaling(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        func series(_ strategy: String, _ read: (RunMetrics) -> Double?) -> SVGChart.Series {
            SVGChart.Series(name: strategy, points: sweepPosts.compactMap { posts in
                guard let count = Double(posts), let m = all.result("home-170 [posts=\(posts)]", "iphone-15", strategy)?.metrics,
                      let value = read(m) else { return nil }
                return (count, value)
            })
        }
        let strategies = ["monolithic-cells", "viewmodel-cells"]
        var completion = SVGChart(title: "home-170 swept over post counts: total time (iphone-15)", xLabel: "posts", yLabel: "completion (ms)",
                                  series: strategies.map { series($0) { $0.completionMs } })
        completion.marksPoints = true
        var main = SVGChart(title: "home-170 swept over post counts: main-thread time (iphone-15)", xLabel: "posts", yLabel: "main thread (ms)",
                            series: strategies.map { series($0) { $0.mainThreadBusyMs } })
        main.marksPoints = true
        var rows: [[String]] = []
        for posts in sweepPosts {
            var row = [posts]
            for strategy in strategies { row.append(ms(all.result("home-170 [posts=\(posts)]", "iphone-15", strategy)?.metrics?.completionMs)) }
            rows.append(row)
        }
        return ReportDocument(name: "scaling", title: try words(prose, "scaling.title"), blocks: [
            .paragraph(try words(prose, "scaling.intro", ["posts": sweepPosts.joined(separator: ",")])),
            .table(headers: ["posts"] + strategies.map { "\($0) completion (ms)" }, rows: rows),
            .chart(completion, file: "scaling-completion.svg"),
            .chart(main, file: "scaling-main.svg"),
        ])
    }

    // MARK: - Timelines

    /// The timeline view: threads and frames of each strategy over the same
    /// window, the half second in which `reload` kept main busiest on the
    /// realtime feed, and over Home paged as fast as frames allow.
    static func timelines(scenarios: [String: Scenario], catalog: StrategyCatalog, _ prose: Prose) throws(Failure) -> ReportDocument {
        var blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "timelines.intro")),
        ]
        // The heading is a passage's name.
        let cases: [(scenario: String, steps: [Step]?, strategies: [String], lead: String, heading: String)] = [
            ("realtime-feed", nil, ["reload", "batch-updates", "row-ids", "diffable-ids", shippedLibrary, minimalLibrary], "reload", "timelines.heading.realtime"),
            ("home-170", framePacedSteps, ["monolithic-cells", "viewmodel-cells"], "monolithic-cells", "timelines.heading.home"),
        ]
        for entry in cases {
            guard var scenario = scenarios[entry.scenario] else { throw Failure.missingScenario(entry.scenario) }
            if let steps = entry.steps { scenario.steps = steps }
            let device: DeviceProfile
            do { device = try DeviceProfile.shipped(named: "iphone-15") } catch { throw Failure.setup(String(describing: error)) }
            let generated: GeneratedScenario
            do { generated = try scenario.generate(device: device.name) } catch { throw Failure.setup(error.description) }
            var traces: [(String, TraceRecorder)] = []
            for name in entry.strategies {
                let descriptor = try strategy(name, in: catalog)
                traces.append((name, ScenarioRunner.traced(generated: generated, device: device, strategy: descriptor).trace))
            }
            let length = Sim.ms(500)
            let start = traces.first { $0.0 == entry.lead }.map { $0.1.busiestMainWindow(length: length) } ?? 0
            blocks.append(.heading(try words(prose, entry.heading)))
            for (name, trace) in traces {
                var values = ["strategy": name, "start": String(format: "%.1f", Double(start) / 1e6),
                              "end": String(format: "%.1f", Double(start + length) / 1e6)]
                var passage = "timelines.caption"
                if let end = trace.instants.first(where: { $0.kind == "inconsistency" || $0.kind == "kill" }), end.time < start + length {
                    passage = "timelines.caption.ended"
                    values["at"] = String(format: "%.1f", Double(end.time) / 1e6)
                    values["event"] = end.name
                }
                let caption = try words(prose, passage, values)
                blocks.append(.figure(svg: SVGTimeline.render(trace, title: "\(entry.scenario) × \(name)", start: start, length: length), caption: caption))
            }
        }
        return ReportDocument(name: "timelines", title: try words(prose, "timelines.title"), blocks: blocks)
    }
}
