import Foundation
import Profiler
import Testing

/// Baselines that stay small, never regress on one host sample, and say
/// when they come from another model (issue 27).
@Suite("Baseline size, samples and versions")
struct BaselineSizeTests {
    private let home = root.appendingPathComponent("Scenarios/home-170.json").path
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

    /// `run Scenarios/home-170.json --save-baseline b.json` (ten strategies)
    /// writes under 100 KB; the same run against it finds nothing; a
    /// report exported with its series (`--export-json`) still reads as a baseline.
    @Test func aBaselineOfHome170IsUnder100KB() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("b.json").path
        let full = folder.appendingPathComponent("full.json").path
        let saved = try listbench(["run", home, "--quiet", "--save-baseline", baseline, "--export-json", full])
        #expect(saved.status == 0, "\(saved.err)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: baseline)[.size] as? Int)
        #expect(size < 100_000, "\(size) bytes")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(text.contains("\"modelVersion\":\"\(ListBenchVersion.model)\"") && text.contains("\"toolVersion\":\"\(ListBenchVersion.tool)\""))
        for file in [baseline, full] {
            let checked = try listbench(["run", home, "--quiet", "--baseline", file])
            #expect(checked.status == 0, "\(file): \(checked.err)")
            #expect(checked.out.contains("Against the baseline (threshold 5%): 0 regressions, 0 improvements\n"), "\(checked.out)")
        }
    }

    /// One repetition a side, even at a threshold of 0%: the measured
    /// figures are not compared ("not enough samples"), so the check exits 0.
    @Test func oneRepetitionASideNeverRegressesOnHostFigures() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("b.json").path
        let common = ["run", detail, "--strategy", "reload", "--strategy", "texture", "--repetitions", "1", "--no-isolate", "--quiet"]
        let saved = try listbench(common + ["--save-baseline", baseline])
        #expect(saved.status == 0, "\(saved.err)")
        for _ in 0..<2 {
            let checked = try listbench(common + ["--baseline", baseline, "--threshold", "0"])
            #expect(checked.status == 0, "\(checked.out)\(checked.err)")
            #expect(checked.out.contains("Note: measured figures of 2 runs not compared: not enough samples (n=1 and n=1; 5 needed a side"),
                    "\(checked.out)")
        }
    }

    /// A baseline from another model is refused with the versions first, not a list of runs.
    @Test func aBaselineFromAnotherModelSaysSoFirst() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("b.json")
        let saved = try listbench(["run", detail, "--strategy", "reload", "--quiet", "--save-baseline", baseline.path])
        #expect(saved.status == 0, "\(saved.err)")
        let model = ListBenchVersion.model
        let text = try String(contentsOf: baseline, encoding: .utf8)
        try text.replacingOccurrences(of: model, with: "0000000000000000").write(to: baseline, atomically: true, encoding: .utf8)
        let checked = try listbench(["run", detail, "--strategy", "reload", "--quiet", "--baseline", baseline.path])
        #expect(checked.status == 67)
        #expect(checked.err.hasPrefix("--baseline \(baseline.path): saved by another listbench: model version (baseline 0000000000000000, this run \(model))."),
                "\(checked.err)")
        #expect(checked.out.isEmpty)
    }
}
