import ListData
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies

/// `Reports/validation.md`: every published figure and direction of the
/// five write-ups and their published code beside the model's
/// figure on the same workload, the error, and the mechanism behind it.
/// The published figures are a yardstick, never a target: no constant is
/// tuned to them.
extension ReportGenerator {
    /// The timeline designs as published, then each variant beside its counterpart.
    static let timelineVariants: [(label: String, before: String, after: String)] = [
        ("as published (defaults)", "monolithic-cells", "viewmodel-cells"),
        ("both with manual layout", "monolithic-cells:layout=manual", "viewmodel-cells:layout=manual"),
        ("new: heights in the factory (further idea)", "monolithic-cells", "viewmodel-cells:heights=background"),
        ("new: bound in willDisplay (further idea)", "monolithic-cells", "viewmodel-cells:configure=willDisplay"),
        ("new: both further ideas", "monolithic-cells", "viewmodel-cells:heights=background,configure=willDisplay"),
        ("old: data decoded at low priority", "monolithic-cells:processing=low", "viewmodel-cells"),
    ]

    /// Every spec the variants table runs.
    static var timelineVariantSpecs: [String] {
        var seen = Set<String>()
        return timelineVariants.flatMap { [$0.before, $0.after] }.filter { seen.insert($0).inserted }
    }

    /// Shape variety for the sweep: the number of post shapes (combinations
    /// of the monolithic reuse identifier), and the generator's shape that gives it.
    static let shapeLevels: [(shapes: Int, shape: PostShapeSpec)] = {
        var one = PostShapeSpec()
        one.textLength = IntRange(min: 20, max: 500)
        one.photos = [(0, 1)]
        one.linkCard = 0
        one.video = 0
        one.reactions = 0
        one.commentPreviews = IntRange(min: 0, max: 0)
        var four = one
        four.photos = [(0, 5), (1, 3), (2, 1), (4, 1)]
        var twentyFour = four
        twentyFour.reactions = 0.7
        twentyFour.commentPreviews = IntRange(min: 0, max: 2)
        var ninetySix = twentyFour
        ninetySix.linkCard = 0.15
        ninetySix.video = 0.05
        return [(1, one), (4, four), (24, twentyFour), (96, ninetySix)]
    }()

    static func shapeLabel(_ shapes: Int) -> String { "home-170 [frame-paced, \(shapes) shapes]" }
    static func scanShapeLabel(_ shapes: Int) -> String { "home-170 [\(shapes) shapes]" }

    /// A scenario with another post shape (feeds only).
    static func withShape(_ scenario: Scenario, _ shape: PostShapeSpec) -> Scenario {
        var copy = scenario
        if case .feed(let sections, _) = copy.data { copy.data = .feed(sections: sections, shape: shape) }
        return copy
    }

    static func validation(_ all: Results, _ prose: Prose) throws(Failure) -> ReportDocument {
        var blocks: [ReportDocument.Block] = [
            .paragraph(try words(prose, "validation.intro")),
        ]
        blocks += try timelineValidation(all, prose)
        blocks += try restaurantValidation(all, prose)
        blocks += try realtimeValidation(all, prose)
        blocks += try librarySurfacesValidation(all, prose)
        blocks += try textureValidation(all, prose)
        blocks += try textureSampleValidation(all, prose)
        blocks += try swiftUIValidation(all, prose)
        blocks += try uncertaintyValidation(all, prose)
        blocks += try openAssumptions(all, prose)
        blocks += try swiftUIOpenAssumptions(all, prose)
        blocks.append(.paragraph(try words(prose, "shared.modeled")))
        return ReportDocument(name: "validation", title: try words(prose, "validation.title"), blocks: blocks)
    }

    // MARK: - The timeline write-up

    private static func timelineValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        func completion(_ label: String, _ device: ReportDevice, _ spec: String) -> Double? { all.result(label, device, spec)?.metrics?.completionMs }
        var rows: [[String]] = []
        for (screen, name) in timelineScreens {
            guard let published = publishedTimeline[name] else { continue }
            let posts = Double(screenPosts(name))
            let publishedChange = (published.after - published.before) / published.before * 100
            var row = [screen, String(format: "%.2f → %.2f s", published.before, published.after),
                       String(format: "%.3f → %.3f s", published.before / posts, published.after / posts), String(format: "%+.1f%%", publishedChange)]
            for device: ReportDevice in ["iphone-15", "iphone-6"] {
                let before = completion(name, device, "monolithic-cells")
                let after = completion(name, device, "viewmodel-cells")
                row.append(perPost(before, after, posts: posts))
                row.append(change(before, after))
                row.append(error(model: before.flatMap { b in after.map { ($0 - b) / b * 100 } }, published: publishedChange))
            }
            let pacedBefore = completion(framePacedLabel(name), "iphone-6", "monolithic-cells")
            let pacedAfter = completion(framePacedLabel(name), "iphone-6", "viewmodel-cells")
            row.append(change(pacedBefore, pacedAfter))
            rows.append(row)
        }
        var variants: [[String]] = []
        for device: ReportDevice in ["iphone-15", "iphone-6"] {
            for variant in timelineVariants {
                var row = [device.label, variant.label, "`\(variant.before)` → `\(variant.after)`"]
                for (_, name) in timelineScreens {
                    let label = framePacedLabel(name)
                    row.append(change(completion(label, device, variant.before), completion(label, device, variant.after)))
                }
                let noteLabel = framePacedLabel("note-1012")
                let note = all.result(noteLabel, device, variant.after)?.metrics
                row.append("\(ms(all.result(noteLabel, device, variant.before)?.metrics?.mainThreadBusyMs)) → \(ms(note?.mainThreadBusyMs))")
                row.append(note.map { "\($0.staleRows)" } ?? "-")
                variants.append(row)
            }
        }
        var shapes: [[String]] = []
        for level in shapeLevels {
            let label = shapeLabel(level.shapes)
            let old = all.result(label, "iphone-15", "monolithic-cells")?.metrics
            let new = all.result(label, "iphone-15", "viewmodel-cells")?.metrics
            let scanned = scanShapeLabel(level.shapes)
            shapes.append(["\(level.shapes)", old.map { "\($0.cellsCreated)" } ?? "-", old.map { ms($0.mainThreadBusyMs) } ?? "-",
                           new.map { "\($0.cellsCreated)" } ?? "-", new.map { ms($0.mainThreadBusyMs) } ?? "-",
                           change(old?.completionMs, new?.completionMs),
                           change(all.result(scanned, "iphone-15", "monolithic-cells")?.metrics?.completionMs,
                                  all.result(scanned, "iphone-15", "viewmodel-cells")?.metrics?.completionMs)])
        }
        return [
            .heading(try words(prose, "validation.timeline.heading")),
            .paragraph(try words(prose, "validation.timeline.method")),
            .table(headers: ["screen", "published total", "published per post", "published change", "model per post, scan, iphone-15", "change", "error",
                             "model per post, scan, iphone-6", "change", "error", "model change, frame-paced, iphone-6"], rows: rows),
            .paragraph(try words(prose, "validation.timeline.mechanism", try scanFigures(all))),
            .paragraph(try timelineIsolation(all, prose)),
            .heading(try words(prose, "validation.variants.heading")),
            .paragraph(try words(prose, "validation.variants.method")),
            .table(headers: ["device", "variant", "designs", "Home", "Timeline", "Note", "main ms (Note)", "stale rows (Note)"], rows: variants),
            .paragraph(try variantFinding(all, prose)),
            .heading(try words(prose, "validation.shapes.heading")),
            .paragraph(try words(prose, "validation.shapes.method")),
            .table(headers: ["shapes", "monolithic-cells cells created", "monolithic-cells main (ms)", "viewmodel-cells cells created", "viewmodel-cells main (ms)", "change in total", "change in total, scanned"], rows: shapes),
            .paragraph(try shapeFinding(all, prose)),
        ]
    }

    /// What the variants table shows, from its figures.
    private static func variantFinding(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        func changes(_ device: ReportDevice, _ before: String, _ after: String) -> String {
            timelineScreens.map { _, name in
                let label = framePacedLabel(name)
                return change(all.result(label, device, before)?.metrics?.completionMs, all.result(label, device, after)?.metrics?.completionMs)
            }.joined(separator: " / ")
        }
        func main(_ device: ReportDevice, _ spec: String) -> String { ms(all.result(framePacedLabel("note-1012"), device, spec)?.metrics?.mainThreadBusyMs) }
        let manual = ("monolithic-cells:layout=manual", "viewmodel-cells:layout=manual")
        return try words(prose, "validation.variants.finding", [
            "autoLayoutChanges": changes("iphone-15", "monolithic-cells", "viewmodel-cells"),
            "manualOldMain": main("iphone-15", manual.0), "manualNewMain": main("iphone-15", manual.1),
            "manualChanges15": changes("iphone-15", manual.0, manual.1), "manualChanges6": changes("iphone-6", manual.0, manual.1),
            "measuredMain": main("iphone-15", "viewmodel-cells"), "backgroundMain": main("iphone-15", "viewmodel-cells:heights=background"),
            "backgroundChanges": changes("iphone-15", "viewmodel-cells", "viewmodel-cells:heights=background"),
        ])
    }

    /// What the shape sweep shows, from its figures.
    private static func shapeFinding(_ all: Results, _ prose: Prose) throws(Failure) -> String {
        let created = shapeLevels.map { level in
            all.result(shapeLabel(level.shapes), "iphone-15", "monolithic-cells")?.metrics.map { "\($0.cellsCreated)" } ?? "-"
        }.joined(separator: " → ")
        let shapes = shapeLevels.map { "\($0.shapes)" }.joined(separator: " → ")
        let smallCreated = shapeLevels.map { level in
            all.result(shapeLabel(level.shapes), "iphone-15", "viewmodel-cells")?.metrics.map { "\($0.cellsCreated)" } ?? "-"
        }.joined(separator: " → ")
        return try words(prose, "validation.shapes.finding", ["created": created, "shapes": shapes, "smallCreated": smallCreated])
    }

    /// Seconds per post, old → new, from two totals in milliseconds.
    static func perPost(_ before: Double?, _ after: Double?, posts: Double) -> String {
        guard let before, let after else { return "-" }
        return String(format: "%.3f → %.3f s", before / 1_000 / posts, after / 1_000 / posts)
    }

    /// The scan's figures the mechanism quotes: each design's main-thread
    /// time on Note, and the share of the Note total that the swipes
    /// themselves take (the swipes the old design made, at the cited speed).
    private static func scanFigures(_ all: Results) throws(Failure) -> [String: String] {
        func metrics(_ device: ReportDevice, _ spec: String) -> RunMetrics? { all.result("note-1012", device, spec)?.metrics }
        let old15 = metrics("iphone-15", "monolithic-cells"), new15 = metrics("iphone-15", "viewmodel-cells")
        let old6 = metrics("iphone-6", "monolithic-cells"), new6 = metrics("iphone-6", "viewmodel-cells")
        return [
            "noteMain15": "\(ms(old15?.mainThreadBusyMs)) → \(ms(new15?.mainThreadBusyMs))",
            "noteMain6": "\(ms(old6?.mainThreadBusyMs)) → \(ms(new6?.mainThreadBusyMs))",
            "noteTotal6": old6?.completionMs.map { String(format: "%.1f s", $0 / 1_000) } ?? "-",
        ]
    }

    /// The model's change minus the published change, in percentage points.
    private static func error(model: Double?, published: Double) -> String {
        guard let model else { return "-" }
        return String(format: "%+.1f pp", model - published)
    }

    // MARK: - The restaurant-detail write-up

    private static func restaurantValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        var rows: [[String]] = []
        for device in restaurantDevices {
            let binder = all.result("restaurant-detail-load", device, "cellbinder")?.metrics
            let rowIDs = all.result("restaurant-detail-load", device, "row-ids")
            let label = all.profiles[device].map { "\($0.name), iOS \($0.iOSVersion)" } ?? device.label
            guard let after = rowIDs?.metrics else {
                rows.append([label, "went down", ms(binder?.completionMs), rowIDs?.statusText ?? "-", "-", "-"])
                continue
            }
            let frame = Double(try all.profile(device).frameInterval) / 1_000_000
            let agrees = finishesSooner(after, than: binder, frameIntervalMs: frame)
            rows.append([label, "went down", ms(binder?.completionMs), ms(after.completionMs), change(binder?.completionMs, after.completionMs),
                         agrees ? "agrees" : "disagrees"])
        }
        let visit = all.result("restaurant-detail", "iphone-15", "row-ids")?.metrics
        return [
            .heading(try words(prose, "validation.restaurant.heading")),
            .paragraph(try words(prose, "validation.restaurant.method")),
            .table(headers: ["device", "published", "cellbinder (ms)", "row-ids (ms)", "change", "direction"], rows: rows),
            .paragraph(try words(prose, "validation.restaurant.mechanism", ["visit": try ending(visit, inconsistency: true, stale: false, prose)])),
        ]
    }

    // MARK: - The reloadData and crash-rate write-ups

    private static func realtimeValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        func m(_ spec: String) -> RunMetrics? { all.result("realtime-feed", "iphone-15", spec)?.metrics }
        let reload = m("reload"), manual = m("batch-updates"), ids = m("diffable-ids")
        let rows: [[String]] = libraryValidationRows(reload: reload, shipped: m(shippedLibrary), minimal: m(minimalLibrary)) + [
            ["reloadData", "hand-written insert/delete often trips UIKit's assertions", "batch-updates", outcome(manual),
             manual?.status == .crashed ? "agrees" : "disagrees"],
            ["crash rate", "crashes (`NSInternalInconsistencyException`) a few a day → 0", "inconsistencies, batch-updates → diffable-ids", "\(manual?.inconsistencies ?? 0) → \(ids?.inconsistencies ?? 0)",
             (ids?.inconsistencies ?? 1) == 0 && (manual?.inconsistencies ?? 0) > 0 ? "agrees" : "disagrees"],
            ["crash rate", "(in the code) identity-only equality leaves changed items unchanged to the snapshot", "stale rows, diffable-ids → :equality=content", "\(ids?.staleRows ?? 0) → \(m("diffable-ids:equality=content")?.staleRows ?? 0)",
             (ids?.staleRows ?? 0) > 0 ? "shown" : "not shown"],
        ]
        return [
            .heading(try words(prose, "validation.realtime.heading")),
            .paragraph(try words(prose, "validation.realtime.method")),
            .table(headers: ["write-up", "published", "model figure", "model", "direction"], rows: rows),
            .paragraph(try words(prose, "validation.realtime.mechanism")),
            .paragraph(try words(prose, "validation.realtime.library")),
        ]
    }

    // MARK: - The Texture-memory write-up

    private static func textureValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        var rows: [[String]] = []
        for device: ReportDevice in ["iphone-6", "iphone-15"] {
            let plain = all.result("infinite-paging", device, "texture")?.metrics
            let fixed = all.result("infinite-paging", device, "texture-placeholders")?.metrics
            rows.append([device.label, "killed after a few minutes of use",
                         plain.map { m in m.killedAtMs.map { String(format: "killed at %.0f s (%.1f min)", $0 / 1_000, $0 / 60_000) } ?? "not killed (\(m.status.rawValue))" } ?? "-",
                         plain?.killed == true ? "agrees" : "disagrees"])
            rows.append([device.label, "placeholders: memory \"dramatically improved\" (a chart, no figure)",
                         "peak \(plain.map { mebibytes($0.peakMemoryBytes) } ?? "-") → \(fixed.map { mebibytes($0.peakMemoryBytes) } ?? "-") MiB, \(fixed?.status.rawValue ?? "-")",
                         (fixed?.peakMemoryBytes ?? Int.max) < (plain?.peakMemoryBytes ?? 0) ? "agrees" : "disagrees"])
            let series = fixed?.memorySeries.map(\.bytes) ?? []
            if series.count >= 4, let last = series.last {
                let quarter = series[series.count / 4]
                let growth = Double(last) / Double(max(1, quarter))
                rows.append([device.label, "placeholders: memory stays flat while scrolling",
                             String(format: "%@ MiB a quarter into the run, %@ MiB at its end (×%.2f)", mebibytes(quarter), mebibytes(last), growth),
                             growth <= 1.1 ? "agrees" : "partly: it still grows, with the placeholder node each visited row keeps"])
            }
            rows.append([device.label, "a `cellForRow` over about 20 ms visibly stutters",
                         "worst frame \(ms(plain?.worstFrameMs)) / \(ms(fixed?.worstFrameMs)) ms (texture / placeholders)",
                         "context"])
        }
        let jump = all.result("scroll-to-top", "iphone-15", "texture-placeholders")?.metrics?.scrollJumpPoints
        rows.append(["iphone-15", "same-height placeholders keep the scroll position (a zero height would make it jump)",
                     jump.map { String(format: "scroll jump %.0f pt on scroll-to-top", $0) } ?? "-", jump == 0 ? "agrees" : "disagrees"])
        for device in scrollToTopDevices {
            guard let m = all.result("scroll-to-top", device, "texture-placeholders")?.metrics else { continue }
            rows.append([device.label, "the fix works: placeholders and the scroll-to-top reset keep the app running",
                         m.status == .crashed ? "crashed on scroll-to-top: \(m.firstInconsistency ?? "")" : "\(m.status.rawValue) on scroll-to-top",
                         m.status == .completed ? "agrees" : "disagrees"])
        }
        return [
            .heading(try words(prose, "validation.texture.heading")),
            .paragraph(try words(prose, "validation.texture.method")),
            .table(headers: ["device", "published", "model", "direction"], rows: rows),
            .paragraph(try words(prose, "validation.texture.mechanism", ["plain": try killFinding(all, "texture", prose),
                                                                         "photos": try killFinding(all, "texture:cells=photos", prose)])),
        ]
    }
}
