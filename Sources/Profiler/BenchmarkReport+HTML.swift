import Foundation

/// The strokes of up to ten series (Tableau 10), cycled beyond.
private let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]

extension BenchmarkReport {
    /// One self-contained HTML file: no scripts, no external assets. Per
    /// scenario: the headline table, memory over time per strategy (with the
    /// device's limit when in view) and, per strategy, the longest frame of
    /// every 100 ms against the frame budget. All charts are inline SVG.
    ///
    /// - Complexity: O(total series points); series are thinned to at most
    ///   ``maximumChartPoints`` points per line (keeping each bucket's peak).
    public func renderHTML(title: String = "listbench report") -> String {
        let metrics = headline()
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Self.html(title))</title>
            <style>
            body{font:14px -apple-system,Helvetica,Arial,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #ddd;padding:3px 7px}
            td{text-align:right}td:first-child,td:nth-child(2){text-align:left}th{background:#f4f4f4}
            .legend span{display:inline-block;margin-right:14px}.small{display:inline-block;margin:0 10px 10px 0}
            figcaption{font-size:12px;color:#555}
            </style></head><body>
            <h1>\(Self.html(title))</h1>
            <p>\(Self.html(legend))</p>

            """
        for scenario in scenarios {
            out += "<section><h2>\(Self.html(scenario.scenario)) on \(Self.html(scenario.device))</h2>\n<table><tr>"
            for header in ["strategy", "status"] + metrics.map(Self.heading) { out += "<th>\(Self.html(header))</th>" }
            out += "</tr>\n"
            for result in scenario.results {
                out += "<tr>" + row(result, metrics).map { "<td>\(Self.html($0))</td>" }.joined() + "</tr>\n"
            }
            out += "</table>\n"
            out += "<figure>" + memoryChart(scenario) + "<figcaption>Modeled memory over time (MB) per strategy"
                + (scenario.results.contains { $0.metrics.killed } ? "; a line that stops early was killed at the device's limit" : "")
                + ".</figcaption></figure>\n"
            out += "<figure><div>"
            for (index, result) in scenario.results.enumerated() {
                out += "<div class=\"small\">" + frameChart(result, budgetMs: scenario.frameBudgetMs, color: palette[index % palette.count])
                    + "<figcaption>\(Self.html(result.strategy))</figcaption></div>"
            }
            out += "</div><figcaption>Modeled frame times: the longest frame of every 100 ms of the run (ms), "
                + "against the frame budget of \(String(format: "%.2f", scenario.frameBudgetMs)) ms (dashed); above it is a hitch.</figcaption></figure>\n"
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    /// The most points one line of a chart keeps.
    public static let maximumChartPoints = 400

    private func memoryChart(_ scenario: ScenarioReport) -> String {
        let width = 720.0, height = 260.0, left = 56.0, bottom = 28.0, top = 10.0, right = 10.0
        let series = scenario.results.map { result in
            result.metrics.memorySeries.map { (x: Double($0.time) / 1e9, y: Double($0.bytes) / 1_048_576) }
        }
        let maxX = max(series.flatMap { $0.map(\.x) }.max() ?? 1, 0.001)
        let peak = series.flatMap { $0.map(\.y) }.max() ?? 1
        let limit = scenario.memoryLimitBytes / 1_048_576
        let showsLimit = limit <= peak * 1.5
        let maxY = max(showsLimit ? limit : peak, 0.001) * 1.05
        var svg = svgOpen(width, height)
        svg += axes(width: width, height: height, left: left, bottom: bottom, top: top, right: right,
                    maxX: maxX, maxY: maxY, xUnit: "s", yUnit: "MB")
        func position(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            (left + x / maxX * (width - left - right), height - bottom - y / maxY * (height - bottom - top))
        }
        func point(_ x: Double, _ y: Double) -> String {
            let p = position(x, y)
            return String(format: "%.1f,%.1f", p.x, p.y)
        }
        if showsLimit {
            let from = position(0, limit), to = position(maxX, limit)
            svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-dasharray=\"5,4\"/>",
                          from.x, from.y, to.x, to.y)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#c00\">device limit</text>", from.x + 4, from.y - 3)
        }
        for (index, points) in series.enumerated() where !points.isEmpty {
            let thinned = Self.thin(points)
            svg += "<polyline fill=\"none\" stroke-width=\"1.5\" stroke=\"\(palette[index % palette.count])\" points=\""
                + thinned.map { point($0.x, $0.y) }.joined(separator: " ") + "\"/>"
        }
        svg += "</svg>"
        var legend = "<div class=\"legend\">"
        for (index, result) in scenario.results.enumerated() {
            legend += "<span><svg width=\"14\" height=\"4\"><rect width=\"14\" height=\"4\" fill=\"\(palette[index % palette.count])\"/></svg> "
                + Self.html(result.strategy) + "</span>"
        }
        return svg + legend + "</div>"
    }

    private func frameChart(_ result: StrategyResult, budgetMs: Double, color: String) -> String {
        let width = 230.0, height = 120.0, left = 36.0, bottom = 20.0, top = 8.0, right = 6.0
        let points = result.metrics.frameSeries.map { (x: Double($0.time) / 1e9, y: Double($0.duration) / 1e6) }
        let maxX = max(points.map(\.x).max() ?? 1, 0.001)
        let maxY = max(points.map(\.y).max() ?? budgetMs, budgetMs * 2)
        var svg = svgOpen(width, height)
        svg += axes(width: width, height: height, left: left, bottom: bottom, top: top, right: right,
                    maxX: maxX, maxY: maxY, xUnit: "s", yUnit: "ms")
        let budgetY = height - bottom - budgetMs / maxY * (height - bottom - top)
        svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-dasharray=\"4,3\"/>",
                      left, budgetY, width - right, budgetY)
        let thinned = Self.thin(points)
        svg += "<polyline fill=\"none\" stroke-width=\"1\" stroke=\"\(color)\" points=\""
            + thinned.map { p in
                String(format: "%.1f,%.1f", left + p.x / maxX * (width - left - right), height - bottom - p.y / maxY * (height - bottom - top))
            }.joined(separator: " ") + "\"/></svg>"
        return svg
    }

    private func svgOpen(_ width: Double, _ height: Double) -> String {
        String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica,Arial,sans-serif\">",
               width, height, width, height)
    }

    // swiftlint:disable:next function_parameter_count
    private func axes(width: Double, height: Double, left: Double, bottom: Double, top: Double, right: Double,
                      maxX: Double, maxY: Double, xUnit: String, yUnit: String) -> String {
        var svg = String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" stroke=\"#ccc\"/>",
                         left, top, width - left - right, height - top - bottom)
        for tick in 0...4 {
            let fraction = Double(tick) / 4
            let y = height - bottom - fraction * (height - bottom - top)
            let x = left + fraction * (width - left - right)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" fill=\"#555\">%@</text>",
                          left - 3, y + 3, Self.tickLabel(maxY * fraction))
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">%@</text>",
                          x, height - bottom + 12, Self.tickLabel(maxX * fraction) + (tick == 4 ? " " + xUnit : ""))
        }
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"#555\">%@</text>", left + 3, top + 10, yUnit)
        return svg
    }

    static func tickLabel(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// At most ``maximumChartPoints`` points: each bucket of consecutive points keeps its highest.
    static func thin(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        guard points.count > maximumChartPoints else { return points }
        let bucket = (points.count + maximumChartPoints - 1) / maximumChartPoints
        return stride(from: 0, to: points.count, by: bucket).compactMap { start in
            points[start..<min(points.count, start + bucket)].max { $0.y < $1.y }
        }
    }

    /// Escapes text for HTML and XML.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
