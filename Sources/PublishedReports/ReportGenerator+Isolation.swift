import Foundation
import ListSimulator
import Statistics
import Strategies

/// What a published comparison cannot isolate, computed from its own
/// figures and the model's: the straight line the timeline table's totals
/// fit, and the causes of the Texture sample's memory level with their shares.
extension ReportGenerator {
    /// The timeline table's totals as lines in the screen's posts, the
    /// published ones and the model's scan on the iPhone 15.
    ///
    /// - Complexity: O(screens).
    static func timelineIsolation(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        let posts = timelineScreens.map { Double(screenPosts($0.1)) }
        let old = timelineScreens.compactMap { publishedTimeline[$0.1]?.before }
        let new = timelineScreens.compactMap { publishedTimeline[$0.1]?.after }
        let saving = zip(old, new).map { $0 - $1 }
        func seconds(_ spec: String) -> [Double] {
            timelineScreens.compactMap { all.result($0.1, "iphone-15", spec)?.metrics?.completionMs.map { $0 / 1_000 } }
        }
        func line(_ fit: StraightLine?) -> String {
            guard let fit else { return "-" }
            return String(format: "%.3f s a post %@ %.1f s", fit.slope, fit.intercept < 0 ? "less" : "plus", abs(fit.intercept))
        }
        func within(_ fit: StraightLine?) -> String { fit.map { String(format: "%.1f s", $0.largestResidual) } ?? "-" }
        let oldLine = StraightLine(x: posts, y: old), newLine = StraightLine(x: posts, y: new)
        let savingLine = StraightLine(x: posts, y: saving)
        let modelOld = seconds("monolithic-cells"), modelNew = seconds("viewmodel-cells")
        let homePosts = posts.first ?? 1
        return try words(prose, "validation.timeline.isolation", [
            "oldLine": line(oldLine), "oldWithin": within(oldLine),
            "newLine": line(newLine), "newWithin": within(newLine),
            "savingLine": line(savingLine), "savingWithin": within(savingLine),
            "homePredicted": savingLine.map { String(format: "%.1f s", $0.value(at: homePosts)) } ?? "-",
            "homePublished": saving.first.map { String(format: "%.1f s", $0) } ?? "-",
            "modelOldLine": modelOld.count == posts.count ? line(StraightLine(x: posts, y: modelOld)) : "-",
            "modelNewLine": modelNew.count == posts.count ? line(StraightLine(x: posts, y: modelNew)) : "-",
            "modelSavingLine": modelOld.count == posts.count && modelNew.count == posts.count
                ? line(StraightLine(x: posts, y: zip(modelOld, modelNew).map { $0 - $1 })) : "-",
        ])
    }

    /// `texture-sample`'s first step: a wait of 300 ms before the scan
    /// (`TextureSampleTests` checks it against the shipped scenario).
    public static let sampleWaitMs = 300.0

    /// The plain table node's level at 164 s against the chart's, split into
    /// its causes: the model's head start (it scans from its first frame
    /// and the scenario's 300 ms wait on, the chart rises from 32 s), `viewBytes` at the top of its source's 1-2 KB, and
    /// the rest (the cited pace times the other per-row estimates). Shares
    /// are of the ratio's logarithm, so the three multiply to the ratio.
    ///
    /// - Complexity: O(memory samples).
    static func textureLevelCauses(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        guard let plain = all.result(sampleScenario, sampleDevice, "texture")?.metrics,
              let level = memory(plain, atSeconds: SampleCharts.plainSeconds) else { return "" }
        let costs = try all.profile(sampleDevice).costs
        // The model scans from its first frame on, after the scenario's 300 ms wait.
        let modelStart = ((plain.timeToFirstFrameMs ?? 0) + sampleWaitMs) / 1_000
        let headStart = SampleCharts.plainRise.start - modelStart
        guard let shifted = memory(plain, atSeconds: SampleCharts.plainSeconds - headStart) else { return "" }
        let ratio = level / SampleCharts.plainLevel
        let headFactor = level / shifted
        // A visited row of the sample: its cell node and text nodes, each with a node object and a loaded
        // view and layer, and each text node's attributed string.
        let subnodes = Double(TextureStrategy.sampleCellNodes.subnodes), textNodes = Double(TextureStrategy.sampleCellNodes.textNodes)
        func perRow(viewBytes: Double) -> Double {
            subnodes * (costs.nodeBytes.value + viewBytes) + textNodes * costs.textAttributedStringBytes.value
        }
        // The middle of `viewBytes`' source: "about 1-2 KB" a view and its layer.
        let middle = (1_024.0 + 2_048.0) / 2
        let viewFactor = perRow(viewBytes: costs.viewBytes.value) / perRow(viewBytes: middle)
        let restFactor = ratio / headFactor / viewFactor
        func share(_ factor: Double) -> String { ratio > 1 ? String(format: "%.0f%%", log(factor) / log(ratio) * 100) : "-" }
        return try words(prose, "validation.textureSample.causes", [
            "ratio": String(format: "%.2f", ratio),
            "modelStart": String(format: "%.1f", modelStart), "chartStart": String(format: "%.0f", SampleCharts.plainRise.start),
            "headStart": String(format: "%.1f", headStart), "shifted": String(format: "%.1f", shifted),
            "shiftedRatio": String(format: "%.2f", shifted / SampleCharts.plainLevel),
            "headFactor": String(format: "%.2f", headFactor), "headShare": share(headFactor),
            "viewBytes": String(format: "%.0f", costs.viewBytes.value), "middle": String(format: "%.0f", middle),
            "perRow": String(format: "%.0f", perRow(viewBytes: costs.viewBytes.value) / 1_024),
            "perRowMiddle": String(format: "%.0f", perRow(viewBytes: middle) / 1_024),
            "viewFactor": String(format: "%.2f", viewFactor), "viewShare": share(viewFactor),
            "restFactor": String(format: "%.2f", restFactor), "restShare": share(restFactor),
            "nodeBytes": String(format: "%.0f", costs.nodeBytes.value),
            "subnodes": "\(TextureStrategy.sampleCellNodes.subnodes)", "textNodes": "\(TextureStrategy.sampleCellNodes.textNodes)",
        ])
    }
}
