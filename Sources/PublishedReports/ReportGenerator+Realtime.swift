import Foundation
import Profiler
import Rendering

/// `Reports/realtime-updates.md`: the reloadData and crash-rate write-ups, updates while the list is on screen.
extension ReportGenerator {
    static func realtime(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        var rows: [[String]] = []
        var messages: [ReportDocument.Block] = []
        for strategy in realtimeStrategies {
            guard let m = all.result("realtime-feed", "iphone-15", strategy)?.metrics else { continue }
            rows.append([strategy, m.status.rawValue, "\(m.inconsistencies)", "\(m.unchangedCellsReloaded)", "\(m.hitches)",
                         ms(m.mainThreadBusyMs), String(format: "%.0f", m.scrollJumpPoints), "\(m.staleRows)"])
            if let message = m.firstInconsistency {
                messages.append(.paragraph(try words(prose, "realtime-updates.inconsistency", ["strategy": strategy, "message": message])))
            }
        }
        let report = try all.report("realtime-feed", "iphone-15", ["reload", "row-ids", shippedLibrary, minimalLibrary])
        var blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "realtime-updates.intro")),
            .table(headers: ["strategy", "status", "inconsistencies", "unchanged cells reloaded", "hitches", "main thread (ms)", "scroll jump (pt)", "stale rows"], rows: rows),
        ]
        blocks += messages
        blocks += [
            .chart(SVGChart.frames(report, title: "realtime-feed on iphone-15: longest frame per 100 ms"), file: "realtime-frames.svg"),
            .paragraph(try words(prose, "realtime-updates.mechanism")),
            .paragraph(try words(prose, "realtime-updates.limits")),
            .paragraph(try words(prose, "shared.modeled")),
        ]
        return ReportDocument(name: "realtime-updates", title: try words(prose, "realtime-updates.title"), blocks: blocks)
    }
}
