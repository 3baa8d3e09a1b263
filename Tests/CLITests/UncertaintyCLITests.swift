import Foundation
import ListSimulator
import Profiler
import Testing

/// Thirty posts scrolled to the end.
private let tiny = #"""
{"version": 1, "name": "tiny", "description": "thirty posts scrolled to the end", "seed": 1,
 "data": {"sections": [{"id": "feed", "generate": 30}]}, "steps": [{"kind": "scroll", "to": "end"}]}
"""#

/// `compare` and `run --uncertainty N` from the command line (issue 27).
@Suite("Uncertainty on the command line")
struct UncertaintyCLITests {
    @Test func compareUnderUncertaintyPrintsTheSameTwiceAndItsSharesAddUp() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("tiny.json").path
        try Data(tiny.utf8).write(to: URL(fileURLWithPath: scenario))
        let arguments = ["compare", "reload", "viewmodel-cells", scenario, "--uncertainty", "5", "--quiet"]
        let first = try listbench(arguments)
        #expect(first.status == 0, "\(first.err)")
        #expect(try listbench(arguments).out == first.out)
        #expect(first.out.contains("viewmodel-cells peaks lower in memory than reload on 100% of 5 plausible iphone-15s"))
        // A metric B is better on in no draw says "never", not "on 0%" (sentences wrap at 120 columns).
        let unwrapped = first.out.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("viewmodel-cells never has less main-thread time than reload on 5 plausible iphone-15s: more on"), "\(first.out)")
        #expect(!unwrapped.contains("on 0% of"))
        for line in first.out.split(separator: "\n") { #expect(line.count <= 120, "\(line)") }
        let json = try listbench(arguments + ["--format", "json", "--uncertainty-seed", "9"])
        #expect(json.status == 0, "\(json.err)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        // It records what made it, as every report does.
        #expect(document["tool"] as? String == "listbench" && document["toolVersion"] as? String == ListBenchVersion.tool)
        #expect(document["modelVersion"] as? String == ListBenchVersion.model)
        let reports = try #require(document["uncertainty"] as? [[String: Any]])
        let metrics = try #require(reports.first?["metrics"] as? [[String: Any]])
        #expect(reports.first?["seed"] as? Int == 9 && metrics.count == 6)
        for row in metrics {
            let counts = ["better", "equal", "worse", "notComparable"].compactMap { row[$0] as? Int }
            #expect(counts.count == 4 && counts.reduce(0, +) == 5, "\(row)")
        }
        let run = try listbench(["run", scenario, "--strategy", "reload", "--uncertainty", "3", "--quiet"])
        #expect(run.status == 0 && run.out.contains("Under uncertainty: tiny on 3 plausible iphone-15s"), "\(run.err)")
    }

    @Test func boundsAndProfilesWithoutUncertaintiesAreRefused() throws {
        for bad in ["0", "10001", "-1"] {
            let result = try listbench(["compare", "reload", "viewmodel-cells", root.appendingPathComponent("Scenarios/home-170.json").path, "--uncertainty", bad])
            #expect(result.status == 64 && result.err.contains("--uncertainty \(bad): must be in 1...10000"), "\(result.err)")
        }
        let seedAlone = try listbench(["run", root.appendingPathComponent("Scenarios/home-170.json").path, "--uncertainty-seed", "3"])
        #expect(seedAlone.status == 64 && seedAlone.err.contains("--uncertainty-seed needs --uncertainty N"))
        // A profile of one's own without an uncertainty runs normally, and is refused by --uncertainty with the field named.
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var profile = try #require(try JSONSerialization.jsonObject(with: Data(try DeviceProfile.shippedJSON(named: "iphone-15").utf8)) as? [String: Any])
        var limit = try #require(profile["memoryLimit"] as? [String: Any])
        limit["uncertainty"] = nil
        profile["memoryLimit"] = limit
        let path = folder.appendingPathComponent("mine.json").path
        try JSONSerialization.data(withJSONObject: profile).write(to: URL(fileURLWithPath: path))
        let scenario = folder.appendingPathComponent("tiny.json").path
        try Data(tiny.utf8).write(to: URL(fileURLWithPath: scenario))
        #expect(try listbench(["run", scenario, "--strategy", "reload", "--device", path, "--quiet"]).status == 0)
        let refused = try listbench(["run", scenario, "--strategy", "reload", "--device", path, "--uncertainty", "2", "--quiet"])
        #expect(refused.status == 65 && refused.out.isEmpty)
        #expect(refused.err.contains("device profile iphone-15: memoryLimit has no uncertainty, which --uncertainty needs"), "\(refused.err)")
    }
}
