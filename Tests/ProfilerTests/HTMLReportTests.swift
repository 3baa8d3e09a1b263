import Foundation
import Profiler
@testable import Rendering
import Testing

/// One small report for the suite (modeled only): realtime-feed, where
/// `batch-updates` crashes on an invalid update with rows owed and never
/// shown, and restaurant-detail-load.
private let modeledSample = Result { try sampleReport(repetitions: 0) }

/// The `<svg>` elements of an HTML page, in order.
private func svgs(_ html: String) -> [String] {
    var out: [String] = []
    var rest = Substring(html)
    while let start = rest.range(of: "<svg xmlns"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
        out.append(String(rest[start.lowerBound..<end.upperBound]))
        rest = rest[end.upperBound...]
    }
    return out
}

/// The numbers an SVG chart writes under its x axis (its only centred numeric labels).
private func xTicks(_ svg: String) -> [Double] {
    svg.components(separatedBy: "text-anchor=\"middle\" fill=\"#444\">").dropFirst().compactMap { part in
        part.components(separatedBy: "<").first.flatMap(Double.init)
    }
}

@Suite("HTML report")
struct HTMLReportTests {
    @Test func everyFindingLineIsInTheHTMLWithTheViewportMeta() throws {
        let report = try modeledSample.get()
        let html = report.renderHTML()
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        let lines = report.scenarios.flatMap(report.noteLines)
        #expect(lines.contains { $0.strategy == "batch-updates" && $0.line.hasPrefix("first inconsistency: Invalid update: invalid number of rows") })
        #expect(lines.contains { $0.strategy == "batch-updates" && $0.line.contains("it owed were never shown") })
        for line in lines {
            #expect(html.contains("<li><strong>\(SVGChart.escape(line.strategy))</strong>: \(SVGChart.escape(line.line))</li>"), "\(line)")
        }
        // The text table prints the very same lines: one function feeds both
        // (wrapped at 120 columns there, continued on lines indented by two spaces).
        let text = report.renderTable().replacingOccurrences(of: "\n  ", with: " ")
        for line in lines { #expect(text.contains("\(line.strategy): \(line.line)"), "\(line)") }
    }

    /// The page opens with the answer; on a phone each data table's row is a
    /// card whose cells carry their headings; a run that crashed or was
    /// killed is marked where its memory line ends.
    @Test func theAnswerComesFirstAndRowsBecomeCardsOnAPhone() throws {
        let report = try modeledSample.get()
        let html = report.renderHTML()
        let answers = report.answers
        #expect(!answers.isEmpty)
        let body = try #require(html.components(separatedBy: "<body>\n<h1>").last)
        let afterTitle = try #require(body.components(separatedBy: "</h1>\n").dropFirst().first)
        #expect(afterTitle.hasPrefix("<p class=\"answer\"><strong>Answer:</strong> "), "\(afterTitle.prefix(200))")
        #expect(html.contains("<table class=\"cards\">") && html.contains(" data-label=\"completion ms\">"))
        #expect(HTMLPage.style.contains("table.cards td[data-label]::before{content:attr(data-label)"))
        for scenario in report.scenarios {
            let ended = scenario.results.filter { $0.metrics?.status == .crashed || $0.metrics?.killed == true }
            let chart = SVGChart.memory(scenario).render()
            for result in ended { #expect(chart.contains("\(result.strategy) (\(result.metrics?.killed == true ? "killed" : "crashed"))")) }
            if !ended.isEmpty { #expect(chart.contains("stroke=\"#c00\" stroke-width=\"2.5\"")) }
        }
    }

    @Test func tablesKeepToTheirColumnsAndShowEveryHeadlineFigure() throws {
        let html = try modeledSample.get().renderHTML()
        var headings: Set<String> = []
        for table in html.components(separatedBy: "<table").dropFirst() {
            let header = table.components(separatedBy: "</tr>")[0]
            let cells = header.components(separatedBy: "<th>").dropFirst().map { $0.components(separatedBy: "</th>")[0] }
            #expect(cells.count <= BenchmarkReport.maximumHTMLColumns, "\(cells)")
            headings.formUnion(cells)
        }
        for metric in Metric.headline where metric.kind != .measured {
            #expect(headings.contains(SVGChart.escape(metric.columnHeading)), "\(metric.columnHeading)")
        }
        // With host figures too, every group stays within the limit (the first one holds the status).
        for (index, group) in BenchmarkReport.htmlColumnGroups(Metric.headline).enumerated() {
            #expect(group.metrics.count + (index == 0 ? 2 : 1) <= BenchmarkReport.maximumHTMLColumns)
        }
        #expect(BenchmarkReport.htmlColumnGroups(Metric.headline).flatMap(\.metrics).map(\.id) == Metric.headline.map(\.id))
    }

    @Test func theMemoryChartAlwaysShowsTheLimit() throws {
        let report = try modeledSample.get()
        let scenario = try #require(report.scenarios.first)
        let limit = "device limit \(Int((scenario.memoryLimitBytes / 1_048_576).rounded())) MiB"
        // realtime-feed peaks far below the phone's limit: the limit is on a band above a broken axis.
        let far = SVGChart.memory(scenario).render()
        #expect(far.contains(limit + " (axis broken)"))
        let charts = svgs(report.renderHTML())
        #expect(charts.filter { $0.contains("memory (MiB)") }.allSatisfy { $0.contains(limit) })
        // A limit near the data shares its scale.
        var near = SVGChart(title: "t", xLabel: "x", yLabel: "y", series: [.init(name: "a", points: [(0, 10), (5, 90)])], reference: (100, "limit 100"))
        #expect(near.render().contains(">limit 100<"))
        #expect(Rendering.SVGChart.Frame(chart: near).yTop >= 100 && !Rendering.SVGChart.Frame(chart: near).brokenReference)
        near.reference = (1_000, "limit 1000")
        #expect(SVGChart.Frame(chart: near).brokenReference && SVGChart.Frame(chart: near).yTop < 1_000)
    }

    @Test func theXAxisEndsAtTheData() {
        let chart = SVGChart(title: "t", xLabel: "virtual time (s)", yLabel: "y",
                             series: [.init(name: "a", points: stride(from: 0.0, through: 1_600, by: 100).map { ($0, $0 / 10) })])
        let ticks = xTicks(chart.render())
        #expect(ticks.first == 0 && ticks.last == 1_500, "\(ticks)")
        #expect(ticks.allSatisfy { $0 <= 1_600 })
        // Small multiples share the data's range, not a rounded-up one.
        let panels = SVGChart(title: "t", xLabel: "x", yLabel: "y", series: [chart.series[0], .init(name: "b", points: [(0, 1), (1_234, 2)])])
            .smallMultiples(limit: 0)
        #expect(panels.count == 2 && panels.allSatisfy { $0.fixedXRange == 0...1_600 })
    }

    @Test func frameChartsShowTheLateFramesOverTheBudgetLine() throws {
        var lateSeen = 0
        for scenario in try modeledSample.get().scenarios {
        let chart = SVGChart.frames(scenario)
        for (index, line) in chart.series.enumerated() {
            let panel = chart.smallMultiples(limit: 0)[index].render()
            let late = line.points.filter { $0.y > scenario.frameBudgetMs + 1e-3 }.count
            // One stem per late sample, and the budget beneath them (drawn first).
            #expect(panel.components(separatedBy: "stroke-width=\"1.5\"").count - 1 == late, "\(line.name)")
            let budget = try #require(panel.range(of: "budget"))
            if let stem = panel.range(of: "stroke-width=\"1.5\"") { #expect(budget.lowerBound < stem.lowerBound) }
            if late == 0 { #expect(panel.contains("no frame over the budget") || panel.contains("no figures")) }
            lateSeen += late
        }
        }
        #expect(lateSeen == 0)  // the sample has no hitch: every panel says so
        var chart = SVGChart(title: "t", xLabel: "x", yLabel: "y", series: [.init(name: "a", points: [(0, 16.7), (1, 40), (2, 16.7), (3, 90)])],
                             reference: (16.7, "budget 16.7 ms"))
        chart.lateOnly = true
        let svg = chart.render()
        #expect(svg.components(separatedBy: "stroke-width=\"1.5\"").count - 1 == 2)
        let budget = try #require(svg.range(of: "budget 16.7 ms<")), stem = try #require(svg.range(of: "stroke-width=\"1.5\""))
        #expect(budget.lowerBound < stem.lowerBound)
        #expect(SVGChart.Frame(chart: chart).yTop >= 90 && xTicks(svg).last == 3)
        #expect(SVGChart.Frame(chart: chart).logBottom == nil && !svg.contains("log scale"))
        // A frame of seconds beside frames of 33 ms: a logarithmic axis from under a third of the budget.
        chart.series[0].points.append((4, 13_650))
        let log = SVGChart.Frame(chart: chart)
        #expect(log.logBottom == 5 && log.yTicks.first == 10 && log.yTicks.contains(10_000) && (log.yTicks.last ?? 0) <= log.yTop)
        #expect(log.fraction(33.3) > 0.1 && log.fraction(13_650) < 1 && chart.render().contains(">y, log scale<"))
    }

    @Test func overlappingSeriesDifferInDashAndMark() {
        let points: [(x: Double, y: Double)] = [(0, 1), (1, 2)]
        let svg = SVGChart(title: "t", xLabel: "x", yLabel: "y", series: (0..<4).map { .init(name: "s\($0)", points: points) }).render()
        for dash in SVGChart.dashes.prefix(4) where !dash.isEmpty { #expect(svg.contains("stroke-dasharray=\"\(dash)\"")) }
        #expect(svg.contains("<circle") && svg.contains("<rect x=") && svg.contains("l3.6 6.4h-7.2z") && svg.contains("l3.8 3.8"))
    }

    @Test func strategyNamesAreEscapedAndTheHTMLIsTheSameTwice() throws {
        var report = try modeledSample.get()
        report.scenarios[0].results[0].strategy = "<b>x</b> & `y` [z](w)"
        let html = report.renderHTML()
        #expect(!html.contains("<b>x</b>") && !html.contains("<a href") && html.contains("&lt;b&gt;x&lt;/b&gt; &amp; `y` [z](w)"))
        #expect(html == report.renderHTML())
    }
}
