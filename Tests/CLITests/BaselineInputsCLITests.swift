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
}
