import Foundation
import ListData
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies
import Testing

/// One strategy on a scenario, modeled only, as `Session` reports it: with
/// the generated scenario's digest, the device profile's and the model version.
private func report(_ scenario: Scenario, strategy: String = "batch-updates", device: DeviceProfile? = nil) throws -> BenchmarkReport {
    let profile = try device ?? DeviceProfile.standard()
    let generated = try scenario.generate(device: profile.name)
    let request = RunRequest(scenario: scenario.name, file: "\(scenario.name).json", generated: generated, device: profile,
                             strategy: try StrategyCatalog.builtIn.named(strategy))
    let results = try Benchmark.run([request], options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 1), probe: nil)
    return BenchmarkReport(measurement: nil, scenarios: [ScenarioReport(scenario: scenario.name, device: profile, results: results,
                                                                        scenarioDigest: generated.inputDigest)],
                           modelVersion: ListBenchVersion.model)
}

private func shipped(_ file: String) throws -> Scenario {
    try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
}

/// A report as JSON, edited as a person would edit the file, then read back as a baseline.
private func baseline(_ report: BenchmarkReport, _ edit: (inout [String: Any]) throws -> Void = { _ in }) throws -> Data {
    var object = try #require(try JSONSerialization.jsonObject(with: Data(try report.renderJSON().utf8)) as? [String: Any])
    try edit(&object)
    return try JSONSerialization.data(withJSONObject: object)
}

/// The first result's dictionary of `key` ("metrics", "measured") in a report's JSON, edited.
private func editResult(_ object: inout [String: Any], scenario: Int = 0, result: Int = 0, _ key: String,
                        _ edit: (inout [String: Any]) -> Void) throws {
    var scenarios = try #require(object["scenarios"] as? [[String: Any]])
    var results = try #require(scenarios[scenario]["results"] as? [[String: Any]])
    var part = try #require(results[result][key] as? [String: Any])
    edit(&part)
    results[result][key] = part
    scenarios[scenario]["results"] = results
    object["scenarios"] = scenarios
}

/// The message a baseline file gets, or nil when it is read.
private func refusal(_ data: Data) -> String? {
    do {
        _ = try BenchmarkReport.baseline(from: data)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Baselines record their inputs")
struct BaselineInputTests {
    /// A baseline from an edited scenario (another seed, 30 posts) is the
    /// user's own change: compared as usual, and the edit is named. (Reports
    /// made here in memory do not record the file's values, so the edit is
    /// named as a whole; `Baselines on the command line` shows the paths.)
    @Test func aBaselineFromAnEditedScenarioIsComparedAndTheEditNamed() throws {
        let feed = try shipped("realtime-feed.json")
        let edited = try feed.setting(.seed, to: "2").setting(.posts, to: "30")
        let old = try report(edited)
        let current = try report(feed)
        #expect(old.scenarios[0].scenarioDigest != current.scenarioDigest(0))
        #expect(old.scenarios[0].deviceDigest == current.scenarios[0].deviceDigest)
        let check = BaselineCheck(current: current, baseline: old, thresholdPercent: 5)
        #expect(check.compared == 1 && check.differentInputs.isEmpty)
        #expect(!check.changes.isEmpty)
        #expect(check.editedInputs == [InputEdit(run: "realtime-feed on iphone-15, iOS 17 × batch-updates",
                                                 changes: ["the scenario (the baseline does not record its values)"])])
        let text = check.render()
        #expect(text.contains("Compared across an edit of the inputs (what changed):\n"
            + "  realtime-feed on iphone-15, iOS 17 × batch-updates: the scenario (the baseline does not record its values)\n"), "\(text)")
        // With the file's values recorded, the paths that differ are named, with both values.
        var oldWithValues = old, currentWithValues = current
        oldWithValues.scenarios[0].scenarioValues = [InputValue(path: "seed", value: "2"), InputValue(path: "data.sections[0].generate", value: "30")]
        currentWithValues.scenarios[0].scenarioValues = [InputValue(path: "seed", value: "2024"), InputValue(path: "data.sections[0].generate", value: "300")]
        let named = BaselineCheck(current: currentWithValues, baseline: oldWithValues, thresholdPercent: 5)
        #expect(named.editedInputs.first?.changes == ["seed: 2 → 2024", "data.sections[0].generate: 30 → 300"])
        // The same scenario again, in another report: the same digest, compared, no edit.
        let again = BaselineCheck(current: try report(feed), baseline: current, thresholdPercent: 0)
        #expect(again.compared == 1 && again.differentInputs.isEmpty && again.editedInputs.isEmpty && again.changes.isEmpty)
    }

    /// An edit of one scenario is named for its runs; every run is compared.
    @Test func aPartialMismatchComparesTheOtherRuns() throws {
        let detail = try report(try shipped("restaurant-detail-load.json"))
        let feed = try report(try shipped("realtime-feed.json"))
        let editedFeed = try report(try shipped("realtime-feed.json").setting(.posts, to: "30"))
        var old = detail
        old.scenarios += editedFeed.scenarios
        var current = detail
        current.scenarios += feed.scenarios
        current.scenarios[0].results[0].metrics?.mainThreadBusyMs *= 2
        let check = BaselineCheck(current: current, baseline: old, thresholdPercent: 5)
        #expect(check.compared == 2 && check.differentInputs.isEmpty)
        #expect(check.editedInputs.map(\.run) == ["realtime-feed on iphone-15, iOS 17 × batch-updates"])
        #expect(check.regressions.filter { $0.scenario == "restaurant-detail-load" }.map(\.metric) == [.metric(.mainThreadBusyMs)])
    }

    /// A custom profile under a shipped name differs by its values: compared, the value named.
    @Test func aCustomProfileNamedLikeAShippedOneIsAnotherDevice() throws {
        let detail = try shipped("restaurant-detail-load.json")
        var custom = try DeviceProfile.standard()
        custom.costs.viewCreateMicroseconds.value *= 2
        #expect(custom.name == "iphone-15")
        let check = BaselineCheck(current: try report(detail), baseline: try report(detail, device: custom), thresholdPercent: 5)
        #expect(check.compared == 1 && check.differentInputs.isEmpty)
        let changes = try #require(check.editedInputs.first?.changes)
        #expect(changes.count == 1 && changes[0].hasPrefix("device profile costs.viewCreateMicroseconds: "), "\(changes)")
    }

    /// Another tool or model version sets every run apart, naming both versions.
    @Test func anotherToolOrModelVersionIsDifferentInputs() throws {
        let current = try report(try shipped("restaurant-detail-load.json"))
        var old = current
        old.toolVersion = "0.2.0"
        old.modelVersion = "0123456789abcdef"
        let check = BaselineCheck(current: current, baseline: old, thresholdPercent: 5)
        #expect(check.compared == 0)
        #expect(check.differentInputs.first?.description == "restaurant-detail-load on iphone-15, iOS 17 × batch-updates "
            + "(tool version (baseline 0.2.0, this run \(ListBenchVersion.tool)), model version (baseline 0123456789abcdef, this run \(ListBenchVersion.model)))")
    }

    /// A baseline saved before listbench recorded its inputs is still read and compared, with a note.
    @Test func anOlderBaselineIsComparedWithANote() throws {
        let current = try report(try shipped("restaurant-detail-load.json"))
        let data = try baseline(current) { object in
            object["toolVersion"] = nil
            object["modelVersion"] = nil
            var scenarios = try #require(object["scenarios"] as? [[String: Any]])
            scenarios[0]["scenarioDigest"] = nil
            scenarios[0]["deviceDigest"] = nil
            object["scenarios"] = scenarios
        }
        let old = try BenchmarkReport.baseline(from: data)
        #expect(old.toolVersion == nil && old.scenarios[0].scenarioDigest == nil)
        let check = BaselineCheck(current: current, baseline: old, thresholdPercent: 0)
        #expect(check.compared == 1 && check.changes.isEmpty && check.differentInputs.isEmpty)
        #expect(check.notes == ["the baseline does not record its runs' scenario, device profile, tool version and model version "
            + "(saved by an older listbench), so they could not be checked; its figures are compared as they are"])
        #expect(check.render().contains("Note: the baseline does not record"))
    }

    /// The digests are the same in every process: a report's scenario digest
    /// is a function of the generated scenario (the model version's own
    /// determinism: `ModelVersionTests`).
    @Test func digestsAreDeterministic() throws {
        let feed = try shipped("realtime-feed.json")
        #expect(try feed.generate().inputDigest == (try shipped("realtime-feed.json")).generate().inputDigest)
        #expect(try feed.generate().inputDigest.count == 16)
        #expect(try feed.setting(.seed, to: "2").generate().inputDigest != feed.generate().inputDigest)
        #expect(FNV1a.digest("") == "cbf29ce484222325" && FNV1a.digest("a") == "af63dc4c8601ec8c")
    }
}

@Suite("Baseline files are checked on load")
struct BaselineFileTests {
    /// What listbench writes it reads back exactly (every figure to the bit).
    @Test func aSavedReportReadsBackEqual() throws {
        let sample = try sampleReport(repetitions: 3)
        #expect(try BenchmarkReport.baseline(from: try baseline(sample)) == sample)
    }

    @Test func aNegativeFigureIsRefusedNamingItsPath() throws {
        let sample = try sampleReport()
        let negative = try baseline(sample) { try editResult(&$0, result: 1, "metrics") { $0["completionMs"] = -12.5 } }
        #expect(refusal(negative) == "at scenarios[0].results[1].metrics.completionMs: -12.5 is negative; times, counts and bytes never are")
        let count = try baseline(sample) { try editResult(&$0, scenario: 1, "metrics") { $0["cellsCreated"] = -1 } }
        #expect(refusal(count) == "at scenarios[1].results[0].metrics.cellsCreated: -1.0 is negative; times, counts and bytes never are")
        let sampleValue = try baseline(sample) { try editResult(&$0, "measured") { $0["cpuSamplesMs"] = [1.0, -1.0] } }
        #expect(refusal(sampleValue) == "at scenarios[0].results[0].measured.cpuSamplesMs[1]: -1.0 is negative; times, counts and bytes never are")
    }

    /// A subnormal figure (1e-320) is finite and positive, but no figure listbench writes: against it any change is "+inf%".
    @Test func aSubnormalFigureIsRefusedAndNeverGivesAnInfiniteChange() throws {
        let tiny = Double.leastNormalMagnitude / 1e12
        #expect(tiny.isSubnormal)
        let sample = try sampleReport()
        let edited = try baseline(sample) { try editResult(&$0, scenario: 1, "metrics") { $0["completionMs"] = tiny } }
        #expect(refusal(edited)?.hasPrefix("at scenarios[1].results[0].metrics.completionMs: \(tiny) is subnormal") == true, "\(refusal(edited) ?? "read")")
        // A report built in code is not read from a file: the comparison itself never prints an infinite change.
        var old = sample
        #expect(old.scenarios[1].results[0].metrics?.completionMs != nil)
        old.scenarios[1].results[0].metrics?.completionMs = tiny
        let check = BaselineCheck(current: sample, baseline: old, thresholdPercent: 5)
        let change = try #require(check.changes.first { $0.metric == .metric(.completionMs) })
        #expect(change.changePercent == nil)
        #expect(!check.render().contains("inf"), "\(check.render())")
    }

    @Test func sampleCountsMustMatchTheSampleLists() throws {
        let sample = try sampleReport()
        let empty = try baseline(sample) { try editResult(&$0, "measured") { $0["wallSamplesMs"] = [Double]() } }
        #expect(refusal(empty) == "at scenarios[0].results[0].measured.wallSamplesMs: 0 samples for 2 repetitions")
        let summary = try baseline(sample) { object in
            try editResult(&object, "measured") { measured in
                var wall = measured["wallMs"] as? [String: Any] ?? [:]
                wall["count"] = 5
                measured["wallMs"] = wall
            }
        }
        #expect(refusal(summary) == "at scenarios[0].results[0].measured.wallMs.count: a summary of 5 samples beside 2 in wallSamplesMs")
        let orphan = try baseline(sample) { try editResult(&$0, "measured") { $0["allocatedBytes"] = nil } }
        #expect(refusal(orphan) == "at scenarios[0].results[0].measured.allocatedSamples: 2 samples but no summary at scenarios[0].results[0].measured.allocatedBytes")
    }

    @Test func aTruncatedOrOtherFormatBaselineGetsOneClearMessage() throws {
        let data = try baseline(try sampleReport())
        #expect(refusal(data.prefix(data.count / 2)) == "not a listbench report (not valid JSON: it ends in the middle of a value; is the file truncated?)")
        #expect(refusal(Data()) == "not a listbench report (not valid JSON: the file is empty)")
        #expect(refusal(try baseline(try sampleReport()) { $0["formatVersion"] = 1.5 }) == "report format 1.5; this listbench reads 1")
        #expect(refusal(try baseline(try sampleReport()) { $0["formatVersion"] = "1" }) == #"report format text "1"; this listbench reads 1"#)
        #expect(refusal(try baseline(try sampleReport()) { $0["formatVersion"] = nil }) == "not a listbench report (no formatVersion)")
        #expect(refusal(Data("[1, 2]".utf8)) == "not a listbench report (the top level is a list, not an object)")
        // A value of the wrong kind is named with its path, not as "not valid JSON".
        let fraction = try baseline(try sampleReport()) { try editResult(&$0, "metrics") { $0["frames"] = 2.5 } }
        #expect(refusal(fraction) == "not a valid listbench report: at 'scenarios[0].results[0].metrics.frames': expected a whole number, found 2.5")
    }
}

extension BenchmarkReport {
    /// The scenario digest of scenario `index`.
    fileprivate func scenarioDigest(_ index: Int) -> String? { scenarios[index].scenarioDigest }
}
