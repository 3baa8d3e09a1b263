import Foundation
import Profiler
import Rendering
import Scenarios

/// `Reports/timeline.md`: the timeline write-up, the timeline redesign (`monolithic-cells` vs `viewmodel-cells`).
extension ReportGenerator {
    static func timeline(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        func seconds(_ value: Double?) -> String { value.map { String(format: "%.1f", $0 / 1_000) } ?? "-" }
        var blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "timeline.intro", ["swipeMs": "\(Int(ReadingPace.defaultSwipeMs))",
                                                            "dwellSeconds": String(format: "%.1f", ReadingPace.defaultDwellMsPerPost / 1_000)])),
        ]
        for device: ReportDevice in ["iphone-15", "iphone-6"] {
            blocks.append(.heading(try words(prose, "timeline.heading.reading", ["device": device.label])))
            var rows: [[String]] = []
            for (screen, name) in timelineScreens {
                let before = all.result(name, device, "monolithic-cells")?.metrics?.completionMs
                let after = all.result(name, device, "viewmodel-cells")?.metrics?.completionMs
                let posts = "\(screenPosts(name))"
                let published = publishedTimeline[name]
                rows.append([screen, posts, published.map { String(format: "%.2f", $0.before) } ?? "-",
                             published.map { String(format: "%.2f", $0.after) } ?? "-",
                             change(published.map { $0.before * 1_000 }, published.map { $0.after * 1_000 }),
                             seconds(before), seconds(after), change(before, after)])
            }
            blocks.append(.table(headers: ["screen", "posts", "published before (s)", "published after (s)", "published change",
                                           "model: monolithic-cells (s)", "model: viewmodel-cells (s)", "model change"], rows: rows))
        }
        blocks.append(.heading(try words(prose, "timeline.heading.framePaced")))
        var paced: [[String]] = []
        for device: ReportDevice in ["iphone-15", "iphone-6"] {
            for (screen, name) in timelineScreens {
                let label = framePacedLabel(name)
                let before = all.result(label, device, "monolithic-cells")?.metrics?.completionMs
                let after = all.result(label, device, "viewmodel-cells")?.metrics?.completionMs
                paced.append([device.label, screen, ms(before), ms(after), change(before, after)])
            }
        }
        blocks.append(.table(headers: ["device", "screen", "monolithic-cells (ms)", "viewmodel-cells (ms)", "change"], rows: paced))
        blocks.append(.heading(try words(prose, "timeline.heading.hitches")))
        var rows: [[String]] = []
        for (screen, name) in timelineScreens {
            for strategy in ["monolithic-cells", "viewmodel-cells"] {
                guard let m = all.result(name, "iphone-15", strategy)?.metrics else { continue }
                let reuse = m.cellsConfigured > 0 ? String(format: "%.0f%%", Double(m.cellsReused) / Double(m.cellsReused + m.cellsCreated) * 100) : "-"
                rows.append([screen, strategy, "\(m.hitches)", String(format: "%.1f (%@)", m.hitchRatioMsPerS, m.hitchRating.rawValue),
                             ms(m.mainThreadBusyMs), ms(m.backgroundBusyMs), "\(m.cellsCreated)", "\(m.cellsReused)", reuse, mebibytes(m.peakMemoryBytes)])
            }
        }
        blocks.append(.table(headers: ["screen", "strategy", "hitches", "hitch ms/s", "main ms", "background ms", "cells created", "cells reused", "reuse rate", "peak MiB"], rows: rows))
        let note = try all.report(framePacedLabel("note-1012"), "iphone-15", ["monolithic-cells", "viewmodel-cells"])
        blocks.append(.chart(SVGChart.frames(note, title: "note-1012 paged as fast as frames allow, on iphone-15: longest frame per 100 ms"),
                             file: "timeline-frames.svg"))
        func gains(_ device: ReportDevice, framePaced: Bool) -> String {
            timelineScreens.map { _, name in
                let label = framePaced ? framePacedLabel(name) : name
                return change(all.result(label, device, "monolithic-cells")?.metrics?.completionMs,
                              all.result(label, device, "viewmodel-cells")?.metrics?.completionMs)
            }.joined(separator: " / ")
        }
        func ratio(_ device: ReportDevice) -> String {
            timelineScreens.map { _, name in
                guard let model = all.result(name, device, "viewmodel-cells")?.metrics?.completionMs,
                      let published = publishedTimeline[name]?.after else { return "-" }
                return String(format: "%.1f×", model / 1_000 / published)
            }.joined(separator: " / ")
        }
        blocks.append(.paragraph(try words(prose, "timeline.mechanism", ["framePacedIphone15": gains("iphone-15", framePaced: true),
                                                                          "framePacedIphone6": gains("iphone-6", framePaced: true)])))
        blocks.append(.paragraph(try words(prose, "timeline.disagreement", ["ratioIphone15": ratio("iphone-15"),
                                                                             "readingIphone15": gains("iphone-15", framePaced: false),
                                                                             "readingIphone6": gains("iphone-6", framePaced: false)])))
        blocks.append(.paragraph(try words(prose, "shared.modeled")))
        return ReportDocument(name: "timeline", title: try words(prose, "timeline.title"), blocks: blocks)
    }
}
