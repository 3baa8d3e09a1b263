import Foundation
import ListSimulator
import Profiler
import Rendering

/// `Reports/validation.md`, the Texture-memory write-up's published sample: the model's memory
/// over time on `texture-sample` on `iphone-x` beside the two Xcode memory
/// charts of `github:yuuuutsk/ASTableNodeSample` (`docs/normal.png`,
/// `docs/partial.png`), read off the images (by eye, and by the pixel
/// reading below).
extension ReportGenerator {
    /// The published charts' figures, in the gauge's MB (read as MiB: the
    /// gauge's own figures add up only with 1 GB = 1,024 MB).
    enum SampleCharts {
        /// Plain `ASTableNode`: the chart's last and highest level, at 2 min 43 s.
        static let plainLevel = 638.8
        static let plainSeconds = 164.0
        /// Where the plain chart leaves its flat start (its level there, MB, and the time, s),
        /// and where it reaches its top: listbench's own reading of the image's pixels.
        static let plainRise = (start: 32.0, startLevel: 36.0, end: 161.6, endLevel: 636.5)
        /// A reading of the same chart by eye: flat near zero until about 50 s, then 638.8 MB at 164 s.
        static let eyeRise = (start: 50.0, startLevel: 0.0, end: 164.0, endLevel: 638.8)
        /// Placeholders: the level at the end (3 min 33 s) and the chart's high.
        static let placeholderLevel = 47.0
        static let placeholderHigh = 54.2
        static let placeholderSeconds = 213.0
    }

    static let sampleScenario = "texture-sample"
    static let sampleDevice: ReportDevice = "iphone-x"

    /// The model's memory (MiB) at `seconds` into a run: the last sample at or before it.
    static func memory(_ metrics: RunMetrics, atSeconds seconds: Double) -> Double? {
        let time = SimTime(seconds * 1_000_000_000)
        guard let sample = metrics.memorySeries.last(where: { $0.time <= time }) else { return nil }
        return Double(sample.bytes) / 1_048_576
    }

    static func textureSampleValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        let plain = all.result(sampleScenario, sampleDevice, "texture")?.metrics
        let fixed = all.result(sampleScenario, sampleDevice, "texture-placeholders")?.metrics
        let limit = Double(try all.profile(sampleDevice).memoryLimit.value) / 1_048_576
        func mib(_ value: Double?) -> String { value.map { String(format: "%.1f MiB", $0) } ?? "-" }
        let chartSlope = (SampleCharts.plainRise.endLevel - SampleCharts.plainRise.startLevel)
            / (SampleCharts.plainRise.end - SampleCharts.plainRise.start)
        let eyeSlope = (SampleCharts.eyeRise.endLevel - SampleCharts.eyeRise.startLevel)
            / (SampleCharts.eyeRise.end - SampleCharts.eyeRise.start)
        // The model's rising part: from 10 s (past the first screen's nodes) to the chart's end, or the kill.
        let riseEnd = min(SampleCharts.plainSeconds, (plain?.killedAtMs ?? .infinity) / 1_000 - 1)
        var modelSlope: Double?
        if let plain, let from = memory(plain, atSeconds: 10), let to = memory(plain, atSeconds: riseEnd), riseEnd > 10 {
            modelSlope = (to - from) / (riseEnd - 10)
        }
        let plainPerRow = plain.flatMap { m in m.rowsDisplayed.map { Double(m.peakMemoryBytes) / 1_048_576 / Double(max(1, $0)) } }
        let fixedPerRow = fixed.flatMap { m in m.rowsDisplayed.map { Double(m.peakMemoryBytes) / 1_048_576 / Double(max(1, $0)) } }
        // Placeholders after the first screen: the lowest and highest level from 10 s to the chart's end.
        var fixedRange: (low: Double, high: Double)?
        if let fixed {
            let window = fixed.memorySeries.filter { $0.time >= 10_000_000_000 && $0.time <= SimTime(SampleCharts.placeholderSeconds * 1e9) }
            if let low = window.map(\.bytes).min(), let high = window.map(\.bytes).max() {
                fixedRange = (Double(low) / 1_048_576, Double(high) / 1_048_576)
            }
        }
        let kill: String
        if let at = plain?.killedAtMs {
            kill = String(format: "killed at %.0f s (%.1f min), past the limit of %.1f MiB", at / 1_000, at / 60_000, limit)
        } else {
            kill = plain.map { String(format: "not killed (%@; peak %.1f MiB of the %.1f MiB limit)", $0.status.rawValue, Double($0.peakMemoryBytes) / 1_048_576, limit) } ?? "-"
        }
        let rows: [[String]] = [
            ["plain `texture`", "level at 164 s (2 min 43 s)", String(format: "%.1f MB", SampleCharts.plainLevel),
             mib(plain.flatMap { memory($0, atSeconds: SampleCharts.plainSeconds) })],
            ["plain `texture`", "slope over the rising part",
             String(format: "%.1f MB/s (read by eye: near zero until %.0f s, then to %.1f MB at %.0f s); %.1f MB/s (listbench's pixel reading: %.0f MB at %.0f s to %.1f MB at %.1f s)",
                    eyeSlope, SampleCharts.eyeRise.start, SampleCharts.eyeRise.endLevel, SampleCharts.eyeRise.end,
                    chartSlope, SampleCharts.plainRise.startLevel, SampleCharts.plainRise.start, SampleCharts.plainRise.endLevel, SampleCharts.plainRise.end),
             modelSlope.map { String(format: "%.2f MiB/s (10 s to %.0f s)", $0, riseEnd) } ?? "-"],
            ["plain `texture`", "memory per row visited", "- (the chart gives no rows)",
             plainPerRow.map { String(format: "%.3f MiB (peak over %d rows shown)", $0, plain?.rowsDisplayed ?? 0) } ?? "-"],
            ["plain `texture`", "killed on the phone", "not within the chart (416.8 MB free at 2 min 43 s)", kill],
            ["`texture-placeholders`", "level at the end", String(format: "%.0f MB at 213 s", SampleCharts.placeholderLevel),
             mib(fixed.flatMap { memory($0, atSeconds: SampleCharts.placeholderSeconds) })],
            ["`texture-placeholders`", "high over the run", String(format: "%.1f MB", SampleCharts.placeholderHigh), mib(fixed.map { Double($0.peakMemoryBytes) / 1_048_576 })],
            ["`texture-placeholders`", "flatness (lowest to highest after the first screen)", "about 43 to 54.2 MB, 56 s to 213 s",
             fixedRange.map { String(format: "%.1f to %.1f MiB, 10 s to 213 s", $0.low, $0.high) } ?? "-"],
            ["`texture-placeholders`", "memory per row visited", "-",
             fixedPerRow.map { String(format: "%.3f MiB (peak over %d rows shown)", $0, fixed?.rowsDisplayed ?? 0) } ?? "-"],
        ]
        let ratio = plain.flatMap { memory($0, atSeconds: SampleCharts.plainSeconds) }.map { $0 / SampleCharts.plainLevel }
        return [
            .heading(try words(prose, "validation.textureSample.heading")),
            .paragraph(try words(prose, "validation.textureSample.method")),
            .table(headers: ["strategy", "figure", "published chart", "model, texture-sample on iphone-x"], rows: rows),
            .paragraph(try words(prose, "validation.textureSample.finding", [
                "ratio": ratio.map { String(format: "%.2f", $0) } ?? "-",
                "modelSlope": modelSlope.map { String(format: "%.2f", $0) } ?? "-",
                "chartSlope": String(format: "%.1f", chartSlope),
                "eyeSlope": String(format: "%.1f", eyeSlope),
                "kill": kill,
                "fixedPerRow": fixedPerRow.map { String(format: "%.0f", $0 * 1_024) } ?? "-",
                "fixedLow": fixedRange.map { String(format: "%.1f", $0.low) } ?? "-",
                "fixedHigh": fixedRange.map { String(format: "%.1f", $0.high) } ?? "-",
            ])),
            .paragraph(try textureLevelCauses(all, prose)),
            .paragraph(try words(prose, "validation.textureSample.units")),
        ]
    }
}
