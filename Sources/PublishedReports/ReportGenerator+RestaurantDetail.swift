import Profiler
import Rendering

/// `Reports/restaurant-detail.md`: the restaurant-detail write-up, the detail page (`cellbinder` vs `row-ids`).
extension ReportGenerator {
    static func restaurant(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        var rows: [[String]] = []
        for device in restaurantDevices {
            for strategy in ["cellbinder", "row-ids"] {
                guard let result = all.result("restaurant-detail-load", device, strategy) else { continue }
                let label = all.profiles[device].map { "\($0.name), iOS \($0.iOSVersion)" } ?? device.label
                guard let m = result.metrics else {
                    rows.append([label, strategy, result.statusText, "-", "-", "-", "-"])
                    continue
                }
                rows.append([label, strategy, ms(m.timeToFirstFrameMs), ms(m.completionMs), ms(m.mainThreadBusyMs), "\(m.heightsComputed)", "\(m.cellsCreated)"])
            }
        }
        var full: [[String]] = []
        for strategy in restaurantVisitStrategies {
            guard let m = all.result("restaurant-detail", "iphone-15", strategy)?.metrics else { continue }
            full.append([strategy, m.status.rawValue, ms(m.mainThreadBusyMs), "\(m.heightsComputed)", "\(m.misSizedRows ?? 0)", "\(m.staleRows)", "\(m.unchangedCellsReloaded)", String(format: "%.0f", m.scrollJumpPoints)])
        }
        let blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "restaurant-detail.intro")),
            .heading(try words(prose, "restaurant-detail.load.heading")),
            .paragraph(try words(prose, "restaurant-detail.load")),
            .table(headers: ["device", "strategy", "first frame (ms)", "page rendered (ms)", "main thread (ms)", "heights computed", "cells created"], rows: rows),
            .heading(try words(prose, "restaurant-detail.visit.heading")),
            .paragraph(try words(prose, "restaurant-detail.visit")),
            .table(headers: ["strategy", "status", "main thread (ms)", "heights computed", "mis-sized rows", "stale rows", "unchanged cells reloaded", "scroll jump (pt)"], rows: full),
            .paragraph(try words(prose, "restaurant-detail.mechanism")),
            .paragraph(try words(prose, "restaurant-detail.disagreement", ["firstFrame": try firstFrameFinding(all, prose),
                                                                          "surplus": try surplusFinding(all, prose)])),
            .paragraph(try words(prose, "shared.modeled")),
        ]
        return ReportDocument(name: "restaurant-detail", title: try words(prose, "restaurant-detail.title"), blocks: blocks)
    }

    /// How a run ends, in words: with its first inconsistency if it had one
    /// and `inconsistency` is set, else with its stale rows if `stale` is set,
    /// else with its status alone; "has no result" without metrics.
    static func ending(_ m: RunMetrics?, inconsistency: Bool, stale: Bool, _ prose: Prose) throws(Failure) -> String {
        guard let m else { return try words(prose, "restaurant-detail.noResult") }
        if inconsistency, let message = m.firstInconsistency {
            return try words(prose, "restaurant-detail.ends.inconsistency", ["status": m.status.rawValue, "message": message])
        }
        if stale { return try words(prose, "restaurant-detail.ends.stale", ["status": m.status.rawValue, "staleRows": "\(m.staleRows)"]) }
        return try words(prose, "restaurant-detail.ends.status", ["status": m.status.rawValue])
    }

    /// What the published surplus deletion does on the whole visit, from the figures.
    static func surplusFinding(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        let published = all.result("restaurant-detail", "iphone-15", "row-ids")?.metrics
        let fixed = all.result("restaurant-detail", "iphone-15", "row-ids:surplusDeletion=fixed")?.metrics
        return try words(prose, "restaurant-detail.surplus", ["published": try ending(published, inconsistency: true, stale: true, prose),
                                                              "fixed": try ending(fixed, inconsistency: false, stale: true, prose)])
    }

    /// What the first frame and the complete page show on the default device, from the figures.
    static func firstFrameFinding(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        let binder = all.result("restaurant-detail-load", "iphone-15", "cellbinder")?.metrics
        let rowIDs = all.result("restaurant-detail-load", "iphone-15", "row-ids")?.metrics
        var values = ["rowIDsFirst": ms(rowIDs?.timeToFirstFrameMs), "binderFirst": ms(binder?.timeToFirstFrameMs),
                      "rowIDsPage": ms(rowIDs?.completionMs), "binderPage": ms(binder?.completionMs)]
        guard let first = rowIDs?.timeToFirstFrameMs, first >= binder?.timeToFirstFrameMs ?? 0 else {
            return try words(prose, "restaurant-detail.firstFrame.sooner", values)
        }
        // The phones where the first frame is sooner with row-ids.
        let sooner = restaurantDevices.filter { device in
            guard let a = all.result("restaurant-detail-load", device, "row-ids")?.metrics?.timeToFirstFrameMs,
                  let b = all.result("restaurant-detail-load", device, "cellbinder")?.metrics?.timeToFirstFrameMs else { return false }
            return a < b
        }
        values["elsewhere"] = sooner.isEmpty
            ? try words(prose, "restaurant-detail.firstFrame.elsewhere.none")
            : try words(prose, "restaurant-detail.firstFrame.elsewhere.some", ["devices": sooner.map(\.label).joined(separator: ", ")])
        return try words(prose, "restaurant-detail.firstFrame.noSooner", values)
    }
}
