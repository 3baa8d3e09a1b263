import ListData
import Foundation
import Profiler

/// A line chart as inline SVG: a title, axes with units and ticks, a
/// legend, and an optional dashed reference line (a budget, a limit).
/// No scripts, no external assets; valid XML; the same input gives the
/// same bytes.
///
/// Series are told apart by colour, dash pattern and the marker at their
/// end (``palette``, ``dashes``, ``marker(_:x:y:color:)``), so lines that
/// coincide still show as several. Axes end at the data: the x axis spans
/// the data's first to last x (from 0 when the data starts after 0), its
/// ticks inside that range; the y axis ends 5% above the highest point or
/// the reference line, whichever is higher. A reference far above the data
/// (more than ``farAbove`` times its highest point) is drawn on a band at
/// the top of a broken y axis, so it is always shown without squashing the
/// data. With ``lateOnly`` the chart shows only the points above the
/// reference, as stems rising from it (frames over the budget), and the
/// reference is drawn beneath them; when the highest is more than
/// ``logarithmicAbove`` times the reference, its y axis is logarithmic.
public struct SVGChart: Sendable {
    public struct Series: Sendable {
        public var name: String
        public var points: [(x: Double, y: Double)]
        /// How the line ends, when the run ended there ("crashed", "killed"):
        /// drawn as a red cross with the word at its last point.
        public var end: String?
        public init(name: String, points: [(x: Double, y: Double)], end: String? = nil) {
            self.name = name
            self.points = points
            self.end = end
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
    /// Whether only the points above the reference are drawn, as stems from
    /// the reference up to the point (late frames over the frame budget).
    public var lateOnly = false
    /// The highest y of the data, when several charts share the y axis (small multiples).
    public var fixedMaxY: Double?
    /// The x range of the data, when several charts share the x axis (small multiples).
    public var fixedXRange: ClosedRange<Double>?
    /// Where in the palette the first series' colour is (small multiples keep each series' colour).
    public var colorOffset = 0
    /// Whether the legend is drawn (a chart of one series named by its title needs none).
    public var showsLegend = true

    public init(title: String, xLabel: String, yLabel: String, series: [Series], reference: (value: Double, label: String)? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.reference = reference
    }

    /// The strokes of up to ten series (Tableau 10), cycled beyond.
    public static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    /// The dash patterns of the series, cycled (solid first), so lines on top of each other stay apart.
    public static let dashes = ["", "8,4", "2,3", "10,3,2,3", "5,5", "1,4"]
    /// How far above the data's highest point a reference may be and still
    /// share its scale; above that the y axis is broken and the reference
    /// drawn on a band at the top.
    public static let farAbove = 1.5
    /// How far above the reference the highest late point may be on a
    /// linear axis; above that a ``lateOnly`` chart's y axis is logarithmic.
    public static let logarithmicAbove = 10.0

    /// The most points a line keeps; longer series keep each bucket's highest point.
    public static let maximumPoints = 400

    /// The points drawn of a series: all of them, or with ``lateOnly`` those above the reference.
    func drawn(_ line: Series) -> [(x: Double, y: Double)] {
        guard lateOnly, let reference else { return line.points }
        // Above by more than a microsecond: an on-time frame is one interval in whole nanoseconds, a hair over the budget in ms.
        return line.points.filter { $0.y > reference.value + 1e-3 }
    }

    /// The chart as an `<svg>` element.
    ///
    /// - Complexity: O(points).
    public func render() -> String {
        let shown = showsLegend && !series.isEmpty
        let legendRows = shown ? (series.count + 2) / 3 : 0
        let left = 64.0, right = 16.0, top = 34.0, bottom = 40.0 + (shown ? 6 + Double(legendRows) * 16 : 0)
        let plotWidth = width - left - right
        let frame = Frame(chart: self)
        let band = frame.brokenReference ? 24.0 : 0
        let plotTop = top + band, plotHeight = height - bottom - plotTop
        func px(_ x: Double) -> Double { left + (x - frame.x.lowerBound) / (frame.x.upperBound - frame.x.lowerBound) * plotWidth }
        func py(_ y: Double) -> Double { plotTop + plotHeight - frame.fraction(y) * plotHeight }
        var svg = String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                         + "font-family=\"Helvetica,Arial,sans-serif\" role=\"img\">", width, height, width, height)
        svg += "<title>\(Self.escape(title))</title>"
        svg += String(format: "<text x=\"%.1f\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">%@</text>", left, Self.escape(title))
        svg += String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fafafa\" stroke=\"#bbb\"/>", left, plotTop, plotWidth, plotHeight)
        for value in frame.yTicks {
            let y = py(value)
            svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>", left, y, left + plotWidth, y)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">%@</text>", left - 5, y + 4, Self.tick(value))
        }
        for value in Self.ticks(upTo: frame.x.upperBound, step: frame.xStep, from: frame.x.lowerBound) {
            svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\"/>", px(value), plotTop + plotHeight, px(value), plotTop + plotHeight + 4)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">%@</text>",
                          px(value), plotTop + plotHeight + 16, Self.tick(value))
        }
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">%@</text>",
                      left + plotWidth / 2, plotTop + plotHeight + 31, Self.escape(xLabel))
        svg += String(format: "<text transform=\"translate(14 %.1f) rotate(-90)\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">%@</text>",
                      plotTop + plotHeight / 2, Self.escape(yLabel + (frame.logBottom == nil ? "" : ", log scale")))
        var referenceMark = ""
        if let reference {
            let y = frame.brokenReference ? top + 7 : py(reference.value)
            referenceMark = referenceLine(reference, y: y, left: left, plotWidth: plotWidth, broken: frame.brokenReference)
            if frame.brokenReference { svg += brokenAxis(top: top, plotTop: plotTop, left: left, plotWidth: plotWidth, value: reference.value) }
        }
        // A budget goes beneath the late frames it is the floor of; a limit goes over the lines it bounds.
        if lateOnly { svg += referenceMark }
        svg += lines(px: px, py: py, referenceY: reference.map { py($0.value) } ?? py(0))
        if !lateOnly { svg += referenceMark }
        if series.allSatisfy({ drawn($0).isEmpty }) {
            let empty = series.allSatisfy(\.points.isEmpty) ? "no figures (not run, or failed)" : "no frame over the budget"
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">%@</text>",
                          left + plotWidth / 2, plotTop + plotHeight / 3, empty)
        }
        if shown { svg += legend(left: left, plotWidth: plotWidth, y: plotTop + plotHeight + 50) }
        return svg + "</svg>"
    }

    /// The series' lines (or, with ``lateOnly``, stems from `referenceY`), each with its colour, dash and end marker.
    func lines(px: (Double) -> Double, py: (Double) -> Double, referenceY: Double) -> String {
        var svg = ""
        let range = Frame(chart: self).x
        let frameMiddle = (range.lowerBound + range.upperBound) / 2
        for (index, line) in series.enumerated() {
            let points = Self.thin(drawn(line))
            guard let last = points.last else { continue }
            // Alone on its chart (a small multiple), a line needs no dash to be told apart.
            let color = Self.color(index + colorOffset), dash = series.count > 1 ? Self.dash(index + colorOffset) : ""
            if lateOnly {
                // Side by side when several series share a chart, so marks at the same time stay apart.
                let offset = (Double(index) - Double(series.count - 1) / 2) * 2.5
                for point in points {
                    let x = px(point.x) + offset
                    svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%@\" stroke-width=\"1.5\"/>", x, referenceY, x, py(point.y), color)
                    svg += Self.marker(index + colorOffset, x: x, y: py(point.y), color: color)
                }
                continue
            }
            svg += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"\(color)\"" + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + " points=\""
                + points.map { String(format: "%.1f,%.1f", px($0.x), py($0.y)) }.joined(separator: " ") + "\"/>"
            for point in marksPoints ? points : [last] {
                svg += Self.marker(index + colorOffset, x: px(point.x), y: py(point.y), color: color)
            }
            if let end = line.end {
                // The run stopped here: a red cross and its word, right-aligned when the point is in the right half.
                let x = px(last.x), y = py(last.y)
                svg += String(format: "<path d=\"M%.1f %.1fl10 10M%.1f %.1fl-10 10\" stroke=\"#c00\" stroke-width=\"2.5\"/>", x - 5, y - 5, x + 5, y - 5)
                let anchor = x > px(frameMiddle) ? "end" : "start"
                svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"%@\" fill=\"#c00\">%@</text>",
                              anchor == "end" ? x - 8 : x + 8, y + 16, anchor, Self.escape(end))
            }
        }
        return svg
    }

    /// The dashed reference line with its label on a white box, at `y`.
    func referenceLine(_ reference: (value: Double, label: String), y: Double, left: Double, plotWidth: Double, broken: Bool) -> String {
        let label = reference.label + (broken ? " (axis broken)" : "")
        let labelWidth = Double(label.count) * 6.2 + 8
        // On the band of a broken axis; under a budget (late frames rise above it); else above the line.
        let labelOffset = broken ? -7.5 : lateOnly ? 4 : -19
        return String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-width=\"2\" stroke-dasharray=\"8,4\"/>",
                      left, y, left + plotWidth, y)
            + String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"15\" fill=\"#fff\" fill-opacity=\"0.9\" stroke=\"#c00\"/>",
                     max(left + 2, left + plotWidth - labelWidth - 4), y + labelOffset, min(labelWidth, plotWidth - 4))
            + String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"end\" fill=\"#c00\">%@</text>",
                     left + plotWidth - 8, y + labelOffset + 11, Self.escape(label))
    }

    /// The band at the top of a broken y axis: its frame, the reference's tick, and the break mark on the axis.
    func brokenAxis(top: Double, plotTop: Double, left: Double, plotWidth: Double, value: Double) -> String {
        let middle = plotTop - 5
        return String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\" fill=\"#fafafa\" stroke=\"#bbb\"/>", left, top, plotWidth)
            + String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#444\">%@</text>", left - 8, top + 11, Self.tick(value))
            + String(format: "<path d=\"M%.1f %.1fl10 -4M%.1f %.1fl10 -4\" stroke=\"#444\" stroke-width=\"1.2\"/>", left - 5, middle + 1, left - 5, middle + 5)
    }

    /// The legend: per series, a sample of its line (or mark) and its name, three to a row.
    func legend(left: Double, plotWidth: Double, y top: Double) -> String {
        var svg = ""
        for (index, line) in series.enumerated() {
            let x = left + Double(index % 3) * (plotWidth / 3), y = top + Double(index / 3) * 16
            let color = Self.color(index + colorOffset), dash = series.count > 1 ? Self.dash(index + colorOffset) : ""
            if !lateOnly {
                svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%@\" stroke-width=\"2\"%@/>", x, y - 4, x + 22, y - 4, color,
                              dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"")
            }
            svg += Self.marker(index + colorOffset, x: x + 22, y: y - 4, color: color)
            let none = lateOnly && !line.points.isEmpty && drawn(line).isEmpty ? " (no late frame)" : ""
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">%@</text>", x + 30, y, Self.escape(line.name + none))
        }
        return svg
    }

    static func color(_ index: Int) -> String { palette[index % palette.count] }
    static func dash(_ index: Int) -> String { dashes[index % dashes.count] }

    /// The mark of series `index` at (x, y): a circle, square, triangle or diamond, cycled.
    static func marker(_ index: Int, x: Double, y: Double, color: String) -> String {
        switch index % 4 {
        case 0: return String(format: "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.2\" fill=\"%@\"/>", x, y, color)
        case 1: return String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"6\" fill=\"%@\"/>", x - 3, y - 3, color)
        case 2: return String(format: "<path d=\"M%.1f %.1fl3.6 6.4h-7.2z\" fill=\"%@\"/>", x, y - 3.6, color)
        default: return String(format: "<path d=\"M%.1f %.1fl3.8 3.8l-3.8 3.8l-3.8 -3.8z\" fill=\"%@\"/>", x, y - 3.8, color)
        }
    }

    /// Escapes text for XML and HTML; control characters (which XML 1.0
    /// does not allow) are shown escaped (``PrintableText/escaped(_:keepingLines:)``).
    public static func escape(_ text: String) -> String {
        PrintableText.escaped(text, keepingLines: true).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
