import Foundation
import Testing

/// The paper cuts of issue 27 not tested elsewhere (`--export-csv` into a
/// missing folder exits 73 and a negative `--repetitions` names its range:
/// `Command line`).
@Suite("Paper cuts")
struct PaperCutTests {
    private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

    /// A CSV report given as `--baseline`: one clear message, exit 67, no `DecodingError`.
    @Test func aCSVReportIsNotABaseline() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("r.csv").path
        #expect(try listbench(["run", detail, "--strategy", "reload", "--quiet", "--export-csv", csv]).status == 0)
        let result = try listbench(["run", detail, "--strategy", "reload", "--quiet", "--baseline", csv])
        #expect(result.status == 67, "\(result.err)")
        #expect(result.err.hasPrefix("--baseline \(csv): not a listbench report (not valid JSON"), "\(result.err)")
        #expect(!result.err.contains("DecodingError") && !result.err.contains("dataCorrupted"))
        #expect(result.err.split(separator: "\n").count == 1 && result.out.isEmpty)
    }

    /// `validate` counts in the singular when there is one section.
    @Test func validateSaysOneSection() throws {
        let home = root.appendingPathComponent("Scenarios/home-170.json").path
        let result = try listbench(["validate", home])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("home-170, 1 section, 170 items"), "\(result.out)")
        #expect(!result.out.contains("1 sections"))
    }
}
