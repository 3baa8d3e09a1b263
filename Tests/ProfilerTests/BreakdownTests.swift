import Foundation
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies
import Testing

@Suite("Cost breakdown")
struct BreakdownTests {
    /// A category's ordinal (read on every charge) is its place among all the categories.
    @Test func ordinalsFollowTheDeclarationOrder() {
        #expect(CostCategory.allCases.enumerated().allSatisfy { $0.offset == $0.element.ordinal })
        // The times per category are held inline, one per category.
        #expect(CategoryTimes.count == CostCategory.allCases.count)
    }

    /// A category's JSON key is its own property, apart from the name tables
    /// show: the keys are the ones reports have always written, and a key
    /// this version does not know is refused.
    @Test func categoriesHaveStableKeysApartFromTheirDisplayNames() throws {
        #expect(CostCategory.allCases.map(\.key) == [
            "cell creation", "cell reuse", "configuration", "text measurement", "height computation", "layout", "text rendering",
            "image decoding", "diffing", "snapshot apply", "batch updates", "reload", "delegate calls", "node allocation and layout",
            "node view loading", "data decoding", "app code",
        ])
        #expect(CostCategory.allCases.allSatisfy { CostCategory(rawValue: $0.key) == $0 && !$0.displayName.isEmpty })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(CostBreakdown.CategoryShare(category: .nodeAllocation, ms: 1.5))
        #expect(String(decoding: data, as: UTF8.self) == #"{"category":"node allocation and layout","ms":1.5}"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CostBreakdown.CategoryShare.self, from: Data(#"{"category":"cell creations","ms":1}"#.utf8))
        }
    }

    /// Every modeled millisecond on each thread belongs to exactly one
    /// category: per run, main's categories add up to its busy time and the
    /// workers' to theirs (to the nanosecond), for every strategy; and the
    /// JSON report carries them.
    @Test(arguments: ["restaurant-detail-load.json", "realtime-feed.json"])
    func categoriesAddUpToTheBusyTime(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        var results: [StrategyResult] = []
        for name in StrategyCatalog.builtIn.names {
            let metrics = try modeledRun(name, scenario)
            let breakdown = try #require(metrics.breakdown, "\(name)")
            let main = breakdown.main.reduce(0) { $0 + $1.ms }
            let workers = breakdown.background.reduce(0) { $0 + $1.ms }
            #expect(abs(main - metrics.mainThreadBusyMs) < 1e-6, "\(name): main \(main) vs \(metrics.mainThreadBusyMs)")
            #expect(abs(workers - metrics.backgroundBusyMs) < 1e-6, "\(name): workers \(workers) vs \(metrics.backgroundBusyMs)")
            // Named categories only: every built-in charge says what it is.
            #expect(!(breakdown.main + breakdown.background).contains { $0.category == .app }, "\(name)")
            // What breakdown tables print: each busy thread's shares, largest first, add up to 100%.
            for thread in try #require(metrics.threadBusyTimes) where thread.busyMs > 0 {
                let ranked = thread.largestFirst
                #expect(zip(ranked, ranked.dropFirst()).allSatisfy { $0.ms >= $1.ms }, "\(name)")
                #expect(abs(ranked.compactMap(\.percentOfBusy).reduce(0, +) - 100) < 1e-6, "\(name) \(thread.thread)")
            }
            results.append(StrategyResult(strategy: name, metrics: metrics, measured: nil))
        }
        let report = BenchmarkReport(measurement: nil, scenarios: [ScenarioReport(scenario: scenario.name, device: try DeviceProfile.standard(), results: results)])
        let decoded = try BenchmarkReport.decode(Data(try report.renderJSON().utf8))
        #expect(decoded.scenarios.first?.results.map { $0.metrics?.breakdown } == results.map { $0.metrics?.breakdown })
        #expect(report.renderBreakdown(markdown: false).contains("total (busy)"))
    }
}

@Suite("Compare explains")
struct CompareExplainsTests {
    /// The headline is modeled only, with each side's correctness findings;
    /// under it, the categories that changed most, largest first, whose
    /// changes add up to the change in each thread's busy time.
    @Test func theHeadlineIsModeledAndTheChangesAddUp() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path)
        let binder = StrategyResult(strategy: "cellbinder", metrics: try modeledRun("cellbinder", scenario), measured: nil)
        let rowIDs = StrategyResult(strategy: "row-ids", metrics: try modeledRun("row-ids", scenario), measured: nil)
        let comparison = ScenarioComparison(scenario: "restaurant-detail", device: "iphone-15", frameBudgetMs: 1_000 / 60, a: binder, b: rowIDs)
        let summary = ScenarioComparison.renderSummary([comparison])
        #expect(summary.contains("row-ids against cellbinder") && summary.contains("ttff ms") && summary.contains("hitch ms")
                && summary.contains("findings row-ids: crashed") && !summary.contains("measured"))
        #expect(comparison.findingsA == "2184 jump pt, 33 unchanged reloads, 68 mis-sized")
        #expect(comparison.findingsB.hasPrefix("crashed"))
        let changes = comparison.categoryChanges
        #expect(!changes.isEmpty)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { abs($0.change) >= abs($1.change) })
        for (thread, busyA, busyB) in [("main", binder.metrics?.mainThreadBusyMs, rowIDs.metrics?.mainThreadBusyMs),
                                       ("workers", binder.metrics?.backgroundBusyMs, rowIDs.metrics?.backgroundBusyMs)] {
            let total = changes.filter { $0.thread == thread }.reduce(0) { $0 + $1.change }
            // Categories that differ by under 0.05 ms are left out.
            #expect(abs(total - ((busyB ?? 0) - (busyA ?? 0))) < 0.05 * Double(CostCategory.allCases.count), "\(thread)")
        }
        #expect(comparison.renderCategoryChanges().contains(changes[0].category.displayName))
    }
}

@Suite("Trace export")
struct TraceExportTests {
    /// The trace parses as the Chrome Trace Event Format, has a track for
    /// main and for each worker, frames and a memory counter, and its slices
    /// on each thread add up to that thread's busy time in the breakdown.
    @Test func theTraceParsesAndItsSlicesAddUpToTheBreakdown() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let device = try DeviceProfile.standard()
        let (trace, metrics) = ScenarioRunner.traced(generated: try scenario.generate(), device: device,
                                                     strategy: try StrategyCatalog.builtIn.named("texture"))
        let text = ChromeTrace.render([ChromeTrace.Run(label: "realtime-feed × texture", trace: trace, workers: device.backgroundWorkers)])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try #require(root["traceEvents"] as? [[String: Any]])
        let names = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains("main") && names.contains("frames") && names.contains("worker 1"))
        #expect(names.filter { $0.hasPrefix("worker") }.count == device.backgroundWorkers)
        var busy: [Int: Double] = [:]
        for event in events where event["ph"] as? String == "X" && event["cat"] as? String == "work" {
            let tid = try #require(event["tid"] as? Int)
            busy[tid, default: 0] += try #require((event["args"] as? [String: Any])?["busy_ms"] as? Double)
        }
        #expect(abs((busy[1] ?? 0) - metrics.mainThreadBusyMs) < 1e-6)
        let workers = busy.filter { $0.key != 1 }.values.reduce(0, +)
        #expect(workers > 0 && abs(workers - metrics.backgroundBusyMs) < 1e-6)
        #expect(events.filter { $0["cat"] as? String == "frame" }.count == metrics.frames)
        #expect(events.contains { $0["ph"] as? String == "C" && $0["name"] as? String == "memory MiB" })
        #expect(events.contains { $0["ph"] as? String == "i" && ($0["name"] as? String)?.hasPrefix("world:") == true })
    }

    /// A run streamed through ``ChromeTrace/Writer`` (as `--export-trace`
    /// writes it) has the same events as the same run recorded in memory,
    /// in the order they happened instead of grouped by kind; the writer
    /// hands its text over in chunks, never as one.
    @Test func aStreamedTraceHasTheSameEventsAsOneRecordedInMemory() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let device = try DeviceProfile.standard()
        let strategy = try StrategyCatalog.builtIn.named("reload")
        let generated = try scenario.generate()
        let (trace, metrics) = ScenarioRunner.traced(generated: generated, device: device, strategy: strategy)
        let whole = ChromeTrace.render([ChromeTrace.Run(label: "run", trace: trace, workers: device.backgroundWorkers)])

        var chunks: [String] = []
        let writer = ChromeTrace.Writer { chunks.append($0) }
        let process = writer.beginRun(label: "run", workers: device.backgroundWorkers)
        let runner = ScenarioRunner(generated: generated, device: device, strategy: strategy)
        let recorder = process.recorder()
        runner.record(into: recorder)
        let streamedMetrics = runner.run()
        try writer.finish()
        #expect(streamedMetrics == metrics)
        // The streaming recorder keeps nothing.
        #expect(recorder.slices.isEmpty && recorder.frames.isEmpty && recorder.instants.isEmpty && recorder.samples.isEmpty)
        #expect(chunks.count > 1)
        #expect(chunks.dropLast().allSatisfy { $0.utf8.count >= ChromeTrace.Writer.chunkBytes })
        let streamed = chunks.joined()
        #expect(streamed.utf8.count == whole.utf8.count)
        let lines = { (text: String) in text.split(separator: "\n").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }.sorted() }
        #expect(lines(streamed) == lines(whole))
        _ = try JSONSerialization.jsonObject(with: Data(streamed.utf8))
    }

    /// An output that fails (a full disk) is not called again; the writer throws its error at the next check.
    @Test func aFailingOutputStopsTheWriterAndItsErrorIsThrown() throws {
        struct Full: Error {}
        var calls = 0
        let writer = ChromeTrace.Writer { _ in
            calls += 1
            throw Full()
        }
        let process = writer.beginRun(label: "run", workers: 1)
        let recorder = process.recorder()
        for index in 0..<10_000 { recorder.instant("event \(index)", kind: "step", at: SimTime(index)) }
        #expect(calls == 1)
        #expect(throws: Full.self) { try writer.check() }
        #expect(throws: Full.self) { try writer.finish() }
        #expect(calls == 1)
    }
}

@Suite("Hitch causes")
struct HitchCauseTests {
    /// Every hitch is blamed on the category of main-thread work that filled
    /// its frame most: the causes add up to the hitch time, and the worst
    /// frame names its cause.
    @Test func causesAddUpToTheHitchTime() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let metrics = try modeledRun("reload", scenario)
        #expect(metrics.hitches > 0)
        let causes = try #require(metrics.hitchCauses)
        #expect(abs(causes.reduce(0) { $0 + $1.ms } - metrics.hitchTimeMs) < 1e-6)
        #expect(zip(causes, causes.dropFirst()).allSatisfy { $0.ms >= $1.ms })
        #expect(metrics.worstFrameCause != nil)
        #expect(!causes.contains { $0.category == .app })
        // And by what set the work off: world changes and the user's steps, adding up the same.
        let triggers = try #require(metrics.hitchTriggers)
        #expect(abs(triggers.reduce(0) { $0 + $1.ms } - metrics.hitchTimeMs) < 1e-6)
        #expect(triggers.contains { if case .worldChange = $0.trigger { true } else { false } })
        #expect(triggers.contains { if case .step = $0.trigger { true } else { false } })
        #expect(metrics.worstFrameTrigger != nil)
        // Grouped as reports print them: the world's changes together, each step apart.
        let groups = metrics.hitchTimeByTriggerGroup
        #expect(groups.contains { $0.group == "world changes" })
        #expect(abs(groups.reduce(0) { $0 + $1.ms } - metrics.hitchTimeMs) < 1e-6)
    }

    @Test("a trigger's text reads back as the same trigger, and no other text does")
    func triggerTextRoundTrips() throws {
        let triggers: [Trigger] = [.beforeFirstStep, .firstData, .worldChange(atMs: 1_500), .worldChange(atMs: 0), .page(1), .page(12),
                                   .step(1, name: "scroll"), .step(3, name: "wait 500 ms"), .step(2, name: "odd: name"), .noMainWork]
        for trigger in triggers {
            #expect(Trigger(text: trigger.description) == trigger)
            let data = try JSONEncoder().encode([trigger])
            #expect(try JSONDecoder().decode([Trigger].self, from: data) == [trigger])
        }
        for text in ["", "page", "page x", "step 2", "step x: scroll", "world change at 5", "first data ", "page 1 arrives", "step 2:scroll"] {
            #expect(Trigger(text: text) == nil, "\(text)")
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Trigger].self, from: Data("[\"a page\"]".utf8)) }
    }
}
