import Foundation
import Profiler

extension BenchmarkReport {
    /// The most columns an HTML table of a run report has, so it fits a
    /// 1280 px window without scrolling (headings wrap); the figures are
    /// split over several tables, each led by the strategy.
    public static let maximumHTMLColumns = 10

    /// One self-contained HTML file: no scripts, no external assets. Per
    /// scenario: the headline figures in tables of at most
    /// ``maximumHTMLColumns`` columns (time and frames; cells, memory and
    /// correctness; host figures when measured), every finding line the
    /// text table prints under it (``noteLines(_:)``: invalid updates,
    /// rows never shown, mis-sized rows, bounds, failures, hitch causes),
    /// memory over time per strategy with the device's limit, and the late
    /// frames per strategy over the frame budget; where the modeled time
    /// went, folded in a `<details>`. Charts are inline SVG, one panel per
    /// strategy on shared axes.
    ///
    /// - Complexity: O(total series points); series are thinned to at most
    ///   ``SVGChart/maximumPoints`` points per line (keeping each bucket's peak).
    public func renderHTML(title: String = "listbench report") -> String {
        let metrics = headline()
        let sections = scenarios.map { scenario in
            var blocks: [ReportDocument.Block] = []
            for (index, group) in Self.htmlColumnGroups(metrics).enumerated() {
                let rows = scenario.results.map { result in
                    let cells = row(result, metrics)
                    let picked = group.metrics.compactMap { metric in metrics.firstIndex { $0.id == metric.id }.map { cells[$0 + 2] } }
                    return [cells[0]] + (index == 0 ? [cells[1]] : []) + picked
                }
                blocks.append(.dataTable(caption: group.caption, headers: ["strategy"] + (index == 0 ? ["status"] : []) + group.metrics.map(\.columnHeading),
                                         rows: rows))
            }
            let findings = noteLines(scenario)
            blocks.append(.heading("Findings"))
            blocks.append(findings.isEmpty ? .paragraph("None: no run crashed, was killed, stopped at a bound, hitched, or left a row unshown or mis-sized.")
                                           : .findings(findings))
            blocks += [.chart(SVGChart.memory(scenario), file: nil), .chart(SVGChart.frames(scenario), file: nil)]
            let breakdown = Self.breakdownTable(scenario)
            if !breakdown.rows.isEmpty {
                let parts = Self.splitColumns(headers: breakdown.headers, rows: breakdown.rows, keyColumns: 2, maximum: Self.maximumHTMLColumns)
                blocks.append(.details(summary: "Where the modeled time went (ms)", blocks: [
                    .paragraph("Each thread's categories add up to its busy time; main's waiting for a core is outside them."),
                ] + parts.enumerated().map { index, part in
                    .dataTable(caption: "part \(index + 1) of \(parts.count)", headers: part.headers, rows: part.rows)
                }))
            }
            return ReportDocument(name: scenario.scenario, title: "\(scenario.scenario) on \(scenario.deviceLabel)", blocks: blocks).htmlSection()
        }
        let glossary = ReportDocument.Block.details(summary: "What the columns mean",
                                                    blocks: metrics.map { .paragraph("**\($0.columnHeading)** (`\($0.name)`, \($0.kind.rawValue)): \($0.meaning)") })
        // The answer first: one line per scenario, before any table.
        let answerLines = answers.map { "<p class=\"answer\"><strong>Answer:</strong> \(SVGChart.escape($0))</p>\n" }.joined()
        return HTMLPage.document(title: title, body: answerLines + "<p>\(SVGChart.escape(versionLine))</p>\n<p>\(SVGChart.escape(legend))</p>\n"
            + sections.joined() + ReportDocument.html([glossary]))
    }

    /// The headline metrics in groups of one table each, in report order:
    /// modeled time and frames (times, frame and hitch counts, the hitch
    /// ratio); modeled cells and memory with correctness when together they
    /// fit; measured. A group too long for ``maximumHTMLColumns`` is cut
    /// into equal parts. The first table also has the status column.
    ///
    /// - Complexity: O(metrics).
    static func htmlColumnGroups(_ metrics: [Metric]) -> [(caption: String, metrics: [Metric])] {
        let timeIDs: Set<MetricID> = [.frames, .hitches]
        let time = metrics.filter { $0.kind == .modeled && ($0.unit == .ms || $0.unit == .msPerS || timeIDs.contains($0.id)) }
        let cells = metrics.filter { $0.kind == .modeled && !time.map(\.id).contains($0.id) }
        let correctness = metrics.filter { $0.kind == .correctness }
        let measured = metrics.filter { $0.kind == .measured }
        var groups: [(caption: String, metrics: [Metric])] = [("Time and frames (modeled)", time)]
        if cells.count + correctness.count <= maximumHTMLColumns - 1 {
            groups.append(("Cells, memory (modeled) and correctness", cells + correctness))
        } else {
            groups += [("Cells and memory (modeled)", cells), ("Correctness", correctness)]
        }
        groups.append(("Measured on this host", measured))
        var out: [(caption: String, metrics: [Metric])] = []
        for group in groups where !group.metrics.isEmpty {
            let room = maximumHTMLColumns - (out.isEmpty ? 2 : 1)
            let parts = (group.metrics.count + room - 1) / room
            let size = (group.metrics.count + parts - 1) / parts
            for start in stride(from: 0, to: group.metrics.count, by: size) {
                out.append((group.caption, Array(group.metrics[start..<min(group.metrics.count, start + size)])))
            }
        }
        return out
    }

    /// A table cut into tables of at most `maximum` columns: each keeps the
    /// first `keyColumns` columns and takes an equal share of the rest.
    ///
    /// - Complexity: O(cells).
    static func splitColumns(headers: [String], rows: [[String]], keyColumns: Int, maximum: Int) -> [(headers: [String], rows: [[String]])] {
        let values = headers.count - keyColumns, room = max(maximum - keyColumns, 1)
        guard values > room else { return [(headers, rows)] }
        let parts = (values + room - 1) / room, size = (values + parts - 1) / parts
        return stride(from: keyColumns, to: headers.count, by: size).map { start in
            let end = min(headers.count, start + size)
            func pick(_ cells: [String]) -> [String] { Array(cells.prefix(keyColumns)) + Array(cells[min(start, cells.count)..<min(end, cells.count)]) }
            return (pick(headers), rows.map(pick))
        }
    }
}
