import Foundation
import Profiler
import PublishedReports
import Scenarios
import Strategies
import Testing

@Suite("Published reports")
struct PublishedReportsTests {
    /// The committed `Reports/` must be exactly what the code generates now
    /// (every figure in them is modeled), so the published reports never
    /// drift from the code. After a change to the model, run
    /// `swift run -c release listbench report` and commit the result.
    @Test func committedReportsMatchAFreshGeneration() throws {
        var scenarios: [String: Scenario] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path) where file.hasSuffix(".json") {
            let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
            scenarios[scenario.name] = scenario
        }
        let reports = scenariosFolder.deletingLastPathComponent().appendingPathComponent("Reports")
        let generated = try ReportGenerator.generate(scenarios: scenarios, catalog: .builtIn, jobs: 2)
        let committed = try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted()
        #expect(committed == generated.map(\.name), "Reports/ holds other files than listbench report writes")
        for file in generated {
            let onDisk = try String(contentsOf: reports.appendingPathComponent(file.name), encoding: .utf8)
            #expect(onDisk == file.contents, "Reports/\(file.name) differs from a fresh generation: run 'swift run -c release listbench report' and commit")
        }
    }
}
