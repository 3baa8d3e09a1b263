import ListData
import Foundation
import Profiler

/// A line chart as inline SVG: a title, axes with units and ticks, a
/// legend, and an optional dashed reference line (a budget, a limit).
/// No scripts, no external assets; valid XML.
public struct SVGChart: Sendable {
    public struct Series: Sendable {
        public var name: String
        public var points: [(x: Double, y: Double)]
        public init(name: String, points: [(x: Double, y: Double)]) {
            self.name = name
            self.points = points
        }
    }

    public var title: String
    public var xLabel: String
    public var yLabel: String
    public var series: [Series]
    /// A horizontal dashed line at `value` with its label.
    public var reference: (value: Double, label: String)?
    public var width = 720.0
    public var height = 300.0
    /// Whether points are marked (for short series such as sweeps).
    public var marksPoints = false
    /// The top of the y axis, when several charts share it (small multiples).
    public var fixedMaxY: Double?
    /// Where in the palette the first series' colour is (small multiples keep each series' colour).
    public var colorOffset = 0

    public init(title: String, xLabel: String, yLabel: String, series: [Series], reference: (value: Double, label: String)? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.reference = reference
    }

    /// The strokes of up to ten series (Tableau 10), cycled beyond.
    public static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

    /// The most points a line keeps; longer series keep each bucket's highest point.
    public static let maximumPoints = 400

    /// The chart as an `<svg>` element.
    ///
    /// - Complexity: O(points).
    public func render() -> String {
        let legendRows = (series.count + 2) / 3
        let left = 64.0, right = 16.0, top = 34.0, bottom = 44.0 + Double(legendRows) * 16
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        let minX = min(xs.min() ?? 0, 0)
        var maxY = max(ys.max() ?? 1, 1e-9)
        if let reference { maxY = max(maxY, reference.value * 1.05) }
        if let fixedMaxY { maxY = fixedMaxY }
        // Round ticks: axes end on a multiple of a 1, 2, 2.5 or 5 step.
        let yStep = Self.niceStep(maxY / 4), xStep = Self.niceStep((max(xs.max() ?? 1, minX + 1e-9) - minX) / 5)
        maxY = (maxY / yStep).rounded(.up) * yStep
        let maxX = minX + ((max(xs.max() ?? 1, minX + 1e-9) - minX) / xStep).rounded(.up) * xStep
        func px(_ x: Double) -> Double { left + (x - minX) / (maxX - minX) * plotWidth }
        func py(_ y: Double) -> Double { top + plotHeight - y / maxY * plotHeight }
        var svg = String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                         + "font-family=\"Helvetica,Arial,sans-serif\" role=\"img\">", width, height, width, height)
        svg += "<title>\(Self.escape(title))</title>"
        svg += String(format: "<text x=\"%.1f\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">%@</text>", left, Self.escape(title))
        svg += String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" stroke=\"#bbb\"/>", left, top, plotWidth, plotHeight)
        for index in 0...Int((maxY / yStep).rounded()) {
            let value = Double(index) * yStep
            let y = py(value)
            svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>", left, y, left + plotWidth, y)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">%@</text>",
                          left - 5, y + 4, Self.tick(value))
        }
        for index in 0...Int(((maxX - minX) / xStep).rounded()) {
            let value = minX + Double(index) * xStep
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">%@</text>",
                          px(value), top + plotHeight + 15, Self.tick(value))
        }
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">%@</text>",
                      left + plotWidth / 2, top + plotHeight + 31, Self.escape(xLabel))
        svg += String(format: "<text transform=\"translate(14 %.1f) rotate(-90)\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">%@</text>",
                      top + plotHeight / 2, Self.escape(yLabel))
        var referenceMark = ""
        if let reference, reference.value <= maxY {
            // Drawn over the series, its label on a white box, so the limit stays visible.
            let y = py(reference.value)
            let labelWidth = Double(reference.label.count) * 6.2 + 8
            referenceMark = String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-width=\"2\" stroke-dasharray=\"8,4\"/>",
                                   left, y, left + plotWidth, y)
                + String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"15\" fill=\"#fff\" fill-opacity=\"0.9\" stroke=\"#c00\"/>",
                         left + plotWidth - labelWidth - 4, y - 19, labelWidth)
                + String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"end\" fill=\"#c00\">%@</text>",
                         left + plotWidth - 8, y - 8, Self.escape(reference.label))
        }
        for (index, line) in series.enumerated() where !line.points.isEmpty {
            let color = Self.palette[(index + colorOffset) % Self.palette.count]
            let points = Self.thin(line.points)
            svg += "<polyline fill=\"none\" stroke-width=\"1.8\" stroke=\"\(color)\" points=\""
                + points.map { String(format: "%.1f,%.1f", px($0.x), py($0.y)) }.joined(separator: " ") + "\"/>"
            if marksPoints {
                for point in points {
                    svg += String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%@\"/>", px(point.x), py(point.y), color)
                }
            }
        }
        svg += referenceMark
        for (index, line) in series.enumerated() {
            let x = left + Double(index % 3) * (plotWidth / 3), y = top + plotHeight + 46 + Double(index / 3) * 16
            svg += String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"4\" fill=\"%@\"/>", x, y - 5, Self.palette[(index + colorOffset) % Self.palette.count])
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">%@</text>", x + 19, y, Self.escape(line.name))
        }
        return svg + "</svg>"
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten at or above `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) { return factor * magnitude }
        return 10 * magnitude
    }

    /// Charts of one series each, on the same axes, for a chart with more
    /// series than one chart shows legibly (`limit`): small multiples.
    public func smallMultiples(limit: Int = 4) -> [SVGChart] {
        guard series.count > limit else { return [self] }
        let ys = series.flatMap { $0.points.map(\.y) }
        var shared = max(ys.max() ?? 1, 1e-9)
        if let reference { shared = max(shared, reference.value * 1.05) }
        return series.enumerated().map { index, line in
            var chart = SVGChart(title: line.name, xLabel: xLabel, yLabel: yLabel, series: [line], reference: reference)
            chart.width = 360
            chart.height = 220
            chart.fixedMaxY = shared
            chart.colorOffset = index
            return chart
        }
    }

    static func tick(_ value: Double) -> String {
        if value == 0 { return "0" }
        // Long numbers would run into the axis label: thousands as "k", millions as "M".
        if abs(value) >= 1_000_000, value.truncatingRemainder(dividingBy: 100_000) == 0 { return tick(value / 1_000_000) + "M" }
        if abs(value) >= 10_000, value.truncatingRemainder(dividingBy: 100) == 0 { return tick(value / 1_000) + "k" }
        if abs(value) >= 100 || value == value.rounded() { return String(format: "%.0f", value) }
        return abs(value) >= 1 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    static func thin(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard points.count > maximumPoints else { return points }
        let bucket = (points.count + maximumPoints - 1) / maximumPoints
        return stride(from: 0, to: points.count, by: bucket).compactMap { start in
            points[start..<min(points.count, start + bucket)].max { $0.y < $1.y }
        }
    }

    /// Escapes text for XML and HTML; control characters (which XML 1.0
    /// does not allow) are shown escaped (``PrintableText/escaped(_:keepingLines:)``).
    public static func escape(_ text: String) -> String {
        PrintableText.escaped(text, keepingLines: true).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

extension SVGChart {
    /// Modeled memory over time (MiB) per strategy of a scenario, with the device's limit when in view.
    public static func memory(_ scenario: ScenarioReport, title: String? = nil) -> SVGChart {
        let series = scenario.results.map { result in
            Series(name: result.strategy + (result.metrics?.killed == true ? " (killed)" : ""),
                   points: (result.metrics?.memorySeries ?? []).map { (Double($0.time) / 1e9, Double($0.bytes) / 1_048_576) })
        }
        let peak = series.flatMap { $0.points.map(\.y) }.max() ?? 0
        let limit = scenario.memoryLimitBytes / 1_048_576
        return SVGChart(title: title ?? "\(scenario.scenario) on \(scenario.deviceLabel): modeled memory over time",
                        xLabel: "virtual time (s)", yLabel: "memory (MiB)", series: series,
                        reference: limit <= peak * 1.5 ? (limit, "device limit \(Int(limit.rounded())) MiB") : nil)
    }

    /// Modeled frame times (the longest frame of every 100 ms) against the frame budget.
    public static func frames(_ scenario: ScenarioReport, strategies: [String]? = nil, title: String? = nil) -> SVGChart {
        let chosen = scenario.results.filter { strategies?.contains($0.strategy) ?? true }
        let series = chosen.map { result in
            Series(name: result.strategy, points: (result.metrics?.frameSeries ?? []).map { (Double($0.time) / 1e9, Double($0.duration) / 1e6) })
        }
        return SVGChart(title: title ?? "\(scenario.scenario) on \(scenario.deviceLabel): longest frame per 100 ms",
                        xLabel: "virtual time (s)", yLabel: "frame time (ms)", series: series,
                        reference: (scenario.frameBudgetMs, String(format: "budget %.1f ms", scenario.frameBudgetMs)))
    }
}
