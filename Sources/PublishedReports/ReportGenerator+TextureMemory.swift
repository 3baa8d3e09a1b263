import Foundation
import Profiler
import Rendering

/// `Reports/texture-memory.md`: the Texture-memory write-up, Texture's memory (`texture` vs `texture-placeholders`).
extension ReportGenerator {
    static func texture(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        var rows: [[String]] = []
        let runs: [(scenario: String, device: ReportDevice)] = [("infinite-paging", "iphone-6"), ("infinite-paging", "iphone-15")]
            + scrollToTopDevices.map { ("scroll-to-top", $0) }
        for (scenario, device) in runs {
            for strategy in textureStrategies {
                guard let m = all.result(scenario, device, strategy)?.metrics else { continue }
                rows.append([scenario, device.label, strategy, m.status.rawValue, mebibytes(m.peakMemoryBytes), mebibytes(m.finalMemoryBytes),
                             m.killedAtMs.map { String(format: "%.0f s", $0 / 1_000) } ?? "-", String(format: "%.0f", m.scrollJumpPoints)])
            }
        }
        let blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "texture-memory.intro")),
            .table(headers: ["scenario", "device", "strategy", "status", "peak MiB", "final MiB", "killed at", "scroll jump (pt)"], rows: rows),
            .chart(SVGChart.memory(try all.report("infinite-paging", "iphone-6", textureStrategies),
                                   title: "infinite-paging on iphone-6: modeled memory over time"), file: "texture-memory.svg"),
            .paragraph(try words(prose, "texture-memory.mechanism")),
            .paragraph(try words(prose, "texture-memory.disagreement", ["plain": try killFinding(all, "texture", prose),
                                                                       "photos": try killFinding(all, "texture:cells=photos", prose)])),
            .paragraph(try words(prose, "texture-memory.limits")),
            .paragraph(try words(prose, "shared.modeled")),
        ]
        return ReportDocument(name: "texture-memory", title: try words(prose, "texture-memory.title"), blocks: blocks)
    }

    /// When Texture with `strategy` was killed on each device, from the
    /// figures; without a final period (the passage has it).
    static func killFinding(_ all: Results, _ strategy: String, _ prose: Prose) throws(Failure) -> String {
        var kills: [String] = []
        for device: ReportDevice in ["iphone-6", "iphone-15"] {
            guard let m = all.result("infinite-paging", device, strategy)?.metrics else {
                kills.append(try words(prose, "texture-memory.kill.notRun", ["device": device.label]))
                continue
            }
            guard let at = m.killedAtMs else {
                kills.append(try words(prose, "texture-memory.kill.survived", ["device": device.label, "peak": mebibytes(m.peakMemoryBytes)]))
                continue
            }
            let limit = Int(try all.profile(device).memoryLimit.value)
            kills.append(try words(prose, "texture-memory.kill.killed", ["device": device.label, "limit": mebibytes(limit),
                                                                         "seconds": String(format: "%.0f", at / 1_000)]))
        }
        return kills.joined(separator: ", ")
    }
}
