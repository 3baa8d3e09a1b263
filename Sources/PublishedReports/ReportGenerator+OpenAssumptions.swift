import ListSimulator
import Profiler
import Rendering
import Scenarios

/// `Reports/validation.md`, "What the write-ups leave open": each choice a
/// write-up does not state (the layout engine, where images are decoded,
/// the pace of the measurement), its default and its alternatives, and how
/// each published comparison moves under each and under their combinations.
extension ReportGenerator {
    /// The timeline write-up's open choices, each row a combination applied to both designs.
    struct TimelineAssumption: Sendable {
        var pace: String
        var layout: String
        var images: String
        /// The scenario label the row's runs are under.
        var label: @Sendable (String) -> String
        var before: String
        var after: String
    }

    static let readingPaceSteps: [Step] = [.wait(ms: 300), .read(ReadingPace(), until: .everyPostShown)]
    static func readingPaceLabel(_ name: String) -> String { "\(name) [reading pace]" }

    /// Both designs with the same options appended (`layout`, `images`), as canonical specs.
    private static func both(_ options: String) -> (before: String, after: String) {
        options.isEmpty ? ("monolithic-cells", "viewmodel-cells") : ("monolithic-cells:\(options)", "viewmodel-cells:\(options)")
    }

    static let timelineAssumptions: [TimelineAssumption] = {
        let combos: [(layout: String, images: String, options: String)] = [
            ("Auto Layout *", "main *", ""), ("manual", "main *", "layout=manual"),
            ("Auto Layout *", "background", "images=background"), ("manual", "background", "layout=manual,images=background"),
        ]
        var rows: [TimelineAssumption] = []
        for combo in combos {
            let specs = both(combo.options)
            rows.append(TimelineAssumption(pace: "scan *", layout: combo.layout, images: combo.images, label: { $0 },
                                           before: specs.before, after: specs.after))
        }
        rows.append(TimelineAssumption(pace: "reading (1.7 s a post)", layout: "Auto Layout *", images: "main *", label: readingPaceLabel,
                                       before: "monolithic-cells", after: "viewmodel-cells"))
        for combo in combos {
            let specs = both(combo.options)
            rows.append(TimelineAssumption(pace: "frame-paced", layout: combo.layout, images: combo.images, label: framePacedLabel,
                                           before: specs.before, after: specs.after))
        }
        return rows
    }()

    /// The runs the section needs beyond the rest of the reports'.
    static func openAssumptionPlan(_ scenario: (String) throws(Failure) -> Scenario) throws(Failure)
        -> [(label: String, scenario: Scenario, device: ReportDevice, strategies: [String])] {
        var plan: [(label: String, scenario: Scenario, device: ReportDevice, strategies: [String])] = []
        for (_, name) in timelineScreens {
            let shipped = try scenario(name)
            var reading = shipped
            reading.steps = readingPaceSteps
            var framePaced = shipped
            framePaced.steps = framePacedSteps
            for device: ReportDevice in ["iphone-15", "iphone-6"] {
                for row in timelineAssumptions {
                    let run = row.label(name) == name ? shipped : row.label(name) == readingPaceLabel(name) ? reading : framePaced
                    plan.append((row.label(name), run, device, [row.before, row.after]))
                }
            }
        }
        for device in restaurantDevices {
            plan.append(("restaurant-detail-load", try scenario("restaurant-detail-load"), device,
                         ["cellbinder:images=background", "row-ids:images=background"]))
        }
        plan.append(("realtime-feed", try scenario("realtime-feed"), "iphone-15", realtimeImageSpecs))
        for device in sampleOtherDevices {
            plan.append((sampleScenario, try scenario(sampleScenario), device, ["texture", "texture-placeholders"]))
        }
        return plan
    }

    /// The sample on phones other than the charts' class, for the open choice of the phone.
    static let sampleOtherDevices: [ReportDevice] = ["iphone-6", "iphone-7", "iphone-15"]

    /// Whether the figures show what `validation.open.realtime.finding` says:
    /// under both image choices `reload` is slower on main and rebuilds
    /// unchanged cells, while it hitches more only with images decoded on
    /// main. Otherwise the neutral passage is used, so the words never
    /// outrun the table.
    static func imagesDecideSmoothness(_ pairs: [(reload: RunMetrics?, diff: RunMetrics?)]) -> Bool {
        guard pairs.count == 2, let mainReload = pairs[0].reload, let mainDiff = pairs[0].diff,
              let offReload = pairs[1].reload, let offDiff = pairs[1].diff else { return false }
        let slowerEitherWay = mainReload.mainThreadBusyMs > mainDiff.mainThreadBusyMs && offReload.mainThreadBusyMs > offDiff.mainThreadBusyMs
        let flickerEitherWay = mainReload.unchangedCellsReloaded > mainDiff.unchangedCellsReloaded
            && offReload.unchangedCellsReloaded > offDiff.unchangedCellsReloaded
        return slowerEitherWay && flickerEitherWay && mainReload.hitches > mainDiff.hitches && offReload.hitches <= offDiff.hitches
    }

    static let realtimeImageSpecs = ["reload:images=background", "\(minimalLibrary),images=background",
                                     "batch-updates:images=background", "diffable-ids:images=background"]

    static func openAssumptions(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        func completion(_ label: String, _ device: ReportDevice, _ spec: String) -> Double? { all.result(label, device, spec)?.metrics?.completionMs }
        var rows: [[String]] = []
        var agreeing: [String] = [], growing: [String] = []
        for row in timelineAssumptions {
            var cells = [row.pace, row.layout, row.images]
            for device: ReportDevice in ["iphone-15", "iphone-6"] {
                let changes = timelineScreens.map { _, name -> Double? in
                    let label = row.label(name)
                    guard let before = completion(label, device, row.before), let after = completion(label, device, row.after), before > 0 else { return nil }
                    return (after - before) / before * 100
                }
                cells += timelineScreens.map { _, name in change(completion(row.label(name), device, row.before), completion(row.label(name), device, row.after)) }
                let known = changes.compactMap { $0 }
                guard known.count == changes.count else { continue }
                let name = "\(row.pace), \(row.layout.replacingOccurrences(of: " *", with: "")), images \(row.images.replacingOccurrences(of: " *", with: "")) (\(device))"
                // Faster on every screen by more than a rounding; growing as published: Home > Timeline > Note in gain.
                if known.allSatisfy({ $0 <= -0.05 }) { agreeing.append(name) }
                if known.allSatisfy({ $0 <= -0.05 }), known[0] > known[1], known[1] > known[2] { growing.append(name) }
            }
            rows.append(cells)
        }
        var detail: [[String]] = []
        for device in restaurantDevices {
            let label = all.profiles[device].map { "\($0.name), iOS \($0.iOSVersion)" } ?? device.label
            for (images, suffix) in [("main *", ""), ("background", ":images=background")] {
                let binder = all.result("restaurant-detail-load", device, "cellbinder\(suffix)")
                let rowIDs = all.result("restaurant-detail-load", device, "row-ids\(suffix)")
                let after = rowIDs?.metrics
                detail.append([label, images, ms(binder?.metrics?.completionMs), after.map { ms($0.completionMs) } ?? rowIDs?.statusText ?? "-",
                               change(binder?.metrics?.completionMs, after?.completionMs),
                               after == nil ? "-" : (after?.completionMs ?? .infinity) < (binder?.metrics?.completionMs ?? 0) ? "agrees" : "disagrees"])
            }
        }
        var realtime: [[String]] = []
        var reloadHitches: [String] = []
        // Per image choice: reload and the completing diff, for the finding's wording.
        var pairs: [(reload: RunMetrics?, diff: RunMetrics?)] = []
        for (images, suffix) in [("main *", ""), ("background", ":images=background")] {
            func m(_ spec: String) -> RunMetrics? {
                let options = suffix.isEmpty ? spec : spec.contains(":") ? spec + "," + suffix.dropFirst() : spec + suffix
                return all.result("realtime-feed", "iphone-15", options)?.metrics
            }
            let reload = m("reload"), diff = m(minimalLibrary), manual = m("batch-updates"), ids = m("diffable-ids")
            reloadHitches.append("\(reload?.hitches ?? 0) → \(diff?.hitches ?? 0)")
            pairs.append((reload, diff))
            realtime.append([images, "\(ms(reload?.mainThreadBusyMs)) → \(ms(diff?.mainThreadBusyMs))", "\(reload?.hitches ?? 0) → \(diff?.hitches ?? 0)",
                             "\(reload?.unchangedCellsReloaded ?? 0) → \(diff?.unchangedCellsReloaded ?? 0)",
                             "\(manual?.inconsistencies ?? 0) → \(ids?.inconsistencies ?? 0)"])
        }
        var phones: [[String]] = []
        for device in [sampleDevice] + sampleOtherDevices {
            let plain = all.result(sampleScenario, device, "texture")?.metrics
            let fixed = all.result(sampleScenario, device, "texture-placeholders")?.metrics
            let limit = all.profiles[device].map { String(format: "%.0f", $0.memoryLimit.value / 1_048_576) } ?? "-"
            let at164: String
            if let killedAt = plain?.killedAtMs, killedAt < 164_000 {
                at164 = "- (killed before)"
            } else {
                at164 = plain.flatMap { memory($0, atSeconds: 164) }.map { String(format: "%.1f", $0) } ?? "-"
            }
            let killed = plain.map { m in m.killedAtMs.map { String(format: "%.0f s", $0 / 1_000) } ?? "not killed" } ?? "-"
            phones.append([device.label + (device == sampleDevice ? " *" : ""), limit, at164, killed, fixed.map { mebibytes($0.peakMemoryBytes) } ?? "-",
                           fixed?.status.rawValue ?? "-"])
        }
        return [
            .heading(try words(prose, "validation.open.heading")),
            .paragraph(try words(prose, "validation.open.intro")),
            .heading(try words(prose, "validation.open.timeline.heading")),
            .paragraph(try words(prose, "validation.open.timeline.method")),
            .table(headers: ["pace", "layout (both)", "images (both)", "iphone-15 Home", "Timeline", "Note", "iphone-6 Home", "Timeline", "Note"], rows: rows),
            .paragraph(try words(prose, "validation.open.timeline.finding", [
                "agreeing": agreeing.isEmpty ? "none of these" : agreeing.joined(separator: "; "),
                "growing": growing.isEmpty ? "none of these" : growing.joined(separator: "; "),
            ])),
            .heading(try words(prose, "validation.open.restaurant.heading")),
            .paragraph(try words(prose, "validation.open.restaurant.method")),
            .table(headers: ["device", "images (both)", "cellbinder (ms)", "row-ids (ms)", "change", "direction"], rows: detail),
            .heading(try words(prose, "validation.open.realtime.heading")),
            .paragraph(try words(prose, "validation.open.realtime.method")),
            .table(headers: ["images (all)", "main ms, reload → \(minimalLibrary)", "hitches", "unchanged cells rebuilt", "inconsistencies, batch-updates → diffable-ids"],
                   rows: realtime),
            .paragraph(try words(prose, Self.imagesDecideSmoothness(pairs) ? "validation.open.realtime.finding" : "validation.open.realtime.findingOther", [
                "hitchesMain": reloadHitches.first ?? "-", "hitchesBackground": reloadHitches.last ?? "-",
            ])),
            .paragraph(try words(prose, "validation.open.texture")),
            .table(headers: ["phone", "limit (MiB)", "plain: MiB at 164 s", "plain: killed", "placeholders: peak MiB", "placeholders"], rows: phones),
        ]
    }
}
