import Foundation
import Profiler

extension BenchmarkReport {
    /// One self-contained HTML file: no scripts, no external assets. Per
    /// scenario: the headline table, memory over time per strategy (with the
    /// device's limit when in view) and the longest frame of every 100 ms per
    /// strategy against the frame budget. All charts are inline SVG.
    ///
    /// - Complexity: O(total series points); series are thinned to at most
    ///   ``SVGChart/maximumPoints`` points per line (keeping each bucket's peak).
    public func renderHTML(title: String = "listbench report") -> String {
        let metrics = headline()
        let sections = scenarios.map { scenario in
            var frames = SVGChart.frames(scenario)
            frames.height = 260
            let breakdown = Self.breakdownTable(scenario)
            var blocks: [ReportDocument.Block] = [
                .table(headers: ["strategy", "status"] + metrics.map(\.columnHeading), rows: scenario.results.map { row($0, metrics) }),
            ]
            if !breakdown.rows.isEmpty {
                blocks.append(.paragraph("Where the modeled time went (ms; each thread's categories add up to its busy time; main's waiting for a core is outside them):"))
                blocks.append(.table(headers: breakdown.headers, rows: breakdown.rows))
            }
            blocks += [.chart(SVGChart.memory(scenario), file: nil), .chart(frames, file: nil)]
            return ReportDocument(name: scenario.scenario, title: "\(scenario.scenario) on \(scenario.deviceLabel)", blocks: blocks).htmlSection()
        }
        return HTMLPage.document(title: title, body: "<p>\(SVGChart.escape(versionLine))</p>\n<p>\(SVGChart.escape(legend))</p>\n" + sections.joined())
    }
}
