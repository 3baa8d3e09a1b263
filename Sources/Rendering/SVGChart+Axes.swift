import Foundation

extension SVGChart {
    /// Where a chart's axes run: the x range of the data, the top of the y
    /// axis, their tick steps, and whether the reference sits on a broken axis.
    struct Frame {
        var x: ClosedRange<Double>
        var xStep: Double
        var yTop: Double
        var yStep: Double
        var brokenReference: Bool
        /// The bottom of a logarithmic y axis (1, 2 or 5 times a power of ten,
        /// at most a third of the reference), nil for a linear axis from 0. Late frames get one when
        /// the longest is more than ``SVGChart/logarithmicAbove`` times the
        /// budget, so a frame of seconds does not flatten those of 33 ms.
        var logBottom: Double?

        /// The frame of `chart`'s drawn points (see ``SVGChart/drawn(_:)``).
        ///
        /// - Complexity: O(points).
        init(chart: SVGChart) {
            let drawn = chart.series.map(chart.drawn)
            let xs = drawn.flatMap { $0.map(\.x) }, ys = drawn.flatMap { $0.map(\.y) }
            var range = chart.fixedXRange ?? min(xs.min() ?? 0, 0)...(xs.max() ?? 1)
            if range.upperBound - range.lowerBound < 1e-9 { range = range.lowerBound...(range.lowerBound + 1) }
            x = range
            xStep = SVGChart.niceStep((range.upperBound - range.lowerBound) / 5)
            var top = max(chart.fixedMaxY ?? ys.max() ?? 0, 0)
            if chart.lateOnly, top == 0, let reference = chart.reference { top = reference.value * 2 }
            top = max(top, 1e-9)
            brokenReference = false
            logBottom = nil
            if let reference = chart.reference {
                if reference.value <= top * SVGChart.farAbove { top = max(top, reference.value) } else { brokenReference = true }
            }
            yTop = top * 1.05
            yStep = SVGChart.niceStep(yTop / 4)
            if chart.lateOnly, let reference = chart.reference, reference.value > 0, top > reference.value * SVGChart.logarithmicAbove {
                // A third of the reference or less, so the reference's label fits under its line.
                let third = reference.value / 3, power = pow(10, log10(third).rounded(.down))
                logBottom = [5.0, 2, 1].map { $0 * power }.first { $0 <= third * (1 + 1e-9) } ?? power
                yTop = top * 1.2
            }
        }

        /// Where `y` is between the bottom (0) and the top (1) of the y axis.
        func fraction(_ y: Double) -> Double {
            guard let logBottom else { return y / yTop }
            return log10(max(y, logBottom) / logBottom) / log10(yTop / logBottom)
        }

        /// The y axis's ticks: multiples of the step from 0, or on a
        /// logarithmic axis 1, 2 and 5 times each power of ten (powers of ten
        /// alone over more than three decades).
        var yTicks: [Double] {
            guard let logBottom else { return SVGChart.ticks(upTo: yTop, step: yStep, from: 0) }
            let decades = log10(yTop / logBottom)
            var out: [Double] = []
            var power = pow(10, log10(logBottom).rounded(.down))
            while power <= yTop * (1 + 1e-9) {
                for factor in decades > 3 ? [1.0] : [1, 2, 5] {
                    let value = power * factor
                    if value >= logBottom * (1 - 1e-9), value <= yTop * (1 + 1e-9) { out.append(value) }
                }
                power *= 10
            }
            return out
        }
    }

    /// The multiples of `step` from `start` (rounded up to a multiple) to `end`, both included when on a multiple.
    static func ticks(upTo end: Double, step: Double, from start: Double) -> [Double] {
        guard step > 0, end >= start else { return [] }
        let first = (start / step - 1e-9).rounded(.up)
        let last = (end / step + 1e-9).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// The smallest of 1, 2, 2.5 and 5 times a power of ten at or above `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) { return factor * magnitude }
        return 10 * magnitude
    }

    /// Charts of one series each, on the same axes (small multiples): for
    /// a chart with more series than `limit`, or for a page that must stay
    /// legible on a phone (`limit` 0: every chart, one series a panel, 360
    /// points wide). Each panel is titled by its series and keeps its colour,
    /// dash and marker; the reference is on every panel.
    ///
    /// - Complexity: O(points).
    public func smallMultiples(limit: Int = 4) -> [SVGChart] {
        guard series.count > limit else { return [self] }
        let frame = Frame(chart: self)
        let ys = series.flatMap { drawn($0).map(\.y) }
        return series.enumerated().map { index, line in
            var chart = SVGChart(title: line.name, xLabel: xLabel, yLabel: yLabel, series: [line], reference: reference)
            chart.width = 360
            chart.height = 220
            chart.fixedMaxY = ys.max() ?? 0
            chart.fixedXRange = fixedXRange ?? frame.x
            chart.colorOffset = index + colorOffset
            chart.marksPoints = marksPoints
            chart.lateOnly = lateOnly
            chart.showsLegend = false
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
}
