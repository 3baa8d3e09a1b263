import Foundation
import Testing

/// `--baseline` against runs made from other inputs, and hand-edited baseline files, on the command line.
@Suite("Baselines on the command line")
struct BaselineInputsCLITests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path
    private let feed = root.appendingPathComponent("Scenarios/realtime-feed.json")

    /// A baseline from an edited scenario (another seed, 30 posts) exits 67
    /// naming the inputs that differ, with no regression listed; with a
    /// second scenario whose inputs match, that one is compared and the
    /// edited one is listed apart.
    @Test func aBaselineFromAnEditedScenarioIsDifferentInputs() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let edited = folder.appendingPathComponent("realtime-feed.json")
        var text = try String(contentsOf: feed, encoding: .utf8)
        text = text.replacingOccurrences(of: #""seed": 2024"#, with: #""seed": 7"#)
        #expect(text.contains(#""seed": 7"#))
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let baseline = folder.appendingPathComponent("baseline.json").path
        let saved = try listbench(["run", edited.path, detail, "--strategy", "batch-updates", "--repetitions", "0", "--quiet",
                                   "--save-baseline", baseline])
        #expect(saved.status == 0, "\(saved.err)")

        let every = try listbench(["run", feed.path, "--strategy", "batch-updates", "--repetitions", "0", "--quiet", "--baseline", baseline])
        #expect(every.status == 67, "\(every.err)")
        #expect(every.err == "--baseline \(baseline): every run in common was made from different inputs, so nothing can be compared "
            + "(its figures moved with its inputs, not by a regression): realtime-feed on iphone-15, iOS 17 × batch-updates (scenario). "
            + "Save a new baseline from these inputs.\n", "\(every.err)")
        #expect(every.out.isEmpty)

        let partly = try listbench(["run", feed.path, detail, "--strategy", "batch-updates", "--repetitions", "0", "--quiet",
                                    "--baseline", baseline])
        #expect(partly.status == 0, "\(partly.err)")
        #expect(partly.out.contains("Against the baseline (threshold 5%): 0 regressions, 0 improvements, 1 run with different inputs not compared"),
                "\(partly.out)")
        #expect(partly.out.contains("Different inputs (not compared; save a new baseline from these inputs):\n"
            + "  realtime-feed on iphone-15, iOS 17 × batch-updates (scenario)\n"), "\(partly.out)")
    }

    /// Hand-edited or damaged baselines: one message and 67, before any run.
    @Test func aDamagedBaselineIsOneMessageAndSixtySeven() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json")
        let saved = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--save-baseline", baseline.path])
        #expect(saved.status == 0, "\(saved.err)")
        let data = try Data(contentsOf: baseline)
        var report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var scenarios = try #require(report["scenarios"] as? [[String: Any]])
        var results = try #require(scenarios[0]["results"] as? [[String: Any]])
        var metrics = try #require(results[0]["metrics"] as? [String: Any])
        metrics["mainThreadBusyMs"] = -4
        results[0]["metrics"] = metrics
        scenarios[0]["results"] = results
        var negative = report
        negative["scenarios"] = scenarios
        report["formatVersion"] = 1.5
        let cases: [(name: String, bytes: Data, message: String)] = [
            ("truncated.json", data.prefix(data.count / 3), "not a listbench report (not valid JSON: it ends in the middle of a value; is the file truncated?)"),
            ("format.json", try JSONSerialization.data(withJSONObject: report), "report format 1.5; this listbench reads 1"),
            ("negative.json", try JSONSerialization.data(withJSONObject: negative),
             "at scenarios[0].results[0].metrics.mainThreadBusyMs: -4.0 is negative; times, counts and bytes never are"),
        ]
        for (name, bytes, message) in cases {
            let path = folder.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            let result = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--baseline", path])
            #expect(result.status == 67, "\(name): \(result.err)")
            #expect(result.err == "--baseline \(path): \(message)\n", "\(result.err)")
            #expect(result.out.isEmpty)
        }
        let folderPath = folder.path
        let notAFile = try listbench(["run", detail, "--strategy", "reload", "--repetitions", "0", "--baseline", folderPath])
        #expect(notAFile.status == 66 && notAFile.err == "--baseline \(folderPath): is a folder, not a file\n", "\(notAFile.err)")
    }
}
