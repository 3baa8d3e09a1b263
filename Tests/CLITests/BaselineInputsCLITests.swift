import Foundation
import Testing

/// `--save-baseline` and `--baseline` on the command line: what only the
/// command does, its exit codes, its messages on standard error and the
/// files it writes or refuses to. What a comparison finds is tested in
/// memory (`Baseline check`, `Baselines record their inputs`, `Baseline
/// files are checked on load`).
@Suite("Baselines on the command line")
struct BaselineInputsCLITests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path
    private let feed = root.appendingPathComponent("Scenarios/realtime-feed.json")

    /// One baseline saved from two scenarios (one of them edited: another
    /// seed), with exports: the same run exits 0; a regression exits 3 and
    /// prints it after the report; an edit of the scenario is compared and
    /// its JSON paths named; another model version, or a run that shares no
    /// run with the baseline, exits 67 with one message, prints nothing and
    /// writes no file.
    @Test func aBaselineIsSavedComparedAndRefused() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let edited = folder.appendingPathComponent("realtime-feed.json")
        var text = try String(contentsOf: feed, encoding: .utf8)
        text = text.replacingOccurrences(of: #""seed": 2024"#, with: #""seed": 7"#)
        #expect(text.contains(#""seed": 7"#))
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let baseline = folder.appendingPathComponent("baseline.json").path
        let csv = folder.appendingPathComponent("out.csv").path
        let html = folder.appendingPathComponent("out.html").path
        let saved = try listbench(["run", detail, edited.path, "--strategy", "batch-updates", "--repetitions", "0", "--quiet",
                                   "--save-baseline", baseline, "--export-csv", csv, "--export-html", html])
        #expect(saved.status == 0, "\(saved.err)")
        #expect(FileManager.default.fileExists(atPath: csv) && FileManager.default.fileExists(atPath: html))

        let same = try listbench(["run", detail, "--strategy", "batch-updates", "--repetitions", "0", "--quiet", "--baseline", baseline])
        #expect(same.status == 0, "\(same.err)")
        #expect(same.out.contains("Against the baseline (threshold 5%): 0 regressions, 0 improvements\n"), "\(same.out)")

        // The baseline's main-thread time far lower: this run regresses.
        let regressedBaseline = folder.appendingPathComponent("regressed.json").path
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        var scenarios = try #require(report["scenarios"] as? [[String: Any]])
        var results = try #require(scenarios[0]["results"] as? [[String: Any]])
        var metrics = try #require(results[0]["metrics"] as? [String: Any])
        metrics["mainThreadBusyMs"] = 1.0
        results[0]["metrics"] = metrics
        scenarios[0]["results"] = results
        report["scenarios"] = scenarios
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: regressedBaseline))
        let regressed = try listbench(["run", detail, "--strategy", "batch-updates", "--repetitions", "0", "--quiet",
                                       "--baseline", regressedBaseline])
        #expect(regressed.status == 3, "\(regressed.err)")
        #expect(regressed.out.contains("Regressions:\n  restaurant-detail-load on iphone-15, iOS 17 × batch-updates: mainThreadBusyMs [modeled] 1.0 → "),
                "\(regressed.out)")

        // The shipped feed against the baseline's edit of it (its seed): the user's own change, compared and named.
        let every = try listbench(["run", feed.path, "--strategy", "batch-updates", "--repetitions", "0", "--quiet", "--baseline", baseline])
        #expect(every.status == 0 || every.status == 3, "\(every.err)")
        #expect(every.out.contains("Compared across an edit of the inputs (what changed):\n"
            + "  realtime-feed on iphone-15, iOS 17 × batch-updates: seed: 7 → 2024\n"), "\(every.out)")

        // Another model version is still refused (67), naming both versions.
        let otherModel = folder.appendingPathComponent("other-model.json").path
        var saved2 = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as? [String: Any])
        saved2["modelVersion"] = "0123456789abcdef"
        try JSONSerialization.data(withJSONObject: saved2).write(to: URL(fileURLWithPath: otherModel))
        let refused = try listbench(["run", detail, "--strategy", "batch-updates", "--repetitions", "0", "--quiet", "--baseline", otherModel])
        #expect(refused.status == 67, "\(refused.err)")
        #expect(refused.err.contains("saved by another listbench: model version (baseline 0123456789abcdef, this run "), "\(refused.err)")
        #expect(refused.out.isEmpty)

        let unwritten = folder.appendingPathComponent("unwritten.csv").path
        let unrelated = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--quiet", "--baseline", baseline,
                                       "--export-csv", unwritten])
        #expect(unrelated.status == 67, "\(unrelated.err)")
        #expect(unrelated.err == "--baseline \(baseline): no run in common with this one, so nothing can be compared "
            + "(runs match by scenario, device and iOS, and strategy). The baseline has: restaurant-detail-load on iphone-15, iOS 17 × batch-updates; "
            + "realtime-feed on iphone-15, iOS 17 × batch-updates. This run has: restaurant-detail-load on iphone-15, iOS 17 × reload.\n",
            "\(unrelated.err)")
        #expect(unrelated.out.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: unwritten))
    }

    /// A baseline that cannot be opened exits 66, one that is not a
    /// listbench report 67: one line naming the flag and the file, before
    /// any run, and nothing on standard output.
    @Test func aBaselineThatCannotBeReadIsOneMessageBeforeAnyRun() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json").path
        let garbage = folder.appendingPathComponent("garbage.json").path
        try Data("not a report".utf8).write(to: URL(fileURLWithPath: garbage))
        let cases: [(path: String, status: Int32, message: String)] = [
            (missing, 66, "no such file"),
            (folder.path, 66, "is a folder, not a file"),
            (garbage, 67, "not a listbench report (not valid JSON: "),
        ]
        for (path, status, message) in cases {
            let result = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--baseline", path])
            #expect(result.status == status, "\(path): \(result.err)")
            #expect(result.err.hasPrefix("--baseline \(path): \(message)"), "\(result.err)")
            #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
            #expect(result.out.isEmpty)
        }
    }

    /// A baseline is validated whole on load: a `null` figure, a negative
    /// share of the breakdown or of the hitch triggers, and a run given twice
    /// (a result, a scenario) each exit 67 before any run, with one line
    /// naming the file and the value's JSON path.
    @Test func aMalformedBaselineIsRefusedNamingItsPath() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("baseline.json").path
        let save = try listbench(["run", feed.path, "--strategy", "reload", "--strategy", "batch-updates", "--repetitions", "0", "--quiet",
                                  "--save-baseline", saved])
        #expect(save.status == 0, "\(save.err)")
        let original = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any])
        let scenarios = try #require(original["scenarios"] as? [[String: Any]])
        let results = try #require(scenarios.first?["results"] as? [[String: Any]])
        let metrics = try #require(results.first?["metrics"] as? [String: Any])
        #expect(metrics["mainThreadWaitingMs"] is Double)
        #expect((metrics["hitchTriggers"] as? [[String: Any]])?.isEmpty == false, "reload on realtime-feed has no hitch triggers")
        /// The saved baseline with the first result's metrics edited.
        func editingMetrics(_ edit: (inout [String: Any]) -> Void) -> [String: Any] {
            var edited = metrics
            edit(&edited)
            var report = original
            var changed = scenarios
            changed[0]["results"] = [results[0].merging(["metrics": edited]) { $1 }] + results.dropFirst()
            report["scenarios"] = changed
            return report
        }
        func negativeFirst(_ list: Any?) -> [[String: Any]] {
            var shares = list as? [[String: Any]] ?? []
            if !shares.isEmpty { shares[0]["ms"] = -1.5 }
            return shares
        }
        var twiceResult = original, twiceScenario = original
        twiceResult["scenarios"] = [scenarios[0].merging(["results": results + [results[0]]]) { $1 }] + scenarios.dropFirst()
        twiceScenario["scenarios"] = scenarios + [scenarios[0]]
        let path = "scenarios[0].results[0].metrics"
        let cases: [(label: String, report: [String: Any], message: String)] = [
            ("null", editingMetrics { $0["mainThreadWaitingMs"] = NSNull() },
             "not a valid listbench report: at '\(path).mainThreadWaitingMs': expected a value (a report leaves out a value it does not have), found null"),
            ("breakdown", editingMetrics { $0["breakdown"] = ($0["breakdown"] as? [String: Any] ?? [:]).merging(["main": negativeFirst(($0["breakdown"] as? [String: Any])?["main"])]) { $1 } },
             "at \(path).breakdown.main[0].ms: -1.5 is negative; times, counts and bytes never are"),
            ("hitch triggers", editingMetrics { $0["hitchTriggers"] = negativeFirst($0["hitchTriggers"]) },
             "at \(path).hitchTriggers[0].ms: -1.5 is negative; times, counts and bytes never are"),
            ("a result twice", twiceResult,
             "at scenarios[0].results[2]: the strategy 'reload' of 'realtime-feed' on iphone-15, iOS 17 is given twice (also at scenarios[0].results[0]); each run is compared once"),
            ("a scenario twice", twiceScenario,
             "at scenarios[1]: the scenario 'realtime-feed' on iphone-15, iOS 17 is given twice (also at scenarios[0]); each run is compared once"),
        ]
        for (label, report, message) in cases {
            let file = folder.appendingPathComponent("\(label).json").path
            try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: file))
            let run = try listbench(["run", feed.path, "--strategy", "reload", "--repetitions", "0", "--quiet", "--baseline", file])
            #expect(run.status == 67, "\(label): \(run.err)")
            #expect(run.err == "--baseline \(file): \(message)\n", "\(label)")
            #expect(run.out.isEmpty, "\(label)")
        }
    }
}
