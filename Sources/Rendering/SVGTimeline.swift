import Foundation
import ListSimulator

/// A run's threads and frames over a window of virtual time, as SVG: a
/// row for main, one per worker that worked in the window, and one for the
/// frames (late ones in red); each slice coloured by its category, with a
/// legend of the categories shown.
public enum SVGTimeline {
    /// The categories' colours, in ``CostCategory`` order.
    static let colors = ["#4e79a7", "#a0cbe8", "#f28e2b", "#ffbe7d", "#59a14f", "#8cd17d", "#b6992d", "#f1ce63",
                         "#499894", "#86bcb6", "#e15759", "#ff9d9a", "#79706e", "#bab0ac", "#d37295", "#fabfd2", "#b07aa1"]

    /// The timeline of `trace` from `start` for `length`.
    ///
    /// - Complexity: O(slices + frames).
    public static func render(_ trace: TraceRecorder, title: String, start: SimTime, length: SimTime, width: Double = 1000) -> String {
        let end = start + length
        func visible(_ from: SimTime, _ duration: SimTime) -> Bool { from < end && from + max(duration, 1) > start }
        let slices = trace.slices.filter { visible($0.start, $0.duration) }
        var workers: [Int] = []
        for slice in slices { if case .worker(let index) = slice.thread, !workers.contains(index) { workers.append(index) } }
        workers.sort()
        let rows = ["main"] + workers.map { "worker \($0 + 1)" } + ["frames"]
        let left = 80.0, right = 12.0, top = 30.0, rowHeight = 22.0
        let plotWidth = width - left - right
        let used = CostCategory.allCases.filter { category in slices.contains { $0.category == category } }
        let legendRows = (used.count + 1 + 3) / 4
        let height = top + Double(rows.count) * rowHeight + 34 + Double(legendRows) * 16 + 8
        func x(_ time: SimTime) -> Double { left + Double(min(max(time, start), end) - start) / Double(length) * plotWidth }
        func row(_ thread: SimThread) -> Int {
            switch thread {
            case .main: return 0
            case .worker(let index): return 1 + (workers.firstIndex(of: index) ?? 0)
            }
        }
        var svg = String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"Helvetica,Arial,sans-serif\" role=\"img\">", width, height, width, height)
        svg += "<title>\(SVGChart.escape(title))</title>"
        svg += String(format: "<text x=\"%.1f\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">%@</text>", left, SVGChart.escape(title))
        for (index, name) in rows.enumerated() {
            let y = top + Double(index) * rowHeight
            svg += String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%@\"/>", left, y, plotWidth, rowHeight - 4, index % 2 == 0 ? "#f6f6f6" : "#fbfbfb")
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#222\">%@</text>", left - 6, y + 13, SVGChart.escape(name))
        }
        for slice in slices {
            let x0 = x(slice.start), x1 = max(x(slice.start + slice.duration), x0 + 0.6)
            let color = colors[slice.category.ordinal % colors.count]
            svg += String(format: "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%@\"/>", x0, top + Double(row(slice.thread)) * rowHeight + 1, x1 - x0, rowHeight - 6, color)
        }
        let framesRow = top + Double(rows.count - 1) * rowHeight
        for frame in trace.frames where visible(frame.vsync, frame.presented - frame.vsync) {
            let x0 = x(frame.vsync), x1 = max(x(frame.presented), x0 + 0.6)
            svg += String(format: "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%@\" stroke=\"#fff\" stroke-width=\"0.5\"/>", x0, framesRow + 1, x1 - x0, rowHeight - 6, frame.hitch ? "#c00" : "#9bb7d4")
        }
        let axisY = top + Double(rows.count) * rowHeight
        let lengthMs = Double(length) / 1e6
        let step = SVGChart.niceStep(lengthMs / 5)
        var tick = 0.0
        while tick <= lengthMs + 1e-9 {
            let tx = left + tick / lengthMs * plotWidth
            svg += String(format: "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\"/>", tx, top, tx, axisY)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">%@</text>", tx, axisY + 13, SVGChart.tick(Double(start) / 1e6 + tick))
            tick += step
        }
        svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">virtual time (ms)</text>", left + plotWidth / 2, axisY + 28)
        let legend = used.map { ($0.displayName, colors[$0.ordinal % colors.count]) } + [("late frame", "#c00")]
        for (index, entry) in legend.enumerated() {
            let lx = left + Double(index % 4) * (plotWidth / 4), ly = axisY + 46 + Double(index / 4) * 16
            svg += String(format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"10\" fill=\"%@\"/>", lx, ly - 9, entry.1)
            svg += String(format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">%@</text>", lx + 16, ly, SVGChart.escape(entry.0))
        }
        return svg + "</svg>"
    }
}
