import Profiler
import Rendering
import Scenarios
import Strategies

/// `Reports/index.md` and the one page of every report, `report.html`.
extension ReportGenerator {
    static func indexDocument(_ all: Results, scenarios: [String: Scenario], catalog: StrategyCatalog, _ prose: Prose) throws(Failure) -> ReportDocument {
        var rows: [[String]] = []
        for name in scenarios.keys.sorted() {
            guard let device = all.indexDevices[name] else { throw Failure.setup("the reports did not run the scenario '\(name)'") }
            for strategy in catalog.names {
                // The run's own name: a grid's runs say the collection surface they ran on.
                guard let result = all.result(name, device, strategy), let m = result.metrics else { continue }
                rows.append([name, result.strategy, m.status.rawValue, ms(m.timeToFirstFrameMs), ms(m.completionMs), ms(m.mainThreadBusyMs),
                             "\(m.hitches)", mebibytes(m.peakMemoryBytes), "\(m.inconsistencies)", "\(m.staleRows)", "\(m.unchangedCellsReloaded)"])
            }
        }
        return ReportDocument(name: "index", title: try words(prose, "index.title"), blocks: [
            .paragraph(try words(prose, "index.intro", ["version": version])),
            .table(headers: ["report", "compares", "shows"], rows: [
                ["[timeline.md](timeline.md)", "`monolithic-cells` vs `viewmodel-cells` (the timeline write-up)", "total time to scroll through home-170, timeline-200 and note-1012; hitches and cell reuse"],
                ["[restaurant-detail.md](restaurant-detail.md)", "`cellbinder` vs `row-ids` (the restaurant-detail write-up)", "first frame, page rendered, main-thread time, heights computed"],
                ["[realtime-updates.md](realtime-updates.md)", "`reload`, `batch-updates`, `diffable-ids`, `identifier-diff` (the reloadData and crash-rate write-ups), and the restaurant-detail write-up's `row-ids`", "inconsistencies with UIKit's message, unchanged cells reloaded, hitches"],
                ["[texture-memory.md](texture-memory.md)", "`texture` vs `texture-placeholders` (the Texture-memory write-up)", "memory over time, kill time, scroll jump"],
                ["[validation.md](validation.md)", "every published figure and direction (the five write-ups)", "the model's figure beside the published one, the error, the mechanism; the timeline variants and shape variety"],
                ["[report.html](report.html)", "all of the above", "one page with every chart, and a sweep of post counts"],
            ]),
            .heading(try words(prose, "index.heading.strategies")),
            .table(headers: ["scenario", "strategy", "status", "ttff ms", "completion ms", "main ms", "hitches", "peak MiB", "inconsistencies", "stale", "unchanged reloads"], rows: rows),
            .paragraph(try words(prose, "shared.modeled")),
        ])
    }

    /// One page of every document, under `title`.
    static func html(title: String, _ documents: [ReportDocument]) -> String {
        let navigation = documents.map { "<a href=\"#\(SVGChart.escape($0.name))\">\(SVGChart.escape($0.title))</a>" }
        return HTMLPage.document(title: title,
                                 body: "<nav>" + navigation.joined(separator: " · ") + "</nav>\n" + documents.map { $0.htmlSection() }.joined())
    }
}
